/*
 * optimal.h - the optimal (HTM) search: IDA* with a process-wide pattern database (tables
 * read on three axes, and one reduced by all 48 symmetries), and that database's build,
 * checksum, export and import.
 *
 * Bound (all exact distances of coset spaces, so admissible and consistent):
 *   fs table    FlipUDSlice (flip 2048 x UD-slice 495 = 1,013,760 raw, 64,430 classes under
 *               the 16 symmetries that keep the U-D axis, symmetry.h) x twist (2187,
 *               conjugated by the class's symmetry) x the corner permutation's parity;
 *               index ((class * 2187) + twist') * 2 + parity; 281,816,820 entries, 70.5 MB.
 *               Depths 0..12.
 *   esep table  esep (which slots hold the E-slice edges, 495, x which of the other 8 hold
 *               the M-slice edges UF UB DF DB, 70: 34,650 raw, 2,255 classes under the same
 *               16 symmetries) x twist x ccomb (which 4 corner slots hold the U-layer
 *               corners, 70) x parity; index (((class * 2187) + twist') * 70 + ccomb') * 2 +
 *               parity; 690,496,900 entries, 172.6 MB. Depths 0..11.
 *   hc table    the corners modulo the half-turn group <U2,D2,R2,L2,F2,B2> (twist x 420
 *               permutation cosets: 918,540, which fixes each slot's corner tetrad and the
 *               permutation's parity) x esep (34,650: which slice each edge slot's edge is
 *               from), reduced by all 48 symmetries of the cube (19,926 corner classes,
 *               optimal_hc.c); index class * 34650 + esep'; 690,435,900 entries, 172.6 MB.
 *               One probe covers every axis (the 48 symmetries include the axis changes).
 *   All three: 2 bits an entry, four a byte, lowest bits first: the distance mod 3 (3 = not yet
 *   reached, during the build). The search knows each probe's exact distance at the root (a
 *   walk down the table to the goal, exact_walk) and follows it along the path: a child's
 *   distance is its parent's plus -1, 0 or +1, told by the mod-3 value (Kociemba's device).
 *   corner table corner-permutation classes (2768 under the same 16 symmetries, symmetry.h)
 *               x twist (2187): 6,053,616 entries, 4 bits (3.0 MB), depths 0..11; corners
 *               alone are the same under any rotation, so one probe a node.
 *   h48 table   (optimal_h48.c) the corners' orientation and tetrad separation (cocsep: twist x
 *               which 4 slots hold the tetrad URF ULB DLF DRB, 153,090; 3,393 classes under
 *               all 48 symmetries) x esep (conjugated by the class's symmetry) x h bits of
 *               edge orientation (h = 0, or 2: the orientation parities of the E- and M-slice
 *               edges, the only orientation facts that face turns carry within this coset
 *               space). Its corner kind k: 0 = cocsep; 1 = cocsep split by the corners'
 *               permutation parity (a quarter turn flips it, every symmetry keeps it: p = 1
 *               bit); 2 = the corners' half-turn coset instead of cocsep (hc, the hc table's
 *               19,926 classes, which fix the parity too); index (((class << p | parity) *
 *               34650 + esep') << h) | bits'; 117.6 M entries x 2^(h + p) (kind 2: 690.4 M
 *               x 2^h). 2 bits an entry with a base b (the table's first 8 bytes hold b, h
 *               and k): 0 = at most b, 1 = b + 1,
 *               2 = b + 2, 3 = at least b + 3. Absolute, so probed for the cube AND its inverse
 *               (the same optimum; the inverse's coordinates computed from its cubies per
 *               child); each probe preceded by the corners' distance (exact: cocsep's, 153
 *               KB, or hc's, 0.9 MB; the cheap first probe, and the bound when the entry is
 *               0). Built in place, with the b fixed per level (optimal_h48.c).
 *               Its h bits may instead be edge orientations (h = 3: the orientations of
 *               slots UR, UF, UL of the cube conjugated by the class's symmetry;
 *               optimal_h48x.c): not a coset space, so an entry holds the smallest distance
 *               of the cubes it holds (in the coset space of cocsep x esep x all 11
 *               orientation bits, a lower bound of theirs), built from a hash of that space's
 *               coordinates within b moves and walks of two moves from those at b (the hash
 *               beside the table while built: 72 MB at b = 8).
 * Levels: 0 = fs table + corner table, 73.5 MB; 1 = + hc table, 246.1 MB; 2 = + hc and esep
 * tables, 418.7 MB; 3 = level 0 + h48 h0 (29.4 MB), 102.9 MB; 4 = level 1 + h48 h2 (117.6 MB),
 * 363.7 MB; 5 = level 2 + h48 h2, 536.3 MB; 6 = the corner table + h48 h0 kind 1 (58.8 MB),
 * 61.8 MB; 7 = level 1 + h48 h2 kind 1 (235.1 MB), 481.2 MB; 8 = level 0 + h48 h0 kind 2
 * (172.6 MB), 246.1 MB; 9 = level 0 + h48 h2 kind 2 (690.4 MB), 763.9 MB; 10 = level 2 + h48
 * h2 kind 2, 1109.2 MB (its hc table, the h48 table's coordinate without eopar, exact along
 * the path: the bound where the h48 entry says only "at most b"); 11 = the corner table + h48 h0
 * (29.4 MB), 32.4 MB (the smallest: for devices with little memory); 12 = the corner table +
 * h48 with 3 orientation bits (235.2 MB; the size and kind of cube48opt3's table), 238.2 MB;
 * 13 = level 0 + the same, 308.6 MB. A level takes the same memory while built as held, but
 * 12 and 13, whose build needs the hash beside (ec_optimal_table_bytes counts it).
 * Larger tables prune more; a level's number is not
 * its size order, so callers choose by ec_optimal_table_bytes. The fs and esep tables are read
 * for the cube seen along each of its three axes (the cube conjugated by whole-cube rotations:
 * the same distance), so three probes of each a node; the hc table once, the h48 table twice.
 * A node's children's entries are fetched table by table, each table's for all the children
 * still standing prefetched together, then read. Without the h48 table: the corner and fs
 * entries, then the hc and esep ones (hc first: one probe, prunes most). With it: the corner
 * entry and the corners' distance, the cube's h48 entry (one probe where fs takes three, and
 * it prunes about as many: on 16-move states at level 8, of the children the corner table
 * leaves, the h48 entry prunes 68%, the fs entries 72%, both 56%), then the fs, hc and esep
 * entries, then the inverse's corners' distance and h48 entry.
 * The tables are built by breadth-first search over their index (a class's entries
 * related by its stabiliser are set together), forward from a layer while it is small,
 * backward (an unset entry looks for a neighbour in the layer) once it is large. A backward
 * pass may be split into ranges of classes done at the same time (ec_optimal_table_work):
 * each range writes only its own entries; so may the h48 table's forward passes, whose
 * writes (to any class) claim an unset entry by a compare-and-swap of its byte and count it
 * once. Deterministic: the same bytes whatever the split.
 *
 * Stored form (ec_optimal_table_export, optimal_store.c): an 80-byte header (magic
 * "EVOCUBE-OPTIMAL\0", format version, level, the corner and big tables' byte counts, a
 * 64-bit build id of the coordinates' definitions, a 64-bit checksum of the bytes after the
 * header; the hc table's byte count at offset 72), then the corner table, then the big tables
 * the level has, in order fs, esep, hc, h48 (whose size the level fixes; the build id of a
 * level with it covers its coordinates too). Import checks every field and the checksum.
 *
 * Search (ec__opt_search): an explicit-stack IDA* resumable after any node, over canonical
 * move sequences (no two turns of one face in a row, opposite faces in one order); per
 * child the probes in the order above (the h48 table's three dependent reads each, fetched
 * for all of a node's children in turn), stopping at the first bound over the moves left.
 * With the h48 table, at one level (the one whose grandchildren are first left its base + 1
 * moves, where most expansions are) the children left standing are expanded together, so the
 * reads of up to 15 expansions overlap (the same nodes, in the same order). The mod-3 tables' exact
 * distances are followed along the path, which needs a coordinate that moves act on: the
 * inverse cube's coset (moves multiply it on the left) is not one, so only the h48 table's
 * absolute entries are probed for the inverse. Tight inverse bounds (the device of nxopt and
 * H48): every half turn has the solved coordinates of the h48 table and of the corners, so if a
 * node's solution of its `left` moves began with a half turn H, its inverse would reach H's
 * coordinates, the solved ones, in left - 1 moves; a node whose inverse's bound (the h48
 * entry, or the corners' distance: lower bounds of those coordinates' exact distances) is
 * `left` therefore gets only quarter turns as children (quarter_only). It searches one depth
 * at a time from a fixed prefix of moves, so callers can split a depth's tree over threads
 * (the prefixes), or step it in node budgets. A symmetric cube (conj_j(c) = c for some of
 * the 48 symmetries j besides the identity: superflip, checkerboards, most patterns) has with
 * every solution w the solution conj_j(w), so of each such class of solutions only the
 * smallest is searched (ec__opt_sym_step): a canonical sequence is a string of blocks (one
 * turn, or two on opposite faces of one axis, sorted), the symmetries map blocks to blocks,
 * and a block is searched only when no symmetry fixing every block before it takes it below
 * itself. Superflip, with all 48: 8.6 times fewer nodes at each depth natively.
 * State: ~160 KB (each level's children, with their inverse cubes, and the batch level's grandchildren), no allocation. Cost: docs/BENCHMARKS.md.
 */
