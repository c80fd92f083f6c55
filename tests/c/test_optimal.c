/* test_optimal.c - the optimal search (search/optimal.h) on the smallest table (level 0):
 *  - the build: its checksum is the same for every slicing of the work (whole passes through
 *    pass/work/pass_end, two ranges per backward pass, against the `optimal` solver building
 *    the table in its steps, build_step's slices, when the process holds none); the whole
 *    passes' table is the ctest fixture's (tests/c/optimal_table.c, its file given as
 *    argv[1], imported), or built here when no file is given;
 *  - every cube within 5 face turns: breadth-first search from solved over byte cubes finds
 *    1, 18, 243, 3240, 43239, 574908 cubes at depths 0..5 (621,649 in all, the published HTM
 *    counts); each has ec_optimal_distance equal to its BFS depth, its solution solves it,
 *    and the table's bound is at most the depth;
 *  - scrambles of 6..12 random turns: the optimum equals that of an independent IDA* (cubie
 *    turns, the two-phase solver's phase-1 tables on the cube and two rotated views as its
 *    only bound), and is at most the scramble's length;
 *  - the stored form: export/import round trip keeps the checksum; a flipped byte, a
 *    truncated or lengthened buffer, another magic, format, level or build id are refused
 *    with EC_E_TABLE and a specific message, and the table held before stays usable; the
 *    streaming import in pieces gives the same table, and refuses a flipped byte, a missing
 *    byte and an extra one (then no table is held);
 *  - the `optimal` solver through the registry: a 9-turn scramble solved optimally, the result
 *    verified, its phase "optimal", progress records carrying depth, bound and nodes; a
 *    node budget too small gives EC_GAVE_UP, never a solution;
 *  - the split search's order (ec__opt_split_deeper): on seeded scrambles of 9..11 turns,
 *    depth after depth from the cube's bound, each later depth's prefixes are the earlier's
 *    sorted by the nodes they took (most first, ties in their earlier order); deeper is
 *    refused while a depth runs and after a solution; the solution solves the cube, has the
 *    optimum's length, and is the same when two workers share the depths in slices of any
 *    size; depths out of range refused;
 *  - errors: no table gives EC_E_STATE; bad arguments their codes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "optimal_check.h"
#include "core/cube.h"
#include "search/optimal.h"
#include "search/tables.h"

static uint64_t rs = 88172645463325252ull;
static int rnd(int n) { return xs_draw(&rs, n); }

/* c: n random canonical face turns from solved (seeded) */
static void scramble(ec_cube *c, int n)
{
    ec_cube_solved(c);
    for (int k = 0, prev = -1; k < n; k++) {
        int m;
        do m = rnd(18);
        while (!ec__move_follows(prev, m));
        ec_cube_move(c, m);
        prev = m;
    }
}

static uint64_t whole_sum;
static const char *fixture; /* the level-0 table's file (argv[1]), or NULL: built here */

/* the table: imported from the fixture file ctest's optimal_table wrote (its build through
 * whole passes, each backward pass in two ranges done second range first, 12..14 passes,
 * checked there), or, with no file, that build here; whole_sum is its checksum */
static void build(void)
{
    if (!import_level0(fixture)) {
        int passes = build_passes(0, BUILD_REVERSE);
        CHECK(passes >= 12 && passes <= 14, "%d passes", passes);
    }
    CHECK_RC(ec_optimal_table_checksum(&whole_sum), EC_OK);
}

