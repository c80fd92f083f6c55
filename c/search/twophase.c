/*
 * twophase.c - Kociemba's two-phase algorithm: IDA* over phase 1 (twist, flip, slice to
 * G1) with every phase-1 solution continued by IDA* over phase 2 (cperm, eperm, mperm to
 * solved), then continued search for shorter solutions (the total bound drops to best - 1)
 * until a solution of at most max_length moves is found, the node budget after the first
 * solution is spent, or the bound is exhausted. ec_twophase_init lives here too; the distance
 * oracles built on this search (ec_distance, ec__distance_first) are c/search/distance.c, the
 * `twophase` stepped solver c/solvers/twophase/twophase.c.
 *
 * Search layout: both phases run from explicit stacks (tp_search in twophase.h), so the
 * search stops after any node and resumes exactly there: a step costs at most its nodes,
 * and the result does not depend on how the work is cut into steps. A node is one child
 * generated (move applied and its pruning bound looked up).
 * Directions (as min2phase; set up by directions.c): the cube as it is, seen along the other
 * two axes, and the inverse cube seen along all three; every direction's phase-1 depth d runs
 * before any direction's depth d + 1, and all share the best solution.
 * Bounds (tables.h, read through the symmetry classes; phase 1 carries twist and flip as
 * symmetry coordinates, class << 3 | s, moved by ec__twistSymMove / ec__flipSymMove, so each
 * bound is two dependent loads after the move: 12% less CPU natively than raw values
 * looked up in twistSym / flipSym at every node, the same nodes): phase 1 uses max(twistSlice,
 * flipSlice, twistFlip) of the direction's cube and twistFlip of its y-conjugate (at the
 * start also its flipSlice) (the same cube seen after a y turn: same G1, but its flip is the R/L edge
 * orientation, so these two lookups add information; this plays the part of min2phase's
 * conjugate twist-flip lookup), all four read at every node (no branch between them). Phase 2 uses
 * max(cpermMperm, epermCcombp) of the cube and of its inverse (in G1 the inverse's
 * permutations are the inverse permutations; min2phase reads the inverse's epermCcombp too),
 * and cpermEcombp and cpermFbcombp of both (tables.h; figures: docs/BENCHMARKS.md, section
 * oracle), with cperm and eperm carried as symmetry coordinates,
 * class << 4 | s (ec__prun2_sym: move tables of 2,768 rows instead of 40,320, which kept
 * phase 2's raw tables out of L2). A phase-2 level's children are worked out together when
 * the level is entered (p2_children: the eight look-up chains of each child and of its
 * siblings overlap in the CPU), the walk then deciding and counting nodes as reading each
 * child in turn would: 7% less CPU natively at the same nodes. (Phase 1 the same way was
 * 10% slower: its four reads a child are already read without a branch.) Moves are canonical: never the same face twice in a row,
 * and of two opposite faces only U before D, R before L, F before B. A phase-1 solution
 * must end in a quarter turn of R, F, L or B (any other last move would make it a shorter
 * phase-1 solution followed by a longer phase 2, which is searched anyway), and a path
 * that is in G1 with 1..4 moves to go is not continued (as min2phase). When a move's
 * bound exceeds the depth left by 2 or more, the face's other turns are skipped (they are
 * one move from it, so their bounds exceed it too).
 * Target search: the total bound is max_length from the start, each phase 2 is one
 * depth-first pass to the depth left (any solution up to it), and each direction's cube is
 * also searched after pre-move sequences q1..qp (min2phase's pre-moves: no two on one axis
 * in a row, qp a clockwise quarter turn of R, F, L or B, at least 7 phase-1 moves left;
 * the solution is phase 1, phase 2, then qp..q1, simplified where they meet). The first
 * solution ends it, except that a cube within 7 turns (near.h knows its length) is
 * searched on for min_nodes until it has its optimal solution; with no solution after the
 * budget (or none that short at all) it becomes an improving search.
 * Improving search: phase 2 runs IDA* upward from its bound (its shortest completion) to
 * the cap, min(12, bound - d1) (ec_distance's before its first solution: one branch-and-bound
 * pass from the cap when the bound is within TP_DIST_ONEPASS of it, the budget then counted
 * from the pass's end); after the first solution the bound drops to best - 1, for budget
 * nodes, never stopping before min_nodes (20,000 for the solver, 2,000 for ec_distance)
 * unless exhausted, so a cube a few moves from solved gets its short solution.
 * Deviations from min2phase: phase 2 capped at 12 moves (its MAX_DEPTH2 is 13); pre-moves
 * only in target searches, without min2phase's second try of the last pre-move's inverse;
 * no probe limits (node budgets instead).
 */
