/*
 * swarm/common.h - what the four swarm solvers (greedy, pso, aco, dkho; the thesis
 * shared/papers/swarm-intelligence-rubiks-cube.md) share: the "Kociemba(S)" fitness from the
 * two-phase distance oracle (ec_distance with a fixed node budget) behind a cache, a map
 * keyed by cube state that iterates in insertion order, move paths, roulette-wheel choice
 * and the per-iteration progress record.
 *
 * Data:
 *   sw_key  - a cube state packed into 100 bits (corner cp 3 + co 2 bits x 8 in a; edge
 *             ep 4 + eo 1 bits x 12 in b); equal keys <=> equal states.
 *   sw_map  - keys in insertion order (keys[0..n-1]) plus an index from key to position
 *             (the core's hash set, core/hash.h, at most half full). Lookup/insert O(1)
 *             expected; iteration is by position, so never depends on hashes or pointers.
 *             truncate(n) forgets the newest entries (rebuilds the index, O(n)).
 *   sw_fit  - the fitness cache: a sw_map of states with their distances; cleared when it
 *             holds SW_CACHE_MAX states (14 MB at most: 4 MB of keys, a 10 MB index of 2^19
 *             slots, 256 KB of distances), which changes no result because the
 *             oracle is deterministic. evals counts fitness requests (cached or not), so
 *             the figure is the same whatever the cache did.
 *   sw_path - a growable list of face turns (0..17).
 *
 * Progress record of every swarm solver (one per iteration): best = global best fitness
 * (HTM distance, 0 = solved), mean = mean fitness of the agents' current states,
 * diversity = share of distinct cube states among the agents (0 for greedy's single agent),
 * solvedShare = share of the agents that have reached the solved state (0..1; the count is
 * solvedShare * agents), bestLength/bestMoves = the path of the global best state.
 */
#ifndef EC_SWARM_COMMON_H
#define EC_SWARM_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "core/hash.h"
#include "solver/solver.h"

#define SW_CACHE_MAX (1 << 18)
#define SW_MAX_PATH (EC_MAX_ALG_MOVES - 64) /* longest path an agent may carry */

typedef struct sw_key {
    uint64_t a, b;
} sw_key;

sw_key sw_key_of(const ec_cube *c);

typedef struct sw_map {
    sw_key *keys;
    int n, cap;
    ec_hset index; /* key -> its position in keys */
} sw_map;

/* Index of key, or -1. */
int sw_map_find(const sw_map *m, sw_key k);
/* Index of key, inserting it if new (*added says which); negative EC_E_NOMEM on failure. */
int sw_map_insert(sw_map *m, sw_key k, int *added);
/* Keep only the first n entries. */
int sw_map_truncate(sw_map *m, int n);
void sw_map_free(sw_map *m);

typedef struct sw_fit {
    sw_map cache;
    uint8_t *dist; /* parallel to cache.keys */
    int dcap;
    int budget;
    int64_t evals;
} sw_fit;

void sw_fit_init(sw_fit *f, int budget);
/* Kociemba(S): the oracle's HTM distance (0 = solved), or a negative error. */
int sw_fitness(sw_fit *f, const ec_cube *c);
/* Fitness of the 18 neighbours S+m into out[18]; EC_OK or a negative error. */
int sw_neighbours(sw_fit *f, const ec_cube *c, int out[18]);
void sw_fit_free(sw_fit *f);

typedef struct sw_path {
    uint8_t *m;
    int n, cap;
} sw_path;

int sw_path_push(sw_path *p, uint8_t move);
int sw_path_copy(sw_path *dst, const sw_path *src);
void sw_path_free(sw_path *p);
/* The cube reached from start by the path. */
void sw_path_apply(const ec_cube *start, const sw_path *p, ec_cube *out);

/* Roulette wheel over the moves whose bit is set in mask (18 bits) with weights w (> 0):
 * r uniform in [0, total), first move whose running sum passes r. The sums run in move
 * order, so the choice is the same on every platform. Returns the move, or -1 if mask is 0. */
int sw_roulette(ec_rng *r, const double w[18], uint32_t mask);

/* Distinct cube states among n agents, each an array element of `stride` bytes that starts
 * with its ec_cube (sorts n keys: O(n log n)); a negative EC_E_NOMEM on failure. */
int sw_distinct(const void *agents, size_t stride, int n);

/* One progress record: iteration, global best fitness and its path, the mean fitness (sum
 * over agents, divided once), distinct states and solved agents of `agents`. */
int sw_emit(ec_solver *h, int64_t iter, int best, const sw_path *best_path, int64_t fit_sum, int agents,
            int distinct, int solved, int64_t evals);

/* Hand a solving path to the handle (one phase) and verify it: EC_DONE or an error. */
int sw_finish(ec_solver *h, const char *phase, const sw_path *p, int64_t iters);

#endif
