/*
 * test_twes.c - the Thistlethwaite ES (twes.c): fitness values on known states and their
 * exactness (violations 0 exactly in the target group), mutations drawn only from the
 * phase's group, the redundancy removal of section 5.2, determinism, and full solves of
 * uniformly random states (small mu/lambda) whose every phase lands in the next group.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "search/groups.h"
#include "solver/solver.h"
#include "solvers/twes/twes.h"

static const int W5[5] = {5, 5, 5, 5, 5};

/* A uniformly random valid cube: random permutations with equal parity, random twists and
 * flips with valid sums (the benchmark's generator does the same in JS). */
static void random_state(ec_rng *r, ec_cube *c)
{
    ec_cube_solved(c);
    for (int i = 7; i > 0; i--) {
        int j = (int)ec_rng_below(r, (uint32_t)i + 1);
        uint8_t t = c->cp[i];
        c->cp[i] = c->cp[j], c->cp[j] = t;
    }
    for (int i = 11; i > 0; i--) {
        int j = (int)ec_rng_below(r, (uint32_t)i + 1);
        uint8_t t = c->ep[i];
        c->ep[i] = c->ep[j], c->ep[j] = t;
    }
    if (ec__parity(c->cp, 8) != ec__parity(c->ep, 12)) {
        uint8_t t = c->ep[0];
        c->ep[0] = c->ep[1], c->ep[1] = t;
    }
    int tw = 0, fl = 0;
    for (int i = 0; i < 7; i++) tw += c->co[i] = (uint8_t)ec_rng_below(r, 3);
    for (int i = 0; i < 11; i++) fl += c->eo[i] = (uint8_t)ec_rng_below(r, 2);
    c->co[7] = (uint8_t)((3 - tw % 3) % 3);
    c->eo[11] = (uint8_t)(fl & 1);
}

static ec_cube after(const char *alg)
{
    uint8_t mv[64];
    int n = 0;
    ec_alg_parse(alg, mv, 64, &n, NULL, 0);
    ec_cube c;
    ec_cube_solved(&c);
    ec_cube_moves(&c, mv, n);
    return c;
}

static void test_fitness_values(void)
{
    ec_cube c;
    int v;
    ec_cube_solved(&c);
    for (int p = 0; p < 5; p++) {
        CHECK(ec__twes_eval(&c, 0, p, W5, &v) == 0 && v == 0, "solved cube, phase %d: not 0", p);
        CHECK(ec__twes_eval(&c, 7, p, W5, &v) == 7, "c is not added in phase %d", p);
    }
    c = after("R"); /* 4 edges bad for R/L: 5 * (2 * 4) + 1 */
    CHECK(ec__twes_eval(&c, 1, 0, W5, &v) == 41 && v == 8, "R phase0 = %d", ec__twes_eval(&c, 1, 0, W5, &v));
    c = after("F"); /* in G1; FR and FL leave the E slice; 4 corners twisted */
    CHECK(ec__twes_eval(&c, 1, 0, W5, &v) == 1 && v == 0, "F phase0");
    CHECK(ec__twes_eval(&c, 1, 1, W5, &v) == 21 && v == 4, "F phase1 = %d", ec__twes_eval(&c, 1, 1, W5, &v));
    CHECK(ec__twes_eval(&c, 1, 2, W5, &v) == 5 * 16 + 5 * 4 + 1, "F phase2 = %d", ec__twes_eval(&c, 1, 2, W5, &v));
    const int w10[5] = {5, 5, 10, 5, 5}; /* eq. 9: 10 * (4v) + phase1 */
    CHECK(ec__twes_eval(&c, 1, 2, w10, &v) == 10 * 16 + 5 * 4 + 1, "F phase2 (w2=10) = %d",
          ec__twes_eval(&c, 1, 2, w10, &v));
    c = after("U2"); /* in G3; 12 stickers off */
    CHECK(ec__twes_eval(&c, 1, 3, W5, &v) == 1 && v == 0, "U2 phase3");
    CHECK(ec__twes_eval(&c, 1, 4, W5, &v) == 61 && v == 12, "U2 phase4 = %d", ec__twes_eval(&c, 1, 4, W5, &v));
    c = after("U"); /* in G2: 4 edges and 4 corners one sticker pair off, the corners a 4-cycle */
    ec__twes_eval(&c, 1, 3, W5, &v);
    CHECK(v > 0, "U phase3 has no violations");
    /* corners swapped inside a tetrad with a matching edge swap: x = 0, y = 2 */
    ec_cube_solved(&c);
    c.cp[0] = 2, c.cp[2] = 0, c.ep[1] = 3, c.ep[3] = 1;
    CHECK(ec__twes_eval(&c, 0, 3, W5, &v) == 20 && v == 4, "corner class phase3 = %d", ec__twes_eval(&c, 0, 3, W5, &v));
}

