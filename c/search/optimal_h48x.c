/*
 * optimal_h48x.c - the h48 table with edge-orientation bits (layout and costs: optimal.h):
 * its coordinates' small tables and its build, which is not a breadth-first search over its
 * own index (the index is a projection that moves do not act on).
 *
 * Coordinates:
 *   eo      the edges' orientations, bit i = slot i's (slots 0..10; slot 11's is their
 *           parity): 2,048 values, eoMove[eo * 18 + m].
 *   eo'     the conjugate by symmetry j of a cube with separation esep and orientations eo:
 *           eoG[j * 2048 + eo] ^ (h48C[esep * 48 + j] >> 18) (a relabelling of the slots, and
 *           a flip of the edges whose slice the symmetry moves to another axis, which esep
 *           tells); checked against the cubie model on random cubes at init.
 *   h11     a cube's corners' class (cocsep, and its permutation parity for kind 1), esep' and
 *           eo' (all 11 bits), conjugated by the class's symmetry: a coset space (moves act on
 *           it); D11 its distance, a lower bound of the cube's.
 * The table: entry (((class << p | q) * 34650 + esep') << h) | (eo' & (2^h - 1)): the smallest
 * D11 of the cubes it holds, 2 bits with the base b (0 = at most b, 1, 2 = b + 1, b + 2, 3 =
 * at least b + 3), as the other h48 tables. The h bits are a part of eo' that moves do not
 * act on alone, so the table is built from h11 (the device of Tronto's H48 tables):
 *   short   every h11 coordinate within S moves (S = the base), modulo the symmetries (its
 *           smallest image under the class's stabiliser), in an open-addressed hash of 64-bit
 *           words (key << 5 | depth), breadth-first: one pass per depth, serial;
 *   marks   each of those sets its entries (and their stabiliser images) to 0, and each one
 *           at depth S starts a depth-first walk of 2 moves on h11, whose coordinates at S + 1
 *           and S + 2 lower their entries to 1 and 2 (an atomic minimum on the entry's byte:
 *           the same bytes whatever the order or the split over threads). A walk skips a
 *           first step back into the hash (what lies beyond it within S + 2 moves is on a
 *           shortest path from another coordinate at S), so every h11 coordinate within
 *           S + 2 moves is reached on a shortest path and gets its exact value; an entry
 *           left 3 holds only cubes at least S + 3 away. The marks go in batches of up to
 *           288 (one walk's), each batch's class rows, then its entries, fetched together.
 * Costs: init ~0.1 s (eoMove 74 KB, eoG 197 KB); the hash's words (ec__opt_h48x_hash_words:
 * 72 MB at S = 8, 6.76 M coordinates) beside the table while it is built, freed after; at
 * h = 3, S = 8 the walks mark ~1.8 G entries: ~40 s on 2 threads natively (docs/BENCHMARKS.md).
 */
#include "search/optimal_tables.h"

#include <stdlib.h>
#include <string.h>

uint16_t ec__opt_eoMove[N_EO * N_MOVES];
uint16_t ec__opt_eoG[N_SYM48 * N_EO];

int ec__opt_eo11(const ec_cube *c)
{
    int v = 0;
    for (int i = 0; i < 11; i++) v |= c->eo[i] << i;
    return v;
}
static void set_eo11(ec_cube *c, int v)
{
    int par = 0;
    for (int i = 0; i < 11; i++) {
        c->eo[i] = (uint8_t)(v >> i & 1);
        par ^= c->eo[i];
    }
    c->eo[11] = (uint8_t)par;
}

/* eoMove, eoG, and the term of esep in eo' (its value for eo 0) into h48C's bits 18..28;
 * all checked against the cubie model on 200 random cubes (EC_E_INTERNAL if one differs) */
