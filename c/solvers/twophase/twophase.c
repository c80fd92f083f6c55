/*
 * twophase.c - the `twophase` stepped solver: Kociemba's two-phase search (tp_search,
 * c/search/twophase.h) run in work units of 1,000 search nodes, one progress record per
 * unit and one more for each shorter solution found; its params (maxLength, firstSolution,
 * budget, directions) and presets (fast, short). The search
 * itself, resumable after any node, is c/search/twophase.c; this file only steps it, reports
 * it and hands the best solution's two phases to the handle.
 *
 * State: the tp_search (17.5 KB, no further allocation) and the unit counter.
 */
#include <stdlib.h>
#include <string.h>

#include "search/twophase.h"
#include "solver/solver.h"

typedef struct tp_state {
    tp_search s;
    int64_t gen;
} tp_state;

static const ec_param_def params[] = {
    {"maxLength", 20, 0, 30, 1, "stop as soon as a solution of at most this many moves is found"},
    {"firstSolution", 0, 0, 1, 1,
     "1: take the first solution of any length, then report each shorter one until maxLength; 0: search only for maxLength or fewer"},
    {"budget", 20000000, 0, 1e9, 1,
     "search nodes allowed after the first solution (firstSolution=1), or for one of at most maxLength moves before taking any (at least 20,000)"},
    {"directions", 6, 1, 6, 1, "search directions: 1 the cube as it is, 3 also along the other two axes, 6 also the inverse"},
};

static const ec_preset presets[] = {
    {"fast", "maxLength=21", "the first solution of at most 21 moves"},
    {"short", "maxLength=18,firstSolution=1,budget=100000000",
     "the first solution of any length, then shorter ones down to 18 moves (slower)"},
};

static int tp_create(ec_solver *h, void **state)
{
    tp_state *st = calloc(1, sizeof *st);
    if (!st) return EC_E_NOMEM;
    int rc = tp_init(&st->s, &h->start, (int)ec__param(h, "maxLength"), (int64_t)ec__param(h, "budget"), TP_MIN_NODES,
                     (int)ec__param(h, "directions"));
    if (rc) {
        free(st);
        return rc;
    }
    if (!ec__param(h, "firstSolution")) tp_target(&st->s, (int64_t)ec__param(h, "budget"));
    st->s.pause_on_solution = 1; /* every shorter solution gets its own progress record */
    *state = st;
    return EC_OK;
}

/* One progress record per work unit (1,000 nodes): best and bestLength are the best
 * solution's length so far (-1 before the first solution), evaluations the nodes so far,
 * the phase the search is in when the unit ends ("phase 1" or "phase 2"). */
static void emit(ec_solver *h, tp_state *st)
{
    const tp_search *s = &st->s;
    ec_progress rec;
    memset(&rec, 0, sizeof rec);
    rec.gen = ++st->gen;
    rec.phase = s->in2 ? 1 : 0;
    strcpy(rec.phase_name, s->in2 ? "phase 2" : "phase 1");
    int have = s->best != TP_NONE;
    rec.best = rec.mean = have ? s->best : -1;
    rec.best_length = have ? s->best : -1;
    rec.evaluations = s->nodes;
    rec.n_moves = have ? s->best : 0;
    if (have) memcpy(rec.moves, s->best_moves, (size_t)s->best);
    ec__emit(h, &rec);
}

static int tp_step(ec_solver *h, void *state, int work)
{
    tp_state *st = state;
    tp_search *s = &st->s;
    for (int w = 0; w < work; w++) {
        int64_t end = s->nodes + 1000;
        int done;
        while (!(done = tp_run(s, end)) && s->new_best) emit(h, st); /* a shorter solution */
        emit(h, st);
        if (done) {
            if (s->best == TP_NONE) return EC_GAVE_UP;
            const char *first = s->best_inverse ? "phase 2 (inverse)" : "phase 1";
            const char *second = s->best_inverse ? "phase 1 (inverse)" : "phase 2";
            int rc = ec__add_phase(h, first, s->best_moves, s->best_split, st->gen);
            if (!rc) rc = ec__add_phase(h, second, s->best_moves + s->best_split, s->best - s->best_split, st->gen);
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
    .params = params,
    .nparams = EC_COUNT(params),
    .presets = presets,
    .npresets = EC_COUNT(presets),
    .create = tp_create,
    .step = tp_step,
    .destroy = tp_destroy,
};
