/* test_swarm.c - the swarm solvers (greedy, pso, aco, dkho) and what they share: state keys,
 * the insertion-ordered state map, roulette choice, the cached oracle fitness; solving the
 * thesis's 5-move scrambles (Table 4.5) with each solver, verified; progress records;
 * determinism per seed; giving up within the budget. Params are kept small. */
#include <stdlib.h>

#include "check.h"
#include "core/cube.h"
#include "evocube.h"
#include "solvers/swarm/pso.h"
#include "solver/solver.h"
#include "solvers/swarm/common.h"
#include "search/twophase.h"

static const char *const SOLVERS[4] = {"greedy", "pso", "aco", "dkho"};

typedef struct run {
    int rc;
    char solution[EC_MAX_ALG_MOVES * 4];
    int64_t gens, evals;
    int nrec, best_up, bad_div, gen_gap;
    double last_best, last_div, last_solved;
    ec_progress last;          /* the last record */
    int max_agents, depth_below; /* most agents in a record; aco records with a depth limit below best */
    uint64_t hash;             /* FNV-1a over every record's agents, distinct and events */
} run;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
    return h;
}

static void run_solver(const char *solver, const char *scramble, uint32_t seed, const char *params, run *r)
{
    memset(r, 0, sizeof *r);
    char f[EC_FACELETS_SIZE], msg[256];
    CHECK_RC(ec_facelets_apply(NULL, scramble, f, sizeof f, NULL, 0), EC_OK);
    ec_solver *h;
    int rc = ec_solver_new(solver, f, seed, params, &h, msg, sizeof msg);
    CHECK(rc == EC_OK, "%s: %s", solver, msg);
    if (rc) {
        r->rc = rc;
        return;
    }
    double prev = 1e9;
    r->hash = 1469598103934665603ull;
    while ((rc = ec_solver_step(h, 7)) == EC_RUNNING || ec_solver_progress_pending(h) > 0) {
        ec_progress rec[16];
        int n;
        ec_solver_progress(h, rec, 16, &n);
        for (int i = 0; i < n; i++) {
            r->nrec++;
            if (rec[i].gen != r->nrec) r->gen_gap++;
            if (rec[i].best > prev) r->best_up++; /* the global best never gets worse */
            if (rec[i].diversity < 0 || rec[i].diversity > 1) r->bad_div++;
            if (rec[i].solved_share < 0 || rec[i].solved_share > 1) r->bad_div++;
            prev = rec[i].best;
            r->last_best = rec[i].best;
            r->last_div = rec[i].diversity;
            r->last_solved = rec[i].solved_share;
            r->last = rec[i];
            if (rec[i].n_agents > r->max_agents) r->max_agents = rec[i].n_agents;
            if (rec[i].events[2] < rec[i].best) r->depth_below++;
            r->hash = fnv(r->hash, &rec[i].n_agents, sizeof rec[i].n_agents);
            r->hash = fnv(r->hash, rec[i].agent_fit, (size_t)rec[i].n_agents);
            r->hash = fnv(r->hash, &rec[i].distinct, sizeof rec[i].distinct);
            r->hash = fnv(r->hash, rec[i].events, sizeof rec[i].events);
        }
        if (rc != EC_RUNNING && !n) break;
    }
    r->rc = rc;
    r->gens = h->generations;
    r->evals = h->evaluations;
    if (rc == EC_DONE) {
        ec_solver_solution(h, r->solution, sizeof r->solution);
        CHECK_RC(ec_verify(f, r->solution, NULL, 0), EC_OK);
    }
    ec_solver_free(h);
}

/* the thesis's 5-move scrambles, and each solver's small params for them (SOLVERS' order) */
static const char *const easy[3] = {"F2 L D2 B2 F", "B U' R2 B F'", "R2 B2 D F R2"};
static const char *const small[4] = {"iterations=200", "particles=25,iterations=2000", "ants=10,iterations=60",
                                     "krill=10,iterations=60"};

/* 300 cubes a few random moves from solved (seed 3; some repeat), and the generator after
 * them: the keys, roulette, fitness and first20 cases start from here */
static void test_cubes(ec_cube cubes[300], ec_rng *rng)
{
    ec_rng_seed(rng, 3);
    for (int i = 0; i < 300; i++) {
        ec_cube_solved(&cubes[i]);
        for (int k = 0; k < 1 + i % 9; k++) ec_cube_move(&cubes[i], (int)ec_rng_below(rng, 18));
    }
}
#define TEST_CUBES          \
    ec_rng rng;             \
    ec_cube cubes[300];     \
    test_cubes(cubes, &rng)

