/*
 * test_twophase.c - the two-phase solver: move tables against the cubie model, pruning
 * tables (their depth distributions and breadth-first consistency), 1,000 random states
 * solved and verified, the solved cube, every invalid-cube error, params, stepping
 * independence, random-state scrambles and the distance oracle.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "search/coord.h"
#include "search/symmetry.h"
#include "evocube.h"
#include "search/tables.h"
#include "search/twophase.h"

static const char *SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/* Depth distributions of the pruning tables over every raw coordinate pair (twist x slice,
 * ...), computed by the earlier implementation's breadth-first search over raw pairs with no
 * symmetry (its capped tables pinned the same counts); the maxima are Kociemba's published
 * ones (twistSlice and flipSlice 9, cpermMperm 14, epermCcombp 13). cpermEcombp and
 * cpermFbcombp (no published counts) come from a breadth-first search
 * over their 40,320 x 140 raw pairs without symmetry (a throwaway program, which also found
 * every raw pair's depth equal to its read through the class table). The tables store one row
 * per symmetry class; read through ec__prun_* every raw pair must give these counts. */
static const long want_raw[EC_PRUN_TABLES][16] = {
    {1, 4, 50, 586, 6184, 54066, 296322, 582492, 142520, 340},
    {1, 4, 50, 532, 4804, 41832, 238263, 555636, 172314, 324},
    {1, 4, 46, 504, 5662, 61008, 549711, 2422226, 1431344, 8470},
    {1, 10, 67, 404, 2023, 8504, 28545, 69734, 127540, 179700, 189120, 199200, 116112, 44416, 2304},
    {1, 10, 67, 412, 2214, 10920, 50309, 213214, 780187, 2042394, 2142360, 391912, 10728, 72},
    {1, 10, 67, 408, 2077, 9812, 41853, 148356, 410400, 854154, 1264332, 1322178, 1121504, 430832, 37360, 1456},
    {1, 10, 67, 362, 1614, 6530, 27645, 104179, 318080, 737768, 1239820, 1418420, 1221984, 503936, 61104, 3280},
};
/* the same tables per class entry, as this BFS builds them (pinned), with their sizes */
static const struct {
    long size, dist[16];
} want_class[EC_PRUN_TABLES] = {
    {324L * 495, {1, 2, 14, 109, 924, 7711, 42500, 85534, 23436, 149}},
    {336L * 495, {1, 3, 26, 196, 1054, 6874, 37655, 90336, 30065, 110}},
    {324L * 2048, {1, 2, 12, 91, 845, 8875, 79885, 357785, 214574, 1482}},
    {2768L * 24, {1, 3, 10, 44, 214, 846, 2413, 5122, 8639, 12128, 12571, 12985, 7754, 3366, 336}},
    {2768L * 140, {1, 3, 11, 39, 185, 840, 3581, 14523, 52470, 135834, 146891, 30825, 2279, 38}},
    {2768L * 140, {1, 3, 10, 48, 236, 963, 3540, 11953, 30305, 58556, 84581, 88103, 74450, 30561, 3963, 247}},
    {2768L * 140, {1, 3, 10, 36, 160, 599, 2219, 8022, 23348, 51050, 83606, 94937, 81535, 35648, 5877, 469}},
};

/* A table's raw pair: sizes, move tables, moves, and its bound through the classes. */
typedef struct raw_table {
    int na, nb, nmoves;
    const uint16_t *ma;
    const uint16_t *mb;
    int (*bound)(int, int);
} raw_table;

static uint16_t mperm16[N_MPERM * N_P2MOVES];
static int cm_bound(int cp, int mp) { return ec__prun_cm(cp, mp); }
static int ec_bound(int ep, int cc) { return ec__prun_ec(ep, cc); }
static int ts_bound(int tw, int sl) { return ec__prun_ts(tw, sl); }
static int fs_bound(int fl, int sl) { return ec__prun_fs(fl, sl); }
static int tf_bound(int tw, int fl) { return ec__prun_tf(tw, fl); }
static int ce_bound(int cp, int ec) { return ec__prun_ce(cp, ec); }
static int cf_bound(int cp, int fc) { return ec__prun_cf(cp, fc); }

static raw_table raw_tables(int t)
{
    for (int i = 0; i < N_MPERM * N_P2MOVES; i++) mperm16[i] = ec__mpermMove[i];
    switch (t) {
    case EC_PRUN_TWIST_SLICE: return (raw_table){N_TWIST, N_SLICE, 18, ec__twistMove, ec__sliceMove, ts_bound};
    case EC_PRUN_FLIP_SLICE: return (raw_table){N_FLIP, N_SLICE, 18, ec__flipMove, ec__sliceMove, fs_bound};
    case EC_PRUN_TWIST_FLIP: return (raw_table){N_TWIST, N_FLIP, 18, ec__twistMove, ec__flipMove, tf_bound};
    case EC_PRUN_CPERM_MPERM: return (raw_table){N_PERM8, N_MPERM, 10, ec__cpermMove, mperm16, cm_bound};
    case EC_PRUN_CPERM_ECOMBP: return (raw_table){N_PERM8, N_CCOMBP, 10, ec__cpermMove, ec__ecombpMove, ce_bound};
    case EC_PRUN_CPERM_FBCOMBP: return (raw_table){N_PERM8, N_CCOMBP, 10, ec__cpermMove, ec__fbcombpMove, cf_bound};
    default: return (raw_table){N_PERM8, N_CCOMBP, 10, ec__epermMove, ec__ccombpMove, ec_bound};
    }
}