#include "search/twophase.h"

#include <string.h>

#include "search/coord.h"
#include "core/cube.h"
#include "search/near.h"
#include "search/tables.h"
#include "core/util.h"

#define P2_CAP 12

/* The moves ruled out after a turn of face f (bit m): that face's, and after D, L or B the
 * opposite face's (U before D, R before L, F before B: ec__move_follows). */
static const uint32_t face_after[6] = {7, 7 << 3, 7 << 6, 7 << 9 | 7, 7 << 12 | 7 << 3, 7 << 15 | 7 << 6};
/* The first turn of the next face: (m / 3 + 1) * 3 without a division in the node loop. */
static const uint8_t next_face[18] = {3, 3, 3, 6, 6, 6, 9, 9, 9, 12, 12, 12, 15, 15, 15, 18, 18, 18};

/* Quarter turn of R, F, L or B: the only moves a phase-1 solution may end with. */
static inline int leaves_g1(int m)
{
    int f = m / 3;
    return m % 3 != 1 && f != 0 && f != 3;
}

/* Begin the phase-1 search of direction cur's cube after its current pre-moves (none when
 * its bound says it cannot reach G1 in the moves left). */
static void start_search(tp_search *s)
{
    tp_dir *d = &s->dir[s->cur];
    int h = d->ph[d->npre];
    s->depth1 = s->d1 - d->npre;
    d->k1 = 0;
    /* nothing at this depth when the bound says so, and for a start in G1 nothing of 1..4
     * moves (a shorter phase 1 covers it) */
    int none = s->depth1 < h || s->depth1 == 0 || (h == 0 && s->depth1 < 5);
    d->m1[0] = (int8_t)(none ? N_MOVES : 0);
    s->zero_started = 0;
}

/* Begin direction cur's iteration at depth d1: no pre-moves first. */
static void start_iteration(tp_search *s)
{
    tp_dir *d = &s->dir[s->cur];
    if (d->npre) {
        d->npre = 0;
        tp_dir_level0(d, 99);
    }
    start_search(s);
}

/* Direction cur is done with depth d1: the next direction, or the next depth. */
static void next_iteration(tp_search *s)
{
    if (++s->cur == s->ndirs) {
        s->cur = 0;
        s->d1++;
    }
    start_iteration(s);
}

/* A pre-move sequence's last move (the first in the solution's tail) is a clockwise quarter
 * turn of R, F, L or B: it leaves G1, and its other turns are the same tail up to G1. */
static inline int final_pre(int m) { return m == 3 || m == 6 || m == 12 || m == 15; }

/* The search of the current pre-moves is over: the next pre-move sequence of direction cur
 * (depth first, no two on one axis in a row, longest d1 - TP_MIN_P1_PRE, searched only when
 * its last move is final_pre), or the next iteration when there is none. Returns 1 when a
 * phase-1 search was started. Each sequence visited counts as a node. */
static void next_pre(tp_search *s)
{
    tp_dir *d = &s->dir[s->cur];
    int maxp = s->d1 - TP_MIN_P1_PRE;
    if (maxp > TP_MAX_PRE) maxp = TP_MAX_PRE;
    if (!s->use_pre || maxp < 1) {
        next_iteration(s);
        return;
    }
    int p = d->npre, m = 0;
    /* extend when the bound allows a search below (a pre-move changes it by at most one) */
    if (!(p < maxp && d->ph[p] <= s->d1 - p)) {
        if (p == 0) {
            next_iteration(s);
            return;
        }
        m = d->pre[--p] + 1; /* the next move at the last position */
    }
    for (;;) {
        int prev = p ? d->pre[p - 1] : -1;
        while (m < N_MOVES && ((prev >= 0 && prev / 3 % 3 == m / 3 % 3) || (p + 1 == maxp && !final_pre(m)))) m++;
        if (m < N_MOVES) break;
        if (p == 0) { /* every sequence done */
            d->npre = 0;
            tp_dir_level0(d, 99);
            next_iteration(s);
            return;
        }
        m = d->pre[--p] + 1;
    }
    s->nodes++;
    d->pre[p] = (uint8_t)m;
    d->npre = p + 1;
    ec_cube_multiply(ec__move_cube(m), &d->pcube[p], &d->pcube[p + 1]);
    tp_dir_level0(d, s->d1 - (p + 1));
    if (final_pre(m)) start_search(s);
    else d->m1[0] = N_MOVES, d->k1 = 0; /* not searched itself: the next call extends it */
}