static void errors(void)
{
    ec_optimal_table_free();
    ec_cube c;
    ec_cube_solved(&c);
    int len;
    uint64_t sum;
    CHECK_RC(ec_optimal_distance(&c, -1, &len, NULL, 0), EC_E_STATE);
    CHECK_RC(ec_optimal_table_checksum(&sum), EC_E_STATE);
    CHECK_RC(ec_optimal_table_build_step(10), EC_E_STATE);
    CHECK_RC(ec_optimal_table_begin(EC_OPTIMAL_LEVELS), EC_E_RANGE);
    CHECK_RC(ec_optimal_table_begin(-1), EC_E_RANGE);
    int64_t mem, st;
    CHECK_RC(ec_optimal_table_bytes(0, &mem, &st), EC_OK);
    CHECK(mem == (140908410 * 2 + 3) / 4 + 6053616 / 2 && st == mem + 80, "bytes %lld %lld", (long long)mem, (long long)st);
    CHECK_RC(ec_optimal_table_bytes(EC_OPTIMAL_LEVELS, &mem, &st), EC_E_RANGE);
    int64_t m1;
    CHECK_RC(ec_optimal_table_bytes(1, &m1, NULL), EC_OK);
    CHECK(m1 == mem + (19926LL * 34650 + 3) / 4, "level 1: %lld bytes", (long long)m1);
    int64_t m2;
    CHECK_RC(ec_optimal_table_bytes(2, &m2, NULL), EC_OK);
    CHECK(m2 == m1 + (2255LL * 2187 * 70 * 2 + 3) / 4, "level 2: %lld bytes", (long long)m2);
    /* levels 3, 4, 5: levels 0, 1, 2 + the h48 table (3,393 cocsep classes x esep, 2^0 or
     * 2^2 eopar values, 2 bits an entry, 8 bytes of base, h and kind), built in place (the
     * same memory while built as held); 6: the corner table + the h48 table split by parity;
     * 8, 9: level 0 + the h48 table on the 19,926 hc classes (h0, h2); 10: level 2 + 9's */
    int64_t m3, m4, m5, m6, m8, m9, m10, s3;
    CHECK_RC(ec_optimal_table_bytes(3, &m3, &s3), EC_OK);
    CHECK_RC(ec_optimal_table_bytes(4, &m4, NULL), EC_OK);
    CHECK_RC(ec_optimal_table_bytes(5, &m5, NULL), EC_OK);
    CHECK_RC(ec_optimal_table_bytes(6, &m6, NULL), EC_OK);
    CHECK_RC(ec_optimal_table_bytes(8, &m8, NULL), EC_OK);
    CHECK_RC(ec_optimal_table_bytes(9, &m9, NULL), EC_OK);
    CHECK_RC(ec_optimal_table_bytes(10, &m10, NULL), EC_OK);
    const int64_t h0 = (3393LL * 34650 + 3) / 4, h2 = 3393LL * 34650, hp = 3393LL * 34650 * 2 / 4, hc = (19926LL * 34650 + 3) / 4;
    CHECK(m3 == mem + h0 + 8 && m4 == m1 + h2 + 8 && m5 == m2 + h2 + 8 && s3 == mem + h0 + 8 + 80, "levels 3-5: %lld %lld %lld bytes",
          (long long)m3, (long long)m4, (long long)m5);
    CHECK(m6 == 6053616 / 2 + hp + 8 && m8 == mem + hc + 8 && m9 == mem + 19926LL * 34650 + 8 && m10 == m2 + 19926LL * 34650 + 8,
          "levels 6, 8, 9, 10: %lld %lld %lld %lld bytes", (long long)m6, (long long)m8, (long long)m9, (long long)m10);
    CHECK(m10 > 1000000000, "the largest level holds at least 1 GB: %lld bytes", (long long)m10);
    char msg[200];
    CHECK_RC(ec_optimal_table_import(NULL, 0, msg, sizeof msg), EC_E_NULL);
    ec_solver *h = NULL;
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U F", f, sizeof f, NULL, 0);
    /* no table: the solver builds one in its first steps (checked in solver_run) */
    char bad[20];
    snprintf(bad, sizeof bad, "table=%d", EC_OPTIMAL_LEVELS);
    CHECK_RC(ec_solver_new("optimal", f, 1, bad, &h, msg, sizeof msg), EC_E_PARAM_RANGE);
}

/* the solver with no table held builds it in its steps (build_step: slices of whole classes,
 * not whole passes), then solves; the table's checksum equals the whole passes' */
