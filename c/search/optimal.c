/*
 * optimal.c - the optimal search's big tables (layout and costs: optimal.h): the corner
 * table, the big tables' stepped build, their checksum, and ec__opt_init (the small tables of
 * optimal_coords.c and optimal_hc.c, once per process). The stored form is optimal_store.c's,
 * the IDA* and the distance call optimal_search.c's; both use this file's tables through
 * optimal_tables.h, and this file calls neither.
 * The corner table (1.1 s of CPU natively: forward breadth-first passes) is built in slices
 * of classes: by build_step within its budget (so no call of the stepped build runs long: a
 * Web Worker ends promptly when terminated between calls), or at once by the first pass/work
 * call of a threaded build; conjugation is ec__sym_conj's (symmetry.h), the corner table's
 * classes are symmetry.h's cpermSym (the same conjugation).
 */
#include "search/optimal_tables.h"

#include <stdlib.h>
#include <string.h>

opt_tables ec__opt_T = {.level = -1, .xs = 1};

static inline void set_nib(uint8_t *t, int64_t i, int v)
{
    int sh = (int)(i & 1) << 2;
    t[i >> 1] = (uint8_t)((t[i >> 1] & ~(15 << sh)) | (v << sh));
}

/* the small tables: the coordinates' (optimal_coords.c), then the hc table's (optimal_hc.c) */
int ec__opt_init(void)
{
    static int ready;
    if (ready) return EC_OK;
    int rc = ec__opt_coords_init();
    if (!rc) rc = ec__opt_hc_init();
    if (!rc) ready = 1;
    return rc;
}

/* ---------------------------------------------------------------- the corner table */

/* The corner table's breadth-first build in slices of classes (ec_optimal_table_begin starts
 * it; build_step runs it in its budget, the pass/work calls finish it first): depth d sets
 * the entries at d + 1 from those at d, class by class, in the same order however it is
 * sliced, so the same bytes. One class is 2187 entries. */
static struct {
    int pending;           /* 1: not complete yet */
    int d, next;           /* the depth and the next class of its pass */
    int64_t total, added;  /* entries set; set in this pass */
} corner_build;

static void corner_start(uint8_t *t)
{
    memset(t, 0xff, (size_t)((N_CORNER_ENTRIES + 1) / 2));
    set_nib(t, corner_index(0, 0), 0);
    corner_build.pending = 1;
    corner_build.d = 0;
    corner_build.next = 0;
    corner_build.total = 1;
    corner_build.added = 0;
}

/* up to `classes` classes of the corner build: EC_OK (EC_OK and !pending once complete), EC_E_INTERNAL */
static int corner_run(uint8_t *t, int64_t classes)
{
    while (corner_build.pending && classes > 0) {
        int d = corner_build.d;
        int c = corner_build.next++;
        classes--;
        int cp = ec__cpermRep[c];
        for (int tw = 0; tw < N_TWIST; tw++) {
            int64_t i = (int64_t)c * N_TWIST + tw;
            if (nib(t, i) != d) continue;
            for (int m = 0; m < N_MOVES; m++) {
                int cp2 = ec__opt_cpMove[cp * N_MOVES + m], tw2 = ec__twistMove[tw * N_MOVES + m];
                int y = ec__cpermSym[cp2], c2 = y >> 4;
                int t2 = ec__opt_twC[tw2 * N_SYM + (y & 15)];
                int64_t j = (int64_t)c2 * N_TWIST + t2;
                if (nib(t, j) != UNSET) continue;
                set_nib(t, j, d + 1);
                corner_build.added++;
                for (int u = 1; u < N_SYM; u++)
                    if (ec__cpermStab[c2] >> u & 1) {
                        int64_t k = (int64_t)c2 * N_TWIST + ec__opt_twC[t2 * N_SYM + u];
                        if (nib(t, k) == UNSET) {
                            set_nib(t, k, d + 1);
                            corner_build.added++;
                        }
                    }
            }
        }
        if (corner_build.next < N_PERM_SYM) continue;
        /* the pass is over */
        if (!corner_build.added) return EC_E_INTERNAL;
        corner_build.total += corner_build.added;
        corner_build.added = 0;
        corner_build.next = 0;
        corner_build.d++;
        if (corner_build.total >= N_CORNER_ENTRIES) corner_build.pending = 0;
    }
    return EC_OK;
}

