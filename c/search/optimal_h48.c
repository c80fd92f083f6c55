/*
 * optimal_h48.c - the optimal search's h48 table (layout and costs: optimal.h): its
 * coordinates' small tables, its build's per-class steps, and the packing of its exact
 * distances into 2-bit entries with a base value.
 *
 * Coordinates:
 *   tsep    which 4 of the 8 corner slots hold the corners of the tetrad {URF, ULB, DLF,
 *           DRB} (colex rank, 70 values, tsepMove[tsep * 18 + m]). Every symmetry of the
 *           cube maps the two tetrads to themselves or to each other, so conjugation acts on it.
 *   cocsep  twist * 70 + tsep: 153,090 values; cocsepSym[cocsep] = class << 6 | j with
 *           conj_j(cocsep) = the class's representative (its smallest member), j one of the 48
 *           symmetries (optimal_hc.c's conj48); nCocsepSym classes (3,393), ec__opt_cocsepStab (a
 *           48-bit mask of the representative's stabiliser), cocsepMove[class * 18 + m] the
 *           class coordinate of the representative after m. cocsepDist[cocsep]: its exact
 *           distance (1 byte, the cheap first probe and the fallback of entries 0).
 *   esep    (optimal.c) which slice each edge slot's edge is from; esepC48 its conjugates.
 *   eopar   2 bits: the parity of the edge orientations of the E-slice edges (bit 0) and of
 *           the M-slice edges (bit 1); the S-slice edges' parity is their sum (the total is
 *           even). A face turn changes them by a mask of esep (eoparFlip[esep * 18 + m]),
 *           and a symmetry maps (esep, eopar) to the conjugate's (eoparC[(esep * 4 + eopar)
 *           * 48 + j]); both checked against the cubie model on random cubes at init.
 *   kind    the table's corner coordinate: 0 = cocsep; 1 = cocsep and the corners'
 *           permutation parity q (a quarter turn flips it; conjugation keeps a permutation's
 *           parity, so each class's block splits in two with the same stabiliser); 2 = the
 *           corners' half-turn coset (optimal_hc.c's hc classes: hcSym, hcMove, hcStab, the
 *           same symmetry numbering), which fixes cocsep and the parity and more. hcDist
 *           (raw, 0.9 MB) and hcClassDist: its exact distances, kind 2's first probe.
 * The table: entry (((class << p | q) * 34650 + esep') << h) | eopar' (h = 0: no eopar, h =
 * 2: both bits; p = 1 for kind 1, else 0), esep' and eopar' conjugated by the class's
 * symmetry: the distance of the coset of the cube's corners (kind), slice separation (and
 * eopar) to the solved one. All are functions of the cube that moves act on (a coset space),
 * so a breadth-first search over the index gives exact distances, and the cube and its
 * inverse have the same optimum, so the table is probed for both.
 * Build: breadth-first passes over classes straight into the 2-bit entries (block = one
 * class, its stabiliser images set together; backward passes write only their class, and a
 * range of classes from an even one starts on a whole byte), the value 0 = at most b (the
 * probe falls back on the corners' distance), 1, 2 = b + 1, b + 2, 3 = at least b + 3, with
 * the base b fixed per level (optimal.c): layers up to b hold their depth mod 3 (a breadth-
 * first pass needs only to tell its layer from the unset entries and the two before it), then
 * every set entry becomes 0, layers b + 1 and b + 2 are set to 1 and 2, and what is left
 * unset stays 3. The table's first 8 bytes hold b, h and the kind.
 *   h48C    the search's one read for both: h48C[esep * 48 + j] = esep' | t << 16 with eopar' =
 *           t ^ h48L[j][eopar] (the symmetry's map of the slices is linear on the parities;
 *           checked for every entry at init).
 * Costs: ec__opt_h48_init ~0.5 s of CPU natively (eoparC, h48C and the build's transposed
 * eoparT, 6.7 MB each, esepT 3.3 MB, hcDist 0.9 MB; the rest < 1 MB); the build needs no
 * memory beside the table.
 */
#include "search/optimal_tables.h"

