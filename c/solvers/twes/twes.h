/*
 * twes.h - internals of the Thistlethwaite evolution strategy (twes.c) that the tests use.
 *
 * Phases: 0 G0->G1, 1 G1->G2 (E-slice edges), 2 G1->G2 (corner twist), 3 G2->G3, 4 G3->G4.
 * A phase's fitness is weight * violations + c (c = the individual's move count); the
 * phase is solved exactly when its violations are 0, which ec__twes_eval reports.
 */
#ifndef EC_TWES_H
#define EC_TWES_H

#include <stdint.h>

#include "evocube.h"

#define EC_TWES_PHASES 5
#define EC_TWES_MAX_MOVES 224 /* moves an individual can remember (a move that would make a
                                 longer list is dropped from its mutation) */

/* Group whose moves phase p mutates with: 0, 1, 1, 2, 3. */
int ec__twes_phase_group(int p);
/* Fitness of cube c carrying nmoves moves in phase p with weights w[5]; *viol (may be NULL)
 * gets the phase's violation count (0 exactly when c has reached the phase's target). */
int ec__twes_eval(const ec_cube *c, int nmoves, int p, const int w[5], int *viol);
/* Draw one mutation of phase p: a length 0..s, then that many moves of the phase's group;
 * writes them to out (capacity >= s) and returns the length. */
int ec__twes_draw(ec_rng *r, int p, int s, uint8_t *out);
/* Append move m to mv[0..n) with redundancy removal that never reaches below index base
 * (same face: merge or cancel; axisMerge also merges across a commuting opposite face).
 * Returns the new length, or -1 (nothing changed) when the list is full at cap. */
int ec__twes_append(uint8_t *mv, int n, int base, int m, int axis_merge, int cap);

#endif
