/*
 * tables.h - the two-phase solver's pruning tables: for a pair of coordinates, the exact
 * number of moves needed to solve both together (a lower bound on solving the cube).
 *
 * Layout: 4 bits per entry (two entries a byte, low nibble first), 15 = not reached during
 * generation (never left after it). Index = first * size(second) + second.
 *   phase 1 (18 moves):  twistSlicePrun 2187x495, flipSlicePrun 2048x495,
 *                        twistFlipPrun 2187x2048
 *   phase 2 (10 moves):  cpermMpermPrun 40320x24, epermMpermPrun 40320x24,
 *                        epermCcombpPrun 40320x140 (min2phase's EPermCCombPPrun)
 * 14.2 million entries, 7.1 MB. Built by breadth-first search from the solved pair, layer by
 * layer: forward from the current layer while it is small, backward (each unreached entry
 * looks for a neighbour in the current layer) once most entries are reached.
 * Deviation from min2phase: no symmetry reduction (the tables are 16x larger than its
 * symmetry-reduced ones, but their lower bounds are the same and they build in well under a
 * second), and no tables that need the symmetry coordinates.
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
