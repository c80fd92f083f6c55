/*
 * aco.c - solver "aco": the ant colony of the swarm thesis
 * (shared/papers/swarm-intelligence-rubiks-cube.md, section 3.3, equations 3.4-3.7).
 *
 * The ants start together at a regroup node (at first the scrambled cube). Each iteration
 * every ant, one after the other, takes one move from its state S: the probability of move
 * m is proportional to tau(S,m)^alpha * eta(S,m)^beta (3.6) with eta = 1/Kociemba(S+m)
 * (3.7), chosen by roulette wheel. When all ants have moved, each deposits
 * 1/Kociemba(S+m) on the edge it took (3.4; an edge's total is the sum over the ants that
 * took it, 3.5), so the ants of the next tries follow the trails. Every edge starts at the
 * floor 0.000001 (the thesis's assumption that avoids 0/0).
 * Pheromone lives in a map keyed by cube state (sw_map: insertion order, never pointer or
 * hash order) with 18 values per state.
 * Regrouping, after all ants moved:
 *  1. an ant found a state with fitness below the global minimum: the global minimum
 *     becomes that fitness and all ants regroup at that state (the first such ant's state
 *     if several tie);
 *  2. the ants have gone as deep from the regroup node as the global minimum without
 *     improving it: they regroup at the regroup node and try again; the states entered in
 *     the pheromone map since that node was reached are removed and the node's own edges
 *     are set back to the floor.
 *
 * Data: per ant its cube, path from the start and fitness; the regroup node (cube, path,
 * fitness, map size when it was reached); the pheromone map and a parallel array of
 * 18 doubles per state. Costs per iteration: per ant 18 fitness requests (cached), one map
 * lookup, one roulette spin; regroup rule 2 rebuilds the map index, O(states).
 *
 * Progress (one record per iteration, swarm/common.h): best = global minimum fitness,
 * mean = mean fitness of the ants' states, diversity = share of distinct states among the
 * ants, solvedShare = share of ants at the solved state.
 *
 * finish=0 (default) stops at the first iteration in which an ant reaches the solved state
 * (returning the shortest such path); finish=1 applies rule 1 first, so all ants regroup at
 * the solved state and are counted in the next iteration, as in the thesis's Table 4.3
 * (First 4, Last 5).
 *
 * Deviations from the thesis, and why:
 *  - the deposit is made once all ants have moved (the classic batch update of eq. 3.5),
 *    not by each ant before the next one moves: with the floor at 0.000001 and a deposit of
 *    about 1/20, an immediate deposit makes every later ant take the first ant's edge with
 *    probability above 0.9999, so the colony would walk as one ant (tried: 5-move scrambles
 *    then mostly fail within 100 iterations, where the thesis's Table 4.3 solves them in
 *    4-5 iterations);
 *  - alpha and beta are whole numbers (powers by repeated multiplication, so the roulette is
 *    bit-identical natively and in wasm; the thesis uses alpha = beta = 1, Dorigo 1 and 5);
 *  - an ant next to the solved state takes that move (eta = 1/0 is infinite);
 *  - rule 2 also sets the regroup node's own 18 edges back to the floor: the thesis resets
 *    "the edges of the states found after the starting state"; without resetting the
 *    node's edges too, the next try would follow the same trail;
 *  - eq. 3.5 has no evaporation; the optional `evaporation` (0 by default) applies eq. 2.5.
 * Two deviations are the defaults because they measured strictly better (docs/BENCHMARKS.md,
 * section swarm, "aco and pso defaults"; sight=0,regroup=0 is the text's rule):
 *  - sight=1, rule 1 on sight: an ant scores all 18 neighbours for eta, so it has found
 *    every neighbour's fitness; one below the global minimum is taken (the lowest, then the
 *    lowest move) instead of spinning the roulette, and rule 1 regroups there. With the text's
 *    beta = 1 the roulette barely prefers it (1/15 against 1/16..1/22), so ants walked past
 *    improvements they had seen;
 *  - regroup=1, rule 2 at an adaptive depth: 2 at first and after each improvement, one
 *    deeper after each failed try, never past the global minimum. At the text's depth (the
 *    global minimum, 15-20 here) a try costs that many iterations though only its first
 *    two or three moves can still reach below the minimum, so 100 iterations gave 5 tries.
 *  Why the text's ACO fails with the exact oracle: in the middle range ec_distance reads the
 *  best two-phase solution found in its budget, not the distance, and a regroup node that
 *  read low is often a local minimum of that reading: no neighbour below it, at most 2 of
 *  the 306 two-move continuations below it, or only 2-5 of the ~4,000 three-move ones (traced
 *  on random states 4 and 13 of the bench and 41 and 51 of 21..60). Text: 19/20 random states, 32/40 on 21..60;
 *  sight=1 alone 20/20 and 38/40; sight=1,regroup=1 20/20 and 40/40, native median 0.10 s.
 * Preset "thesis" is the thesis's ACO as a whole: its oracle (oracle=1, first20) with the text's
 *  rules (sight=0, regroup=0). With the oracle alone, sight=1 takes the first20 reading's
 *  improvement at every step (a 20-move random state: 21 -> 0 in 21 iterations, no plateau);
 *  with the text's rules the colony plateaus, spreads and regroups as the thesis reports
 *  (section 4.3: fitness 15-17 after 25 iterations on 25-move scrambles; same state, seed 1:
 *  stuck at 14 from iteration 10, diversity up to 1).
 * Opt-in variant: twoPly=1 (the author's code: eta(S,m) = 1/min over m2 of
 * Kociemba(S+m+m2), 18x the fitness requests; a move two from solved is taken).
 * Events (common.h): rule-1 regroups, rule-2 regroups, the depth limit, forced moves,
 * moves taken on sight.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/cube.h"
#include "solvers/swarm/aco.h"
#include "solvers/swarm/common.h"

#define ADAPTIVE_START 2 /* regroup=1: rule 2's first depth limit */