static void steps_match(void)
{
    ec_optimal_table_free();
    char f[EC_FACELETS_SIZE], msg[300];
    ec_facelets_apply(NULL, "R U F'", f, sizeof f, NULL, 0);
    ec_solver *h = NULL;
    REQUIRE_RC(ec_solver_new("optimal", f, 1, "table=0", &h, msg, sizeof msg), EC_OK);
    int rc, steps = 0, table_records = 0;
    while ((rc = ec_solver_step(h, 1)) == EC_RUNNING) {
        steps++;
        ec_progress rec[8];
        int n = 0;
        ec_solver_progress(h, rec, 8, &n);
        for (int i = 0; i < n; i++)
            if (rec[i].phase == 0) {
                table_records++;
                CHECK(!strcmp(rec[i].phase_name, "table") && rec[i].mean >= 0 && rec[i].mean <= 1 && rec[i].best == -1,
                      "table record: %s %g %g", rec[i].phase_name, rec[i].mean, rec[i].best);
            }
    }
    CHECK_RC(rc, EC_DONE);
    CHECK(steps > 50 && table_records == steps, "%d steps, %d table records", steps, table_records);
    uint64_t sum = 0;
    CHECK_RC(ec_optimal_table_checksum(&sum), EC_OK);
    CHECK(sum == whole_sum, "the solver's build's checksum %016llx, whole passes' %016llx", (unsigned long long)sum,
          (unsigned long long)whole_sum);
    char sol[100];
    CHECK_RC(ec_solver_solution(h, sol, sizeof sol), EC_OK);
    CHECK(!strcmp(sol, "F U' R'"), "solution %s", sol);
    ec_solver_free(h);
}

/* each cube within 5 turns: its optimum is its depth, the solution solves it, the bound is at most it */
typedef struct w5_count {
    int bad, badbound;
} w5_count;
static void within5_visit(const ec_cube *c, int d, void *arg)
{
    w5_count *w = arg;
    int len = -1;
    uint8_t mv[24];
    int rc = ec_optimal_distance(c, -1, &len, mv, 24);
    if (rc != EC_OK || len != d) {
        if (w->bad++ < 5) CHECK(0, "depth %d: rc %d length %d", d, rc, len);
        return;
    }
    ec_cube t = *c;
    ec_cube_moves(&t, mv, len);
    if (!ec_cube_is_solved(&t) && w->bad++ < 5) CHECK(0, "depth %d: solution does not solve", d);
    if (ec__opt_bound(c) > d) w->badbound++;
}

static void within5(void)
{
    w5_count w = {0, 0};
    long total = within5_each(within5_visit, &w);
    CHECK(total == 621649, "%ld cubes within 5 turns", total);
    CHECK(w.bad == 0, "%d cubes with a wrong optimum", w.bad);
    CHECK(w.badbound == 0, "%d cubes whose bound exceeds their distance", w.badbound);
}

/* ---- the independent search: cubie turns, phase-1 bounds of three views */

static ec_cube rot[3], rotinv[3];

static int p1_bound(const ec_cube *c)
{
    int h = 0;
    for (int a = 0; a < 3; a++) {
        ec_cube t, v;
        ec_cube_multiply(&rotinv[a], c, &t);
        ec_cube_multiply(&t, &rot[a], &v);
        int tw = ec__get_twist(&v), fl = ec__get_flip(&v), sl = ec__get_slice(&v);
        int b = ec__prun_ts(tw, sl), b2 = ec__prun_fs(fl, sl), b3 = ec__prun_tf(tw, fl);
        if (b2 > b) b = b2;
        if (b3 > b) b = b3;
        if (b > h) h = b;
    }
    return h;
}

static long plain_nodes;
static int plain_dfs(const ec_cube *c, int left, int prev)
{
    if (left == 0) return ec_cube_is_solved(c);
    for (int m = 0; m < 18; m++) {
        if (!ec__move_follows(prev, m)) continue;
        ec_cube t;
        ec_cube_multiply(c, ec__move_cube(m), &t);
        plain_nodes++;
        if (p1_bound(&t) > left - 1) continue;
        if (plain_dfs(&t, left - 1, m)) return 1;
    }
    return 0;
}

static int plain_optimum(const ec_cube *c)
{
    for (int d = p1_bound(c);; d++)
        if (plain_dfs(c, d, -1)) return d;
}

static void scrambles(void)
{
    const char *r[3] = {"", "x", "z"};
    for (int a = 0; a < 3; a++) {
        char f[EC_FACELETS_SIZE];
        ec_facelets_apply(NULL, r[a], f, sizeof f, NULL, 0);
        ec__cube_from_stickers(f, &rot[a]);
        ec_cube_inverse(&rot[a], &rotinv[a]);
    }
    CHECK_RC(ec__tables_init(), EC_OK);
    for (int i = 0; i < 28; i++) {
        int n = 6 + i % 7; /* 6..12 turns */
        ec_cube c;
        scramble(&c, n);
        int len = -1;
        uint8_t mv[24];
        CHECK_RC(ec_optimal_distance(&c, -1, &len, mv, 24), EC_OK);
        int want = plain_optimum(&c);
        CHECK(len == want && len <= n, "scramble %d (%d turns): optimal %d, independent %d", i, n, len, want);
        ec_cube_moves(&c, mv, len);
        CHECK(ec_cube_is_solved(&c), "scramble %d: the solution does not solve it", i);
    }
}

