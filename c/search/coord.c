/*
 * coord.c - the two-phase coordinates (see coord.h for their definitions) and their move
 * tables, built once per process from the cubie model: for every coordinate value a cube
 * with that coordinate is made, each move applied, and the coordinate read back.
 * Cost: about 1.0 million cube multiplications (~15 ms native), 1.8 MB of tables.
 */
#include "search/coord.h"

#include <stdlib.h>
#include <string.h>

#include "core/cube.h"
#include "core/perm.h"

uint16_t *ec__twistMove, *ec__flipMove, *ec__cpermMove, *ec__epermMove;
uint16_t ec__sliceMove[N_SLICE * N_MOVES];
uint8_t ec__mpermMove[N_MPERM * N_P2MOVES];
uint16_t ec__ccombpMove[N_CCOMBP * N_P2MOVES];
uint8_t *ec__cpermToCcombp;
uint16_t ec__ecombpMove[N_CCOMBP * N_P2MOVES], ec__fbcombpMove[N_CCOMBP * N_P2MOVES];
uint8_t ec__permToFbcombp[40320];
uint16_t *ec__permInv;
uint8_t ec__mpermInv[N_MPERM];
const uint8_t ec__p2_move[N_P2MOVES] = {0, 1, 2, 9, 10, 11, 4, 7, 13, 16};

static int ready;

/* binomial coefficients C(n, k) for n 0..11, k 0..4 (0 when k > n): the colex ranks read
 * them for every slice and ccombp coordinate, on the search's pre-move path too (a loop
 * with a division was 5.7% of the <= 20 search's samples). Ranks of 4-subsets need k <= 4;
 * any other k reads 0, so even a cube with more than four slice edges ranks in 0..494. */
static const uint16_t binomial[12][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0},
    {1, 4, 6, 4, 1}, {1, 5, 10, 10, 5}, {1, 6, 15, 20, 15}, {1, 7, 21, 35, 35},
    {1, 8, 28, 56, 70}, {1, 9, 36, 84, 126}, {1, 10, 45, 120, 210}, {1, 11, 55, 165, 330},
};
static inline int binom(int n, int k) { return n < 0 || n > 11 || k < 0 || k > 4 ? 0 : binomial[n][k]; }

int ec__get_twist(const ec_cube *c)
{
    int v = 0;
    for (int i = 0; i < 7; i++) v = v * 3 + c->co[i];
    return v;
}

void ec__set_twist(ec_cube *c, int v)
{
    int sum = 0;
    for (int i = 6; i >= 0; i--) {
        c->co[i] = (uint8_t)(v % 3);
        sum += c->co[i];
        v /= 3;
    }
    c->co[7] = (uint8_t)((3 - sum % 3) % 3);
}

int ec__get_flip(const ec_cube *c)
{
    int v = 0;
    for (int i = 0; i < 11; i++) v = v * 2 + c->eo[i];
    return v;
}

void ec__set_flip(ec_cube *c, int v)
{
    int sum = 0;
    for (int i = 10; i >= 0; i--) {
        c->eo[i] = (uint8_t)(v & 1);
        sum += c->eo[i];
        v >>= 1;
    }
    c->eo[11] = (uint8_t)(sum & 1);
}

/* colex rank of the set of slots holding edges 8..11 */
int ec__get_slice(const ec_cube *c)
{
    int v = 0, k = 0;
    for (int i = 0; i < 12; i++) { /* without a branch per edge (they mispredicted) */
        int in = c->ep[i] >= 8;
        k += in;
        v += in * binom(i, k);
    }
    return v;
}

void ec__set_slice(ec_cube *c, int v)
{
    int in[12] = {0};
    for (int k = 4, i = 11; k > 0; i--) /* greedy colex unranking */
        if (binom(i, k) <= v) {
            v -= binom(i, k);
            in[i] = 1;
            k--;
        }
    int s = 8, o = 0;
    for (int i = 0; i < 12; i++) c->ep[i] = (uint8_t)(in[i] ? s++ : o++);
}

