/*
 * ga.c - a HuGO! population and its operators (paper 3.2): allocation and the random first
 * generation, stochastic universal sampling, uniform crossover with a fresh mask per pairing,
 * per-gene mutation (gaps between mutated genes drawn directly), the sort by fitness and the
 * diversity of a generation. A generation itself (optimization, evaluation, selection,
 * breeding) is generation.c's.
 *
 * Layout: a population is two hg_gen buffers (current, previous) of n individuals of len
 * genes each (genome buffers have 32 bytes of room past the end for whole-word and vector
 * reads), plus per-prefix evaluation records (hg.h, hg_prefix). Memory: 2 * n * (len+1) * 32
 * bytes of records (100 KB at 50 x 30).
 * Speed without changing a result: SUS searches prefix sums, mutation gaps start from a hint,
 * allele draws avoid 64-bit divisions, copies are fixed-size or 16-byte moves (no memcpy or
 * memset calls in wasm: a loop clang would turn into one keeps an empty asm statement;
 * ga_inline.h), the sort is a counting sort, the diversity a hash set (no sort);
 * tests/c/test_hugo_parts.c holds plain versions to compare with.
 * Everything is integer arithmetic; the RNG is the only source of randomness.
 */
#include <stdlib.h>
#include <string.h>

#include "search/optima.h"
#include "solvers/hugo/ga_inline.h"
#include "solvers/hugo/hg.h"

/* ---------------------------------------------------------------- operators */

