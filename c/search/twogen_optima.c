/*
 * twogen_optima.c - exact distances of HuGO!'s last two phases, in location 0's frame (free
 * faces U and R; the 2x2x3 block DLF DBL DF DL DB FL BL; another location is seen through
 * ec__block_view). Declarations and return values: optima.h.
 *
 * Reduced cube: in <U,R>, i.e. block home, all 12 edges unflipped (U and R never flip an edge
 * in the cubie model's orientation), the six free corners (URF UFL ULB UBR DFR DRB) in one of
 * the 120 arrangements <U,R> reaches (found by breadth-first search, nothing hand-typed).
 *
 * The <U,R> solve (ec__ur_distance): IDA* over three coordinates of the reduced cube, with U
 * and R turns only (a turn never follows one of the same face), bounded by the largest of
 * three exact tables (bytes, breadth-first from solved; ec__ur_bound reads them):
 *   arrangement of the 6 free corners (720, 120 reached) x their twists (243)    174,960
 *   the 120 corner arrangements x the 7 free edges' arrangement (5040)           604,800
 *   the corners' twists (243) x the edges' arrangement (5040)                  1,224,720
 * The reduction (ec__ur_reduce, ec__ur_joint): IDA* with all 18 face turns, bounded by the
 * largest of optima.c's three 2x2x3-block tables and two exact tables of the goal's parts
 * (ec__ur_reduce_bound reads all five):
 *   corner permutation (40,320) to "DLF DBL home, the free six in a reached arrangement"  40,320
 *   edge orientation (2048) x which 5 slots hold the block's edges (792) to "none flipped,
 *   the block's edges in the block's slots"                                            1,622,016
 * Move tables for these coordinates: about 170 KB. With the block tables (697 KB, optima.c)
 * ec_optima_bytes reads 4,363,776 after ec__ur_init, which builds them all on first use
 * (idempotent, not thread-safe on the first call; out of memory, it keeps none of the five
 * <U,R> tables): about 0.4 s of CPU natively on a loaded 2-core machine (throwaway clock()
 * driver). Measured on 300 random <U,R> cubes (mean
 * distance 15.79, the largest 18): the bound averages 12.4; an exact solve takes about 1,100
 * nodes, 0.02 ms; the least reduction + solve of a cube 8 random turns from a reduced one
 * (slack 1) about 6,800 nodes, 0.7 ms. The bounds cost about 17 ns (<U,R>) and 52 ns
 * (reduction) per cube.
 */
#include <string.h>

#include "core/cube.h"
#include "core/perm.h"
#include "search/optima.h"

#define NCP 720
#define NTW 243
#define NEP 5040
#define NFLIP 2048
#define NCOMB 792

static const uint8_t fc[6] = {0, 1, 2, 3, 4, 7}, fe[7] = {0, 1, 2, 3, 4, 8, 11};
static const uint8_t bc[2] = {5, 6}, be[5] = {5, 6, 7, 9, 10}; /* the block's corners and edges */
static int8_t lc[8], le[12];                                     /* slot -> index in fc / fe, or -1 */
static uint16_t cpM[NCP][6], epM[NEP][6], flipM[NFLIP][18], combM[NCOMB][18];
static uint8_t twM[NTW][6];
static int16_t c120[NCP];
static uint16_t c120inv[120];
static uint8_t *dC, *dE, *dT, *dRA, *dRB;
static int binom[13][6], comb_home;
static int ready;

/* ------------------------------------------------------------------ coordinates */

static int comb_rank(const uint8_t *in) /* in[12]: 1 where a block edge sits; colex rank */
{
    int r = 0, k = 0;
    for (int i = 0; i < 12; i++)
        if (in[i]) r += binom[i][++k];
    return r;
}
static void comb_unrank(int r, uint8_t *in)
{
    memset(in, 0, 12);
    for (int i = 11, k = 5; i >= 0 && k > 0; i--)
        if (binom[i][k] <= r) r -= binom[i][k], in[i] = 1, k--;
}

/* the rank of the arrangement of the n pieces in slots[] (byte cube values v = piece * unit +
 * orientation), each piece named by its index in the free set (local[]) */
static inline int slot_rank(const uint8_t *v, const uint8_t *slots, const int8_t *local, int n, int unit)
{
    uint8_t p[7];
    for (int i = 0; i < n; i++) p[i] = (uint8_t)local[v[slots[i]] / unit];
    return ec__perm_rank(p, n);
}

