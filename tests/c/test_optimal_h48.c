/* test_optimal_h48.c - the optimal search's h48 table (optimal_h48.c), at its smallest sizes:
 * level 6 (the corner table and the h48 table with no eopar bits split by the corners'
 * permutation parity, 58.8 MB of 62 MB; ~26 s of CPU to build), or with argv[2] = 3 level 3
 * (level 0's tables and the h48 table with no eopar bits, 29.4 MB of 103 MB; ~40 s), or 8
 * (level 0's tables and the h48 table with no eopar bits on the corners' half-turn cosets,
 * 172.6 MB of 246 MB; ~100 s):
 *  - 36 scrambles of 6..14 random turns (seeded) solved on level 0 (the table test_optimal
 *    checks against breadth-first distances and an independent search; the ctest fixture's
 *    file given as argv[1], tests/c/optimal_table.c, or built here without one);
 *  - the level built through pass/work/pass_end, a split backward pass's two ranges on two
 *    threads (the h48 table's backward passes write only their classes' entries, as the
 *    other tables', whose slicings test_optimal compares); levels under 100 MB (6, and 11:
 *    the h48 table's smallest form alone, 32.4 MB) built again by
 *    ec_optimal_table_build_step_threads on three threads: the same checksum;
 *  - the table's entries are breadth-first distances of its coset space: for 3000 random
 *    cubes and 3000 cubes a few turns from solved, every face turn changes the coset's
 *    distance by at most one, so the 2-bit entries (0 = at most base, 1, 2, 3 = base + 1,
 *    base + 2, at least base + 3) of a cube and its 18 neighbours are consistent: an entry 1
 *    or 2 has a neighbour one lower, no neighbour differs by more than one; with argv[2] = 12
 *    (the h48 table with 3 bits of edge orientation alone, 238 MB, optimal_h48x.c: a
 *    projection, whose entries are the smallest distance of the cubes they hold, so
 *    neighbours need not agree), instead: every cube n <= base + 2 random turns from solved
 *    (6000) has an entry of at most max(0, n - base) (its build reached everything within
 *    base + 2), and the table's count of each value is the one its build gave when measured;
 *  - every cube within 5 turns (621,649): the bound is at most the depth; every cube within 4
 *    turns and every 16th at 5: the optimum is the depth within 4 M nodes, the solution solves
 *    it (a wrong one stops the suite: a search past a missed solution would run on);
 *  - each scramble: the same optimum as level 0, the solution solves it, the bound is at
 *    most the optimum (at level 3, which adds a table to level 0's, at least level 0's) and
 *    above level 0's on some;
 *    every fourth's inverse has the same optimum;
 *  - the batch level (its children's expansions made together) searches the very tree of the
 *    search without it: the same nodes, outcome and solution, also run in slices;
 *  - symmetric cubes: the same optimum with the search's reduction by the cube's symmetries
 *    as without, the split depth's solution the single search's, fewer nodes (optimal_check.h);
 *  - the stored form: export/import keeps the checksum; a changed byte of the h48 table (its
 *    base, an entry) is refused with EC_E_TABLE, and the table held before stays; so is a
 *    another base, h or corner kind than the level's with a checksum made to match
 *    (refused by name). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "optimal_check.h"
#include "core/cube.h"
#include "search/optimal.h"
#include "search/optimal_tables.h"

#define N 36

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static int rnd(int n) { return xs_draw(&rs, n); }

static ec_cube cubes[N];
static int len0[N], bound0[N];

static const char *fixture; /* the level-0 table's file (argv[1]), or NULL: built here */

static void scramble(ec_cube *c, int n)
{
    uint8_t mv[24];
    ec_cube_solved(c);
    for (int k = 0; k < n; k++) {
        do mv[k] = (uint8_t)rnd(18);
        while (k && !ec__move_follows(mv[k - 1], mv[k]));
        ec_cube_move(c, mv[k]);
    }
}

