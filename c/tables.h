/*
 * tables.h - the two-phase solver's pruning tables: for a pair of coordinates, the number
 * of moves needed to solve both together (a lower bound on solving the cube).
 *
 * Layout: 4 bits per entry (two entries a byte, low nibble first). Index = first *
 * size(second) + second.
 *   phase 1 (18 moves):  twistSlicePrun 2187x495, flipSlicePrun 2048x495,
 *                        twistFlipPrun 2187x2048
 *   phase 2 (10 moves):  cpermMpermPrun 40320x24, epermMpermPrun 40320x24,
 *                        epermCcombpPrun 40320x140 (min2phase's EPermCCombPPrun)
 * 14.2 million entries, 7.1 MB. Built by breadth-first search from the solved pair, layer
 * by layer, in a temporary byte per entry (5.6 MB, freed after): forward from the current
 * layer while it is small, backward (each unreached entry looks for a neighbour in the
 * current layer) once it is large. Two tables stop early and set their remaining entries
 * to a lower bound: twistFlip stores depth 9 (0.2% of entries) as 8, epermCcombp depths
 * 11..13 (7%) as 10; that cuts the build time and costs under 1% more search nodes
 * (measured on 60 random states). Every other entry is exact.
 * Deviation from min2phase: no symmetry reduction (the tables are about 16x larger than its
 * symmetry-reduced ones, with the same lower bounds, and take longer to build: ~0.35 s
 * natively, ~0.7 s in wasm, against its ~0.2 s).
 */
#ifndef EC_TABLES_H
#define EC_TABLES_H

#include <stdint.h>

#define EC_PRUN_TWIST_SLICE 0
#define EC_PRUN_FLIP_SLICE 1
#define EC_PRUN_TWIST_FLIP 2
#define EC_PRUN_CPERM_MPERM 3
#define EC_PRUN_EPERM_MPERM 4
#define EC_PRUN_EPERM_CCOMBP 5
#define EC_PRUN_TABLES 6
#define EC_PRUN_MAX_DEPTH 16

extern uint8_t *ec__prun[EC_PRUN_TABLES];

static inline int ec__prun_get(const uint8_t *t, uint32_t i) { return t[i >> 1] >> ((i & 1) << 2) & 15; }

/* Build the move tables and every pruning table (idempotent): EC_OK or EC_E_NOMEM. */
int ec__tables_init(void);
/* Entries of table t and how many of them have each depth (counts[EC_PRUN_MAX_DEPTH]);
 * returns the number of entries, or a negative error. */
long ec__prun_distribution(int t, long *counts);
/* Bytes of move and pruning tables held. */
long ec__tables_bytes(void);

#endif