/* the corner build finished at once (the pass/work calls: native tools, threads) */
static int corner_finish(void)
{
    if (!corner_build.pending) return EC_OK;
    int rc = corner_run(ec__opt_T.corner, INT64_MAX);
    if (rc) ec_optimal_table_free();
    return rc;
}

/* ---------------------------------------------------------------- the big tables' build */

const int ec__opt_level_xs[EC_OPTIMAL_LEVELS] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
const uint8_t ec__opt_level_has[EC_OPTIMAL_LEVELS][OPT_TABLES] = {{1, 0, 0, 0}, {1, 0, 1, 0}, {1, 1, 1, 0}, {1, 0, 0, 1}, {1, 0, 1, 1},
                                                                  {1, 1, 1, 1}, {0, 0, 0, 1}, {1, 0, 1, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 1, 1, 1}, {0, 0, 0, 1}, {0, 0, 0, 1}, {1, 0, 0, 1}};
const int ec__opt_level_h48[EC_OPTIMAL_LEVELS] = {-1, -1, -1, 0, 2, 2, 0, 2, 0, 2, 2, 0, 3, 3};
const int ec__opt_level_h48k[EC_OPTIMAL_LEVELS] = {0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 0, 0, 0};
/* 1: the h48 table's h bits are of the edges' orientations (optimal_h48x.c), not eopar */
const int ec__opt_level_h48x[EC_OPTIMAL_LEVELS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1};
/* The h48 table's base b per level (0: none): its build sets the layers up to b mod 3, then
 * every set entry to 0, then layers b + 1 and b + 2 to 1 and 2, and stops (the entries left
 * unset, 3, are at least b + 3), so b is fixed before the build, per level by the search's
 * nodes: with the fs table beside it (whose bound covers the low distances) the b that
 * maximises the summed bound over all entries (8 at level 8: 7 doubles the nodes of 16-move
 * states, 9 adds 4%); without it (levels 6 and 11, where the fallback is the corners'
 * distance alone) one lower, 7 (a third of the nodes of 8 on 14-move states; 6 five times). */
const int ec__opt_level_h48b[EC_OPTIMAL_LEVELS] = {0, 0, 0, 7, 8, 8, 7, 8, 8, 9, 9, 7, 8, 8};

static int64_t classes_of_x(int t, int k) { return t == 3 ? ec__opt_h48_classes(k) : t == 2 ? ec__opt_nHcSym : t ? ec__opt_nEsepSym : N_FS_SYM; }
static int64_t classes_of(int t) { return classes_of_x(t, ec__opt_T.h48k); }
static int64_t block_of_x(int t, int xs, int h, int k)
{
    return t == 3 ? (int64_t)N_ESEP << h << (k == 1) : t == 2 ? N_ESEP : (int64_t)(t ? N_BLOCK_B : N_TWIST) * xs;
}
static int64_t block_of(int t) { return block_of_x(t, ec__opt_T.xs, ec__opt_T.h48, ec__opt_T.h48k); }
/* the units of the current pass: classes, or (the h48 table with orientation bits) the
 * hash's units of 4096 words; and a unit's entries, for the build's budget */
static int h48x_building(void) { return ec__opt_T.tb == 3 && ec__opt_T.h48x; }
static int64_t units_of(int t) { return t == 3 && ec__opt_T.h48x ? ec__opt_h48x_units() : classes_of(t); }
static int64_t unit_work(int t) { return t == 3 && ec__opt_T.h48x ? 4096 * 16 : block_of(t); }
/* the small tables a level's h48 table needs */
static int h48_init_level(int level)
{
    int rc = ec__opt_level_h48[level] >= 0 ? ec__opt_h48_init() : EC_OK;
    return !rc && ec__opt_level_h48x[level] ? ec__opt_h48x_init() : rc;
}