/* Everything the search reads, built once: the pruning tables and the near-goal table (which
 * the target search and ec_distance consult for some cubes; built here, so the core's memory after the first search
 * is the same whatever cubes come first). */
static void p2_allow_init(void);

static int search_tables_init(void)
{
    int rc = ec__tables_init();
    if (!rc) rc = tp_rotations_init();
    if (!rc) p2_allow_init();
    return rc ? rc : ec__near_init();
}

int tp_init(tp_search *s, const ec_cube *c, int max_length, int64_t budget, int64_t min_nodes, int ndirs)
{
    int rc = search_tables_init();
    if (rc) return rc;
    memset(s, 0, sizeof *s);
    s->start = *c;
    s->max_length = max_length;
    s->budget = budget;
    s->min_nodes = min_nodes;
    s->p2_cap = P2_CAP;
    s->best = TP_NONE;
    s->bound = TP_MAX_LEN - 1;
    s->ndirs = ndirs < 1 ? 1 : ndirs > TP_DIRS ? TP_DIRS : ndirs;
    if (ec_cube_is_solved(c)) { /* nothing to search */
        s->best = 0;
        s->finished = s->exhausted = 1;
        return EC_OK;
    }
    int lo = 99;
    for (int i = 0; i < s->ndirs; i++) {
        tp_dir_make(&s->dir[i], c, i);
        if (s->dir[i].h1 < lo) lo = s->dir[i].h1;
    }
    s->d1 = lo;
    s->cur = 0;
    start_iteration(s);
    return EC_OK;
}

/* The node count at which the budget after the first solution is spent (never before
 * min_nodes: a cube a few moves from solved is searched to the end in fewer nodes, so it
 * does not keep a 9-move first solution of a 3-move scramble). */
static int64_t budget_end(const tp_search *s)
{
    int64_t end = s->nodes_first + s->budget;
    return end < s->min_nodes ? s->min_nodes : end;
}

#define KNOWN_LATER (-2) /* tp_search.known before the near table is asked */

/* (twophase.h) */
int tp_dirs_bound(const tp_search *s)
{
    int lo = 0;
    for (int i = 0; i < s->ndirs; i++)
        if (s->dir[i].h1 > lo) lo = s->dir[i].h1;
    return lo;
}

/* Stop once a solution of at most max_length moves is known (after min_nodes nodes). */
static void check_target(tp_search *s)
{
    if (s->max_length < 0 || s->best > s->max_length) return;
    /* a target search goes on for min_nodes only for a cube known to be shorter (near.h):
     * the near table is asked only now, when the answer matters */
    if (s->target && s->nodes < s->min_nodes && s->known == KNOWN_LATER) s->known = ec__near_distance(&s->start);
    int more = s->target ? s->known >= 0 && s->best > s->known : 1;
    if (s->nodes >= s->min_nodes || !more) s->finished = 1;
}

/* A solution: direction cur's phase-1 moves m1[0..d1) then phase-2 moves m2[0..d2),
 * mapped to the original frame (faces renamed; for an inverse direction reversed and
 * each turn inverted). */