int ec__opt_h48x_init(void)
{
    static int ready;
    if (ready) return EC_OK;
    ec_cube c, d;
    for (int v = 0; v < N_EO; v++) {
        ec_cube_solved(&c);
        set_eo11(&c, v);
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            ec__opt_eoMove[v * N_MOVES + m] = (uint16_t)ec__opt_eo11(&d);
        }
        for (int j = 0; j < N_SYM48; j++) {
            ec__opt_conj48(&c, j, &d);
            ec__opt_eoG[j * N_EO + v] = (uint16_t)ec__opt_eo11(&d);
        }
    }
    for (int e = 0; e < N_ESEP; e++) {
        ec_cube_solved(&c);
        ec__opt_set_esep(&c, e);
        for (int j = 0; j < N_SYM48; j++) {
            ec__opt_conj48(&c, j, &d);
            ec__opt_h48C[e * N_SYM48 + j] = (ec__opt_h48C[e * N_SYM48 + j] & 0x3ffffu) | (uint32_t)ec__opt_eo11(&d) << 18;
        }
    }
    for (uint32_t seed = 1; seed <= 200; seed++) {
        ec_cube x, y;
        if (ec_random_state(seed * 104729u, &x)) return EC_E_INTERNAL;
        int es = ec__opt_get_esep(&x), eo = ec__opt_eo11(&x);
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&x, ec__move_cube(m), &y);
            if (ec__opt_eo11(&y) != ec__opt_eoMove[eo * N_MOVES + m]) return EC_E_INTERNAL;
        }
        for (int j = 0; j < N_SYM48; j++) {
            ec__opt_conj48(&x, j, &y);
            if (ec__opt_eo11(&y) != ec__opt_eoC(eo, es, j)) return EC_E_INTERNAL;
        }
    }
    ready = 1;
    return EC_OK;
}

/* ---------------------------------------------------------------- the build */

/* h11 key: ((class << p | q) * 34650 + esep') << 11 | eo' (below 2^40) */
#define H_EMPTY UINT64_MAX
static inline uint64_t hkey(int64_t cq, int e, int o) { return ((uint64_t)cq * N_ESEP + (uint64_t)e) << 11 | (uint64_t)o; }
/* a key's first slot of cap: the high half of a multiplicative hash, scaled (wasm32-safe) */
static inline uint64_t hslot(uint64_t key, int64_t cap) { return ((key * 0x9E3779B97F4A7C15ull) >> 32) * (uint64_t)cap >> 32; }

typedef struct {
    uint64_t *w; /* key << 5 | depth, or H_EMPTY */
    int64_t n, cap;
} hmap;
static hmap H;

/* the hash's words for base s and kind k: the count of h11 coordinates within s moves (modulo
 * the symmetries; measured) and a third more, in whole units of 4096 (a hash found full,
 * which these counts rule out, is EC_E_INTERNAL) */
int64_t ec__opt_h48x_hash_words(int s, int k)
{
    static const int64_t count[2][9] = {
        {1, 2, 5, 28, 269, 3265, 41464, 529371, 6764737},
        {1, 2, 5, 28, 269, 3267, 41495, 529969, 6781250},
    };
    int64_t want = count[k == 1][s < 0 ? 0 : s > 8 ? 8 : s] * 4 / 3 + 1; /* the levels' bases are at most 8 */
    return (want + 4095) / 4096 * 4096;
}

static int64_t hget(uint64_t key)
{
    for (uint64_t i = hslot(key, H.cap);; i = i + 1 == (uint64_t)H.cap ? 0 : i + 1) {
        uint64_t x = H.w[i];
        if (x == H_EMPTY) return -1;
        if (x >> 5 == key) return (int64_t)(x & 31);
    }
}
/* 1 when added, 0 when there, -1 when full */
static int hadd(uint64_t key, int d)
{
    if (H.n * 20 >= H.cap * 19) return -1;
    for (uint64_t i = hslot(key, H.cap);; i = i + 1 == (uint64_t)H.cap ? 0 : i + 1) {
        uint64_t x = H.w[i];
        if (x == H_EMPTY) {
            H.w[i] = key << 5 | (uint64_t)d;
            H.n++;
            return 1;
        }
        if (x >> 5 == key) return 0;
    }
}

/* a node of the walk: raw h11 coordinates (twist, tsep, parity, esep, eo) */
typedef struct {
    int tw, ts, q, e, o;
} hnode;

