/*
 * distance.c - the distance oracles of the swarm solvers, built on the two-phase search
 * (twophase.h): ec_distance (exact within NEAR_MAX turns through the near table, near.h, else
 * the first solution of an improving six-direction search and what its budget improves; mean
 * 20.95 on random states, ~0.3 ms in wasm) and ec__distance_first (the thesis's oracle=1).
 * No state of their own: each call runs one tp_search (17.5 KB of stack).
 */
#include "search/twophase.h"

#include "core/util.h"
#include "search/near.h"

int ec__distance_search(const ec_cube *c, int budget, tp_search *s)
{
    if (!c) return EC_E_NULL;
    if (budget < 0) return EC_E_RANGE;
    int rc = ec_cube_check(c, NULL, 0);
    if (rc) return rc;
    if ((rc = tp_init(s, c, -1, budget, TP_DIST_MIN_NODES, TP_DIRS))) return rc;
    /* the near table only when it can know the cube (tp_dirs_bound): 1.6% of random states */
    if (tp_dirs_bound(s) <= NEAR_MAX) {
        int near = ec__near_distance(c);
        if (near != -1) return near; /* exact within NEAR_MAX turns, or an error */
    }
    s->p2_onepass = TP_DIST_ONEPASS; /* the oracle's phase 2 (twophase.h) */
    tp_run(s, INT64_MAX);
    /* the answer is the length of a solution found: applied to the cube it must solve it (a
     * wrong bound or a stale cached child in the search would otherwise be a silent wrong
     * fitness; ~0.5 us, 0.3% of a call) */
    if (s->best > TP_MAX_LEN) return EC_E_INTERNAL;
    ec_cube t = *c;
    for (int i = 0; i < s->best; i++) ec_cube_move(&t, s->best_moves[i]);
    return ec_cube_is_solved(&t) ? s->best : EC_E_INTERNAL;
}

int ec_distance(const ec_cube *c, int budget)
{
    tp_search s;
    return ec__distance_search(c, budget, &s);
}

/* The thesis's oracle ("Kociemba(S)" of the swarm solvers' oracle=1), as Kociemba's own
 * program answers with a depth limit: the first solution of at most max_length moves found by
 * one-direction two-phase search (the cube as it is, no inverse or rotated views, no
 * pre-moves, no near-goal table): phase-1 depth rising, each phase 2 by IDA* up to
 * min(12, max_length - phase-1 depth). Its length is an upper bound of the distance, often
 * well above it (a cube 1 move from solved can read 1, one 5 from solved 15), and it is not
 * monotone along a path, so the swarm solvers meet plateaus and dead ends. With none found
 * in `nodes` nodes (or none that short) the search restarts without the length limit for
 * `nodes` more; with still none the answer is TP_MAX_LEN. Cost: one tp_search (17.5 KB of
 * stack) and at most 2 * nodes nodes (docs/BENCHMARKS.md, swarm-first20, for figures). */
int ec__distance_first(const ec_cube *c, int max_length, int64_t nodes)
{
    if (!c) return EC_E_NULL;
    if (max_length < 0 || max_length > TP_MAX_LEN - 1 || nodes < 1) return EC_E_RANGE;
    int rc = ec_cube_check(c, NULL, 0);
    if (rc) return rc;
    tp_search s;
    for (int pass = 0; pass < 2; pass++) {
        /* an improving search with no budget after its first solution: that one is the answer */
        rc = tp_init(&s, c, -1, 0, 0, 1);
        if (rc) return rc;
        if (!pass) s.bound = max_length;
        tp_run(&s, nodes);
        if (s.best != TP_NONE) return s.best;
    }
    return TP_MAX_LEN;
}

int ec_distance_facelets(const char *facelets, int budget, char *msg, int msgsize)
{
    ec_cube c;
    int rc = ec_cube_from_facelets(facelets, &c, msg, msgsize);
    if (rc) return rc;
    if (budget < 0) return ec__msg(EC_E_RANGE, msg, msgsize, "the budget must be 0 or more nodes (got %d)", budget);
    return ec_distance(&c, budget);
}