static int cp_of(const ec_bcube *s) { return slot_rank(s->c, fc, lc, 6, 3); }
static int tw_of(const ec_bcube *s)
{
    int t = 0;
    for (int i = 0; i < 5; i++) t = t * 3 + s->c[fc[i]] % 3;
    return t;
}
static int ep_of(const ec_bcube *s) { return slot_rank(s->e, fe, le, 7, 2); }
static int flip_of(const ec_bcube *s)
{
    int f = 0;
    for (int i = 0; i < 11; i++) f |= (s->e[i] & 1) << i;
    return f;
}
static int comb_of(const ec_bcube *s)
{
    uint8_t in[12];
    for (int i = 0; i < 12; i++) {
        int cub = s->e[i] / 2;
        in[i] = cub == 5 || cub == 6 || cub == 7 || cub == 9 || cub == 10;
    }
    return comb_rank(in);
}
static int cperm8_of(const ec_bcube *s)
{
    uint8_t p[8];
    for (int i = 0; i < 8; i++) p[i] = s->c[i] / 3;
    return ec__perm_rank(p, 8);
}
/* the free corners' arrangement, as a rank over 6 (the block corners home), or -1 */
static int free_rank8(const uint8_t *p8)
{
    if (p8[5] != 5 || p8[6] != 6) return -1;
    uint8_t p[6];
    for (int i = 0; i < 6; i++) p[i] = (uint8_t)lc[p8[fc[i]]];
    return ec__perm_rank(p, 6);
}

/* ------------------------------------------------------------------ tables */

static uint32_t c_next(uint32_t i, int m) { return (uint32_t)cpM[i / NTW][m] * NTW + twM[i % NTW][m]; }
static uint32_t e_next(uint32_t i, int m)
{
    return (uint32_t)c120[cpM[c120inv[i / NEP]][m]] * NEP + epM[i % NEP][m];
}
static uint32_t t_next(uint32_t i, int m) { return (uint32_t)twM[i / NEP][m] * NEP + epM[i % NEP][m]; }
static int zero_source(uint32_t i) { return i == 0; }
static uint32_t ra_next(uint32_t i, int m)
{
    uint8_t p[8], q[8];
    ec__perm_unrank(p, 8, (int)i, 0);
    memcpy(q, p, 8);
    const ec_bturn *t = &ec__bturn[m];
    for (int k = 0; k < 4; k++) q[t->cdst[k]] = p[t->csrc[k]];
    return (uint32_t)ec__perm_rank(q, 8);
}
static int ra_source(uint32_t i)
{
    uint8_t p[8];
    ec__perm_unrank(p, 8, (int)i, 0);
    int r = free_rank8(p);
    return r >= 0 && c120[r] >= 0;
}
static uint32_t rb_next(uint32_t i, int m) { return (uint32_t)flipM[i / NCOMB][m] * NCOMB + combM[i % NCOMB][m]; }
static int rb_source(uint32_t i) { return i == (uint32_t)comb_home; }