static void random_cube(ec_rng *r, ec_cube *c, int len, int g1)
{
    static const uint8_t p2[10] = {0, 1, 2, 9, 10, 11, 4, 7, 13, 16};
    ec_cube_solved(c);
    for (int i = 0; i < len; i++) ec_cube_move(c, g1 ? p2[ec_rng_below(r, 10)] : (int)ec_rng_below(r, 18));
}

static void test_move_tables(void)
{
    CHECK_RC(ec_twophase_init(), EC_OK);
    ec_rng r;
    ec_rng_seed(&r, 7);
    int bad = 0, bad2 = 0;
    for (int t = 0; t < 1000; t++) {
        ec_cube c, d;
        random_cube(&r, &c, 30, 0);
        for (int m = 0; m < 18; m++) {
            d = c;
            ec_cube_move(&d, m);
            if (ec__twistMove[ec__get_twist(&c) * 18 + m] != ec__get_twist(&d)) bad++;
            if (ec__flipMove[ec__get_flip(&c) * 18 + m] != ec__get_flip(&d)) bad++;
            if (ec__sliceMove[ec__get_slice(&c) * 18 + m] != ec__get_slice(&d)) bad++;
        }
        random_cube(&r, &c, 30, 1);
        for (int k = 0; k < 10; k++) {
            d = c;
            ec_cube_move(&d, ec__p2_move[k]);
            if (ec__cpermMove[ec__get_cperm(&c) * 10 + k] != ec__get_cperm(&d)) bad2++;
            if (ec__epermMove[ec__get_eperm(&c) * 10 + k] != ec__get_eperm(&d)) bad2++;
            if (ec__mpermMove[ec__get_mperm(&c) * 10 + k] != ec__get_mperm(&d)) bad2++;
            if (ec__ccombpMove[ec__get_ccombp(&c) * 10 + k] != ec__get_ccombp(&d)) bad2++;
            if (ec__cpermToCcombp[ec__get_cperm(&d)] != ec__get_ccombp(&d)) bad2++;
        }
    }
    CHECK(bad == 0, "%d phase-1 move-table entries disagree with the cubie model", bad);
    CHECK(bad2 == 0, "%d phase-2 move-table entries disagree with the cubie model", bad2);
    /* set/get round trips over every value */
    int rt = 0;
    for (int v = 0; v < N_TWIST; v++) {
        ec_cube c;
        ec_cube_solved(&c);
        ec__set_twist(&c, v);
        rt += ec__get_twist(&c) != v || ec_cube_check(&c, NULL, 0) != EC_OK;
    }
    for (int v = 0; v < N_FLIP; v++) {
        ec_cube c;
        ec_cube_solved(&c);
        ec__set_flip(&c, v);
        rt += ec__get_flip(&c) != v || ec_cube_check(&c, NULL, 0) != EC_OK;
    }
    for (int v = 0; v < N_SLICE; v++) {
        ec_cube c;
        ec_cube_solved(&c);
        ec__set_slice(&c, v);
        rt += ec__get_slice(&c) != v;
    }
    for (int v = 0; v < N_PERM8; v++) {
        ec_cube c;
        ec_cube_solved(&c);
        ec__set_cperm(&c, v);
        ec__set_eperm(&c, v);
        rt += ec__get_cperm(&c) != v || ec__get_eperm(&c) != v;
    }
    CHECK(rt == 0, "%d coordinate round trips fail", rt);
    ec_cube solved;
    ec_cube_solved(&solved);
    CHECK(ec__get_slice(&solved) == SLICE_SOLVED && ec__get_twist(&solved) == 0 && ec__get_ccombp(&solved) == 0,
          "solved coordinates");
}

/* The 16 symmetries: a group (D4h) whose first 8 commute (product = xor), mapping every
 * face turn to a face turn; the quarter turn, U2 and F2 are the whole-cube rotations y (or
 * y'), y2 and z2 of the facelet model; every coordinate table agrees with conjugation of
 * random cubes at the cubie level (ec__sym_conj). */