static void keys_and_distinct_states(void)
{
    /* ---- keys: distinct states, distinct keys; the same state, the same key */
    TEST_CUBES;
    sw_map map = {0};
    int distinct = 0;
    for (int i = 0; i < 300; i++) {
        int dup = 0;
        for (int j = 0; j < i; j++) dup |= !memcmp(&cubes[i], &cubes[j], sizeof cubes[i]);
        int added;
        int idx = sw_map_insert(&map, sw_key_of(&cubes[i]), &added);
        CHECK(idx >= 0, "insert %d", i);
        CHECK(added == !dup, "cube %d: added %d, duplicate %d", i, added, dup);
        if (added) CHECK(idx == distinct++, "insertion order: %d at %d", i, idx);
    }
    CHECK(map.n == distinct, "map holds %d, want %d", map.n, distinct);
    for (int i = 0; i < 300; i++) {
        int idx = sw_map_find(&map, sw_key_of(&cubes[i]));
        CHECK(idx >= 0 && sw_key_of(&cubes[i]).a == map.keys[idx].a && sw_key_of(&cubes[i]).b == map.keys[idx].b,
              "find %d", i);
    }
    int keep = distinct / 2;
    CHECK_RC(sw_map_truncate(&map, keep), EC_OK);
    for (int i = 0; i < 300; i++) {
        int idx = sw_map_find(&map, sw_key_of(&cubes[i]));
        CHECK(idx < keep, "after truncate, %d found at %d", i, idx);
    }
    sw_map_free(&map);

    /* ---- distinct agent states (the swarm's diversity): cubes inside larger agent records */
    {
        struct agent {
            ec_cube cube;
            int other;
        } ag[300];
        for (int i = 0; i < 300; i++) {
            ag[i].cube = cubes[i];
            ag[i].other = i; /* differs in every agent: must not count */
        }
        CHECK(sw_distinct(ag, sizeof ag[0], 300) == distinct, "sw_distinct %d, want %d",
              sw_distinct(ag, sizeof ag[0], 300), distinct);
        CHECK(sw_distinct(ag, sizeof ag[0], 1) == 1 && sw_distinct(ag, sizeof ag[0], 0) == 0, "one or no agent");
        for (int i = 0; i < 10; i++) ec_cube_solved(&ag[i].cube);
        CHECK(sw_distinct(ag, sizeof ag[0], 10) == 1, "ten solved agents: %d states", sw_distinct(ag, sizeof ag[0], 10));
    }
}

static void roulette(void)
{
    TEST_CUBES;
    /* ---- roulette: empty mask, single move, and the shares follow the weights */
    {
        double w[18];
        for (int m = 0; m < 18; m++) w[m] = 1;
        CHECK(sw_roulette(&rng, w, 0) == -1, "empty mask");
        CHECK(sw_roulette(&rng, w, 1u << 7) == 7, "single move");
        w[2] = 3;
        int hits[18] = {0};
        for (int t = 0; t < 8000; t++) hits[sw_roulette(&rng, w, (1u << 2) | (1u << 5))]++;
        CHECK(hits[2] > 5600 && hits[2] < 6400 && hits[2] + hits[5] == 8000, "3:1 weights gave %d:%d", hits[2],
              hits[5]);
    }
}

static void fitness(void)
{
    TEST_CUBES;
    /* ---- fitness: the oracle's length, 0 when solved, cached without changing answers */
    {
        sw_fit fit;
        sw_fit_init(&fit, 1000, SW_ORACLE_EXACT);
        ec_cube c;
        ec_cube_solved(&c);
        CHECK(sw_fitness(&fit, &c) == 0, "solved has fitness 0");
        ec_cube_move(&c, 3);
        CHECK(sw_fitness(&fit, &c) == 1, "one move from solved: %d", sw_fitness(&fit, &c));
        for (int i = 0; i < 40; i++) {
            int a = sw_fitness(&fit, &cubes[i]), b = sw_fitness(&fit, &cubes[i]);
            CHECK(a == b && a == ec_distance(&cubes[i], 1000), "cube %d: %d, cached %d", i, a, b);
            CHECK(a <= 1 + i % 9, "cube %d of %d moves: distance %d", i, 1 + i % 9, a);
        }
        int nb[18];
        CHECK_RC(sw_neighbours(&fit, &c, nb), EC_OK);
        CHECK(nb[5] == 0 && nb[4] == 1, "neighbours of R: R' %d, R2 %d", nb[5], nb[4]);
        sw_fit_free(&fit);
    }
}