int ec__ur_init(void)
{
    if (ready) return EC_OK;
    ec__packed_init();
    memset(lc, -1, sizeof lc);
    memset(le, -1, sizeof le);
    for (int i = 0; i < 6; i++) lc[fc[i]] = (int8_t)i;
    for (int i = 0; i < 7; i++) le[fe[i]] = (int8_t)i;
    for (int m = 0; m < 6; m++) /* codes 0..5 are U, U2, U', R, R2, R' and move free slots only */
        for (int k = 0; k < 4; k++)
            if (lc[ec__bturn[m].cdst[k]] < 0 || le[ec__bturn[m].edst[k]] < 0 || ec__bturn[m].efl[k]) return EC_E_STATE;
    for (int n = 0; n < 13; n++)
        for (int k = 0; k < 6; k++) binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    ec_bcube id;
    for (int i = 0; i < 8; i++) id.c[i] = (uint8_t)(i * 3);
    for (int i = 0; i < 12; i++) id.e[i] = (uint8_t)(i * 2);
    /* <U,R> move tables, by turning a representative byte cube */
    for (int r = 0; r < NCP; r++) {
        uint8_t p[6];
        ec__perm_unrank(p, 6, r, 0);
        for (int m = 0; m < 6; m++) {
            ec_bcube x = id;
            for (int i = 0; i < 6; i++) x.c[fc[i]] = (uint8_t)(fc[p[i]] * 3);
            ec__bcube_move(&x, m);
            cpM[r][m] = (uint16_t)cp_of(&x);
        }
    }
    for (int t = 0; t < NTW; t++)
        for (int m = 0; m < 6; m++) {
            ec_bcube x = id;
            int sum = 0;
            for (int i = 4, v = t; i >= 0; i--, v /= 3) x.c[fc[i]] = (uint8_t)(fc[i] * 3 + v % 3), sum += v % 3;
            x.c[fc[5]] = (uint8_t)(fc[5] * 3 + (3 - sum % 3) % 3);
            ec__bcube_move(&x, m);
            twM[t][m] = (uint8_t)tw_of(&x);
        }
    for (int r = 0; r < NEP; r++) {
        uint8_t p[7];
        ec__perm_unrank(p, 7, r, 0);
        for (int m = 0; m < 6; m++) {
            ec_bcube x = id;
            for (int i = 0; i < 7; i++) x.e[fe[i]] = (uint8_t)(fe[p[i]] * 2);
            ec__bcube_move(&x, m);
            epM[r][m] = (uint16_t)ep_of(&x);
        }
    }
    /* the 120 reached corner arrangements */
    uint16_t q[NCP];
    int qh = 0, qt = 0, n = 0;
    memset(c120, -1, sizeof c120);
    c120[0] = 0, c120inv[n++] = 0, q[qt++] = 0;
    while (qh < qt) {
        int r = q[qh++];
        for (int m = 0; m < 6; m++) {
            int r2 = cpM[r][m];
            if (c120[r2] < 0 && n < 120) c120[r2] = (int16_t)n, c120inv[n++] = (uint16_t)r2, q[qt++] = (uint16_t)r2;
        }
    }
    if (n != 120 || qt != 120) return EC_E_STATE;
    /* the reduction's coordinates under all 18 turns */
    for (int f = 0; f < NFLIP; f++)
        for (int m = 0; m < 18; m++) {
            ec_bcube x = id;
            int par = 0;
            for (int i = 0; i < 11; i++) x.e[i] = (uint8_t)(i * 2 + (f >> i & 1)), par ^= f >> i & 1;
            x.e[11] = (uint8_t)(22 + par);
            ec__bcube_move(&x, m);
            flipM[f][m] = (uint16_t)flip_of(&x);
        }
    for (int r = 0; r < NCOMB; r++)
        for (int m = 0; m < 18; m++) {
            uint8_t in[12];
            comb_unrank(r, in);
            ec_bcube x = id;
            for (int i = 0, b = 0, o = 0; i < 12; i++) { /* block cubies in the chosen slots, others elsewhere */
                static const uint8_t other[7] = {0, 1, 2, 3, 4, 8, 11};
                x.e[i] = in[i] ? (uint8_t)(be[b++] * 2) : (uint8_t)(other[o++] * 2);
            }
            ec__bcube_move(&x, m);
            combM[r][m] = (uint16_t)comb_of(&x);
        }
    comb_home = comb_of(&id);
    ec_cube solved, seen;
    ec_cube_solved(&solved);
    int rc = ec__block_view(&solved, 0, &seen); /* builds optima.c's block tables (the reduction's bound) */
    if (rc) return rc;
    /* all five or none: a failed allocation frees the ones built before it, so the tables are
     * either complete (ready) or absent, and a later call builds them all */
    dC = ec__optima_bfs(NCP * NTW, 6, c_next, zero_source);
    if (dC) dE = ec__optima_bfs(120 * NEP, 6, e_next, zero_source);
    if (dE) dT = ec__optima_bfs(NTW * NEP, 6, t_next, zero_source);
    if (dT) dRA = ec__optima_bfs(40320, 18, ra_next, ra_source);
    if (dRA) dRB = ec__optima_bfs(NFLIP * NCOMB, 18, rb_next, rb_source);
    if (!dC || !dE || !dT || !dRA || !dRB) {
        ec__optima_drop(&dC, NCP * NTW);
        ec__optima_drop(&dE, 120 * NEP);
        ec__optima_drop(&dT, NTW * NEP);
        ec__optima_drop(&dRA, 40320);
        return EC_E_NOMEM;
    }
    ready = 1;
    return EC_OK;
}

int ec__ur_reduced(const ec_bcube *s)
{
    for (int i = 0; i < 2; i++)
        if (s->c[bc[i]] != bc[i] * 3) return 0;
    for (int i = 0; i < 5; i++)
        if (s->e[be[i]] != be[i] * 2) return 0;
    for (int i = 0; i < 12; i++)
        if (s->e[i] & 1) return 0;
    return c120[cp_of(s)] >= 0;
}

/* ------------------------------------------------------------------ the <U,R> solve */

static int t_bound(int cp, int tw, int ep)
{
    int a = dC[cp * NTW + tw], b = dE[c120[cp] * NEP + ep], c = dT[tw * NEP + ep];
    a = a > b ? a : b;
    return a > c ? a : c;
}

/* 1: solved within depth; 0: not; -1: out of nodes */
static int t_dfs(int cp, int tw, int ep, int depth, int pf, int64_t *nodes)
{
    if (--*nodes < 0) return -1;
    int h = t_bound(cp, tw, ep);
    if (h > depth) return 0;
    if (!h) return 1;
    for (int m = 0; m < 6; m++) {
        if (m / 3 == pf) continue;
        int r = t_dfs(cpM[cp][m], twM[tw][m], epM[ep][m], depth - 1, m / 3, nodes);
        if (r) return r;
    }
    return 0;
}

int ec__ur_bound(const ec_bcube *s) { return t_bound(cp_of(s), tw_of(s), ep_of(s)); }

