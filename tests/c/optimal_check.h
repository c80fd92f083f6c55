/*
 * optimal_check.h - what the optimal search's suites share: a seeded xorshift64 draw (each
 * suite keeps its own state, so its cases stay the same whatever another suite draws), an
 * optimum checked by applying its solution, four known positions' optima checked, the build
 * through pass/work/pass_end in two ranges a backward pass (in turn or on two threads), and the level-0 table read from the
 * file the ctest fixture `optimal_table` (tests/c/optimal_table.c) writes once a run, and the
 * breadth-first enumeration of every cube within 5 face turns (within5_each).
 * Header only, static functions.
 */
#ifndef EC_OPTIMAL_CHECK_H
#define EC_OPTIMAL_CHECK_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "core/packed.h"
#include "search/optimal.h"

/* a number in 0..n-1 from the state *s (xorshift64; *s must not be 0) */
static inline int xs_draw(uint64_t *s, int n)
{
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    return (int)(*s % (uint64_t)n);
}

/* c's optimal length by ec_optimal_distance within `budget` nodes (-1: unbounded), its
 * solution applied to c: EC_E_NOT_SOLVED when it does not solve it, EC_E_RANGE when the
 * budget ran out, a status below 0 when the search failed */
static inline int optimum_within(const ec_cube *c, int64_t budget)
{
    int len = -1;
    uint8_t mv[24];
    int rc = ec_optimal_distance(c, budget, &len, mv, 24);
    if (rc == EC_BOUND) return EC_E_RANGE;
    if (rc) return rc;
    ec_cube t = *c;
    ec_cube_moves(&t, mv, len);
    return ec_cube_is_solved(&t) ? len : EC_E_NOT_SOLVED;
}
static inline int optimum(const ec_cube *c) { return optimum_within(c, -1); }

/* known positions: six half turns (optimum 6), "six spots" (8), "cube in a cube" (15, fixed by
 * 6 symmetries) and "anaconda" (14), published HTM optima (pretty patterns) */
static inline void check_patterns(void)
{
    const char *alg[4] = {"U2 D2 F2 B2 L2 R2", "U D' R L' F B' U D'", "F L F U' R U F2 L2 U' L' B D' B' L2 U", "L U B' U' R L' B R' F B' D R D' F'"};
    const int want[4] = {6, 8, 15, 14};
    for (int i = 0; i < 4; i++) {
        char f[EC_FACELETS_SIZE];
        ec_cube c;
        CHECK_RC(ec_facelets_apply(NULL, alg[i], f, sizeof f, NULL, 0), EC_OK);
        CHECK_RC(ec_cube_from_facelets(f, &c, NULL, 0), EC_OK);
        int d = optimum(&c);
        CHECK(d == want[i], "%s: %d, want %d", alg[i], d, want[i]);
    }
}

/* Symmetric cubes (the search's reduction by a cube's symmetries, ec__opt_sym_step): 24
 * cubes, each a seeded word of 3 to 6 blocks that a symmetry of the cube maps to themselves
 * (a half turn of the whole cube about the U-D axis: U, D, R L, F B and their powers; the
 * mirror R <-> L: U2, D2, F2, B2, R L', L R'; the central inversion: U D', R L', F B' and
 * their powers), so every cube is fixed by at least one symmetry besides the identity:
 *  - the optimum with the reduction equals the optimum without it (ec__opt_sym_off), both
 *    solutions solve the cube;
 *  - the same depth split over the two-move prefixes and run by one worker finds the very
 *    solution of the single search (the prefixes the reduction keeps are the first two moves
 *    the single search keeps), from fewer prefixes than 243;
 *  - the reduction searches fewer nodes in all (every depth's nodes up to the optimum). */