/* Violations are 0 exactly when the cube is in the phase's target group. */
static void test_exactness(void)
{
    ec_rng r;
    ec_rng_seed(&r, 11);
    int wrong = 0, zeros[5] = {0};
    for (int t = 0; t < 4000; t++) {
        /* states of increasing depth inside each phase's source group */
        for (int p = 0; p < 5; p++) {
            uint8_t gm[18];
            int ng = ec__group_moves(ec__twes_phase_group(p), gm);
            ec_cube c;
            ec_cube_solved(&c);
            int len = (int)ec_rng_below(&r, 6);
            for (int k = 0; k < len; k++) ec_cube_move(&c, gm[ec_rng_below(&r, (uint32_t)ng)]);
            int v;
            ec__twes_eval(&c, len, p, W5, &v);
            int in;
            if (p == 1) {
                in = 1;
                for (int i = 0; i < 12; i++) in &= (i >= 8) == (c.ep[i] >= 8);
            } else {
                static const int target[5] = {1, 0, 2, 3, 4};
                in = ec__in_group(&c, target[p]);
            }
            wrong += (v == 0) != in;
            zeros[p] += v == 0;
        }
    }
    CHECK(wrong == 0, "%d states where violations 0 and target membership disagree", wrong);
    for (int p = 0; p < 5; p++) CHECK(zeros[p] > 0 && zeros[p] < 4000, "phase %d: %d zero cases", p, zeros[p]);
    /* random states are (almost surely) in no target group and have violations everywhere */
    ec_cube c;
    random_state(&r, &c);
    for (int p = 0; p < 5; p++) {
        int v;
        ec__twes_eval(&c, 0, p, W5, &v);
        CHECK(v > 0, "random state has no violations in phase %d", p);
    }
}

static void test_mutation(void)
{
    ec_rng r;
    ec_rng_seed(&r, 3);
    for (int p = 0; p < 5; p++) {
        uint8_t gm[18], out[64];
        int ng = ec__group_moves(ec__twes_phase_group(p), gm);
        int seen_len[18] = {0}, seen_move[18] = {0}, outside = 0;
        const int s = 13;
        for (int t = 0; t < 3000; t++) {
            int l = ec__twes_draw(&r, p, s, out);
            CHECK(l >= 0 && l <= s, "length %d", l);
            if (l < 0 || l > s) break;
            seen_len[l]++;
            for (int k = 0; k < l; k++) {
                int in = 0;
                for (int i = 0; i < ng; i++) in |= gm[i] == out[k];
                outside += !in;
                seen_move[out[k]]++;
            }
        }
        CHECK(outside == 0, "phase %d drew %d moves outside its group", p, outside);
        int lens = 0, moves = 0;
        for (int l = 0; l <= s; l++) lens += seen_len[l] > 0;
        for (int i = 0; i < ng; i++) moves += seen_move[gm[i]] > 0;
        CHECK(lens == s + 1, "phase %d: only %d of %d lengths drawn", p, lens, s + 1);
        CHECK(moves == ng, "phase %d: only %d of %d group moves drawn", p, moves, ng);
    }
}

static int append_all(const char *alg, uint8_t *mv, int n, int base, int axis)
{
    uint8_t in[64];
    int k = 0;
    ec_alg_parse(alg, in, 64, &k, NULL, 0);
    for (int i = 0; i < k; i++) n = ec__twes_append(mv, n, base, in[i], axis, 64);
    return n;
}

