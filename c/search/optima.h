/*
 * optima.h - exact reference optima of the evolutionary solvers' phases: shown
 * beside what a solver found (the public functions are never used by a solver; HuGO!'s opt-in
 * plan uses the internal ones below). All counts are HTM face turns.
 *
 * Also the internal pieces the exact two-generator distances (twogen_optima.c) share, and
 * those distances, which HuGO!'s opt-in plan (c/solvers/hugo/plan.c) uses to choose.
 *
 * 2x2x3 blocks (HuGO!'s phase 1). Location loc (0..11) is named by the edge slot where its two
 * free faces meet (Kociemba order UR UF UL UB DR DF DL DB FR FL BL BR, HuGO!'s numbering): its
 * block is the 2 corners and 5 edges that touch neither free face. The search is IDA* over the
 * 7 pieces of location 0 (free faces U, R: corners DLF DBL, edges DF DL DB FL BL); another
 * location is searched on the cube seen after the whole-cube rotation that carries its free
 * faces to U and R (same lengths). Bound: the largest of three exact pruning tables (bytes,
 * built by breadth-first search from the solved pieces on first use):
 *   2x2x2 front  corner DLF + edges DF DL FL   24 x 12*11*10 x 8   253,440 entries
 *   2x2x2 back   corner DBL + edges DB DL BL   24 x 12*11*10 x 8   253,440
 *   4 edges      DF DB FL BL                   12*11*10*9 x 16     190,080
 * 697 KB, built in ~190 ms of CPU natively (loaded 2-core machine). The best over the 12
 * locations deepens all 12 together, so the first depth with a block is the minimum: ~0.7 ms
 * of CPU per random state natively (mean over states 1..20; their mean optimum 7.9 turns).
 *
 * Thistlethwaite's stages (TWES; groups.h: G1 = <F,U,B,D,R2,L2>, G2 = <U,D,R2,L2,F2,B2>,
 * G3 = half turns): the optimal number of moves of G_i that bring a cube of G_i into
 * G_i+1, read from exact distance tables (one byte per coset, breadth-first search from the
 * target group over the stage's coordinates, built on first use):
 *   stage 0  G0 -> G1  R/L edge orientation (11 bits)                      2,048 entries
 *   stage 1  G1 -> G2  corner twist x E-slice edge positions (coord.h)   1,082,565
 *   stage 2  G2 -> G3  corner permutation x M-slice edge positions (70)  2,822,400
 *   stage 3  G3 -> G4  the 96 G3 corner permutations x the M and S edges'
 *                      arrangements in their slices (576) x E-slice (24) 1,327,104
 * and TWES's intermediate goal inside stage 1, the E-slice edges home (FR FL BL BR in the E
 * slice, any order) with G1's moves: 495 entries. 5.2 MB; CPU natively (loaded machine):
 * stage 0 ~2 ms after the coordinates' move tables (coord.h, ~15 ms), stage 1 ~30 ms,
 * stage 2 ~70 ms, stage 3 ~18 ms. Measured with a throwaway clock() driver, 2026-11-24.
 *
 * Every function returns EC_OK with the exact optimum in *len, or EC_BOUND (a positive status)
 * when the node budget ran out first: then *len is k + 1 with every length <= k excluded, so
 * the optimum is more than k; or a negative error (EC_E_NOMEM; EC_E_GROUP: the cube is not in
 * the stage's start group; EC_E_RANGE for loc or stage).
 */
#ifndef EC_OPTIMA_H
#define EC_OPTIMA_H

#include <stdint.h>

#include "evocube.h"
#include "core/packed.h"

/* Tracked pieces of location 0's block: 2 corners then 5 edges (cubie = home slot). */
#define EC_OPT_BLOCK_PIECES 7

/* A byte table of distances by breadth-first search from the entries is_source accepts,
 * next(i, m) giving entry i's neighbour by move m (moves 0..nm-1, closed under inverses);
 * unreached entries 255. NULL: out of memory. Counted in ec_optima_bytes. */
