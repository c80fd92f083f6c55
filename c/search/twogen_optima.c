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
 * Every search is a loop over an explicit stack (ec__ur_search, optima.h), so it can stop
 * after a slice of nodes and go on later with the same result (HuGO!'s plan spreads its block
 * choice over work units so); the plain functions run one to its end.
 * The reduction (ec__ur_reduce, ec__ur_joint): IDA* with all 18 face turns, bounded by the
 * largest of optima.c's three 2x2x3-block tables and two exact tables of the goal's parts
 * (ec__ur_reduce_bound reads all five):
 *   corner permutation (40,320) to "DLF DBL home, the free six in a reached arrangement"  40,320
 *   edge orientation (2048) x which 5 slots hold the block's edges (792) to "none flipped,
 *   the block's edges in the block's slots"                                            1,622,016
 * Move tables for these coordinates: about 170 KB. With the block tables (697 KB, optima.c)
 * ec_optima_bytes reads 4,363,776 after ec__ur_init, which builds them all on first use
 * (idempotent, not thread-safe until built; out of memory, it keeps none of the five <U,R>
 * tables): about 0.4 s of CPU natively on a loaded 2-core machine (throwaway clock()
 * driver), about 108 million units of ec__bfs_run's work. ec__ur_build does the same build
 * in slices of that work (module-wide state: the stage and the search under way), so a
 * caller's step never does all of it (HuGO!'s plan: 2.3 s in wasm whole). Measured on 300 random <U,R> cubes (mean
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
static int ready, setup; /* ready: all built; setup: the move tables and c120 */

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

/* the move tables and the 120 arrangements: a fixed amount of work (about 50,000 byte-cube
 * turns), done whole */
static int ur_setup(void)
{
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
    setup = 1;
    return EC_OK;
}

/* The build in slices (optima.h, ec__ur_build): stage 0 the setup, 1 optima.c's block tables
 * (the reduction's bound), 2..6 the five tables below, each one breadth-first search (ub, the
 * one under way; its table is kept only when all five are built). */
#define UR_STAGES 7
static ec__bfs ub;
static int stage, ub_busy;
static uint8_t **const ur_tab[5] = {&dC, &dE, &dT, &dRA, &dRB};
static const uint32_t ur_size[5] = {NCP * NTW, 120 * NEP, NTW * NEP, 40320, NFLIP * NCOMB};
static const uint8_t ur_nm[5] = {6, 6, 6, 18, 18};
static ec__next_fn const ur_next[5] = {c_next, e_next, t_next, ra_next, rb_next};
static int (*const ur_source[5])(uint32_t) = {zero_source, zero_source, zero_source, ra_source, rb_source};

int ec__ur_build(int64_t *slice)
{
    if (ready) return EC_OK;
    if (stage == 0) {
        int rc = setup ? EC_OK : ur_setup();
        if (rc) return rc;
        *slice -= 50000;
        stage = 1;
    }
    if (stage == 1) {
        int rc = ec__block_build(slice);
        if (rc) return rc; /* EC_RUNNING, or the block tables out of memory */
        stage = 2;
    }
    for (; stage < UR_STAGES; stage++) {
        int t = stage - 2;
        if (!ub_busy) {
            if (*slice <= 0) return EC_RUNNING;
            if (ec__bfs_start(&ub, ur_size[t], ur_nm[t], ur_next[t], ur_source[t])) {
                /* all five or none: the ones built before it are freed, and a later build
                 * starts again from the first */
                for (int k = 0; k < t; k++) ec__optima_drop(ur_tab[k], ur_size[k]);
                stage = 2;
                return EC_E_NOMEM;
            }
            ub_busy = 1;
        }
        if (ec__bfs_run(&ub, slice) == EC_RUNNING) return EC_RUNNING;
        *ur_tab[t] = ub.d, ub_busy = 0;
    }
    ready = 1;
    return EC_OK;
}

int ec__ur_build_done(int *total)
{
    if (total) *total = UR_STAGES + 2;
    if (ready) return UR_STAGES + 2;
    return (stage > 0) + ec__block_tables_done() + (stage > 2 ? stage - 2 : 0);
}

int ec__ur_init(void)
{
    int64_t slice = INT64_MAX;
    return ec__ur_build(&slice);
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

int ec__ur_bound(const ec_bcube *s) { return t_bound(cp_of(s), tw_of(s), ep_of(s)); }

uint32_t ec__ur_key(const ec_bcube *s) { return (uint32_t)cp_of(s) | (uint32_t)tw_of(s) << 10 | (uint32_t)ep_of(s) << 18; }

int ec__ur_key_turn(uint32_t *key, int m)
{
    uint32_t k = *key;
    int cp = cpM[k & 1023][m], tw = twM[k >> 10 & 255][m], ep = epM[k >> 18][m];
    *key = (uint32_t)cp | (uint32_t)tw << 10 | (uint32_t)ep << 18;
    return t_bound(cp, tw, ep);
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

/* ------------------------------------------------------------------ the searches, resumable */

/* Each search is the recursion of an IDA* or a depth-first search written as a loop over an
 * explicit stack (optima.h, ec__ur_search): a frame whose m is -1 is a node not entered yet;
 * entering it costs one node of the search's budget and one of the slice, checked first, so
 * a search stops only between nodes and goes on from there. */

enum { UR_DISTANCE, UR_REDUCE, UR_JOINT };         /* kind */
enum { ST_T, ST_R, ST_J, ST_DONE };                /* stage: what runs next */

/* the <U,R> IDA* from reduced s: depths from its bound up to limit */
static void t_begin(ec__ur_search *q, const ec_bcube *s, int limit)
{
    q->t[0].cp = (uint16_t)cp_of(s), q->t[0].tw = (uint8_t)tw_of(s), q->t[0].ep = (uint16_t)ep_of(s);
    q->limit = limit;
    q->depth = t_bound(q->t[0].cp, q->t[0].tw, q->t[0].ep) - 1;
    q->tn = 0;
}

/* a node's entry in the two IDA* loops below: EC_RUNNING when the slice is spent, EC_BOUND
 * when the search's budget is (q->len: the depth it reached), else EC_OK with the node counted
 * off both */
static int ur_enter(ec__ur_search *q, int64_t *slice)
{
    if (*slice <= 0) return EC_RUNNING;
    --*slice;
    if (--q->nodes < 0) {
        q->len = q->depth;
        return EC_BOUND;
    }
    return EC_OK;
}

/* EC_OK: solved at q->len = the depth; EC_BOUND: past the limit (q->len = limit + 1, or the
 * bound when that is already past it) or out of nodes (q->len = the depth); EC_RUNNING */
static int t_run(ec__ur_search *q, int64_t *slice)
{
    for (;;) {
        if (q->tn == 0) { /* the next depth: the root again */
            if (++q->depth > q->limit) {
                q->len = q->depth;
                return EC_BOUND;
            }
            q->t[0].pf = -1, q->t[0].depth = (int8_t)q->depth, q->t[0].m = -1;
            q->tn = 1;
        }
        ec__ur_tframe *f = &q->t[q->tn - 1];
        if (f->m < 0) {
            int rc = ur_enter(q, slice);
            if (rc) return rc;
            int h = t_bound(f->cp, f->tw, f->ep);
            if (h > f->depth) {
                q->tn--;
                continue;
            }
            if (!h) {
                q->len = q->depth;
                return EC_OK;
            }
            f->m = 0;
        }
        int m = f->m;
        while (m < 6 && m / 3 == f->pf) m++;
        if (m == 6) {
            q->tn--;
            continue;
        }
        f->m = (int8_t)(m + 1);
        if (q->tn == EC__UR_STACK) return EC_E_STATE;
        ec__ur_tframe *c = f + 1;
        c->cp = cpM[f->cp][m], c->tw = twM[f->tw][m], c->ep = epM[f->ep][m];
        c->pf = (int8_t)(m / 3), c->depth = (int8_t)(f->depth - 1), c->m = -1;
        q->tn++;
    }
}

/* a frame of the 18-turn stack: child of f by turn m */
static int r_push(ec__ur_search *q, int m, int depth)
{
    if (q->rn == EC__UR_STACK) return EC_E_STATE;
    ec__ur_rframe *c = &q->r[q->rn];
    c->s = q->r[q->rn - 1].s;
    ec__bcube_move(&c->s, m);
    c->prev = (int8_t)m, c->depth = (int8_t)depth, c->m = -1;
    q->rn++;
    return EC_OK;
}

/* the least reduction: IDA* with all 18 turns from q->root (q->depth: the depth before the
 * next; no limit but the budget). EC_OK: q->len turns; EC_BOUND: out of nodes; EC_RUNNING */
static int r_run(ec__ur_search *q, int64_t *slice)
{
    for (;;) {
        if (q->rn == 0) {
            q->depth++;
            q->r[0].s = q->root, q->r[0].prev = -1, q->r[0].depth = (int8_t)q->depth, q->r[0].m = -1;
            q->rn = 1;
        }
        ec__ur_rframe *f = &q->r[q->rn - 1];
        if (f->m < 0) {
            int rc = ur_enter(q, slice);
            if (rc) return rc;
            int h = r_bound(&f->s);
            if (h > f->depth) {
                q->rn--;
                continue;
            }
            if (!h) {
                q->len = q->depth;
                return EC_OK;
            }
            f->m = 0;
        }
        int m = f->m;
        while (m < 18 && !ec__move_follows(f->prev, m)) m++;
        if (m == 18) {
            q->rn--;
            continue;
        }
        f->m = (int8_t)(m + 1);
        int rc = r_push(q, m, f->depth - 1);
        if (rc) return rc;
    }
}

/* the joint search: every reduction of at most maxk turns (a reduced cube ends it: turns of U
 * and R after it belong to the solve; frame k of the stack is k turns in), each followed by
 * its exact <U,R> solve when that could beat the best. EC_OK, EC_BOUND (out of nodes, or no
 * solve completed), EC_RUNNING */
static int j_run(ec__ur_search *q, int64_t *slice)
{
    for (;;) {
        if (q->nested) { /* a reduced leaf's solve, below the best so far */
            int rc = t_run(q, slice);
            if (rc == EC_RUNNING || rc < 0) return rc;
            q->nested = 0;
            int k = q->rn - 1;
            if (rc == EC_OK) q->best = k + q->len, q->red = k, q->solve = q->len;
            if (q->nodes <= 0) q->out = 1;
            q->rn--;
        }
        if (q->out || q->rn == 0) return q->out || q->solve < 0 ? EC_BOUND : EC_OK;
        ec__ur_rframe *f = &q->r[q->rn - 1];
        int k = q->rn - 1;
        if (f->m < 0) {
            if (*slice <= 0) return EC_RUNNING;
            --*slice;
            if (q->nodes <= 0) {
                q->out = 1;
                continue;
            }
            --q->nodes;
            int h = r_bound(&f->s);
            if (!h) { /* reduced (r_bound is 0 exactly there) */
                t_begin(q, &f->s, q->best - k - 1);
                q->nested = 1;
                continue;
            }
            if (k + h > q->maxk || k + h >= q->best) {
                q->rn--;
                continue;
            }
            f->m = 0;
        }
        int m = f->m;
        while (m < 18 && !ec__move_follows(f->prev, m)) m++;
        if (m == 18) {
            q->rn--;
            continue;
        }
        f->m = (int8_t)(m + 1);
        int rc = r_push(q, m, 0);
        if (rc) return rc;
    }
}

static int search_init(ec__ur_search *q, int kind, const ec_bcube *s, int64_t nodes)
{
    int rc = ec__ur_init();
    if (rc) return rc;
    q->kind = kind;
    q->nodes = nodes;
    q->root = *s;
    q->rn = q->tn = q->nested = q->out = 0;
    q->len = q->red = q->solve = 0;
    q->rc = EC_RUNNING;
    return EC_OK;
}

int ec__ur_search_distance(ec__ur_search *q, const ec_bcube *s, int limit, int64_t nodes)
{
    int rc = search_init(q, UR_DISTANCE, s, nodes);
    if (rc) return rc;
    if (!ec__ur_reduced(s)) return EC_E_GROUP;
    t_begin(q, s, limit);
    q->stage = ST_T;
    return EC_OK;
}

static int reduce_init(ec__ur_search *q, int kind, const ec_bcube *s, int64_t nodes)
{
    int rc = search_init(q, kind, s, nodes);
    if (rc) return rc;
    q->depth = r_bound(s) - 1;
    q->stage = ST_R;
    return EC_OK;
}

int ec__ur_search_reduce(ec__ur_search *q, const ec_bcube *s, int64_t nodes) { return reduce_init(q, UR_REDUCE, s, nodes); }

int ec__ur_search_joint(ec__ur_search *q, const ec_bcube *s, int slack, int64_t nodes)
{
    int rc = reduce_init(q, UR_JOINT, s, nodes);
    q->maxk = slack; /* + the least reduction, once known */
    return rc;
}

int ec__ur_search_run(ec__ur_search *q, int64_t *slice)
{
    int rc;
    switch (q->stage) {
    case ST_T:
        rc = t_run(q, slice);
        break;
    case ST_R:
        rc = r_run(q, slice);
        if (rc == EC_RUNNING) return rc;
        if (q->kind == UR_REDUCE || rc < 0) break;
        if (rc == EC_BOUND) { /* the reduction alone, out of nodes */
            q->red = q->len, q->solve = -1;
            break;
        }
        q->maxk += q->len, q->best = 1 << 20, q->red = q->len, q->solve = -1;
        q->r[0].s = q->root, q->r[0].prev = -1, q->r[0].depth = 0, q->r[0].m = -1;
        q->rn = 1;
        q->stage = ST_J;
        /* fall through */
    case ST_J:
        rc = j_run(q, slice);
        break;
    default:
        return q->rc;
    }
    if (rc == EC_RUNNING) return EC_RUNNING;
    q->stage = ST_DONE;
    return q->rc = rc;
}

/* one search run to its end */
static int run_whole(ec__ur_search *q, int64_t *nodes)
{
    int64_t slice = INT64_MAX;
    int rc = ec__ur_search_run(q, &slice);
    *nodes = q->nodes;
    return rc;
}

int ec__ur_distance(const ec_bcube *s, int limit, int64_t *nodes, int *len)
{
    ec__ur_search q;
    int rc = ec__ur_search_distance(&q, s, limit, *nodes);
    if (rc) return rc;
    rc = run_whole(&q, nodes);
    if (rc >= 0) *len = q.len;
    return rc;
}

int ec__ur_reduce(const ec_bcube *s, int64_t *nodes, int *len)
{
    ec__ur_search q;
    int rc = ec__ur_search_reduce(&q, s, *nodes);
    if (rc) return rc;
    rc = run_whole(&q, nodes);
    if (rc >= 0) *len = q.len;
    return rc;
}

int ec__ur_joint(const ec_bcube *s, int slack, int64_t *nodes, int *red, int *solve)
{
    ec__ur_search q;
    int rc = ec__ur_search_joint(&q, s, slack, *nodes);
    if (rc) return rc;
    rc = run_whole(&q, nodes);
    if (rc >= 0) *red = q.red, *solve = q.solve;
    return rc;
}