static void test_symmetry(void)
{
    CHECK(ec__symClasses[0] == 324 && ec__symClasses[1] == 336 && ec__symClasses[2] == 2768 && ec__symClasses[3] == 2768,
          "classes: twist %d flip %d cperm %d eperm %d (want 324, 336, 2768, 2768)", ec__symClasses[0],
          ec__symClasses[1], ec__symClasses[2], ec__symClasses[3]);
    int bad = 0;
    for (int s = 0; s < N_SYM; s++) {
        int seen = 0;
        for (int m = 0; m < 18; m++) seen |= ec__symMove[s][m] < 18 ? 1 << ec__symMove[s][m] : 0;
        bad += seen != (1 << 18) - 1;
        bad += ec__symMult[s][ec__symInv[s]] != 0;
        for (int t = 0; t < N_SYM8 && s < N_SYM8; t++) bad += ec__symMult[s][t] != (s ^ t);
    }
    CHECK(bad == 0, "%d faults in the symmetry group or its move map", bad);
    /* rotations of the facelet model: s = 8 (quarter turn about U-D), 4 (U2), 2 (F2) */
    static const struct { int s; const char *rot[2]; } rots[3] = {{8, {"y", "y'"}}, {4, {"y2", "y2"}}, {2, {"z2", "z2"}}};
    ec_rng r;
    ec_rng_seed(&r, 11);
    int agree[3][2] = {{0}};
    for (int i = 0; i < 100; i++) {
        ec_cube c, v, w;
        random_cube(&r, &c, 25, 0);
        char f[EC_FACELETS_SIZE], g[EC_FACELETS_SIZE];
        ec_cube_to_facelets(&c, f, sizeof f);
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 2; j++) {
                ec_facelets_apply(f, rots[k].rot[j], g, sizeof g, NULL, 0);
                ec_cube_from_facelets(g, &v, NULL, 0);
                ec__sym_conj(&c, rots[k].s, &w);
                agree[k][j] += !memcmp(&v, &w, sizeof v);
            }
    }
    for (int k = 0; k < 3; k++)
        CHECK(agree[k][0] == 100 || agree[k][1] == 100, "symmetry %d is not the rotation %s: %d, %d of 100", rots[k].s,
              rots[k].rot[0], agree[k][0], agree[k][1]);
    /* coordinate tables against cubie-level conjugation: any cube (twist, flip, slice) and
     * cubes in G1 (cperm, eperm, mperm, ccombp) */
    int wrong[8] = {0};
    for (int i = 0; i < 300; i++) {
        ec_cube c, g, v;
        random_cube(&r, &c, 25, 0);
        random_cube(&r, &g, 25, 1);
        for (int s = 0; s < N_SYM; s++) {
            if (s < N_SYM8) {
                ec__sym_conj(&c, s, &v);
                wrong[0] += ec__sliceConj[ec__get_slice(&c) * N_SYM8 + s] != ec__get_slice(&v);
                wrong[1] += ec__flipConj[ec__get_flip(&c) * N_SYM8 + s] != ec__get_flip(&v);
            }
            ec__sym_conj(&g, s, &v);
            wrong[2] += ec__mpermConj[ec__get_mperm(&g) * N_SYM + s] != ec__get_mperm(&v);
            wrong[3] += ec__ccombpConj[ec__get_ccombp(&g) * N_SYM + s] != ec__get_ccombp(&v);
        }
        /* each raw value's (class, symmetry): conjugating by the symmetry gives the representative */
        int y = ec__twistSym[ec__get_twist(&c)];
        ec__sym_conj(&c, y & 7, &v);
        wrong[4] += ec__get_twist(&v) != ec__twistRep[y >> 3];
        y = ec__flipSym[ec__get_flip(&c)];
        ec__sym_conj(&c, y & 7, &v);
        wrong[5] += ec__get_flip(&v) != ec__flipRep[y >> 3];
        y = ec__cpermSym[ec__get_cperm(&g)];
        ec__sym_conj(&g, y & 15, &v);
        wrong[6] += ec__get_cperm(&v) != ec__cpermRep[y >> 4];
        y = ec__epermSym[ec__get_eperm(&g)];
        ec__sym_conj(&g, y & 15, &v);
        wrong[7] += ec__get_eperm(&v) != ec__epermRep[y >> 4];
    }
    static const char *names[8] = {"sliceConj", "flipConj", "mpermConj", "ccombpConj", "twistSym", "flipSym", "cpermSym", "epermSym"};
    for (int k = 0; k < 8; k++) CHECK(wrong[k] == 0, "%s disagrees with conjugation %d times", names[k], wrong[k]);
    /* a class's stabiliser: exactly the symmetries that fix its representative */
    int stab = 0;
    for (int c = 0; c < N_PERM_SYM; c++) {
        ec_cube a, v;
        ec_cube_solved(&a);
        ec__set_cperm(&a, ec__cpermRep[c]);
        for (int s = 0; s < N_SYM; s++) {
            ec__sym_conj(&a, s, &v);
            stab += (ec__get_cperm(&v) == ec__cpermRep[c]) != (ec__cpermStab[c] >> s & 1);
        }
    }
    CHECK(stab == 0, "%d corner-permutation stabiliser bits wrong", stab);
}

/* Phase 1's symmetry-coordinate tables (tables.h) against the cubie model: every row
 * (class << 3 | s, the raw value conj_s(rep), canonical or not) moved by every face turn,
 * flipSymRaw, and the bounds read through them equal to the raw-value reads. */
static void test_sym_coords(void)
{
    int bad[3] = {0}, bounds = 0;
    for (int c = 0; c < N_FLIP_SYM; c++)
        for (int s = 0; s < N_SYM8; s++) {
            ec_cube a, v, w;
            ec_cube_solved(&a);
            ec__set_flip(&a, ec__flipRep[c]);
            ec__sym_conj(&a, s, &v);
            bad[2] += ec__flipSymRaw[c << 3 | s] != ec__get_flip(&v);
            for (int m = 0; m < 18; m++) {
                ec_cube_multiply(&v, ec__move_cube(m), &w);
                bad[1] += ec__flipSymMove[(c << 3 | s) * 18 + m] != ec__flipSym[ec__get_flip(&w)];
            }
            if (c >= N_TWIST_SYM) continue;
            ec_cube_solved(&a);
            ec__set_twist(&a, ec__twistRep[c]);
            ec__sym_conj(&a, s, &v);
            for (int m = 0; m < 18; m++) {
                ec_cube_multiply(&v, ec__move_cube(m), &w);
                bad[0] += ec__twistSymMove[(c << 3 | s) * 18 + m] != ec__twistSym[ec__get_twist(&w)];
            }
        }
    CHECK(bad[0] == 0, "%d twistSymMove entries disagree with the cubie model", bad[0]);
    CHECK(bad[1] == 0, "%d flipSymMove entries disagree with the cubie model", bad[1]);
    CHECK(bad[2] == 0, "%d flipSymRaw entries disagree with conjugation", bad[2]);
    ec_rng r;
    ec_rng_seed(&r, 12);
    for (int i = 0; i < 3000; i++) {
        ec_cube c;
        random_cube(&r, &c, 25, 0);
        int tw = ec__get_twist(&c), fl = ec__get_flip(&c), sl = ec__get_slice(&c);
        int tws = ec__twistSym[tw], fls = ec__flipSym[fl];
        bounds += ec__prun_ts_sym(tws, sl) != ec__prun_ts(tw, sl);
        bounds += ec__prun_fs_sym(fls, sl) != ec__prun_fs(fl, sl);
        bounds += ec__prun_tf_sym(tws, fls) != ec__prun_tf(tw, fl);
    }
    CHECK(bounds == 0, "%d bounds read through symmetry coordinates differ from the raw reads", bounds);
}