typedef struct aco_ant {
    ec_cube cube;
    sw_path path;
    int fit, solved;
    int row, move; /* the edge taken this iteration (row -1: none), deposited after all moved */
} aco_ant;
_Static_assert(offsetof(aco_ant, cube) == 0, "sw_distinct reads each agent's cube first");

typedef struct aco_state {
    int n, finish, alpha, beta, two_ply, adaptive, sight, limit_depth;
    int64_t ev[EC_PROGRESS_EVENTS]; /* common.h: rule-1, rule-2 regroups, depth limit, forced, sight */
    double floor, rho;
    int64_t limit, iter;
    aco_ant *a;
    ec_cube rcube; /* regroup node */
    sw_path rpath;
    int gmin, depth, checkpoint;
    sw_map pher;
    double (*tau)[18];
    int tcap;
    sw_fit fit;
    ec_rng rng;
} aco_state;

static void aco_destroy(void *state)
{
    aco_state *s = state;
    if (!s) return;
    if (s->a)
        for (int i = 0; i < s->n; i++) sw_path_free(&s->a[i].path);
    free(s->a);
    sw_path_free(&s->rpath);
    sw_map_free(&s->pher);
    free(s->tau);
    sw_fit_free(&s->fit);
    free(s);
}

/* The pheromone row of state c (created at the floor when new); index or negative error. */
static int pher_row(aco_state *s, const ec_cube *c)
{
    int added;
    int i = sw_map_insert(&s->pher, sw_key_of(c), &added);
    if (i < 0) return i;
    if (i >= s->tcap) {
        int cap = s->pher.cap;
        double(*t)[18] = realloc(s->tau, (size_t)cap * sizeof *t);
        if (!t) return EC_E_NOMEM;
        s->tau = t;
        s->tcap = cap;
    }
    if (added)
        for (int m = 0; m < 18; m++) s->tau[i][m] = s->floor;
    return i;
}

/* All ants back at the regroup node. */
static int regroup(aco_state *s)
{
    for (int i = 0; i < s->n; i++) {
        if (sw_path_copy(&s->a[i].path, &s->rpath)) return EC_E_NOMEM;
        s->a[i].cube = s->rcube;
        s->a[i].fit = s->gmin;
        s->a[i].solved = s->gmin == 0;
    }
    s->depth = 0;
    return EC_OK;
}

static int aco_create(ec_solver *h, void **state)
{
    aco_state *s = calloc(1, sizeof *s);
    if (!s) return EC_E_NOMEM;
    s->n = (int)ec__param(h, "ants");
    s->limit = (int64_t)ec__param(h, "iterations");
    s->finish = (int)ec__param(h, "finish");
    s->alpha = (int)ec__param(h, "alpha");
    s->beta = (int)ec__param(h, "beta");
    s->floor = ec__param(h, "floor");
    s->rho = ec__param(h, "evaporation");
    s->two_ply = (int)ec__param(h, "twoPly");
    s->adaptive = (int)ec__param(h, "regroup");
    s->sight = (int)ec__param(h, "sight");
    s->limit_depth = ADAPTIVE_START;
    sw_fit_init_params(&s->fit, h);
    ec_rng_seed(&s->rng, h->seed);
    s->a = calloc((size_t)s->n, sizeof *s->a);
    s->rcube = h->start;
    s->gmin = s->a ? sw_fitness(&s->fit, &s->rcube) : EC_E_NOMEM;
    int rc = s->gmin < 0 ? s->gmin : pher_row(s, &s->rcube);
    if (rc >= 0) rc = regroup(s);
    if (rc < 0) {
        aco_destroy(s);
        return rc;
    }
    s->checkpoint = s->pher.n;
    *state = s;
    return EC_OK;
}

