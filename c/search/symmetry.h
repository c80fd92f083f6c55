/*
 * symmetry.h - the 16 symmetries of the cube that keep the U-D axis (Kociemba's D4h: the
 * quarter turns about U-D, the half turn about F-B and the mirror that swaps L and R, and
 * their products) acting on the two-phase coordinates by conjugation, S c S^-1, and the
 * symmetry classes they make. They map G1 to G1, the UD slice to itself and face turns to
 * face turns (ec__symMove), so conjugation keeps every pruning table's distance: a table
 * needs one row per class (tables.h), as Kociemba's and min2phase's tables do.
 *
 * Symmetry s = 8 * q + 4 * u2 + 2 * f2 + lr: U4^(2 u2 + q) F2^f2 LR2^lr as a cubie product.
 * The first 8 (q = 0: no quarter turn about U-D) keep every edge's orientation, so flip
 * conjugates to flip and twist to twist under them; twist and flip are reduced by those 8,
 * the permutations of phase 2 by all 16. A mirror's corners carry orientations 3..5
 * (Kociemba's convention); conjugates of a cube by any symmetry are ordinary cubes.
 *
 * Data (built from the cubie model by ec__symmetry_init: ~4 ms natively (CPU, loaded
 * machine), 0.2 MB: the raw-to-class maps of the two permutations are 80 KB each):
 *   symMult[a][b] (S_a S_b), symInv[s], symMove[s][m] (S m S^-1 as a face turn, 0..17);
 *   classes: per raw coordinate (class << bits) | s with conj_s(raw) = the class's
 *   representative (its smallest member), per class its representative and stabiliser
 *   (the symmetries that fix the representative, a 16-bit mask):
 *     twist  2187 -> 324 classes under the first 8 (twistSym, bits 3)
 *     flip   2048 -> 336 classes under the first 8 (flipSym, bits 3)
 *     cperm 40320 -> 2768 classes under all 16 (cpermSym, bits 4)
 *     eperm 40320 -> 2768 classes under all 16 (epermSym, bits 4; U/D edges in G1)
 *   conjugation of the second coordinate of each table: sliceConj[slice][8],
 *   flipConj[flip][8], mpermConj[mperm][16], ccombpConj[ccombp][16].
 * Invariant (test_twophase checks it against ec__sym_conj at the cubie level): for a
 * cube c and symmetry s, coordinate(conj_s(c)) = the conjugation table of coordinate(c).
 */
#ifndef EC_SYMMETRY_H
#define EC_SYMMETRY_H

#include <stdint.h>

#include "evocube.h"

#define N_SYM 16
#define N_SYM8 8
#define N_TWIST_SYM 324
#define N_FLIP_SYM 336
#define N_PERM_SYM 2768

extern uint8_t ec__symMult[N_SYM][N_SYM];
extern uint8_t ec__symInv[N_SYM];
extern uint8_t ec__symMove[N_SYM][18];
extern uint16_t ec__twistSym[2187], ec__twistRep[N_TWIST_SYM], ec__twistStab[N_TWIST_SYM];
extern uint16_t ec__flipSym[2048], ec__flipRep[N_FLIP_SYM], ec__flipStab[N_FLIP_SYM];
extern uint16_t ec__cpermSym[40320], ec__cpermRep[N_PERM_SYM], ec__cpermStab[N_PERM_SYM];
extern uint16_t ec__epermSym[40320], ec__epermRep[N_PERM_SYM], ec__epermStab[N_PERM_SYM];
extern uint16_t ec__sliceConj[495 * N_SYM8];
extern uint16_t ec__flipConj[2048 * N_SYM8];
extern uint16_t ec__mpermConj[24 * N_SYM];
extern uint16_t ec__ccombpConj[140 * N_SYM];
extern uint16_t ec__ecombpConj[140 * N_SYM], ec__fbcombpConj[140 * N_SYM];
/* classes found for twist, flip, cperm, eperm (EC_E_INTERNAL: more than the tables hold) */
extern int ec__symClasses[4];

/* The generators U4, F2, LR2 as cubie states (symmetry.c). */
extern const ec_cube ec__symGen[3];
/* Build the tables (idempotent; after ec__coord_init, whose cpermToCcombp it reads) from
 * ec__symGen: EC_OK, or EC_E_INTERNAL when they fail a check. */
int ec__symmetry_init(void);
/* Build the tables from generators gen[0..2] (U4, F2, LR2 as cubie states; test_twophase
 * plants wrong ones). Everything read is checked before it indexes a table: each generator
 * a cubie state (permutations, orientations in range, a mirror's corners all 3..5), the 16
 * products a group, every face turn conjugating to a face turn, every conjugated coordinate
 * in its range and the class counts exactly those the tables are sized for (324, 336, 2768,
 * 2768). A failed check returns EC_E_INTERNAL, leaves the tables marked unbuilt (the search
 * then refuses to start: ec__tables_init returns the status) and never reads or writes out of
 * bounds. */
int ec__symmetry_build(const ec_cube gen[3]);
/* out = S_s c S_s^-1 for a cube c (an ordinary cube in, an ordinary cube out). */
void ec__sym_conj(const ec_cube *c, int s, ec_cube *out);

#endif