static void equation_3_3(void)
{
    /* ---- equation 3.3, case by case: (P_A, G_A) -> (start state, |V|) */
    {
        static const int cases[][4] = {
            {-3, 0, 1, 3},  /* P_A < 0, G_A >= 0: S_Pi + |P_A| */
            {-4, -2, 1, 4}, /* both < 0, P_A < G_A: S_Pi + |P_A| */
            {0, -2, 2, 2},  /* G_A < 0, P_A >= 0: S_G + |G_A| */
            {-2, -5, 2, 5}, /* both < 0, G_A <= P_A: S_G + |G_A| */
            {-3, -3, 2, 3}, /* equal: the G_A <= P_A branch */
            {2, 5, 0, 2},   /* both > 0: S_i + min */
            {3, 0, 0, 3},   /* P_A > 0, G_A = 0: S_i + P_A */
            {0, 4, 0, 4},   /* G_A > 0, P_A = 0: S_i + G_A */
            {0, 0, 0, 1},   /* both 0: S_i + 1 */
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            int base = -1, nv = -1;
            ec__pso_eq33(cases[i][0], cases[i][1], &base, &nv);
            CHECK(base == cases[i][2] && nv == cases[i][3], "eq. 3.3 (%d, %d): base %d |V| %d, want %d %d", cases[i][0],
                  cases[i][1], base, nv, cases[i][2], cases[i][3]);
        }
    }
}

static void solves_easy_scrambles(void)
{
    /* ---- each solver solves the thesis's 5-move scrambles, verified, with sane records */
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 3; i++) {
            run r;
            run_solver(SOLVERS[s], easy[i], 1, small[s], &r);
            CHECK(r.rc == EC_DONE, "%s on \"%s\": status %d after %lld iterations", SOLVERS[s], easy[i], r.rc,
                  (long long)r.gens);
            CHECK(r.nrec == r.gens && !r.gen_gap, "%s: %d records for %lld iterations", SOLVERS[s], r.nrec,
                  (long long)r.gens);
            CHECK(!r.best_up && !r.bad_div, "%s: best rose %d times, %d diversities outside 0..1", SOLVERS[s], r.best_up,
                  r.bad_div);
            CHECK(r.last_best == 0 && r.last_solved > 0, "%s: last record best %g solved share %g", SOLVERS[s],
                  r.last_best, r.last_solved);
            CHECK(r.evals > 0, "%s: evaluations counted", SOLVERS[s]);
        }
}

static void determinism(void)
{
    /* ---- determinism per seed (the same solution, iterations and evaluations) */
    for (int s = 0; s < 4; s++) {
        run a, b;
        run_solver(SOLVERS[s], "U D2 F' U2 R' B2 L", 9, small[s], &a);
        run_solver(SOLVERS[s], "U D2 F' U2 R' B2 L", 9, small[s], &b);
        CHECK(a.rc == b.rc && !strcmp(a.solution, b.solution) && a.gens == b.gens && a.evals == b.evals,
              "%s not deterministic: %d/%d \"%s\" vs \"%s\"", SOLVERS[s], a.rc, b.rc, a.solution, b.solution);
    }
}

static void finish_all(void)
{
    /* ---- finish=1 runs on until every agent is solved (the thesis's "Total" column) */
    {
        run r;
        run_solver("aco", "B U' R2 B F'", 2, "ants=8,iterations=60,finish=1", &r);
        CHECK(r.rc == EC_DONE && r.last_solved == 1, "aco finish=1: status %d, solved share %g", r.rc, r.last_solved);
        /* every ant at the solved state: one distinct state among the 8 */
        CHECK(r.last_div == 1.0 / 8, "aco finish=1: diversity %g with all ants solved", r.last_div);
        run_solver("dkho", "B U' R2 B F'", 2, "krill=8,iterations=60,finish=1", &r);
        CHECK(r.rc == EC_DONE && r.last_solved == 1, "dkho finish=1: status %d, solved share %g", r.rc, r.last_solved);
        CHECK(r.last_div == 1.0 / 8, "dkho finish=1: diversity %g with all krill solved", r.last_div);
    }
}

