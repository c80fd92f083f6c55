/*
 * near.c - the table of cubes within NEAR_DEPTH turns of solved and the exact short-distance
 * query over it (layout and costs in near.h).
 */
#include "search/near.h"

#include <stdlib.h>

#include "core/cube.h"
#include "core/hash.h"
#include "core/packed.h"

static ec_hset table; /* packed cube -> distance */
static int built;

/* the stored distance of s, or -1 */
static int lookup(ec_pk s) { return (int)ec__hset_get(&table, s.c, s.e); }

static int build(void)
{
    ec__packed_init();
    /* the deepest level holds 43,239 cubes; the levels before it 3,502 */
    ec_pk *level = malloc(50000 * sizeof *level), *next = malloc(50000 * sizeof *next);
    if (ec__hset_init(&table, NEAR_SLOTS, 1) || !level || !next) {
        ec__hset_free(&table);
        free(level);
        free(next);
        return EC_E_NOMEM;
    }
    ec_cube c;
    ec_cube_solved(&c);
    int n = 1;
    level[0] = ec__pk_from_cube(&c);
    ec__hset_put(&table, level[0].c, level[0].e, 0);
    for (int d = 1; d <= NEAR_DEPTH; d++) {
        int m_next = 0;
        for (int i = 0; i < n; i++)
            for (int m = 0; m < 18; m++) {
                ec_pk t = ec__pk_turned(level[i], m);
                if (ec__hset_put(&table, t.c, t.e, (uint32_t)d) == 1) next[m_next++] = t;
            }
        ec_pk *swap = level;
        level = next;
        next = swap;
        n = m_next;
    }
    free(level);
    free(next);
    built = 1;
    return EC_OK;
}

int ec__near_init(void) { return built ? EC_OK : build(); }

/* the least k + (stored distance) over the canonical sequences of exactly k more turns */
static int search(ec_pk s, int k, int prev, int total, int best)
{
    if (!k) {
        int d = lookup(s);
        return d >= 0 && total + d < best ? total + d : best;
    }
    for (int m = 0; m < 18; m++)
        if (ec__move_follows(prev, m)) best = search(ec__pk_turned(s, m), k - 1, m, total + 1, best);
    return best;
}

int ec__near_distance(const ec_cube *c)
{
    int rc = ec__near_init();
    if (rc) return rc;
    ec_pk s = ec__pk_from_cube(c);
    int best = NEAR_MAX + 1;
    /* after level k every cube within k + NEAR_DEPTH turns has been met on a shortest path */
    for (int k = 0; k <= NEAR_LOOKAHEAD; k++) {
        best = search(s, k, -1, 0, best);
        if (best <= k + NEAR_DEPTH) return best;
    }
    return -1;
}

int ec__near_counts(long counts[NEAR_DEPTH + 1])
{
    int rc = ec__near_init();
    if (rc) return rc;
    for (int d = 0; d <= NEAR_DEPTH; d++) counts[d] = 0;
    for (uint32_t i = 0; i <= table.mask; i++)
        if (table.keys[i][0] | table.keys[i][1]) counts[table.vals[i]]++;
    return EC_OK;
}
