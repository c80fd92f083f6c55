/*
 * optimal.c - the `optimal` stepped solver: the shortest solution in face turns (HTM), by
 * the IDA* of c/search/optimal.h over the process-wide table.
 *
 * The table: when the process holds a complete one (imported by the CLI from its cache, or
 * built earlier), the run searches at once; otherwise its first steps build it (param
 * `table`: the level, when none is held or being built), about two million entries of a
 * breadth-first pass per work unit (~0.1 s natively), and every later run of the process reuses it.
 * The search: depth d = the table's bound of the cube, then d + 1, ... each depth searched
 * completely before the next, so the first solution found is optimal; one work unit is one
 * million search nodes. A run that spends `budget` nodes first gives up (EC_GAVE_UP): it
 * never returns a solution it has not proven optimal. Its one phase, "optimal", is the
 * solution, verified by the handle like every solver's.
 *
 * Progress records, one per work unit:
 *   building the table: phase 0, phaseName "table", best and bestLength -1, mean = the
 *     share of the table's entries known (0..1), restarts = the pass (the depth it sets);
 *   searching: phase 1, phaseName "depth D", best = the proven lower bound (every shorter
 *     length searched completely: D while depth D runs, the optimum once found), mean = D,
 *     bestLength = -1 until found (then the optimum), evaluations = search nodes so far,
 *     found = 1 once the solution is found, bestMoves the solution then.
 * State: one opt_search (~1 KB).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/optimal.h"
#include "solver/solver.h"

typedef struct opt_state {
    opt_search s;
    int searching; /* 0: the table is being built */
    int depth;
    int64_t budget; /* search nodes allowed; 0: no limit */
    int level;
    int64_t gen;
} opt_state;

static const ec_param_def params[] = {
    {"table", 0, 0, EC_OPTIMAL_LEVELS - 1, 1,
     "the table's level when the process holds none yet: 0 = 73.5 MB, 1 = 246 MB, 2 = 419 MB (larger: faster searches)"},
    {"budget", 0, 0, 1e15, 1, "search nodes allowed before giving up (0: no limit)"},
};

static int opt_create(ec_solver *h, void **state)
{
    opt_state *st = calloc(1, sizeof *st);
    if (!st) return EC_E_NOMEM;
    st->level = (int)ec__param(h, "table");
    st->budget = (int64_t)ec__param(h, "budget");
    *state = st;
    return EC_OK;
}

static void emit(ec_solver *h, opt_state *st)
{
    ec_progress rec;
    memset(&rec, 0, sizeof rec);
    rec.gen = ++st->gen;
    if (!st->searching) {
        double share;
        int d;
        ec_optimal_table_progress(&share, NULL);
        rec.phase = 0;
        strcpy(rec.phase_name, "table");
        rec.best = -1;
        rec.best_length = -1;
        rec.mean = share;
        rec.restarts = ec_optimal_table_pass(&d, NULL, NULL) >= 0 ? d : 0;
    } else {
        rec.phase = 1;
        snprintf(rec.phase_name, sizeof rec.phase_name, "depth %d", st->depth);
        rec.best = st->depth;
        rec.mean = st->depth;
        rec.best_length = st->s.found ? st->depth : -1;
        rec.found = st->s.found;
        if (st->s.found) {
            rec.n_moves = st->depth;
            memcpy(rec.moves, st->s.path, (size_t)st->depth);
        }
    }
    rec.evaluations = st->s.nodes;
    ec__emit(h, &rec);
}

static int start_search(ec_solver *h, opt_state *st)
{
    int d = ec__opt_bound(&h->start);
    if (d < 0) return d;
    st->searching = 1;
    st->depth = d;
    st->s.nodes = 0;
    return ec__opt_search_init(&st->s, &h->start, NULL, 0, d);
}

static int opt_step(ec_solver *h, void *state, int work)
{
    opt_state *st = state;
    for (int w = 0; w < work; w++) {
        if (!st->searching) {
            if (!ec__opt_ready()) {
                int rc = ec_optimal_table_pass(NULL, NULL, NULL);
                if (rc == EC_E_STATE) rc = ec_optimal_table_begin(st->level);
                if (rc < 0) return rc;
                rc = ec_optimal_table_build_step(2000);
                if (rc < 0) return rc;
                emit(h, st);
                continue;
            }
            int rc = start_search(h, st);
            if (rc) return rc;
        }
        int64_t end = st->s.nodes + 1000000;
        if (st->budget > 0 && end > st->budget) end = st->budget;
        int over = ec__opt_search_run(&st->s, end);
        if (over && !st->s.found) {
            if (st->depth >= 20) return EC_E_INTERNAL; /* every cube is within 20 face turns */
            int rc = ec__opt_search_init(&st->s, &h->start, NULL, 0, ++st->depth);
            if (rc) return rc;
        }
        emit(h, st);
        if (st->s.found) {
            int rc = ec__add_phase(h, "optimal", st->s.path, st->depth, st->gen);
            return rc ? rc : ec__finish(h);
        }
        if (st->budget > 0 && st->s.nodes >= st->budget) return EC_GAVE_UP;
    }
    return EC_RUNNING;
}

static void opt_destroy(void *state) { free(state); }

static const char *const opt_phases[] = {"optimal"};
static const char *const opt_goals[] = {"shortest solution: every shorter length searched"};
_Static_assert(EC_COUNT(opt_goals) == EC_COUNT(opt_phases), "one goal per phase");

const ec_solver_impl ec_solver_optimal = {
    .name = "optimal",
    .title = "Optimal solver: IDA* with a symmetry-reduced pattern database, three axes (half-turn metric)",
    .label = "Optimal search (IDA*), exact shortest",
    .short_label = "Optimal",
    .work_unit = "million search nodes (or two million table entries while the table is built)",
    .fitness = "proven lower bound on the optimal length, in moves (the optimum once found)",
    .better = EC_LOWER_IS_BETTER,
    .phases = opt_phases,
    .nphases = EC_COUNT(opt_phases),
    .goals = opt_goals,
    .family = EC_FAMILY_EXACT,
    .records = EC_RECORDS_BEST,
    .quick = 0,
    .params = params,
    .nparams = EC_COUNT(params),
    .create = opt_create,
    .step = opt_step,
    .destroy = opt_destroy,
};
