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
 * solvedShare * agents), bestLength/bestMoves = the path of the global best state; and
 * (JSON "agents", "distinct", "events"; ec_progress n_agents/agent_fit, distinct, events)
 * the fitness of the first 64 agents in agent order (greedy: its 18 neighbour values), the
 * number of distinct agent states, and EC_PROGRESS_EVENTS (6) event counts over the run,
 * per solver:
 *   greedy: backtracks, plateau moves (fitness equal to the current), struck candidates
 *           (visited states), root fallbacks (rootFallback=1), -, -
 *   pso:    moves from S_i, from S_Pi, from S_G (eq. 3.3's branches; S_Pi never fires with
 *           bests updated every iteration, pso.c says why), random moves drawn, paths
 *           restarted for length, -
 *   aco:    rule-1 regroups (improvements), rule-2 regroups (tries given up), the current
 *           regroup depth limit (a gauge), forced moves (next to solved), moves taken on
 *           sight (sight=1: a neighbour below the global minimum), -
 *   dkho:   kills, offspring, mutated offspring, positions mutated, greedy moves, roulette
 *           moves
 * All are deterministic (no clock, agent order), so native = wasm.
 */
#ifndef EC_SWARM_COMMON_H
#define EC_SWARM_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "core/hash.h"
#include "solver/solver.h"

#define SW_CACHE_MAX (1 << 18)
#define SW_MAX_PATH (EC_MAX_ALG_MOVES - 64) /* longest path an agent may carry */

/* The first capacity of a growing path (moves, 64) and map (keys, 256). Only tests change
 * them (to 1, so that short runs reach every growth point, e.g. with an allocation failing
 * there); no result depends on them. */
extern int ec__sw_path_cap0, ec__sw_map_cap0;

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

/* The oracle behind Kociemba(S) (param `oracle` of every swarm solver):
 *  SW_ORACLE_EXACT (0, default): ec_distance(S, budget): exact within 7 turns (the near
 *    table), else the best of an improving six-direction two-phase search with pre-moves
 *    (at least 2,000 nodes, then `budget` nodes after its first solution): about the true
 *    distance. Along a path it falls by one per good move, so every unsolved state has a
 *    strictly better neighbour: greedy descends without a plateau or backtrack, the agents
 *    of pso/aco/dkho converge on one state and the oracle, not the swarm, does the work.
 *  SW_ORACLE_FIRST20 (1): the thesis's Kociemba(S): ec__distance_first(S, 20,
 *    SW_FIRST20_NODES), the first solution of at most 20 moves of one-direction two-phase
 *    search (phase 2 by IDA*) without the near-goal table (budget unused), as Kociemba's
 *    program with a depth limit answers. Its values are upper bounds that can stay level or
 *    rise along a good path (the 5-move scramble F2 L D2 B2 F reads 14, and 14 again one
 *    move nearer; 3 moves away it reads 3): greedy meets plateaus and backtracks (and dead
 *    ends at the start), dkho kills and breeds, the agents of pso and aco spread, and every
 *    fitness costs more (no near table, a fresh search): see docs/BENCHMARKS.md.
 * The cache keys on the oracle too (fit_key in common.c), so one cache never mixes them. */
#define SW_ORACLE_EXACT 0
#define SW_ORACLE_FIRST20 1
#define SW_FIRST20_NODES 200000 /* first20's node cap before it takes any length */
/* the one phase's goal for people (solver.h: goals), shared by every swarm solver */
#define SW_GOAL "bring the distance to solved down to 0"
#define SW_ORACLE_PARAM {"oracle", 0, 0, 1, 1, "fitness oracle: 0 exact (near table + two-phase), 1 first20 (the thesis's: first <= 20-move two-phase solution)", "exact|first20"}

typedef struct sw_fit {
    sw_map cache;
    uint8_t *dist; /* parallel to cache.keys */
    int dcap;
    int budget, oracle;
    int64_t evals;
} sw_fit;

void sw_fit_init(sw_fit *f, int budget, int oracle);
/* sw_fit_init from the handle's params "budget" and "oracle". */
void sw_fit_init_params(sw_fit *f, ec_solver *h);
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

/* One iteration as a progress record: global best fitness and its path, the mean fitness
 * (fit_sum over agents, divided once), distinct states and solved agents, and what the
 * swarm looks like: the int fitness found at fit_base + i * fit_stride for the first
 * min(n_fit, EC_PROGRESS_AGENTS) agents (clamped to 0..255) and the EC_PROGRESS_EVENTS
 * counters of events[] (each solver's header says what they count). */
typedef struct sw_report {
    int64_t iter, fit_sum, evals;
    int best, agents, distinct, solved;
    const sw_path *best_path;
    const void *fit_base;
    size_t fit_stride;
    int n_fit;
    const int64_t *events;
} sw_report;

/* The end of an iteration, the same in every swarm solver: emit r's record; then, when some
 * agent is solved (r->solved) and the run stops at the first (finish 0), or all r->agents
 * are solved, or r->iter has reached limit, hand `shortest` (the shortest solving path) to
 * the handle as the solver's one phase and verify it (EC_DONE or an error); else EC_GAVE_UP
 * when r->iter has reached limit; else EC_RUNNING. */
int sw_end_iteration(ec_solver *h, const sw_report *r, int finish, int64_t limit, const sw_path *shortest);

#endif
