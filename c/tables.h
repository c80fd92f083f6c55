/*
 * tables.h - the two-phase solver's pruning tables: for a pair of coordinates, the number
 * of moves needed to solve both together (a lower bound on solving the cube).
 *
 * Layout: 4 bits per entry (two entries a byte, low nibble first). Index = first *
 * size(second) + second.
 *   phase 1 (18 moves):  twistSlicePrun 2187x495, flipSlicePrun 2048x495,
 *                        twistFlipPrun 2187x2048 (min2phase's three phase-1 tables)
 *   phase 2 (10 moves):  cpermMpermPrun 40320x24, epermCcombPrun 40320x70 (min2phase's
 *                        MCPermPrun, and its EPermCCombPPrun without the parity bit)
 * 10.4 million entries, 5.2 MB. Built by breadth-first search from the solved pair, layer
 * by layer, in a temporary byte per entry (4.5 MB, freed after): forward from the current
 * layer while it is small, backward (each unreached entry looks for a neighbour in the
 * current layer) once it is large. twistFlip stops after depth 7 and stores the rest as 8
 * (its 8,470 depth-9 entries lose 1; measured cost +0.3% search nodes). Every other entry
 * is exact.
 * Deviations from min2phase: no symmetry reduction (the tables are about 16x larger than
 * its symmetry-reduced ones, with the same lower bounds, and take longer to build: ~0.3 s
 * natively, ~0.5 s in wasm, against its ~0.2 s); no parity bit in CCombP (half the table
 * and build time, +2% mean search nodes on 60 random states).
 */
#ifndef EC_TABLES_H
#define EC_TABLES_H

#include <stdint.h>

#define EC_PRUN_TWIST_SLICE 0
#define EC_PRUN_FLIP_SLICE 1
#define EC_PRUN_TWIST_FLIP 2
#define EC_PRUN_CPERM_MPERM 3
#define EC_PRUN_EPERM_CCOMB 4
#define EC_PRUN_TABLES 5
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