static void budgets(void)
{
    /* ---- budgets: too few iterations give up, claiming nothing */
    for (int s = 0; s < 4; s++) {
        run r;
        char params[64];
        snprintf(params, sizeof params, "iterations=2");
        run_solver(SOLVERS[s], "R U2 F' L D2 B R'", 1, params, &r);
        CHECK(r.rc == EC_GAVE_UP && r.gens == 2 && r.nrec == 2, "%s with 2 iterations: status %d, %lld iterations",
              SOLVERS[s], r.rc, (long long)r.gens);
    }
}

static void first20_oracle(void)
{
    TEST_CUBES;
    /* ---- the first20 oracle (the thesis's): an upper bound of the exact one, at most 20
     * moves here, and above it on some of these cubes */
    {
        sw_fit ex, f20;
        sw_fit_init(&ex, 1000, SW_ORACLE_EXACT);
        sw_fit_init(&f20, 1000, SW_ORACLE_FIRST20);
        int above = 0;
        for (int i = 0; i < 20; i++) {
            int a = sw_fitness(&ex, &cubes[i]), b = sw_fitness(&f20, &cubes[i]);
            CHECK(b >= a && b <= 20, "cube %d: first20 %d, exact %d", i, b, a);
            CHECK(b == ec__distance_first(&cubes[i], 20, SW_FIRST20_NODES), "cube %d: cached first20", i);
            above += b > a;
        }
        CHECK(above >= 3, "first20 above the exact distance on only %d of 20 cubes", above);
        sw_fit_free(&ex);
        sw_fit_free(&f20);
    }
}

static void variants(void)
{
    /* ---- variants: each param changes what it claims (the event counters, common.h) */
    {
        run a, b;
        /* greedy with first20 meets dead ends: it backtracks and gives up at the start;
         * rootFallback=1 takes the best move there instead and goes on */
        run_solver("greedy", "L2 F2 D U2 L2 D B2 R2 D U' L D2 U' B D L R' F' L B", 1, "oracle=1,iterations=30", &a);
        run_solver("greedy", "L2 F2 D U2 L2 D B2 R2 D U' L D2 U' B D L R' F' L B", 1, "oracle=1,iterations=8,rootFallback=1", &b);
        CHECK(a.last.events[0] > 0 && a.last.events[3] == 0 && a.rc == EC_GAVE_UP && a.gens < 30,
              "greedy first20: %lld backtracks, %lld fallbacks, %lld iterations", (long long)a.last.events[0],
              (long long)a.last.events[3], (long long)a.gens);
        CHECK(b.last.events[3] > 0 && b.gens > a.gens, "greedy rootFallback: %lld fallbacks, %lld iterations",
              (long long)b.last.events[3], (long long)b.gens);
        CHECK(a.last.n_agents == 18, "greedy carries its 18 neighbours, not %d", a.last.n_agents);
        /* pso: draw=1 (the default) draws fewer random moves per particle move than the bound
         * (draw=0, the text); S_Pi's branch never fires while the bests are updated every
         * iteration (pso.c says why): it would with a stale global best */
        run_solver("pso", "R U2 F' L D2 B R' U2 L2 F", 3, "particles=20,iterations=8,draw=0", &a);
        run_solver("pso", "R U2 F' L D2 B R' U2 L2 F", 3, "particles=20,iterations=8", &b);
        double ra = (double)a.last.events[3] / (double)(a.last.events[0] + a.last.events[1] + a.last.events[2]);
        double rb = (double)b.last.events[3] / (double)(b.last.events[0] + b.last.events[1] + b.last.events[2]);
        CHECK(a.last.events[2] > 0 && rb < ra, "pso random moves per move: %g with draw=0, %g by default", ra, rb);
        CHECK(a.last.events[1] == 0 && b.last.events[1] == 0, "pso from S_Pi: %lld, %lld", (long long)a.last.events[1],
              (long long)b.last.events[1]);
        /* dkho: `mutations` positions per mutated offspring, or 1..length with mutationDraw=1 */
        run_solver("dkho", "F R' U L2 B D' R2 F' U2 B L", 3, "krill=3,iterations=10,oracle=1", &a);
        run_solver("dkho", "F R' U L2 B D' R2 F' U2 B L", 3, "krill=3,iterations=10,oracle=1,mutationDraw=1", &b);
        CHECK(a.last.events[0] > 0 && a.last.events[1] > 0, "dkho first20: %lld kills, %lld offspring",
              (long long)a.last.events[0], (long long)a.last.events[1]);
        CHECK(a.last.events[2] > 0 && a.last.events[3] == 2 * a.last.events[2], "dkho: %lld positions in %lld",
              (long long)a.last.events[3], (long long)a.last.events[2]);
        CHECK(b.last.events[2] > 0 && b.last.events[3] != 2 * b.last.events[2], "dkho draw: %lld positions in %lld",
              (long long)b.last.events[3], (long long)b.last.events[2]);
        /* aco: regroup=1 (the default) regroups above the global minimum's depth (regroup=0,
         * the text, at it); twoPly=1 looks two plies */
        run_solver("aco", "R U2 F' L D2 B R' U2 L2 F", 3, "ants=6,iterations=10,sight=0,regroup=0", &a);
        run_solver("aco", "R U2 F' L D2 B R' U2 L2 F", 3, "ants=6,iterations=10,sight=0", &b);
        CHECK(a.depth_below == 0 && b.depth_below > 0 && b.last.events[1] > a.last.events[1],
              "aco regroup: depth below best in %d / %d records, rule 2 %lld / %lld", a.depth_below, b.depth_below,
              (long long)a.last.events[1], (long long)b.last.events[1]);
        run_solver("aco", "R U2 F' L D2 B R'", 3, "ants=4,iterations=2", &a);
        run_solver("aco", "R U2 F' L D2 B R'", 3, "ants=4,iterations=2,twoPly=1", &b);
        CHECK(b.evals > 10 * a.evals, "aco twoPly: %lld fitness requests, one-ply %lld", (long long)b.evals,
              (long long)a.evals);
        /* aco: sight=1 (the default) takes a neighbour it scored below the global minimum, so
         * within 7 turns (where the oracle is exact) the colony descends one turn per
         * iteration; sight=0 (the text's roulette) wanders and gives up */
        run_solver("aco", "R U2 F' L D2 B R'", 3, "ants=4,iterations=30", &a);
        run_solver("aco", "R U2 F' L D2 B R'", 3, "ants=4,iterations=30,sight=0", &b);
        CHECK(a.rc == EC_DONE && a.gens == 7 && a.last.events[4] > 0, "aco sight: status %d in %lld iterations, %lld on sight",
              a.rc, (long long)a.gens, (long long)a.last.events[4]);
        CHECK(b.rc == EC_GAVE_UP && b.last.events[4] == 0, "aco sight=0: status %d, %lld on sight", b.rc,
              (long long)b.last.events[4]);
    }
}

