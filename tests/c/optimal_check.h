/*
 * optimal_check.h - what the optimal search's suites share: a seeded xorshift64 draw (each
 * suite keeps its own state, so its cases stay the same whatever another suite draws) and
 * an optimum that is checked by applying its solution. Header only, static functions.
 */
#ifndef EC_OPTIMAL_CHECK_H
#define EC_OPTIMAL_CHECK_H

#include <stdint.h>

#include "core/cube.h"
#include "search/optimal.h"

/* a number in 0..n-1 from the state *s (xorshift64; *s must not be 0) */
static inline int xs_draw(uint64_t *s, int n)
{
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    return (int)(*s % (uint64_t)n);
}

/* c's optimal length by ec_optimal_distance (unbounded), its solution applied to c:
 * EC_E_NOT_SOLVED when it does not solve it, a status below 0 when the search failed */
static inline int optimum(const ec_cube *c)
{
    int len = -1;
    uint8_t mv[24];
    int rc = ec_optimal_distance(c, -1, &len, mv, 24);
    if (rc) return rc;
    ec_cube t = *c;
    ec_cube_moves(&t, mv, len);
    return ec_cube_is_solved(&t) ? len : EC_E_NOT_SOLVED;
}

#endif