/* Phase 2's symmetry coordinates (tables.h) along random phase-2 walks: each move keeps the
 * coordinate a true one (conjugating the cube by its symmetry gives its class's
 * representative), and the bound ec__prun2_sym equals the raw reads of the cube and its
 * inverse. */
static void test_p2_sym_coords(void)
{
    ec_rng r;
    ec_rng_seed(&r, 13);
    int moved = 0, bounds = 0;
    for (int i = 0; i < 300; i++) {
        ec_cube g, t, v, inv;
        random_cube(&r, &g, 25, 1);
        int cs = ec__cpermSym[ec__get_cperm(&g)], es = ec__epermSym[ec__get_eperm(&g)];
        for (int k = 0; k < 20; k++) {
            int m = (int)ec_rng_below(&r, N_P2MOVES);
            ec_cube_multiply(&g, ec__move_cube(ec__p2_move[m]), &t);
            g = t;
            cs = ec__cperm_sym_move(cs, m);
            es = ec__eperm_sym_move(es, m);
            ec__sym_conj(&g, cs & 15, &v);
            moved += ec__get_cperm(&v) != ec__cpermRep[cs >> 4];
            ec__sym_conj(&g, es & 15, &v);
            moved += ec__get_eperm(&v) != ec__epermRep[es >> 4];
            int cp = ec__get_cperm(&g), ep = ec__get_eperm(&g), mp = ec__get_mperm(&g);
            ec_cube_inverse(&g, &inv);
            int icp = ec__get_cperm(&inv), iep = ec__get_eperm(&inv), imp = ec__get_mperm(&inv);
            int raw = ec__prun_cm(cp, mp), b;
            if ((b = ec__prun_ec(ep, ec__get_ccombp(&g))) > raw) raw = b;
            if ((b = ec__prun_ec(iep, ec__get_ccombp(&inv))) > raw) raw = b;
            if ((b = ec__prun_cm(icp, imp)) > raw) raw = b;
            if ((b = ec__prun_ce(cp, ec__get_ecombp(&g))) > raw) raw = b;
            if ((b = ec__prun_ce(icp, ec__get_ecombp(&inv))) > raw) raw = b;
            if ((b = ec__prun_cf(cp, ec__get_fbcombp(&g))) > raw) raw = b;
            if ((b = ec__prun_cf(icp, ec__get_fbcombp(&inv))) > raw) raw = b;
            bounds += ec__prun2_sym(cs, es, mp, 99) != raw;
            bounds += ec__prun2_all(cs, es, mp) != raw;
            bounds += ec__prun_ce_sym(cs, es) != ec__prun_ce(cp, ec__get_ecombp(&g));
            bounds += ec__prun_cf_sym(cs, es) != ec__prun_cf(cp, ec__get_fbcombp(&g));
            bounds += ec__prun_ec_sym(es, cs) != ec__prun_ec(ep, ec__get_ccombp(&g));
            bounds += ec__prun_cm_sym(cs, mp) != ec__prun_cm(cp, mp);
        }
    }
    CHECK(moved == 0, "%d phase-2 symmetry-coordinate moves lead off the cube", moved);
    CHECK(bounds == 0, "%d phase-2 bounds through symmetry coordinates differ from the raw reads", bounds);
}

static void test_pruning_tables(void)
{
    for (int t = 0; t < EC_PRUN_TABLES; t++) {
        long counts[EC_PRUN_MAX_DEPTH], sum = 0;
        long n = ec__prun_distribution(t, counts);
        CHECK(n == want_class[t].size, "table %d has %ld entries, want %ld", t, n, want_class[t].size);
        int same = 1;
        for (int d = 0; d < EC_PRUN_MAX_DEPTH; d++) {
            sum += counts[d];
            if (counts[d] != want_class[t].dist[d]) same = 0;
        }
        CHECK(same, "table %d: depth distribution differs from the pinned one", t);
        CHECK(sum == n, "table %d: %ld entries have a depth, of %ld", t, sum, n);
        /* every raw pair through its class: the raw tables' distribution */
        raw_table rt = raw_tables(t);
        long raw[16] = {0};
        for (int a = 0; a < rt.na; a++)
            for (int b = 0; b < rt.nb; b++) raw[rt.bound(a, b)]++;
        same = 1;
        for (int d = 0; d < 16; d++) same &= raw[d] == want_raw[t][d];
        CHECK(same, "table %d: the raw pairs' depths differ from the known distribution", t);
        /* BFS consistency of raw pairs, sampled: every pair at depth d > 0 has a neighbour at
         * d - 1 and none below */
        int bad = 0;
        ec_rng r;
        ec_rng_seed(&r, (uint64_t)t + 100);
        for (int s = 0; s < 20000; s++) {
            int a = (int)ec_rng_below(&r, (uint32_t)rt.na), b = (int)ec_rng_below(&r, (uint32_t)rt.nb);
            int v = rt.bound(a, b), lo = 99;
            for (int k = 0; k < rt.nmoves; k++) {
                int w = rt.bound(rt.ma[a * rt.nmoves + k], rt.mb[b * rt.nmoves + k]);
                if (w < lo) lo = w;
            }
            if ((v == 15 && !want_raw[t][15]) || (v > 0 && lo != v - 1) || (v == 0 && lo > 1)) bad++;
        }
        CHECK(bad == 0, "table %d: %d sampled pairs break the BFS invariant", t, bad);
    }
    /* 3.3 MB since the phase-1 and phase-2 symmetry-coordinate move tables, 3.7 MB since
     * cpermEcombp and cpermFbcombp (tables.h) */
    CHECK(ec__tables_bytes() < 4096L * 1024, "tables take %ld bytes", ec__tables_bytes());
}