static void test_redundancy(void)
{
    uint8_t mv[64];
    char text[256];
    int n = append_all("F2 B B' R2 R2 F", mv, 0, 0, 0); /* the paper's example: F' */
    ec_alg_format(mv, n, text, sizeof text);
    CHECK_STR(text, "F'");
    n = append_all("F", mv, 0, 0, 0);
    n = append_all("F R R' B", mv, n, 0, 0); /* F . F R R' B = F2 B */
    ec_alg_format(mv, n, text, sizeof text);
    CHECK_STR(text, "F2 B");
    n = append_all("R L R", mv, 0, 0, 0);
    ec_alg_format(mv, n, text, sizeof text);
    CHECK_STR(text, "R L R");
    n = append_all("R L R", mv, 0, 0, 1);
    ec_alg_format(mv, n, text, sizeof text);
    CHECK_STR(text, "R2 L");
    n = append_all("R L R'", mv, 0, 0, 1);
    ec_alg_format(mv, n, text, sizeof text);
    CHECK_STR(text, "L");
    n = append_all("U R", mv, 0, 0, 0); /* the barrier: the phase starts at index 2 */
    n = append_all("R' U'", mv, n, 2, 0);
    ec_alg_format(mv, n, text, sizeof text);
    CHECK_STR(text, "U R R' U'");
    n = append_all("U", mv, 0, 0, 0);
    CHECK(ec__twes_append(mv, n, 0, 3, 0, 1) == -1, "a full list accepted a move");
    CHECK(ec__twes_append(mv, n, 0, 2, 0, 1) == 0, "a full list did not cancel U U'");
}

static char *solve(const char *facelets, uint32_t seed, const char *params, int *status, ec_solver **out)
{
    ec_solver *h = NULL;
    char msg[256];
    int rc;
    REQUIRE_RC(ec_solver_new("twes", facelets, seed, params, &h, msg, sizeof msg), EC_OK);
    do rc = ec_solver_step(h, 5);
    while (rc == EC_RUNNING);
    *status = rc;
    static char buf[4096];
    buf[0] = '\0';
    if (rc == EC_DONE) ec_solver_solution(h, buf, sizeof buf);
    *out = h;
    return buf;
}

static void test_solves(void)
{
    ec_rng r;
    ec_rng_seed(&r, 2026);
    for (int t = 0; t < 4; t++) {
        /* both phase-end rules: the selection pool (default) and the cumulative archive */
        const char *params = t % 2 ? "mu=60,lambda=3000,phaseEnd=0" : "mu=60,lambda=3000";
        ec_cube c;
        random_state(&r, &c);
        char f[EC_FACELETS_SIZE];
        ec_cube_to_facelets(&c, f, sizeof f);
        int status;
        ec_solver *h;
        char *sol = solve(f, (uint32_t)t, params, &status, &h);
        CHECK(status == EC_DONE, "state %d not solved (status %d)", t, status);
        if (!sol || status != EC_DONE) {
            ec_solver_free(h);
            continue;
        }
        char msg[128];
        CHECK(ec_verify(f, sol, msg, sizeof msg) == EC_OK, "state %d: %s", t, msg);
        /* five phases; each uses only its group's moves and lands in the next group */
        CHECK(h->nphases == 5, "%d phases", h->nphases);
        ec_cube x = c;
        static const int target[5] = {1, -1, 2, 3, 4};
        for (int p = 0; p < h->nphases && p < 5; p++) {
            uint8_t gm[18];
            int ng = ec__group_moves(ec__twes_phase_group(p), gm), outside = 0;
            for (int k = 0; k < h->phases[p].n; k++) {
                int in = 0;
                for (int i = 0; i < ng; i++) in |= gm[i] == h->phases[p].moves[k];
                outside += !in;
            }
            CHECK(outside == 0, "state %d phase %d: %d moves outside its group", t, p, outside);
            ec_cube_moves(&x, h->phases[p].moves, h->phases[p].n);
            int v;
            ec__twes_eval(&x, 0, p, W5, &v);
            CHECK(v == 0, "state %d: phase %d's moves leave %d violations", t, p, v);
            if (target[p] >= 0) CHECK(ec__in_group(&x, target[p]) == 1, "state %d: phase %d misses G%d", t, p, target[p]);
        }
        /* progress records: one per generation, phases named, counters sane */
        ec_progress rec[8];
        int n, total = 0, last_phase = 0;
        ec_solver_progress(h, NULL, 0, &n);
        while (ec_solver_progress(h, rec, 8, &n) == EC_OK && n > 0)
            for (int i = 0; i < n; i++) {
                total++;
                CHECK(rec[i].gen == total, "record %d has gen %lld", total, (long long)rec[i].gen);
                CHECK(rec[i].phase >= 0 && rec[i].phase <= 4 && !strncmp(rec[i].phase_name, "G", 1), "phase %d %s",
                      rec[i].phase, rec[i].phase_name);
                CHECK(rec[i].best <= rec[i].mean, "best %g > mean %g", rec[i].best, rec[i].mean);
                CHECK(rec[i].found >= 0 && rec[i].found <= 60, "found %d", rec[i].found);
                last_phase = rec[i].phase;
            }
        CHECK(total == h->generations && total > 0, "%d records for %lld generations", total, (long long)h->generations);
        CHECK(last_phase == 4, "the last record is of phase %d", last_phase);
        ec_solver_free(h);
    }
}

