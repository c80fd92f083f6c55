/*
 * optimal_search.c - the optimal search's IDA* (ec__opt_search_init/run, ec__opt_bound) and
 * the distance call ec_optimal_distance (method and state: optimal.h).
 *
 * Layout: the class-coordinate moves and big-table indexes, the exact walk that turns a
 * root's mod-3 entries into distances, a symmetric cube's move classes (ec__opt_sym_step),
 * the child expansion of one node or of several together (the batch level's children: their
 * table reads overlap) with prefetches, a child's last checks on the way down (descend), the
 * resumable explicit-stack run, the deepening loop of ec_optimal_distance.
 * Invariants: reads optimal.c's tables (optimal_tables.h) only while ec__opt_T.complete,
 * writes none of them, and calls only optimal.c (and optimal_hc.c's ec__opt_conj48); no
 * allocation.
 * Costs: ~100-150 ns a node natively, most of it waiting on memory (docs/BENCHMARKS.md); a root costs 3 axes x the big
 * tables' exact walks (at most ~20 steps of 18 neighbours each).
 */
#include "search/optimal_tables.h"

#include <string.h>

/* ---------------------------------------------------------------- search */

int ec__opt_ready(void) { return ec__opt_T.complete; }

/* the class coordinate (class << 4 | s) of a raw FlipUDSlice after move m: the class's
 * representative turned by m's conjugate, its symmetry composed with s */
static inline uint32_t fs_move(uint32_t y, int m)
{
    uint32_t s = y & 15, z = ec__opt_fsMove[(y >> 4) * N_MOVES + ec__opt_symMoveC[s][m]];
    return (z & ~15u) | ec__opt_symCompose[z & 15][s];
}

static inline int64_t big_index_y(uint32_t y, int tw, int par)
{
    return ((int64_t)(y >> 4) * N_TWIST + ec__opt_twC[tw * N_SYM + (y & 15)]) * ec__opt_T.xs + (ec__opt_T.xs > 1 ? par : 0);
}

static inline uint32_t e_move(uint32_t y, int m)
{
    uint32_t s = y & 15, z = ec__opt_eMove[(y >> 4) * N_MOVES + ec__opt_symMoveC[s][m]];
    return (z & ~15u) | ec__opt_symCompose[z & 15][s];
}

static inline int64_t b_index_y(uint32_t y, int tw, int cc, int par)
{
    int s = (int)(y & 15);
    return (((int64_t)(y >> 4) * N_TWIST + ec__opt_twC[tw * N_SYM + s]) * N_CCOMB + ec__opt_ccC[cc * N_SYM + s]) * ec__opt_T.xs +
           (ec__opt_T.xs > 1 ? par : 0);
}

/* the hc table's class coordinate after move m, and its entry with raw esep e */
static inline uint32_t hc_move(uint32_t y, int m)
{
    uint32_t j = y & 63, z = ec__opt_hcMove[(y >> 6) * N_MOVES + ec__opt_sym48Move[j][m]];
    return (z & ~63u) | ec__opt_sym48Compose[z & 63][j];
}
static inline int64_t hc_index(uint32_t y, int e) { return (int64_t)(y >> 6) * N_ESEP + ec__opt_esepC48[e * N_SYM48 + (y & 63)]; }

/* the h48 table's entry of a cube whose corners' class coordinate is y (class << 6 | j),
 * corner parity q, esep e and b: eopar, or the edges' orientations (eo11) when the table's h
 * bits are theirs (optimal_h48x.c) */
static inline int64_t h48_index(uint32_t y, int q, int e, int b)
{
    int j = (int)(y & 63), h = ec__opt_T.h48, p = ec__opt_T.h48k == 1;
    uint32_t x = ec__opt_h48C[e * N_SYM48 + j];
    int64_t i = ((int64_t)((y >> 6) << p | (q & p)) * N_ESEP + (x & 0xffff)) << h;
    if (ec__opt_T.h48x) return i | ((ec__opt_eoG[j * N_EO + b] ^ (int)(x >> 18)) & ((1 << h) - 1));
    return h ? i | (((x >> 16) & 3) ^ ec__opt_h48L[j][b]) : i;
}
/* a cube's b for h48_index */
static inline int h48_b(const ec_cube *c) { return ec__opt_T.h48x ? ec__opt_eo11(c) : ec__opt_get_eopar(c); }
/* its 2-bit value: 0 (at most the base), 1, 2 (base + 1, + 2), 3 (at least base + 3) */
static inline int h48_v(int64_t i) { return e2(ec__opt_T.big[3] + 8, i); }
/* the raw corner coordinate of the h48 table's kind (hc for kind 2, else cocsep), its class
 * coordinate and its exact distance */