#ifndef EC_OPTIMAL_H
#define EC_OPTIMAL_H

#include <stdint.h>

#include "evocube.h"

#define OPT_MAX_DEPTH 24
#define OPT_AXES 3
#define OPT_TABLES 4 /* big tables: fs, esep, hc, h48 */
/* slots of a node's exact big-table distances: fs per axis, esep per axis, hc */
#define OPT_HX (2 * OPT_AXES + 1)
#define OPT_HC (2 * OPT_AXES)

#define OPT_MAX_CHILDREN 18

/* a child of a search node: its move, coordinates and the table entries it reads */
typedef struct opt_child {
    int64_t idx[OPT_HX]; /* big-table entries: fs table per axis, then esep table's, then hc */
    int64_t cidx;              /* corner-table entry */
    uint32_t fs[OPT_AXES], es[OPT_AXES];
    uint8_t cc[OPT_AXES];
    uint16_t tw[OPT_AXES];
    uint16_t cp, he;
    uint32_t hy;
    uint8_t hx[OPT_AXES]; /* exact fs-table distances */
    uint8_t par, m, pruned;
    uint8_t ts;           /* tetrad separation (the h48 table) */
    uint16_t hb;          /* eopar, or eo11 (the h48 table's h bits: optimal_search.c's h48_index) */
    int64_t hidx[2];      /* h48-table entries of the cube and of its inverse */
    uint32_t hraw[2], hy48[2]; /* their cocsep (raw) and its class << 6 | symmetry */
    uint16_t hie, hib;    /* the inverse's esep and eopar (or eo11) */
    uint64_t symo;        /* the cube's symmetries left after this move (ec__opt_sym_step) */
    uint8_t hhc;          /* the exact hc-table distance (read by expand with the h48 table) */
    uint8_t pi;           /* its parent among the nodes expanded together */
    ec_cube inv;          /* the inverse cube (levels with the h48 table) */
} opt_child;

