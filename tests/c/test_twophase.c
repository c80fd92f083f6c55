/*
 * test_twophase.c - the two-phase solver: move tables against the cubie model, pruning
 * tables (their depth distributions and breadth-first consistency), 1,000 random states
 * solved and verified, the solved cube, every invalid-cube error, params, stepping
 * independence, random-state scrambles and the distance oracle.
 */
#include <stdlib.h>

#include "check.h"
#include "search/coord.h"
#include "search/symmetry.h"
#include "evocube.h"
#include "search/tables.h"
#include "search/twophase.h"

static const char *SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/* Depth distributions of the pruning tables (entries at depth 0, 1, ...), computed by this
 * implementation's BFS and pinned here; the totals are the coordinate products and the
 * depth-1 counts are checked independently below. The tables are built with depth caps
 * (tables.c): the last bucket holds every entry at least that deep. Uncapped, this BFS
 * gives twistSlice ... 142520, 340 (depth 9: Kociemba's published maximum for it),
 * flipSlice ... 172314, 324 (also 9), cpermMperm ... 116112, 44416, 2304 (14), epermCcombp
 * ... 2042394, 2142360, 391912, 10728, 72 (13). twistFlip is stored per twist class (567 classes
 * under y2, x2, z2); over all 2187 x 2048 states it reads 1, 4, 46, 504, 5662, 61008,
 * 549711, 2422226, 1431344, 8470 uncapped, which the state-level check below samples. */
static const int cap[EC_PRUN_TABLES] = {8, 8, 8, 12, 9}; /* the clamped depth */
static const long want_dist[EC_PRUN_TABLES][15] = {
    {1, 4, 50, 586, 6184, 54066, 296322, 582492, 142860}, /* capped: 8 = 8 or 9 */
    {1, 4, 50, 532, 4804, 41832, 238263, 555636, 172638}, /* capped: 8 = 8 or 9 */
    {1, 2, 16, 152, 1547, 16087, 143458, 628853, 371100}, /* per twist class, capped */
    {1, 10, 67, 404, 2023, 8504, 28545, 69734, 127540, 179700, 189120, 199200, 162832}, /* 12 = 12..14 */
    {1, 10, 67, 412, 2214, 10920, 50309, 213214, 780187, 4587466}, /* 9 = 9..13 */
};
static const long want_size[EC_PRUN_TABLES] = {2187L * 495, 2048L * 495, 567L * 2048,
                                               40320L * 24, 40320L * 140};

static void random_cube(ec_rng *r, ec_cube *c, int len, int g1)
{
    static const uint8_t p2[10] = {0, 1, 2, 9, 10, 11, 4, 7, 13, 16};
    ec_cube_solved(c);
    for (int i = 0; i < len; i++) ec_cube_move(c, g1 ? p2[ec_rng_below(r, 10)] : (int)ec_rng_below(r, 18));
}

