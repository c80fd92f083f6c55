/*
 * hash.h - the one hash table of the core: an open-addressing set of 128-bit keys (two
 * 64-bit words), each with an optional 32-bit value, used by the near-goal table (packed
 * cubes and their distances), the swarm solvers' state map (cube keys and their insertion
 * index) and TWES's distinctness sets (64-bit hashes of individuals).
 *
 * Layout: keys[nslots] (16 bytes each) and, when asked for, vals[nslots] (4 bytes each);
 * nslots is a power of two; the key {0, 0} marks an empty slot and cannot be stored (no
 * packed cube, cube key or non-zero hash has it). Linear probing from ec__hash128(key).
 * Callers keep the load at most 1/2 (ec__hset_put refuses a put that would fill more than
 * 3/4; ec__hset_resize rehashes). Lookups never depend on the order of insertions, so a table
 * decides only membership and values, never an iteration order: results are the same for
 * any table size or hash. Costs: one multiply-xor mix per lookup, about one probe at load
 * 1/2; clearing is a memset of the keys.
 */
#ifndef EC_HASH_H
#define EC_HASH_H

#include <stdint.h>

#include "evocube.h"

typedef struct ec_hset {
    uint64_t (*keys)[2];
    uint32_t *vals; /* NULL when made without values */
    uint32_t mask;  /* nslots - 1 */
    uint32_t n;     /* keys held */
} ec_hset;

/* A mix of the two words to 64 well-spread bits (the table uses the low ones). */
static inline uint64_t ec__hash128(uint64_t a, uint64_t b)
{
    uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    return x ^ x >> 32;
}

/* An empty table of at least min_slots slots (rounded up to a power of two, at least 16),
 * with a value per key when values is 1: EC_OK, EC_E_NOMEM or EC_E_RANGE (over 2^30). */
int ec__hset_init(ec_hset *t, uint32_t min_slots, int values);
/* The bytes ec__hset_init(t, min_slots, values) allocates (for memory estimates). */
double ec__hset_bytes(uint32_t min_slots, int values);
void ec__hset_free(ec_hset *t);
/* Forget every key (the slot count stays). */
void ec__hset_clear(ec_hset *t);
/* Rehash into at least min_slots slots (never fewer than 2 x the keys held). */
int ec__hset_resize(ec_hset *t, uint32_t min_slots);

/* The slot of key (a, b), or -1 when it is not held. */
static inline int64_t ec__hset_slot(const ec_hset *t, uint64_t a, uint64_t b)
{
    for (uint32_t i = (uint32_t)ec__hash128(a, b) & t->mask;; i = (i + 1) & t->mask) {
        const uint64_t *k = t->keys[i];
        if (k[0] == a && k[1] == b) return i;
        if (!(k[0] | k[1])) return -1;
    }
}

/* The value of key (a, b), or -1 when it is not held (a table with values). */
static inline int64_t ec__hset_get(const ec_hset *t, uint64_t a, uint64_t b)
{
    int64_t i = ec__hset_slot(t, a, b);
    return i < 0 ? -1 : (int64_t)t->vals[i];
}

/* Insert key (a, b) with value v (ignored without values): 1 when it was new, 0 when it was
 * held already (its value unchanged), EC_E_RANGE for the key {0, 0} or a table 3/4 full. */
int ec__hset_put(ec_hset *t, uint64_t a, uint64_t b, uint32_t v);

#endif
