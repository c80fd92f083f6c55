/*
 * stickers.h - the one sticker count: how many stickers of a piece do not show their face's
 * centre colour, per slot and byte-cube value (core/packed.h's encodings), and the whole
 * cube's count. It is the fitness of the permutation-macro GA (misplaced stickers) and the
 * last two phases of TWES (its x and z counts).
 *
 * Tables (built once by ec__stickers_init, from the sticker geometry of cube.c: which sticker
 * of a slot lies on which face, which colours a cubie has; a corner's colour k sits on its
 * slot's sticker (k + twist) mod 3, an edge's on (k + flip) mod 2, the placement rule of
 * ec_cube_to_facelets):
 *   ec__stk_wrong_c[8][24], ec__stk_wrong_e[12][24]      stickers not their face's colour
 *   ec__stk_offaxis_c[8][24], ec__stk_offaxis_e[12][24]  stickers showing neither their
 *                                                        face's colour nor the opposite one's
 * 1,280 bytes; a whole-cube count is 20 lookups. Invariant: the wrong counts of a cube sum to
 * the stickers its facelet string shows off their centre's colour (tests/c/test_stickers.c).
 */
#ifndef EC_STICKERS_H
#define EC_STICKERS_H

#include <stdint.h>

#include "evocube.h"

extern uint8_t ec__stk_wrong_c[8][24], ec__stk_wrong_e[12][24];
extern uint8_t ec__stk_offaxis_c[8][24], ec__stk_offaxis_e[12][24];

/* Build the tables once (idempotent). */
void ec__stickers_init(void);
/* Stickers of c (a cube with standard centres) not showing their face's colour: 0..48. */
int ec__sticker_misplaced(const ec_cube *c);

#endif
