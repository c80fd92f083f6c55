/*
 * greedy.c - solver "greedy": the greedy tree search of the swarm thesis
 * (shared/papers/swarm-intelligence-rubiks-cube.md, section 3.2, Algorithm 3).
 *
 * One agent walks from the scrambled cube. Each iteration it looks at the 18 face turns
 * from its state S and takes the one whose result has the smallest fitness
 * Kociemba(S+m) (the two-phase oracle's length, swarm/common.h), provided the result was
 * never reached before (the visited-state check against cycles) and its fitness is not
 * above the current fitness. A move to a visited state is struck from the candidate set;
 * when the best remaining candidate is worse than the current fitness the last applied
 * move is undone (backtracking) and the search goes on from the state before it (lines
 * 8-19 of Algorithm 3; see the deviations for what carries over).
 *
 * Data: the current cube and path, the set of reached states (sw_map, insertion
 * ordered), the cached fitness. Costs per iteration: at most 18 fitness requests per
 * candidate scan, at most (18 + path length) scans (the thesis's O(18 + N)).
 *
 * Progress (one record per iteration, swarm/common.h): best = lowest fitness reached,
 * mean = fitness of the current state, solvedShare = 1 once solved, else 0 (one agent, so
 * diversity is 0),
 * bestMoves = the current path (after backtracks it can be shorter than the best's).
 *
 * Deviations from the thesis, and why:
 *  - after a backtrack, the current fitness is that of the state the walk is back at and
 *    all its moves are candidates again (the undone move's state is excluded as reached).
 *    Algorithm 3's "go to 8" keeps the deeper state's fitness and candidate set instead;
 *    taken literally, one local minimum makes every ancestor's moves look worse than the
 *    (lower) stale fitness, so the walk unwinds to the start and gives up (tried: 2 of the
 *    3 25-move scrambles of Table 4.5 given up within a second, where the thesis's
 *    Table 4.2 shows runs of thousands of iterations). This reading is the text's "the
 *    last applied move is undone and a move that gives the next minimum fitness value is
 *    applied";
 *  - the scrambled state itself counts as reached (the thesis's reachedStates starts
 *    empty, which would let the walk return to the start: a cycle);
 *  - when every candidate of the start state is struck or worse than its fitness there is
 *    nothing to undo: the search is exhausted and the solver gives up (Algorithm 3 would
 *    pop an empty solution);
 *  - fitness ties go to the lowest move code (U U2 U' R ...), so runs are reproducible;
 *  - the solved state has fitness 0 (the thesis's Kociemba reports 1 for it).
 * The author's published code instead takes its best move anyway at a dead-end start:
 * rootFallback=1 (opt-in; event counter 3 counts it).
 * Events (common.h): backtracks, plateau moves, struck candidates, root fallbacks; agents =
 * the 18 neighbour fitness values of the state the last move was chosen from (255 = not
 * looked at in that scan).
 */
#include <stdlib.h>
#include <string.h>

#include "core/cube.h"
#include "solvers/swarm/common.h"

#define ALL_MOVES 0x3FFFFu

typedef struct greedy_state {
    int64_t limit, iter;
    ec_cube cur;
    sw_path path;
    sw_map reached;
    sw_fit fit;
    int best, root_fallback;
    int nb[18];                      /* neighbours of the state the last move left (255: not looked at) */
    int64_t ev[EC_PROGRESS_EVENTS]; /* common.h: backtracks, plateau moves, struck, root fallbacks */
} greedy_state;

static void greedy_destroy(void *state)
{
    greedy_state *s = state;
    if (!s) return;
    sw_path_free(&s->path);
    sw_map_free(&s->reached);
    sw_fit_free(&s->fit);
    free(s);
}

static int greedy_create(ec_solver *h, void **state)
{
    greedy_state *s = calloc(1, sizeof *s);
    if (!s) return EC_E_NOMEM;
    s->limit = (int64_t)ec__param(h, "iterations");
    s->root_fallback = (int)ec__param(h, "rootFallback");
    for (int m = 0; m < 18; m++) s->nb[m] = 255;
    sw_fit_init_params(&s->fit, h);
    s->cur = h->start;
    s->best = sw_fitness(&s->fit, &s->cur);
    if (s->best < 0 || sw_map_insert(&s->reached, sw_key_of(&s->cur), NULL) < 0) {
        int rc = s->best < 0 ? s->best : EC_E_NOMEM;
        greedy_destroy(s);
        return rc;
    }
    *state = s;
    return EC_OK;
}

static void undo_last(greedy_state *s, int *old)
{
    int m = s->path.m[--s->path.n];
    ec_cube_move(&s->cur, m / 3 * 3 + 2 - m % 3);
    *old = m;
}

