/*
 * hg.h - the HuGO! family's internal header (prefix hg_; Borschbach & Grelle 2009), shared
 * by the files of c/solvers/hugo/:
 *   pairs.c   the pair-count fitness tables for the 12 block locations and the whole cube,
 *             block detection;
 *   twogen.c  the exact two-generator membership test of each location;
 *   ga.c      a GA population and its operators: SUS, uniform crossover, mutation, sorting,
 *             diversity;
 *   optimize.c the optimization operator (a pass, and the final operator's repeated passes);
 *   generation.c one generation in the paper's order, with the prefix fitness evaluation
 *             (ga_inline.h: small helpers of these three files);
 *   plan.c    the opt-in joint choice of block and reduction by exact distances (param plan);
 *   hugo.c    the three-phase workflow behind the stepped solver API (its state: hg_solver);
 *   descriptor.c the solver's descriptor: params, presets, phase goals, optima;
 *   islands.c the island hooks: migrants out of and into the population at work.
 * What the paper leaves open, the readings taken and the deviations: docs/hugo.md.
 *
 * States are the core's byte cube (ec_bcube, 20 bytes) and packed cube (ec_pk, 16 bytes) with
 * their face-turn tables (core/packed.h); prefix states are stored as byte cubes.
 *
 * Genes are the paper's Table 2 numbers 0..17: F U R B D L clockwise (0..5), half turns
 * (6..11), counter-clockwise (12..17); hg_gene_move maps them to evocube move codes.
 *
 * A block location is named by the edge slot where its two free (unsolved) faces meet:
 * location UR (0) has free faces U and R and the block around DL. 12 locations.
 */
#ifndef EC_HUGO_H
#define EC_HUGO_H

#include <stdint.h>

#include "core/packed.h"
#include "core/util.h"
#include "evocube.h"
#include "search/optima.h"

#define HG_LOCS 12
#define HG_BLOCK_CE 6 /* corner-edge pairs of a block set (2 corners, 5 edges) */
#define HG_BLOCK_E 5
#define HG_MAXLEN 128 /* longest individual (the length param allows up to 100) */

/* Build every table of the family (the core's packed-cube tables, the pair sets, the
 * two-generator tables) once (hugo.c; idempotent, not thread-safe on the first call). */
void hg_init(void);
/* The stepped API's three functions and the phases' names (hugo.c), which the descriptor
 * (descriptor.c) names. */
int hg_create(ec_solver *h, void **state);
int hg_step(ec_solver *h, void *state, int work);
void hg_destroy(void *state);
extern const char *const hg_phase_names[3];
/* pairs.c's and twogen.c's parts of hg_init (twogen's needs pairs'). */
void hg__pairs_init(void);

/* A set of pairs counted by the fitness: corner-edge pairs (a corner slot and an adjacent
 * edge slot; matched when both shared stickers agree: ce_need[i][corner value] is the one edge
 * value that matches) and centre-edge pairs grouped by edge slot (two stickers each). Every
 * pair is one bit of a 64-bit mask: corner-edge pair i is bit i, the centre-edge pairs of
 * grouped slot z are bits nce + 2z and nce + 2z + 1 (ze_bits[z][edge value] holds both). For
 * incremental counting a face turn m keeps the bits of the pairs it does not touch (keep[m]),
 * moves the bits of corner-edge pairs it turns as a whole (both pieces on the turned face: the
 * pair keeps its status, at its new place; copy groups: the bits in copy_mask[m][g] move by
 * copy_shift[m][g]) and re-tests the other touched pairs (aff_ce, aff_ze). On the whole cube
 * a quarter turn moves 8 corner-edge bits and re-tests 4. Slots are stored as packed-state
 * bit offsets (5 * slot). */
