/*
 * tables.h - the two-phase solver's pruning tables: for a pair of coordinates, the number
 * of moves needed to solve both together (a lower bound on solving the cube).
 *
 * Layout: 4 bits per entry (two entries a byte, low nibble first). Index = first *
 * size(second) + second.
 *   phase 1 (18 moves):  twistSlicePrun 2187x495, flipSlicePrun 2048x495,
 *                        twistFlipPrun 567x2048: one row per twist class under the
 *                        rotations y2, x2, z2 (symmetry.h; read with ec__prun_tf)
 *                        (min2phase's three phase-1 tables)
 *   phase 2 (10 moves):  cpermMpermPrun 40320x24, epermCcombpPrun 40320x140 (min2phase's
 *                        MCPermPrun and EPermCCombPPrun)
 * 9.8 million entries, 4.9 MB. Built by breadth-first search from the solved pair, layer
 * by layer, in a temporary byte per entry (5.6 MB, freed after): forward from the current
 * layer while it is small, backward (each unreached entry looks for a neighbour in the
 * current layer) once it is large. Each table stops at a depth cap and stores every
 * deeper entry as cap + 1 (still a lower bound): twistSlice, flipSlice and twistFlip
 * after depth 7 (only their depth-9 entries, 0.01%, 0.03%, 0.2%, lose 1), cpermMperm
 * after 11 (depths 13, 14: 4.8% lose 1 or 2), epermCcombp after 8 (depths 10..13: 45%).
 * Measured on 60 random states the caps cost +0.3% mean search nodes and save ~40% of the
 * build time.
 * Deviations from min2phase: symmetry reduction only for twistFlip and only by the four
 * rotations that keep every axis (min2phase reduces twist, flip and the phase-2
 * permutations by 16 symmetries), so the tables are larger (4.9 MB against its ~1 MB),
 * with the same lower bounds; they build in ~0.13 s natively, ~0.3 s in wasm (its
 * ~0.2 s).
 */
#ifndef EC_TABLES_H
#define EC_TABLES_H

#include <stdint.h>

#include "search/symmetry.h"

#define EC_PRUN_TWIST_SLICE 0
#define EC_PRUN_FLIP_SLICE 1
#define EC_PRUN_TWIST_FLIP 2
#define EC_PRUN_CPERM_MPERM 3
#define EC_PRUN_EPERM_CCOMBP 4
#define EC_PRUN_TABLES 5
#define EC_PRUN_MAX_DEPTH 16

extern uint8_t *ec__prun[EC_PRUN_TABLES];

static inline int ec__prun_get(const uint8_t *t, uint32_t i) { return t[i >> 1] >> ((i & 1) << 2) & 15; }

/* twistFlip's bound of (twist, flip): stored per twist class (symmetry.h). */
static inline int ec__prun_tf(int tw, int fl)
{
    uint32_t i = (uint32_t)ec__twist2class[tw] * 2048u + ec__flipConj[ec__twist2sym[tw]][fl];
    return ec__prun_get(ec__prun[EC_PRUN_TWIST_FLIP], i);
}

/* Build the move tables and every pruning table (idempotent): EC_OK or EC_E_NOMEM. */
int ec__tables_init(void);
/* Entries of table t and how many of them have each depth (counts[EC_PRUN_MAX_DEPTH]);
 * returns the number of entries, or a negative error. */
long ec__prun_distribution(int t, long *counts);
/* Bytes of move and pruning tables held. */
long ec__tables_bytes(void);

#endif