int64_t ec__opt_table_bytes_of(int level, int t)
{
    if (!ec__opt_level_has[level][t]) return 0;
    int64_t n = classes_of_x(t, ec__opt_level_h48k[level]) * block_of_x(t, ec__opt_level_xs[level], ec__opt_level_h48[level], ec__opt_level_h48k[level]);
    return (n + 3) / 4 + (t == 3 ? 8 : 0);
}

int ec_optimal_table_bytes(int level, int64_t *memory, int64_t *stored)
{
    if (level < 0 || level >= EC_OPTIMAL_LEVELS) return EC_E_RANGE;
    int rc = ec__opt_init();
    if (!rc) rc = h48_init_level(level);
    if (rc) return rc;
    int64_t b = (N_CORNER_ENTRIES + 1) / 2;
    for (int t = 0; t < OPT_TABLES; t++) b += ec__opt_table_bytes_of(level, t);
    /* every table is built in place; the h48 table with orientation bits needs its hash beside */
    if (memory) *memory = b + (ec__opt_level_h48x[level] ? 8 * ec__opt_h48x_hash_words(ec__opt_level_h48b[level], ec__opt_level_h48k[level]) : 0);
    if (stored) *stored = b + HEADER_BYTES;
    return EC_OK;
}

int ec_optimal_table_free(void)
{
    for (int t = 0; t < OPT_TABLES; t++) {
        free(ec__opt_T.big[t]);
        ec__opt_T.big[t] = NULL;
    }
    free(ec__opt_T.corner);
    ec__opt_T.corner = NULL;
    corner_build.pending = 0;
    ec__opt_h48x_end();
    ec__opt_T.level = -1;
    ec__opt_T.complete = 0;
    return EC_OK;
}

int ec__opt_alloc_level(int level)
{
    if (level < 0 || level >= EC_OPTIMAL_LEVELS) return EC_E_RANGE;
    int rc = ec__opt_init();
    if (!rc) rc = h48_init_level(level);
    if (rc) return rc;
    ec_optimal_table_free();
    ec__opt_T.xs = ec__opt_level_xs[level];
    ec__opt_T.h48 = ec__opt_level_h48[level];
    ec__opt_T.h48k = ec__opt_level_h48k[level];
    ec__opt_T.h48x = ec__opt_level_h48x[level];
    ec__opt_T.h48b = ec__opt_level_h48b[level];
    memcpy(ec__opt_T.has, ec__opt_level_has[level], sizeof ec__opt_T.has);
    ec__opt_T.corner_bytes = (N_CORNER_ENTRIES + 1) / 2;
    ec__opt_T.corner = ec__opt_table_alloc(ec__opt_T.corner_bytes);
    int ok = ec__opt_T.corner != NULL;
    for (int t = 0; t < OPT_TABLES; t++) {
        ec__opt_T.entries[t] = ec__opt_T.has[t] ? classes_of(t) * block_of(t) : 0;
        ec__opt_T.bytes[t] = (ec__opt_T.entries[t] + 3) / 4 + (t == 3 ? 8 : 0);
        if (ec__opt_T.has[t] && ok) ok = (ec__opt_T.big[t] = ec__opt_table_alloc(ec__opt_T.bytes[t])) != NULL;
    }
    if (!ok) {
        ec_optimal_table_free();
        return EC_E_NOMEM;
    }
    ec__opt_T.level = level;
    return EC_OK;
}

/* entry (cls, raw) of big table t, raw = the block offset of (twist, ccomb, x) */
static inline int64_t raw_b(int tw, int cc, int x) { return ((int64_t)tw * N_CCOMB + cc) * ec__opt_T.xs + x; }

/* set entry (class, tw, cc, x) of big table t and its stabiliser images to v (when unset) */
static int64_t set_big(int t, int cls, int tw, int cc, int x, int v)
{
    uint8_t *b = ec__opt_T.big[t];
    int64_t base = (int64_t)cls * block_of(t), n = 0;
    int64_t i = base + (t ? raw_b(tw, cc, x) : (int64_t)tw * ec__opt_T.xs + x);
    if (e2(b, i) == UNSET2) {
        set_e2(b, i, v);
        n++;
    }
    unsigned st = t ? ec__opt_esepStab[cls] : ec__opt_fsStab[cls];
    for (int u = 1; st >> u; u++)
        if (st >> u & 1) {
            int tw2 = ec__opt_twC[tw * N_SYM + u];
            int64_t k = base + (t ? raw_b(tw2, ec__opt_ccC[cc * N_SYM + u], x) : (int64_t)tw2 * ec__opt_T.xs + x);
            if (e2(b, k) == UNSET2) {
                set_e2(b, k, v);
                n++;
            }
        }
    return n;
}

