/*
 * cube.h - the cubie model's internal tables (the public ops are in evocube.h).
 *
 * Data: the sticker indices of each corner and edge slot (Kociemba's cornerFacelet and
 * edgeFacelet; a corner's first sticker is its U/D one, then clockwise), their colours in
 * the solved cube, and the 18 face turns as cubie states (ec__move_cube). Invariant: a
 * valid ec_cube has cp and ep permutations, co in 0..2 summing to 0 mod 3, eo in 0..1 with
 * an even sum, and equal corner and edge permutation parities.
 */
#ifndef EC_CUBE_H
#define EC_CUBE_H

#include <stdint.h>

#include "evocube.h"

extern const uint8_t ec__corner_facelet[8][3];
extern const uint8_t ec__edge_facelet[12][2];
extern const char ec__corner_color[8][3];
extern const char ec__edge_color[12][2];
extern const char *const ec__corner_name[8];
extern const char *const ec__edge_name[12];
extern const char ec__face_char[6]; /* "URFDLB" */

/* The 18 face turns as cubie states (built on first use). */
const ec_cube *ec__move_cube(int m);
/* Canonical move order for searches: may move m follow prev (-1: none)? Not the same face,
 * and of two opposite faces only U before D, R before L, F before B. */
static inline int ec__move_follows(int prev, int m)
{
    if (prev < 0) return 1;
    int pf = prev / 3, f = m / 3;
    return pf != f && pf != f + 3;
}
/* Parity of a permutation of n elements: 0 even, 1 odd. */
int ec__parity(const uint8_t *p, int n);
/* Cubie state of a sticker array whose colours are already in standard centre letters and
 * known valid; used by the geometry-derived move tables and by the validator. */
void ec__cube_from_stickers(const char *f, ec_cube *c);

#endif