/* Solve facelets f with params; returns the length, or -1 (after a failed check). */
static int solve(const char *f, const char *params, int work, char *sol, int size)
{
    ec_solver *h = NULL;
    char msg[256];
    int rc = ec_solver_new("twophase", f, 1, params, &h, msg, sizeof msg);
    CHECK_RC(rc, EC_OK);
    if (rc) return -1;
    while ((rc = ec_solver_step(h, work)) == EC_RUNNING) {
        ec_progress rec[64];
        int n;
        do ec_solver_progress(h, rec, 64, &n);
        while (n == 64);
    }
    CHECK_RC(rc, EC_DONE);
    int len = -1;
    if (rc == EC_DONE && ec_solver_solution(h, sol, size) == EC_OK) {
        int m[3];
        ec_alg_metrics(sol, m, NULL, 0);
        len = m[0];
    }
    ec_solver_free(h);
    return len;
}

static void test_random_states(void)
{
    int bad = 0, over = 0, over20 = 0;
    char sol[512], f[EC_FACELETS_SIZE];
    for (int i = 0; i < 1000; i++) {
        ec_cube c;
        ec_random_state(5000 + (uint32_t)i, &c);
        ec_cube_to_facelets(&c, f, sizeof f);
        /* most with a small budget (keep the suite fast), every 100th with the defaults */
        int full = i % 100 == 0;
        int len = solve(f, full ? "" : "maxLength=23,budget=0", 5, sol, sizeof sol);
        if (len < 0 || ec_verify(f, sol, NULL, 0) != EC_OK) bad++;
        if (len > 23) over++;
        if (full && len > 20) over20++;
    }
    CHECK(bad == 0, "%d of 1,000 random states not solved and verified", bad);
    CHECK(over == 0, "%d solutions longer than 23 moves", over);
    CHECK(over20 == 0, "%d of 10 default-param solutions longer than 20 moves", over20);
}

static void test_solved_and_small(void)
{
    ec_solver *h = NULL;
    char buf[4096];
    REQUIRE_RC(ec_solver_new("twophase", SOLVED, 1, "", &h, NULL, 0), EC_OK);
    CHECK_RC(ec_solver_status(h), EC_DONE);
    CHECK_RC(ec_solver_solution(h, buf, sizeof buf), EC_OK);
    CHECK_STR(buf, "");
    ec_solver_free(h);
    /* a re-oriented solved cube (centres elsewhere) is solved too */
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "x y", f, sizeof f, NULL, 0);
    REQUIRE_RC(ec_solver_new("twophase", f, 1, "", &h, NULL, 0), EC_OK);
    CHECK_RC(ec_solver_status(h), EC_DONE);
    ec_solver_solution(h, buf, sizeof buf);
    CHECK_STR(buf, "");
    ec_solver_free(h);
    /* short scrambles get their optimal solutions */
    static const struct {
        const char *scramble;
        int len;
    } small[] = {{"R", 1}, {"R U", 2}, {"R U F", 3}, {"R U R' U'", 4}, {"F2 D' L B2", 4}, {"R L U2 F' B D", 6}};
    for (unsigned i = 0; i < sizeof small / sizeof small[0]; i++) {
        ec_facelets_apply(NULL, small[i].scramble, f, sizeof f, NULL, 0);
        int len = solve(f, "", 1, buf, sizeof buf);
        CHECK(len == small[i].len, "%s solved in %d moves (%s), want %d", small[i].scramble, len, buf, small[i].len);
        CHECK_RC(ec_verify(f, buf, NULL, 0), EC_OK);
    }
    /* a scrambled cube in another orientation */
    ec_facelets_apply(NULL, "R U F' D2 L B y z'", f, sizeof f, NULL, 0);
    int len = solve(f, "", 3, buf, sizeof buf);
    CHECK(len == 6, "re-oriented 6-mover solved in %d", len);
    CHECK_RC(ec_verify(f, buf, NULL, 0), EC_OK);
}

static void set(char *f, int i, char c) { f[i] = c; }