uint32_t ec__ur_key(const ec_bcube *s) { return (uint32_t)cp_of(s) | (uint32_t)tw_of(s) << 10 | (uint32_t)ep_of(s) << 18; }

int ec__ur_key_turn(uint32_t *key, int m)
{
    uint32_t k = *key;
    int cp = cpM[k & 1023][m], tw = twM[k >> 10 & 255][m], ep = epM[k >> 18][m];
    *key = (uint32_t)cp | (uint32_t)tw << 10 | (uint32_t)ep << 18;
    return t_bound(cp, tw, ep);
}

int ec__ur_distance(const ec_bcube *s, int limit, int64_t *nodes, int *len)
{
    int rc = ec__ur_init();
    if (rc) return rc;
    if (!ec__ur_reduced(s)) return EC_E_GROUP;
    int cp = cp_of(s), tw = tw_of(s), ep = ep_of(s), d = t_bound(cp, tw, ep);
    for (; d <= limit; d++) {
        int r = t_dfs(cp, tw, ep, d, -1, nodes);
        if (r) {
            *len = d;
            return r > 0 ? EC_OK : EC_BOUND;
        }
    }
    *len = d;
    return EC_BOUND;
}

/* ------------------------------------------------------------------ the reduction */

static int r_bound(const ec_bcube *s)
{
    uint8_t v[7];
    for (int i = 0; i < 8; i++) {
        int cub = s->c[i] / 3;
        if (cub == 5 || cub == 6) v[cub - 5] = (uint8_t)(i * 3 + s->c[i] % 3);
    }
    for (int i = 0; i < 12; i++) {
        int cub = s->e[i] / 2;
        for (int k = 0; k < 5; k++)
            if (cub == be[k]) v[2 + k] = (uint8_t)(i * 2 + (s->e[i] & 1));
    }
    int h = ec__block_bound(v), a = dRA[cperm8_of(s)], b = dRB[flip_of(s) * NCOMB + comb_of(s)];
    h = a > h ? a : h;
    return b > h ? b : h;
}

int ec__ur_reduce_bound(const ec_bcube *s) { return r_bound(s); }

/* 1: reduced within depth; 0: not; -1: out of nodes (the three tables' bound is 0 exactly on
 * reduced cubes) */
static int r_dfs(const ec_bcube *s, int depth, int prev, int64_t *nodes)
{
    if (--*nodes < 0) return -1;
    int h = r_bound(s);
    if (h > depth) return 0;
    if (!h) return 1;
    for (int m = 0; m < 18; m++) {
        if (!ec__move_follows(prev, m)) continue;
        ec_bcube t = *s;
        ec__bcube_move(&t, m);
        int r = r_dfs(&t, depth - 1, m, nodes);
        if (r) return r;
    }
    return 0;
}

int ec__ur_reduce(const ec_bcube *s, int64_t *nodes, int *len)
{
    int rc = ec__ur_init();
    if (rc) return rc;
    for (int d = r_bound(s);; d++) {
        int r = r_dfs(s, d, -1, nodes);
        if (r) {
            *len = d;
            return r > 0 ? EC_OK : EC_BOUND;
        }
    }
}

typedef struct joint {
    int64_t *nodes;
    int maxk, best, red, solve, out;
} joint;

/* every reduction of at most maxk turns (a reduced cube ends it: turns of U and R after it
 * belong to the solve), each followed by its exact <U,R> solve when that could beat the best */
static void j_dfs(joint *j, const ec_bcube *s, int k, int prev)
{
    if (*j->nodes <= 0) {
        j->out = 1;
        return;
    }
    --*j->nodes;
    int h = r_bound(s);
    if (!h) {
        int t, rc = ec__ur_distance(s, j->best - k - 1, j->nodes, &t);
        if (rc == EC_OK) j->best = k + t, j->red = k, j->solve = t;
        if (*j->nodes <= 0) j->out = 1;
        return;
    }
    if (k + h > j->maxk || k + h >= j->best) return;
    for (int m = 0; m < 18 && !j->out; m++) {
        if (!ec__move_follows(prev, m)) continue;
        ec_bcube t = *s;
        ec__bcube_move(&t, m);
        j_dfs(j, &t, k + 1, m);
    }
}

int ec__ur_joint(const ec_bcube *s, int slack, int64_t *nodes, int *red, int *solve)
{
    int r, rc = ec__ur_reduce(s, nodes, &r);
    if (rc < 0) return rc;
    if (rc == EC_BOUND) {
        *red = r, *solve = -1;
        return EC_BOUND;
    }
    joint j = {nodes, r + slack, 1 << 20, r, -1, 0};
    j_dfs(&j, s, 0, -1);
    *red = j.red, *solve = j.solve;
    return j.out || j.solve < 0 ? EC_BOUND : EC_OK;
}
