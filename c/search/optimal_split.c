/*
 * optimal_split.c - one depth of the optimal search split over workers by its first two
 * moves (interface and determinism: optimal.h, opt_split).
 *
 * Layout: begin (the prefixes in canonical order), deeper (the next depth, the prefixes sorted
 * by the nodes they took), the worker's run (take a prefix, search it in slices of the shared
 * node budget, record its nodes and a solution, lower `best`), the solution.
 * Invariants: no threads, locks or allocation here: the callers (the solver's pool, the
 * native tools) run workers on their threads; the shared fields change only by atomic
 * builtins (plain operations in a build without threads), a prefix's solution slot only by its
 * worker. A worker abandons its prefix at the next slice once a lower prefix has a solution.
 * Costs: a slice is at most OPT_SPLIT_SLICE nodes (~a few ms), so a budget is kept to
 * within a slice per worker and a stop is seen within one.
 */
#include "search/optimal_tables.h"

#include <string.h>

#define OPT_SPLIT_SLICE 65536

/* the shared fields of a depth about to start */
static void start(opt_split *sp)
{
    sp->next = 0;
    sp->best = sp->nprefix;
    sp->rc = 0;
    sp->nodes = 0;
    sp->ndone = 0;
    memset(sp->pnodes, 0, sizeof sp->pnodes);
}

int ec__opt_split_begin(opt_split *sp, const ec_cube *c, int depth)
{
    if (depth < OPT_PLEN || depth > OPT_MAX_DEPTH) return EC_E_RANGE;
    sp->cube = *c;
    sp->depth = depth;
    sp->nprefix = 0;
    uint64_t sym = ec__opt_sym_off ? 1 : ec__opt_sym_fixing(c), o1, o2; /* a symmetric cube's prefixes: optimal.h */
    for (int a = 0; a < N_MOVES; a++)
        for (int b = 0; b < N_MOVES; b++)
            if (ec__move_follows(a, b) && ec__opt_sym_step(sym, -1, -1, a, &o1) && ec__opt_sym_step(o1, -1, a, b, &o2)) {
                sp->prefix[sp->nprefix][0] = (uint8_t)a;
                sp->prefix[sp->nprefix][1] = (uint8_t)b;
                sp->nprefix++;
            }
    start(sp);
    return EC_OK;
}

int ec__opt_split_deeper(opt_split *sp)
{
    if (sp->ndone != sp->nprefix || sp->best != sp->nprefix || sp->rc) return EC_E_STATE;
    if (sp->depth >= OPT_MAX_DEPTH) return EC_E_RANGE;
    /* a stable insertion sort of at most 243 prefixes by their nodes, most first */
    for (int i = 1; i < sp->nprefix; i++) {
        int64_t n = sp->pnodes[i];
        uint8_t p[OPT_PLEN];
        memcpy(p, sp->prefix[i], OPT_PLEN);
        int j = i;
        for (; j > 0 && sp->pnodes[j - 1] < n; j--) {
            sp->pnodes[j] = sp->pnodes[j - 1];
            memcpy(sp->prefix[j], sp->prefix[j - 1], OPT_PLEN);
        }
        sp->pnodes[j] = n;
        memcpy(sp->prefix[j], p, OPT_PLEN);
    }
    sp->depth++;
    start(sp);
    return EC_OK;
}

void ec__opt_split_worker_reset(opt_split_worker *w)
{
    w->cur = -1;
    w->s.nodes = 0;
    w->s.done = 1;
}

int ec__opt_split_run(opt_split *sp, opt_split_worker *w, int64_t end)
{
    for (;;) {
        if (__atomic_load_n(&sp->rc, __ATOMIC_RELAXED)) return 1;
        if (w->cur < 0) {
            int i = __atomic_fetch_add(&sp->next, 1, __ATOMIC_RELAXED);
            /* prefixes are taken in order: past the end or past a solution, none is left */
            if (i >= sp->nprefix || i > __atomic_load_n(&sp->best, __ATOMIC_ACQUIRE)) return 1;
            int rc = ec__opt_search_init(&w->s, &sp->cube, sp->prefix[i], OPT_PLEN, sp->depth - OPT_PLEN);
            if (rc) {
                int zero = 0;
                __atomic_compare_exchange_n(&sp->rc, &zero, rc, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
                return 1;
            }
            w->cur = i;
            w->from = w->s.nodes;
        }
        if (__atomic_load_n(&sp->nodes, __ATOMIC_RELAXED) >= end) return 0;
        if (w->cur > __atomic_load_n(&sp->best, __ATOMIC_ACQUIRE)) { /* a lower prefix has a solution */
            w->cur = -1;
            continue;
        }
        int64_t before = w->s.nodes;
        int over = ec__opt_search_run(&w->s, before + OPT_SPLIT_SLICE);
        __atomic_fetch_add(&sp->nodes, w->s.nodes - before, __ATOMIC_RELAXED);
        if (!over) continue;
        sp->pnodes[w->cur] = w->s.nodes - w->from;
        __atomic_fetch_add(&sp->ndone, 1, __ATOMIC_RELEASE);
        if (w->s.found) {
            memcpy(sp->sol[w->cur], w->s.prefix, OPT_PLEN);
            memcpy(sp->sol[w->cur] + OPT_PLEN, w->s.path, (size_t)(sp->depth - OPT_PLEN));
            /* lower best to cur (release: the slot is written before it is named) */
            int b = __atomic_load_n(&sp->best, __ATOMIC_RELAXED);
            while (w->cur < b && !__atomic_compare_exchange_n(&sp->best, &b, w->cur, 1, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {
            }
        }
        w->cur = -1;
    }
}

int ec__opt_split_solution(const opt_split *sp, uint8_t *moves)
{
    int b = __atomic_load_n(&sp->best, __ATOMIC_ACQUIRE);
    if (b >= sp->nprefix) return 0;
    memcpy(moves, sp->sol[b], (size_t)sp->depth);
    return 1;
}