typedef struct hg_pairset {
    int nce, nze, max;
    uint8_t ce_csh[24], ce_esh[24];
    uint8_t ce_need[24][24];
    uint8_t ze_esh[12];
    uint8_t ze_bits[12][32];
    uint64_t keep[18];
    uint8_t naff_ce[18], naff_ze[18], ncopy[18];
    uint8_t aff_ce[18][24], aff_ze[18][12];
    int8_t copy_shift[18][24];
    uint64_t copy_mask[18][24];
    /* the whole cube's set only (else NULL): the same copies as byte-indexed tables, the
     * moved bits of corner-edge pairs 0..23 looked up three bytes at a time (55 KB) */
    const uint32_t (*copy_bytes)[3][256];
    /* the block sets only (else NULL): the whole mask from scratch in HG_BLOCK_CE lookups,
     * one per corner-edge pair, indexed by corner value << 5 | edge value; each edge slot's
     * centre-edge bits are folded into the table of one pair on that slot (12 KB a set).
     * Cheaper than the incremental update for a set this small: no per-move lists to walk. */
    const uint16_t (*pair_tab)[1024];
    /* with pair_tab: the block's corner slots A, B and edge slots M (between A and B), a1, a2
     * (next to A), b1, b2 (next to B) as bit offsets; pair_tab's tables are in the order
     * A-M, A-a1, A-a2, B-M, B-b1, B-b2 (so a step extracts 7 fields, not 12) */
    uint8_t tab_csh[2], tab_esh[HG_BLOCK_E];
    uint8_t tab_cs[2], tab_es[HG_BLOCK_E]; /* the same slots as byte-cube indices */
    /* the whole cube's set only (else NULL): per face turn, everything the update needs in
     * one place, with exactly 4 corner-edge pairs and 4 edge slots to re-test (true of every
     * face turn on the whole cube), so the update has no loop over per-move lists */
    const struct hg_retest *retest;
} hg_pairset;

typedef struct hg_retest {
    uint64_t keep;
    const uint32_t (*copy)[256]; /* copy_bytes[mv] */
    const uint8_t *need[4], *zbits[4]; /* ce_need[pair], ze_bits[slot] */
    uint8_t cs[4], es[4], cbit[4], zs[4], zbit[4]; /* corner, edge slots of the pairs, edge slots */
    /* The same re-tests as sticker colours compared in 16 byte lanes (hg_retest_after_v, for
     * SIMD builds): lanes 0..3 compare pair k's edge sticker 0 with the corner sticker facing
     * it, lanes 4..7 sticker 1, lanes 8 + 2k + j sticker j of re-tested edge slot k with its
     * face. gc, ge: the byte shuffles that gather the corner and edge values into the lanes
     * (0x80: none); rot: the twist that brings the corner sticker in question to sticker 0;
     * esel: 0xff where the edge's sticker 1 is compared; fz: the face colours (lanes 8..15).
     * The lanes' 16-bit match mask goes back to mask bits through spread tables: sce[m] for
     * the 4 pairs (both stickers matched), sze[h][m] for edge slots 2h, 2h + 1. */
    _Alignas(16) uint8_t gc[16], ge[16], rot[16], esel[16], fz[16];
    uint64_t sce[16], sze[2][16];
} hg_retest;

/* colour tables of the SIMD re-test (pairs.c): edge sticker 0 and 1 by edge value, corner
 * sticker 0 by corner value, each as values 0..15 and 16..31; lanes 0..7 set */
typedef struct hg_colours {
    _Alignas(16) uint8_t e0[2][16], e1[2][16], c0[2][16], low8[16];
} hg_colours;
extern hg_colours hg__colours;



static inline uint64_t hg_ce_bit(const hg_pairset *p, ec_pk s, int i)
{
    return (uint64_t)((s.e >> p->ce_esh[i] & 31) == p->ce_need[i][s.c >> p->ce_csh[i] & 31]) << i;
}
static inline uint64_t hg_ze_bits(const hg_pairset *p, ec_pk s, int z)
{
    return (uint64_t)p->ze_bits[z][s.e >> p->ze_esh[z] & 31] << (p->nce + 2 * z);
}

/* The set's matched pairs as a mask, from scratch. */
static inline uint64_t hg_pair_mask(const hg_pairset *p, ec_pk s)
{
    uint64_t m = 0;
    for (int i = 0; i < p->nce; i++) m |= hg_ce_bit(p, s, i);
    for (int z = 0; z < p->nze; z++) m |= hg_ze_bits(p, s, z);
    return m;
}

/* The whole cube's mask after a face turn (its retest entry r), written out, from the byte
 * cube after it */
