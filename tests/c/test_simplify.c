/*
 * test_simplify.c - the simplifier and the length metrics on slices (M E S), wide turns and
 * rotations (x y z): moves merge only with moves of their own axis (F E F' is not E, but
 * F S F' is S), and every simplified alg does to the cube (stickers and centres) what the
 * alg does, checked on many random algs over all 24 move bases. Metrics: a slice is two
 * face turns (HTM 2, QTM 2 per quarter), a rotation costs nothing, STM counts a slice once.
 */
#include <string.h>

#include "check.h"
#include "evocube.h"

static const char *SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

static void simplifies(const char *alg, const char *want)
{
    char out[256], msg[200];
    int rc = ec_alg_simplify(alg, out, sizeof out, msg, sizeof msg);
    CHECK(rc == EC_OK && !strcmp(out, want), "simplify \"%s\": status %d \"%s\", want \"%s\"", alg, rc, out, want);
}

/* the stickers (and centres) after alg on the solved cube */
static int effect(const char *alg, char out[EC_FACELETS_SIZE])
{
    return ec_facelets_apply(SOLVED, alg, out, EC_FACELETS_SIZE, NULL, 0);
}

static void metrics(const char *alg, int htm, int qtm, int stm)
{
    int m[3] = {-1, -1, -1};
    char msg[200];
    int rc = ec_alg_metrics(alg, m, msg, sizeof msg);
    CHECK(rc == EC_OK && m[0] == htm && m[1] == qtm && m[2] == stm, "metrics \"%s\": %d %d %d, want %d %d %d", alg, m[0],
          m[1], m[2], htm, qtm, stm);
}

int main(void)
{
    /* a slice between two turns of another axis stays; of its own axis, the turns cancel */
    simplifies("F E F'", "F E F'");
    simplifies("F S F'", "S");
    simplifies("U E U'", "E");
    simplifies("U M U'", "U M U'");
    simplifies("R M R'", "M");
    simplifies("R S R'", "R S R'");
    simplifies("M U M'", "M U M'");
    simplifies("E R E'", "E R E'");
    simplifies("S U S'", "S U S'");
    simplifies("E U E'", "U");
    simplifies("M E M'", "M E M'");
    simplifies("E E'", "");
    simplifies("S2 S2", "");
    /* rotations likewise */
    simplifies("x U x'", "x U x'");
    simplifies("y U y'", "U");
    simplifies("z U z'", "z U z'");
    simplifies("x R x'", "R");
    simplifies("z F z'", "F");
    simplifies("y F y'", "y F y'");
    simplifies("x y x'", "x y x'");
    simplifies("y y y y", "");
    /* wide turns: their face's axis */
    simplifies("Rw U Rw'", "Rw U Rw'");
    simplifies("Rw R Rw'", "R");
    simplifies("Uw E Uw'", "E");
    simplifies("Fw S Fw'", "S");

    /* the simplified alg does what the alg does: random algs over all 24 bases */
    static const char *const base[24] = {"U", "R", "F", "D", "L", "B", "Uw", "Rw", "Fw", "Dw", "Lw", "Bw",
                                         "u", "r", "f", "d", "l", "b", "M", "E", "S", "x", "y", "z"};
    static const char *const suf[3] = {"", "2", "'"};
    ec_rng r;
    ec_rng_seed(&r, 32);
    int differ = 0, shorter = 0;
    for (int t = 0; t < 3000; t++) {
        char alg[400] = "", a[EC_FACELETS_SIZE], b[EC_FACELETS_SIZE], simp[800], msg[200];
        int n = 2 + (int)ec_rng_below(&r, 10);
        /* runs on one axis are where merging happens: draw the next base from the last's axis
         * half of the time */
        int last = -1;
        for (int i = 0; i < n; i++) {
            int bb = (int)ec_rng_below(&r, 24);
            if (last >= 0 && ec_rng_below(&r, 2)) {
                static const int same_axis[3][8] = {{1, 4, 7, 10, 13, 16, 18, 21}, {0, 3, 6, 9, 12, 15, 19, 22},
                                                    {2, 5, 8, 11, 14, 17, 20, 23}};
                static const int axis_of[24] = {1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 0, 1, 2, 0, 1, 2};
                bb = same_axis[axis_of[last]][ec_rng_below(&r, 8)];
            }
            last = bb;
            strcat(alg, base[bb]);
            strcat(alg, suf[ec_rng_below(&r, 3)]);
            strcat(alg, " ");
        }
        int rc = ec_alg_simplify(alg, simp, sizeof simp, msg, sizeof msg);
        CHECK_RC(rc, EC_OK);
        if (rc) continue;
        if (effect(alg, a) || effect(simp, b) || strcmp(a, b)) {
            if (differ++ < 5) CHECK(0, "\"%s\" simplified to \"%s\" does something else", alg, simp);
        }
        shorter += strlen(simp) < strlen(alg) - 1;
    }
    CHECK(differ == 0, "%d of 3000 simplified algs differ", differ);
    CHECK(shorter > 500, "only %d of 3000 algs got shorter", shorter);

    /* metrics: HTM, QTM, STM */
    metrics("R", 1, 1, 1);
    metrics("R2", 1, 2, 1);
    metrics("M", 2, 2, 1);
    metrics("E2", 2, 4, 1);
    metrics("S'", 2, 2, 1);
    metrics("x", 0, 0, 0);
    metrics("y2 z'", 0, 0, 0);
    metrics("Rw", 1, 1, 1);
    metrics("r2", 1, 2, 1);
    metrics("M U M' U'", 6, 6, 4);
    DONE();
}
