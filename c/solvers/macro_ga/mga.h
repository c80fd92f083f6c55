/*
 * mga.h - the macro-ga family's internal header (prefix mga_; macro_ga.h has the parts its
 * tests use), shared by the files of c/solvers/macro_ga/:
 *   macros.c      the paper's fifteen permutation macros as printed, the whole-cube rotations
 *                 and orientations with their names;
 *   individual.c  an individual's storage (moves and genes grown by doubling), copies, and
 *                 the ranking of a generation;
 *   macro_ga.c    the GA behind the stepped solver API: evolution types, generations, resets,
 *                 the solving individual's parts, params, presets, the descriptor;
 *   islands.c     migrants: export of the best individuals, checked import.
 *
 * An individual is the start cube plus the face turns applied to it (named by position, in
 * its frame: core/frame.h), with its fitness (misplaced stickers, 0 = solved) and its genes:
 * the history it was built by, one code per step (below), from which the result's parts are
 * replayed (macro_ga.c's header).
 */
#ifndef EC_MGA_H
#define EC_MGA_H

#include <stdint.h>

#include "core/frame.h"
#include "evocube.h"
#include "solvers/macro_ga/macro_ga.h"

#define MGA_NMACROS EC_MACRO_GA_MACROS
#define MGA_MAX_MACRO 24 /* face turns of the longest macro after rewriting (M2 -> 2 turns) */
#define MGA_NTURNS 9     /* mga_turns: 6 rotations, 3 orientations */
/* gene codes: 0..17 a face turn as applied (start moves, a migrant's turns) */
#define MG_MACRO 18                     /* + m: the paper's macro m (0..14) */
#define MG_ROT (MG_MACRO + MGA_NMACROS) /* + r: mga_turns[r] (0..5 rotations, 6..8 orientations) */
#define MG_START (MG_ROT + MGA_NTURNS)  /* the random start turns follow */
#define MG_MIGRANT (MG_START + 1)       /* 6 frame bytes, then the migrant's face turns */
#define MGA_MAX_GENES (4 * EC_MAX_ALG_MOVES)

typedef struct mga_ind {
    ec_cube cube;
    ec_frame frame;
    int fit;
    uint8_t *moves;
    int n, cap;
    int raw; /* the blog's count: tokens applied (random moves, macro tokens, rotations) */
    uint8_t *genes; /* its history (MG_* codes above) */
    int ng, gcap;
} mga_ind;

typedef struct mga_state {
    int pop, elite, gens, resets, init_moves, tie_break, loop_cut;
    int sol_raw; /* the solution's raw token count (the blog's way), once solved */
    uint8_t macro[MGA_NMACROS][MGA_MAX_MACRO]; /* parsed codes (any notation) */
    int macro_n[MGA_NMACROS];
    mga_ind *cur, *next;
    int *order;     /* cur sorted by (fit, slot), or (fit, n, slot) with tieBreak=1 */
    int *fitv, *lenv; /* the population's fitness and move counts, for the sort */
    int *scratch;     /* the sort's: population + EC_MAX_ALG_MOVES + 2 */
    uint64_t *hash; /* scratch for the diversity count */
    int attempt;    /* 0-based */
    int gen_in_attempt;
    int64_t gen, evals;
    ec_rng rng;
} mga_state;


/* ------------------------------------------------------------------ macros.c */

/* The rotations x x' x2 y y' y2 (0..5) and the orientations z z' z2 (6..8) as (axis, quarter
 * turns), and their names. The macros' texts: ec__macro_ga_macro (macro_ga.h). */
extern const uint8_t mga_turns[MGA_NTURNS][2];
extern const char *const mga_turn_names[MGA_NTURNS];

/* ------------------------------------------------------------------ individual.c */

/* Room for n bytes in *buf (capacity *cap, doubling from `first`): EC_OK or EC_E_NOMEM. */
int mga_reserve(uint8_t **buf, int *cap, int n, int first);
static inline int mga_ind_reserve(mga_ind *d, int n) { return mga_reserve(&d->moves, &d->cap, n, 64); }
static inline int mga_gene_reserve(mga_ind *d, int n) { return mga_reserve(&d->genes, &d->gcap, n, 32); }
/* d = a copy of s (its own buffers, grown as needed): EC_OK or EC_E_NOMEM. */
int mga_ind_copy(mga_ind *d, const mga_ind *s);
/* s->order = s->cur ranked by ec__macro_ga_rank (by move count among equal fitness with
 * tieBreak=1); s->fitv and s->lenv hold the values it ranked. */
void mga_sort(mga_state *s);

/* ------------------------------------------------------------------ islands.c */

/* The three island hooks of solver.h (evocube.h, "islands"). */
uint64_t mga_context(void *state);
int mga_export(void *state, int count, uint8_t *buf, int size, int *n);
int mga_import(ec_solver *h, void *state, const uint8_t *buf, int size, int count, char *msg, int msgsize);

#endif
