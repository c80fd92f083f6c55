/*
 * tw.h - the twes family's internal header (prefix tw_ / ec__tw_), shared by the files of
 * c/solvers/twes/:
 *   individual.c  the fitness tables, packing a cube, redundancy removal, mutation draws,
 *                 the individuals' hashes (twes.h has the parts the tests use);
 *   twes.c        the ES behind the stepped solver API: generations, selection, phases,
 *                 restarts, the archive, params and presets;
 *   islands.c     migrants: export of the best parents, checked import.
 * The data layout and the deviations from the paper are in twes.c's header.
 */
#ifndef EC_TW_H
#define EC_TW_H

#include <stdint.h>
#include <string.h>

#include "core/hash.h"
#include "core/packed.h"
#include "core/perm.h"
#include "core/stickers.h"
#include "core/util.h"
#include "solver/solver.h"
#include "solvers/twes/twes.h"

#define TW_HEAD 32
#define NPERM8 40320

typedef struct tw_ind {
    ec_bcube s; /* the core's byte cube (20 bytes) */
    uint8_t n;
    uint8_t mark[EC_TWES_PHASES + 1]; /* mark[p]: index of phase p's first move */
    uint8_t pad[TW_HEAD - 8 - 12 - 1 - EC_TWES_PHASES - 1];
    uint8_t mv[EC_TWES_MAX_MOVES];
} tw_ind;

/* ------------------------------------------------------------------ tables (individual.c) */

#define NPERM8 40320
/* per slot and byte-cube value (core/packed.h); phases 3 and 4 count stickers with the core's
 * tables (core/stickers.h: off-axis stickers are x, wrong ones z) */
extern uint8_t ec__tw_lrbad[12][24];   /* phase 0: edge bad for the R/L axis */
extern uint8_t ec__tw_eout[12][24];    /* phases 1, 2: E-slice cubie outside the E slice */
extern uint8_t ec__tw_cbad[8][24];     /* phase 2: corner twisted */
extern uint8_t ec__tw_yham[NPERM8];    /* phase 3: distance of a corner permutation to the G3 ones */
extern uint8_t ec__tw_gmoves[4][18];   /* the moves of groups G0..G3 */
extern int ec__tw_ngmoves[4];
/* Build the tables above once (idempotent, not thread-safe on the first call). */
void ec__tw_tables(void);

/* ------------------------------------------------------------------ individuals */

/* x = cube c with no moves */
void ec__tw_pack(const ec_cube *c, tw_ind *x);
/* 64-bit hashes (never 0) of an individual's cube state and of its move list */
uint64_t ec__tw_hash_state(const tw_ind *x);
uint64_t ec__tw_hash_moves(const tw_ind *x);

static inline void copy_ind(tw_ind *dst, const tw_ind *src)
{
    memcpy(dst, src, TW_HEAD + (size_t)src->n);
}

/* a draw in 0..n-1: a 64-bit xoshiro output scaled by a multiply-shift (deviation 9) */
static inline uint32_t below(ec_rng *r, uint32_t n) { return (uint32_t)(((ec_rng_next(r) >> 32) * n) >> 32); }

/* fitness of x in phase p; *viol gets the violations */
static inline int eval_ind(const tw_ind *x, int p, const int *w, int *viol)
{
    int v = 0, f = 0;
    switch (p) {
    case 0:
        for (int i = 0; i < 12; i++) v += ec__tw_lrbad[i][x->s.e[i]];
        v *= 2;
        f = w[0] * v;
        break;
    case 1:
        for (int i = 0; i < 8; i++) v += ec__tw_eout[i][x->s.e[i]];
        v *= 2;
        f = w[1] * v;
        break;
    case 2: {
        int ve = 0, vc = 0;
        for (int i = 0; i < 8; i++) ve += ec__tw_eout[i][x->s.e[i]];
        for (int i = 0; i < 8; i++) vc += ec__tw_cbad[i][x->s.c[i]];
        v = 2 * ve + 4 * vc;
        f = w[2] * 4 * vc + w[1] * 2 * ve;
        break;
    }
    case 3: {
        int xx = 0;
        uint8_t cp[8];
        for (int i = 0; i < 8; i++) {
            xx += ec__stk_offaxis_c[i][x->s.c[i]];
            cp[i] = (uint8_t)(x->s.c[i] / 3);
        }
        for (int i = 0; i < 12; i++) xx += ec__stk_offaxis_e[i][x->s.e[i]];
        v = xx + 2 * ec__tw_yham[ec__perm_rank(cp, 8)];
        f = w[3] * v;
        break;
    }
    default:
        for (int i = 0; i < 8; i++) v += ec__stk_wrong_c[i][x->s.c[i]];
        for (int i = 0; i < 12; i++) v += ec__stk_wrong_e[i][x->s.e[i]];
        f = w[4] * v;
        break;
    }
    *viol = v;
    return f + x->n;
}

/* ------------------------------------------------------------------ the solver's state */

typedef struct tw_state {
    ec_rng rng;
    int mu, lambda, w[EC_TWES_PHASES], s[EC_TWES_PHASES], reset, axis_merge, final_mu, distinct_states, phase_end;
    int64_t maxgen;
    tw_ind start;
    tw_ind *par, *kid, *arch, *arch2;
    int npar, narch;
    int *fit;
    uint8_t *sol;
    int *order;
    uint64_t *ahash, *ahash2;
    ec_hset hs; /* distinct individuals: their 64-bit hashes (never 0) as keys {hash, 0} */
    int *bucket;
    int phase, attempt_gens, resets, stall, phase_best, since_best, patience, full_gens;
    int64_t gen, evals, phase_gens[EC_TWES_PHASES];
} tw_state;

#define NBUCKET 65536 /* histogram buckets of the counting sorts */

/* ------------------------------------------------------------------ islands (islands.c) */

uint64_t ec__tw_context(void *state);
int ec__tw_export(void *state, int count, uint8_t *buf, int size, int *n);
int ec__tw_import(ec_solver *h, void *state, const uint8_t *buf, int size, int count, char *msg, int msgsize);

#endif