/* One iteration of Algorithm 3: 1 move applied (EC_OK), exhausted (EC_GAVE_UP), error. */
static int greedy_iteration(greedy_state *s)
{
    uint32_t cand = ALL_MOVES;
    int cur_fit = sw_fitness(&s->fit, &s->cur); /* line 7 */
    if (cur_fit < 0) return cur_fit;
    for (int m = 0; m < 18; m++) s->nb[m] = 255;
    for (;;) {
        int best_m = -1, best_f = 0; /* line 8: FindMinimumMove over the candidates */
        for (int m = 0; m < 18; m++) {
            if (!(cand >> m & 1)) continue;
            ec_cube t;
            ec_cube_multiply(&s->cur, ec__move_cube(m), &t);
            int f = sw_fitness(&s->fit, &t);
            if (f < 0) return f;
            s->nb[m] = f;
            if (best_m < 0 || f < best_f) {
                best_m = m;
                best_f = f;
            }
        }
        ec_cube next;
        if (best_m >= 0) {
            ec_cube_multiply(&s->cur, ec__move_cube(best_m), &next);
            if (sw_map_find(&s->reached, sw_key_of(&next)) >= 0) { /* lines 11-13 */
                cand &= ~(1u << best_m);
                s->ev[2]++;
                continue;
            }
        }
        int fallback = 0;
        if ((best_m < 0 || best_f > cur_fit) && !s->path.n) { /* dead end at the start */
            if (!s->root_fallback || best_m < 0) return EC_GAVE_UP; /* exhausted */
            fallback = 1; /* rootFallback=1 (the author's code): take the best move anyway */
            s->ev[3]++;
        }
        if (!fallback && (best_m < 0 || best_f > cur_fit)) { /* lines 14-19: backtrack */
            int old;
            s->ev[0]++;
            undo_last(s, &old);
            cur_fit = sw_fitness(&s->fit, &s->cur); /* the state we are back at */
            if (cur_fit < 0) return cur_fit;
            cand = ALL_MOVES & ~(1u << old); /* (the undone move's state is reached anyway) */
            for (int m = 0; m < 18; m++) s->nb[m] = 255;
            continue;
        }
        if (best_f == cur_fit) s->ev[1]++; /* a plateau move */
        s->cur = next; /* lines 21-23 */
        if (sw_map_insert(&s->reached, sw_key_of(&next), NULL) < 0) return EC_E_NOMEM;
        if (sw_path_push(&s->path, (uint8_t)best_m)) return EC_E_NOMEM;
        if (best_f < s->best) s->best = best_f;
        return EC_OK;
    }
}

static int greedy_step(ec_solver *h, void *state, int work)
{
    greedy_state *s = state;
    for (int w = 0; w < work; w++) {
        if (s->path.n >= SW_MAX_PATH) return EC_GAVE_UP;
        int rc = greedy_iteration(s);
        if (rc < 0) return rc;
        s->iter++;
        int solved = rc == EC_OK && ec_cube_is_solved(&s->cur);
        int f = solved ? 0 : sw_fitness(&s->fit, &s->cur);
        if (f < 0) return f;
        sw_report rep = {s->iter, f, s->fit.evals, s->best, 1, 1, solved, &s->path, s->nb, sizeof s->nb[0], 18, s->ev};
        int erc = sw_end_iteration(h, &rep, 0, s->limit, &s->path); /* one agent: solved is all solved */
        if (erc != EC_RUNNING) return erc;
        if (rc == EC_GAVE_UP) return EC_GAVE_UP; /* a dead end (solved is 0 then) */
    }
    return EC_RUNNING;
}

static const ec_param_def greedy_params[] = {
    {"iterations", 10000, 1, 1000000, 1, "iterations (moves applied) before giving up"},
    {"budget", 1000, 0, 10000000, 1, "two-phase search nodes spent per fitness after the first solution"},
    SW_ORACLE_PARAM,
    {"rootFallback", 0, 0, 1, 1, "1: at a dead end at the start take the best unvisited move anyway (the author's code)"},
};

static const ec_preset greedy_presets[] = {
    {"greedy100", "iterations=100", "the thesis's Greedy_100 (Table 4.6)"},
    {"greedy10000", "iterations=10000", "the thesis's Greedy_10000 (the default)"},
    {"thesis", "oracle=1", "the thesis's oracle: first two-phase solution of at most 20 moves"},
};

static const char *const greedy_phases[] = {"greedy"};
static const char *const greedy_goals[] = {SW_GOAL};

const ec_solver_impl ec_solver_greedy = {
    .name = "greedy",
    .title = "Greedy tree search with backtracking (swarm thesis, Algorithm 3)",
    .label = "Greedy search (swarm thesis)",
    .short_label = "Greedy",
    .work_unit = "iteration",
    .fitness = "two-phase distance to solved, in moves (0 = solved)",
    .better = EC_LOWER_IS_BETTER,
    .phases = greedy_phases,
    .nphases = EC_COUNT(greedy_phases),
    .goals = greedy_goals,
    .family = EC_FAMILY_SWARM,
    .records = EC_RECORDS_AGENTS,
    .agents = "neighbours of its one agent",
    .neighbours = 1,
    .params = greedy_params,
    .nparams = EC_COUNT(greedy_params),
    .presets = greedy_presets,
    .npresets = EC_COUNT(greedy_presets),
    .create = greedy_create,
    .step = greedy_step,
    .destroy = greedy_destroy,
};