/* a node of the search's path: its coordinates and exact big-table distances */
typedef struct opt_node {
    ec_cube inv;           /* the inverse cube (levels with the h48 table) */
    uint64_t symo;         /* the cube's symmetries left (ec__opt_sym_step) */
    uint32_t fs[OPT_AXES]; /* FlipUDSlice class << 4 | symmetry, per axis */
    uint32_t es[OPT_AXES]; /* esep class << 4 | symmetry, per axis */
    uint32_t hy;           /* the corners' half-turn coset: class << 6 | symmetry */
    uint16_t tw[OPT_AXES]; /* twist, per axis */
    uint16_t cp, he;       /* corner permutation, esep (raw) */
    uint8_t cc[OPT_AXES];  /* the U-layer corners' places, per axis */
    uint8_t hx[OPT_HX];    /* exact big-table distances (fs axes, esep axes, hc) */
    uint8_t par, ts;       /* corner parity, tetrad separation */
    uint16_t hb;           /* eopar, or eo11 (the h48 table's h bits) */
    uint8_t quarter_only;  /* 1: the inverse's bound is tight (only quarter turns follow: above) */
    int8_t prev;           /* the move into it (-1: none) */
} opt_node;

/* the children of one level expanded together (a batch): at most this many (each of at most
 * 18 nodes has at most 15 children, a face never turned twice in a row) */
