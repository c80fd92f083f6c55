/*
 * frame.h - whole-cube rotations, slices and wide turns rewritten as face turns by position.
 *
 * The cubie model keeps the centres fixed, so a rotation (x y z) is never applied to the
 * cube: it is remembered as a frame, and every later face turn is renamed to the fixed face
 * it really turns. If the rotations so far total T, then "T m" equals "(T m T') T", and
 * T m T' is a turn of the face that T carries onto m's position, same direction, same
 * amount. A trailing rotation is dropped: it leaves every face one colour.
 * Slices and wide turns become an outer turn plus a rotation (M = R L' x', E = U D' y',
 * S = F' B z, Rw = L x, Uw = D y, Fw = B z, Dw = U y', Lw = R x', Bw = F z').
 *
 * Data: pos[f] = the fixed face (0..5, U R F D L B) that a turn of face f in the current
 * frame acts on; 6 bytes. Costs: O(1) per move code.
 */
#ifndef EC_FRAME_H
#define EC_FRAME_H

#include <stdint.h>

typedef struct ec_frame {
    uint8_t pos[6];
} ec_frame;

/* The identity frame (no rotation yet). */
void ec__frame_init(ec_frame *fr);
/* Rotate the whole cube: axis 0 x, 1 y, 2 z (following R, U, F), q quarter turns (1..3). */
void ec__frame_rotate(ec_frame *fr, int axis, int q);
/* Rewrite one parsed move code (0..71, see evocube.h) in frame fr: writes the face turns it
 * is (codes 0..17, fixed faces) to out (room for 2) and returns how many; updates fr when
 * the code rotates the cube. Returns -1 for a code out of range. */
int ec__frame_code(ec_frame *fr, int code, uint8_t out[2]);

#endif