static inline __attribute__((always_inline)) uint64_t hg_retest_after_b(const hg_retest *r, const ec_bcube *s,
                                                                        uint64_t before)
{
#define HG_RTB(k)                                                                                                           \
    ((uint64_t)(s->e[r->es[k]] == r->need[k][s->c[r->cs[k]]]) << r->cbit[k] |                                              \
     (uint64_t)r->zbits[k][s->e[r->zs[k]]] << r->zbit[k])
    return (before & r->keep) | r->copy[0][before & 255] | r->copy[1][before >> 8 & 255] | r->copy[2][before >> 16 & 255] |
           HG_RTB(0) | HG_RTB(1) | HG_RTB(2) | HG_RTB(3);
#undef HG_RTB
}

/* The mask after face turn mv, given the mask before it and the state after it. */
static inline uint64_t hg_pair_mask_after(const hg_pairset *p, ec_pk s, int mv, uint64_t before)
{
    if (p->pair_tab) {
        uint64_t t = 0;
        static const uint8_t corner[HG_BLOCK_CE] = {0, 0, 0, 1, 1, 1}, edge[HG_BLOCK_CE] = {0, 1, 2, 0, 3, 4};
        for (int i = 0; i < HG_BLOCK_CE; i++)
            t |= p->pair_tab[i][(s.c >> p->tab_csh[corner[i]] & 31) << 5 | (s.e >> p->tab_esh[edge[i]] & 31)];
        return t;
    }
    if (p->retest) {
        ec_bcube b;
        ec__pk_unpack(s, &b);
        return hg_retest_after_b(&p->retest[mv], &b, before);
    }
    uint64_t m = before & p->keep[mv];
    if (p->copy_bytes) {
        const uint32_t(*cb)[256] = p->copy_bytes[mv];
        m |= cb[0][before & 255] | cb[1][before >> 8 & 255] | cb[2][before >> 16 & 255];
    } else {
        for (int g = 0; g < p->ncopy[mv]; g++) {
            int d = p->copy_shift[mv][g];
            uint64_t b = before & p->copy_mask[mv][g];
            m |= d >= 0 ? b << d : b >> -d;
        }
    }
    for (int k = 0; k < p->naff_ce[mv]; k++) m |= hg_ce_bit(p, s, p->aff_ce[mv][k]);
    for (int k = 0; k < p->naff_ze[mv]; k++) m |= hg_ze_bits(p, s, p->aff_ze[mv][k]);
    return m;
}

