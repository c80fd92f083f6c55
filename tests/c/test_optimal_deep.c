/* test_optimal_deep.c - the optimal search on longer scrambles (slow; the level 0 table, from
 * the ctest fixture's file given as argv[1], tests/c/optimal_table.c, or built here without one):
 *  - 200 scrambles of 11..15 random turns (seeded): the optimum is at most the scramble's
 *    length and at most the two-phase search's length (ec_distance), its solution solves the
 *    cube, and a solve of the same cube conjugated by a whole-cube rotation and of its inverse
 *    gives the same length (the optimum does not depend on how the cube is held, and a
 *    cube and its inverse are equally far);
 *  - the pattern "checkerboard" U2 D2 F2 B2 L2 R2 is 6, "six spots" U D' R L' F B' U D' 8,
 *    "cube in a cube" 15 and "anaconda" 14 (published HTM optima, optimal_check.h). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "optimal_check.h"
#include "core/cube.h"
#include "search/optimal.h"

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static int rnd(int n) { return xs_draw(&rs, n); }

static const char *fixture; /* the level-0 table's file (argv[1]), or NULL: built here */

/* the table: imported from the fixture file ctest's optimal_table wrote, or, with no file,
 * built here in build_step slices */
static void build(void)
{
    if (import_level0(fixture)) return;
    REQUIRE_RC(ec_optimal_table_begin(0), EC_OK);
    int rc;
    while ((rc = ec_optimal_table_build_step(5000)) == EC_RUNNING) {
    }
    REQUIRE_RC(rc, EC_DONE);
}

static void patterns(void)
{
    check_patterns();
}

static void scrambles(void)
{
    char f[EC_FACELETS_SIZE], g[EC_FACELETS_SIZE];
    int worse = 0;
    for (int i = 0; i < 200; i++) {
        int n = 11 + i % 5;
        uint8_t mv[16];
        ec_cube c;
        ec_cube_solved(&c);
        for (int k = 0; k < n; k++) {
            do mv[k] = (uint8_t)rnd(18);
            while (k && !ec__move_follows(mv[k - 1], mv[k]));
            ec_cube_move(&c, mv[k]);
        }
        int d = optimum(&c), tp = ec_distance(&c, 20000);
        CHECK(d >= 0 && d <= n && d <= tp, "scramble %d: optimum %d, %d turns, two-phase %d", i, d, n, tp);
        if (tp > d) worse++;
        if (i % 10) continue;
        /* held another way (a y2 x rotation of the whole cube), and the inverse */
        ec_cube_to_facelets(&c, f, sizeof f);
        CHECK_RC(ec_facelets_apply(f, "y2 x", g, sizeof g, NULL, 0), EC_OK);
        ec_cube r, inv;
        CHECK_RC(ec_cube_from_facelets(g, &r, NULL, 0), EC_OK);
        ec_cube_inverse(&c, &inv);
        int dr = optimum(&r), di = optimum(&inv);
        CHECK(dr == d && di == d, "scramble %d: optimum %d, rotated %d, inverse %d", i, d, dr, di);
    }
    CHECK(worse > 0, "the two-phase search was never longer (the comparison cannot have failed)");
}

int main(int argc, char **argv)
{
    fixture = argc > 1 ? argv[1] : NULL;
    RUN(build);
    RUN(patterns);
    RUN(scrambles);
    DONE();
}