static void record(tp_search *s, int d2)
{
    const tp_dir *d = &s->dir[s->cur];
    uint8_t mv[TP_MAX_LEN + TP_MAX_PRE + 1];
    int n = 0;
    for (int i = 0; i < s->depth1; i++) mv[n++] = (uint8_t)d->m1[i];
    for (int i = 0; i < d2; i++) mv[n++] = ec__p2_move[s->m2[i]];
    for (int i = d->npre - 1; i >= 0; i--) mv[n++] = d->pre[i]; /* the pre-moves, last first */
    if (s->alt) mv[s->depth1 + d2] = (uint8_t)(d->pre[d->npre - 1] + 2); /* X' for X */
    int split = s->depth1;
    if (d->npre) { /* a pre-move can merge with the move before it */
        n = ec_alg_simplify_moves(mv, n);
        if (split > n) split = n;
    }
    for (int i = 0; i < n; i++) mv[i] = (uint8_t)(d->facemap[mv[i] / 3] * 3 + mv[i] % 3);
    if (d->inverse) {
        for (int i = 0; i < n; i++) {
            int m = mv[n - 1 - i];
            s->best_moves[i] = (uint8_t)(m / 3 * 3 + 2 - m % 3);
        }
        s->best_split = n - split;
    } else {
        memcpy(s->best_moves, mv, (size_t)n);
        s->best_split = split;
    }
    s->best_inverse = d->inverse;
    if (s->best == TP_NONE) {
        /* oracle: found by a one-pass phase 2, the budget counts from the pass's end (end_phase2) */
        s->nodes_first = s->p2_pass ? TP_OPEN : s->nodes;
        if (s->budget >= 0 && budget_end(s) < s->stop) s->stop = budget_end(s);
    }
    s->best = n;
    s->bound = n - 1;
    s->new_best = 1;
    check_target(s);
}

/* The cube after direction cur's phase-1 moves m1[0..d1), reusing the cached prefix. */
static const ec_cube *path_cube(tp_search *s)
{
    tp_dir *d = &s->dir[s->cur];
    int j = 0;
    while (j + 1 < d->path_ok && j < s->depth1 && d->path_mv[j] == d->m1[j]) j++;
    for (; j < s->depth1; j++) {
        ec_cube_multiply(&d->path[j], ec__move_cube(d->m1[j]), &d->path[j + 1]);
        d->path_mv[j] = d->m1[j];
    }
    d->path_ok = s->depth1 + 1;
    return &d->path[s->depth1];
}

/* At a phase-1 solution of length d1: set up phase 2, or record a solution when the
 * cube is already solved there. Returns 1 when phase 2 should run. */
static int start_phase2(tp_search *s, const ec_cube *c)
{
    int cp = ec__cpermSym[ec__get_cperm(c)], ep = ec__epermSym[ec__get_eperm(c)], mp = ec__get_mperm(c);
    int h = ec__prun2_sym(cp, ep, mp, s->d2max);
    s->p2_pass = 0;
    if (h > s->d2max) return 0;
    if (h == 0) {
        record(s, 0);
        return 0;
    }
    s->cp[0] = (uint16_t)cp;
    s->ep[0] = (uint16_t)ep;
    s->mp[0] = (uint8_t)mp;
    s->p2ok = 0;
    s->p2runs++;
    /* target: one search to the cap, any length up to it; oracle: one search to the cap,
     * each solution lowering it (run_phase2) */
    s->p2_pass = !s->target && s->d2max - h < s->p2_onepass && s->best == TP_NONE;
    s->d2 = s->target || s->p2_pass ? s->d2max : h;
    s->k2 = 0;
    s->m2[0] = 0;
    s->in2 = 1;
    return 1;
}

/* With pre-moves, the last one (a quarter turn X of R, F, L or B) turned the other way, X',
 * gives the same phase-1 solution a second phase-2 cube, X2 then the first one (min2phase
 * tries both): phase 2 of that cube, when it can run. */
static int start_alt(tp_search *s)
{
    const tp_dir *d = &s->dir[s->cur];
    if (!d->npre || s->finished || s->d2max < 0) return 0;
    s->alt = 1;
    ec_cube_multiply(ec__move_cube(d->pre[d->npre - 1] + 1), &d->path[s->depth1], &s->alt_cube);
    if (start_phase2(s, &s->alt_cube)) return 1;
    s->alt = 0;
    return 0;
}

/* At a phase-1 solution of length d1: set up phase 2, or record a solution when the
 * cube is already solved there. Returns 1 when phase 2 should run. */