static inline int corner_raw(const ec_cube *c)
{
    return ec__opt_T.h48k == 2 ? ec__opt_get_hc(c) : ec__get_twist(c) * N_TSEP + ec__opt_get_tsep(c);
}
static inline const uint32_t *corner_sym(int raw) { return (ec__opt_T.h48k == 2 ? ec__opt_hcSym : ec__opt_cocsepSym) + raw; }
static inline uint32_t corner_y(int raw) { return *corner_sym(raw); }
static inline int corner_dist(int raw) { return ec__opt_T.h48k == 2 ? ec__opt_hcDist[raw] : ec__opt_cocsepDist[raw]; }
/* the h48 bound from an entry's value v and the corners' raw coordinate: the larger of
 * the entry's (none for 0) and the corners' distance; both bound exact coordinate distances
 * (the tight-bound device: optimal.h) */
static inline int h48_lb(int v, int raw)
{
    int a = v ? ec__opt_T.big[3][0] + v : 0, b = corner_dist(raw);
    return a > b ? a : b;
}
/* the h48 bound of a whole cube */
static int h48_bound(const ec_cube *c)
{
    int raw = corner_raw(c);
    return h48_lb(h48_v(h48_index(corner_y(raw), ec__parity(c->cp, 8), ec__opt_get_esep(c), h48_b(c))), raw);
}

/* The exact distance of a big-table entry from its value mod 3: a walk over the raw
 * coordinates of the axis view v, each step to a neighbour one closer (value - 1 mod 3;
 * a neighbour is at most one farther or closer, so that one is one closer), until the solved
 * coset. At most 13 steps of 18 neighbours. */
static int exact_walk(int t, const ec_cube *v, int par)
{
    int fl = ec__get_flip(v), sl = ec__get_slice(v), tw = ec__get_twist(v), es = ec__opt_get_esep(v), cc = ec__opt_get_ccomb(v);
    int hp = ec__opt_hpOf[ec__get_cperm(v)];
    ec_cube o;
    ec_cube_solved(&o);
    const int es0 = ec__opt_get_esep(&o), cc0 = ec__opt_get_ccomb(&o), hp0 = ec__opt_hpOf[0];
#define ENTRY(FL, SL, TW, ES, CC, P)                                                                                     \
    (t == 2 ? e2(ec__opt_T.big[2], hc_index(ec__opt_hcSym[(TW) * N_HPERM + hp2], ES))                                      \
     : t    ? e2(ec__opt_T.big[1], b_index_y(ec__opt_esepSym[ES], TW, CC, P))                                              \
            : e2(ec__opt_T.big[0], big_index_y(ec__opt_fsSym[(SL) * N_FLIP + (FL)], TW, P)))
    int hp2 = hp;
    int v3 = ENTRY(fl, sl, tw, es, cc, par), d = 0;
    for (;;) {
        int solved = t == 2 ? tw == 0 && hp == hp0 && es == es0
                            : tw == 0 && par == 0 && (t ? es == es0 && cc == cc0 : fl == 0 && sl == SLICE_SOLVED);
        if (solved) return v3 == 0 ? d : -1;
        if (d > 20) return -1;
        int m = 0;
        for (; m < N_MOVES; m++) {
            int fl2 = ec__flipMove[fl * N_MOVES + m], sl2 = ec__sliceMove[sl * N_MOVES + m];
            int tw2 = ec__twistMove[tw * N_MOVES + m], es2 = ec__opt_esepMove[es * N_MOVES + m], cc2 = ec__opt_ccMove[cc * N_MOVES + m];
            int p2 = par ^ quarter(m);
            hp2 = ec__opt_hpMove[hp * N_MOVES + m];
            if (ENTRY(fl2, sl2, tw2, es2, cc2, p2) == (v3 + 2) % 3) {
                fl = fl2, sl = sl2, tw = tw2, es = es2, cc = cc2, par = p2, hp = hp2;
                v3 = (v3 + 2) % 3;
                d++;
                break;
            }
        }
        if (m == N_MOVES) return -1;
    }
#undef ENTRY
}