#include <stdlib.h>
#include <string.h>

uint8_t ec__opt_tsepMove[N_TSEP * N_MOVES];
uint32_t *ec__opt_cocsepSym;
uint32_t ec__opt_cocsepMove[N_COCSEP_SYM_MAX * N_MOVES];
uint32_t ec__opt_cocsepRep[N_COCSEP_SYM_MAX];
uint64_t ec__opt_cocsepStab[N_COCSEP_SYM_MAX];
int ec__opt_nCocsepSym;
uint8_t *ec__opt_cocsepDist;
uint8_t *ec__opt_hcDist;
uint8_t ec__opt_hcClassDist[N_HC_SYM_MAX];
uint8_t *ec__opt_eoparFlip;
uint8_t *ec__opt_eoparC;
uint32_t *ec__opt_h48C;
/* the build's conjugates, one symmetry's row together (69 KB, 139 KB: a pass over one class's
 * moves reads one row each, from the cache): esepT[j * 34650 + esep], eoparT[j * 138600 +
 * esep * 4 + eopar] */
static uint16_t *esepT;
static uint8_t *eoparT;
uint8_t ec__opt_h48L[N_SYM48][4];
static const uint8_t in_tetrad[8] = {1, 0, 1, 0, 0, 1, 0, 1}; /* URF ULB DLF DRB */
/* per-node coordinates of whole cubes (the inverse's, in the search) by table: the colex rank
 * of a 4-of-8 slot mask, the UD-slice coordinate of a 12-bit mask of the E-edges' slots */
uint8_t ec__opt_rank8[256];
uint16_t ec__opt_sliceOfMask[4096];

static int binom(int n, int k)
{
    if (n < k) return 0;
    int v = 1;
    for (int j = 0; j < k; j++) v = v * (n - j) / (j + 1);
    return v;
}

int ec__opt_get_tsep(const ec_cube *c)
{
    int mask = 0;
    for (int i = 0; i < 8; i++) mask |= in_tetrad[c->cp[i]] << i;
    return ec__opt_rank8[mask];
}
int ec__opt_h48_esep(const ec_cube *c)
{
    int emask = 0, mmask = 0, j = 0;
    for (int i = 0; i < 12; i++) {
        int p = c->ep[i];
        if (p >= 8) emask |= 1 << i;
        else mmask |= (p & 1) << j++;
    }
    return ec__opt_sliceOfMask[emask] * 70 + ec__opt_rank8[mmask];
}
static void set_tsep(ec_cube *c, int r)
{
    static const uint8_t a[4] = {0, 2, 5, 7}, b[4] = {1, 3, 4, 6};
    int in[8], na = 0, nb = 0;
    for (int i = 7, k = 4; i >= 0; i--) {
        in[i] = 0;
        if (k > 0 && binom(i, k) <= r) {
            r -= binom(i, k);
            in[i] = 1;
            k--;
        }
    }
    for (int i = 0; i < 8; i++) c->cp[i] = in[i] ? a[na++] : b[nb++];
}

int ec__opt_get_eopar(const ec_cube *c)
{
    int e = 0, m = 0;
    for (int i = 0; i < 12; i++) {
        int p = c->ep[i];
        if (p >= 8) e ^= c->eo[i];
        else if (p & 1) m ^= c->eo[i];
    }
    return e | m << 1;
}

/* a cube with separation esep and eopar b (flips one edge of each slice whose bit is set) */
static void esep_cube(ec_cube *c, int esep, int b)
{
    ec_cube_solved(c);
    ec__opt_set_esep(c, esep);
    int want[3] = {b & 1, b >> 1 & 1, (b ^ b >> 1) & 1}; /* E, M, S */
    for (int i = 0; i < 12; i++) {
        int p = c->ep[i], sl = p >= 8 ? 0 : (p & 1) ? 1 : 2;
        if (want[sl]) {
            c->eo[i] = 1;
            want[sl] = 0;
        }
    }
}

/* the exact distances of a raw corner coordinate twist * nx + x (x moved by xmove) from
 * start, breadth-first: EC_OK, or EC_E_INTERNAL when one is never reached */