/* The coordinates of a pruning table's entry after move k (k over that table's moves). */
static uint32_t table_neighbour(int t, uint32_t i, int k)
{
    switch (t) {
    case EC_PRUN_TWIST_SLICE:
        return (uint32_t)ec__twistMove[(i / N_SLICE) * 18 + k] * N_SLICE + ec__sliceMove[(i % N_SLICE) * 18 + k];
    case EC_PRUN_FLIP_SLICE:
        return (uint32_t)ec__flipMove[(i / N_SLICE) * 18 + k] * N_SLICE + ec__sliceMove[(i % N_SLICE) * 18 + k];
    case EC_PRUN_CPERM_MPERM:
        return (uint32_t)ec__cpermMove[(i / N_MPERM) * 10 + k] * N_MPERM + ec__mpermMove[(i % N_MPERM) * 10 + k];
    default:
        return (uint32_t)ec__epermMove[(i / N_CCOMBP) * 10 + k] * N_CCOMBP + ec__ccombpMove[(i % N_CCOMBP) * 10 + k];
    }
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

/* The rotations' conjugations of twist and flip agree with the facelet model: the cube seen
 * after y2 (x2, z2), colours renamed after the centres. */
static void test_symmetry(void)
{
    static const char *rot[N_KLEIN] = {"", "y2", "x2", "z2"};
    ec_rng r;
    ec_rng_seed(&r, 11);
    int bad = 0;
    for (int i = 0; i < 200; i++) {
        ec_cube c, v;
        random_cube(&r, &c, 25, 0);
        char f[EC_FACELETS_SIZE], g[EC_FACELETS_SIZE];
        ec_cube_to_facelets(&c, f, sizeof f);
        for (int s = 0; s < N_KLEIN; s++) {
            ec_facelets_apply(f, rot[s], g, sizeof g, NULL, 0);
            ec_cube_from_facelets(g, &v, NULL, 0);
            if (ec__twistConj[s][ec__get_twist(&c)] != ec__get_twist(&v)) bad++;
            if (ec__flipConj[s][ec__get_flip(&c)] != ec__get_flip(&v)) bad++;
        }
    }
    CHECK(bad == 0, "%d rotation conjugates disagree with the facelet model", bad);
    int cls = 0;
    for (int tw = 0; tw < N_TWIST; tw++)
        cls += ec__twistConj[ec__twist2sym[tw]][tw] != ec__classRep[ec__twist2class[tw]];
    CHECK(cls == 0 && ec__twistClasses == 567, "%d twists off their class; %d classes", cls, ec__twistClasses);
}

static void test_pruning_tables(void)
{
    for (int t = 0; t < EC_PRUN_TABLES; t++) {
        long counts[EC_PRUN_MAX_DEPTH], sum = 0;
        long n = ec__prun_distribution(t, counts);
        CHECK(n == want_size[t], "table %d has %ld entries, want %ld", t, n, want_size[t]);
        int same = 1;
        for (int d = 0; d < EC_PRUN_MAX_DEPTH; d++) {
            sum += counts[d];
            if (counts[d] != (d < 15 ? want_dist[t][d] : 0)) same = 0;
        }
        CHECK(same, "table %d: depth distribution differs from the pinned one", t);
        CHECK(sum == n, "table %d: %ld entries have a depth, of %ld", t, sum, n);
        /* BFS consistency on a sample: every entry at depth d > 0 has a neighbour at d - 1
         * and none below; entry 15 (unreached) never appears */
        int nmoves = t < EC_PRUN_CPERM_MPERM ? 18 : 10, bad = 0;
        ec_rng r;
        ec_rng_seed(&r, (uint64_t)t + 100);
        for (int s = 0; s < 20000 && t == EC_PRUN_TWIST_FLIP; s++) { /* by state, through the classes */
            int tw = (int)ec_rng_below(&r, N_TWIST), fl = (int)ec_rng_below(&r, N_FLIP);
            int v = ec__prun_tf(tw, fl), lo = 99;
            for (int k = 0; k < 18; k++) {
                int w = ec__prun_tf(ec__twistMove[tw * 18 + k], ec__flipMove[fl * 18 + k]);
                if (w < lo) lo = w;
            }
            if (v == 15 || (v > 0 && v < cap[t] && lo != v - 1) || lo < v - 1 || (v == 0 && (tw || fl))) bad++;
        }
        for (int s = 0; s < 20000 && t != EC_PRUN_TWIST_FLIP; s++) {
            uint32_t i = ec_rng_below(&r, (uint32_t)n);
            int v = ec__prun_get(ec__prun[t], i), lo = 99;
            for (int k = 0; k < nmoves; k++) {
                int w = ec__prun_get(ec__prun[t], table_neighbour(t, i, k));
                if (w < lo) lo = w;
            }
            /* a clamped entry only has a neighbour at v - 1 or v */
            int exact = v < cap[t];
            if (v == 15 || (v > 0 && exact && lo != v - 1) || (!exact && lo < v - 1) || (v == 0 && lo > 1)) bad++;
        }
        CHECK(bad == 0, "table %d: %d sampled entries break the BFS invariant", t, bad);
    }
    /* depth-1 counts, independently: distinct coordinate pairs one face turn from solved */
    int pairs[3][18], np[3] = {0, 0, 0};
    for (int m = 0; m < 18; m++) {
        ec_cube c;
        ec_cube_solved(&c);
        ec_cube_move(&c, m);
        int key[3] = {ec__get_twist(&c) * N_SLICE + ec__get_slice(&c), ec__get_flip(&c) * N_SLICE + ec__get_slice(&c),
                      ec__get_twist(&c) * N_FLIP + ec__get_flip(&c)};
        int solved_key[3] = {SLICE_SOLVED, SLICE_SOLVED, 0};
        for (int t = 0; t < 3; t++) {
            int dup = key[t] == solved_key[t];
            for (int j = 0; j < np[t]; j++) dup |= pairs[t][j] == key[t];
            if (!dup) pairs[t][np[t]++] = key[t];
        }
    }
    for (int t = 0; t < 2; t++) CHECK(np[t] == want_dist[t][1], "table %d: %d pairs at depth 1", t, np[t]);
    /* twistFlip is per class: its 4 states at depth 1 are 2 class entries */
    CHECK(np[2] == 4, "twistFlip: %d states at depth 1", np[2]);
    for (int j = 0; j < np[2]; j++)
        CHECK(ec__prun_tf(pairs[2][j] / N_FLIP, pairs[2][j] % N_FLIP) == 1, "twistFlip depth-1 state %d", pairs[2][j]);
    CHECK(ec__tables_bytes() < 16L * 1024 * 1024, "tables take %ld bytes", ec__tables_bytes());
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
    CHECK_RC(ec_solver_new("twophase", SOLVED, 1, "", &h, NULL, 0), EC_OK);
    CHECK_RC(ec_solver_status(h), EC_DONE);
    CHECK_RC(ec_solver_solution(h, buf, sizeof buf), EC_OK);
    CHECK_STR(buf, "");
    ec_solver_free(h);
    /* a re-oriented solved cube (centres elsewhere) is solved too */
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "x y", f, sizeof f, NULL, 0);
    CHECK_RC(ec_solver_new("twophase", f, 1, "", &h, NULL, 0), EC_OK);
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
    /* one record per unit, best never increases, evaluations grow by at most 1,000 */
    ec_solver *h;
    ec_solver_new("twophase", f, 1, "budget=50000,maxLength=0", &h, NULL, 0);
    int rc, steps = 0, mono = 1;
    double last_best = 1e9;
    int64_t last_eval = 0;
    while ((rc = ec_solver_step(h, 1)) == EC_RUNNING || rc == EC_DONE) {
        ec_progress p;
        int n;
        ec_solver_progress(h, &p, 1, &n);
        steps++;
        if (n != 1 || (p.best >= 0 && p.best > last_best) || p.evaluations - last_eval > 1000 ||
            p.gen != steps)
            mono = 0;
        if (p.best >= 0) last_best = p.best;
        last_eval = p.evaluations;
        if (rc == EC_DONE) break;
    }
    CHECK(mono, "progress records per step are not as documented");
    CHECK_RC(rc, EC_DONE);
    CHECK(ec_solver_progress_pending(h) == 0, "records left over");
    CHECK(steps > 50, "a 50,000-node budget took %d steps", steps);
    ec_solver_free(h);
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

int main(void)
{
    test_move_tables();
    test_symmetry();
    test_pruning_tables();
    test_solved_and_small();
    test_invalid();
    test_stepping();
    test_distance();
    test_random_state_scrambles();
    test_random_states();
    DONE();
}