/* a scramble's search at level 0 takes at most a few million nodes: one that misses its
 * solution runs out of this many (a fault found in seconds, not a search deep past it) */
#define SCRAMBLE_NODES 100000000

static void level0(void)
{
    REQUIRE_RC(import_level0(fixture) || build_passes(0, BUILD_FORWARD) >= 0, 1);
    ec_cube solved;
    ec_cube_solved(&solved);
    CHECK_RC(ec__opt_h48_entry(&solved, NULL), EC_E_STATE); /* level 0 holds no h48 table */
    for (int i = 0; i < N; i++) {
        int n = 6 + i % 9;
        scramble(&cubes[i], n);
        len0[i] = optimum_within(&cubes[i], SCRAMBLE_NODES);
        bound0[i] = ec__opt_bound(&cubes[i]);
        CHECK(len0[i] >= 0 && len0[i] <= n, "scramble %d: optimum %d, %d turns", i, len0[i], n);
        REQUIRE_RC(len0[i] >= 0, 1); /* the later cases compare with it */
    }
}

static uint64_t sum3;
/* argv[2]: 6 (h48 h0 split by parity, alone; the default), 3 (h48 h0 beside level 0's tables),
 * 8 (h48 h0 on the corners' half-turn cosets beside level 0's tables), 12 (h48 with 3 bits of
 * edge orientation, alone) or any other level with the h48 table (3 to 13; the larger ones
 * are run by hand: minutes) */
static int level = 6;

static void build(void)
{
    REQUIRE_RC(build_passes(level, BUILD_THREADS) >= 0, 1);
    CHECK_RC(ec_optimal_table_checksum(&sum3), EC_OK);
}

/* a level under 100 MB (6, 11) built again by ec_optimal_table_build_step_threads (the
 * optimal solver's pool: the caller and two threads on the splittable passes' slices of
 * 256 K entries, chunks from a shared counter) gives the same bytes */
static void build_stepped(void)
{
    int64_t memory = 0;
    CHECK_RC(ec_optimal_table_bytes(level, &memory, NULL), EC_OK);
    if (memory >= 100000000) return;
    CHECK_RC(ec_optimal_table_build_step_threads(256, 0), EC_E_RANGE);
    CHECK_RC(ec_optimal_table_build_step_threads(256, 65), EC_E_RANGE);
    REQUIRE_RC(ec_optimal_table_begin(level), EC_OK);
    int rc, steps = 0;
    while ((rc = ec_optimal_table_build_step_threads(256, 3)) == EC_RUNNING) steps++;
    CHECK_RC(rc, EC_DONE);
    uint64_t again = 0;
    CHECK_RC(ec_optimal_table_checksum(&again), EC_OK);
    CHECK(again == sum3, "level %d: checksum %016llx stepped on threads, %016llx by passes", level, (unsigned long long)again, (unsigned long long)sum3);
    CHECK(steps > 100, "level %d built in %d steps: the slices are not bounded", level, steps);
    CHECK_RC(ec_optimal_table_build_step_threads(256, 3), EC_DONE); /* complete: nothing more */
}

/* a cube's entry against its neighbours': the count of inconsistencies */
static int consistent(const ec_cube *c, int *ones)
{
    int base = -1, v = ec__opt_h48_entry(c, &base), lower = 0, bad = 0;
    for (int m = 0; m < 18; m++) {
        ec_cube t;
        ec_cube_multiply(c, ec__move_cube(m), &t);
        int w = ec__opt_h48_entry(&t, NULL);
        if (w == v - 1) lower = 1;
        /* 0 covers every distance up to base and 3 every one from base + 3 */
        if ((v == 1 && w == 3) || (v == 2 && w == 0) || (v == 3 && w < 2) || (v == 0 && w > 1)) bad++;
    }
    if ((v == 1 || v == 2) && !lower) bad++;
    if (v == 1) (*ones)++;
    return bad + (v < 0 || v > 3 || base < 1 || base > 14);
}