static int tsep_mv(int x, int m) { return ec__opt_tsepMove[x * N_MOVES + m]; }
static int hp_mv(int x, int m) { return ec__opt_hpMove[x * N_MOVES + m]; }
static int corner_bfs(uint8_t *dist, int nx, int (*xmove)(int, int), int start)
{
    const int n = N_TWIST * nx;
    memset(dist, 0xff, (size_t)n);
    dist[start] = 0;
    for (int dd = 0, added = 1; added; dd++) {
        added = 0;
        for (int r = 0; r < n; r++) {
            if (dist[r] != dd) continue;
            for (int m = 0; m < N_MOVES; m++) {
                int r2 = ec__twistMove[(r / nx) * N_MOVES + m] * nx + xmove(r % nx, m);
                if (dist[r2] == 0xff) dist[r2] = (uint8_t)(dd + 1), added++;
            }
        }
    }
    for (int r = 0; r < n; r++)
        if (dist[r] == 0xff) return EC_E_INTERNAL;
    return EC_OK;
}

int ec__opt_h48_init(void)
{
    static int ready;
    if (ready) return EC_OK;
    if (!ec__opt_cocsepSym) ec__opt_cocsepSym = ec__opt_table_alloc(sizeof *ec__opt_cocsepSym * N_COCSEP);
    if (!ec__opt_cocsepDist) ec__opt_cocsepDist = ec__opt_table_alloc(N_COCSEP);
    if (!ec__opt_hcDist) ec__opt_hcDist = ec__opt_table_alloc(N_HC);
    if (!ec__opt_eoparFlip) ec__opt_eoparFlip = ec__opt_table_alloc((size_t)N_ESEP * N_MOVES);
    if (!ec__opt_eoparC) ec__opt_eoparC = ec__opt_table_alloc((size_t)N_ESEP * 4 * N_SYM48);
    if (!ec__opt_h48C) ec__opt_h48C = ec__opt_table_alloc(sizeof *ec__opt_h48C * N_ESEP * N_SYM48);
    if (!esepT) esepT = malloc(sizeof *esepT * N_ESEP * N_SYM48);
    if (!eoparT) eoparT = malloc((size_t)N_ESEP * 4 * N_SYM48);
    if (!ec__opt_cocsepSym || !ec__opt_cocsepDist || !ec__opt_hcDist || !ec__opt_eoparFlip || !ec__opt_eoparC || !ec__opt_h48C || !esepT || !eoparT) return EC_E_NOMEM;
    ec_cube c, d;
    for (int mask = 0; mask < 256; mask++) {
        int r = 0, k = 0;
        for (int i = 0; i < 8; i++)
            if (mask >> i & 1) r += binom(i, ++k);
        ec__opt_rank8[mask] = (uint8_t)r;
    }
    for (int sl = 0; sl < N_SLICE; sl++) {
        ec_cube_solved(&c);
        ec__set_slice(&c, sl);
        int emask = 0;
        for (int i = 0; i < 12; i++) emask |= (c.ep[i] >= 8) << i;
        ec__opt_sliceOfMask[emask] = (uint16_t)sl;
    }
    for (int r = 0; r < N_TSEP; r++) {
        ec_cube_solved(&c);
        set_tsep(&c, r);
        if (ec__opt_get_tsep(&c) != r) return EC_E_INTERNAL;
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            ec__opt_tsepMove[r * N_MOVES + m] = (uint8_t)ec__opt_get_tsep(&d);
        }
    }
    /* classes of cocsep under the 48 symmetries */
    for (int r = 0; r < N_COCSEP; r++) ec__opt_cocsepSym[r] = 0xffffffffu;
    int n = 0;
    for (int r = 0; r < N_COCSEP; r++) {
        if (ec__opt_cocsepSym[r] != 0xffffffffu) continue;
        if (n == N_COCSEP_SYM_MAX) return EC_E_INTERNAL;
        ec_cube_solved(&c);
        ec__set_twist(&c, r / N_TSEP);
        set_tsep(&c, r % N_TSEP);
        ec__opt_cocsepRep[n] = (uint32_t)r;
        ec__opt_cocsepStab[n] = 0;
        for (int j = 0; j < N_SYM48; j++) {
            ec__opt_conj48(&c, j, &d);
            int r2 = ec__get_twist(&d) * N_TSEP + ec__opt_get_tsep(&d);
            if (r2 == r) ec__opt_cocsepStab[n] |= 1ull << j;
            if (ec__opt_cocsepSym[r2] == 0xffffffffu) ec__opt_cocsepSym[r2] = (uint32_t)n << 6 | ec__opt_sym48Inv[j];
        }
        n++;
    }
    ec__opt_nCocsepSym = n;
    for (int k = 0; k < n; k++) {
        int tw = (int)(ec__opt_cocsepRep[k] / N_TSEP), ts = (int)(ec__opt_cocsepRep[k] % N_TSEP);
        for (int m = 0; m < N_MOVES; m++)
            ec__opt_cocsepMove[k * N_MOVES + m] = ec__opt_cocsepSym[ec__twistMove[tw * N_MOVES + m] * N_TSEP + ec__opt_tsepMove[ts * N_MOVES + m]];
    }
    /* the exact distances of cocsep and of the corners' half-turn cosets (kind 2's first probe
     * and fallback; also by class) */
    ec_cube_solved(&c);
    int rc = corner_bfs(ec__opt_cocsepDist, N_TSEP, tsep_mv, ec__get_twist(&c) * N_TSEP + ec__opt_get_tsep(&c));
    if (!rc) rc = corner_bfs(ec__opt_hcDist, N_HPERM, hp_mv, ec__opt_get_hc(&c));
    if (rc) return rc;
    for (int r = 0; r < N_HC; r++) ec__opt_hcClassDist[ec__opt_hcSym[r] >> 6] = ec__opt_hcDist[r];
    /* eopar's changes by face turns and conjugates */
    for (int v = 0; v < N_ESEP; v++) {
        esep_cube(&c, v, 0);
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            ec__opt_eoparFlip[v * N_MOVES + m] = (uint8_t)ec__opt_get_eopar(&d);
        }
        for (int b = 0; b < 4; b++) {
            esep_cube(&c, v, b);
            for (int j = 0; j < N_SYM48; j++) {
                ec__opt_conj48(&c, j, &d);
                ec__opt_eoparC[(v * 4 + b) * N_SYM48 + j] = (uint8_t)ec__opt_get_eopar(&d);
            }
        }
    }
    /* the search's one-read form: eopar' = L_j(eopar) ^ a term of esep (h48C: esep' | term
     * << 16), L_j linear (the symmetry's map of the slices), checked for every entry */
    for (int j = 0; j < N_SYM48; j++)
        for (int b = 0; b < 4; b++) ec__opt_h48L[j][b] = (uint8_t)(ec__opt_eoparC[b * N_SYM48 + j] ^ ec__opt_eoparC[j]);
    for (int j = 0; j < N_SYM48; j++)
        if (ec__opt_h48L[j][3] != (ec__opt_h48L[j][1] ^ ec__opt_h48L[j][2])) return EC_E_INTERNAL;
    for (int v = 0; v < N_ESEP; v++)
        for (int j = 0; j < N_SYM48; j++) {
            int t = ec__opt_eoparC[(v * 4) * N_SYM48 + j];
            for (int b = 1; b < 4; b++)
                if (ec__opt_eoparC[(v * 4 + b) * N_SYM48 + j] != (t ^ ec__opt_h48L[j][b])) return EC_E_INTERNAL;
            ec__opt_h48C[v * N_SYM48 + j] = (uint32_t)ec__opt_esepC48[v * N_SYM48 + j] | (uint32_t)t << 16;
        }
    for (int v = 0; v < N_ESEP; v++)
        for (int j = 0; j < N_SYM48; j++) {
            esepT[j * N_ESEP + v] = ec__opt_esepC48[v * N_SYM48 + j];
            for (int b = 0; b < 4; b++) eoparT[(j * N_ESEP + v) * 4 + b] = ec__opt_eoparC[(v * 4 + b) * N_SYM48 + j];
        }
    /* every half turn has the solved coordinates (the search's tight inverse bounds rest on it) */
    ec_cube_solved(&c);
    for (int m = 1; m < N_MOVES; m += 3) {
        const ec_cube *h = ec__move_cube(m);
        if (ec__get_twist(h) * N_TSEP + ec__opt_get_tsep(h) != ec__get_twist(&c) * N_TSEP + ec__opt_get_tsep(&c) ||
            ec__opt_get_hc(h) != ec__opt_get_hc(&c) || ec__opt_get_esep(h) != ec__opt_get_esep(&c) || ec__opt_get_eopar(h) ||
            ec__parity(h->cp, 8))
            return EC_E_INTERNAL;
    }
    /* the tables against the cubie model on random cubes: moves and conjugates */
    for (uint32_t seed = 1; seed <= 200; seed++) {
        ec_cube x, y;
        if (ec_random_state(seed * 7919u, &x)) return EC_E_INTERNAL;
        int es = ec__opt_get_esep(&x), eb = ec__opt_get_eopar(&x), raw = ec__get_twist(&x) * N_TSEP + ec__opt_get_tsep(&x);
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&x, ec__move_cube(m), &y);
            if (ec__opt_get_eopar(&y) != (eb ^ ec__opt_eoparFlip[es * N_MOVES + m])) return EC_E_INTERNAL;
            if (ec__opt_h48_esep(&y) != ec__opt_get_esep(&y)) return EC_E_INTERNAL;
        }
        for (int j = 0; j < N_SYM48; j++) {
            ec__opt_conj48(&x, j, &y);
            int raw2 = ec__get_twist(&y) * N_TSEP + ec__opt_get_tsep(&y);
            if (ec__opt_cocsepSym[raw2] >> 6 != ec__opt_cocsepSym[raw] >> 6) return EC_E_INTERNAL;
            if (ec__opt_eoparC[(es * 4 + eb) * N_SYM48 + j] != ec__opt_get_eopar(&y)) return EC_E_INTERNAL;
            if (ec__opt_esepC48[es * N_SYM48 + j] != ec__opt_get_esep(&y)) return EC_E_INTERNAL;
        }
    }
    ready = 1;
    return EC_OK;
}

