/*
 * twophase.h - Kociemba's two-phase search as a resumable machine (tp_search), shared by the
 * `twophase` stepped solver (c/solvers/twophase/twophase.c), the distance oracle ec_distance
 * and random-state scrambles. No solver handle here: the search knows nothing of stepping.
 *
 * As min2phase does, the search runs in up to six directions at once: the cube as it is,
 * seen along the other two axes (so G1 is <U2 R F2 D2 L B2> or <U2 R2 F D2 L2 B> in the
 * original frame), and the same three for the inverse cube. Phase-1 depth d1 is shared:
 * every direction's depth-d1 iteration runs before any direction's depth d1 + 1.
 * Two modes: a target search (tp_target; the solver's default, random-state scrambles)
 * looks only for solutions of at most max_length moves and also searches each direction's
 * cube after pre-move sequences; an improving search (the solver's firstSolution=1,
 * ec_distance) takes the first solution of any length and then shorter ones.
 *
 * Data: per direction its start cube, face map, its pre-move sequence and the cubes after
 * each pre-move, and an explicit phase-1 stack (coordinates and the move being tried at
 * each level, so the search stops after any node and resumes there) with a cache of the
 * cubie states along the path (to read the phase-2 coordinates at a phase-1 solution); one
 * phase-2 stack and its levels' children (p2_children); the best solution so far in the
 * original frame. 17.5 KB, no allocation.
 * Invariant: best_moves[0..best) solves start whenever best <= TP_MAX_LEN.
 */
#ifndef EC_TWOPHASE_H
#define EC_TWOPHASE_H

#include <stdint.h>

#include "evocube.h"
#include "search/coord.h"

#define TP_MAX_LEN 31  /* longest solution the machine represents */
#define TP_NONE 99     /* best before the first solution */
#define TP_DIRS 6
#define TP_MAX_PRE 8      /* longest pre-move sequence */
#define TP_MIN_P1_PRE 7   /* a search with pre-moves keeps at least this many phase-1 moves */
#define TP_MIN_NODES 20000     /* the solver's and scrambles' least search (see min_nodes) */
#define TP_DIST_MIN_NODES 2000 /* ec_distance's least search */
/* ec_distance's improving search runs a phase 2 before its first solution whose bound is
 * within TP_DIST_ONEPASS of its cap as one branch-and-bound pass (p2_onepass; min2phase's
 * phase 2 is such a pass), and counts the budget after the first solution from the end of the
 * pass that found it (as from the end of IDA*'s iterations), so its values stay those of IDA*
 * phase 2s, in fewer nodes. Later phase 2s stay IDA* (a pass over a phase-1 solution with a
 * short phase 2 spends the budget that improves the value). Figures: docs/BENCHMARKS.md,
 * section oracle. */
#define TP_DIST_ONEPASS 4
#define TP_OPEN (INT64_MAX / 4) /* nodes_first while the first solution's one-pass phase 2 runs */

typedef struct tp_dir {
    ec_cube start;      /* the cube in this direction's frame */
    uint8_t facemap[6]; /* face in this frame -> face in the original frame */
    int inverse;        /* 1: start is (a view of) the inverse cube */
    int h1;             /* phase-1 lower bound of start */
    int k1;
    uint16_t tw[TP_MAX_LEN + 1], fl[TP_MAX_LEN + 1], sl[TP_MAX_LEN + 1];
    uint16_t ctw[TP_MAX_LEN + 1], cfl[TP_MAX_LEN + 1], csl[TP_MAX_LEN + 1]; /* y-conjugate */
    uint8_t conjmove[18]; /* move in this frame -> the same move in the y-conjugate's */
    int8_t m1[TP_MAX_LEN + 1];
    ec_cube path[TP_MAX_LEN + 1]; /* path[j]: start after m1[0..j) when j < path_ok */
    int8_t path_mv[TP_MAX_LEN + 1];
    int path_ok;
    /* pre-moves q1..qp (applied to the cube before its start; the solution ends with them
     * in reverse order): pcube[j] = start after q1..qj, cpcube[j] its y-conjugate, ph[j]
     * its phase-1 bound */
    int npre;
    uint8_t pre[TP_MAX_PRE];
    ec_cube pcube[TP_MAX_PRE + 1], cpcube[TP_MAX_PRE + 1];
    int ph[TP_MAX_PRE + 1];
} tp_dir;