/* the h48 table with orientation bits: entries no higher than the turns that made a cube, and
 * the table's histogram (the same bytes whatever the threads: the one measured) */
static void entries_x(void)
{
    int bad = 0, seen[4] = {0}, base = ec__opt_T.big[3][0];
    for (int i = 0; i < 6000; i++) {
        ec_cube c;
        int n = 1 + i % (base + 2);
        scramble(&c, n);
        int v = ec__opt_h48_entry(&c, NULL), want = n > base ? n - base : 0;
        if (v >= 0 && v < 4) seen[v]++;
        if (v < 0 || v > want) {
            if (bad < 5) CHECK(0, "cube %d (%d turns): entry %d, at most %d", i, n, v, want);
            bad++;
        }
    }
    CHECK(bad == 0, "%d entries above their cube's turns", bad);
    CHECK(seen[0] > 0 && seen[1] > 0 && seen[2] > 0, "entries seen 0:%d 1:%d 2:%d", seen[0], seen[1], seen[2]);
    int64_t count[4] = {0}, n = ec__opt_T.entries[3];
    const uint8_t *t = ec__opt_T.big[3] + 8;
    for (int64_t i = 0; i < n; i++) count[e2(t, i)]++;
    static const int64_t want[4] = {6645595, 63104380, 388196996, 482592629};
    for (int v = 0; v < 4; v++) CHECK(count[v] == want[v], "entries of value %d: %lld, measured %lld", v, (long long)count[v], (long long)want[v]);
}

static void entries(void)
{
    if (ec__opt_level_h48x[level]) {
        entries_x();
        return;
    }
    int bad = 0, ones = 0, seen[4] = {0};
    for (int i = 0; i < 6000; i++) {
        ec_cube c;
        if (i < 3000) REQUIRE_RC(ec_random_state((uint32_t)i + 1, &c), EC_OK);
        else scramble(&c, 1 + i % 12);
        int v = ec__opt_h48_entry(&c, NULL);
        if (v >= 0 && v < 4) seen[v]++;
        int b = consistent(&c, &ones);
        if (b && bad < 5) CHECK(0, "cube %d: entry %d inconsistent with its neighbours", i, v);
        bad += b;
    }
    CHECK(bad == 0, "%d inconsistent entries", bad);
    CHECK(seen[1] > 0 && seen[2] > 0 && seen[3] > 0 && seen[0] > 0, "entries seen 0:%d 1:%d 2:%d 3:%d (each value must occur)", seen[0],
          seen[1], seen[2], seen[3]);
    CHECK(ones > 0, "no entry 1 was checked");
}

typedef struct w5_h48 {
    int bad, badbound, solved;
} w5_h48;
static void within5_visit(const ec_cube *c, int d, void *arg)
{
    w5_h48 *w = arg;
    if (ec__opt_bound(c) > d) w->badbound++;
    if (d == 5 && (w->solved++ % 16)) return;
    int len = -1;
    uint8_t mv[24];
    if (w->bad) return; /* the suite stops after this case: no more searches */
    int rc = ec_optimal_distance(c, 4000000, &len, mv, 24); /* a search that misses the solution runs out (EC_BOUND) */
    ec_cube t = *c;
    if (rc == EC_OK) ec_cube_moves(&t, mv, len);
    if (rc != EC_OK || len != d || !ec_cube_is_solved(&t)) {
        if (w->bad++ < 5) CHECK(0, "depth %d: rc %d length %d", d, rc, len);
    }
}

static void within5(void)
{
    w5_h48 w = {0, 0, 0};
    long total = within5_each(within5_visit, &w);
    CHECK(total == 621649, "%ld cubes within 5 turns", total);
    CHECK(w.badbound == 0, "%d cubes whose bound exceeds their distance", w.badbound);
    CHECK(w.bad == 0, "%d cubes with a wrong optimum", w.bad);
    REQUIRE_RC(w.bad == 0, 1); /* the deeper cases would search on past a missed solution */
}

