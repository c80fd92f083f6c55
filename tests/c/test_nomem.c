/*
 * test_nomem.c - every allocation of the public API's main paths failing in turn: the suite
 * replaces malloc, calloc and realloc (glibc lets a program define them; they pass on to
 * __libc_malloc & co.) so that the k-th call of an armed operation returns NULL. For each
 * operation and each k from 0 until the operation makes fewer than k + 1 calls, the
 * operation must end with EC_E_NOMEM (or succeed, where the allocation had a fallback),
 * never crash or claim a result it could not make, and leave the core usable (the next k
 * runs the operation again, and the last, with no failure, must succeed: a table whose
 * build failed is built then, whatever allocation failed before). Not built under the sanitizers (their allocator owns
 * malloc; CMakeLists.txt).
 *
 * Operations: opening and running each solver (small params, a short scramble; the swarm
 * solvers also with their paths and maps starting at capacity 1, so that short runs reach
 * the growth points of long ones), the island calls, the result and optima JSON, the
 * two-phase and optima tables, distances, and the tools' run driver (c/tools/run.c, linked
 * in as for test_run).
 */
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "evocube.h"
#include "solvers/swarm/common.h"
#include "tools/run.h"

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);

static long fail_at = -1; /* the call that fails (counted from 0 while armed), -1: none */
static long calls;        /* calls while armed */
static int armed, failed;

static int fail_now(void)
{
    if (!armed) return 0;
    if (calls++ != fail_at) return 0;
    failed = 1;
    return 1;
}

