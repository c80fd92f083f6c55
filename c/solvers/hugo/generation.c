/*
 * generation.c - one generation of a HuGO! population in the paper's order (3.3): the
 * optimization operator on every individual (its freed tail refilled with random genes), the
 * prefix evaluation (paper 3.2.2: an individual's fitness is the best score over the prefixes
 * of its genes, pairs plus membership in phase 2, less the first step reaching it), sorting,
 * the kept best goal-reaching prefix, selection (SUS, the elite kept), crossover and mutation
 * (the operators are ga.c's, the optimization operator optimize.c's).
 *
 * Layout: per individual, len + 1 prefix records (hg.h, hg_prefix: the state after k genes,
 * its pair mask, the best score over prefixes 1..k and its first step); a child remembers the
 * parents it was bred from and its records start as a copy of the parent's it shares the
 * longest prefix with (the result is exactly what a full evaluation gives; only work is saved:
 * elites and uncrossed children in a converged population share most of their genes).
 * hg_fitness is the plain evaluation from scratch that the tests compare with.
 * Costs per generation: n*len face turns + pair-mask updates at most (about 2/3 of that in
 * practice: ~1,000 of 1,500 at 50 x 30), one draw per gene the optimization pass frees (~110
 * in phases 1-2, ~350 in phase 3), about 2n draws for mutation, a counting sort. At 50 x 30,
 * in wasm about 13 us in phase 1, 11 us in phase 2 (less once its population has converged)
 * and 18 us in phase 3; natively about 9-15 us (docs/BENCHMARKS.md, ## hugo-gen, which also
 * says where the time goes). Prefix states are byte cubes turned in registers by byte
 * shuffles (core/packed.h, ec_breg).
 * Speed without changing a result: the evaluation loop is written once per kind of pair
 * set (block tables, whole-cube re-tests, general; the whole cube's as SIMD colour compares
 * in SIMD builds); in phases 1-2, once an individual's best is the set's max - 1, a prefix
 * whose block is not solved (one register compare) cannot beat it and its pair count is
 * skipped (in phase 2 about 95% of the prefixes: the best is 16 pairs after one turn of a
 * free face); phase 2 evaluates two individuals at a time (a prefix waits on the one before
 * it, two independent chains fill the wait; one chain in phases 1 and 3, where two measured
 * no faster); a child's prefixes that the optimization pass only shifted are its parent's
 * records (shifted reuse, each copied whole); shared prefixes are found by vector compares.
 * The evaluation stays in the generation's function (as a function of its own in another
 * file: 1.5% slower in wasm). tests/c/test_hugo_parts.c holds plain versions to compare with.
 * Everything is integer arithmetic; the RNG is the only source of randomness.
 */
#include <stdlib.h>
#include <string.h>

#include "search/optima.h"
#include "solvers/hugo/ga_inline.h"
#include "solvers/hugo/hg.h"

/* ---------------------------------------------------------------- fitness */

static inline int score_b(const hg_task *t, const ec_bcube *s, uint64_t mask)
{
    int p = hg_popcount(mask);
    if (t->member >= 0 && p == t->ps->max) p += hg_twogen(s, t->member);
    return p;
}

/* score_b of a packed cube (the reference evaluation, hg_fitness) */
static inline int score(const hg_task *t, ec_pk s, uint64_t mask)
{
    if (t->member < 0) return hg_popcount(mask);
    ec_bcube x;
    ec__pk_unpack(s, &x);
    return score_b(t, &x, mask);
}

/* hg_fitness with t->score: the best score over the prefixes */
static int fitness_scored(const hg_task *t, const uint8_t *g, int len, int *pairs, int *steps)
{
    ec_bcube s = t->start;
    int best = -1, bk = 0;
    for (int k = 0; k < len && best != t->goal; k++) {
        ec__bcube_move(&s, hg_gene_move[g[k]]);
        int p = t->score(&s);
        if (p > best) best = p, bk = k + 1;
    }
    if (pairs) *pairs = best;
    if (steps) *steps = bk;
    return t->weight * best - bk;
}