/* the cube's coordinates on the three axes into node n, and its exact big-table distances;
 * -1 when a walk fails (a table that is not the build's: EC_E_INTERNAL) */
static int set_node(opt_node *n, const ec_cube *c)
{
    n->cp = (uint16_t)ec__get_cperm(c);
    n->par = (uint8_t)ec__parity(c->cp, 8);
    int ok = 1;
    for (int a = 0; a < OPT_AXES; a++) {
        ec_cube t, v;
        ec_cube_multiply(&ec__opt_axisRotInv[a], c, &t);
        ec_cube_multiply(&t, &ec__opt_axisRot[a], &v);
        n->fs[a] = ec__opt_fsSym[ec__get_slice(&v) * N_FLIP + ec__get_flip(&v)];
        n->tw[a] = (uint16_t)ec__get_twist(&v);
        n->es[a] = ec__opt_esepSym[ec__opt_get_esep(&v)];
        n->cc[a] = (uint8_t)ec__opt_get_ccomb(&v);
        for (int t2 = 0; t2 < 2; t2++) {
            int h = ec__opt_T.has[t2] ? exact_walk(t2, &v, n->par) : 0;
            if (h < 0) ok = 0;
            n->hx[t2 * OPT_AXES + a] = (uint8_t)(h < 0 ? 0 : h);
        }
    }
    /* the hc table: one probe (its 48 symmetries cover the three axes) */
    n->hy = ec__opt_hcSym[ec__opt_get_hc(c)];
    n->he = (uint16_t)ec__opt_get_esep(c);
    int h = ec__opt_T.has[2] ? exact_walk(2, c, n->par) : 0;
    if (h < 0) ok = 0;
    n->hx[OPT_HC] = (uint8_t)(h < 0 ? 0 : h);
    /* the h48 table: the cube's coordinates and its inverse (probed whole) */
    n->ts = (uint8_t)ec__opt_get_tsep(c);
    n->hb = (uint16_t)h48_b(c);
    ec_cube_inverse(c, &n->inv);
    return ok ? 0 : -1;
}

static int bound_node(const opt_node *n)
{
    int h = nib(ec__opt_T.corner, corner_index(n->cp, n->tw[0]));
    for (int i = 0; i < OPT_HX; i++)
        if (n->hx[i] > h) h = n->hx[i];
    if (ec__opt_T.has[3]) {
        ec_cube c;
        ec_cube_inverse(&n->inv, &c);
        int a = h48_bound(&c), b = h48_bound(&n->inv);
        if (a > h) h = a;
        if (b > h) h = b;
    }
    return h;
}

int ec__opt_bound(const ec_cube *c)
{
    if (!ec__opt_T.complete) return EC_E_STATE;
    opt_node n;
    if (set_node(&n, c)) return EC_E_INTERNAL;
    return bound_node(&n);
}

int ec__opt_h48_entry(const ec_cube *c, int *base)
{
    if (!ec__opt_T.complete || !ec__opt_T.has[3]) return EC_E_STATE;
    if (base) *base = ec__opt_T.big[3][0];
    return h48_v(h48_index(corner_y(corner_raw(c)), ec__parity(c->cp, 8), ec__opt_get_esep(c), h48_b(c)));
}

/* exact distance of a child's entry from its value mod 3 and its parent's exact distance */
static inline int from_mod3(int parent, int v3) { return parent + (v3 - parent % 3 + 4) % 3 - 1; }

/* a child's fs entries on each axis: worked out and prefetched; then read (their exact
 * distances kept): 1 when one is over the moves left */