void *malloc(size_t n) { return fail_now() ? NULL : __libc_malloc(n); }
void *calloc(size_t n, size_t size) { return fail_now() ? NULL : __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { return fail_now() ? NULL : __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }

static char F[EC_FACELETS_SIZE], HARD[EC_FACELETS_SIZE], EASY[EC_FACELETS_SIZE], KILLS[EC_FACELETS_SIZE];

/* run a solver of kind with params: open, up to `steps` steps of `work`, the solution and
 * the result JSON when done; EC_OK when it ran as unarmed, else the first error */
static int run_solver_on(const char *f, const char *kind, const char *params, int steps, int work)
{
    ec_solver *h = NULL;
    int rc = ec_solver_new(kind, f, 5, params, &h, NULL, 0);
    if (rc) return rc;
    int st = EC_RUNNING;
    for (int i = 0; i < steps && st == EC_RUNNING; i++) st = ec_solver_step(h, work);
    static char buf[1 << 16];
    int n;
    if (st == EC_DONE) {
        rc = ec_solver_solution(h, buf, sizeof buf);
        if (!rc) rc = ec_solver_result_json(h, buf, sizeof buf);
        if (!rc) rc = ec_solver_optima_json(h, 2000, buf, sizeof buf);
    } else if (st < 0) {
        rc = st;
    }
    if (!rc) rc = ec_solver_progress_json(h, buf, sizeof buf, &n);
    ec_solver_free(h);
    return rc;
}

static int run_solver(const char *kind, const char *params, int steps, int work)
{
    return run_solver_on(F, kind, params, steps, work);
}

/* two islands of kind through one epoch, a migration and another epoch */
static int run_islands(const char *kind, const char *params)
{
    ec_solver *h[2] = {NULL, NULL};
    static uint8_t buf[1 << 16];
    int rc = EC_OK, written = 0, acc = 0;
    for (int i = 0; i < 2 && !rc; i++) rc = ec_solver_new_island(kind, F, 5, params, i, 2, &h[i], NULL, 0);
    for (int i = 0; i < 2 && !rc; i++) {
        int st = ec_solver_step(h[i], 10);
        if (st < 0) rc = st;
    }
    if (!rc) rc = ec_solver_migrants_export(h[0], buf, sizeof buf, &written);
    if (!rc) rc = ec_solver_migrants_import(h[1], buf, written, &acc, NULL, 0);
    if (!rc) {
        int st = ec_solver_step(h[1], 10);
        if (st < 0) rc = st;
    }
    for (int i = 0; i < 2; i++) ec_solver_free(h[i]);
    return rc;
}

/* a macro-ga island taking a migrant longer than its individuals' first capacity (64 moves) */
static int op_long_migrant(void)
{
    ec_solver *h[2] = {NULL, NULL};
    static uint8_t buf[1 << 12];
    int rc = EC_OK, written = 0, acc = 0;
    const char *params = "population=10,elitism=2,epoch=1,migrants=1";
    for (int i = 0; i < 2 && !rc; i++) rc = ec_solver_new_island("macro-ga", F, 5, params, i, 2, &h[i], NULL, 0);
    for (int i = 0; i < 2 && !rc; i++) {
        int st = ec_solver_step(h[i], 1);
        if (st < 0) rc = st;
    }
    if (!rc) rc = ec_solver_migrants_export(h[0], buf, sizeof buf, &written);
    if (!rc) { /* the header as exported (tag, context), one migrant of 200 moves */
        const int n = 200;
        static const uint8_t frame[6] = {0, 1, 2, 3, 4, 5};
        memcpy(buf + 24, frame, 6);
        buf[24 + 6] = (uint8_t)n;
        buf[24 + 7] = 0;
        for (int k = 0; k < n; k++) buf[24 + 8 + k] = (uint8_t)(k % 2 ? 0 : 3);
        const uint32_t count = 1, bytes = 8 + (uint32_t)n;
        for (int b = 0; b < 4; b++) buf[16 + b] = (uint8_t)(count >> 8 * b), buf[20 + b] = (uint8_t)(bytes >> 8 * b);
        rc = ec_solver_migrants_import(h[1], buf, 24 + (int)bytes, &acc, NULL, 0);
        if (!rc && acc != 1) rc = EC_E_STATE;
    }
    for (int i = 0; i < 2; i++) ec_solver_free(h[i]);
    return rc;
}

/* the swarm solvers' state map past its first index size (512 slots, kept at most half full) */
static int op_swarm_map(void)
{
    sw_map m;
    memset(&m, 0, sizeof m);
    int rc = EC_OK;
    for (uint64_t i = 1; i <= 600 && rc >= 0; i++) rc = sw_map_insert(&m, (sw_key){i * 0x9E3779B97F4A7C15ull, i}, NULL);
    sw_map_free(&m);
    return rc < 0 ? rc : EC_OK;
}

static int op_twophase_init(void) { return ec_twophase_init(); }
static int op_twophase(void) { return run_solver("twophase", "", 50, 100000); }
static int op_hugo_long(void)
{
    return run_solver("hugo", "population=10,generations1=2,generations2=4,generations3=4,maxGenerations=80,minRounds1=4,restart1=1", 80, 1);
}
static int op_hugo(void)
{
    return run_solver_on(EASY, "hugo", "population=10,generations1=2,generations2=4,generations3=4,minRounds1=3,restart1=1", 400, 1);
}
/* HuGO!'s opt-in plan (plan.c) in phase 1: each location's kept blocks (this short run gives
 * up within phase 1; test_nomem_plan fails the allocations from phase 1's end on) */
static int op_hugo_plan(void)
{
    return run_solver("hugo", "plan=1,planRounds=3,population=10,generations1=2,generations2=4,generations3=4,maxGenerations=600,minRounds1=2,restart1=1", 600, 20);
}
static int op_twes(void) { return run_solver("twes", "mu=4,lambda=20,maxGenerations=3", 5, 1); }
static int op_macro_ga(void) { return run_solver_on(EASY, "macro-ga", "population=30,elitism=4,generations=40,resets=2,loopCut=1", 200, 1); }
/* the swarm solvers on a random-state cube (they iterate: moves, regroups, crossovers) */
static int op_greedy(void) { return run_solver_on(HARD, "greedy", "iterations=8,budget=0", 10, 1); }
static int op_pso(void) { return run_solver_on(HARD, "pso", "particles=3,iterations=16,budget=0", 20, 1); }
static int op_aco(void) { return run_solver_on(HARD, "aco", "ants=3,iterations=6,budget=0", 10, 1); }
static int op_dkho(void) { return run_solver_on(HARD, "dkho", "krill=6,iterations=4,budget=0", 10, 1); }
/* swarm runs with paths and maps starting at capacity 1 (common.h), so that these short runs
 * grow them where long runs would: greedy's reached-state map past its first size, and a
 * particle reset to a global best longer than its path's capacity (draw=0: the text's
 * |V| = |G_A|, whose longer draws make such a best within 12 iterations here) */
static int small_caps(const char *kind, const char *params, int steps)
{
    ec__sw_path_cap0 = ec__sw_map_cap0 = 1;
    int rc = run_solver_on(HARD, kind, params, steps, 1);
    ec__sw_path_cap0 = 64;
    ec__sw_map_cap0 = 256;
    return rc;
}
/* dkho breeds only after kills, which need krill that diverged by roulette; on random
 * state 32 (KILLS) 4 krill breed within 8 iterations into a slot whose path is full, so the
 * offspring's copy grows it */
static int op_dkho_breed(void) { return run_solver_on(KILLS, "dkho", "krill=4,iterations=8,budget=0", 10, 1); }
static int op_greedy_small(void) { return small_caps("greedy", "iterations=8,budget=0", 10); }
static int op_pso_small(void) { return small_caps("pso", "particles=5,iterations=12,budget=0,draw=0", 14); }
static int op_islands_hugo(void) { return run_islands("hugo", "population=10,epoch=2,migrants=2"); }
static int op_islands_twes(void) { return run_islands("twes", "mu=4,lambda=20,epoch=2,migrants=2"); }
static int op_islands_macro(void) { return run_islands("macro-ga", "population=10,elitism=2,epoch=2,migrants=2"); }
static int op_distance(void)
{
    int d = ec_distance_facelets(F, 1000, NULL, 0);
    return d < 0 ? d : EC_OK;
}
static int op_random_state(void)
{
    ec_cube c;
    return ec_random_state(3, &c);
}
static int op_optima(void)
{
    ec_cube c;
    int len = 0, where = 0;
    ec_cube_from_facelets(F, &c, NULL, 0);
    int rc = ec_optimum_block(&c, 0, 2000, &len, &where);
    ec_cube_solved(&c); /* in every stage's start group */
    for (int s = 0; s < 5 && rc >= 0; s++) rc = ec_optimum_stage(&c, s, &len);
    return rc < 0 ? rc : EC_OK;
}

/* the tools' run driver (the CLI's loop): a two-phase run drained as JSON lines */
static int op_tool_run(void)
{
    ec_solver *h = NULL;
    int rc = ec_solver_new("twophase", F, 1, "", &h, NULL, 0);
    if (rc) return rc;
    ec_tool_run o = {100000, 1, NULL, NULL, NULL};
    rc = ec_tool_run_solver(h, &o);
    ec_solver_free(h);
    return rc == EC_DONE ? EC_OK : rc;
}

static const struct {
    const char *name;
    int (*op)(void);
} OPS[] = {
    {"optima", op_optima}, {"twophase tables", op_twophase_init}, {"twophase", op_twophase}, {"hugo", op_hugo}, {"hugo (longer)", op_hugo_long}, {"hugo plan", op_hugo_plan},
    {"twes", op_twes}, {"macro-ga", op_macro_ga}, {"greedy", op_greedy}, {"pso", op_pso},
    {"aco", op_aco}, {"dkho", op_dkho}, {"greedy (cap 1)", op_greedy_small}, {"pso (cap 1)", op_pso_small},
    {"dkho breeding", op_dkho_breed}, {"hugo islands", op_islands_hugo},
    {"twes islands", op_islands_twes}, {"macro-ga islands", op_islands_macro}, {"long migrant", op_long_migrant}, {"swarm map", op_swarm_map},
    {"distance", op_distance}, {"tool run", op_tool_run}, {"random state", op_random_state},
};

int main(void)
{
    REQUIRE_RC(ec_facelets_apply(NULL, "R U F' L2 D B", F, sizeof F, NULL, 0), EC_OK);
    REQUIRE_RC(ec_facelets_apply(NULL, "R U", EASY, sizeof EASY, NULL, 0), EC_OK);
    for (size_t o = 0; o < sizeof OPS / sizeof OPS[0]; o++) {
        if (o == 2) { /* a random-state cube, once the first operations have built the tables */
            char scr[400];
            REQUIRE_RC(ec_scramble_random_state_text(2, scr, sizeof scr), EC_OK);
            REQUIRE_RC(ec_facelets_apply(NULL, scr, HARD, sizeof HARD, NULL, 0), EC_OK);
            REQUIRE_RC(ec_scramble_random_state_text(32, scr, sizeof scr), EC_OK);
            REQUIRE_RC(ec_facelets_apply(NULL, scr, KILLS, sizeof KILLS, NULL, 0), EC_OK);
        }
        int nomem = 0, fallback = 0;
        long k;
        for (k = 0;; k++) {
            calls = 0;
            failed = 0;
            fail_at = k;
            armed = 1;
            int rc = OPS[o].op();
            armed = 0;
            if (!failed) {
                CHECK(rc == EC_OK, "%s: unarmed after %ld calls: status %d", OPS[o].name, k, rc);
                break;
            }
            CHECK(rc == EC_E_NOMEM || rc == EC_OK, "%s: allocation %ld failed: status %d, want EC_E_NOMEM", OPS[o].name, k, rc);
            nomem += rc == EC_E_NOMEM;
            fallback += rc == EC_OK;
        }
        printf("%-18s %5ld allocations, %5d refused with EC_E_NOMEM, %4d recovered\n", OPS[o].name, k, nomem, fallback);
    }
    DONE();
}