int ec__get_cperm(const ec_cube *c) { return ec__perm_rank(c->cp, 8); }
void ec__set_cperm(ec_cube *c, int v) { ec__perm_unrank(c->cp, 8, v, 0); }
int ec__get_eperm(const ec_cube *c) { return ec__perm_rank(c->ep, 8); }
void ec__set_eperm(ec_cube *c, int v) { ec__perm_unrank(c->ep, 8, v, 0); }
int ec__get_mperm(const ec_cube *c) { return ec__perm_rank(c->ep + 8, 4); }
void ec__set_mperm(ec_cube *c, int v) { ec__perm_unrank(c->ep + 8, 4, v, 8); }

/* Colex rank of the slots 0..7 of p whose piece is in set (a bit per piece): 0..69. */
static int combination(const uint8_t *p, unsigned set)
{
    int v = 0, k = 0;
    for (int i = 0; i < 8; i++)
        if (set >> p[i] & 1) v += binom(i, ++k);
    return v;
}

int ec__get_ecombp(const ec_cube *c) { return combination(c->ep, 0x0F) * 2 + ec__parity(c->ep, 8); }
int ec__get_fbcombp(const ec_cube *c) { return combination(c->ep, 0xAA) * 2 + ec__parity(c->ep, 8); }

int ec__get_ccombp(const ec_cube *c) { return combination(c->cp, 0x0F) * 2 + ec__parity(c->cp, 8); }

typedef int (*getter)(const ec_cube *);
typedef void (*setter)(ec_cube *, int);

/* The corner (or edge) half of ec_cube_multiply: all a coordinate of that half needs. */
static void mult_half(const ec_cube *a, const ec_cube *b, ec_cube *out, int corners)
{
    if (corners)
        for (int i = 0; i < 8; i++) {
            out->cp[i] = a->cp[b->cp[i]];
            int o = a->co[b->cp[i]] + b->co[i];
            out->co[i] = (uint8_t)(o >= 3 ? o - 3 : o);
        }
    else
        for (int i = 0; i < 12; i++) {
            out->ep[i] = a->ep[b->ep[i]];
            out->eo[i] = (uint8_t)(a->eo[b->ep[i]] ^ b->eo[i]);
        }
}

/* Fill a move table: quarter turns (and, in phase 2, the half turns of R F L B) from the
 * cubie model; each face's half and inverse turns by composing its columns (X2 = X X,
 * X' = X2 X), which saves two thirds of the cubie work. */
static void fill(uint16_t *table, int n, int nmoves, const uint8_t *codes, getter get, setter set, int corners)
{
    for (int v = 0; v < n; v++) {
        ec_cube c, d;
        ec_cube_solved(&c);
        set(&c, v);
        d = c;
        for (int m = 0; m < nmoves; m++) {
            int code = codes ? codes[m] : m;
            if (code % 3 != 0 && !(codes && code % 3 == 1 && code / 3 % 3 != 0)) continue;
            mult_half(&c, ec__move_cube(code), &d, corners);
            table[v * nmoves + m] = (uint16_t)get(&d);
        }
    }
    for (int m = 0; m < nmoves; m++) { /* derived columns: m - 1 is the previous turn */
        int code = codes ? codes[m] : m;
        if (code % 3 == 0 || (codes && code % 3 == 1 && code / 3 % 3 != 0)) continue;
        int q = m - code % 3; /* the face's quarter-turn column */
        for (int v = 0; v < n; v++) table[v * nmoves + m] = table[table[v * nmoves + m - 1] * nmoves + q];
    }
}

/* A combination's move table from its permutation's (of[perm] is the combination). */
static void combination_moves(uint16_t *table, const uint8_t *of, const uint16_t *perm_move)
{
    for (int v = 0; v < N_PERM8; v++)
        for (int k = 0; k < N_P2MOVES; k++) table[of[v] * N_P2MOVES + k] = of[perm_move[v * N_P2MOVES + k]];
}

