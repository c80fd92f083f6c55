/* test_hugo_solve.c - the HuGO! solver through the stepped API: short scrambles solved and
 * verified with the paper's default settings, phases skipped when their goal holds, one
 * progress record per generation, determinism (same seed and params, same run), giving up at
 * maxGenerations, params and presets. Random-state solves live in the benchmark. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "evocube.h"

static char buf[1 << 16], msg[256];

typedef struct run {
    int rc;
    long long records, last_gen, gens_ok, phase_ok;
    int best0; /* the best fitness any phase-1 record reported (INT_MIN: none) */
    unsigned long long hash;
    char solution[2048];
    char json[8192];
} run;

static void solve(const char *scramble, uint32_t seed, const char *params, run *out)
{
    memset(out, 0, sizeof *out);
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, scramble, f, sizeof f, msg, sizeof msg);
    ec_solver *h = NULL;
    int rc = ec_solver_new("hugo", f, seed, params, &h, msg, sizeof msg);
    CHECK_RC(rc, EC_OK);
    if (rc) {
        out->rc = rc;
        return;
    }
    out->hash = 1469598103934665603ull;
    out->gens_ok = 1;
    out->phase_ok = 1;
    out->best0 = INT_MIN;
    int prev_phase = 0;
    do {
        rc = ec_solver_step(h, 7);
        ec_progress rec[64];
        int n;
        do {
            ec_solver_progress(h, rec, 64, &n);
            for (int i = 0; i < n; i++) {
                out->records++;
                out->gens_ok &= rec[i].gen == out->last_gen + 1;
                out->last_gen = rec[i].gen;
                out->phase_ok &= rec[i].phase >= prev_phase && rec[i].phase <= 2 && rec[i].n_moves == rec[i].best_length;
                prev_phase = rec[i].phase;
                if (rec[i].phase == 0 && rec[i].best > out->best0) out->best0 = (int)rec[i].best;
                const unsigned char *p = (const unsigned char *)&rec[i].best;
                for (size_t k = 0; k < sizeof rec[i].best; k++) out->hash = (out->hash ^ p[k]) * 1099511628211ull;
                for (int k = 0; k < rec[i].n_moves; k++) out->hash = (out->hash ^ rec[i].moves[k]) * 1099511628211ull;
            }
        } while (n > 0);
    } while (rc == EC_RUNNING);
    out->rc = rc;
    if (rc == EC_DONE) {
        ec_solver_solution(h, out->solution, sizeof out->solution);
        CHECK(ec_verify(f, out->solution, msg, sizeof msg) == EC_OK, "%s: solution %s does not verify", scramble,
              out->solution);
    }
    ec_solver_result_json(h, out->json, sizeof out->json);
    ec_solver_free(h);
}

/* phase ph's "length" or "generations" in a result JSON (-1: not found) */
static long long phase_field(const char *json, int ph, const char *field)
{
    const char *p = strstr(json, "\"phases\":[");
    for (int i = 0; p && i <= ph; i++) p = strstr(p + 1, "{\"name\":");
    char key[32];
    snprintf(key, sizeof key, "\"%s\":", field);
    p = p ? strstr(p, key) : NULL;
    return p ? atoll(p + strlen(key)) : -1;
}

static int count_moves(const char *alg)
{
    int m[3];
    return ec_alg_metrics(alg, m, NULL, 0) == EC_OK ? m[0] : -1;
}

