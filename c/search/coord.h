/*
 * coord.h - the two-phase solver's coordinates and their move tables (Kociemba's
 * two-phase algorithm; names after min2phase/twsearch: twistMove, flipMove, ...).
 *
 * Phase 1 (reach G1 = <U, D, R2, F2, L2, B2>), all 18 face turns:
 *   twist  0..2186  corner orientations co[0..6] in base 3 (co[7] follows), solved 0
 *   flip   0..2047  edge orientations eo[0..10] in base 2 (eo[11] follows), solved 0
 *   slice  0..494   which 4 of the 12 edge slots hold the UD-slice edges FR FL BL BR
 *                   (rank of the 4-subset, colex order), solved (slots 8..11) = 494
 * Phase 2 (inside G1), the 10 moves U U2 U' D D2 D' R2 F2 L2 B2 (ec__p2_move):
 *   cperm  0..40319 permutation of the 8 corners (Lehmer rank), solved 0
 *   eperm  0..40319 permutation of the 8 U/D edges in slots UR..DB (needs G1), solved 0
 *   mperm  0..23    permutation of the 4 slice edges in slots FR..BR (needs G1), solved 0
 *   ccombp 0..139   which 4 corner slots hold the U-layer corners (colex rank, 70) times 2
 *                   plus the corner permutation's parity (min2phase's CCombP), solved 0;
 *                   a function of cperm (cpermToCcombp)
 *   ecombp 0..139   the same of the edges: which 4 U/D-edge slots hold the U-layer edges
 *                   UR UF UL UB, times 2 plus the edge permutation's parity, solved 0; the
 *                   same function of the permutation rank (cpermToCcombp[eperm])
 *   fbcombp 0..139  which 4 U/D-edge slots hold the F/B edges UF UB DF DB, times 2 plus the
 *                   parity (permToFbcombp[eperm]), solved permToFbcombp[0]. The 16 symmetries
 *                   that keep the UD axis map the U-layer edges to the U or the D layer, and
 *                   the F/B edges to the F/B or the R/L edges, so both sets' slots are
 *                   coordinates of a cube's class (symmetry.h's conjugation tables).
 *
 * Move tables (uint16, row = coordinate, column = move): twistMove 2187x18, flipMove
 * 2048x18, sliceMove 495x18, cpermMove 40320x10, epermMove 40320x10, mpermMove 24x10,
 * ccombpMove, ecombpMove and fbcombpMove 140x10, cpermToCcombp and permToFbcombp (40320
 * bytes each);
 * and permInv (the inverse permutation's rank, 40320 x uint16), about 1.8 MB in all,
 * built from the cubie model (cube.c) by ec__coord_init() once per process: ~15 ms natively
 * (CPU, loaded 2-core machine), the largest part of the two-phase init after tables.c. Invariant after init: applying move m to any cube and then reading a
 * coordinate equals reading it and then looking up its table with m.
 */
#ifndef EC_COORD_H
#define EC_COORD_H

#include <stdint.h>

#include "evocube.h"

#define N_TWIST 2187
#define N_FLIP 2048
#define N_SLICE 495
#define N_PERM8 40320
#define N_MPERM 24
#define N_MOVES 18
#define N_P2MOVES 10
#define SLICE_SOLVED 494
#define N_CCOMBP 140

extern uint16_t *ec__twistMove; /* [twist * 18 + m] */
extern uint16_t *ec__flipMove;  /* [flip * 18 + m] */
extern uint16_t ec__sliceMove[N_SLICE * N_MOVES]; /* [slice * 18 + m] */
extern uint16_t *ec__cpermMove; /* [cperm * 10 + p2move] */
extern uint16_t *ec__epermMove; /* [eperm * 10 + p2move] */
extern uint8_t ec__mpermMove[N_MPERM * N_P2MOVES];
extern uint16_t ec__ccombpMove[N_CCOMBP * N_P2MOVES];
extern uint8_t *ec__cpermToCcombp; /* [cperm] */
extern uint16_t ec__ecombpMove[N_CCOMBP * N_P2MOVES], ec__fbcombpMove[N_CCOMBP * N_P2MOVES];
extern uint8_t ec__permToFbcombp[40320];
/* The rank of the inverse permutation: of cperm or eperm (8 elements; a cube in G1's
 * inverse has these), and of mperm. */
extern uint16_t *ec__permInv; /* [perm8] */
extern uint8_t ec__mpermInv[N_MPERM];
/* The face-turn code (0..17) of phase-2 move i (0..9). */
extern const uint8_t ec__p2_move[N_P2MOVES];

/* Build the move tables (idempotent). EC_OK or EC_E_NOMEM. */
int ec__coord_init(void);

/* Coordinates of a cubie state (eperm and mperm assume the cube is in G1 for edges). */
int ec__get_twist(const ec_cube *c);
int ec__get_flip(const ec_cube *c);
int ec__get_slice(const ec_cube *c);
int ec__get_cperm(const ec_cube *c);
int ec__get_eperm(const ec_cube *c);
int ec__get_mperm(const ec_cube *c);
int ec__get_ccombp(const ec_cube *c);
int ec__get_ecombp(const ec_cube *c);
int ec__get_fbcombp(const ec_cube *c);
/* Inverses: set the part of c that the coordinate describes (other parts untouched, except
 * set_slice, which fills all 12 edge slots with some cubies matching the subset). */
void ec__set_twist(ec_cube *c, int v);
void ec__set_flip(ec_cube *c, int v);
void ec__set_slice(ec_cube *c, int v);
void ec__set_cperm(ec_cube *c, int v);
void ec__set_eperm(ec_cube *c, int v);
void ec__set_mperm(ec_cube *c, int v);

#endif
