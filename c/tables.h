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
 * current layer) once it is large. Each table stops at a depth cap and stores every
 * deeper entry as cap + 1 (still a lower bound): twistSlice, flipSlice and twistFlip
 * after depth 7 (only their depth-9 entries, 0.01%, 0.03%, 0.2%, lose 1), cpermMperm
 * after 11 (depths 13, 14: 4.8% lose 1 or 2), epermCcomb after 8 (depths 10..12: 19%).
 * Measured on 60 random states the caps cost +0.3% mean search nodes and save ~40% of the
 * build time.
 * Deviations from min2phase: no symmetry reduction (the tables are about 16x larger than
 * its symmetry-reduced ones, with the same lower bounds, and take longer to build: ~0.2 s
 * natively, ~0.3 s in wasm, against its ~0.2 s); no parity bit in CCombP (half the table
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
