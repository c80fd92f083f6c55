/*
 * individual.c - the twes individuals (tw.h): the fitness tables, packing a cube, redundancy
 * removal, mutation draws and the individuals' hashes. The fitness itself (eval_ind) is
 * inline in tw.h, as the generation loop calls it for every child.
 */
#include "solvers/twes/tw.h"

#include "core/cube.h"
#include "search/groups.h"

/* the tables (tw.h says what each holds), built once by ec__tw_tables */
static int tw_ready;
uint8_t ec__tw_lrbad[12][24];
uint8_t ec__tw_eout[12][24];
uint8_t ec__tw_cbad[8][24];
uint8_t ec__tw_yham[NPERM8];
uint8_t ec__tw_gmoves[4][18];
int ec__tw_ngmoves[4];

static void build_tables(void)
{
    ec__packed_init();
    ec__stickers_init();
    for (int i = 0; i < 12; i++)
        for (int v = 0; v < 24; v++) {
            int ep = v / 2, eo = v % 2;
            ec__tw_lrbad[i][v] = (uint8_t)ec__edge_lr_flip(i, ep, eo);
            ec__tw_eout[i][v] = (uint8_t)(i < 8 && ep >= 8);
        }
    for (int i = 0; i < 8; i++)
        for (int v = 0; v < 24; v++) ec__tw_cbad[i][v] = (uint8_t)(v % 3 != 0);
    /* the 96 corner permutations of G3, then every permutation's distance to them */
    static uint8_t g3[96][8];
    int n3 = 0;
    uint8_t p[8];
    for (int r = 0; r < NPERM8; r++) {
        ec__perm_unrank(p, 8, r, 0);
        if (ec__corner_perm_in_g3(p) && n3 < 96) memcpy(g3[n3++], p, 8);
    }
    for (int r = 0; r < NPERM8; r++) {
        ec__perm_unrank(p, 8, r, 0);
        int best = 8;
        for (int k = 0; k < n3 && best; k++) {
            int d = 0;
            for (int i = 0; i < 8; i++) d += p[i] != g3[k][i];
            if (d < best) best = d;
        }
        ec__tw_yham[r] = (uint8_t)best;
    }
    for (int g = 0; g < 4; g++) ec__tw_ngmoves[g] = ec__group_moves(g, ec__tw_gmoves[g]);
    tw_ready = 1;
}

void ec__tw_tables(void)
{
    if (!tw_ready) build_tables();
}

void ec__tw_pack(const ec_cube *c, tw_ind *x)
{
    memset(x, 0, TW_HEAD);
    ec__bcube_from_cube(c, &x->s);
}

int ec__twes_append(uint8_t *mv, int n, int base, int m, int axis_merge, int cap)
{
    int f = m / 3, q = m % 3 + 1;
    if (n > base && mv[n - 1] / 3 == f) {
        int t = (mv[n - 1] % 3 + 1 + q) & 3;
        if (!t) return n - 1;
        mv[n - 1] = (uint8_t)(f * 3 + t - 1);
        return n;
    }
    if (axis_merge && n > base + 1 && mv[n - 1] / 3 == (f + 3) % 6 && mv[n - 2] / 3 == f) {
        int t = (mv[n - 2] % 3 + 1 + q) & 3;
        if (!t) {
            mv[n - 2] = mv[n - 1];
            return n - 1;
        }
        mv[n - 2] = (uint8_t)(f * 3 + t - 1);
        return n;
    }
    if (n >= cap) return -1;
    mv[n] = (uint8_t)m;
    return n + 1;
}

int ec__twes_phase_group(int p)
{
    static const int g[EC_TWES_PHASES] = {0, 1, 1, 2, 3};
    return p >= 0 && p < EC_TWES_PHASES ? g[p] : 0;
}

int ec__twes_draw(ec_rng *r, int p, int s, uint8_t *out)
{
    ec__tw_tables();
    int g = ec__twes_phase_group(p);
    int l = (int)below(r, (uint32_t)s + 1);
    for (int k = 0; k < l; k++) out[k] = ec__tw_gmoves[g][below(r, (uint32_t)ec__tw_ngmoves[g])];
    return l;
}

int ec__twes_eval(const ec_cube *c, int nmoves, int p, const int w[5], int *viol)
{
    ec__tw_tables();
    tw_ind x;
    ec__tw_pack(c, &x);
    x.n = (uint8_t)(nmoves < 0 ? 0 : nmoves > 255 ? 255 : nmoves);
    int v;
    int f = eval_ind(&x, p, w, &v);
    if (viol) *viol = v;
    return f;
}

uint64_t ec__tw_hash_state(const tw_ind *x)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 8; i++) h = (h ^ x->s.c[i]) * 1099511628211ull;
    for (int i = 0; i < 12; i++) h = (h ^ x->s.e[i]) * 1099511628211ull;
    h ^= h >> 29;
    return h ? h : 1;
}

uint64_t ec__tw_hash_moves(const tw_ind *x)
{
    uint64_t h = 1469598103934665603ull ^ x->n;
    for (int i = 0; i < x->n; i++) h = (h ^ x->mv[i]) * 1099511628211ull;
    h ^= h >> 29;
    return h ? h : 1;
}