int ec__coord_init(void)
{
    if (ready) return EC_OK;
    ec__twistMove = malloc(sizeof(uint16_t) * N_TWIST * N_MOVES);
    ec__flipMove = malloc(sizeof(uint16_t) * N_FLIP * N_MOVES);
    ec__cpermMove = malloc(sizeof(uint16_t) * N_PERM8 * N_P2MOVES);
    ec__epermMove = malloc(sizeof(uint16_t) * N_PERM8 * N_P2MOVES);
    ec__cpermToCcombp = malloc(N_PERM8);
    ec__permInv = malloc(sizeof(uint16_t) * N_PERM8);
    if (!ec__twistMove || !ec__flipMove || !ec__cpermMove || !ec__epermMove ||
        !ec__cpermToCcombp || !ec__permInv) {
        free(ec__twistMove), free(ec__flipMove), free(ec__cpermMove), free(ec__epermMove);
        free(ec__cpermToCcombp), free(ec__permInv);
        ec__twistMove = ec__flipMove = ec__cpermMove = ec__epermMove = NULL;
        ec__cpermToCcombp = NULL;
        ec__permInv = NULL;
        return EC_E_NOMEM;
    }
    fill(ec__twistMove, N_TWIST, N_MOVES, NULL, ec__get_twist, ec__set_twist, 1);
    fill(ec__flipMove, N_FLIP, N_MOVES, NULL, ec__get_flip, ec__set_flip, 0);
    fill(ec__sliceMove, N_SLICE, N_MOVES, NULL, ec__get_slice, ec__set_slice, 0);
    fill(ec__cpermMove, N_PERM8, N_P2MOVES, ec__p2_move, ec__get_cperm, ec__set_cperm, 1);
    fill(ec__epermMove, N_PERM8, N_P2MOVES, ec__p2_move, ec__get_eperm, ec__set_eperm, 0);
    uint16_t mp[N_MPERM * N_P2MOVES];
    fill(mp, N_MPERM, N_P2MOVES, ec__p2_move, ec__get_mperm, ec__set_mperm, 0);
    for (int i = 0; i < N_MPERM * N_P2MOVES; i++) ec__mpermMove[i] = (uint8_t)mp[i];
    for (int v = 0; v < N_PERM8; v++) { /* one unrank and one parity for both */
        uint8_t p[8];
        ec__perm_unrank(p, 8, v, 0);
        int par = ec__parity(p, 8);
        ec__cpermToCcombp[v] = (uint8_t)(combination(p, 0x0F) * 2 + par);
        ec__permToFbcombp[v] = (uint8_t)(combination(p, 0xAA) * 2 + par);
    }
    for (int v = 0; v < N_PERM8; v++) { /* the inverse permutation's rank */
        uint8_t p[8], q[8];
        ec__perm_unrank(p, 8, v, 0);
        for (int i = 0; i < 8; i++) q[p[i]] = (uint8_t)i;
        ec__permInv[v] = (uint16_t)ec__perm_rank(q, 8);
    }
    for (int v = 0; v < N_MPERM; v++) {
        uint8_t p[4], q[4];
        ec__perm_unrank(p, 4, v, 0);
        for (int i = 0; i < 4; i++) q[p[i]] = (uint8_t)i;
        ec__mpermInv[v] = (uint8_t)ec__perm_rank(q, 4);
    }
    /* a combination after a move depends on the combination alone */
    combination_moves(ec__ccombpMove, ec__cpermToCcombp, ec__cpermMove);
    combination_moves(ec__ecombpMove, ec__cpermToCcombp, ec__epermMove);
    combination_moves(ec__fbcombpMove, ec__permToFbcombp, ec__epermMove);
    ready = 1;
    return EC_OK;
}