static inline hnode hmove(const hnode *a, int m)
{
    hnode b = {ec__twistMove[a->tw * N_MOVES + m], ec__opt_tsepMove[a->ts * N_MOVES + m], a->q ^ quarter(m),
               ec__opt_esepMove[a->e * N_MOVES + m], ec__opt_eoMove[a->o * N_MOVES + m]};
    return b;
}

/* a node conjugated by its class's symmetry: the class coordinate (class << 6 | j), esep'
 * into *e and eo' into *o (one read of h48C for both) */
static inline uint32_t conj_node(const hnode *a, int *e, int *o)
{
    uint32_t y = ec__opt_cocsepSym[a->tw * N_TSEP + a->ts];
    int j = (int)(y & 63);
    uint32_t x = ec__opt_h48C[a->e * N_SYM48 + j];
    *e = (int)(x & 0xffff);
    *o = ec__opt_eoG[j * N_EO + a->o] ^ (int)(x >> 18);
    return y;
}

/* the canonical key of a node (its class's smallest image under the stabiliser) */
static uint64_t canon(const hnode *a, int p)
{
    int e, o;
    int cls = (int)(conj_node(a, &e, &o) >> 6);
    int64_t cq = (int64_t)cls << p | (a->q & p);
    uint64_t best = hkey(cq, e, o);
    uint64_t st = ec__opt_cocsepStab[cls];
    for (int u = 1; st >> u; u++)
        if (st >> u & 1) {
            uint64_t k2 = hkey(cq, ec__opt_esepC48[e * N_SYM48 + u], ec__opt_eoC(o, e, u));
            if (k2 < best) best = k2;
        }
    return best;
}
static hnode uncanon(uint64_t key, int p)
{
    int o = (int)(key & 2047);
    int64_t r = (int64_t)(key >> 11);
    int e = (int)(r % N_ESEP);
    int64_t cq = r / N_ESEP;
    int cls = (int)(cq >> p);
    uint32_t raw = ec__opt_cocsepRep[cls];
    hnode a = {(int)(raw / N_TSEP), (int)(raw % N_TSEP), (int)(cq & p), e, o};
    return a;
}