/* ---------------------------------------------------------------- the build's steps */

/* the corner kind k's classes, their moves ([class * 18 + m]: class << 6 | j) and stabilisers;
 * p: its parity bits (1 for kind 1) */
int ec__opt_h48_classes(int k) { return k == 2 ? ec__opt_nHcSym : ec__opt_nCocsepSym; }
static inline const uint32_t *kmove(int k) { return k == 2 ? ec__opt_hcMove : ec__opt_cocsepMove; }
static inline uint64_t kstab(int k, int cls) { return k == 2 ? ec__opt_hcStab[cls] : ec__opt_cocsepStab[cls]; }

/* entry (cls, corner parity q, esep e, eopar b) of the table and its stabiliser images (the
 * same parity: conjugation keeps a permutation's parity) to v, when unset; safe beside other
 * threads doing the same in the same pass (claim_e2: a forward pass sets any class's entries,
 * always to the same v), and counting each entry once */
static int64_t h48_set(uint8_t *t, int h, int k, int cls, int q, int e, int b, int v)
{
    const int p = k == 1;
    int64_t base = (int64_t)(cls << p | q) * N_ESEP;
    int64_t n = claim_e2(t, (base + e) << h | (h ? b : 0), v);
    uint64_t st = kstab(k, cls);
    for (int u = 1; st >> u; u++)
        if (st >> u & 1) n += claim_e2(t, (base + esepT[u * N_ESEP + e]) << h | (h ? eoparT[(u * N_ESEP + e) * 4 + b] : 0), v);
    return n;
}