int hg_fitness(const hg_task *t, const uint8_t *g, int len, int *pairs, int *steps)
{
    if (t->score) return fitness_scored(t, g, len, pairs, steps);
    ec_pk s = ec__pk_pack(&t->start);
    uint64_t mask = hg_pair_mask(t->ps, s);
    int best = -1, bk = 0;
    for (int k = 0; k < len; k++) {
        int mv = hg_gene_move[g[k]];
        s = ec__pk_turned(s, mv);
        mask = hg_pair_mask_after(t->ps, s, mv, mask);
        int p = score(t, s, mask);
        if (p > best) {
            best = p;
            bk = k + 1;
            if (p == t->goal) break;
        }
    }
    if (pairs) *pairs = best;
    if (steps) *steps = bk;
    return t->weight * best - bk;
}

/* the number of leading genes a and b share, at most lim (8 at a time; the first differing
 * byte of a word from its lowest set bit: genome buffers have 8 bytes of room past the end) */
static inline int shared_prefix(const uint8_t *a, const uint8_t *b, int lim)
{
#if EC_BREG_SIMD
    if (lim <= 32) { /* two vector compares, no loop (genome buffers have 32 bytes of room) */
#if defined(__wasm_simd128__)
        uint32_t eq = (uint32_t)wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(a), wasm_v128_load(b))) |
                      (uint32_t)wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(a + 16), wasm_v128_load(b + 16))) << 16;
#else
        uint32_t eq = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)a), _mm_loadu_si128((const __m128i *)b))) |
                      (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + 16)),
                                                                 _mm_loadu_si128((const __m128i *)(b + 16)))) << 16;
#endif
        int k = ~eq ? ctz64(~eq) : 32;
        return k < lim ? k : lim;
    }
#endif
    for (int j = 0; j < lim; j += 8) {
        uint64_t x, y;
        memcpy(&x, a + j, 8);
        memcpy(&y, b + j, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (x != y) {
            int k = j + ctz64(x ^ y) / 8;
            return k < lim ? k : lim;
        }
#else
        if (x != y) {
            while (j < lim && a[j] == b[j]) j++;
            return j;
        }
#endif
    }
    return lim;
}

#if EC_BREG_SIMD
/* hg_retest_after_b with the state in registers (SIMD builds): the 4 pairs' and 4 edge
 * slots' stickers compared in 16 lanes (hg.h, hg_retest), no per-pair table lookups */