/* one depth's search of c, batch level on or off (ec__opt_batch_off), run in slices of
 * `slice` nodes: its nodes, whether it found a solution, the solution */
static int64_t depth_nodes(const ec_cube *c, int d, int off, int64_t slice, int *found, uint8_t *path)
{
    static opt_search s;
    ec__opt_batch_off = off;
    s.nodes = 0;
    int rc = ec__opt_search_init(&s, c, NULL, 0, d);
    ec__opt_batch_off = 0;
    CHECK(rc == EC_OK, "depth %d: init rc %d", d, rc);
    while (!ec__opt_search_run(&s, s.nodes + slice)) {
    }
    *found = s.found;
    memcpy(path, s.path, (size_t)d);
    return s.nodes;
}

/* The batch level (optimal.h: one level's children expanded together) searches the very tree
 * of the search one node at a time: for the scrambles deep enough to have one (optimum at
 * least the h48 base + 3), the optimum's depth and the one before give the same nodes, the
 * same outcome and the same solution with it, without it, and with it in slices of 777 nodes
 * (a run stopped and resumed inside a batch). Run before the other searches, and a difference
 * stops the suite: a wrong tree may miss the optimum, and a search past it runs on. */
static void check_batch(void)
{
    int tried = 0, base = ec__opt_T.big[3][0];
    for (int i = 0; i < N && tried < 6; i++) {
        int d = len0[i];
        if (d < base + 4) continue;
        tried++;
        for (int dd = d - 1; dd <= d; dd++) {
            uint8_t p1[OPT_MAX_DEPTH], p2[OPT_MAX_DEPTH], p3[OPT_MAX_DEPTH];
            int f1, f2, f3;
            int64_t n1 = depth_nodes(&cubes[i], dd, 0, INT64_MAX, &f1, p1), n2 = depth_nodes(&cubes[i], dd, 1, INT64_MAX, &f2, p2),
                    n3 = depth_nodes(&cubes[i], dd, 0, 777, &f3, p3);
            CHECK(n1 == n2 && n1 == n3 && f1 == (dd == d) && f2 == f1 && f3 == f1, "scramble %d depth %d: nodes %lld / %lld / %lld, found %d %d %d", i,
                  dd, (long long)n1, (long long)n2, (long long)n3, f1, f2, f3);
            CHECK(!f1 || (!memcmp(p1, p2, (size_t)dd) && !memcmp(p1, p3, (size_t)dd)), "scramble %d: the solutions differ", i);
            if (check_failed) { /* the searches after this one could run on past a missed optimum */
                printf("%d passed, %d failed\n", check_passed, check_failed);
                exit(1);
            }
        }
    }
    CHECK(tried > 0, "no scramble reached a batch level (the comparison cannot have failed)");
}

static void scrambles(void)
{
    int above = 0;
    for (int i = 0; i < N; i++) {
        int b = ec__opt_bound(&cubes[i]), d = optimum(&cubes[i]);
        /* a level holding level 0's tables bounds at least as high */
        CHECK(d == len0[i] && (b >= bound0[i] || !ec__opt_level_has[level][0]) && b <= d, "scramble %d: level %d optimum %d bound %d, level 0 optimum %d bound %d", i,
              level, d, b, len0[i], bound0[i]);
        above += b > bound0[i];
        if (i % 4) continue;
        ec_cube inv;
        ec_cube_inverse(&cubes[i], &inv);
        int di = optimum(&inv);
        CHECK(di == d, "scramble %d: optimum %d, of its inverse %d", i, d, di);
    }
    CHECK(above > 0, "the bound was never above level 0's (the comparison cannot have failed)");
    check_patterns();
    check_symmetric(0x243f6a8885a308d3ull);
}