static int enter_phase2(tp_search *s)
{
    s->leaves++;
    s->alt = 0;
    s->d2max = s->bound - s->d1;
    if (s->d2max > s->p2_cap) s->d2max = s->p2_cap;
    if (s->d2max < 0) return 0;
    if (start_phase2(s, path_cube(s))) return 1;
    return start_alt(s);
}

/* Phase 2 is over for the current phase-1 solution. After a one-pass phase 2 that found the
 * first solution, the budget after the first solution starts now (record). */
static void end_phase2(tp_search *s)
{
    s->in2 = 0;
    if (s->nodes_first == TP_OPEN) {
        s->nodes_first = s->nodes;
        if (s->budget >= 0 && budget_end(s) < s->stop) s->stop = budget_end(s);
    }
}

/* Phase 2's moves (bit m of ec__p2_move's order) that may follow a turn of face f (index f + 1;
 * 0: none before), and the first turn of each face (U, D, R2, F2, L2, B2). */
static uint16_t p2_allow[7];
#define P2_LEADS 0x3C9u

static void p2_allow_init(void)
{
    if (p2_allow[0]) return; /* built (after no move, all ten) */
    for (int f = -1; f < 6; f++) {
        unsigned mask = 0;
        for (int m = 0; m < N_P2MOVES; m++)
            if (ec__move_follows(f < 0 ? -1 : f * 3, ec__p2_move[m])) mask |= 1u << m;
        p2_allow[f + 1] = (uint16_t)mask;
    }
}

/* Level k's children in phase 2 (the moves in mask): their coordinates and full bounds
 * (ec__prun2_all), read without a branch between them so that the look-up chains overlap in
 * the CPU. A level is entered with its allowed faces' first turns; a face's other turns are
 * worked out when the walk comes to them (when the first turn's bound does not rule the
 * face out). The walk (run_phase2) takes the same decisions, and counts the same nodes, as
 * reading each child's bound in turn. */
static void p2_children(tp_search *s, int k, unsigned mask)
{
    const int cs = s->cp[k], es = s->ep[k], mp = s->mp[k];
    uint16_t *cpc = s->cpc[k], *epc = s->epc[k];
    uint8_t *mpc = s->mpc[k], *h2c = s->h2c[k];
    s->p2have[k] |= (uint16_t)mask;
    while (mask) {
        int m = __builtin_ctz(mask);
        mask &= mask - 1;
        int cp = ec__cperm_sym_move(cs, m), ep = ec__eperm_sym_move(es, m), mq = ec__mpermMove[mp * N_P2MOVES + m];
        cpc[m] = (uint16_t)cp;
        epc[m] = (uint16_t)ep;
        mpc[m] = (uint8_t)mq;
        h2c[m] = (uint8_t)ec__prun2_all(cp, ep, mq);
    }
}

/* Phase 2 from the current phase-1 solution; returns when phase 2 is over for it or the
 * node limit is reached (s->in2 stays 1 then). */
static void run_phase2(tp_search *s)
{
    const tp_dir *d = &s->dir[s->cur];
    int last1 = s->depth1 ? d->m1[s->depth1 - 1] : -1;
    while (s->nodes < s->stop) {
        int k = s->k2, m = s->m2[k];
        if (m >= N_P2MOVES) {
            if (k == 0) {
                if (++s->d2 > s->d2max) {
                    end_phase2(s);
                    return;
                }
                s->m2[0] = 0;
            } else {
                s->k2 = k - 1;
                s->m2[k - 1]++;
            }
            continue;
        }
        int code = ec__p2_move[m];
        int prev = k ? ec__p2_move[s->m2[k - 1]] : last1;
        if (!ec__move_follows(prev, code)) {
            s->m2[k]++;
            continue;
        }
        const unsigned allow = p2_allow[prev < 0 ? 0 : prev / 3 + 1]; /* (-1 / 3 is 0 in C) */
        if (k >= s->p2ok) { /* a level entered: its faces' first turns */
            s->p2have[k] = 0;
            p2_children(s, k, P2_LEADS & allow);
            s->p2ok = k + 1;
        }
        if (!(s->p2have[k] >> m & 1)) /* the face's other turns (m is U2 or D2) */
            p2_children(s, k, 3u << m & allow);
        s->nodes++;
        s->nodes2++;
        int togo = s->d2 - k - 1;
        int h = s->h2c[k][m];
        if (h > togo) { /* skip U2 U' (D2 D') too when U (D) is two over */
            s->m2[k] = (int8_t)(h > togo + 1 && m < 6 ? next_face[m] : m + 1);
            continue;
        }
        if (h == 0) { /* solved (before the depth only in a one-pass search) */
            record(s, k + 1);
            /* oracle's pass: branch and bound, only shorter phase 2s of this phase-1 solution
             * from here on (the levels at or past the new depth are dropped) */
            int d2 = s->bound - s->d1 < k ? s->bound - s->d1 : k;
            if (!s->p2_pass || s->finished || d2 < 1) {
                end_phase2(s);
                return;
            }
            s->d2 = s->d2max = d2;
            s->k2 = d2 - 1;
            s->m2[d2 - 1]++;
            continue;
        }
        s->cp[k + 1] = s->cpc[k][m];
        s->ep[k + 1] = s->epc[k][m];
        s->mp[k + 1] = s->mpc[k][m];
        s->m2[k + 1] = 0;
        s->k2 = k + 1;
        s->p2ok = k + 1;
    }
}