static inline __attribute__((always_inline)) uint64_t retest_after_v(const hg_retest *r, ec_breg s, uint64_t before)
{
    const hg_colours *k = &hg__colours;
#if defined(__wasm_simd128__)
#define LD(p) wasm_v128_load(p)
    const v128_t s16 = wasm_i8x16_splat(16);
    v128_t e = wasm_i8x16_swizzle(s.e, LD(r->ge)), eh = wasm_i8x16_sub(e, s16);
    v128_t c0 = wasm_v128_or(wasm_i8x16_swizzle(LD(k->e0[0]), e), wasm_i8x16_swizzle(LD(k->e0[1]), eh));
    v128_t c1 = wasm_v128_or(wasm_i8x16_swizzle(LD(k->e1[0]), e), wasm_i8x16_swizzle(LD(k->e1[1]), eh));
    v128_t ecol = wasm_v128_bitselect(c1, c0, LD(r->esel));
    v128_t rot = LD(r->rot), x = wasm_i8x16_add(wasm_i8x16_swizzle(s.c, LD(r->gc)), rot);
    v128_t res = wasm_v128_or(wasm_i8x16_swizzle(ec__mod3_lo, x), wasm_i8x16_swizzle(ec__mod3_hi, wasm_i8x16_sub(x, s16)));
    x = wasm_i8x16_sub(x, wasm_v128_and(wasm_i8x16_lt(res, rot), wasm_i8x16_splat(3))); /* 0..2: signed (packed.h) */
    v128_t ccol = wasm_v128_or(wasm_i8x16_swizzle(LD(k->c0[0]), x), wasm_i8x16_swizzle(LD(k->c0[1]), wasm_i8x16_sub(x, s16)));
    unsigned mm = wasm_i8x16_bitmask(wasm_i8x16_eq(ecol, wasm_v128_bitselect(ccol, LD(r->fz), LD(k->low8))));
#undef LD
#else
#define LD(p) _mm_load_si128((const __m128i *)(p))
    const __m128i s16 = _mm_set1_epi8(16), b70 = _mm_set1_epi8(0x70);
    __m128i e = _mm_shuffle_epi8(s.e, LD(r->ge)), el = _mm_adds_epu8(e, b70), eh = _mm_sub_epi8(e, s16);
    __m128i c0 = _mm_or_si128(_mm_shuffle_epi8(LD(k->e0[0]), el), _mm_shuffle_epi8(LD(k->e0[1]), eh));
    __m128i c1 = _mm_or_si128(_mm_shuffle_epi8(LD(k->e1[0]), el), _mm_shuffle_epi8(LD(k->e1[1]), eh));
    __m128i sel = LD(r->esel), ecol = _mm_or_si128(_mm_and_si128(sel, c1), _mm_andnot_si128(sel, c0));
    __m128i rot = LD(r->rot), x = _mm_add_epi8(_mm_shuffle_epi8(s.c, LD(r->gc)), rot);
    __m128i res = _mm_or_si128(_mm_shuffle_epi8(ec__mod3_lo, _mm_adds_epu8(x, b70)), _mm_shuffle_epi8(ec__mod3_hi, _mm_sub_epi8(x, s16)));
    __m128i unwrapped = _mm_cmpeq_epi8(_mm_subs_epu8(rot, res), _mm_setzero_si128());
    x = _mm_sub_epi8(x, _mm_andnot_si128(unwrapped, _mm_set1_epi8(3)));
    __m128i ccol = _mm_or_si128(_mm_shuffle_epi8(LD(k->c0[0]), _mm_adds_epu8(x, b70)), _mm_shuffle_epi8(LD(k->c0[1]), _mm_sub_epi8(x, s16)));
    __m128i low = LD(k->low8), target = _mm_or_si128(_mm_and_si128(low, ccol), _mm_andnot_si128(low, LD(r->fz)));
    unsigned mm = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(ecol, target));
#undef LD
#endif
    return (before & r->keep) | r->copy[0][before & 255] | r->copy[1][before >> 8 & 255] | r->copy[2][before >> 16 & 255] |
           r->sce[mm & mm >> 4 & 15] | r->sze[0][mm >> 8 & 15] | r->sze[1][mm >> 12 & 15];
}
#endif

/* 1 when the block whose slots are the bits cbits (corners) and ebits (edges) is solved in
 * state s (its bytes bc, be: the record it was just stored to), i.e. when all 16 pairs of its
 * set match: every edge of the block then shows its two centres' colours and each corner
 * matches three solved edges (checked against the pair count in tests/c/test_hugo_parts.c) */
static inline __attribute__((always_inline)) int block_solved_reg(ec_breg s, const uint8_t *bc, const uint8_t *be, unsigned cbits,
                                                                  unsigned ebits)
{
#if EC_BREG_SIMD
    (void)bc;
    (void)be;
#if defined(__wasm_simd128__)
    unsigned ec = (unsigned)wasm_i8x16_bitmask(wasm_i8x16_eq(s.c, wasm_i8x16_make(0, 3, 6, 9, 12, 15, 18, 21, -1, -1, -1, -1, -1, -1, -1, -1)));
    unsigned ee = (unsigned)wasm_i8x16_bitmask(wasm_i8x16_eq(s.e, wasm_i8x16_make(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, -1, -1, -1, -1)));
#else
    unsigned ec = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(s.c, _mm_setr_epi8(0, 3, 6, 9, 12, 15, 18, 21, -1, -1, -1, -1, -1, -1, -1, -1)));
    unsigned ee = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(s.e, _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, -1, -1, -1, -1)));
