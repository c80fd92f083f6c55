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
/* The ranking of a generation: order[0..n) = the indices 0..n-1 sorted by (fit, slot), fit in
 * 0..48 (the blog's order: a stable sort); with len (param tieBreak=1) by (fit, len, slot), so
 * among equal fitness the shorter move list (len <= EC_MAX_ALG_MOVES) ranks first. scratch:
 * n + EC_MAX_ALG_MOVES + 2 ints. Counting sorts: O(n + EC_MAX_ALG_MOVES), no comparisons. */
void ec__macro_ga_rank(const int *fit, const int *len, int n, int *order, int *scratch);
/* Loop cutting (param loopCut): walk the face turns mv[0..n) from start and, wherever a cube
 * state comes back later on the path, drop the moves between its visits (jumping to its last
 * visit); then simplify. Returns the new count (same end state), or EC_E_NOMEM. */
int ec__macro_ga_cut_loops(const ec_cube *start, uint8_t *mv, int n);

#endif
