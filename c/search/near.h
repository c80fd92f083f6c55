/*
 * near.h - exact face-turn (HTM) distances of cubes close to solved, for the distance oracle
 * (ec_distance). Two-phase search finds a long first solution for such cubes (a cube 6 turns
 * from solved can get 14 within the oracle's node budget), and a fitness that jumps up near
 * the goal stalls the greedy and krill-herd walks; this table answers them exactly.
 *
 * Data: every cube at most NEAR_DEPTH (4) turns from solved, 46,741 of them, found by
 * breadth-first search, each stored with its distance in the core's hash set (core/hash.h)
 * keyed by the 16-byte packed cube (core/packed.h: 5 bits per corner and edge slot).
 * 2^17 slots x (16 + 4) bytes = 2.5 MB, built on first use in a few ms.
 * A query looks up the cube and every cube up to NEAR_LOOKAHEAD (3) canonical turns from it
 * (no face twice in a row, of two opposite faces the U/R/F one first), level by level, so it
 * knows the exact distance of any cube at most 7 turns from solved. Cost of a query for a
 * cube farther than that: about 3,600 packed turns and lookups (~0.1 ms natively).
 */
#ifndef EC_NEAR_H
#define EC_NEAR_H

#include "evocube.h"

#define NEAR_DEPTH 4
#define NEAR_LOOKAHEAD 3
#define NEAR_MAX (NEAR_DEPTH + NEAR_LOOKAHEAD)
#define NEAR_SLOTS (1u << 17) /* hash slots for the 46,741 cubes: load 0.36 */

/* The exact distance of c when it is at most NEAR_MAX turns, else -1; EC_E_NOMEM when the
 * table cannot be allocated. c must be a valid cube. */
int ec__near_distance(const ec_cube *c);
/* Build the table now (idempotent): EC_OK or EC_E_NOMEM. The two-phase search's near check
 * (twophase.c) calls it first, so the table exists from the first oracle call or target
 * search on, whichever cube comes first (memory stays flat after that). */
int ec__near_init(void);
/* The table's cubes per distance 0..NEAR_DEPTH (for tests); EC_OK or EC_E_NOMEM. */
int ec__near_counts(long counts[NEAR_DEPTH + 1]);

#endif