typedef struct tp_search {
    ec_cube start;
    int max_length;  /* stop once best <= max_length (-1: never early) */
    int64_t budget;  /* nodes allowed after the first solution (-1: unlimited) */
    int64_t min_nodes; /* neither the target nor the budget stops the search before this many
                          nodes (it can still end sooner, exhausted) */
    int p2_cap;      /* longest phase-2 search */
    int target;      /* 1: only solutions of at most max_length are searched (tp_target) */
    int known;       /* target search: the exact distance when near.h knows it, else -1 (-2 before
                        it is looked up: only when a solution comes within min_nodes) */
    int pause_on_solution, new_best; /* 1: tp_run returns after recording a better solution */
    int64_t total;   /* target search: nodes before taking any solution (-1: no limit) */
    int64_t nodes, nodes_first; /* nodes so far; nodes when the first solution was found
                                   (TP_OPEN while the one-pass phase 2 that found it runs) */
    int64_t nodes2, leaves, p2runs; /* statistics: phase-2 nodes, phase-1 solutions, phase-2 searches */
    int64_t stop;    /* node count at which tp_run returns (its limit or the budget's end) */
    int best, best_split;       /* best length; moves before the phase boundary */
    int best_inverse;           /* 1: best came from an inverse direction */
    uint8_t best_moves[TP_MAX_LEN + 1];
    int bound;                  /* longest solution still wanted: best - 1 */
    int finished;               /* 1: stopped (target reached, budget spent, or exhausted) */
    int exhausted;              /* 1: every phase-1 depth up to bound was searched */
    int ndirs, cur, d1;         /* directions, the one searching, shared phase-1 depth
                                   (pre-moves included) */
    int depth1;                 /* phase-1 moves after the current pre-moves: d1 - npre */
    int use_pre;                /* 1: pre-move sequences are searched too */
    int p2_onepass;             /* oracle (ec_distance; 0 elsewhere): before the first
                                   solution, an improving search's phase 2 whose bound is within
                                   p2_onepass of its cap is one depth-first pass to the cap that
                                   lowers its depth to each solution found (bounded by the best),
                                   not IDA* from its bound */
    int p2_pass;                /* 1: the current phase 2 is such a pass */
    int zero_started;           /* d1 == 0: cur's start was tried as a phase-1 solution */
    tp_dir dir[TP_DIRS];
    /* phase 2 (of direction cur's current phase-1 solution) */
    int in2, d2, d2max, k2;
    int alt;         /* 1: phase 2 of the cube with the last pre-move turned the other way */
    ec_cube alt_cube;
    uint16_t cp[TP_MAX_LEN + 1], ep[TP_MAX_LEN + 1];
    uint8_t mp[TP_MAX_LEN + 1];
    int8_t m2[TP_MAX_LEN + 1];
    /* phase 2's children, worked out together when a level is entered (p2_children):
     * level k's ten moves' coordinates and bounds, valid for levels below p2ok */
    int p2ok;
    uint16_t p2have[TP_MAX_LEN + 1]; /* level k's children worked out so far (bit m) */
    uint16_t cpc[TP_MAX_LEN + 1][N_P2MOVES], epc[TP_MAX_LEN + 1][N_P2MOVES];
    uint8_t mpc[TP_MAX_LEN + 1][N_P2MOVES], h2c[TP_MAX_LEN + 1][N_P2MOVES];
} tp_search;

/* Prepare a search of c (a valid cube) in ndirs (1..6) directions; builds the tables on
 * first use. */
int tp_init(tp_search *s, const ec_cube *c, int max_length, int64_t budget, int64_t min_nodes, int ndirs);
/* Make s a target search (call after tp_init): only solutions of at most max_length moves
 * are looked for (the first one found ends it; min_nodes applies only to a cube within
 * NEAR_MAX turns, until its exact length is reached), each phase 2 searched in
 * one pass to the depth left. With no solution after total nodes (at least min_nodes; -1:
 * no limit) it goes on as an improving search: the first solution of any length, then the
 * budget after it. Without tp_target the search is an improving search from the start. */
void tp_target(tp_search *s, int64_t total);
/* Search until s->nodes reaches node_limit or the search finishes; returns 1 when
 * finished, 0 when it stopped at the node limit (or, with pause_on_solution, after a
 * better solution: new_best is 1 then). */
int tp_run(tp_search *s, int64_t node_limit);

/* directions.c: the rotations' cubie forms, built and checked once (EC_OK, or EC_E_INTERNAL
 * when a rotated face turn differs from its conjugate); call before the two below. */
int tp_rotations_init(void);
/* d = direction i (0..TP_DIRS-1) of c: its start, face map, y-conjugate move map, no
 * pre-moves, level 0 set and h1 its phase-1 bound. */
void tp_dir_make(tp_dir *d, const ec_cube *c, int i);
/* Level 0 of d's phase-1 stack from its cube after its npre pre-moves, and its bound
 * ph[npre]. After pre-moves (npre > 0) the y-conjugate's cube (the last pre-move applied to
 * the previous one's) and its bounds are worked out only when the cube's own bound is at most
 * limit: above it the sequence is neither searched nor extended (the search compares ph with
 * that limit only), so ph[npre] may then be the own bound. */
void tp_dir_level0(tp_dir *d, int limit);

/* The most of the directions' phase-1 bounds of their start cubes (after tp_init): each is
 * a lower bound of the distance (a view of the cube or of its inverse), so over NEAR_MAX the
 * near table (near.h) cannot have the cube and is not asked (a query costs ~75 us natively). */
int tp_dirs_bound(const tp_search *s);

/* distance.c: ec_distance with the search it ran in *s (s->best_moves[0..s->best) solve c when the
 * result came from the search, not the near table: then the result equals s->best). */
int ec__distance_search(const ec_cube *c, int budget, tp_search *s);

/* The swarm thesis's oracle: the first one-direction two-phase solution of at most
 * max_length moves, without pre-moves or the near-goal table, in at most 2 * nodes nodes
 * (after `nodes` any length is taken); its length, TP_MAX_LEN if none, or a negative error. */
int ec__distance_first(const ec_cube *c, int max_length, int64_t nodes);

#endif