static inline void fs_fetch(const opt_node *P, opt_child *c)
{
    for (int a = 0; a < OPT_AXES; a++) {
        int ma = ec__opt_axisMove[a][c->m];
        c->fs[a] = fs_move(P->fs[a], ma);
        c->tw[a] = ec__twistMove[P->tw[a] * N_MOVES + ma];
        c->idx[a] = big_index_y(c->fs[a], c->tw[a], c->par);
        __builtin_prefetch(ec__opt_T.big[0] + (c->idx[a] >> 2));
    }
}
static inline int fs_read(const opt_node *P, opt_child *c, int left)
{
    int over = 0;
    for (int a = 0; a < OPT_AXES; a++) {
        int h = from_mod3(P->hx[a], e2(ec__opt_T.big[0], c->idx[a]));
        c->hx[a] = (uint8_t)h;
        over |= h > left;
    }
    return over;
}
/* a child's hc entry and esep entries on each axis: worked out and prefetched */
static inline void hc_esep_fetch(const opt_node *P, opt_child *c)
{
    if (ec__opt_T.has[2]) {
        c->idx[OPT_HC] = hc_index(c->hy, c->he);
        __builtin_prefetch(ec__opt_T.big[2] + (c->idx[OPT_HC] >> 2));
    }
    if (!ec__opt_T.has[1]) return;
    for (int a = 0; a < OPT_AXES; a++) {
        int ma = ec__opt_axisMove[a][c->m];
        c->es[a] = e_move(P->es[a], ma);
        c->cc[a] = ec__opt_ccMove[P->cc[a] * N_MOVES + ma];
        c->idx[OPT_AXES + a] = b_index_y(c->es[a], c->tw[a], c->cc[a], c->par);
        __builtin_prefetch(ec__opt_T.big[1] + (c->idx[OPT_AXES + a] >> 2));
    }
}

/* ---------------------------------------------------------------- symmetric cubes */

int ec__opt_sym_off;
int ec__opt_batch_off;

uint64_t ec__opt_sym_fixing(const ec_cube *c)
{
    uint64_t sym = 1;
    for (int j = 1; j < N_SYM48; j++) {
        ec_cube d;
        ec__opt_conj48(c, j, &d);
        if (!memcmp(&d, c, sizeof d)) sym |= 1ull << j;
    }
    return sym;
}

static inline int same_axis(int a, int b) { return a / 3 % 3 == b / 3 % 3; }

int ec__opt_sym_step(uint64_t open, int x, int last, int m, uint64_t *next)
{
    *next = 1;
    if (!(open & ~1ull)) return 1;
    if (last >= 0 && x < 0 && same_axis(last, m)) { /* m closes the block [last, m] */
        for (int j = 1; j < N_SYM48; j++) {
            if (!(open >> j & 1)) continue;
            int a = ec__opt_sym48Move[j][last], b = ec__opt_sym48Move[j][m], lo = a < b ? a : b, hi = a ^ b ^ lo;
            if (lo < last || (lo == last && hi < m)) return 0;
        }
        *next = open;
        return 1;
    }
    uint64_t base = 1; /* m opens a block: the symmetries of open that fix last's block */
    for (int j = 1; j < N_SYM48; j++) {
        if (!(open >> j & 1)) continue;
        const uint8_t *mv = ec__opt_sym48Move[j];
        if (last < 0 || (x < 0 ? mv[last] == last : (mv[x] == x && mv[last] == last) || (mv[x] == last && mv[last] == x))) {
            if (mv[m] < m) return 0;
            base |= 1ull << j;
        }
    }
    *next = base;
    return 1;
}

/* the move at position i of the whole sequence (the prefix, then the path) */
static inline int move_at(const opt_search *s, int i) { return i < s->nprefix ? s->prefix[i] : s->path[i - s->nprefix]; }

/* whether move m may follow node P of level k for the cube's symmetries (ec__opt_sym_step),
 * *next the child's symmetries */
static inline int sym_ok(const opt_search *s, int k, const opt_node *P, int m, uint64_t *next)
{
    if (!(P->symo & ~1ull)) {
        *next = 1;
        return 1;
    }
    int pos = s->nprefix + k, last = P->prev, x = pos > 1 ? move_at(s, pos - 2) : -1;
    return ec__opt_sym_step(P->symo, last >= 0 && x >= 0 && same_axis(x, last) ? x : -1, last, m, next);
}

/* the move-table rows of node P that its expansion reads (a line or two each, on tables of
 * 1 to 5 MB), fetched ahead */
