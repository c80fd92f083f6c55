/*
 * twophase.c - the `twophase` stepped solver: Kociemba's two-phase search (tp_search,
 * c/search/twophase.h) run in work units of 1,000 search nodes, one progress record per
 * unit and one more for each shorter solution found; its params (maxLength, firstSolution,
 * listNodes, budget, directions) and presets (fast, short). The search itself, resumable
 * after any node, is c/search/twophase.c; this file only steps it, reports it and hands the
 * best solution's two phases to the handle.
 *
 * Default run (firstSolution=0, listNodes > 0): as Cube Explorer and csTimer list them, the
 * improving solutions first (say 22 -> 21 -> 20), then the first of at most maxLength moves:
 *  1. list: an improving search (first solution of any length, then each shorter one; no
 *     least node count) for up to listNodes nodes, each better solution its own record. Its
 *     first solution of at most maxLength ends the run when the cube cannot be within
 *     NEAR_MAX turns (tp_dirs_bound), or when the search is exhausted (nothing shorter);
 *  2. target: otherwise a target search (tp_target: at most maxLength moves, pre-moves,
 *     a near cube's optimum) as with listNodes=0; the run's solution is the shorter of the
 *     two searches' (the list's on a tie).
 * Cost beside listNodes=0: at most listNodes nodes more (docs/BENCHMARKS.md, twophase-list).
 * listNodes=0 is the target search alone; firstSolution=1 the improving search alone, with
 * its budget after the first solution (preset short).
 *
 * State: two tp_search (17.5 KB each, no further allocation), which one runs, the unit
 * counter.
 */
#include <stdlib.h>
#include <string.h>

#include "search/near.h"
#include "search/twophase.h"
#include "solver/solver.h"

typedef struct tp_state {
    tp_search list, s; /* the listing search (stage 1) and the search the run ends with */
    int stage;         /* 1: list runs; 2: s runs */
    int64_t list_nodes;
    int64_t gen;
} tp_state;

static const ec_param_def params[] = {
    {"maxLength", 20, 0, 30, 1, "stop as soon as a solution of at most this many moves is found"},
    {"firstSolution", 0, 0, 1, 1,
     "1: take the first solution of any length, then report each shorter one until maxLength; 0: list the first solutions for listNodes nodes, then search for maxLength or fewer"},
    {"listNodes", 20000, 0, 1e9, 1,
     "firstSolution=0: search nodes spent listing the first solutions of any length, each shorter one reported, before the search for maxLength or fewer (0: none)"},
    {"budget", 20000000, 0, 1e9, 1,
     "search nodes allowed after the first solution (firstSolution=1), or for one of at most maxLength moves before taking any (at least 20,000)"},
    {"directions", 6, 1, 6, 1, "search directions: 1 the cube as it is, 3 also along the other two axes, 6 also the inverse"},
};

static const ec_preset presets[] = {
    {"fast", "maxLength=21,listNodes=0", "the first solution of at most 21 moves, no list"},
    {"short", "maxLength=18,firstSolution=1,budget=100000000",
     "the first solution of any length, then shorter ones down to 18 moves (slower)"},
};

static int tp_create(ec_solver *h, void **state)
{
    tp_state *st = calloc(1, sizeof *st);
    if (!st) return EC_E_NOMEM;
    int max_length = (int)ec__param(h, "maxLength"), dirs = (int)ec__param(h, "directions");
    int64_t budget = (int64_t)ec__param(h, "budget");
    int first = (int)ec__param(h, "firstSolution");
    st->list_nodes = first ? 0 : (int64_t)ec__param(h, "listNodes");
    st->stage = st->list_nodes > 0 ? 1 : 2;
    int rc = tp_init(&st->s, &h->start, max_length, budget, TP_MIN_NODES, dirs);
    if (!rc && st->stage == 1) rc = tp_init(&st->list, &h->start, max_length, -1, 0, dirs);
    if (rc) {
        free(st);
        return rc;
    }
    if (!first) tp_target(&st->s, budget);
    st->s.pause_on_solution = st->list.pause_on_solution = 1; /* every shorter solution gets its own record */
    *state = st;
    return EC_OK;
}

/* The search holding the run's best solution: the list's unless the other found a shorter. */
static const tp_search *best_of(const tp_state *st)
{
    if (st->list_nodes <= 0 || (st->stage == 2 && st->s.best < st->list.best)) return &st->s;
    return &st->list;
}

