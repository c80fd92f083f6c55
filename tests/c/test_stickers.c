/* test_stickers.c - the core's sticker counts (core/stickers.h) against counting the facelet
 * string, per piece and for whole cubes, and TWES's off-axis count by its definition. */
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "core/packed.h"
#include "core/stickers.h"
#include "evocube.h"

/* stickers off their centre's colour (wrong) and neither it nor the opposite face's (offaxis) */
static void by_facelets(const ec_cube *c, int *wrong, int *offaxis)
{
    char f[EC_FACELETS_SIZE];
    ec_cube_to_facelets(c, f, sizeof f);
    static const char opp[] = "DLBURF"; /* opposite of URFDLB */
    *wrong = *offaxis = 0;
    for (int i = 0; i < 54; i++) {
        char centre = f[(i / 9) * 9 + 4], o = opp[strchr("URFDLB", centre) - "URFDLB"];
        *wrong += f[i] != centre;
        *offaxis += f[i] != centre && f[i] != o;
    }
}

static void table_counts(const ec_cube *c, int *wrong, int *offaxis)
{
    ec_bcube b;
    ec__bcube_from_cube(c, &b);
    *wrong = *offaxis = 0;
    for (int i = 0; i < 8; i++) {
        *wrong += ec__stk_wrong_c[i][b.c[i]];
        *offaxis += ec__stk_offaxis_c[i][b.c[i]];
    }
    for (int i = 0; i < 12; i++) {
        *wrong += ec__stk_wrong_e[i][b.e[i]];
        *offaxis += ec__stk_offaxis_e[i][b.e[i]];
    }
}

int main(void)
{
    ec__stickers_init();
    ec_cube c;
    ec_cube_solved(&c);
    CHECK(ec__sticker_misplaced(&c) == 0, "solved: %d", ec__sticker_misplaced(&c));
    for (int m = 0; m < 18; m++) {
        ec_cube_solved(&c);
        ec_cube_move(&c, m);
        /* a face turn moves the 12 side stickers of its layer onto other faces; the 8 on the
         * turned face keep its colour; a half turn puts them on the opposite faces */
        int w, x;
        table_counts(&c, &w, &x);
        CHECK(ec__sticker_misplaced(&c) == 12 && w == 12, "move %d: %d misplaced, want 12", m, w);
        CHECK(x == (m % 3 == 1 ? 0 : 12), "move %d: %d off-axis", m, x);
    }
    ec_cube_solved(&c);
    for (int i = 0; i < 12; i++) c.eo[i] = 1; /* superflip: every edge's two stickers */
    CHECK(ec__sticker_misplaced(&c) == 24, "superflip: %d", ec__sticker_misplaced(&c));
    /* one piece at a time: every slot and value against the facelets of a cube holding it */
    for (int i = 0; i < 8; i++)
        for (int v = 0; v < 24; v++) {
            ec_cube_solved(&c);
            c.cp[i] = (uint8_t)(v / 3);
            c.co[i] = (uint8_t)(v % 3);
            c.cp[v / 3] = (uint8_t)i; /* swap, so it stays a permutation (facelets need not be valid) */
            if (v / 3 == i) c.cp[i] = (uint8_t)i;
            int w, x, fw, fx;
            table_counts(&c, &w, &x);
            by_facelets(&c, &fw, &fx);
            CHECK(w == fw && x == fx, "corner slot %d value %d: %d/%d vs facelets %d/%d", i, v, w, x, fw, fx);
        }
    ec_rng r;
    ec_rng_seed(&r, 5);
    for (int t = 0; t < 2000; t++) {
        ec_cube_solved(&c);
        for (int k = 0; k < 25; k++) ec_cube_move(&c, (int)ec_rng_below(&r, 18));
        int w, x, fw, fx;
        table_counts(&c, &w, &x);
        by_facelets(&c, &fw, &fx);
        CHECK(w == fw && x == fx && ec__sticker_misplaced(&c) == fw, "random cube %d: %d/%d vs %d/%d", t, w, x, fw, fx);
    }
    DONE();
}