static inline void rows_fetch(const opt_node *P)
{
    __builtin_prefetch(ec__opt_cpMove + P->cp * N_MOVES);
    if (ec__opt_T.has[2] || ec__opt_T.has[3]) {
        __builtin_prefetch(ec__opt_esepMove + P->he * N_MOVES);
        __builtin_prefetch(ec__opt_eoparFlip + P->he * N_MOVES);
    }
    if (ec__opt_T.has[2] || (ec__opt_T.has[3] && ec__opt_T.h48k == 2)) {
        __builtin_prefetch(ec__opt_hcMove + (P->hy >> 6) * N_MOVES);
        __builtin_prefetch(ec__opt_hcMove + (P->hy >> 6) * N_MOVES + N_MOVES - 1);
    }
    for (int a = 0; a < OPT_AXES; a++) {
        if (ec__opt_T.has[0]) {
            __builtin_prefetch(ec__opt_fsMove + (P->fs[a] >> 4) * N_MOVES);
            __builtin_prefetch(ec__opt_fsMove + (P->fs[a] >> 4) * N_MOVES + N_MOVES - 1);
        }
        if (ec__opt_T.has[1]) {
            __builtin_prefetch(ec__opt_eMove + (P->es[a] >> 4) * N_MOVES);
            __builtin_prefetch(ec__opt_eMove + (P->es[a] >> 4) * N_MOVES + N_MOVES - 1);
        }
    }
}

/* The children of level k's nodes[list[0..np)] (one node, or the batch level's children) into
 * ch, cnt[j] each node's: every move that may follow the node's last (only quarter turns when
 * its inverse bound is tight). The last move's children get only the corner entry
 * (0: solved corners, the run checks the cube whole). The others' coordinates are worked out and each table's
 * entries of all the children still standing are prefetched together, then read, cheapest
 * and most pruning first. Without the h48 table: the corner and fs entries, then the hc and
 * esep ones of the children those leave (the hc entry read by descend). With it: the corners'
 * distance, the cube's h48 entry (a chain of three reads: class, conjugated esep and eopar,
 * entry; it leaves about a third of the children), then the corner, fs, hc and esep entries
 * (the corner entry read here, not first: on a 16-move state it leaves 87% of the children
 * and the h48 entry prunes most of those it prunes, so read first it cost every child a miss;
 * ~20% of the time), and for the children left the inverse cube, its corners' distance and
 * its h48 entry (the same chain; read by descend, with the esep entries). Returns the children's count. */