/* entry i of t lowered to v (an atomic minimum of its byte's cell) */
static inline void min_e2(uint8_t *t, int64_t i, int v)
{
    uint8_t *pb = t + (i >> 2), old = __atomic_load_n(pb, __ATOMIC_RELAXED);
    const int sh = (int)(i & 3) << 1;
    do {
        if ((old >> sh & 3) <= v) return;
    } while (!__atomic_compare_exchange_n(pb, &old, (uint8_t)((old & ~(3 << sh)) | v << sh), 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
}
int ec__opt_h48x_begin(int k, int s)
{
    int64_t cap = ec__opt_h48x_hash_words(s, k);
    free(H.w);
    H.w = ec__opt_table_alloc((int64_t)sizeof *H.w * cap);
    if (!H.w) return EC_E_NOMEM;
    memset(H.w, 0xff, sizeof *H.w * (size_t)cap);
    H.cap = cap;
    H.n = 0;
    ec_cube c;
    ec_cube_solved(&c);
    hnode a = {ec__get_twist(&c), ec__opt_get_tsep(&c), 0, ec__opt_get_esep(&c), 0};
    return hadd(canon(&a, k == 1), 0) == 1 ? EC_OK : EC_E_INTERNAL;
}

void ec__opt_h48x_end(void)
{
    free(H.w);
    H.w = NULL;
    H.cap = H.n = 0;
}

int64_t ec__opt_h48x_units(void) { return H.cap >> 12; }

/* the short pass at depth d over the hash's words of units u0..u1 (4096 each): every
 * coordinate at depth d adds its neighbours at d + 1 (serial) */
int ec__opt_h48x_short(int k, int d, int64_t u0, int64_t u1, int64_t *added)
{
    const int p = k == 1;
    for (int64_t i = u0 << 12; i < u1 << 12; i++) {
        uint64_t x = H.w[i];
        if (x == H_EMPTY || (int)(x & 31) != d) continue;
        hnode a = uncanon(x >> 5, p);
        for (int m = 0; m < N_MOVES; m++) {
            hnode b = hmove(&a, m);
            int r = hadd(canon(&b, p), d + 1);
            if (r < 0) return EC_E_INTERNAL;
            *added += r;
        }
    }
    return EC_OK;
}

/* A batch of walk nodes' marks: their raw corners and separations first (the class's row
 * and the conjugates' row fetched), then their entries (fetched), then the minimum of each;
 * a class with a stabiliser sets its images too. */
#define BATCH 288
typedef struct {
    hnode a[BATCH];
    uint32_t y[BATCH];
    int e[BATCH], o[BATCH]; /* esep' and eo' (all 11 bits: the stabiliser's images need them) */
    int64_t i[BATCH];
    int v[BATCH];
    int n;
} hbatch;
static void flush(hbatch *B, uint8_t *t, int h, int p)
{
    const int hm = (1 << h) - 1;
    for (int k = 0; k < B->n; k++) {
        const hnode *a = &B->a[k];
        __builtin_prefetch(ec__opt_cocsepSym + a->tw * N_TSEP + a->ts);
        __builtin_prefetch(ec__opt_h48C + a->e * N_SYM48);
        __builtin_prefetch(ec__opt_h48C + a->e * N_SYM48 + 16);
        __builtin_prefetch(ec__opt_h48C + a->e * N_SYM48 + 32);
    }
    for (int k = 0; k < B->n; k++) {
        const hnode *a = &B->a[k];
        uint32_t y = B->y[k] = conj_node(a, &B->e[k], &B->o[k]);
        B->i[k] = ((((int64_t)(y >> 6) << p | (a->q & p)) * N_ESEP + B->e[k]) << h) | (B->o[k] & hm);
        __builtin_prefetch(t + (B->i[k] >> 2));
    }
    for (int k = 0; k < B->n; k++) {
        min_e2(t, B->i[k], B->v[k]);
        uint64_t st = ec__opt_cocsepStab[B->y[k] >> 6];
        if (st == 1) continue;
        int64_t base = (B->i[k] >> h) - B->e[k];
        int e = B->e[k], o = B->o[k];
        for (int u = 1; st >> u; u++)
            if (st >> u & 1) min_e2(t, (base + ec__opt_esepC48[e * N_SYM48 + u]) << h | (ec__opt_eoC(o, e, u) & hm), B->v[k]);
    }
    B->n = 0;
}
static inline void add(hbatch *B, const hnode *a, int v)
{
    B->a[B->n] = *a;
    B->v[B->n++] = v;
}

/* the marks of the hash's words of units u0..u1 into table t (h bits, kind k, base s = the
 * short depth): splittable over threads */
int ec__opt_h48x_marks(uint8_t *t, int h, int k, int s, int64_t u0, int64_t u1)
{
    const int p = k == 1;
    hbatch *B = malloc(sizeof *B);
    if (!B) return EC_E_NOMEM;
    B->n = 0;
    for (int64_t i = u0 << 12; i < u1 << 12; i++) {
        uint64_t x = H.w[i];
        if (x == H_EMPTY) continue;
        hnode a = uncanon(x >> 5, p);
        add(B, &a, 0);
        if ((int)(x & 31) == s) {
            hnode b[N_MOVES];
            uint64_t key[N_MOVES];
            for (int m = 0; m < N_MOVES; m++) {
                b[m] = hmove(&a, m);
                key[m] = canon(&b[m], p);
                __builtin_prefetch(H.w + hslot(key[m], H.cap));
                __builtin_prefetch(ec__opt_esepMove + b[m].e * N_MOVES);
            }
            for (int m = 0; m < N_MOVES; m++) {
                if (hget(key[m]) >= 0) continue; /* within s: its walk is another's */
                if (B->n + 1 + N_MOVES > BATCH) flush(B, t, h, p);
                add(B, &b[m], 1);
                for (int m2 = 0; m2 < N_MOVES; m2++)
                    if (ec__move_follows(m, m2)) {
                        hnode c2 = hmove(&b[m], m2);
                        add(B, &c2, 2);
                    }
            }
        }
        if (B->n + 1 + N_MOVES > BATCH) flush(B, t, h, p);
    }
    flush(B, t, h, p);
    free(B);
    return EC_OK;
}