/* wasm has a popcount instruction; x86-64 without -mpopcnt would call libgcc, so SWAR there */
static inline int hg_popcount(uint64_t x)
{
#if defined(__wasm__) || defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* Number of matched pairs of set p in state s (0..p->max). */
static inline int hg_pairs(const hg_pairset *p, const ec_bcube *s) { return hg_popcount(hg_pair_mask(p, ec__pk_pack(s))); }

/* The paper's Table 2: gene -> evocube move code, and back. */
extern const uint8_t hg_gene_move[18];
extern const uint8_t hg_move_gene[18];

/* Pair sets: the 16 pairs on the surface of location loc's block, and the 48 of the cube. */
const hg_pairset *hg_block_pairs(int loc);
const hg_pairset *hg_cube_pairs(void);
/* The two free faces of loc (evocube face indices 0..5, U R F D L B). */
void hg_loc_faces(int loc, int *f1, int *f2);
/* "DL": the edge slot at the block's centre (opposite loc's free edge), for people. */
const char *hg_loc_block_name(int loc);
/* 1 when location loc's block is solved in s. */
int hg_block_solved(const ec_bcube *s, int loc);

/* twogen.c: 1 when s is in the group generated by loc's two free faces (block solved, free
 * edges oriented w.r.t. those faces, free corners in one of the 120 reachable arrangements).
 * Tables are built by hg__twogen_init (idempotent; it builds pairs.c's first). */
int hg_twogen(const ec_bcube *s, int loc);
void hg__twogen_init(void);

/* Optimization operator (optimize.c): one left-to-right pass over consecutive gene pairs;
 * a pair on the same face becomes one turn or vanishes. Returns the new length. */
int hg_optimize_pass(uint8_t *genes, int n);
/* The same pass on a genome that may be read up to 32 bytes past its end (a population's
 * genome buffer), saying where it combined genes (n <= 64 only; 0 and 0 beyond): bit i of
 * at[0] = genes i and i+1 became one turn or vanished, of at[1] = they vanished. */
int hg__optimize_pass_at(uint8_t *genes, int n, uint64_t at[2]);
/* The final operator: passes until nothing changes. */
int hg_optimize_full(uint8_t *genes, int n);

/* ------------------------------------------------------------------ one GA population */

/* What a phase's fitness measures (paper 3.2.2): the pairs of set ps, plus 1 when the state
 * is in the two-generator group of location `member` (phase 2; -1 otherwise); goal is the
 * value meaning the phase is done. alleles: the genes (Table 2 numbers) initialisation and
 * mutation draw from (all 18, or the 6 turns of the two free faces in phase 3). */
typedef struct hg_task {
    ec_bcube start;
    const hg_pairset *ps;
    int member, goal;
    int weight; /* fitness = weight * pairs - steps (paper: 1) */
    uint8_t alleles[18];
    int nalleles;
    /* NULL: the pairs above; else the score of a state (0..goal, goal: the phase is done) in
     * place of the pair count (plan.c's phase 3: 40 - a <U,R> distance bound) */
    int (*score)(const ec_bcube *s);
    /* 1: score is plan.c's phase-3 score (HG_PLAN_FAR - the <U,R> bound) and every allele
     * turns U or R (move codes 0..5): the evaluation tracks the bound's coordinates per
     * prefix (c/search/optima.h, ec__ur_key; in the record's mk) instead of calling score */
    int ur_keyed;
} hg_task;

/* Mutation's gap table: p[k] = 2^32 x (1 - p_m)^k for k = 0..len (the chance that k genes in
 * a row stay), and hint[h] = the largest k <= len with h << 24 < p[k] (where the search for a
 * 32-bit draw u with u >> 24 == h starts: the answer is at most that, and at most a step or
 * two below it). */
typedef struct hg_survival {
    uint64_t p[HG_MAXLEN + 1];
    uint8_t hint[256];
} hg_survival;

typedef struct hg_gaconf {
    int n, len;
    uint64_t pc;  /* crossover probability as a threshold on 32-bit draws (1<<32 = always) */
    int pointers; /* SUS pointers per spin of the wheel */
    int raw_sus;  /* 1: SUS weights are the raw fitness (negative: 0; all 0: equal), else fitness - worst + 1 */
    int elite_parent; /* 1: the elite is also the first parent of the first pair (the authors' program) */
    hg_survival survive; /* mutation: hg_survival_table(p_m as a threshold, len) */
} hg_gaconf;

/* What evaluation keeps about the prefix of k genes of an individual (32 bytes): the state
 * after it (a byte cube, written by ec__breg_store, which also writes the 4 bytes after it:
 * bstep and best are set after the state), its matched-pair mask, the best score over prefixes
 * 1..k and the first k reaching it. A child starts from a copy of its parent's records for the
 * genes they share. */
/* A record's sc when its prefix was evaluated only far enough to know that its count is
 * below the set's max (block sets: the block is not solved) because the best before it was
 * already at least max - 1, so it cannot change best or its first step; a recount of records
 * (the shifted reuse) stops at such a record while its own best is still below max - 1. */
#define HG_SC_LOW 0xff

typedef struct hg_prefix {
    ec_bcube s;
    uint8_t bstep;
    uint8_t sc; /* this prefix's own score (pairs, plus membership in phase 2) */
    int16_t best;
    uint64_t mk;
} hg_prefix;

/* One generation's buffers (two of them, swapped each generation). Per individual i:
 * genes g[i*len..], prefix records pre[i*(len+1)..] (pre[0]: the start), valid = prefixes
 * evaluated (evaluation stops at the goal), par = the individuals of the previous buffer it
 * was bred from (-1: none). */
typedef struct hg_gen {
    uint8_t *g;
    hg_prefix *pre;
    int *valid, *fit, *par;
} hg_gen;

typedef struct hg_pop {
    int n, len;
    hg_gen cur, prev;
    ec_bcube start; /* the task's start state */
    int *order, *pool;
    int32_t *w;
    uint64_t *hash; /* diversity's set of genome hashes: hcap slots, hused[] marks the taken ones */
    uint8_t *hused;
    int hcap;
    int64_t gens;
    uint64_t mask0; /* the task's start state's pair mask (ur_keyed tasks: its <U,R> key) */
    int64_t reused;  /* prefix moves not recomputed thanks to parents' stored prefixes */
    int64_t shifted; /* those of them reused through the optimization pass's shifts */
    int hof_fit, hof_n; /* best goal-reaching prefix seen so far (-1: none) */
    uint8_t hof[HG_MAXLEN];
} hg_pop;

typedef struct hg_genstats {
    int best_fit, best_pairs, best_steps;
    int64_t sum_fit;
    double diversity;
    const uint8_t *best_genes; /* valid until the next generation */
    const int *fit, *order;    /* the evaluated individuals' fitness and their order, best
                                  first (n of each): valid until the next generation */
} hg_genstats;

hg_pop *hg_pop_new(const hg_gaconf *cf, const hg_task *t, ec_rng *r);
void hg_pop_free(hg_pop *p);
/* One generation in the paper's order (generation.c): optimization, evaluation, sorting,
 * selection (elite kept), crossover, mutation. Fills st (about the evaluated population). */
void hg_pop_generation(hg_pop *p, const hg_gaconf *cf, const hg_task *t, ec_rng *r, hg_genstats *st);

/* ga.c, for generation.c: order[] = the n individuals by fitness, best first, ties by index;
 * the share of distinct genomes in p->cur */
void hg__sort_by_fitness(int *order, const int *fit, int n);
double hg__diversity(hg_pop *p);
/* Fitness of one genome from scratch: best prefix's pairs minus its length. */
int hg_fitness(const hg_task *t, const uint8_t *g, int len, int *pairs, int *steps);
/* Stochastic universal sampling over weights w[0..n-1] (integers >= 1): count picks, `pointers`
 * equally spaced pointers per spin, all in integer arithmetic. */
void hg_sus(const int32_t *w, int n, int count, int pointers, ec_rng *r, int *out);
/* Uniform crossover with a fresh random mask: c1 takes b where the mask bit is 1, c2 the rest. */
void hg_crossover(const uint8_t *a, const uint8_t *b, uint8_t *c1, uint8_t *c2, int len, ec_rng *r);
/* Fill cf: population n, genes len, crossover and mutation probabilities (pm 0: 1/len). */
void hg_gaconf_init(hg_gaconf *cf, int n, int len, double pc, double pm, int pointers);
/* sv->p[k] = 2^32 x (1 - p)^k for k = 0..len, p = pm / 2^32, in integer arithmetic; and the hints. */
void hg_survival_table(uint64_t pm, int len, hg_survival *sv);
/* Each gene, with probability p (sv = hg_survival_table(p), for this len), becomes a random allele.
 * The gaps between mutated genes are drawn directly (geometric, one draw per mutation plus
 * one), which is the same distribution as one draw per gene. Returns mutations made. */
int hg_mutate(uint8_t *g, int len, const hg_survival *sv, const uint8_t *alleles, int na, ec_rng *r);
/* 32-bit draw below a threshold: an event of that probability. */
static inline int hg_chance(ec_rng *r, uint64_t thr) { return (ec__rng_next(r) >> 32) < thr; }

/* ------------------------------------------------------------------ plan.c (param plan) */

#define HG_PLAN_FAR 40     /* a cost beyond every real one: a search that ran out of nodes */
#define HG_PLAN_CACHE 1024 /* phase 2's set of (cube, turns) keys already seen */
#define HG_PLAN_KEEP 64    /* phase 2's distinct goal-reaching prefixes kept for costing */
#define HG_PLAN_KEEP1 8    /* phase 1's, per location */

/* Phase 2's goal-reaching prefixes (block frame): the distinct ones of at most the fewest
 * turns seen + 1, the first HG_PLAN_KEEP of them; costed at the phase's end. */
typedef struct hg_plan {
    int nmin, nkept, cap; /* cap: at most this many kept (<= HG_PLAN_KEEP) */
    int64_t nodes; /* node budget of each <U,R> search */
    struct {
        int n;
        ec_bcube s;
        uint8_t genes[HG_MAXLEN];
    } kept[HG_PLAN_KEEP];
    uint64_t seen[HG_PLAN_CACHE];
} hg_plan;

/* The least exact reduction + <U,R> solve from s at location loc, over reductions at most
 * slack turns longer than the shortest (*red, *solve); HG_PLAN_FAR + *red when the budget ran
 * out before a solve; a negative error. */
int hg_plan_cost(const ec_bcube *s, int loc, int slack, int64_t nodes, int *red, int *solve);
/* hg_plan_cost in slices (a phase's start, hugo.c, so that no step waits for all of it):
 * hg_cost_start sets up q (EC_OK, or hg_plan_cost's error); hg_cost_run enters at most *slice
 * search nodes (counting them off *slice) and returns EC_RUNNING when they are spent with the
 * search unfinished, else EC_OK with hg_plan_cost's value in *cost (q->red and q->solve its
 * parts), or hg_plan_cost's error. */
int hg_cost_start(ec__ur_search *q, const ec_bcube *s, int loc, int slack, int64_t nodes);
int hg_cost_run(ec__ur_search *q, int64_t *slice, int *cost);
/* Phase 1's end: of every location's blocks (store[loc]'s best goal-reaching prefix, and the
 * ones pl1[loc] kept; at most max_block turns unless 0), the one from start with the least
 * turns + hg_plan_cost; ties: the shorter block, then the lower location, then the first
 * kept. Its location is returned, its genes and turns in genes, *n. EC_E_STATE: no block;
 * another negative error. */
int hg_plan_block(const ec_bcube *start, hg_pop *const store[HG_LOCS], const hg_plan *pl1, int max_block, int slack,
                  int64_t nodes, uint8_t *genes, int *n);
/* hg_plan_block's choice in slices (a run's phase-1 end, so that no step waits for all of it):
 * the candidates in hg_plan_block's order, each costed by one resumable search (q). Set up by
 * hg_choice_start; hg_choice_run enters at most *slice search nodes (optima.h: the slice) and
 * returns EC_RUNNING when they are spent, EC_OK at the end (the location hg_plan_block returns
 * in pick, its genes and turns in genes, n), or hg_plan_block's error (EC_E_STATE: no block).
 * The result does not depend on the slices. done of total: candidates costed or
 * skipped so far (progress). About 2 KB. */
typedef struct hg_choice {
    int loc, r;  /* the next candidate: location, kept index (-1: the population's best) */
    int busy, k; /* 1: the search of the candidate before it (k turns, genes g) is under way */
    uint8_t g[HG_MAXLEN];
    ec__ur_search q;
    int pick, cost, n; /* the least so far (pick -1: none): its location, cost, turns, genes */
    uint8_t genes[HG_MAXLEN];
    int done, total;
    int64_t spent;   /* search nodes taken from the candidates' budgets so far */
} hg_choice;
void hg_choice_start(hg_choice *c, hg_pop *const store[HG_LOCS], const hg_plan *pl1);
int hg_choice_run(hg_choice *c, const ec_bcube *start, hg_pop *const store[HG_LOCS], const hg_plan *pl1, int max_block,
                  int slack, int64_t nodes, int64_t *slice);
/* Search nodes of one work unit of the choice (hugo.c): its costliest step is at most this
 * many nodes plus the setup of its candidates (a byte-cube turn per gene and a view each). */
#define HG_CHOICE_UNIT 65536
/* Work of one unit of the exact tables' build (ec__ur_build's units, optima.h: about an entry
 * scanned or a neighbour looked up each), when a plan run finds them unbuilt: the run's first
 * units, before phase 1's first generation, counted in hg_solver.tables and recorded as
 * "2x2x3 block exact tables k/N" (k of the 9 parts built) at generation 0. */
#define HG_TABLE_UNIT 262144
enum { HG_PREP_NONE, HG_PREP_TABLES, HG_PREP_COST };
void hg_plan_reset(hg_plan *pl, int64_t nodes, int cap);
/* Phase 3 in loc's frame: *v = s seen with loc's free faces at U and R, unview[m] = the move
 * of s's frame that move m of v's frame is (EC_OK or an error). */
int hg_plan_frame(const ec_bcube *s, int loc, ec_bcube *v, uint8_t unview[18]);
/* Phase 3's score in loc's frame: HG_PLAN_FAR - the <U,R> tables' distance bound (the goal,
 * HG_PLAN_FAR, only when solved). */
int hg_plan_score(const ec_bcube *s);
/* Phase 2's score in loc's frame: HG_PLAN_FAR - the reduction tables' bound (the goal only
 * when reduced). */
int hg_plan_rscore(const ec_bcube *s);
/* Note the goal-reaching individuals of p's generation just evaluated (task t, phase 2, run
 * in the block's frame). */
void hg_plan_observe(hg_plan *pl, const hg_pop *p, const hg_task *t);
/* The kept prefix of least turns + exact <U,R> solve (ties: the first kept): its index, or
 * -1 when none was kept; a negative error below -1 cannot occur (searches only run out). */
int hg_plan_pick(hg_plan *pl);
/* The exact <U,R> distance of v (block frame, reduced): HG_PLAN_FAR when the budget ran out;
 * a negative error. */
int hg_plan_solve(const ec_bcube *v, int64_t nodes);
/* 1 when the phase's result is still more than `within` turns: phase 2 (pl): the kept pick's
 * turns + exact solve (or none kept); phase 3 (pl NULL): p's kept best after the final
 * operator. */
int hg_plan_far(hg_plan *pl, const hg_pop *p, int within);

/* ------------------------------------------------------------------ the solver (hugo.c) */

/* The state of one run (hugo.c's header says what each phase does with it; islands.c reads
 * the population at work and the phase's context from it). */
typedef struct hg_solver {
    hg_gaconf cf;
    ec_rng rng;
    int64_t g1, g2, g3;
    int grow[3], first_block, weight[3], min_rounds1, max_block, extra2, block_tie;
    int extra_left; /* rounds phase 2 still runs after reaching its goal (extraRounds2) */
    int64_t max_gens, total, evals;
    int phase; /* 0..2 working, 3 done */
    int round;
    int64_t left; /* generations left in the current segment */
    /* phase 1 */
    hg_pop *store[HG_LOCS];
    hg_task task1[HG_LOCS];
    int loc;
    int restart1, stag_fit[HG_LOCS], stag_round[HG_LOCS]; /* restart1: each location's best and the round it last improved */
    int own; /* the block locations this island works in phase 1, a bit each (all 12 unless split) */
    /* phases 2 and 3 */
    hg_pop *pop;
    hg_task task;
    int chosen; /* block location */
    ec_bcube at[4]; /* state before each phase, and at the end */
    uint8_t mv[3][HG_MAXLEN];
    int nmv[3];
    int64_t pgens[3];
    /* candidates2 > 1: the phase-1 blocks phase 2 is run from, and what it gave from each */
    struct {
        int loc, n1, n2;
        uint8_t mv1[HG_MAXLEN], mv2[HG_MAXLEN];
    } cand[HG_LOCS];
    int ncand, ci, max_cand;
    int plan, plan_slack, plan_rounds; /* plan.c: the joint choice */
    int plan_opt; /* plan, phases 2-3: the exact optimum from the phase's start (reduction + solve; solve) */
    int64_t plan_nodes;
    hg_plan pl;
    hg_plan *pl1; /* plan, phase 1: each location's kept blocks (HG_LOCS of them) */
    int choosing; /* plan: phase 1's generations are over and its block is being chosen (choice) */
    hg_choice choice;
    /* the choice's cost of the block it took, less its turns (hg_plan_cost there: phase 2's
     * plan_opt from that cube, known without searching again), at location opt_loc, from
     * opt_at (opt_loc -1: none) */
    int opt_loc, opt_cost;
    ec_bcube opt_at;
    /* plan: units of work before a generation that are not generations (hugo.c prep_unit):
     * HG_PREP_TABLES, the exact tables at the run's start (their work so far in `tables`);
     * HG_PREP_COST, phase 2's start waiting for its exact optimum (the search `cost`, its first
     * slice run where the phase starts). owed: the generation unit that began the wait was
     * left uncounted, so the unit that ends it counts (an epoch counts generations). */
    int prep, owed;
    ec__ur_search cost;
    int64_t tables, cost_spent; /* the build's work and the cost searches' nodes, in this run's units */
    uint8_t unview[18]; /* plan, phases 2-3: the move each of the block frame's moves is */
    ec_progress rec;
    int named; /* what rec.phase_name says: 1 + location in phase 1, 1 + HG_LOCS + phase after (0: nothing yet) */
} hg_solver;

/* ------------------------------------------------------------------ islands (islands.c) */

/* The three island hooks of solver.h for the state above: the context of the population at
 * work (phase, block location, a hash of the phase's start state), its best genomes out, and
 * migrants in (every gene checked against the phase's alleles first). */
uint64_t hg_migrant_context(void *state);
int hg_export_migrants(void *state, int count, uint8_t *buf, int size, int *n);
int hg_import_migrants(ec_solver *h, void *state, const uint8_t *buf, int size, int count, char *msg, int msgsize);

#endif