static void test_determinism(void)
{
    ec_rng r;
    ec_rng_seed(&r, 77);
    ec_cube c;
    random_state(&r, &c);
    char f[EC_FACELETS_SIZE], a[4096], b[4096], d[4096];
    ec_cube_to_facelets(&c, f, sizeof f);
    int s1, s2, s3;
    ec_solver *h1, *h2, *h3;
    const char *params = "mu=40,lambda=2000";
    strcpy(a, solve(f, 9, params, &s1, &h1));
    strcpy(b, solve(f, 9, params, &s2, &h2));
    strcpy(d, solve(f, 10, params, &s3, &h3));
    CHECK(s1 == EC_DONE && s2 == EC_DONE, "not solved");
    CHECK_STR(a, b);
    CHECK(h1->generations == h2->generations && h1->evaluations == h2->evaluations, "runs differ");
    CHECK(strcmp(a, d) != 0, "seeds 9 and 10 gave the same solution %s", a);
    ec_solver_free(h1);
    ec_solver_free(h2);
    ec_solver_free(h3);
}

static void test_budget_and_params(void)
{
    ec_solver *h = NULL;
    char msg[256];
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U F' L2 D B'", f, sizeof f, NULL, 0);
    /* a one-generation budget with a tiny population gives up, claiming nothing */
    REQUIRE_RC(ec_solver_new("twes", f, 1, "mu=2,lambda=3,maxGenerations=1", &h, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_solver_step(h, 10), EC_GAVE_UP);
    char buf[64];
    CHECK_RC(ec_solver_solution(h, buf, sizeof buf), EC_E_STATE);
    ec_solver_free(h);
    /* a reset every generation still ends (with resets counted) */
    REQUIRE_RC(ec_solver_new("twes", f, 1, "mu=2,lambda=3,reset=1,maxGenerations=5", &h, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_solver_step(h, 10), EC_GAVE_UP);
    ec_progress rec[8];
    int n;
    ec_solver_progress(h, rec, 8, &n);
    CHECK(n == 5 && rec[4].restarts == 4 && rec[4].phase == 0, "n %d restarts %d", n, n ? rec[n - 1].restarts : -1);
    ec_solver_free(h);
    /* stall resets: a best fitness that does not improve for one generation restarts the run */
    REQUIRE_RC(ec_solver_new("twes", f, 1, "mu=2,lambda=3,stall=1,maxGenerations=30", &h, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_solver_step(h, 30), EC_GAVE_UP);
    ec_progress many[32];
    ec_solver_progress(h, many, 32, &n);
    CHECK(n == 30 && many[29].restarts > 0, "n %d restarts %d", n, n ? many[n - 1].restarts : -1);
    ec_solver_free(h);
    CHECK_RC(ec_solver_new("twes", f, 1, "mutation3=65", &h, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK_RC(ec_solver_new("twes", f, 1, "preset=section5,mu=0", &h, msg, sizeof msg), EC_E_PARAM_RANGE);
    REQUIRE_RC(ec_solver_new("twes", f, 1, "preset=section5,mu=30,lambda=1500,phaseEnd=0", &h, msg, sizeof msg), EC_OK);
    int rc;
    do rc = ec_solver_step(h, 50);
    while (rc == EC_RUNNING);
    CHECK_RC(rc, EC_DONE);
    ec_solver_free(h);
}

/* params are camelCase; the old snake_case names (share links, scripts) read as the same param */
static void test_param_names(void)
{
    ec_solver *h = NULL;
    char msg[256];
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U F' L2 D B'", f, sizeof f, NULL, 0);
    const char *keys[][2] = {{"maxGenerations=7", "max_generations=7"}, {"axisMerge=1", "axis_merge=1"},
                             {"phaseEnd=0", "phase_end=0"}, {"distinctStates=1", "distinct_states=1"},
                             {"finalMu=3", "final_mu=3"}};
    for (int k = 0; k < 5; k++) {
        double a[EC_MAX_PARAMS], b[EC_MAX_PARAMS];
        ec_solver *s1 = NULL, *s2 = NULL;
        REQUIRE_RC(ec_solver_new("twes", f, 1, keys[k][0], &s1, msg, sizeof msg), EC_OK);
        REQUIRE_RC(ec_solver_new("twes", f, 1, keys[k][1], &s2, msg, sizeof msg), EC_OK);
        if (!s1 || !s2) continue;
        memcpy(a, s1->params, sizeof a);
        memcpy(b, s2->params, sizeof b);
        CHECK(!memcmp(a, b, sizeof a), "%s and %s set different params", keys[k][0], keys[k][1]);
        int differs = 0;
        for (int i = 0; i < s1->impl->nparams; i++) differs += a[i] != s1->impl->params[i].def;
        CHECK(differs == 1, "%s changed %d params", keys[k][0], differs);
        ec_solver_free(s1);
        ec_solver_free(s2);
    }
    /* an unknown key is named as written, underscores and all */
    CHECK_RC(ec_solver_new("twes", f, 1, "max_gens=7", &h, msg, sizeof msg), EC_E_PARAM_UNKNOWN);
    CHECK(strstr(msg, "\"max_gens\"") != NULL, "message: %s", msg);
    CHECK_RC(ec_solver_new("twes", f, 1, "max_generations=0", &h, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK(strstr(msg, "max_generations") != NULL, "message: %s", msg);
    CHECK_RC(ec_solver_new("twes", f, 1, "_mu=3", &h, msg, sizeof msg), EC_E_PARAM_UNKNOWN);
}

/* preset=short: its parts as its header lists them, the paper's defaults untouched,
 * and on a random state (state 1 of docs/BENCHMARKS.md ## short-presets, seed 1) a shorter
 * verified solution than the paper's setting (measured there: 41 against 53 moves) */
static void test_preset_short(void)
{
    char f[EC_FACELETS_SIZE], scr[400], msg[256];
    ec_scramble_random_state_text(1, scr, sizeof scr);
    REQUIRE_RC(ec_facelets_apply(NULL, scr, f, sizeof f, NULL, 0), EC_OK);
    ec_solver *h = NULL, *hp = NULL;
    REQUIRE_RC(ec_solver_new("twes", f, 1, "preset=short", &h, msg, sizeof msg), EC_OK);
    const char *keys[] = {"mu", "lambda", "weight0", "weight1", "weight2", "weight3", "weight4", "stall", "reset"};
    const double want[] = {2000, 100000, 5, 5, 5, 2, 2, 30, 250};
    for (int i = 0; i < 9; i++)
        CHECK(ec__param(h, keys[i]) == want[i], "preset=short %s = %g, want %g", keys[i], ec__param(h, keys[i]), want[i]);
    ec_solver_free(h);
    int st, sp;
    char sol[4096];
    snprintf(sol, sizeof sol, "%s", solve(f, 1, "preset=short", &st, &h));
    const char *paper = solve(f, 1, "", &sp, &hp);
    CHECK_RC(st, EC_DONE);
    CHECK_RC(sp, EC_DONE);
    CHECK_RC(ec_verify(f, sol, NULL, 0), EC_OK);
    CHECK(h->solution_len < hp->solution_len, "preset=short %d moves, the paper's setting %d", h->solution_len,
          hp->solution_len);
    (void)paper;
    ec_solver_free(h);
    ec_solver_free(hp);
}

int main(void)
{
    test_fitness_values();
    test_exactness();
    test_mutation();
    test_redundancy();
    test_solves();
    test_determinism();
    test_budget_and_params();
    test_param_names();
    test_preset_short();
    DONE();
}