static void agent_records(void)
{
    /* ---- agent records: at most EC_PROGRESS_AGENTS agents, the same on every run */
    for (int s = 1; s < 4; s++) {
        run a, b;
        const char *params = s == 1 ? "particles=100,iterations=3" : s == 2 ? "ants=100,iterations=3" : "krill=100,iterations=3";
        run_solver(SOLVERS[s], "R U2 F' L D2 B R' U2", 5, params, &a);
        run_solver(SOLVERS[s], "R U2 F' L D2 B R' U2", 5, params, &b);
        CHECK(a.max_agents == EC_PROGRESS_AGENTS && a.last.distinct >= 1 && a.last.distinct <= 100,
              "%s: %d agents, %d distinct", SOLVERS[s], a.max_agents, a.last.distinct);
        CHECK(a.hash == b.hash && a.nrec == b.nrec, "%s: agent records differ between equal runs", SOLVERS[s]);
    }
}

static void solved_start(void)
{
    /* ---- a solved start finishes at once with the empty solution */
    for (int s = 0; s < 4; s++) {
        run r;
        run_solver(SOLVERS[s], "", 1, NULL, &r);
        CHECK(r.rc == EC_DONE && r.solution[0] == '\0', "%s on solved: %d \"%s\"", SOLVERS[s], r.rc, r.solution);
    }
}

int main(void)
{
    RUN(keys_and_distinct_states);
    RUN(roulette);
    RUN(fitness);
    RUN(equation_3_3);
    RUN(solves_easy_scrambles);
    RUN(determinism);
    RUN(finish_all);
    RUN(budgets);
    RUN(first20_oracle);
    RUN(variants);
    RUN(agent_records);
    RUN(solved_start);
    DONE();
}