static int expand_nodes(const opt_search *s, int k, const opt_node *nodes, const uint8_t *list, int np, opt_child *ch, uint8_t *cnt)
{
    int n = 0, left = s->depth - k - 1;
    const int h48 = ec__opt_T.has[3], hck = h48 && ec__opt_T.h48k == 2; /* hck: the h48 table on the hc classes */
    for (int j = 0; left && np > 1 && j < np; j++) rows_fetch(&nodes[list[j]]); /* the nodes' move-table rows, together */
    for (int j = 0; j < np; j++) {
        const opt_node *P = &nodes[list[j]];
        int n0 = n;
        for (int m = 0; m < N_MOVES; m++) {
            uint64_t so;
            if (!ec__move_follows(P->prev, m) || (P->quarter_only && !quarter(m)) || !sym_ok(s, k, P, m, &so)) continue;
            opt_child *c = &ch[n++];
            c->m = (uint8_t)m;
            if (left == 0) { /* the last move: only a child with solved corners can be solved (the run checks it whole) */
                c->pruned = nib(ec__opt_T.corner, corner_index(ec__opt_cpMove[P->cp * N_MOVES + m], ec__twistMove[P->tw[0] * N_MOVES + m])) != 0;
                continue;
            }
            c->pi = (uint8_t)list[j];
            c->symo = so;
            c->par = (uint8_t)(P->par ^ quarter(m));
            c->cp = ec__opt_cpMove[P->cp * N_MOVES + m];
            c->tw[0] = ec__twistMove[P->tw[0] * N_MOVES + m]; /* axis 0 is the cube itself */
            c->cidx = corner_index(c->cp, c->tw[0]);
            if (!h48) __builtin_prefetch(ec__opt_T.corner + (c->cidx >> 1));
            if (ec__opt_T.has[0] && !h48) fs_fetch(P, c);
            if (ec__opt_T.has[2] || h48) c->he = ec__opt_esepMove[P->he * N_MOVES + m];
            if (ec__opt_T.has[2] || hck) { /* the hc coordinates now; their conjugated esep fetched early */
                c->hy = hc_move(P->hy, m);
                if (ec__opt_T.has[2]) __builtin_prefetch(ec__opt_esepC48 + c->he * N_SYM48 + (c->hy & 63));
            }
            if (h48) {
                c->ts = ec__opt_tsepMove[P->ts * N_MOVES + m];
                c->hb = ec__opt_T.h48x ? ec__opt_eoMove[P->hb * N_MOVES + m] : (uint16_t)(P->hb ^ ec__opt_eoparFlip[P->he * N_MOVES + m]);
                c->hraw[0] = (uint32_t)(c->tw[0] * N_TSEP + c->ts);
                if (!hck) __builtin_prefetch(ec__opt_cocsepSym + c->hraw[0]);
            }
        }
        cnt[j] = (uint8_t)(n - n0);
    }
    if (left == 0) return n;
    for (int i = 0; i < n; i++) {
        opt_child *c = &ch[i];
        const opt_node *P = &nodes[c->pi];
        c->hx[0] = c->hx[1] = c->hx[2] = 0;
        int over = 0;
        if (!h48) {
            over = nib(ec__opt_T.corner, c->cidx) > left;
            if (ec__opt_T.has[0] && !over) over = fs_read(P, c, left);
            c->pruned = (uint8_t)over;
            if (!over) hc_esep_fetch(P, c);
            continue;
        }
        /* the corners' distance (of the hc class, or cocsep's), then the class read fetched */
        over = hck ? ec__opt_hcClassDist[c->hy >> 6] > left : ec__opt_cocsepDist[c->hraw[0]] > left;
        c->pruned = (uint8_t)over;
        if (over) continue;
        c->hy48[0] = hck ? c->hy : corner_y((int)c->hraw[0]);
        __builtin_prefetch(ec__opt_h48C + c->he * N_SYM48 + (c->hy48[0] & 63));
    }
    if (!h48) return n;
    for (int i = 0; i < n; i++) {
        opt_child *c = &ch[i];
        if (c->pruned) continue;
        c->hidx[0] = h48_index(c->hy48[0], c->par, c->he, c->hb);
        __builtin_prefetch(ec__opt_T.big[3] + 8 + (c->hidx[0] >> 2));
    }
    for (int i = 0; i < n; i++) {
        opt_child *c = &ch[i];
        if (c->pruned) continue;
        int v = h48_v(c->hidx[0]);
        if (v && s->h48base + v > left) {
            c->pruned = 1;
            continue;
        }
        __builtin_prefetch(ec__opt_T.corner + (c->cidx >> 1));
        if (ec__opt_T.has[0]) fs_fetch(&nodes[c->pi], c);
        hc_esep_fetch(&nodes[c->pi], c);
    }
    for (int i = 0; i < n; i++) {
        opt_child *c = &ch[i];
        if (c->pruned) continue;
        const opt_node *P = &nodes[c->pi];
        if (nib(ec__opt_T.corner, c->cidx) > left || (ec__opt_T.has[0] && fs_read(P, c, left))) {
            c->pruned = 1;
            continue;
        }
        if (ec__opt_T.has[2]) {
            int hh = from_mod3(P->hx[OPT_HC], e2(ec__opt_T.big[2], c->idx[OPT_HC]));
            c->hhc = (uint8_t)hh;
            if (hh > left) {
                c->pruned = 1;
                continue;
            }
        }
        int m = c->m;
        ec_cube_multiply(ec__move_cube(m - m % 3 + 2 - m % 3), &P->inv, &c->inv);
        int rawi = corner_raw(&c->inv);
        if (corner_dist(rawi) > left) {
            c->pruned = 1;
            continue;
        }
        c->hraw[1] = (uint32_t)rawi;
        __builtin_prefetch(corner_sym(rawi));
        c->hie = (uint16_t)ec__opt_h48_esep(&c->inv);
        c->hib = (uint16_t)h48_b(&c->inv);
    }
    for (int i = 0; i < n; i++) {
        opt_child *c = &ch[i];
        if (c->pruned) continue;
        c->hy48[1] = corner_y((int)c->hraw[1]);
        __builtin_prefetch(ec__opt_h48C + c->hie * N_SYM48 + (c->hy48[1] & 63));
    }
    for (int i = 0; i < n; i++) {
        opt_child *c = &ch[i];
        if (c->pruned) continue;
        c->hidx[1] = h48_index(c->hy48[1], c->par, c->hie, c->hib);
        __builtin_prefetch(ec__opt_T.big[3] + 8 + (c->hidx[1] >> 2));
    }
    return n;
}

/* Child c of node P (level k, `left` moves after c): its remaining entries (the hc one when
 * expand did not read it, the inverse's h48 entry, the esep ones) checked against left; when
 * none is over, its node into *N and 1, else 0 */
