/*
 * near.c - the table of cubes within NEAR_DEPTH turns of solved and the exact short-distance
 * query over it (layout and costs in near.h).
 */
#include "search/near.h"

#include <stdlib.h>

#include "core/cube.h"
#include "solvers/hugo/hg.h"

#define SLOT_BITS 17
#define SLOTS (1u << SLOT_BITS)
#define DIST_SHIFT 60 /* the corner word uses bits 0..39 */
#define KEY_MASK ((1ull << DIST_SHIFT) - 1)

static hg_pk *slots; /* {0, 0} = empty: no cube packs to a zero corner word */

static uint32_t slot_of(hg_pk s)
{
    uint64_t h = (s.c * 0x9E3779B97F4A7C15ull) ^ (s.e * 0xC2B2AE3D27D4EB4Full);
    return (uint32_t)(h >> (64 - SLOT_BITS));
}

/* the stored distance of s, or -1 */
static int lookup(hg_pk s)
{
    for (uint32_t i = slot_of(s);; i = (i + 1) & (SLOTS - 1)) {
        hg_pk t = slots[i];
        if (!t.c) return -1;
        if ((t.c & KEY_MASK) == s.c && t.e == s.e) return (int)(t.c >> DIST_SHIFT);
    }
}

static void insert(hg_pk s, int d)
{
    uint32_t i = slot_of(s);
    while (slots[i].c) i = (i + 1) & (SLOTS - 1);
    slots[i].c = s.c | (uint64_t)d << DIST_SHIFT;
    slots[i].e = s.e;
}

static int build(void)
{
    hg_init();
    slots = calloc(SLOTS, sizeof *slots);
    /* the deepest level holds 43,239 cubes; the levels before it 3,502 */
    hg_pk *level = malloc(50000 * sizeof *level), *next = malloc(50000 * sizeof *next);
    if (!slots || !level || !next) {
        free(slots);
        free(level);
        free(next);
        slots = NULL;
        return EC_E_NOMEM;
    }
    ec_cube c;
    hg_state solved;
    ec_cube_solved(&c);
    hg_state_from_cube(&c, &solved);
    int n = 1;
    level[0] = hg_pk_pack(&solved);
    insert(level[0], 0);
    for (int d = 1; d <= NEAR_DEPTH; d++) {
        int m_next = 0;
        for (int i = 0; i < n; i++)
            for (int m = 0; m < 18; m++) {
                hg_pk t = hg_pk_turned(level[i], m);
                if (lookup(t) >= 0) continue;
                insert(t, d);
                next[m_next++] = t;
            }
        hg_pk *swap = level;
        level = next;
        next = swap;
        n = m_next;
    }
    free(level);
    free(next);
    return EC_OK;
}

/* the least k + (stored distance) over the canonical sequences of exactly k more turns */
static int search(hg_pk s, int k, int prev, int total, int best)
{
    if (!k) {
        int d = lookup(s);
        return d >= 0 && total + d < best ? total + d : best;
    }
    for (int m = 0; m < 18; m++)
        if (ec__move_follows(prev, m)) best = search(hg_pk_turned(s, m), k - 1, m, total + 1, best);
    return best;
}

int ec__near_distance(const ec_cube *c)
{
    if (!slots && build()) return EC_E_NOMEM;
    hg_state st;
    hg_state_from_cube(c, &st);
    hg_pk s = hg_pk_pack(&st);
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
    if (!slots && build()) return EC_E_NOMEM;
    for (int d = 0; d <= NEAR_DEPTH; d++) counts[d] = 0;
    for (uint32_t i = 0; i < SLOTS; i++)
        if (slots[i].c) counts[slots[i].c >> DIST_SHIFT]++;
    return EC_OK;
}