static inline int64_t sym_nodes(const ec_cube *c, int off, int *len, uint8_t *moves)
{
    static opt_search s;
    int64_t all = 0;
    ec__opt_sym_off = off;
    for (int d = 0; d <= 20; d++) {
        s.nodes = 0;
        if (ec__opt_search_init(&s, c, NULL, 0, d) != EC_OK) break;
        ec__opt_search_run(&s, INT64_MAX);
        all += s.nodes;
        if (s.found) {
            *len = d;
            memcpy(moves, s.path, (size_t)d);
            break;
        }
    }
    ec__opt_sym_off = 0;
    return all;
}
static inline int split_solution(const ec_cube *c, int depth, uint8_t *moves, int *nprefix)
{
    static opt_split sp;
    static opt_split_worker w;
    if (ec__opt_split_begin(&sp, c, depth) != EC_OK) return -1;
    ec__opt_split_worker_reset(&w);
    while (!ec__opt_split_run(&sp, &w, INT64_MAX)) {
    }
    *nprefix = sp.nprefix;
    return sp.rc ? -1 : ec__opt_split_solution(&sp, moves);
}
static inline void check_symmetric(uint64_t seed)
{
    static const char *gens[3][8] = {
        {"U", "U2", "D", "D'", "R L", "R2 L2", "F B", "F' B'"},
        {"U2", "D2", "F2", "B2", "R L'", "L R'", "R2 L2", "U2 D2"},
        {"U D'", "U' D", "R L'", "R' L", "F B'", "F' B", "U2 D2", "R2 L2"},
    };
    int64_t with = 0, without = 0;
    for (int i = 0; i < 24; i++) {
        char alg[96] = "";
        int blocks = 3 + xs_draw(&seed, 4), g = i % 3;
        for (int b = 0; b < blocks; b++) {
            strcat(alg, gens[g][xs_draw(&seed, 8)]);
            strcat(alg, " ");
        }
        char f[EC_FACELETS_SIZE];
        ec_cube c;
        CHECK_RC(ec_facelets_apply(NULL, alg, f, sizeof f, NULL, 0), EC_OK);
        CHECK_RC(ec_cube_from_facelets(f, &c, NULL, 0), EC_OK);
        CHECK(ec__opt_sym_fixing(&c) & ~1ull, "%s: no symmetry but the identity", alg);
        int l1 = -1, l2 = -1, np = 0;
        uint8_t m1[24], m2[24], m3[24];
        int64_t n1 = sym_nodes(&c, 0, &l1, m1), n2 = sym_nodes(&c, 1, &l2, m2);
        ec_cube t = c, u = c;
        ec_cube_moves(&t, m1, l1 < 0 ? 0 : l1);
        ec_cube_moves(&u, m2, l2 < 0 ? 0 : l2);
        CHECK(l1 >= 0 && l1 == l2 && ec_cube_is_solved(&t) && ec_cube_is_solved(&u), "%s: optimum %d with the symmetries, %d without", alg, l1, l2);
        if (l1 >= 2) {
            int r = split_solution(&c, l1, m3, &np);
            CHECK(r == 1 && !memcmp(m1, m3, (size_t)l1) && np < 243, "%s: the split depth %d found %d from %d prefixes, not the single search's solution", alg, l1, r, np);
        }
        with += n1, without += n2;
    }
    CHECK(with < without, "symmetric cubes: %lld nodes with the reduction, %lld without", (long long)with, (long long)without);
    printf("symmetric cubes: %lld nodes with the reduction, %lld without\n", (long long)with, (long long)without);
}

/* one range of a split pass, on a thread of its own (build_passes' BUILD_THREADS) */
typedef struct build_range {
    int c0, c1, rc;
} build_range;
static void *build_range_run(void *arg)
{
    build_range *r = arg;
    r->rc = ec_optimal_table_work(r->c0, r->c1);
    return NULL;
}

enum { BUILD_FORWARD, BUILD_REVERSE, BUILD_THREADS };

/* Build the table of `level` through pass/work/pass_end, each backward pass that may be split
 * in two ranges (the first even-sized): BUILD_FORWARD the first range then the second,
 * BUILD_REVERSE the second first, BUILD_THREADS both at once (the first on a second thread,
 * as evocube.h allows for a split pass: the build's wall time nearly halves on two cores),
 * and check it complete: the number of passes (-1 when a call failed, the failure printed). */
static inline int build_passes(int level, int mode)
{
    int rc = ec_optimal_table_begin(level), passes = 0;
    CHECK_RC(rc, EC_OK);
    if (rc) return -1;
    for (;;) {
        int depth, classes, split;
        rc = ec_optimal_table_pass(&depth, &classes, &split);
        if (rc != EC_RUNNING) break;
        int mid = split ? (classes / 4) * 2 : classes;
        pthread_t th;
        build_range first = {0, mid, EC_OK};
        if (mode == BUILD_THREADS && mid > 0 && mid < classes && !pthread_create(&th, NULL, build_range_run, &first)) {
            CHECK_RC(ec_optimal_table_work(mid, classes), EC_OK);
            CHECK(pthread_join(th, NULL) == 0, "pass %d: join failed", passes);
            CHECK_RC(first.rc, EC_OK);
        } else {
            int r0 = mode == BUILD_REVERSE ? mid : 0, r1 = mode == BUILD_REVERSE ? classes : mid;
            int s0 = mode == BUILD_REVERSE ? 0 : mid, s1 = mode == BUILD_REVERSE ? mid : classes;
            if (r0 < r1) CHECK_RC(ec_optimal_table_work(r0, r1), EC_OK);
            if (s0 < s1) CHECK_RC(ec_optimal_table_work(s0, s1), EC_OK);
        }
        passes++;
        rc = ec_optimal_table_pass_end();
        if (rc != EC_RUNNING) break;
    }
    CHECK_RC(rc, EC_DONE);
    double share;
    int held;
    ec_optimal_table_progress(&share, &held);
    CHECK(share == 1 && held == level, "level %d: share %g, held %d", level, share, held);
    return rc == EC_DONE ? passes : -1;
}

