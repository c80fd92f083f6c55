/*
 * macro_ga.h - internals of the "macro-ga" solver that its tests check: the sticker-count
 * fitness and the paper's permutation macros (as printed in the paper).
 */
#ifndef EC_MACRO_GA_H
#define EC_MACRO_GA_H

#include "evocube.h"

#define EC_MACRO_GA_MACROS 15

/* Stickers whose colour differs from their face's centre (0 solved, at most 48). */
int ec__sticker_misplaced(const ec_cube *c);
/* The paper's i-th permutation macro (0..14) as text, else NULL. */
const char *ec__macro_ga_macro(int i);

#endif
