/*
 * macros.c - macro-ga's moves (mga.h): the fifteen permutation macros of
 * shared/papers/genetic-algorithm-permutation-macros.md exactly as printed (any notation the
 * core parses; macro_ga.c parses them once per run into face-turn codes, at most
 * MGA_MAX_MACRO each), and the whole-cube rotations and orientations an individual's frame
 * takes. The paper's comments name some macros loosely (e.g. "permutes three centers" for a
 * face-turn sequence, which moves no centre); tests/c/test_macro_ga.c checks the actual effect
 * of each sequence. Data only: no state, no allocation.
 */
#include <stddef.h>

#include "solvers/macro_ga/mga.h"

/* The paper's permutation list, verbatim. */
static const char *const mga_macros[MGA_NMACROS] = {
    "F' L' B' R' U' R U' B L F R U R' U",
    "F R B L U L' U B' R' F' L' U' L U'",
    "U2 B U2 B' R2 F R' F' U2 F' U2 F R'",
    "U2 R U2 R' F2 L F' L' U2 L' U2 L F'",
    "U' B2 D2 L' F2 D2 B2 R' U'",
    "U B2 D2 R F2 D2 B2 L U",
    "D' R' D R2 U' R B2 L U' L' B2 U R2",
    "D L D' L2 U L' B2 R' U R B2 U' L2",
    "R' U L' U2 R U' L R' U L' U2 R U' L U'",
    "L U' R U2 L' U R' L U' R U2 L' U R' U",
    "F' U B U' F U B' U'",
    "F U' B' U F' U' B U",
    "L' U2 L R' F2 R",
    "R' U2 R L' B2 L",
    "M2 U M2 U2 M2 U M2",
};
/* (mga.h) */
const uint8_t mga_turns[MGA_NTURNS][2] = {{0, 1}, {0, 3}, {0, 2}, {1, 1}, {1, 3}, {1, 2}, {2, 1}, {2, 3}, {2, 2}};
const char *const mga_turn_names[MGA_NTURNS] = {"x", "x'", "x2", "y", "y'", "y2", "z", "z'", "z2"};

const char *ec__macro_ga_macro(int i) { return i >= 0 && i < MGA_NMACROS ? mga_macros[i] : NULL; }