#endif
    return (ec & cbits) == cbits && (ee & ebits) == ebits;
#else
    (void)s;
    unsigned ec = 0, ee = 0;
    for (int i = 0; i < 8; i++) ec |= (unsigned)(bc[i] == 3 * i) << i;
    for (int i = 0; i < 12; i++) ee |= (unsigned)(be[i] == 2 * i) << i;
    return (ec & cbits) == cbits && (ee & ebits) == ebits;
#endif
}

/* The evaluation loop's constants for a task (eval_init), copied to locals first: the
 * records' byte stores may alias any byte the compiler would otherwise reload after each of
 * them. tab: 1 the block sets' table masks, 2 the whole cube's fixed re-tests, 0 the general
 * update. */
typedef struct eval_ctx {
    const hg_task *t;
    const hg_retest *rt;
    const uint16_t (*tb)[1024];
    unsigned cs0, cs1, es[HG_BLOCK_E]; /* the block's slots (byte indices) */
    unsigned cbits, ebits;             /* the same slots as bits (the solved test in registers) */
    int low;                           /* block sets: from a best of max - 1 on, only max beats it */
    int goal, len;
} eval_ctx;

static inline __attribute__((always_inline)) void eval_init(eval_ctx *e, const hg_task *t, int len, const int tab)
{
    const hg_pairset *ps = t->ps;
    e->t = t;
    e->rt = ps->retest;
    e->tb = ps->pair_tab;
    e->low = ps->max - 1;
    e->goal = t->goal;
    e->len = len;
    e->cs0 = e->cs1 = e->cbits = e->ebits = 0;
    for (int z = 0; z < HG_BLOCK_E; z++) e->es[z] = 0;
    if (tab == 1) {
        e->cs0 = ps->tab_cs[0];
        e->cs1 = ps->tab_cs[1];
        for (int z = 0; z < HG_BLOCK_E; z++) e->es[z] = ps->tab_es[z];
        e->cbits = 1u << e->cs0 | 1u << e->cs1;
        for (int z = 0; z < HG_BLOCK_E; z++) e->ebits |= 1u << e->es[z];
    }
}

/* One individual's evaluation in progress: its genome and records, the prefixes done (k),
 * the best score so far and its first step, the state after k genes and its pair mask. */
typedef struct lane {
    const uint8_t *g;
    hg_prefix *pre;
    int k, best, bstep;
    ec_breg s;
    uint64_t mk;
} lane;

static inline __attribute__((always_inline)) void lane_load(lane *l, const uint8_t *g, hg_prefix *pre, int k)
{
    l->g = g;
    l->pre = pre;
    l->k = k;
    l->best = pre[k].best;
    l->bstep = pre[k].bstep;
    l->s = ec__breg_load(&pre[k].s);
    l->mk = pre[k].mk;
}

/* Prefix k+1 of lane l (k < len): its record. Returns 1 when the lane is done (the goal
 * reached, or all len prefixes). Inlined once per kind of pair set, so the loop has no test
 * of the kind (member: phase 2). */