/* Phase 1 of the current direction from where its move stack stands, until a phase-1
 * solution starts phase 2 (s->in2; run_phase2 then runs from tp_run), the iteration ends
 * (next_pre) or the node limit is reached. The loop keeps its counters in locals (the int8
 * move stack may alias any field) and writes them back before anything it calls. */
static void run_phase1(tp_search *s)
{
    tp_dir *d = &s->dir[s->cur];
    int64_t nodes = s->nodes;
    const int64_t stop = s->stop;
    const int depth1 = s->depth1;
    int k = d->k1;
    int8_t *m1 = d->m1;
    while (nodes < stop) {
        int m = m1[k];
        if (m >= N_MOVES) {
            if (k == 0) {
                s->nodes = nodes, d->k1 = 0;
                next_pre(s);
                nodes = s->nodes;
                break;
            }
            m1[--k]++;
            continue;
        }
        /* level k: its coordinates, the moves its last move rules out (that face, and after
         * D, L or B the opposite face) and the depth left, in locals; its children in turn
         * until one is descended into, a phase-1 solution is reached or the node limit */
        const int togo = depth1 - k - 1, k1 = k + 1;
        const int ptw = d->tw[k] * N_MOVES, pfl = d->fl[k] * N_MOVES, psl = d->sl[k] * N_MOVES;
        const int pctw = d->ctw[k] * N_MOVES, pcfl = d->cfl[k] * N_MOVES;
        const uint32_t ruled_out = k ? face_after[m1[k - 1] / 3] : 0;
        int next = 0; /* 1: descend into m; 2: leave the loop (phase 2, or what enter_phase2 changed) */
        while (m < N_MOVES) {
            if (ruled_out >> m & 1) {
                m = next_face[m];
                continue;
            }
            if (nodes >= stop) break;
            nodes++;
            /* all four bounds (twistSlice, flipSlice, twistFlip and the y-conjugate's
             * twistFlip), read unconditionally and combined without branches: the four
             * look-up chains overlap in the CPU, and a branch per table mispredicted often
             * (bench_twophase: 12% less CPU natively at <= 20, the same nodes; docs/BENCHMARKS.md).
             * (The conjugate's flipSlice bound is read only at the start: inside the search it
             * pruned no node the others did not, on 200 random states.) */
            int tw = ec__twistSymMove[ptw + m], sl = ec__sliceMove[psl + m], fl = ec__flipSymMove[pfl + m];
            int cm = d->conjmove[m];
            int ctw = ec__twistSymMove[pctw + cm], cfl = ec__flipSymMove[pcfl + cm];
            int h = ec__prun_ts_sym(tw, sl), h2 = ec__prun_fs_sym(fl, sl), h3 = ec__prun_tf_sym(tw, fl),
                h4 = ec__prun_tf_sym(ctw, cfl);
            h = h2 > h ? h2 : h;
            h3 = h4 > h3 ? h4 : h3;
            h = h3 > h ? h3 : h;
            if (h > togo) {
                /* the face's other turns are one move from this one: none can do better */
                m = h > togo + 1 ? next_face[m] : m + 1;
                continue;
            }
            if (togo == 0) { /* h == 0: in G1 */
                if (leaves_g1(m)) {
                    m1[k] = (int8_t)m;
                    s->nodes = nodes, d->k1 = k;
                    if (!enter_phase2(s)) m1[k]++;
                    next = 2; /* phase 2 runs from tp_run, which also checks what
                                 enter_phase2 may have changed */
                    break;
                }
                m++;
                continue;
            }
            if (h == 0 && togo < 5) { /* in G1 already: a shorter phase 1 covers this */
                m++;
                continue;
            }
            d->tw[k1] = (uint16_t)tw, d->fl[k1] = (uint16_t)fl, d->sl[k1] = (uint16_t)sl;
            d->ctw[k1] = (uint16_t)ctw, d->cfl[k1] = (uint16_t)cfl;
            next = 1;
            break;
        }
        if (next == 2) break;
        m1[k] = (int8_t)m;
        if (next == 1) {
            m1[k1] = 0;
            k = k1;
        }
    }
    s->nodes = nodes;
    if (!s->in2) d->k1 = k; /* (next_pre may have started a new search: k is 0 then too) */
}

