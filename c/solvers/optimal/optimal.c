/*
 * optimal.c - the `optimal` stepped solver: the shortest solution in face turns (HTM), by
 * the IDA* of c/search/optimal.h over the process-wide table.
 *
 * The table: when the process holds a complete one (imported by the CLI from its cache, or
 * built earlier), the run searches at once; otherwise its first steps build it (param
 * `table`: the level, when none is held or being built), about two million entries of a
 * breadth-first pass per work unit and thread (~0.1 s natively; the passes that may be split on the
 * `threads` threads, build.c), and every later run of the process reuses it.
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
 * Order and threads (param `threads`, pool.h): each depth from 2 on is split by its first two
 * moves (opt_split, optimal.h), the prefixes of the first such depth taken in canonical order,
 * those of each later one by the nodes they took in the depth before, most first (they are
 * the likeliest to hold a solution; on 16- and 17-move scrambles the search ends in about a
 * fifth fewer nodes in all than in canonical order, docs/BENCHMARKS.md). With more than
 * one thread the prefixes are shared by the pool's threads; a step runs them for its node
 * budget and returns with them parked, so progress records and cancelling work as with one.
 * The solution is the same whatever the thread count and timing (the first in that order at
 * the optimal depth); a build without threads (the one-thread wasm module) and `threads` 1
 * run the split on the caller alone. The order comes from the table's bounds, so another
 * table level may find another solution of the same length.
 * State: one opt_search (~160 KB), and from depth 2 on an opt_split and one worker a thread.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/optimal.h"
#include "solver/solver.h"
#include "solvers/optimal/pool.h"

typedef struct opt_state {
    opt_search s;
    int searching; /* 0: the table is being built */
    int depth;
    int64_t budget; /* search nodes allowed; 0: no limit */
    int level;
    int64_t gen;
    int threads;       /* participants asked for (1: the plain search) */
    int nw;            /* workers of the split (0: not split yet) */
    int split;         /* 1: the current depth runs split */
    int64_t base;      /* nodes of the depths before the current one */
    int64_t end;       /* the current step's node target (the split's count) */
    int found;
    uint8_t moves[OPT_MAX_DEPTH];
    opt_split *sp;
    opt_split_worker *w;
    int over[EC_OPT_POOL_MAX];
} opt_state;

static const ec_param_def params[] = {
    {"table", 0, 0, EC_OPTIMAL_LEVELS - 1, 1,
     "the table's level when the process holds none yet, by size held: 11 = 32 MB, 6 = 62 MB, 0 = 73.5 MB, 3 = 103 MB, 12 = 238 MB, "
     "1 = 246 MB, 8 = 246 MB, 13 = 309 MB, 4 = 364 MB, 2 = 419 MB, 7 = 481 MB, 5 = 536 MB, 9 = 764 MB, 10 = 1109 MB (larger: faster "
     "searches; 8, 13, 9 and 10 the fastest for their size; 3 to 13 hold the h48 table, probed for the cube and its inverse; 12 and "
     "13 its form with edge-orientation bits, whose build needs 72 MB more while it runs)"},
    {"budget", 0, 0, 1e15, 1, "search nodes allowed before giving up (0: no limit)"},
    {"threads", 1, 1, EC_OPT_POOL_MAX, 1,
     "search threads on the one table (a module or build without threads runs one; the same solution for any count)"},
};

static int opt_create(ec_solver *h, void **state)
{
    opt_state *st = calloc(1, sizeof *st);
    if (!st) return EC_E_NOMEM;
    st->level = (int)ec__param(h, "table");
    st->budget = (int64_t)ec__param(h, "budget");
    st->threads = (int)ec__param(h, "threads");
    *state = st;
    return EC_OK;
}

/* search nodes so far, all depths and threads */
static int64_t nodes_of(const opt_state *st) { return st->split ? st->base + st->sp->nodes : st->s.nodes; }

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
        rec.best_length = st->found ? st->depth : -1;
        rec.found = st->found;
        if (st->found) {
            rec.n_moves = st->depth;
            memcpy(rec.moves, st->moves, (size_t)st->depth);
        }
    }
    rec.evaluations = nodes_of(st);
    ec__emit(h, &rec);
}

/* depth d of the search: split by its first moves from depth OPT_PLEN on (on the threads
 * asked for, or the caller alone), each depth after the first split one in the order of the
 * nodes its prefixes took in the depth before; below that the plain search (its node count
 * goes on from the last depth's) */
static int begin_depth(ec_solver *h, opt_state *st, int d)
{
    if (d > 20) return EC_E_INTERNAL; /* every cube is within 20 face turns */
    int deeper = st->split && st->sp->depth == d - 1; /* the depth before ran split */
    st->base = nodes_of(st);
    st->depth = d;
    st->split = d >= OPT_PLEN;
    if (!st->split) {
        st->s.nodes = st->base;
        return ec__opt_search_init(&st->s, &h->start, NULL, 0, d);
    }
    if (!st->sp) {
        st->sp = malloc(sizeof *st->sp);
        st->w = malloc(sizeof *st->w * (size_t)st->threads);
        if (!st->sp || !st->w) return EC_E_NOMEM;
    }
    int rc = deeper ? ec__opt_split_deeper(st->sp) : ec__opt_split_begin(st->sp, &h->start, d);
    for (int i = 0; i < st->threads; i++) ec__opt_split_worker_reset(&st->w[i]);
    for (int i = 0; i < EC_OPT_POOL_MAX; i++) st->over[i] = 0;
    return rc;
}

static void split_job(void *arg, int who)
{
    opt_state *st = arg;
    st->over[who] = ec__opt_split_run(st->sp, &st->w[who], st->end);
}

/* the split depth until its nodes reach end: 1 when it is over */
static int run_split(opt_state *st, int64_t end)
{
    st->end = end;
    int n = ec__opt_pool_run(split_job, st, st->nw ? st->nw : st->threads);
    /* the first run fixes the workers (the pool never shrinks): a worker holding a prefix
     * is run at every later step */
    if (!st->nw) st->nw = n;
    for (int i = 0; i < st->nw; i++)
        if (!st->over[i]) return 0;
    return 1;
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
                rc = ec_optimal_table_build_step_threads(2000 * st->threads, st->threads);
                if (rc < 0) return rc;
                emit(h, st);
                continue;
            }
            int d = ec__opt_bound(&h->start);
            if (d < 0) return d;
            st->searching = 1;
            int rc = begin_depth(h, st, d);
            if (rc) return rc;
        }
        int64_t end = nodes_of(st) + 1000000;
        if (st->budget > 0 && end > st->budget) end = st->budget;
        int over;
        if (st->split) {
            over = run_split(st, end - st->base);
            if (over && st->sp->rc) return st->sp->rc;
            if (over) st->found = ec__opt_split_solution(st->sp, st->moves);
        } else {
            over = ec__opt_search_run(&st->s, end);
            if (over && st->s.found) {
                st->found = 1;
                memcpy(st->moves, st->s.path, (size_t)st->depth);
            }
        }
        if (over && !st->found) {
            int rc = begin_depth(h, st, st->depth + 1);
            if (rc) return rc;
        }
        emit(h, st);
        if (st->found) {
            int rc = ec__add_phase(h, "optimal", st->moves, st->depth, st->gen);
            return rc ? rc : ec__finish(h);
        }
        if (st->budget > 0 && nodes_of(st) >= st->budget) return EC_GAVE_UP;
    }
    return EC_RUNNING;
}

static void opt_destroy(void *state)
{
    opt_state *st = state;
    free(st->sp);
    free(st->w);
    free(st);
}
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