/* One progress record per work unit (1,000 nodes): best and bestLength are the best
 * solution's length so far (-1 before the first solution), evaluations the nodes so far
 * (both searches'), the phase the running search is in when the unit ends ("phase 1" or
 * "phase 2"). */
static void emit(ec_solver *h, tp_state *st)
{
    const tp_search *run = st->stage == 1 ? &st->list : &st->s, *b = best_of(st);
    ec_progress rec;
    memset(&rec, 0, sizeof rec);
    rec.gen = ++st->gen;
    rec.phase = run->in2 ? 1 : 0;
    strcpy(rec.phase_name, run->in2 ? "phase 2" : "phase 1");
    int have = b->best != TP_NONE;
    rec.best = rec.mean = have ? b->best : -1;
    rec.best_length = have ? b->best : -1;
    rec.evaluations = st->s.nodes + (st->list_nodes > 0 ? st->list.nodes : 0);
    rec.n_moves = have ? b->best : 0;
    if (have) memcpy(rec.moves, b->best_moves, (size_t)b->best);
    ec__emit(h, &rec);
}

/* The listing search after a run of it: 1 when the run ends with its solution (see the top). */
static int list_ends_run(const tp_search *l)
{
    if (l->best == TP_NONE) return 0;
    if (l->finished && l->exhausted) return 1;
    return l->best <= l->max_length && tp_dirs_bound(l) > NEAR_MAX;
}

static int tp_step(ec_solver *h, void *state, int work)
{
    tp_state *st = state;
    for (int w = 0; w < work; w++) {
        int done;
        if (st->stage == 1) {
            tp_search *l = &st->list;
            int64_t end = l->nodes + 1000 < st->list_nodes ? l->nodes + 1000 : st->list_nodes;
            while (!tp_run(l, end) && l->new_best) emit(h, st); /* a shorter solution, not yet short enough */
            done = list_ends_run(l);
            /* short enough (a near cube goes on to its optimum), exhausted, or out of nodes */
            if (!done && (l->finished || l->nodes >= st->list_nodes)) st->stage = 2;
        } else {
            tp_search *s = &st->s;
            int64_t end = s->nodes + 1000;
            while (!(done = tp_run(s, end)) && s->new_best) emit(h, st); /* a shorter solution */
        }
        emit(h, st);
        if (done) {
            const tp_search *b = best_of(st);
            if (b->best == TP_NONE) return EC_GAVE_UP;
            const char *first = b->best_inverse ? "phase 2 (inverse)" : "phase 1";
            const char *second = b->best_inverse ? "phase 1 (inverse)" : "phase 2";
            int rc = ec__add_phase(h, first, b->best_moves, b->best_split, st->gen);
            if (!rc) rc = ec__add_phase(h, second, b->best_moves + b->best_split, b->best - b->best_split, st->gen);
            return rc ? rc : ec__finish(h);
        }
    }
    return EC_RUNNING;
}

static void tp_destroy(void *state) { free(state); }

/* with inverse=1 the solution may be found on the inverse: its phases are then "phase 2
 * (inverse)" and "phase 1 (inverse)" */
static const char *const tp_phases[] = {"phase 1", "phase 2"};
/* each phase's goal for people (solver.h: goals): phase 1 reaches <U, D, R2, L2, F2, B2> */
static const char *const tp_goals[] = {"orient every piece, middle-layer edges in that layer",
                                       "solve with U, D and half turns of the other faces"};
_Static_assert(EC_COUNT(tp_goals) == EC_COUNT(tp_phases), "one goal per phase");

const ec_solver_impl ec_solver_twophase = {
    .name = "twophase",
    .title = "Kociemba's two-phase algorithm (exact search with pruning tables)",
    .label = "Two-phase search (Kociemba), exact",
    .short_label = "Two-phase",
    .work_unit = "thousand search nodes",
    .fitness = "length of the best solution found so far, in moves",
    .better = EC_LOWER_IS_BETTER,
    .phases = tp_phases,
    .nphases = EC_COUNT(tp_phases),
    .goals = tp_goals,
    .family = EC_FAMILY_EXACT,
    .records = EC_RECORDS_SOLUTIONS,
    .quick = 1,
    .params = params,
    .nparams = EC_COUNT(params),
    .presets = presets,
    .npresets = EC_COUNT(presets),
    .create = tp_create,
    .step = tp_step,
    .destroy = tp_destroy,
};