static inline __attribute__((always_inline)) int lane_step(const eval_ctx *e, lane *l, const int tab, const int member)
{
    const hg_task *t = e->t;
    int mv = hg_gene_move[l->g[l->k]];
    l->s = ec__breg_turned(l->s, mv);
    hg_prefix *x = &l->pre[l->k + 1];
    ec__breg_store(l->s, &x->s); /* the pieces are read back from the record: bytes at run-time slots */
    const uint8_t *bc = x->s.c, *be = x->s.e;
    l->k++;
    if (tab == 1 && l->best >= e->low && !block_solved_reg(l->s, bc, be, e->cbits, e->ebits)) {
        /* all pairs of the set match only when the block is solved (hg.h, HG_SC_LOW): the
         * prefix cannot beat best, its count is not needed */
        x->mk = 0;
        x->best = (int16_t)l->best;
        x->bstep = (uint8_t)l->bstep;
        x->sc = HG_SC_LOW;
        return l->k >= e->len;
    }
    uint64_t mk;
    if (tab == 1) {
        const uint16_t(*tb)[1024] = e->tb;
        unsigned a = (unsigned)bc[e->cs0] << 5, b = (unsigned)bc[e->cs1] << 5, m = be[e->es[0]];
        mk = (uint64_t)(tb[0][a | m] | tb[1][a | be[e->es[1]]] | tb[2][a | be[e->es[2]]] | tb[3][b | m] | tb[4][b | be[e->es[3]]] |
                        tb[5][b | be[e->es[4]]]);
    } else if (tab == 2) {
#if EC_BREG_SIMD
        mk = retest_after_v(&e->rt[mv], l->s, l->mk);
#else
        mk = hg_retest_after_b(&e->rt[mv], &x->s, l->mk);
#endif
    } else {
        mk = hg_pair_mask_after(t->ps, ec__pk_pack(&x->s), mv, l->mk);
    }
    int sc = member ? score_b(t, &x->s, mk) : hg_popcount(mk);
    l->bstep = sc > l->best ? l->k : l->bstep;
    l->best = sc > l->best ? sc : l->best;
    l->mk = mk;
    x->mk = mk;
    x->best = (int16_t)l->best;
    x->bstep = (uint8_t)l->bstep;
    x->sc = (uint8_t)sc;
    return sc == e->goal || l->k >= e->len;
}

/* run_prefixes for a task scored by t->score (no pair masks: mk is 0), the state turned in
 * registers; a ur_keyed task's score comes from the <U,R> key carried in the records' mk
 * instead (the same scores as t->score) */
static int run_prefixes_scored(const hg_task *t, const uint8_t *g, hg_prefix *pre, int k, int len)
{
    int best = pre[k].best, bstep = pre[k].bstep, keyed = t->ur_keyed;
    uint32_t key = (uint32_t)pre[k].mk;
    ec_breg s = ec__breg_load(&pre[k].s);
    while (k < len) {
        int mv = hg_gene_move[g[k]];
        s = ec__breg_turned(s, mv);
        hg_prefix *x = &pre[++k];
        ec__breg_store(s, &x->s); /* (also writes the 4 bytes after the state: set below) */
        int sc = keyed ? HG_PLAN_FAR - ec__ur_key_turn(&key, mv) : t->score(&x->s);
        bstep = sc > best ? k : bstep;
        best = sc > best ? sc : best;
        x->mk = keyed ? key : 0;
        x->best = (int16_t)best;
        x->bstep = (uint8_t)bstep;
        x->sc = (uint8_t)sc;
        if (sc == t->goal) break;
    }
    return k;
}

/* the longest prefix of genome g that a parent of individual i of p->cur shares with it and
 * has evaluated (in p->prev): its length, the parent in *src (-1: none) */
static inline int parent_prefix(const hg_pop *p, int i, const uint8_t *g, int *src)
{
    const hg_gen *v = &p->prev;
    int d = 0, len = p->len;
    *src = -1;
    for (int k = 0; k < 2; k++) {
        int q = p->cur.par[i * 2 + k];
        if (q < 0) continue;
        int j = shared_prefix(v->g + (size_t)q * len, g, v->valid[q]);
        if (j > d) {
            d = j;
            *src = q;
        }
    }
    return d;
}

/* Shifted reuse: the optimization pass turned genes 0..lim-1 of a parent's genome (all
 * evaluated) into fewer genes, combining the pairs at[0] (at[1]: those that vanished). Each
 * new prefix ends where some prefix of the parent's genes ends, in the same state (a merged
 * turn is the two turns; a vanished pair is no turn), so its record is that one's with the
 * best score and its first step recounted. The number of new prefixes the parent's first
 * lim genes cover; *inside: whether the pass combined genes among them (else those
 * prefixes are the parent's own, first to last) */
static int shifted_count(const uint64_t at[2], int lim, int *inside)
{
    *inside = 0;
    if (lim < 1) return 0;
    uint64_t in = lim >= 2 ? at[0] & (~0ull >> (65 - lim)) : 0; /* pairs starting at 0..lim-2 */
    int straddle = (int)(at[0] >> (lim - 1) & 1);              /* a pair of genes lim-1 and lim */
    *inside = in != 0;
    return lim - straddle - hg_popcount(in) - hg_popcount(at[1] & in);
}