static void test_invalid(void)
{
    struct {
        int want;
        char f[60];
    } cases[12];
    for (int i = 0; i < 12; i++) strcpy(cases[i].f, SOLVED);
    cases[0].want = EC_E_FACELETS_LENGTH;
    cases[0].f[53] = '\0';
    cases[1].want = EC_E_FACELETS_CHAR;
    set(cases[1].f, 3, 'X');
    cases[2].want = EC_E_COLOR_COUNT;
    set(cases[2].f, 0, 'R');
    cases[3].want = EC_E_CENTERS; /* two R centres (counts kept) */
    set(cases[3].f, 4, 'R'), set(cases[3].f, 9, 'U');
    cases[4].want = EC_E_CENTERS_MIRROR; /* U and D centres swapped alone: a mirror */
    set(cases[4].f, 4, 'D'), set(cases[4].f, 31, 'U');
    cases[5].want = EC_E_EDGE_INVALID; /* UF shows U and D */
    set(cases[5].f, 19, 'D'), set(cases[5].f, 28, 'F');
    cases[6].want = EC_E_EDGE_DUPLICATE; /* UF shows UR; a corner takes the spare colour */
    set(cases[6].f, 19, 'R'), set(cases[6].f, 9, 'F');
    cases[7].want = EC_E_CORNER_INVALID; /* URF reads U L F (mirror order) */
    set(cases[7].f, 9, 'L'), set(cases[7].f, 36, 'R');
    cases[8].want = EC_E_CORNER_DUPLICATE; /* UFL shows URF; DRB takes the spare colour */
    set(cases[8].f, 18, 'R'), set(cases[8].f, 38, 'F'), set(cases[8].f, 17, 'L');
    cases[9].want = EC_E_FLIP; /* UF flipped */
    set(cases[9].f, 7, 'F'), set(cases[9].f, 19, 'U');
    cases[10].want = EC_E_TWIST; /* URF twisted */
    set(cases[10].f, 8, 'R'), set(cases[10].f, 9, 'F'), set(cases[10].f, 20, 'U');
    cases[11].want = EC_E_PARITY; /* UR and UF swapped */
    set(cases[11].f, 10, 'F'), set(cases[11].f, 19, 'R');
    for (int i = 0; i < 12; i++) {
        ec_solver *h = (ec_solver *)1;
        char msg[256] = "";
        int rc = ec_solver_new("twophase", cases[i].f, 1, "", &h, msg, sizeof msg);
        CHECK(rc == cases[i].want, "case %d: status %d, want %d (%s)", i, rc, cases[i].want, msg);
        CHECK(h == NULL, "case %d: a handle was returned", i);
        CHECK(msg[0] != '\0', "case %d: no message", i);
        CHECK(ec_distance_facelets(cases[i].f, 0, NULL, 0) == cases[i].want, "case %d: distance", i);
    }
    ec_solver *h = NULL;
    char msg[256];
    CHECK_RC(ec_solver_new("twophase", SOLVED, 1, "maxLength=31", &h, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK_RC(ec_solver_new("twophase", SOLVED, 1, "budget=-1", &h, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK_RC(ec_solver_new("twophase", SOLVED, 1, "directions=2.5", &h, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK_RC(ec_solver_new("twophase", SOLVED, 1, "depth=3", &h, msg, sizeof msg), EC_E_PARAM_UNKNOWN);
}

static void test_stepping(void)
{
    /* the same run in steps of 1 and of 1,000 units gives the same solution and records */
    char f[EC_FACELETS_SIZE], a[512], b[512];
    ec_cube c;
    ec_random_state(77, &c);
    ec_cube_to_facelets(&c, f, sizeof f);
    int la = solve(f, "budget=300000,maxLength=17", 1, a, sizeof a);
    int lb = solve(f, "budget=300000,maxLength=17", 1000, b, sizeof b);
    CHECK(la == lb && !strcmp(a, b), "step sizes change the result: %s / %s", a, b);
    /* improving mode: one record per unit and one per shorter solution (numbered on, best
     * never increases, evaluations grow by at most 1,000 a step); every reported solution
     * solves the cube; the lengths drop at least twice before the budget ends */
    char g[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U F D L B R2 U2 F' D' L2 B'", g, sizeof g, NULL, 0); /* 22, 21, 17, 12 */
    ec_solver *h;
    ec_solver_new("twophase", g, 1, "budget=50000,maxLength=0,firstSolution=1", &h, NULL, 0);
    int rc, steps = 0, mono = 1, records = 0, drops = 0, unsolved = 0;
    double last_best = 1e9;
    int64_t last_eval = 0;
    while ((rc = ec_solver_step(h, 1)) == EC_RUNNING || rc == EC_DONE) {
        ec_progress p[8];
        int n;
        ec_solver_progress(h, p, 8, &n);
        steps++;
        if (n < 1 || n == 8 || p[n - 1].evaluations - last_eval > 1000) mono = 0;
        for (int i = 0; i < n; i++) {
            if (p[i].gen != ++records || (p[i].best >= 0 && p[i].best > last_best)) mono = 0;
            if (p[i].best >= 0 && p[i].best < last_best) {
                drops++;
                ec_cube c2;
                ec_cube_from_facelets(g, &c2, NULL, 0);
                ec_cube_moves(&c2, p[i].moves, p[i].n_moves);
                unsolved += !ec_cube_is_solved(&c2) || p[i].n_moves != (int)p[i].best;
            }
            if (p[i].best >= 0) last_best = p[i].best;
        }
        last_eval = p[n - 1].evaluations;
        if (rc == EC_DONE) break;
    }
    CHECK(mono, "progress records per step are not as documented");
    CHECK(drops >= 3 && last_best == 12 && unsolved == 0, "%d shorter solutions reported, %d of them not solving", drops, unsolved);
    CHECK(records > steps, "%d records in %d steps: no record for a shorter solution", records, steps);
    CHECK_RC(rc, EC_DONE);
    CHECK(ec_solver_progress_pending(h) == 0, "records left over");
    CHECK(steps > 50, "a 50,000-node budget took %d steps", steps);
    ec_solver_free(h);
    /* target mode: maxLength 17 is not reachable in 20,000 nodes for this state, so the
     * search takes a longer one; maxLength=20 is found at once (<= 20 moves) */
    la = solve(f, "maxLength=17,budget=0", 1000, a, sizeof a);
    CHECK(la > 17 && la <= 30 && ec_verify(f, a, NULL, 0) == EC_OK, "maxLength=17 budget=0: %d moves", la);
    la = solve(f, "maxLength=20", 1000, a, sizeof a);
    CHECK(la <= 20 && ec_verify(f, a, NULL, 0) == EC_OK, "maxLength=20: %d moves", la);
}

/* The default run lists its improving solutions (each record's best solves the cube and
 * is shorter than the one before) and stops at the first of at most maxLength (20) moves:
 * every listed solution but the last is longer than 20, the last is at most 20. Some
 * random states' first solution is longer than 20 (the run goes on past it); listNodes=0
 * gives a single solution; maxLength=19 asks for shorter. */
static int list_run(const char *f, const char *params, int *lens, int cap, int *n)
{
    ec_solver *h = NULL;
    char msg[256], text[512];
    int rc = ec_solver_new("twophase", f, 1, params, &h, msg, sizeof msg), bad = 0;
    CHECK_RC(rc, EC_OK);
    if (rc) return -1;
    *n = 0;
    ec_progress rec[64];
    int got;
    do {
        rc = ec_solver_step(h, 3);
        do {
            ec_solver_progress(h, rec, 64, &got);
            for (int i = 0; i < got; i++) {
                if (rec[i].best_length < 0 || (*n && lens[*n - 1] == rec[i].best_length)) continue;
                if (*n && rec[i].best_length > lens[*n - 1]) bad++; /* a longer one listed */
                if (ec_alg_format(rec[i].moves, rec[i].n_moves, text, sizeof text) != EC_OK ||
                    ec_verify(f, text, NULL, 0) != EC_OK)
                    bad++;
                if (*n < cap) lens[(*n)++] = rec[i].best_length;
            }
        } while (got == 64);
    } while (rc == EC_RUNNING);
    CHECK_RC(rc, EC_DONE);
    int m[3] = {-1, 0, 0};
    if (ec_solver_solution(h, text, sizeof text) == EC_OK) ec_alg_metrics(text, m, NULL, 0);
    CHECK(*n > 0 && m[0] == lens[*n - 1], "the solution (%d moves) is not the last listed (%d)", m[0],
          *n ? lens[*n - 1] : -1);
    ec_solver_free(h);
    return bad;
}

static void test_default_list(void)
{
    int lens[32], n, bad = 0, early = 0, went_on = 0, singles = 0, states = 12;
    char f[EC_FACELETS_SIZE];
    for (int i = 0; i < states; i++) {
        ec_cube c;
        ec_random_state(100 + (uint32_t)i, &c);
        ec_cube_to_facelets(&c, f, sizeof f);
        bad += list_run(f, "", lens, 32, &n);
        for (int k = 0; k + 1 < n; k++) early += lens[k] <= 20; /* went on after one <= 20 */
        if (n == 0 || lens[n - 1] > 20) early++;
        went_on += n > 1;
        bad += list_run(f, "listNodes=0", lens, 32, &n);
        singles += n == 1 && lens[0] <= 20;
    }
    CHECK(bad == 0, "%d listed solutions that do not solve their cube or are longer than the one before", bad);
    CHECK(early == 0, "%d runs that did not stop at their first solution of at most 20 moves", early);
    CHECK(went_on >= states / 4, "only %d of %d runs listed a solution longer than 20 before one of at most 20",
          went_on, states);
    CHECK(singles == states, "listNodes=0: %d of %d runs gave a single solution of at most 20", singles, states);
    /* maxLength=19: the run goes on past 20 to at most 19 */
    ec_cube c;
    ec_random_state(104, &c);
    ec_cube_to_facelets(&c, f, sizeof f);
    CHECK(list_run(f, "maxLength=19", lens, 32, &n) == 0, "maxLength=19: a bad listed solution");
    CHECK(n > 0 && lens[n - 1] <= 19, "maxLength=19 ended at %d moves", n ? lens[n - 1] : -1);
    /* a 6-move scramble: the list's first solution is short enough, but the cube may be near,
     * so the run goes on to its optimum */
    ec_facelets_apply(NULL, "R U F' L2 D B", f, sizeof f, NULL, 0);
    CHECK(list_run(f, "", lens, 32, &n) == 0, "6-move scramble: a bad listed solution");
    CHECK(n > 0 && lens[n - 1] == 6, "the 6-move scramble ended at %d moves", n ? lens[n - 1] : -1);
}

static void test_random_state_scrambles(void)
{
    int bad = 0, long_ = 0, differ = 0;
    char prev[256] = "";
    for (uint32_t seed = 1; seed <= 12; seed++) {
        char s1[256], s2[256], f[EC_FACELETS_SIZE], g[EC_FACELETS_SIZE];
        CHECK_RC(ec_scramble_random_state_text(seed, s1, sizeof s1), EC_OK);
        CHECK_RC(ec_scramble_random_state_text(seed, s2, sizeof s2), EC_OK);
        if (strcmp(s1, s2)) bad++;
        int m[3];
        ec_alg_metrics(s1, m, NULL, 0);
        if (m[0] > 20) long_++;
        ec_cube c;
        ec_random_state(seed, &c);
        ec_cube_to_facelets(&c, f, sizeof f);
        ec_facelets_apply(NULL, s1, g, sizeof g, NULL, 0);
        if (strcmp(f, g)) bad++;
        if (strcmp(prev, s1)) differ++;
        strcpy(prev, s1);
    }
    CHECK(bad == 0, "%d scrambles not deterministic or not producing their state", bad);
    CHECK(long_ == 0, "%d scrambles longer than 20 moves", long_);
    CHECK(differ == 12, "only %d distinct consecutive scrambles", differ);
    char tiny[8];
    CHECK_RC(ec_scramble_random_state_text(1, tiny, sizeof tiny), EC_E_BUFFER);
    CHECK_RC(ec_scramble_random_state_text(1, NULL, 10), EC_E_NULL);
    /* uniformity, roughly: corner slot 0 holds each corner about 1/8 of the time, each
     * twist 1/3, odd permutations half the time */
    int hold[8] = {0}, tw[3] = {0}, odd = 0, N = 24000, ok = 1;
    for (int i = 0; i < N; i++) {
        ec_cube c;
        ec_random_state((uint32_t)i + 1000000, &c);
        hold[c.cp[0]]++;
        tw[c.co[7]]++;
        int inv = 0;
        for (int a = 0; a < 8; a++)
            for (int b = a + 1; b < 8; b++) inv += c.cp[a] > c.cp[b];
        odd += inv & 1;
        if (ec_cube_check(&c, NULL, 0) != EC_OK) ok = 0;
    }
    CHECK(ok, "a random state is not a valid cube");
    for (int k = 0; k < 8; k++) CHECK(abs(hold[k] - N / 8) < 300, "corner %d in slot 0 %d times", k, hold[k]);
    for (int k = 0; k < 3; k++) CHECK(abs(tw[k] - N / 3) < 400, "twist %d %d times", k, tw[k]);
    CHECK(abs(odd - N / 2) < 450, "odd permutations %d of %d", odd, N);
}

static void test_distance(void)
{
    ec_cube c;
    ec_cube_solved(&c);
    CHECK(ec_distance(&c, 0) == 0, "solved distance");
    uint8_t rm[] = {3, 0}; /* R U */
    ec_cube_moves(&c, rm, 2);
    CHECK(ec_distance(&c, 0) == 2, "R U distance %d", ec_distance(&c, 0));
    CHECK_RC(ec_distance(NULL, 0), EC_E_NULL);
    CHECK_RC(ec_distance(&c, -1), EC_E_RANGE);
    char f[EC_FACELETS_SIZE], msg[128];
    int worse = 0, nondet = 0;
    for (uint32_t seed = 1; seed <= 30; seed++) {
        ec_random_state(seed, &c);
        int d0 = ec_distance(&c, 0), d1 = ec_distance(&c, 20000), d1b = ec_distance(&c, 20000);
        ec_cube_to_facelets(&c, f, sizeof f);
        if (d1 != d1b || ec_distance_facelets(f, 20000, NULL, 0) != d1) nondet++;
        if (d1 > d0 || d0 > 30 || d1 < 1) worse++;
    }
    CHECK(nondet == 0, "%d distances not deterministic", nondet);
    CHECK(worse == 0, "%d distances grew with the budget or are out of range", worse);
    CHECK_RC(ec_distance_facelets(SOLVED, -5, msg, sizeof msg), EC_E_RANGE);
    CHECK_RC(ec_distance_facelets("UUU", 0, msg, sizeof msg), EC_E_FACELETS_LENGTH);
}

/* Wrong symmetry definitions fail the build with EC_E_INTERNAL (before this check existed
 * the first one read and wrote past the class tables: more classes than they hold); then the
 * right one builds again (test_symmetry checks what it built). */
static void test_symmetry_checks(void)
{
    struct { const char *what; int gen, field, slot, value; } plants[] = {
        {"U4 with an unflipped slice edge (more classes)", 0, 3, 8, 0},
        {"U4 with a corner twisted", 0, 1, 0, 1},
        {"F2 with a corner twice (no permutation)", 1, 0, 0, 4},
        {"F2 with an edge out of range", 1, 2, 3, 12},
        {"LR2 unmarked as a mirror", 2, 1, 0, 0},
        {"LR2 with every corner unmarked (a rotation that is none)", 2, 1, -1, 0},
        {"U4 as the identity (16 elements are not distinct)", 0, 4, 0, 0},
        {"F2 with a corner orientation past a mirror's", 1, 1, 2, 6},
    };
    for (size_t i = 0; i < sizeof plants / sizeof plants[0]; i++) {
        ec_cube gen[3];
        memcpy(gen, ec__symGen, sizeof gen);
        ec_cube *g = &gen[plants[i].gen];
        uint8_t *f = plants[i].field == 0 ? g->cp : plants[i].field == 1 ? g->co : plants[i].field == 2 ? g->ep : g->eo;
        if (plants[i].field == 4) ec_cube_solved(g);
        else if (plants[i].slot < 0) memset(f, plants[i].value, 8);
        else f[plants[i].slot] = (uint8_t)plants[i].value;
        int rc = ec__symmetry_build(gen);
        CHECK(rc == EC_E_INTERNAL, "planted %s: status %d, want EC_E_INTERNAL", plants[i].what, rc);
    }
    CHECK(ec__symmetry_init() == EC_OK, "the right definition builds again after the planted ones");
}

int main(void)
{
    test_move_tables();
    test_symmetry_checks();
    test_symmetry();
    test_pruning_tables();
    test_sym_coords();
    test_p2_sym_coords();
    test_solved_and_small();
    test_invalid();
    test_stepping();
    test_distance();
    test_random_state_scrambles();
    test_default_list();
    test_random_states();
    DONE();
}
