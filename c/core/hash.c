/*
 * hash.c - the core's open-addressing hash set (layout and costs in hash.h).
 */
#include "core/hash.h"

#include <stdlib.h>
#include <string.h>

static uint32_t slots_for(uint32_t min_slots)
{
    uint32_t n = 16;
    while (n < min_slots && n < (1u << 30)) n <<= 1;
    return n;
}

double ec__hset_bytes(uint32_t min_slots, int values)
{
    ec_hset t;
    return (double)slots_for(min_slots) * (sizeof *t.keys + (values ? sizeof *t.vals : 0));
}

int ec__hset_init(ec_hset *t, uint32_t min_slots, int values)
{
    memset(t, 0, sizeof *t);
    if (min_slots > (1u << 30)) return EC_E_RANGE;
    uint32_t n = slots_for(min_slots);
    t->keys = calloc(n, sizeof *t->keys);
    t->vals = values ? calloc(n, sizeof *t->vals) : NULL;
    if (!t->keys || (values && !t->vals)) {
        ec__hset_free(t);
        return EC_E_NOMEM;
    }
    t->mask = n - 1;
    return EC_OK;
}

void ec__hset_free(ec_hset *t)
{
    free(t->keys);
    free(t->vals);
    memset(t, 0, sizeof *t);
}

void ec__hset_clear(ec_hset *t)
{
    if (t->keys) memset(t->keys, 0, ((size_t)t->mask + 1) * sizeof *t->keys);
    t->n = 0;
}

/* place a key known to be new, in a table with room */
static void place(ec_hset *t, uint64_t a, uint64_t b, uint32_t v)
{
    uint32_t i = (uint32_t)ec__hash128(a, b) & t->mask;
    while (t->keys[i][0] | t->keys[i][1]) i = (i + 1) & t->mask;
    t->keys[i][0] = a;
    t->keys[i][1] = b;
    if (t->vals) t->vals[i] = v;
    t->n++;
}

int ec__hset_resize(ec_hset *t, uint32_t min_slots)
{
    if (min_slots < 2 * t->n) min_slots = 2 * t->n;
    ec_hset u;
    int rc = ec__hset_init(&u, min_slots, t->vals != NULL);
    if (rc) return rc;
    for (uint32_t i = 0; t->keys && i <= t->mask; i++)
        if (t->keys[i][0] | t->keys[i][1]) place(&u, t->keys[i][0], t->keys[i][1], t->vals ? t->vals[i] : 0);
    ec__hset_free(t);
    *t = u;
    return EC_OK;
}

int ec__hset_put(ec_hset *t, uint64_t a, uint64_t b, uint32_t v)
{
    if (!(a | b) || !t->keys) return EC_E_RANGE;
    if (ec__hset_slot(t, a, b) >= 0) return 0;
    if (4 * ((uint64_t)t->n + 1) > 3 * ((uint64_t)t->mask + 1)) return EC_E_RANGE;
    place(t, a, b, v);
    return 1;
}