static int descend(const opt_search *s, const opt_node *P, const opt_child *c, int left, opt_node *N)
{
    uint8_t hx[OPT_HX];
    int over = 0;
    for (int p = 0; p < OPT_AXES; p++) hx[p] = c->hx[p];
    hx[OPT_HC] = 0;
    if (ec__opt_T.has[2]) { /* read by expand at the levels with the h48 table */
        int h = ec__opt_T.has[3] ? c->hhc : from_mod3(P->hx[OPT_HC], e2(ec__opt_T.big[2], c->idx[OPT_HC]));
        hx[OPT_HC] = (uint8_t)h;
        if (h > left) return 0;
    }
    int tight = 0;
    if (ec__opt_T.has[3]) { /* the inverse's absolute entry (the cube's was read by expand) */
        int v = h48_v(c->hidx[1]);
        if (v && s->h48base + v > left) return 0;
        tight = h48_lb(v, (int)c->hraw[1]) == left;
    }
    for (int p = OPT_AXES; p < 2 * OPT_AXES; p++) {
        hx[p] = 0;
        if (!ec__opt_T.has[1]) continue;
        int h = from_mod3(P->hx[p], e2(ec__opt_T.big[1], c->idx[p]));
        hx[p] = (uint8_t)h;
        over |= h > left;
    }
    if (over) return 0;
    N->cp = c->cp;
    N->par = c->par;
    for (int a = 0; a < OPT_AXES; a++) {
        N->fs[a] = c->fs[a];
        N->tw[a] = c->tw[a];
        N->es[a] = c->es[a];
        N->cc[a] = c->cc[a];
    }
    N->hy = c->hy;
    N->he = c->he;
    if (ec__opt_T.has[3]) {
        N->ts = c->ts;
        N->hb = c->hb;
        N->inv = c->inv;
    }
    N->quarter_only = (uint8_t)tight;
    N->symo = c->symo;
    N->prev = (int8_t)c->m;
    for (int p = 0; p < OPT_HX; p++) N->hx[p] = hx[p];
    return 1;
}

/* Level k's node expanded (expand_nodes). At the batch level (s->bat), its children left
 * standing are checked whole (descend) and their own children expanded together, so the
 * chains of dependent table reads of up to 15 expansions overlap instead of following each
 * other; the run then takes them from s->bch. The batch level is the one whose children's
 * children are first left `h48base + 1` moves: there most expansions are (their children are
 * mostly pruned by the h48 entry, the expansions many and short). */
static void expand(opt_search *s, int k)
{
    static const uint8_t self = 0;
    uint8_t cnt[OPT_MAX_CHILDREN];
    s->nch[k] = (uint8_t)expand_nodes(s, k, &s->lv[k], &self, 1, s->ch[k], cnt);
    s->mv[k] = 0;
    if (k != s->bat) return;
    uint8_t list[OPT_MAX_CHILDREN] = {0};
    int np = 0, left = s->depth - k - 1;
    for (int i = 0; i < s->nch[k]; i++) {
        opt_child *c = &s->ch[k][i];
        s->bn[i] = 0;
        if (c->pruned) continue;
        if (!descend(s, &s->lv[k], c, left, &s->bnode[i])) {
            c->pruned = 2; /* checked whole here: the run passes it as pruned */
            continue;
        }
        list[np++] = (uint8_t)i;
    }
    if (np) expand_nodes(s, k + 1, s->bnode, list, np, s->bch, cnt);
    for (int j = 0, off = 0; j < np; off += cnt[j], j++) {
        s->boff[list[j]] = (uint16_t)off;
        s->bn[list[j]] = cnt[j];
    }
}