void tp_target(tp_search *s, int64_t total)
{
    if (s->finished || s->max_length < 0) return;
    s->target = 1;
    /* over NEAR_MAX the near table cannot know the cube (tp_dirs_bound); else the query waits
     * until a solution is found within min_nodes (check_target), the only time it is read */
    s->known = tp_dirs_bound(s) > NEAR_MAX ? -1 : KNOWN_LATER;
    s->use_pre = 1; /* pre-moves: more candidate solutions of a given length (min2phase) */
    s->total = total < 0 ? -1 : total < s->min_nodes ? s->min_nodes : total;
    if (s->max_length < s->bound) s->bound = s->max_length;
}

/* A target search whose node allowance is spent with no solution takes any solution: the
 * bound opens up and the search goes on from where it is, as an improving search. */
static void widen(tp_search *s)
{
    if (s->target && s->total >= 0 && s->best == TP_NONE && s->nodes >= s->total) {
        s->target = 0;
        s->bound = TP_MAX_LEN - 1;
    }
}

int tp_run(tp_search *s, int64_t limit)
{
    s->new_best = 0;
    widen(s);
    s->stop = s->target && s->total >= 0 && s->best == TP_NONE && limit > s->total ? s->total : limit;
    if (s->best != TP_NONE && s->budget >= 0 && budget_end(s) < s->stop) s->stop = budget_end(s);
    while (!s->finished) {
        if (s->best != TP_NONE && s->budget >= 0 && s->nodes >= budget_end(s)) {
            s->finished = 1; /* the budget after the first solution is spent */
            break;
        }
        check_target(s);
        if (s->finished) break;
        if (s->target && s->total >= 0 && s->best == TP_NONE && s->nodes >= s->total) {
            widen(s); /* no solution within the target search's allowance: take any */
            s->stop = limit;
        }
        if (s->nodes >= s->stop || (s->new_best && s->pause_on_solution)) return 0;
        tp_dir *d = &s->dir[s->cur];
        if (s->in2) {
            run_phase2(s);
            if (!s->in2 && !(s->alt == 0 && start_alt(s))) {
                s->alt = 0;
                d->m1[d->k1]++; /* phase 2 over for this phase-1 solution */
            }
            continue;
        }
        if (s->d1 > s->bound && s->target && s->best == TP_NONE) { /* none that short exists */
            s->total = 0;
            widen(s);
            s->stop = limit;
        }
        if (s->d1 > s->bound) {
            s->finished = s->exhausted = 1;
            break;
        }
        if (s->d1 == 0 && !s->zero_started) { /* a start in G1 is its own phase-1 solution */
            s->zero_started = 1;
            if (d->h1 == 0 && enter_phase2(s)) continue;
        }
        /* phase-1 nodes until a phase-1 solution starts phase 2, or the iteration ends */
        if (s->finished || s->d1 > s->bound || (s->new_best && s->pause_on_solution)) continue;
        run_phase1(s);
    }
    return 1;
}

int ec_twophase_init(void) { return search_tables_init(); }