int64_t ec__opt_h48_start(uint8_t *t, int h, int k)
{
    ec_cube c;
    ec_cube_solved(&c);
    uint32_t y = k == 2 ? ec__opt_hcSym[ec__opt_get_hc(&c)] : ec__opt_cocsepSym[ec__get_twist(&c) * N_TSEP + ec__opt_get_tsep(&c)];
    int e = ec__opt_get_esep(&c), j = (int)(y & 63);
    return h48_set(t, h, k, (int)(y >> 6), 0, ec__opt_esepC48[e * N_SYM48 + j], ec__opt_eoparC[(e * 4) * N_SYM48 + j], 0);
}

/* class c's entries of value v into list (block offsets: (q * 34650 + esep) << h | eopar);
 * their count (read while other threads of a forward pass claim entries: unset ones, never
 * of the value v read, which is the pass's from or unset in a backward pass, whose writes
 * are the class's own) */
static int collect_h48(const uint8_t *t, int h, int k, int c, int v, uint32_t *list)
{
    const int p = k == 1;
    int64_t base = ((int64_t)c * N_ESEP) << h << p, nb = (int64_t)N_ESEP << h << p;
    int n = 0;
    for (int64_t i = 0; i < nb; i++)
        if (e2_shared(t, base + i) == v) list[n++] = (uint32_t)i;
    return n;
}