static int start_table(int t)
{
    memset(ec__opt_T.big[t], 0xff, (size_t)ec__opt_T.bytes[t]);
    ec__opt_T.tb = t;
    if (t == 3) { /* the head (base, eopar bits, kind), then the entries */
        memset(ec__opt_T.big[3], 0, 8);
        ec__opt_T.big[3][0] = (uint8_t)ec__opt_T.h48b;
        ec__opt_T.big[3][1] = (uint8_t)ec__opt_T.h48;
        ec__opt_T.big[3][2] = (uint8_t)ec__opt_T.h48k;
        ec__opt_T.big[3][3] = (uint8_t)ec__opt_T.h48x;
        if (ec__opt_T.h48x) {
            int rc = ec__opt_h48x_begin(ec__opt_T.h48k, ec__opt_T.h48b);
            if (rc) return rc;
            ec__opt_T.set = 0;
        } else {
            ec__opt_T.set = ec__opt_h48_start(ec__opt_T.big[3] + 8, ec__opt_T.h48, ec__opt_T.h48k);
        }
    } else if (t == 2) {
        ec__opt_T.set = ec__opt_hc_start(ec__opt_T.big[2]);
    } else if (t == 0) {
        uint32_t y = ec__opt_fsSym[SLICE_SOLVED * N_FLIP];
        ec__opt_T.set = set_big(0, (int)(y >> 4), ec__opt_twC[y & 15], 0, 0, 0);
    } else {
        ec_cube c;
        ec_cube_solved(&c);
        uint32_t y = ec__opt_esepSym[ec__opt_get_esep(&c)];
        ec__opt_T.set = set_big(1, (int)(y >> 4), ec__opt_twC[y & 15], ec__opt_ccC[ec__opt_get_ccomb(&c) * N_SYM + (y & 15)], 0, 0);
    }
    ec__opt_T.depth = 0;
    ec__opt_T.forward = 1;
    ec__opt_T.next = 0;
    ec__opt_T.pass_new = 0;
    return EC_OK;
}

int ec_optimal_table_begin(int level)
{
    int rc = ec__opt_alloc_level(level);
    if (rc) return rc;
    corner_start(ec__opt_T.corner);
    int t = 0;
    while (!ec__opt_T.has[t]) t++;
    return start_table(t);
}

/* A block's entries at value v, as (twist, ccomb, x) triples packed in 32 bits. */
static int collect(int t, int c, int v, uint32_t *list)
{
    const uint8_t *b = ec__opt_T.big[t];
    int64_t base = c * block_of(t), nb = block_of(t);
    int n = 0;
    int per_tw = (t ? N_CCOMB : 1) * ec__opt_T.xs;
    for (int64_t i = 0; i < nb; i++) {
        int64_t j = base + i;
        if ((b[j >> 2] >> ((j & 3) << 1) & 3) != v) continue;
        int tw = (int)(i / per_tw), r = (int)(i % per_tw);
        list[n++] = (uint32_t)tw << 16 | (uint32_t)(r / ec__opt_T.xs) << 1 | (uint32_t)(r % ec__opt_T.xs);
    }
    return n;
}

/* the class coordinate of class c's representative after move m, in table t */
static inline uint32_t class_move(int t, int c, int m) { return t ? ec__opt_eMove[c * N_MOVES + m] : ec__opt_fsMove[c * N_MOVES + m]; }

/* forward: expand class c's entries at depth d (one thread: writes anywhere); entries at
 * d - 3, d - 6, ... read the same mod 3 and are expanded again, setting nothing (their
 * neighbours are all set) */