/* The depth at which rule 2 regroups: the global minimum (the text), or with regroup=1 a
 * limit that starts at ADAPTIVE_START, grows by one after each rule-2 regroup and goes back
 * to ADAPTIVE_START on an improvement, never above the global minimum. */
static int regroup_depth(const aco_state *s)
{
    return s->adaptive && s->limit_depth < s->gmin ? s->limit_depth : s->gmin;
}

/* Two-ply values (twoPly=1): v[m] = the lowest fitness two moves ahead through m,
 * min over m2 of Kociemba(S+m+m2); 18 x 18 fitness requests (cached). */
static int two_ply(aco_state *s, const ec_cube *c, int v[18])
{
    for (int m = 0; m < 18; m++) {
        ec_cube t;
        ec_cube_multiply(c, ec__move_cube(m), &t);
        int nb2[18];
        int rc = sw_neighbours(&s->fit, &t, nb2);
        if (rc) return rc;
        v[m] = nb2[0];
        for (int k = 1; k < 18; k++)
            if (nb2[k] < v[m]) v[m] = nb2[k];
    }
    return EC_OK;
}

static double ipow(double x, int k)
{
    double r = 1;
    for (int i = 0; i < k; i++) r *= x;
    return r;
}

double ec__aco_weight(double tau, int alpha, int fit, int beta) { return ipow(tau, alpha) * ipow(1.0 / fit, beta); }

double ec__aco_deposit(int fit) { return fit > 0 ? 1.0 / fit : 1.0; }

double ec__aco_evaporate(double tau, double rho, double floor)
{
    double t = (1 - rho) * tau;
    return t > floor ? t : floor;
}

static int move_ant(aco_state *s, aco_ant *a)
{
    int row = pher_row(s, &a->cube);
    if (row < 0) return row;
    int nb[18];
    int rc = sw_neighbours(&s->fit, &a->cube, nb);
    if (rc) return rc;
    int m = -1;
    for (int k = 0; k < 18 && m < 0; k++)
        if (nb[k] == 0) m = k;
    int v[18];
    if (m < 0 && s->two_ply) { /* eta from two plies: a move two from solved is taken */
        if ((rc = two_ply(s, &a->cube, v))) return rc;
        for (int k = 0; k < 18 && m < 0; k++)
            if (v[k] == 0) m = k;
    } else
        memcpy(v, nb, sizeof v);
    if (m >= 0) s->ev[3]++;
    if (m < 0 && s->sight) { /* rule 1 on sight: the lowest neighbour below the global minimum */
        for (int k = 0; k < 18; k++)
            if (nb[k] < s->gmin && (m < 0 || nb[k] < nb[m])) m = k;
        if (m >= 0) s->ev[4]++;
    }
    if (m < 0) {
        double w[18];
        for (int k = 0; k < 18; k++) w[k] = ec__aco_weight(s->tau[row][k], s->alpha, v[k], s->beta);
        m = sw_roulette(&s->rng, w, 0x3FFFFu);
    }
    ec_cube_move(&a->cube, m);
    if (sw_path_push(&a->path, (uint8_t)m)) return EC_E_NOMEM;
    a->fit = nb[m];
    a->solved = nb[m] == 0;
    a->row = row;
    a->move = m;
    return EC_OK;
}