typedef uint32_t (*ec__next_fn)(uint32_t i, int m);
uint8_t *ec__optima_bfs(uint32_t size, int nm, ec__next_fn next, int (*is_source)(uint32_t));
/* The same search resumable, so that a build never takes more than a slice of work at once:
 * ec__bfs_start allocates the table (EC_OK, or EC_E_NOMEM with nothing kept), ec__bfs_run
 * does at most *slice units of work (counted off *slice; marking an entry a source or
 * scanning it 1, expanding it nm more; *slice must be at least nm + 1 for it to go on) and
 * returns EC_RUNNING when the slice is spent first, else EC_OK with the table in b->d. The
 * table is the same however the work is sliced. */
typedef struct ec__bfs {
    uint8_t *d;
    uint32_t size, i, left, found; /* i: the next entry of this scan */
    int nm, depth;                 /* depth: the scan's level; -1 while marking the sources */
    ec__next_fn next;
    int (*is_source)(uint32_t);
} ec__bfs;
int ec__bfs_start(ec__bfs *b, uint32_t size, int nm, ec__next_fn next, int (*is_source)(uint32_t));
int ec__bfs_run(ec__bfs *b, int64_t *slice);
/* Frees a table of `size` bytes that ec__optima_bfs built (nothing when *d is NULL), uncounts
 * it from ec_optima_bytes and sets *d to NULL. */
void ec__optima_drop(uint8_t **d, uint32_t size);
/* c seen in location loc's frame: rotated so its free faces are U and R, colours renamed
 * (the block is then DLF DBL DF DL DB FL BL). EC_OK or an error (tables out of memory). */
int ec__block_view(const ec_cube *c, int loc, ec_cube *out);
/* The block tables built in slices of work as ec__bfs_run counts it (plus a fixed setup of
 * 18 moves' piece tables per call until done): EC_RUNNING (call again), EC_OK (built; every
 * other function here then finds them), EC_E_NOMEM (the table being started is not kept;
 * the ones before it are). ec__block_tables_done: how many of the three are built. */
int ec__block_build(int64_t *slice);
int ec__block_tables_done(void);
/* The block tables' lower bound for location 0's 7 piece values v (slot * 3 + twist for the
 * corners DLF DBL, slot * 2 + flip for the edges DF DL DB FL BL): 0 when the block is home. */
int ec__block_bound(const uint8_t *v);

/* ---- twogen_optima.c: HuGO!'s last two phases in location 0's frame (free faces U, R).
 * <U,R> is the group the two free faces generate; "reduced": a cube in it. Lengths are HTM.
 * Each search takes a node budget (*nodes counts down; at 0 the search stops).
 * ec__ur_distance: the exact distance to solved of a reduced cube with moves of U and R, when
 *   it is at most limit: EC_OK; else EC_BOUND (*len = limit + 1, or the depth where the budget
 *   ran out); EC_E_GROUP: not reduced.
 * ec__ur_reduce: the exact number of face turns (all 18) to a reduced cube, EC_OK or EC_BOUND.
 * ec__ur_joint: the least reduction + <U,R> solve over the reductions of at most the shortest
 *   + slack turns: *red the reduction's length, *solve the distance after it; EC_OK, or
 *   EC_BOUND when the budget ran out (then *red and *solve are the best found, or the
 *   reduction alone with *solve = -1 when none was completed). */
int ec__ur_init(void);
/* ec__ur_init in slices, so that no caller's step does all of it (HuGO!'s plan builds them
 * so): at most *slice units of work (counted off *slice: ec__bfs_run's units, the setup of
 * the move tables 50,000, the first call's), then EC_RUNNING, or EC_OK when every table is
 * built, or an error (EC_E_NOMEM: as ec__ur_init, none of the five <U,R> tables kept).
 * Module-wide: any caller's call goes on from where the last one stopped; the tables are the
 * same however the work is sliced. ec__ur_build_done: the parts built so far (the setup, the
 * 3 block tables, the 5 <U,R> tables), *total the 9 of them. */
