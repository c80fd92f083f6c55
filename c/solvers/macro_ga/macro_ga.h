/*
 * macro_ga.h - internals of the "macro-ga" solver that its tests check: the paper's
 * permutation macros (as printed in the paper). Its fitness is the core's sticker count
 * (core/stickers.h).
 */
#ifndef EC_MACRO_GA_H
#define EC_MACRO_GA_H

#include "core/stickers.h"
#include "evocube.h"

#define EC_MACRO_GA_MACROS 15

/* The paper's i-th permutation macro (0..14) as text, else NULL. */
const char *ec__macro_ga_macro(int i);

#endif