#define OPT_BATCH_CHILDREN (OPT_MAX_CHILDREN * 15)

typedef struct opt_search {
    ec_cube start;          /* the cube to solve (after the prefix: prefix applied) */
    uint8_t prefix[OPT_MAX_DEPTH];
    int nprefix;
    int depth;              /* moves searched after the prefix in this pass */
    int k;                  /* current level (0 = the cube after the prefix) */
    uint8_t mv[OPT_MAX_DEPTH + 1];   /* next child to try at each level */
    uint8_t path[OPT_MAX_DEPTH + 1]; /* moves taken (path[i] from level i to i + 1) */
    opt_node lv[OPT_MAX_DEPTH + 1];  /* the path's nodes */
    opt_child ch[OPT_MAX_DEPTH + 1][OPT_MAX_CHILDREN]; /* each level's children (expand) */
    uint8_t nch[OPT_MAX_DEPTH + 1];
    /* the batch level (-1: none): its children's own children are expanded together when it
     * is (bnode, bch), so their table reads overlap; the run takes them from there */
    int bat;
    opt_node bnode[OPT_MAX_CHILDREN];  /* per child of the batch level: its node (when searched) */
    uint16_t boff[OPT_MAX_CHILDREN];   /* its children in bch: from boff, bn of them */
    uint8_t bn[OPT_MAX_CHILDREN];
    opt_child bch[OPT_BATCH_CHILDREN];
    int h48base;            /* the h48 table's base value */
    int64_t nodes;          /* children generated so far (all passes) */
    int found;              /* 1: path[0..depth-1] after the prefix solves the cube */
    int done;               /* 1: this pass (found or exhausted) is over */
} opt_search;

/* ec_optimal_table_build_step(work) with the ranges of classes of a pass that may be split (a
 * backward pass, or a forward pass of the h48 table) handed to split_run(arg, c0, c1) (c0 even; it must do ec_optimal_table_work over the
 * whole range, on any number of threads, and return its first error or EC_OK) instead of
 * done here; split_run NULL: done here. */
int ec__opt_build_step(int work, int (*split_run)(void *arg, int c0, int c1), void *arg);
/* 1 when the process-wide table is complete and readable by searches. */
int ec__opt_ready(void);
/* The bound of cube c (0 when solved; EC_E_STATE without a table). */
int ec__opt_bound(const ec_cube *c);
/* The h48 table's 2-bit entry of cube c (0: at most the base, 1, 2: base + 1, + 2, 3: at
 * least base + 3), *base its base: EC_E_STATE without a complete table holding one. */
int ec__opt_h48_entry(const ec_cube *c, int *base);
/* Start a pass: the cube c after prefix[0..np-1], searching exactly `depth` more moves
 * (the first not following prefix's last on the same face / out of order). EC_E_STATE
 * without a table, EC_E_RANGE for depths out of 0..OPT_MAX_DEPTH - np. */
int ec__opt_search_init(opt_search *s, const ec_cube *c, const uint8_t *prefix, int np, int depth);
/* The symmetries fixing cube c: bit j set when conj_j(c) = c (bit 0, the identity, always). */
uint64_t ec__opt_sym_fixing(const ec_cube *c);
/* 1 when move m may follow a canonical sequence of a cube fixed by the symmetries `open`
 * (fixing every block of it but the last), whose last move is `last` (-1: none) and, when
 * that block is two moves, the one before it `x` (else -1); *next: the symmetries the child
 * passes on (open's that fix the block m closes, or open when m closes [last, m]). 0: no
 * solution of the class needs m (a symmetry takes m's block below itself). */