static void stored(void)
{
    int64_t st;
    CHECK_RC(ec_optimal_table_bytes(0, NULL, &st), EC_OK);
    uint8_t *buf = malloc((size_t)st + 1);
    if (!buf) {
        CHECK(0, "out of memory");
        return;
    }
    CHECK_RC(ec_optimal_table_export(buf, st - 1), EC_E_BUFFER);
    CHECK_RC(ec_optimal_table_export(buf, st), EC_OK);
    char msg[200];
    CHECK_RC(ec_optimal_table_import(buf, st, msg, sizeof msg), EC_OK);
    uint64_t sum;
    CHECK_RC(ec_optimal_table_checksum(&sum), EC_OK);
    CHECK(sum == whole_sum, "checksum after import %016llx", (unsigned long long)sum);
    struct {
        int64_t at, size;
        uint8_t x;
        const char *why;
    } cases[] = {
        {st / 2, st, 0x10, "checksum"},  {st - 1, st, 0x01, "checksum"},   {100, st, 0x80, "checksum"},
        {-1, st - 1, 0, "truncated"},    {-1, 40, 0, "truncated"},          {-1, st + 1, 0, "after its end"},
        {0, st, 0x01, "magic"},          {16, st, 0x01, "format"},          {24, st, 0x40, "level"},
        {56, st, 0x01, "another build"}, {32, st, 0x01, "sizes"}, {48, st, 0x04, "sizes"},
        {64, st, 0x01, "checksum"},
    };
    for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
        if (cases[i].at >= 0) buf[cases[i].at] ^= cases[i].x;
        msg[0] = 0;
        int rc = ec_optimal_table_import(buf, cases[i].size, msg, sizeof msg);
        CHECK(rc == EC_E_TABLE && strstr(msg, cases[i].why), "case %d: rc %d msg \"%s\", want \"%s\"", i, rc, msg,
              cases[i].why);
        if (cases[i].at >= 0) buf[cases[i].at] ^= cases[i].x;
    }
    /* the table held before is still there */
    CHECK_RC(ec_optimal_table_checksum(&sum), EC_OK);
    CHECK(sum == whole_sum, "checksum after refused imports %016llx", (unsigned long long)sum);

    /* the streaming import: pieces of odd sizes; a flipped byte, a missing or an extra byte */
    CHECK_RC(ec_optimal_table_import_chunk(buf, 10, msg, sizeof msg), EC_E_STATE);
    CHECK_RC(ec_optimal_table_import_end(msg, sizeof msg), EC_E_STATE);
    for (int k = 0; k < 4; k++) {
        int64_t end = k == 2 ? st - 1 : st;
        if (k == 1) buf[st / 3] ^= 0x04;
        CHECK_RC(ec_optimal_table_import_begin(buf, st + (k == 3), msg, sizeof msg), k == 3 ? EC_E_TABLE : EC_OK);
        int rc = EC_OK;
        for (int64_t off = 80; off < end && rc == EC_OK; off += 7777777) {
            int64_t n = end - off < 7777777 ? end - off : 7777777;
            rc = ec_optimal_table_import_chunk(buf + off, n, msg, sizeof msg);
        }
        if (k == 3) {
            CHECK(strstr(msg, "after its end") != NULL, "streaming %d: %s", k, msg);
            continue;
        }
        CHECK_RC(rc, EC_OK);
        msg[0] = 0;
        rc = ec_optimal_table_import_end(msg, sizeof msg);
        const char *want = k == 0 ? "" : k == 1 ? "checksum" : "truncated";
        CHECK(rc == (k ? EC_E_TABLE : EC_OK) && strstr(msg, want), "streaming %d: rc %d msg \"%s\"", k, rc, msg);
        CHECK_RC(ec_optimal_table_checksum(&sum), k ? EC_E_STATE : EC_OK); /* refused: no table held */
        if (!k) CHECK(sum == whole_sum, "checksum after a streaming import %016llx", (unsigned long long)sum);
        if (k == 1) buf[st / 3] ^= 0x04;
    }
    CHECK_RC(ec_optimal_table_import_begin(buf, st, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_optimal_table_import_chunk(buf + 80, st - 80, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_optimal_table_import_chunk(buf, 1, msg, sizeof msg), EC_E_TABLE);
    CHECK_RC(ec_optimal_table_import(buf, st, msg, sizeof msg), EC_OK); /* held again for what follows */
    free(buf);
}

static void solver_run(void)
{
    char f[EC_FACELETS_SIZE], msg[300], sol[200];
    const char *scramble = "R U2 F' L D2 B R' U F2";
    ec_facelets_apply(NULL, scramble, f, sizeof f, NULL, 0);
    ec_solver *h = NULL;
    CHECK_RC(ec_solver_new("optimal", f, 1, NULL, &h, msg, sizeof msg), EC_OK);
    if (!h) return;
    int rc;
    while ((rc = ec_solver_step(h, 1)) == EC_RUNNING) {
    }
    CHECK_RC(rc, EC_DONE);
    CHECK_RC(ec_solver_solution(h, sol, sizeof sol), EC_OK);
    ec_cube c;
    ec_cube_from_facelets(f, &c, NULL, 0);
    int len = -1;
    CHECK_RC(ec_optimal_distance(&c, -1, &len, NULL, 0), EC_OK);
    uint8_t mv[40];
    int n = 0;
    CHECK_RC(ec_alg_parse(sol, mv, 40, &n, NULL, 0), EC_OK);
    CHECK(n == len && len <= 9, "solution \"%s\" (%d), optimum %d", sol, n, len);
    char json[4000];
    CHECK_RC(ec_solver_result_json(h, json, sizeof json), EC_OK);
    CHECK(strstr(json, "\"name\":\"optimal\"") != NULL, "result %s", json);
    ec_progress rec[64];
    int nr = 0, last_depth = -1, saw_found = 0;
    CHECK_RC(ec_solver_progress(h, rec, 64, &nr), EC_OK);
    CHECK(nr >= 1, "%d records", nr);
    for (int i = 0; i < nr; i++) {
        CHECK(rec[i].phase == 1 && rec[i].best >= last_depth && rec[i].best <= len, "record %d: phase %d best %g", i,
              rec[i].phase, rec[i].best);
        last_depth = (int)rec[i].best;
        saw_found |= rec[i].found;
    }
    CHECK(saw_found && rec[nr - 1].best_length == len && rec[nr - 1].evaluations > 0, "last record");
    ec_solver_free(h);

    /* a budget too small: gave up, no solution */
    ec_facelets_apply(NULL, "R U F D L B R2 U' F2 D' L2 B' R U", f, sizeof f, NULL, 0);
    CHECK_RC(ec_solver_new("optimal", f, 1, "budget=1000", &h, msg, sizeof msg), EC_OK);
    if (!h) return;
    while ((rc = ec_solver_step(h, 1)) == EC_RUNNING) {
    }
    CHECK_RC(rc, EC_GAVE_UP);
    CHECK_RC(ec_solver_solution(h, sol, sizeof sol), EC_E_STATE);
    ec_solver_free(h);
    /* the distance call's bound */
    ec_cube_from_facelets(f, &c, NULL, 0);
    CHECK_RC(ec_optimal_distance(&c, 1000, &len, NULL, 0), EC_BOUND);
    CHECK(len >= 1 && len <= 13, "bound %d", len);
    CHECK_RC(ec_optimal_distance(&c, 0, &len, NULL, 0), EC_E_RANGE);
    CHECK_RC(ec_optimal_distance(&c, -1, &len, mv, 3), EC_E_BUFFER);
}

/* depth after depth from max(2, bound) of cube c, run by `nw` workers taking turns in
 * slices of `slice` nodes; checks each deeper's order; the solution into moves, its length */
static int split_deepening(const ec_cube *c, int nw, int64_t slice, uint8_t *moves, int *reordered)
{
    static opt_split sp;
    static opt_split_worker w[2];
    static uint8_t before[OPT_PREFIXES][OPT_PLEN];
    static int64_t took[OPT_PREFIXES];
    int d = ec__opt_bound(c);
    if (d < 2) d = 2;
    REQUIRE_RC(ec__opt_split_begin(&sp, c, d), EC_OK);
    for (const int first = d;; d++) {
        if (d > 20) {
            CHECK(0, "no solution within 20 moves");
            return -1;
        }
        if (sp.depth != d) REQUIRE_RC(ec__opt_split_deeper(&sp), EC_OK);
        CHECK(sp.depth == d, "the split's depth %d, want %d", sp.depth, d);
        for (int i = 0; i < nw; i++) ec__opt_split_worker_reset(&w[i]);
        if (d > first) { /* the order: the depth before's prefixes by their nodes */
            int ok = 1, moved = 0;
            for (int i = 0; i < sp.nprefix; i++) {
                int j = 0;
                while (j < sp.nprefix && memcmp(before[j], sp.prefix[i], OPT_PLEN)) j++;
                if (j == sp.nprefix) ok = 0;
                else {
                    moved |= j != i;
                    /* most first, and an equal count keeps the earlier order */
                    if (i) {
                        int p = 0;
                        while (p < sp.nprefix && memcmp(before[p], sp.prefix[i - 1], OPT_PLEN)) p++;
                        if (took[p] < took[j] || (took[p] == took[j] && p > j)) ok = 0;
                    }
                }
            }
            CHECK(ok, "depth %d: the prefixes are not the depth before's sorted by their nodes", d);
            *reordered += moved;
        }
        if (nw == 1) CHECK_RC(ec__opt_split_deeper(&sp), EC_E_STATE); /* the depth has not run */
        int64_t end = 0;
        for (int over = 0; !over;) {
            end += slice;
            over = 1;
            for (int i = 0; i < nw; i++) over &= ec__opt_split_run(&sp, &w[i], end);
        }
        REQUIRE_RC(sp.rc, 0);
        if (ec__opt_split_solution(&sp, moves)) {
            CHECK_RC(ec__opt_split_deeper(&sp), EC_E_STATE); /* not after a solution */
            return d;
        }
        memcpy(before, sp.prefix, sizeof before);
        memcpy(took, sp.pnodes, sizeof took);
    }
}

static void split_order(void)
{
    int reordered = 0;
    for (int i = 0; i < 12; i++) {
        ec_cube c;
        scramble(&c, 9 + i % 3);
        int want = -1;
        REQUIRE_RC(ec_optimal_distance(&c, -1, &want, NULL, 0), EC_OK);
        uint8_t a[24], b[24];
        int la = split_deepening(&c, 1, INT64_MAX / 2, a, &reordered);
        int lb = split_deepening(&c, 2, 1000 + 7919 * i, b, &reordered);
        ec_cube t = c;
        ec_cube_moves(&t, a, la);
        CHECK(la == want && ec_cube_is_solved(&t), "scramble %d: the split found %d moves (solved %d), the optimum is %d", i, la, ec_cube_is_solved(&t), want);
        CHECK(lb == la && !memcmp(a, b, (size_t)la), "scramble %d: two workers in slices found another solution", i);
    }
    CHECK(reordered > 0, "no depth's order differed from the one before");
    /* out of range: a depth below the prefixes' two moves or past OPT_MAX_DEPTH, and a depth
     * after OPT_MAX_DEPTH (its prefixes marked done, as after a search without a solution) */
    static opt_split sp;
    ec_cube c;
    ec_cube_solved(&c);
    CHECK_RC(ec__opt_split_begin(&sp, &c, OPT_PLEN - 1), EC_E_RANGE);
    CHECK_RC(ec__opt_split_begin(&sp, &c, OPT_MAX_DEPTH + 1), EC_E_RANGE);
    REQUIRE_RC(ec__opt_split_begin(&sp, &c, OPT_MAX_DEPTH), EC_OK);
    sp.ndone = sp.nprefix;
    CHECK_RC(ec__opt_split_deeper(&sp), EC_E_RANGE);
}

int main(int argc, char **argv)
{
    fixture = argc > 1 ? argv[1] : NULL;
    RUN(errors);
    RUN(build);
    RUN(within5);
    RUN(scrambles);
    RUN(stored);
    RUN(solver_run);
    RUN(steps_match);
    RUN(split_order);
    DONE();
}