static int64_t forward_class(int t, int c, int d, uint32_t *list)
{
    int nl = collect(t, c, d % 3, list);
    if (!nl) return 0;
    int64_t n = 0;
    for (int m = 0; m < N_MOVES; m++) {
        uint32_t y = class_move(t, c, m);
        int c2 = (int)(y >> 4), s = (int)(y & 15);
        const uint16_t *tm = ec__opt_twMC + (m * N_SYM + s) * N_TWIST;
        const uint8_t *cm = ec__opt_ccMC + (m * N_SYM + s) * N_CCOMB;
        int q = ec__opt_T.xs > 1 && quarter(m);
        for (int k = 0; k < nl; k++) {
            uint32_t e = list[k];
            int tw = (int)(e >> 16), cc = (int)(e >> 1 & 127), x = (int)(e & 1);
            n += set_big(t, c2, tm[tw], t ? cm[cc] : 0, x ^ q, (d + 1) % 3);
        }
    }
    return n;
}

/* backward: each unset entry of class c looks for a neighbour at depth d (writes only c's);
 * an unset entry is at least d + 1 away, so a neighbour reading d mod 3 is at depth d */
static int64_t backward_class(int t, int c, int d, uint32_t *list)
{
    int nl = collect(t, c, UNSET2, list);
    if (!nl) return 0;
    uint8_t *b = ec__opt_T.big[t];
    int64_t base = c * block_of(t), n = 0, nb = block_of(t);
    for (int m = 0; m < N_MOVES && nl; m++) {
        uint32_t y = class_move(t, c, m);
        int64_t b2 = (int64_t)(y >> 4) * nb;
        int s = (int)(y & 15);
        const uint16_t *tm = ec__opt_twMC + (m * N_SYM + s) * N_TWIST;
        const uint8_t *cm = ec__opt_ccMC + (m * N_SYM + s) * N_CCOMB;
        int q = ec__opt_T.xs > 1 && quarter(m);
        for (int k = 0; k < nl;) {
            uint32_t e = list[k];
            int tw = (int)(e >> 16), cc = (int)(e >> 1 & 127), x = (int)(e & 1);
            int64_t j = b2 + (t ? raw_b(tm[tw], cm[cc], x ^ q) : (int64_t)tm[tw] * ec__opt_T.xs + (x ^ q));
            if ((b[j >> 2] >> ((j & 3) << 1) & 3) == d % 3) {
                set_e2(b, base + (t ? raw_b(tw, cc, x) : (int64_t)tw * ec__opt_T.xs + x), (d + 1) % 3);
                n++;
                list[k] = list[--nl];
            } else {
                k++;
            }
        }
    }
    return n;
}