static void stored(void)
{
    int64_t st = 0, mem0 = 0;
    CHECK_RC(ec_optimal_table_bytes(level, NULL, &st), EC_OK);
    mem0 = st - 80 - ec__opt_table_bytes_of(level, 3); /* the tables before the h48 one */
    uint8_t *buf = malloc((size_t)st);
    REQUIRE_RC(buf != NULL, 1);
    CHECK_RC(ec_optimal_table_export(buf, st), EC_OK);
    char msg[200] = "";
    CHECK_RC(ec_optimal_table_import(buf, st, msg, sizeof msg), EC_OK);
    uint64_t sum = 0;
    CHECK_RC(ec_optimal_table_checksum(&sum), EC_OK);
    CHECK(sum == sum3, "checksum after import %016llx", (unsigned long long)sum);
    /* the h48 table follows the 80-byte header and the level's other tables: its base, then
     * its entries */
    const int64_t h48 = 80 + mem0;
    const int64_t at[3] = {h48, h48 + 8 + 1000003, st - 1};
    for (int i = 0; i < 3; i++) {
        buf[at[i]] ^= 0x10;
        msg[0] = 0;
        CHECK_RC(ec_optimal_table_import(buf, st, msg, sizeof msg), EC_E_TABLE);
        CHECK(strstr(msg, "checksum") != NULL, "byte %lld changed: %s", (long long)at[i], msg);
        buf[at[i]] ^= 0x10;
    }
    /* another base, h, corner kind or kind of h bits than the level's with the checksum made
     * to match: refused by name */
    const uint8_t base0 = buf[h48], h0 = buf[h48 + 1], p0 = buf[h48 + 2], x0 = buf[h48 + 3];
    CHECK(base0 == ec__opt_level_h48b[level] && h0 == ec__opt_level_h48[level] && p0 == ec__opt_level_h48k[level], "level %d's h48 base %d, h %d, kind %d", level,
          base0, h0, p0);
    CHECK(x0 == ec__opt_level_h48x[level], "level %d's h48 bits' kind %d", level, x0);
    for (int k = 0; k < 4; k++) {
        buf[h48] = k ? base0 : (uint8_t)(base0 + 1); /* another base, h, corner kind, kind of h bits */
        buf[h48 + 1] = k == 1 ? (h0 ? 0 : 2) : h0;
        buf[h48 + 2] = k == 2 ? !p0 : p0;
        buf[h48 + 3] = k == 3 ? !x0 : x0;
        const uint8_t *big[OPT_TABLES];
        int64_t bytes[OPT_TABLES];
        ec__opt_parts_at(level, buf + 80, big, bytes);
        uint64_t h = ec__opt_parts_sum(level, buf + 80, big, bytes), old = 0;
        for (int b = 0; b < 8; b++) old |= (uint64_t)buf[64 + b] << (8 * b);
        for (int b = 0; b < 8; b++) buf[64 + b] = (uint8_t)(h >> (8 * b));
        msg[0] = 0;
        CHECK_RC(ec_optimal_table_import(buf, st, msg, sizeof msg), EC_E_TABLE);
        CHECK(strstr(msg, "h48") != NULL, "h48 header byte %d changed: %s", k, msg);
        for (int b = 0; b < 8; b++) buf[64 + b] = (uint8_t)(old >> (8 * b));
        buf[h48] = base0;
        buf[h48 + 1] = h0;
        buf[h48 + 2] = p0;
        buf[h48 + 3] = x0;
    }
    CHECK_RC(ec_optimal_table_checksum(&sum), EC_OK);
    CHECK(sum == sum3, "checksum after refused imports %016llx", (unsigned long long)sum);
    free(buf);
}

int main(int argc, char **argv)
{
    fixture = argc > 1 && argv[1][0] ? argv[1] : NULL;
    if (argc > 2) level = atoi(argv[2]);
    REQUIRE_RC(level >= 3 && level < EC_OPTIMAL_LEVELS, 1); /* the levels with the h48 table */
    RUN(level0);
    RUN(build);
    RUN(build_stepped);
    RUN(entries);
    RUN(check_batch);
    RUN(within5);
    RUN(scrambles);
    RUN(stored);
    ec_optimal_table_free();
    DONE();
}