/* the records 1..count of the shifted reuse from parent records sp (count = shifted_count),
 * or fewer: up to the first record whose count (HG_SC_LOW) the recount needs, i.e. one met
 * with a best below low (the set's max - 1); returns the records written */
static int shifted_copy(hg_prefix *pre, const hg_prefix *sp, const uint64_t at[2], int count, int low)
{
    int best = -1, bstep = 0, o = 0;
    for (int at_gene = 0; o < count;) {
        int end = at_gene + 1 + (int)(at[0] >> at_gene & 1); /* the parent's prefix this gene (or pair) ends */
        if (!(at[1] >> at_gene & 1)) {
            const hg_prefix *x = &sp[end];
            if (x->sc == HG_SC_LOW && best < low) return o; /* its count is needed: evaluated again */
            o++;
            int sc = x->sc == HG_SC_LOW ? -1 : x->sc;
            bstep = sc > best ? o : bstep;
            best = sc > best ? sc : best;
            /* copied whole, then its two fields: not through a local whose narrow stores a
             * whole-record load would have to wait for */
            pre[o] = *x;
            pre[o].best = (int16_t)best;
            pre[o].bstep = (uint8_t)bstep;
        }
        at_gene = end;
    }
    return o;
}

/* the first records of individual i of p->cur from parent src's (src -1: none): copies of
 * its records 1..d, or with at (not NULL) the shifted reuse; and record 0 (the start).
 * Returns the records ready (evaluation goes on from there). */
static int eval_prepare(hg_pop *p, const hg_task *t, int i, int src, int d, const uint64_t *at)
{
    int L1 = p->len + 1;
    hg_prefix *pre = p->cur.pre + (size_t)i * L1;
    if (src >= 0) {
        const hg_prefix *sp = p->prev.pre + (size_t)src * L1;
        if (at) d = shifted_copy(pre, sp, at, d, t->ps->max - 1);
        else copy_small((uint8_t *)(pre + 1), (const uint8_t *)(sp + 1), (size_t)d * sizeof *pre);
        p->reused += d;
        p->shifted += at ? d : 0;
    }
    pre[0].s = p->start;
    pre[0].mk = p->mask0;
    pre[0].best = -1;
    pre[0].bstep = 0;
    pre[0].sc = 0;
    return d;
}

/* the next individual of p->cur (from *next on) that still has prefixes to evaluate, loaded
 * into lane l (its index; -1: none left); the ones with none left (all len prefixes copied,
 * or the goal among them) are finished on the way, their fitness added to *sum */
static inline __attribute__((always_inline)) int lane_next(hg_pop *p, const hg_task *t, lane *l, int *next, int64_t *sum)
{
    hg_gen *c = &p->cur;
    int len = p->len, L1 = len + 1;
    while (*next < p->n) {
        int i = (*next)++, k = c->valid[i];
        hg_prefix *pre = c->pre + (size_t)i * L1;
        if (k < len && pre[k].best != t->goal) {
            lane_load(l, c->g + (size_t)i * len, pre, k);
            return i;
        }
        *sum += c->fit[i] = t->weight * pre[k].best - pre[k].bstep;
    }
    return -1;
}

/* individual i's evaluation is done after k prefixes: its fitness */
static inline int eval_finish(hg_pop *p, const hg_task *t, int i, int k)
{
    const hg_prefix *x = p->cur.pre + (size_t)i * (p->len + 1) + k;
    p->cur.valid[i] = k;
    return p->cur.fit[i] = t->weight * x->best - x->bstep;
}