int ec__ur_build(int64_t *slice);
int ec__ur_build_done(int *total);
int ec__ur_reduced(const ec_bcube *s);
/* The same three searches, resumable (what the three functions above run to their end): a
 * search set up by ec__ur_search_distance, _reduce or _joint (EC_OK, or the error the plain
 * function would return: EC_E_GROUP, a table error) runs in slices: ec__ur_search_run(q,
 * &slice) enters at most *slice nodes (counting them off *slice) and returns EC_RUNNING when
 * the slice is spent with the search unfinished (call it again with a new slice), else the
 * search's result (EC_OK, EC_BOUND, an error) with q->len (distance, reduce), q->red and
 * q->solve (joint) as above and q->nodes the budget left. The search's own budget counts
 * down exactly as in one call, so the result never depends on how it is sliced. Each frame of
 * the two explicit stacks is one level of the recursion it replaces (EC__UR_STACK of each:
 * every <U,R> distance and least reduction is far below; a deeper search is EC_E_STATE).
 * About 1.7 KB; no allocation. */
#define EC__UR_STACK 48
typedef struct ec__ur_tframe {
    uint16_t cp, ep;
    uint8_t tw;
    int8_t pf, depth, m; /* m: the next turn to try; -1: the node is not entered yet */
} ec__ur_tframe;
typedef struct ec__ur_rframe {
    ec_bcube s;
    int8_t prev, depth, m;
} ec__ur_rframe;
typedef struct ec__ur_search {
    int kind, stage, rc;
    int64_t nodes;
    int len, red, solve;
    int limit, depth, maxk, best, out, nested; /* nested: a joint's leaf is in its <U,R> solve */
    int tn, rn; /* frames on the <U,R> stack t and the 18-turn stack r */
    ec_bcube root;
    ec__ur_tframe t[EC__UR_STACK];
    ec__ur_rframe r[EC__UR_STACK];
} ec__ur_search;
int ec__ur_search_distance(ec__ur_search *q, const ec_bcube *s, int limit, int64_t nodes);
int ec__ur_search_reduce(ec__ur_search *q, const ec_bcube *s, int64_t nodes);
int ec__ur_search_joint(ec__ur_search *q, const ec_bcube *s, int slack, int64_t nodes);
int ec__ur_search_run(ec__ur_search *q, int64_t *slice);
int ec__ur_distance(const ec_bcube *s, int limit, int64_t *nodes, int *len);
/* The two <U,R> tables' lower bound of a reduced cube's distance (after ec__ur_init): 0 only
 * when solved; two table reads. */
int ec__ur_bound(const ec_bcube *s);
/* The same bound by coordinates, for a loop that turns one reduced cube many times (HuGO!'s
 * plan, phase 3): ec__ur_key packs a reduced cube's three coordinates into 31 bits (corner
 * arrangement | twists << 10 | edge arrangement << 18); ec__ur_key_turn turns *key by move
 * code m, which must be 0..5 (U, U2, U', R, R2, R'), and returns ec__ur_bound of the turned
 * cube: three move-table and three bound-table reads instead of a turn and two permutation
 * ranks. After ec__ur_init. */
uint32_t ec__ur_key(const ec_bcube *s);
int ec__ur_key_turn(uint32_t *key, int m);
/* The reduction tables' lower bound of any cube's reduction (after ec__ur_init): 0 exactly on
 * reduced cubes. */
int ec__ur_reduce_bound(const ec_bcube *s);
int ec__ur_reduce(const ec_bcube *s, int64_t *nodes, int *len);
int ec__ur_joint(const ec_bcube *s, int slack, int64_t *nodes, int *red, int *solve);

/* The functions are public (evocube.h, "Exact reference optima"): ec_optimum_block,
 * ec_optimum_stage, ec_optima_bytes. */

#endif