int main(void)
{
    run a, b;
    /* short scrambles with the paper's default (integrity) settings */
    const char *scr[] = {"R U F", "F2 D L'", "B U' R2", "L D2 B'", "R U R' F", "D F2 L B'", "U' B R D2 F'"};
    for (size_t i = 0; i < sizeof scr / sizeof *scr; i++) {
        solve(scr[i], (uint32_t)(i + 1), "", &a);
        CHECK_RC(a.rc, EC_DONE);
        CHECK(a.records == a.last_gen && a.gens_ok && a.phase_ok, "%s: one record per generation, gens 1..%lld", scr[i],
              a.last_gen);
        int len = count_moves(a.solution);
        CHECK(len >= 1 && len <= 40, "%s: length %d", scr[i], len);
        CHECK(strstr(a.json, "\"name\":\"2x2x3 block\"") && strstr(a.json, "\"name\":\"two-generator\"") &&
                  strstr(a.json, "\"name\":\"two-gen solve\""),
              "result lists the three phases: %s", a.json);
    }
    /* R U: block DL solved and the cube in <U,R>: phases 1 and 2 skipped, only phase 3 runs */
    solve("R U", 3, "", &a);
    CHECK_RC(a.rc, EC_DONE);
    CHECK_STR(a.solution, "U' R'");
    CHECK(strstr(a.json, "{\"name\":\"2x2x3 block\",\"solution\":\"\",\"length\":0,\"generations\":0}") != NULL,
          "phase 1 skipped: %s", a.json);
    CHECK(strstr(a.json, "{\"name\":\"two-generator\",\"solution\":\"\",\"length\":0,\"generations\":0}") != NULL,
          "phase 2 skipped: %s", a.json);
    /* a block is solved but the cube is outside the group: phase 1 skipped, 2 runs */
    solve("F", 4, "", &a);
    CHECK_RC(a.rc, EC_DONE);
    CHECK_STR(a.solution, "F'");
    CHECK(strstr(a.json, "{\"name\":\"2x2x3 block\",\"solution\":\"\",\"length\":0,\"generations\":0}") != NULL,
          "F leaves blocks solved: %s", a.json);

    /* determinism: same seed and params, same run; another seed, another run */
    const char *mid = "D F2 L B' R";
    solve(mid, 42, "", &a);
    solve(mid, 42, "", &b);
    CHECK_RC(a.rc, EC_DONE);
    CHECK(a.hash == b.hash && !strcmp(a.solution, b.solution) && a.last_gen == b.last_gen,
          "same seed: same progress and solution (%s / %s)", a.solution, b.solution);
    solve(mid, 43, "", &b);
    CHECK_RC(b.rc, EC_DONE);
    CHECK(a.hash != b.hash, "another seed gives another run");

    /* the generation cap ends a run with EC_GAVE_UP, and the records stop there */
    solve(mid, 42, "maxGenerations=100", &a);
    CHECK_RC(a.rc, EC_GAVE_UP);
    CHECK(a.records == 100 && a.last_gen == 100, "100 generations then gave up (%lld)", a.records);
    CHECK(strstr(a.json, "\"solved\":false") != NULL, "gave-up JSON says unsolved: %s", a.json);

    /* params: presets, ranges, unknown keys */
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U F", f, sizeof f, msg, sizeof msg);
    ec_solver *h = NULL;
    REQUIRE_RC(ec_solver_new("hugo", f, 1, "preset=performance", &h, msg, sizeof msg), EC_OK);
    ec_solver_free(h);
    CHECK_RC(ec_solver_new("hugo", f, 1, "population=1", &h, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK_RC(ec_solver_new("hugo", f, 1, "colour=3", &h, msg, sizeof msg), EC_E_PARAM_UNKNOWN);
    CHECK_RC(ec_solver_new("hugo", f, 1, "preset=quickest", &h, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK(ec_solver_list_json(buf, sizeof buf) == EC_OK && strstr(buf, "\"hugo\"") && strstr(buf, "performance"),
          "hugo is listed with its presets");
    /* other param values still solve: all opt-in params and the paper's presets */
    const char *variants[] = {"firstBlock=1", "susPointers=49", "growth3=0,generations3=20", "population=20,length=40",
                              "preset=integrity300", "crossover=1,mutation=0.1", "pairWeight1=3,pairWeight2=1,pairWeight3=2",
                              "minRounds1=3", "preset=short", "preset=fast", "preset=program", "rawSelection=1,eliteParent=1,population=51"};
    for (size_t i = 0; i < sizeof variants / sizeof *variants; i++) {
        solve("F2 D L' B", 9, variants[i], &a);
        CHECK(a.rc == EC_DONE, "%s: status %d", variants[i], a.rc);
    }
    /* maxBlockTurns: phase 1 keeps going until a block of at most that many turns is found */
    /* (without it, seeds 2 and 6 take blocks of 5 and 9 turns on this scramble; with the literal
     * scale pairWeight1=1, under which the test was written: with 3 the populations of seeds
     * 1, 3, 4, 5 settle on longer blocks and never find one of 4 turns) */
    for (uint32_t seed = 1; seed <= 6; seed++) {
        solve("F2 D L' B R U2", seed, "maxBlockTurns=4,generations1=10,pairWeight1=1", &a);
        const char *p1 = strstr(a.json, "\"name\":\"2x2x3 block\",\"solution\":\"");
        char moves[256] = "";
        if (p1) sscanf(p1 + strlen("\"name\":\"2x2x3 block\",\"solution\":\""), "%255[^\"]", moves);
        CHECK(a.rc == EC_DONE && p1 && count_moves(moves) <= 4, "seed %u: status %d, block \"%s\" (at most 4 turns)", seed,
              a.rc, moves);
    }

    /* extraRounds2 (opt-in): phase 2 runs k more rounds of generations2 after its goal first
     * holds; until then the run is the default's (same stream), so phase 1 is the same, phase 2
     * takes exactly k x 50 more generations and keeps the shortest: never longer */
    solve("F2 D L' B R U2", 2, "", &a);
    solve("F2 D L' B R U2", 2, "extraRounds2=2", &b);
    CHECK(a.rc == EC_DONE && b.rc == EC_DONE && phase_field(a.json, 1, "generations") > 0, "phase 2 runs: %s", a.json);
    CHECK(phase_field(b.json, 1, "generations") == phase_field(a.json, 1, "generations") + 2 * 50 &&
              phase_field(b.json, 1, "length") <= phase_field(a.json, 1, "length") &&
              phase_field(b.json, 0, "length") == phase_field(a.json, 0, "length"),
          "extraRounds2=2: two more rounds of phase 2, no longer: %s / %s", a.json, b.json);
    /* candidates2 (opt-in): phase 2 runs from the 3 best locations' blocks (the first is the
     * default's, same stream) and keeps the block whose phases 1 + 2 are shortest: never longer
     * than the default's, and shorter on seed 2 (17 turns in all: 4 + 4 + 9; a block already in
     * the two-generator group gives 5). blockTie=0: the default tie rule already takes that
     * block, leaving candidates2 nothing to find here */
    int shorter = 0;
    for (uint32_t seed = 2; seed <= 4; seed++) {
        solve("L D2 F' U B", seed, "minRounds1=4,blockTie=0", &a);
        solve("L D2 F' U B", seed, "minRounds1=4,candidates2=3,blockTie=0", &b);
        long long la = phase_field(a.json, 0, "length") + phase_field(a.json, 1, "length");
        long long lb = phase_field(b.json, 0, "length") + phase_field(b.json, 1, "length");
        CHECK(a.rc == EC_DONE && b.rc == EC_DONE && lb <= la &&
                  phase_field(b.json, 1, "generations") >= phase_field(a.json, 1, "generations"),
              "seed %u candidates2=3: phases 1+2 %lld turns, default %lld (%s / %s)", seed, lb, la, a.json, b.json);
        shorter += lb < la;
    }
    CHECK(shorter >= 1, "candidates2=3 found shorter phases 1+2 on %d of 3 seeds", shorter);
    /* with the default tie rule the first candidate is the block phase 1 chose (the one already
     * in its two-generator group here): its phase 2 is empty and the result is that block, 5 turns
     * (a list ordered by fitness alone once paired phase 2 of one block with another's cube) */
    solve("L D2 F' U B", 2, "minRounds1=4,candidates2=3,maxGenerations=200000", &a);
    CHECK(a.rc == EC_DONE && phase_field(a.json, 1, "length") == 0 && count_moves(a.solution) == 5, "candidates2=3 with blockTie=1: %s", a.json);
    /* restart1 (opt-in): a stagnant location restarts from a new population keeping its best
     * block, so the block taken is never longer than any block a phase-1 record reported.
     * pairWeight1=100: a record's best over 1500 is a block of 1600 - best turns (16 pairs). */
    const char *rs[] = {"R U R F' R2 B2 R", "U2 L' U B2 F' D2"};
    for (int i = 0; i < 4; i++) {
        solve(rs[i / 2], (uint32_t)(i % 2 + 1), "pairWeight1=100,restart1=1,minRounds1=10,population=20", &a);
        long long block = phase_field(a.json, 0, "length");
        CHECK(a.rc == EC_DONE && a.best0 > 1500 && block <= 1600 - a.best0,
              "%s seed %d restart1=1: block of %lld turns, a record saw %d", rs[i / 2], i % 2 + 1, block, 1600 - a.best0);
    }
    DONE();
}
