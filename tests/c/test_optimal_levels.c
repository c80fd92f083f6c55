/* test_optimal_levels.c - the optimal search's larger tables against the smallest (slow):
 *  - 40 scrambles of 8..13 random turns (seeded) solved on level 0 (the table test_optimal
 *    checks against breadth-first distances and an independent search; the ctest fixture's
 *    file given as argv[1], tests/c/optimal_table.c, or built here without one): their
 *    optimum and the table's bound are kept;
 *  - level 1 (the hc table, reduced by 48 symmetries, optimal_hc.c) built through
 *    pass/work/pass_end, a split backward pass's two ranges on two threads at once
 *    (optimal_check.h): each scramble has the
 *    same optimum, its solution solves it, its bound is at least level 0's (the level adds a
 *    table) and at most the optimum; the inverse cube has the same optimum;
 *  - the patterns "checkerboard" (6), "six spots" (8), "cube in a cube" (15) and "anaconda"
 *    (14), published HTM optima;
 *  - symmetric cubes: the same optimum with the search's reduction by the cube's symmetries
 *    as without, the split depth's solution the single search's, fewer nodes (optimal_check.h). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "optimal_check.h"
#include "core/cube.h"
#include "search/optimal.h"

#define N 40

static uint64_t rs = 0x2545f4914f6cdd1dull;
static int rnd(int n) { return xs_draw(&rs, n); }

static ec_cube cubes[N];
static int len0[N], bound0[N];

static const char *fixture; /* the level-0 table's file (argv[1]), or NULL: built here */

static void level0(void)
{
    REQUIRE_RC(import_level0(fixture) || build_passes(0, BUILD_FORWARD) >= 0, 1);
    for (int i = 0; i < N; i++) {
        int n = 8 + i % 6;
        uint8_t mv[16];
        ec_cube_solved(&cubes[i]);
        for (int k = 0; k < n; k++) {
            do mv[k] = (uint8_t)rnd(18);
            while (k && !ec__move_follows(mv[k - 1], mv[k]));
            ec_cube_move(&cubes[i], mv[k]);
        }
        len0[i] = optimum(&cubes[i]);
        bound0[i] = ec__opt_bound(&cubes[i]);
        CHECK(len0[i] >= 0 && len0[i] <= n && bound0[i] <= len0[i], "scramble %d: optimum %d bound %d, %d turns", i, len0[i], bound0[i], n);
    }
}

static void level1(void)
{
    REQUIRE_RC(build_passes(1, BUILD_THREADS) >= 0, 1);
    int stronger = 0;
    for (int i = 0; i < N; i++) {
        int b = ec__opt_bound(&cubes[i]), d = optimum(&cubes[i]);
        CHECK(d == len0[i] && b >= bound0[i] && b <= d, "scramble %d: level 1 optimum %d bound %d, level 0 %d bound %d", i, d, b, len0[i],
              bound0[i]);
        stronger += b > bound0[i];
        if (i % 4) continue;
        ec_cube inv;
        ec_cube_inverse(&cubes[i], &inv);
        int di = optimum(&inv);
        CHECK(di == d, "scramble %d: optimum %d, of its inverse %d", i, d, di);
    }
    CHECK(stronger > 0, "level 1's bound was never above level 0's (the comparison cannot have failed)");
    check_patterns();
    check_symmetric(0x243f6a8885a308d3ull);
}

int main(int argc, char **argv)
{
    fixture = argc > 1 ? argv[1] : NULL;
    RUN(level0);
    RUN(level1);
    ec_optimal_table_free();
    DONE();
}
