/* test_optimal_levels.c - the optimal search's larger tables against the smallest (slow):
 *  - 40 scrambles of 8..13 random turns (seeded) solved on level 0 (the table test_optimal
 *    checks against breadth-first distances and an independent search): their optimum and
 *    the table's bound are kept;
 *  - level 1 (the hc table, reduced by 48 symmetries, optimal_hc.c) built in ranges split as ec_optimal_table_pass says: each scramble has the
 *    same optimum, its solution solves it, its bound is at least level 0's (the level adds a
 *    table) and at most the optimum; the inverse cube has the same optimum;
 *  - the patterns "checkerboard" (6) and "six spots" (8), published HTM optima. */
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

/* the build through pass/work/pass_end, a backward pass in two ranges (the first even-sized) */
static void build(int level)
{
    REQUIRE_RC(ec_optimal_table_begin(level), EC_OK);
    int depth, classes, split, rc;
    while ((rc = ec_optimal_table_pass(&depth, &classes, &split)) == EC_RUNNING) {
        int mid = split ? (classes / 4) * 2 : classes;
        REQUIRE_RC(ec_optimal_table_work(0, mid), EC_OK);
        if (mid < classes) REQUIRE_RC(ec_optimal_table_work(mid, classes), EC_OK);
        rc = ec_optimal_table_pass_end();
        if (rc == EC_DONE) break;
        REQUIRE_RC(rc, EC_RUNNING);
    }
    double share;
    int held;
    ec_optimal_table_progress(&share, &held);
    CHECK(share == 1 && held == level, "level %d: share %g, held %d", level, share, held);
}

static void level0(void)
{
    build(0);
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
    build(1);
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
}

int main(void)
{
    RUN(level0);
    RUN(level1);
    ec_optimal_table_free();
    DONE();
}