/* the entry of (parity q, esep, eopar) after move m from class c's representative: its index */
static inline int64_t h48_next(int h, int k, uint32_t y, int q, int e, int b, int m)
{
    const int p = k == 1;
    int j = (int)(y & 63), e2 = ec__opt_esepMove[e * N_MOVES + m];
    int64_t i = ((int64_t)((y >> 6) << p | (q ^ (p & quarter(m)))) * N_ESEP + esepT[j * N_ESEP + e2]) << h;
    if (h) i |= eoparT[(j * N_ESEP + e2) * 4 + (b ^ ec__opt_eoparFlip[e * N_MOVES + m])];
    return i;
}

int64_t ec__opt_h48_forward(uint8_t *t, int h, int k, int c, int from, int to, uint32_t *list)
{
    int nl = collect_h48(t, h, k, c, from, list);
    int64_t n = 0;
    const uint32_t *mv = kmove(k);
    for (int m = 0; m < N_MOVES && nl; m++) {
        uint32_t y = mv[c * N_MOVES + m];
        int c2 = (int)(y >> 6), j = (int)(y & 63), qm = k == 1 && quarter(m);
        for (int i = 0; i < nl; i++) {
            int r = (int)(list[i] >> h), q = r >= N_ESEP, e = r - q * N_ESEP, b = (int)(list[i] & ((1u << h) - 1));
            int e2 = ec__opt_esepMove[e * N_MOVES + m];
            int b2 = h ? eoparT[(j * N_ESEP + e2) * 4 + (b ^ ec__opt_eoparFlip[e * N_MOVES + m])] : 0;
            n += h48_set(t, h, k, c2, q ^ qm, esepT[j * N_ESEP + e2], b2, to);
        }
    }
    return n;
}

int64_t ec__opt_h48_backward(uint8_t *t, int h, int k, int c, int from, int to, uint32_t *list)
{
    int nl = collect_h48(t, h, k, c, UNSET2, list);
    int64_t base = ((int64_t)c * N_ESEP) << h << (k == 1), n = 0;
    const uint32_t *mv = kmove(k);
    for (int m = 0; m < N_MOVES && nl; m++) {
        uint32_t y = mv[c * N_MOVES + m];
        for (int i = 0; i < nl;) {
            int r = (int)(list[i] >> h), q = r >= N_ESEP, e = r - q * N_ESEP, b = (int)(list[i] & ((1u << h) - 1));
            if (e2(t, h48_next(h, k, y, q, e, b, m)) == from) {
                set_e2(t, base + list[i], to);
                n++;
                list[i] = list[--nl];
            } else {
                i++;
            }
        }
    }
    return n;
}

void ec__opt_h48_relabel(uint8_t *t, int64_t entries)
{
    int64_t nb = (entries + 3) / 4;
    for (int64_t i = 0; i < nb; i++) {
        uint8_t x = t[i], m = (uint8_t)(x & x >> 1 & 0x55); /* the cells that hold 3 */
        t[i] = (uint8_t)(m | m << 1);
    }
}