int ec__opt_sym_step(uint64_t open, int x, int last, int m, uint64_t *next);
/* 1: searches ignore the cube's symmetries (for tests and benchmarks comparing the two). */
extern int ec__opt_sym_off;
/* 1: searches begun after it expand every node alone, no batch level (for tests and
 * benchmarks comparing the two: the same nodes and solutions). */
extern int ec__opt_batch_off;
/* Run the pass until s->nodes reaches `end` or it is over: 1 when over (s->found says
 * whether a solution was found: the moves are s->prefix then s->path[0..depth-1]), 0 when
 * the budget ran out first (call again to go on). */
int ec__opt_search_run(opt_search *s, int64_t end);

/* One depth split over workers (optimal_split.c): the 243 canonical two-move prefixes (fewer
 * for a symmetric cube: ec__opt_sym_step), in canonical order for a depth begun with
 * ec__opt_split_begin, or, for one begun with ec__opt_split_deeper, in the order of the nodes
 * each took in the depth before; taken in that order from a shared counter by any number of
 * workers (threads, or one caller), each prefix's tree searched by the worker that took it.
 * Deterministic: the depth's solution is the one of the lowest prefix index that has one
 * (every lower prefix is searched to its end, a higher one is abandoned once a lower one has
 * a solution); a depth begun with ec__opt_split_begin finds the first solution in canonical
 * move order, the one a single search from the root finds, and a prefix's nodes in a depth it
 * searched to its end do not depend on the workers. The shared fields are read and written
 * with atomic builtins; each prefix's solution slot and node count are written only by the
 * worker that searched it and read after every worker has left the depth. State: ~8 KB. */
#define OPT_PLEN 2 /* moves in a prefix */
#define OPT_PREFIXES 243
typedef struct opt_split {
    ec_cube cube;
    int depth;         /* moves in all, prefix included (>= 2) */
    int nprefix;       /* OPT_PREFIXES, or fewer for a symmetric cube */
    uint8_t prefix[OPT_PREFIXES][OPT_PLEN];
    int next;          /* atomic: the next prefix index to take */
    int best;          /* atomic: the lowest prefix index with a solution (nprefix: none yet) */
    int rc;            /* atomic: the first error of a worker (0: none) */
    int64_t nodes;     /* atomic: the nodes of every worker in this depth */
    uint8_t sol[OPT_PREFIXES][OPT_MAX_DEPTH]; /* a prefix's solution (valid for `best`) */
    int ndone;         /* atomic: the prefixes searched to their end */
    int64_t pnodes[OPT_PREFIXES]; /* the nodes of each prefix searched to its end (else 0) */
} opt_split;
typedef struct opt_split_worker {
    opt_search s;
    int cur;           /* the prefix being searched (-1: none) */
    int64_t from;      /* s.nodes when it took that prefix */
} opt_split_worker;
/* Start depth `depth` (2..OPT_MAX_DEPTH) of cube c: EC_OK, EC_E_RANGE. Workers must be
 * reset with ec__opt_split_worker_reset before their first run of the depth. */
int ec__opt_split_begin(opt_split *sp, const ec_cube *c, int depth);
/* Start the next depth of the same cube after a depth that ended without a solution, its
 * prefixes taken in the order of the nodes each took in that depth, most first (ties in the
 * order they had): the prefixes whose trees the bounds cut least are the likeliest to hold a
 * solution one move deeper. EC_OK, EC_E_RANGE (past OPT_MAX_DEPTH), EC_E_STATE (the depth is
 * not over, or it found a solution). */
int ec__opt_split_deeper(opt_split *sp);
void ec__opt_split_worker_reset(opt_split_worker *w);
/* Run worker w on sp until the depth's nodes (every worker's) reach `end`: 1 when this
 * worker has nothing more to do in this depth (it is over for it), 0 when the budget ran out
 * first (call again). A worker that returned 1 may be run again (it returns 1 at once). The
 * depth is over when every worker has returned 1: then sp->rc (an error), and sp->best <
 * sp->nprefix says a solution was found: ec__opt_split_solution. */
int ec__opt_split_run(opt_split *sp, opt_split_worker *w, int64_t end);
/* The depth's solution (sp->depth moves) into moves: 1, or 0 when none was found. */
int ec__opt_split_solution(const opt_split *sp, uint8_t *moves);

#endif