/* evaluate_all for a task scored by t->score: one individual after the other */
static int64_t evaluate_scored(hg_pop *p, const hg_task *t)
{
    int64_t sum = 0;
    int len = p->len, L1 = len + 1;
    for (int i = 0; i < p->n; i++) {
        int k = p->cur.valid[i];
        hg_prefix *pre = p->cur.pre + (size_t)i * L1;
        if (k < len && pre[k].best != t->goal) k = run_prefixes_scored(t, p->cur.g + (size_t)i * len, pre, k, len);
        sum += eval_finish(p, t, i, k);
    }
    return sum;
}

/* Evaluation of every individual of p->cur from its prepared records (c->valid[i] of them;
 * on return, the prefixes evaluated): two individuals at a time in two lanes, each lane taking
 * the next individual when its own is done. A prefix depends on the one before it (the turned
 * state, the mask), so one individual's loop waits on that chain; two independent chains
 * fill the wait. The same records and fitness as one individual after the other. Returns the
 * sum of the fitness. */
static inline __attribute__((always_inline)) int64_t evaluate_all(hg_pop *p, const hg_task *t, const int tab, const int member)
{
    const int TWO_LANES = tab == 1 && member; /* measured: not faster in the other phases (register pressure) */
    eval_ctx e;
    eval_init(&e, t, p->len, tab);
    lane a = {0}, b = {0}; /* (set by lane_next before use) */
    int64_t sum = 0;
    int next = 0, ia = lane_next(p, t, &a, &next, &sum), ib = TWO_LANES ? lane_next(p, t, &b, &next, &sum) : -1;
    while (TWO_LANES && ia >= 0 && ib >= 0) {
        int da = lane_step(&e, &a, tab, member), db = lane_step(&e, &b, tab, member);
        if (da) {
            sum += eval_finish(p, t, ia, a.k);
            ia = lane_next(p, t, &a, &next, &sum);
        }
        if (db) {
            sum += eval_finish(p, t, ib, b.k);
            ib = lane_next(p, t, &b, &next, &sum);
        }
    }
    if (ib >= 0) { /* the last one alone */
        a = b;
        ia = ib;
    }
    while (ia >= 0) {
        while (!lane_step(&e, &a, tab, member)) {
        }
        sum += eval_finish(p, t, ia, a.k);
        ia = lane_next(p, t, &a, &next, &sum);
    }
    return sum;
}

/* ---------------------------------------------------------------- a generation */