/* The level-0 table from the file `path` (the stored form, ec_optimal_table_export), written by
 * the ctest fixture optimal_table once a run (CMakeLists.txt passes its path to the optimal
 * suites): the import checks the magic, format, level, sizes, build id and checksum, so a
 * corrupted, truncated or stale file fails the suite here with the import's message. Returns
 * 0 when path is NULL (the suite run by hand or by scripts/mutants.mjs: it builds the table
 * itself), 1 when the table is held; stops the suite when the file cannot be read or is
 * refused. Cost: one read of 73.5 MB and the import's checksum pass, well under a second. */
static inline int import_level0(const char *path)
{
    if (!path) return 0;
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL, "the table fixture %s cannot be opened (ctest's optimal_table writes it)", path);
    if (!f) exit(1);
    int64_t want = 0;
    ec_optimal_table_bytes(0, NULL, &want);
    uint8_t *buf = malloc((size_t)want + 1);
    REQUIRE_RC(buf != NULL, 1);
    int64_t n = (int64_t)fread(buf, 1, (size_t)want + 1, f);
    fclose(f);
    char msg[200] = "";
    int rc = ec_optimal_table_import(buf, n, msg, sizeof msg);
    free(buf);
    CHECK(rc == EC_OK, "the table fixture %s (%lld bytes): %s", path, (long long)n, msg);
    REQUIRE_RC(rc, EC_OK);
    double share;
    int held;
    ec_optimal_table_progress(&share, &held);
    CHECK(share == 1 && held == 0, "the imported table: share %g, level %d", share, held);
    return 1;
}

/* ---- every cube within 5 face turns: breadth-first search from solved over byte cubes,
 * a hash set of 2^21 (12 MB, 30% full at depth 5) */
#define W5_HCAP (1u << 21)
static inline uint64_t w5_key(const ec_bcube *s)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 8; i++) h = (h ^ s->c[i]) * 1099511628211ull;
    for (int i = 0; i < 12; i++) h = (h ^ s->e[i]) * 1099511628211ull;
    return h;
}
/* 1 when s was new (added), 0 when present, -1 when the set is full */
static inline int w5_put(ec_bcube *hs, uint8_t *hd, const ec_bcube *s)
{
    for (uint64_t i = w5_key(s) & (W5_HCAP - 1), n = 0; n < W5_HCAP; i = (i + 1) & (W5_HCAP - 1), n++) {
        if (!hd[i]) {
            hs[i] = *s, hd[i] = 1;
            return 1;
        }
        if (!memcmp(&hs[i], s, sizeof *s)) return 0;
    }
    return -1;
}
/* visit(cube, depth, arg) for every cube within 5 turns, depth by depth, checking the
 * published counts 1, 18, 243, 3240, 43239, 574908: the number visited (621,649), or -1 (out
 * of memory, the set full; printed) */
static inline long within5_each(void (*visit)(const ec_cube *, int, void *), void *arg)
{
    ec__packed_init();
    ec_bcube *hs = calloc(W5_HCAP, sizeof *hs);
    uint8_t *hd = calloc(W5_HCAP, 1);
    ec_bcube *layer = malloc(sizeof *layer * 700000), *next = malloc(sizeof *next * 700000);
    long total = -1;
    if (!hs || !hd || !layer || !next) {
        CHECK(0, "out of memory");
        goto out;
    }
    ec_cube c;
    ec_cube_solved(&c);
    ec__bcube_from_cube(&c, &layer[0]);
    w5_put(hs, hd, &layer[0]);
    static const long want[6] = {1, 18, 243, 3240, 43239, 574908};
    int n = 1;
    total = 0;
    for (int d = 0; d <= 5; d++) {
        CHECK(n == want[d], "depth %d: %d cubes, want %ld", d, n, want[d]);
        total += n;
        for (int i = 0; i < n; i++) {
            ec__bcube_to_cube(&layer[i], &c);
            visit(&c, d, arg);
        }
        if (d == 5) break;
        int nn = 0;
        for (int i = 0; i < n; i++)
            for (int m = 0; m < 18; m++) {
                ec_bcube s = layer[i];
                ec__bcube_move(&s, m);
                int r = w5_put(hs, hd, &s);
                if (r < 0) {
                    CHECK(0, "hash set full");
                    total = -1;
                    goto out;
                }
                if (r) next[nn++] = s;
            }
        ec_bcube *t = layer;
        layer = next, next = t;
        n = nn;
    }
out:
    free(layer);
    free(next);
    free(hs);
    free(hd);
    return total;
}

#endif