static int aco_step(ec_solver *h, void *state, int work)
{
    aco_state *s = state;
    for (int w = 0; w < work; w++) {
        if (s->rpath.n + s->depth + 1 > SW_MAX_PATH) return EC_GAVE_UP;
        for (int i = 0; i < s->n; i++) {
            s->a[i].row = -1;
            if (s->a[i].solved) continue; /* stays at the solved state */
            int rc = move_ant(s, &s->a[i]);
            if (rc) return rc;
        }
        for (int i = 0; i < s->n; i++) { /* eqs. 3.4, 3.5: each ant's deposit on its edge */
            const aco_ant *a = &s->a[i];
            if (a->row >= 0) s->tau[a->row][a->move] += ec__aco_deposit(a->fit);
        }
        s->depth++;
        if (s->rho > 0)
            for (int i = 0; i < s->pher.n; i++)
                for (int m = 0; m < 18; m++) s->tau[i][m] = ec__aco_evaporate(s->tau[i][m], s->rho, s->floor);
        int64_t sum = 0;
        int solved = 0, shortest = -1, best = -1;
        for (int i = 0; i < s->n; i++) {
            aco_ant *a = &s->a[i];
            sum += a->fit;
            if (best < 0 || a->fit < s->a[best].fit) best = i;
            if (a->solved) {
                solved++;
                if (shortest < 0 || a->path.n < s->a[shortest].path.n) shortest = i;
            }
        }
        s->iter++;
        sw_path shown = s->rpath; /* the global best state's path (rule 1 updates it below) */
        int improved = s->a[best].fit < s->gmin;
        if (improved) shown = s->a[best].path;
        int distinct = sw_distinct(s->a, sizeof *s->a, s->n);
        if (distinct < 0) return distinct;
        s->ev[2] = regroup_depth(s);
        sw_report rep = {s->iter, sum, s->fit.evals, improved ? s->a[best].fit : s->gmin, s->n, distinct, solved,
                         &shown, &s->a[0].fit, sizeof *s->a, s->n, s->ev};
        int rc = sw_end_iteration(h, &rep, s->finish, s->limit, solved ? &s->a[shortest].path : NULL);
        if (rc != EC_RUNNING) return rc;
        if (improved) { /* rule 1 */
            s->gmin = s->a[best].fit;
            s->rcube = s->a[best].cube;
            if (sw_path_copy(&s->rpath, &s->a[best].path)) return EC_E_NOMEM;
            int row = pher_row(s, &s->rcube);
            if (row < 0) return row;
            s->checkpoint = s->pher.n;
            s->ev[0]++;
            s->limit_depth = ADAPTIVE_START;
            if (regroup(s)) return EC_E_NOMEM;
        } else if (s->depth >= regroup_depth(s)) { /* rule 2 */
            s->ev[1]++;
            s->limit_depth++;
            if (sw_map_truncate(&s->pher, s->checkpoint)) return EC_E_NOMEM;
            int row = sw_map_find(&s->pher, sw_key_of(&s->rcube));
            if (row >= 0)
                for (int m = 0; m < 18; m++) s->tau[row][m] = s->floor;
            if (regroup(s)) return EC_E_NOMEM;
        }
    }
    return EC_RUNNING;
}

static const ec_param_def aco_params[] = {
    {"ants", 25, 1, 2000, 1, "ants in the colony"},
    {"iterations", 100, 1, 1000000, 1, "iterations (one move per ant each) before giving up"},
    {"alpha", 1, 0, 5, 1, "pheromone exponent of eq. 3.6"},
    {"beta", 1, 0, 5, 1, "heuristic (1/Kociemba) exponent of eq. 3.6"},
    {"floor", 0.000001, 1e-12, 1, 0, "pheromone every edge starts with (and is reset to)"},
    {"evaporation", 0, 0, 0.99, 0, "share of pheromone evaporating per iteration (eq. 2.5; 0 = eq. 3.5)"},
    {"budget", 1000, 0, 10000000, 1, "two-phase search nodes spent per fitness after the first solution"},
    SW_ORACLE_PARAM,
    {"twoPly", 0, 0, 1, 1, "1: eta = 1/(best fitness two moves ahead through the move) (the author's code)"},
    {"regroup", 1, 0, 1, 1, "rule 2's depth: 1 adaptive, from 2 up one per failed try; 0 the global minimum (the text)", "global|adaptive"},
    {"sight", 1, 0, 1, 1, "1: an ant takes a scored neighbour below the global minimum; 0 the roulette (the text)"},
    {"finish", 0, 0, 1, 1, "0: stop when the first ant is solved; 1: regroup all ants there first (thesis tables)", "first|all"},
};

static const ec_preset aco_presets[] = {
    {"aco25", "ants=25,iterations=100", "the thesis's ACO_25/100 (the default)"},
    {"dorigo", "alpha=1,beta=5", "Dorigo's original exponents"},
    {"thesis", "oracle=1,sight=0,regroup=0", "the thesis's ACO: its oracle (first two-phase solution of at most 20 moves) and its text's rules (sight=0, regroup=0)"},
    {"text", "sight=0,regroup=0", "the thesis's text: sight=0, regroup=0"},
};

static const char *const aco_phases[] = {"aco"};
static const char *const aco_goals[] = {SW_GOAL};

const ec_solver_impl ec_solver_aco = {
    .name = "aco",
    .title = "Ant colony with a state-keyed pheromone map (swarm thesis, eq. 3.6)",
    .label = "Ant colony (swarm thesis)",
    .short_label = "Ant colony",
    .work_unit = "iteration",
    .fitness = "two-phase distance to solved, in moves (0 = solved)",
    .better = EC_LOWER_IS_BETTER,
    .phases = aco_phases,
    .nphases = EC_COUNT(aco_phases),
    .goals = aco_goals,
    .family = EC_FAMILY_SWARM,
    .records = EC_RECORDS_AGENTS,
    .agents = "ants",
    .quick = 1,
    .params = aco_params,
    .nparams = EC_COUNT(aco_params),
    .presets = aco_presets,
    .npresets = EC_COUNT(aco_presets),
    .create = aco_create,
    .step = aco_step,
    .destroy = aco_destroy,
};