void hg_pop_generation(hg_pop *p, const hg_gaconf *cf, const hg_task *t, ec_rng *r, hg_genstats *out)
{
    int n = p->n, len = p->len;
    hg_gen *c = &p->cur;
    /* optimization operator (compact, then refill the freed tail with random genes) and
     * evaluation, one individual after the other (evaluation draws no random numbers, so
     * the draws are those of all the passes first): the parents' records cover the genes the
     * individual shares with one of them, and when the pass combined some of those, the
     * shifted reuse covers what they became */
    int64_t sum = 0;
    for (int i = 0; i < n; i++) {
        uint8_t *g = c->g + (size_t)i * len;
        int src, d = parent_prefix(p, i, g, &src);
        uint64_t at[2];
        int k = hg__optimize_pass_at(g, len, at);
        const uint64_t *shift = NULL;
        if (k < len) {
            ec_rng lr = *r; /* a local copy: the gene stores cannot alias it */
            for (; k < len; k++) g[k] = random_allele(&lr, t->alleles, t->nalleles);
            *r = lr;
            /* the shifted reuse when the pass combined genes the parent shares, else the
             * parent's records up to the first pair (beyond 64 genes the pass does not say
             * where it combined: the parents are compared again) */
            int inside, ds = len <= 64 ? shifted_count(at, d, &inside) : 0;
            if (len > 64) d = parent_prefix(p, i, g, &src);
            else if (inside) shift = at;
            d = len > 64 ? d : ds;
        }
        c->valid[i] = eval_prepare(p, t, i, src, d, shift); /* the records ready (evaluate_all goes on) */
    }
    if (t->score) sum = evaluate_scored(p, t);
    else if (t->ps->pair_tab) sum = t->member >= 0 ? evaluate_all(p, t, 1, 1) : evaluate_all(p, t, 1, 0);
    else if (t->ps->retest && t->member < 0) sum = evaluate_all(p, t, 2, 0);
    else sum = evaluate_all(p, t, 0, t->member >= 0);
    /* sorting (ties: lower index first, so the order is fully determined) */
    hg__sort_by_fitness(p->order, c->fit, n);
    /* the best goal-reaching prefix ever seen */
    for (int i = 0; i < n; i++) {
        int q = p->order[i];
        int vq = c->valid[q], L1 = len + 1;
        const hg_prefix *last = &c->pre[(size_t)q * L1 + vq];
        if (last->best != t->goal) continue;
        if (p->hof_n < 0 || c->fit[q] > p->hof_fit) {
            p->hof_fit = c->fit[q];
            p->hof_n = last->bstep;
            memcpy(p->hof, c->g + (size_t)q * len, (size_t)p->hof_n);
        }
        break; /* order is by fitness: the first goal-reaching one is the best */
    }
    int b = p->order[0], L1 = len + 1;
    out->best_fit = c->fit[b];
    out->best_pairs = c->pre[(size_t)b * L1 + c->valid[b]].best;
    out->best_steps = c->pre[(size_t)b * L1 + c->valid[b]].bstep;
    out->sum_fit = sum;
    out->diversity = hg__diversity(p);
    /* selection: SUS on fitness - min + 1 (or on the raw fitness), the elite goes to slot 0
     * unchanged */
    if (cf->raw_sus) {
        int64_t wsum = 0;
        for (int i = 0; i < n; i++) wsum += p->w[i] = c->fit[p->order[i]] > 0 ? c->fit[p->order[i]] : 0;
        for (int i = 0; i < n && !wsum; i++) p->w[i] = 1;
    } else {
        int fmin = c->fit[p->order[n - 1]];
        for (int i = 0; i < n; i++) p->w[i] = c->fit[p->order[i]] - fmin + 1;
    }
    hg_gen *nx = &p->prev; /* becomes the next generation */
    copy_small(nx->g, c->g + (size_t)b * len, (size_t)len);
    nx->par[0] = b;
    nx->par[1] = -1;
    int m = n - 1;
    if (m > 0) hg_sus(p->w, n, m, cf->pointers, r, p->pool);
    /* pairs of pool picks; with elite_parent the elite and the first pick make the first
     * pair and the last pick goes unused (the authors' program) */
    const int ep = cf->elite_parent;
    for (int i = 0; i < m; i += 2) {
        int a = ep ? (i ? p->order[p->pool[i - 1]] : b) : p->order[p->pool[i]];
        uint8_t *c1 = nx->g + (size_t)(1 + i) * len;
        const uint8_t *ga = c->g + (size_t)a * len;
        if (i + 1 < m) {
            int bb = p->order[p->pool[i + 1 - ep]];
            const uint8_t *gb = c->g + (size_t)bb * len;
            uint8_t *c2 = nx->g + (size_t)(2 + i) * len;
            if (hg_chance(r, cf->pc)) {
                hg_crossover(ga, gb, c1, c2, len, r);
            } else {
                copy_small(c1, ga, (size_t)len);
                copy_small(c2, gb, (size_t)len);
            }
            nx->par[(1 + i) * 2] = a;
            nx->par[(1 + i) * 2 + 1] = bb;
            nx->par[(2 + i) * 2] = bb;
            nx->par[(2 + i) * 2 + 1] = a;
        } else {
            copy_small(c1, ga, (size_t)len);
            nx->par[(1 + i) * 2] = a;
            nx->par[(1 + i) * 2 + 1] = -1;
        }
    }
    for (int i = 1; i < n; i++) hg_mutate(nx->g + (size_t)i * len, len, &cf->survive, t->alleles, t->nalleles, r);
    /* swap: the evaluated generation becomes the parents' store */
    hg_gen tmp = p->cur;
    p->cur = p->prev;
    p->prev = tmp;
    out->best_genes = p->prev.g + (size_t)b * len;
    out->fit = p->prev.fit;
    out->order = p->order;
    p->gens++;
}