int ec__opt_search_init(opt_search *s, const ec_cube *c, const uint8_t *prefix, int np, int depth)
{
    if (!ec__opt_T.complete) return EC_E_STATE;
    if (np < 0 || depth < 0 || np + depth > OPT_MAX_DEPTH) return EC_E_RANGE;
    int64_t nodes = s->nodes;
    memset(s, 0, sizeof *s);
    s->nodes = nodes;
    s->start = *c;
    for (int i = 0; i < np; i++) {
        if (prefix[i] >= N_MOVES) return EC_E_RANGE;
        ec_cube_move(&s->start, prefix[i]);
        s->prefix[i] = prefix[i];
    }
    s->nprefix = np;
    s->depth = depth;
    s->h48base = ec__opt_T.has[3] ? ec__opt_T.big[3][0] : 0;
    s->bat = ec__opt_T.has[3] && !ec__opt_batch_off ? depth - s->h48base - 3 : -1; /* its grandchildren: h48base + 1 left */
    /* the symmetries left after the prefix's blocks (a prefix a symmetric cube never gets,
     * ec__opt_split_begin's, is searched whole) */
    uint64_t o = ec__opt_sym_off ? 1 : ec__opt_sym_fixing(c);
    for (int i = 0; i < np && (o & ~1ull); i++) {
        int x = i > 1 && same_axis(prefix[i - 2], prefix[i - 1]) ? prefix[i - 2] : -1;
        if (!ec__opt_sym_step(o, x, i ? prefix[i - 1] : -1, prefix[i], &o)) o = 1;
    }
    opt_node *n0 = &s->lv[0];
    if (set_node(n0, &s->start)) return EC_E_INTERNAL;
    n0->symo = o;
    n0->prev = (int8_t)(np ? prefix[np - 1] : -1);
    s->k = 0;
    n0->quarter_only = (uint8_t)(ec__opt_T.has[3] && h48_bound(&n0->inv) == depth);
    if (bound_node(n0) > depth) s->done = 1;
    else if (depth == 0) {
        s->done = 1;
        s->found = ec_cube_is_solved(&s->start);
    } else {
        expand(s, 0);
    }
    return EC_OK;
}

static int leaf_solves(const opt_search *s)
{
    ec_cube c = s->start;
    for (int i = 0; i < s->depth; i++) ec_cube_move(&c, s->path[i]);
    return ec_cube_is_solved(&c);
}

int ec__opt_search_run(opt_search *s, int64_t end)
{
    if (s->done) return 1;
    const int L = s->depth;
    int k = s->k;
    int64_t nodes = s->nodes;
    while (nodes < end) {
        int i = s->mv[k];
        if (i >= s->nch[k]) {
            if (k == 0) {
                s->done = 1;
                break;
            }
            k--;
            continue;
        }
        s->mv[k] = (uint8_t)(i + 1);
        const opt_child *c = &s->ch[k][i];
        nodes++;
        int left = L - k - 1;
        if (c->pruned) continue;
        if (left == 0) {
            s->path[k] = c->m;
            if (leaf_solves(s)) {
                s->found = 1;
                s->done = 1;
                break;
            }
            continue;
        }
        int k1 = k + 1;
        if (k == s->bat) { /* checked and expanded with its siblings (expand) */
            s->lv[k1] = s->bnode[i];
            memcpy(s->ch[k1], s->bch + s->boff[i], sizeof(opt_child) * s->bn[i]);
            s->nch[k1] = s->bn[i];
            s->mv[k1] = 0;
        } else {
            if (!descend(s, &s->lv[k], c, left, &s->lv[k1])) continue;
            expand(s, k1);
        }
        s->path[k] = c->m;
        k = k1;
    }
    s->k = k;
    s->nodes = nodes;
    return s->done;
}

/* ---------------------------------------------------------------- the distance call */

int ec_optimal_distance(const ec_cube *c, int64_t budget, int *len, uint8_t *moves, int cap)
{
    if (!c || !len) return EC_E_NULL;
    if (budget == 0 || budget < -1) return EC_E_RANGE;
    int rc = ec_cube_check(c, NULL, 0);
    if (rc) return rc;
    if (!ec__opt_T.complete) return EC_E_STATE;
    opt_search s; /* one on the stack (~160 KB): the root's bound from the same state */
    s.nodes = 0;
    if ((rc = ec__opt_search_init(&s, c, NULL, 0, 0))) return rc;
    int d = bound_node(&s.lv[0]);
    for (;; d++) {
        if (d > 20) return EC_E_INTERNAL; /* every cube is within 20 face turns */
        if ((rc = ec__opt_search_init(&s, c, NULL, 0, d))) return rc;
        int64_t end = budget < 0 ? INT64_MAX : budget;
        if (!ec__opt_search_run(&s, end)) {
            *len = d;
            return EC_BOUND;
        }
        if (s.found) break;
    }
    *len = d;
    if (moves) {
        if (cap < d) return EC_E_BUFFER;
        memcpy(moves, s.path, (size_t)d);
    }
    return EC_OK;
}