uint64_t ec__opt_checksum(const uint8_t *p, int64_t n, uint64_t h)
{
    /* 64-bit multiply-xorshift over 8-byte words, then the tail bytes */
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

void ec__opt_parts_at(int level, const uint8_t *tables, const uint8_t *big[OPT_TABLES], int64_t bytes[OPT_TABLES])
{
    const uint8_t *at = tables + (N_CORNER_ENTRIES + 1) / 2;
    for (int t = 0; t < OPT_TABLES; t++) {
        bytes[t] = ec__opt_table_bytes_of(level, t);
        big[t] = bytes[t] ? at : NULL;
        at += bytes[t];
    }
}

uint64_t ec__opt_parts_sum(int level, const uint8_t *corner, const uint8_t *const big[OPT_TABLES], const int64_t bytes[OPT_TABLES])
{
    uint64_t h = ec__opt_checksum(corner, (N_CORNER_ENTRIES + 1) / 2, 0x6576636f6f707431ull ^ (uint64_t)level);
    for (int t = 0; t < OPT_TABLES; t++)
        if (ec__opt_level_has[level][t]) h = ec__opt_checksum(big[t], bytes[t], h);
    return h;
}

/* 1 when the current pass may be split into ranges done at once: a backward pass (each range
 * writes its own classes' entries), or the h48 table's forward pass (claim_e2) */
static int pass_splits(void)
{
    if (h48x_building()) return ec__opt_T.depth == ec__opt_T.h48b; /* the marks, not the short passes */
    return !ec__opt_T.forward || ec__opt_T.tb == 3;
}

int ec_optimal_table_pass(int *depth, int *classes, int *split)
{
    if (ec__opt_T.level < 0 || !ec__opt_T.corner) return EC_E_STATE;
    int rc = corner_finish();
    if (rc) return rc;
    if (depth) *depth = ec__opt_T.depth + 1;
    if (classes) *classes = (int)units_of(ec__opt_T.tb);
    if (split) *split = pass_splits();
    return ec__opt_T.complete ? EC_DONE : EC_RUNNING;
}

int ec_optimal_table_work(int c0, int c1)
{
    if (ec__opt_T.level < 0 || !ec__opt_T.corner || ec__opt_T.complete) return EC_E_STATE;
    if (c0 < 0 || c1 > units_of(ec__opt_T.tb) || c0 > c1) return EC_E_RANGE;
    if (corner_build.pending) return EC_E_STATE; /* ec_optimal_table_pass finishes it first */
    int tb = ec__opt_T.tb, d = ec__opt_T.depth;
    if (h48x_building()) { /* a short pass (serial) or the marks (their share of the entries, for the progress) */
        int64_t n = 0;
        int rc = d < ec__opt_T.h48b ? ec__opt_h48x_short(ec__opt_T.h48k, d, c0, c1, &n)
                                    : ec__opt_h48x_marks(ec__opt_T.big[3] + 8, ec__opt_T.h48, ec__opt_T.h48k, d, c0, c1);
        if (rc) return rc;
        if (d == ec__opt_T.h48b) n = (int64_t)((double)ec__opt_T.entries[3] * (double)(c1 - c0) / (double)units_of(3));
        __atomic_fetch_add(&ec__opt_T.pass_new, n, __ATOMIC_RELAXED);
        return EC_OK;
    }
    uint32_t *list = malloc(sizeof *list * (size_t)block_of(tb));
    if (!list) return EC_E_NOMEM;
    int64_t n = 0;
    /* the h48 table's values: layer x set to x mod 3 up to the base b, then x - b; the layers
     * up to b read as 0 once relabelled (ec_optimal_table_pass_end) */
    const int b = ec__opt_T.h48b, from = d < b ? d % 3 : d - b, to = d + 1 <= b ? (d + 1) % 3 : d + 1 - b;
    uint8_t *t48 = tb == 3 ? ec__opt_T.big[3] + 8 : NULL;
    for (int c = c0; c < c1; c++)
        if (tb == 3) n += ec__opt_T.forward ? ec__opt_h48_forward(t48, ec__opt_T.h48, ec__opt_T.h48k, c, from, to, list)
                                     : ec__opt_h48_backward(t48, ec__opt_T.h48, ec__opt_T.h48k, c, from, to, list);
        else if (tb == 2) n += ec__opt_T.forward ? ec__opt_hc_forward(ec__opt_T.big[2], c, d, (uint16_t *)list) : ec__opt_hc_backward(ec__opt_T.big[2], c, d, (uint16_t *)list);
        else n += ec__opt_T.forward ? forward_class(tb, c, d, list) : backward_class(tb, c, d, list);
    free(list);
    __atomic_fetch_add(&ec__opt_T.pass_new, n, __ATOMIC_RELAXED);
    return EC_OK;
}

int ec_optimal_table_pass_end(void)
{
    if (ec__opt_T.level < 0 || !ec__opt_T.corner) return EC_E_STATE;
    if (ec__opt_T.complete) return EC_DONE;
    int rc = corner_finish();
    if (rc) return rc;
    const int h48 = ec__opt_T.tb == 3, x = h48x_building();
    if (!x || ec__opt_T.depth == ec__opt_T.h48b) ec__opt_T.set += ec__opt_T.pass_new; /* a short pass sets no entry */
    int64_t added = ec__opt_T.pass_new, unset = ec__opt_T.entries[ec__opt_T.tb] - ec__opt_T.set;
    ec__opt_T.pass_new = 0;
    ec__opt_T.next = 0;
    ec__opt_T.depth++;
    if (x && ec__opt_T.depth <= ec__opt_T.h48b) return added ? EC_RUNNING : EC_E_INTERNAL;
    if (x) ec__opt_h48x_end(); /* the marks are done */
    if (!x && h48 && (ec__opt_T.depth == ec__opt_T.h48b || (!unset && ec__opt_T.depth < ec__opt_T.h48b)))
        ec__opt_h48_relabel(ec__opt_T.big[3] + 8, ec__opt_T.entries[3]);
    if (x || !unset || (h48 && ec__opt_T.depth == ec__opt_T.h48b + 2)) { /* the h48 table: the rest is at least b + 3 */
        int64_t n48 = ec__opt_T.entries[3];
        if (h48 && (n48 & 3)) ec__opt_T.big[3][8 + n48 / 4] &= (uint8_t)((1u << ((n48 & 3) * 2)) - 1); /* the last byte's spare cells 0 */
        for (int t = ec__opt_T.tb + 1; t < OPT_TABLES; t++)
            if (ec__opt_T.has[t]) {
                rc = start_table(t);
                return rc ? rc : EC_RUNNING;
            }
        ec__opt_T.complete = 1;
        ec__opt_T.sum = ec__opt_parts_sum(ec__opt_T.level, ec__opt_T.corner, (const uint8_t *const *)ec__opt_T.big, ec__opt_T.bytes);
        return EC_DONE;
    }
    if (!added || ec__opt_T.depth > 20) return EC_E_INTERNAL;
    /* forward costs ~18 writes per entry of the new layer, backward up to 18 reads per unset entry */
    ec__opt_T.forward = added * 6 < unset;
    return EC_RUNNING;
}

int ec_optimal_table_build_step(int work) { return ec__opt_build_step(work, NULL, NULL); }

int ec__opt_build_step(int work, int (*split_run)(void *arg, int c0, int c1), void *arg)
{
    if (ec__opt_T.level < 0 || !ec__opt_T.corner) return EC_E_STATE;
    if (ec__opt_T.complete) return EC_DONE;
    if (work < 1) return EC_E_RANGE;
    int64_t entries = (int64_t)work * 1024;
    if (corner_build.pending) { /* the corner table first, in the same budget */
        int rc = corner_run(ec__opt_T.corner, (entries + N_TWIST - 1) / N_TWIST);
        if (rc) {
            ec_optimal_table_free();
            return rc;
        }
        return EC_RUNNING;
    }
    while (entries > 0) {
        int nc = (int)units_of(ec__opt_T.tb);
        int64_t per = unit_work(ec__opt_T.tb);
        int64_t want = (entries + per - 1) / per;
        const int split = split_run && pass_splits() && !(ec__opt_T.next & 1);
        if (split) want += want & 1; /* a split range starts on an even class */
        int end = ec__opt_T.next + want > nc ? nc : ec__opt_T.next + (int)want;
        int rc = split ? split_run(arg, ec__opt_T.next, end) : ec_optimal_table_work(ec__opt_T.next, end);
        if (rc) return rc;
        entries -= (int64_t)(end - ec__opt_T.next) * per;
        ec__opt_T.next = end;
        if (ec__opt_T.next == nc) {
            rc = ec_optimal_table_pass_end();
            if (rc != EC_RUNNING) return rc;
        }
    }
    return EC_RUNNING;
}

int ec_optimal_table_progress(double *share, int *level)
{
    if (share) {
        double all = 0, done = 0;
        if (ec__opt_T.level >= 0 && ec__opt_T.corner) {
            for (int t = 0; t < OPT_TABLES; t++) {
                all += (double)ec__opt_T.entries[t];
                if (t < ec__opt_T.tb || ec__opt_T.complete) done += (double)ec__opt_T.entries[t];
            }
            if (!ec__opt_T.complete) done += (double)ec__opt_T.set;
        }
        *share = all > 0 ? done / all : 0;
    }
    if (level) *level = ec__opt_T.complete ? ec__opt_T.level : -1;
    return EC_OK;
}

int ec_optimal_table_checksum(uint64_t *sum)
{
    if (!sum) return EC_E_NULL;
    if (!ec__opt_T.complete) return EC_E_STATE;
    *sum = ec__opt_T.sum;
    return EC_OK;
}
