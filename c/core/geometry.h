/*
 * geometry.h - where the 54 stickers sit in space, and what every base move does to them.
 *
 * Data: for each of the 24 move bases of the notation (faces, two spellings of wide turns,
 * slices, rotations) one quarter turn as a sticker permutation `to[i]` (the sticker at index
 * i moves to index to[i]), derived once from 3D coordinates: x grows L->R, y grows D->U,
 * z grows B->F; a layer turns clockwise as seen from the face the move is named after
 * (M follows L, E follows D, S follows F, x/y/z follow R/U/F). 24 * 54 bytes.
 * Invariant: every permutation fixes the set of centre indices {4,13,22,31,40,49} as a set.
 */
#ifndef EC_GEOMETRY_H
#define EC_GEOMETRY_H

#include <stdint.h>

#define EC_BASES 24

/* Quarter-turn sticker permutation of base b (0..23); tables are built on first use. */
const uint8_t *ec__base_perm(int b);
/* Apply move code (base*3 + turns-1) to a 54-byte sticker array in place. */
void ec__apply_code(char *f, int code);

#endif