void hg_sus(const int32_t *w, int n, int count, int pointers, ec_rng *r, int *out)
{
    uint64_t total = 0;
    for (int i = 0; i < n; i++) total += (uint64_t)w[i];
    uint64_t k = (uint64_t)pointers;
    /* ck[i] = k x (w[0] + .. + w[i]): pointer j of a spin sits at (start + j*total)/k on the
     * wheel, compared in units of 1/k; it picks the first i with ck[i] > pos (the last
     * individual when none among the first n-1) */
    uint64_t ck[1024];
    int cums = n <= 1024;
    if (cums) {
        uint64_t c = 0;
        for (int i = 0; i < n; i++) ck[i] = c += (uint64_t)w[i] * k;
    }
    /* the spins' starts: ec_rng_below(r, (uint32_t)total) with its rejection limit computed
     * once (the same draws and values, one division less per spin) */
    uint32_t tot32 = (uint32_t)total;
    uint64_t limit = tot32 > 1 ? UINT64_MAX - UINT64_MAX % tot32 : 0;
    int filled = 0;
    while (filled < count) {
        uint64_t start = tot32 > 1 ? draw_below(r, limit) % tot32 : 0;
        int idx = 0;
        uint64_t cum = (uint64_t)w[0] * k;
        for (uint64_t j = 0; j < k && filled < count; j++) {
            uint64_t pos = start + j * total;
            if (cums) { /* branch-free binary search over ck[0..n-2] */
                int base = 0, size = n - 1;
                while (size > 0) {
                    int half = size / 2, le = ck[base + half] <= pos;
                    base = le ? base + half + 1 : base;
                    size = le ? size - half - 1 : half;
                }
                idx = base;
            } else { /* the walk */
                while (cum <= pos && idx < n - 1) cum += (uint64_t)w[++idx] * k;
            }
            out[filled++] = idx;
        }
    }
    if (pointers > 2) /* many pointers pick in rank order: shuffle before pairing */
        for (int i = count - 1; i > 0; i--) {
            int j = (int)ec_rng_below(r, (uint32_t)(i + 1)), t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
}

/* spread[b]: the 8 bits of b as 8 bytes, 0xff where the bit is 1 (byte k = bit k) */
static uint64_t spread[256];
static int spread_ready;

void hg_crossover(const uint8_t *a, const uint8_t *b, uint8_t *c1, uint8_t *c2, int len, ec_rng *r)
{
    if (!spread_ready) {
        for (int v = 0; v < 256; v++) {
            uint8_t by[8];
            for (int k = 0; k < 8; k++) by[k] = (uint8_t)(v >> k & 1 ? 0xff : 0);
            memcpy(&spread[v], by, 8); /* byte k of memory order is gene k, on any endianness */
        }
        spread_ready = 1;
    }
    /* gene i takes bit i % 64 of the (i / 64)-th draw; 8 genes at a time through byte masks */
    uint64_t bits = 0;
    for (int i = 0; i < len; i += 8) {
        if (!(i & 63)) bits = ec__rng_next(r);
        uint64_t m = spread[bits >> (i & 63) & 255], x = 0, y = 0, u, v;
        int k = len - i < 8 ? len - i : 8;
        if (k == 8) { /* constant-size copies: plain loads and stores (a variable size is a memcpy call in wasm) */
            memcpy(&x, a + i, 8);
            memcpy(&y, b + i, 8);
        } else { /* the last k < 8 genes through zeroed words (byte j = gene i + j), byte by byte */
            uint8_t ta[8] = {0}, tb[8] = {0};
            for (int j = 0; j < k; j++) {
                ta[j] = a[i + j];
                tb[j] = b[i + j];
                KEEP_LOOP();
            }
            memcpy(&x, ta, 8);
            memcpy(&y, tb, 8);
        }
        u = (x & ~m) | (y & m);
        v = (y & ~m) | (x & m);
        if (k == 8) {
            memcpy(c1 + i, &u, 8);
            memcpy(c2 + i, &v, 8);
        } else {
            uint8_t tu[8], tv[8];
            memcpy(tu, &u, 8);
            memcpy(tv, &v, 8);
            for (int j = 0; j < k; j++) {
                c1[i + j] = tu[j];
                c2[i + j] = tv[j];
                KEEP_LOOP();
            }
        }
    }
}

static uint64_t threshold(double p)
{
    if (p >= 1) return 1ull << 32;
    return (uint64_t)(p * 4294967296.0);
}

void hg_gaconf_init(hg_gaconf *cf, int n, int len, double pc, double pm, int pointers)
{
    cf->n = n;
    cf->len = len;
    cf->pc = threshold(pc);
    cf->pointers = pointers;
    cf->raw_sus = 0;
    cf->elite_parent = 0;
    hg_survival_table(threshold(pm > 0 ? pm : 1.0 / len), len, &cf->survive);
}

void hg_survival_table(uint64_t pm, int len, hg_survival *sv)
{
    uint64_t *survive = sv->p;
    survive[0] = 1ull << 32;
    for (int k = 0; k < len; k++) /* (1 - p) as a 32-bit fraction; p = 0 would overflow it */
        survive[k + 1] = pm ? survive[k] * ((1ull << 32) - pm) >> 32 : 1ull << 32;
    for (int h = 0, k = len; h < 256; h++) { /* k only falls as h grows */
        while (k > 0 && !((uint64_t)h << 24 < survive[k])) k--;
        sv->hint[h] = (uint8_t)k;
    }
}

int hg_mutate(uint8_t *g, int len, const hg_survival *sv, const uint8_t *alleles, int na, ec_rng *r)
{
    const uint64_t *survive = sv->p;
    int k = 0;
    for (int i = 0;; i++) {
        /* genes left unchanged before the next mutation: the largest j <= len - i with
         * u < survive[j] (survive falls with j; survive[0] > u always); from the hint of u's
         * top byte down */
        uint64_t u = ec__rng_next(r) >> 32;
        int j = sv->hint[u >> 24];
        while (j > 0 && !(u < survive[j])) j--;
        i += j < len - i ? j : len - i;
        if (i >= len) return k;
        g[i] = random_allele(r, alleles, na);
        k++;
    }
}

/* ---------------------------------------------------------------- population */

static int gen_alloc(hg_gen *b, int n, int len)
{
    size_t L1 = (size_t)len + 1;
    b->g = calloc((size_t)n * (size_t)len + 32, 1); /* 32 more: whole words and vectors are read */
    b->pre = malloc((size_t)n * L1 * sizeof *b->pre);
    b->valid = calloc((size_t)n, sizeof *b->valid);
    b->fit = calloc((size_t)n, sizeof *b->fit);
    b->par = malloc((size_t)n * 2 * sizeof *b->par);
    if (!b->g || !b->pre || !b->valid || !b->fit || !b->par) return -1;
    for (int i = 0; i < 2 * n; i++) b->par[i] = -1;
    return 0;
}

static void gen_free(hg_gen *b)
{
    free(b->g);
    free(b->pre);
    free(b->valid);
    free(b->fit);
    free(b->par);
}

void hg_pop_free(hg_pop *p)
{
    if (!p) return;
    gen_free(&p->cur);
    gen_free(&p->prev);
    free(p->order);
    free(p->pool);
    free(p->w);
    free(p->hash);
    free(p->hused);
    free(p);
}

hg_pop *hg_pop_new(const hg_gaconf *cf, const hg_task *t, ec_rng *r)
{
    hg_pop *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->n = cf->n;
    p->len = cf->len;
    p->hof_n = -1;
    p->start = t->start;
    p->mask0 = t->ur_keyed ? ec__ur_key(&t->start) : hg_pair_mask(t->ps, ec__pk_pack(&t->start));
    int bad = gen_alloc(&p->cur, p->n, p->len) | gen_alloc(&p->prev, p->n, p->len);
    p->order = malloc((size_t)p->n * sizeof *p->order);
    p->pool = malloc((size_t)p->n * sizeof *p->pool);
    p->w = malloc((size_t)p->n * sizeof *p->w);
    for (p->hcap = 64; p->hcap < 2 * p->n; p->hcap *= 2) {
    }
    p->hash = malloc((size_t)p->hcap * sizeof *p->hash);
    p->hused = malloc((size_t)p->hcap);
    if (bad || !p->order || !p->pool || !p->w || !p->hash || !p->hused) {
        hg_pop_free(p);
        return NULL;
    }
    for (int i = 0; i < p->n * p->len; i++) p->cur.g[i] = random_allele(r, t->alleles, t->nalleles);
    return p;
}

/* order[] = the individuals by fitness, best first, ties by index (a total order, so the
 * result does not depend on the sort): a counting sort when the fitness values span at most
 * 256 (the usual case: pairs - steps), else an insertion sort (n is small, 50) */
void hg__sort_by_fitness(int *order, const int *fit, int n)
{
    int lo = fit[0], hi = fit[0];
    for (int i = 1; i < n; i++) {
        lo = fit[i] < lo ? fit[i] : lo;
        hi = fit[i] > hi ? fit[i] : hi;
    }
    if (hi - lo < 256) {
        int at[257]; /* at[hi - f + 1]: individuals fitter than f, then where f's go */
        for (int v = 0; v <= hi - lo + 1; v++) { /* the entries used (a loop, not a 1 KB memset) */
            at[v] = 0;
            KEEP_LOOP();
        }
        for (int i = 0; i < n; i++) at[hi - fit[i] + 1]++;
        for (int v = 1; v <= hi - lo; v++) at[v] += at[v - 1];
        for (int i = 0; i < n; i++) order[at[hi - fit[i]]++] = i;
        return;
    }
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && fit[order[j - 1]] < fit[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* the share of distinct genomes: their hashes counted in an open-addressing set of
 * hcap >= 2n slots (hash[], hused[]), so no sort */
double hg__diversity(hg_pop *p)
{
    int distinct = 0, cap = p->hcap;
    for (int j = 0; j < cap; j += 8) { /* cap is a multiple of 64: 8-byte stores, not a memset call */
        memcpy(p->hused + j, &(uint64_t){0}, 8);
        KEEP_LOOP();
    }
    for (int i = 0; i < p->n; i++) {
        uint64_t h = 1469598103934665603ull, w;
        const uint8_t *g = p->cur.g + (size_t)i * p->len;
        int k = 0;
        for (; k + 8 <= p->len; k += 8) { /* 8 genes a step (a hash: byte order does not matter) */
            memcpy(&w, g + k, 8);
            h = (h ^ w) * 1099511628211ull;
            h ^= h >> 29;
        }
        for (; k < p->len; k++) h = (h ^ g[k]) * 1099511628211ull;
        int j = (int)(h >> 40) & (cap - 1);
        while (p->hused[j] && p->hash[j] != h) j = (j + 1) & (cap - 1);
        if (!p->hused[j]) {
            p->hused[j] = 1;
            p->hash[j] = h;
            distinct++;
        }
    }
    return (double)distinct / p->n;
}
