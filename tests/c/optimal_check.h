/*
 * optimal_check.h - what the optimal search's suites share: a seeded xorshift64 draw (each
 * suite keeps its own state, so its cases stay the same whatever another suite draws), an
 * optimum checked by applying its solution, and two known positions' optima checked.
 * Header only, static functions.
 */
#ifndef EC_OPTIMAL_CHECK_H
#define EC_OPTIMAL_CHECK_H

#include <stdint.h>

#include "check.h"
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

/* two known positions: six half turns (optimum 6) and an eight-move pattern (8) */
static inline void check_patterns(void)
{
    const char *alg[2] = {"U2 D2 F2 B2 L2 R2", "U D' R L' F B' U D'"};
    const int want[2] = {6, 8};
    for (int i = 0; i < 2; i++) {
        char f[EC_FACELETS_SIZE];
        ec_cube c;
        CHECK_RC(ec_facelets_apply(NULL, alg[i], f, sizeof f, NULL, 0), EC_OK);
        CHECK_RC(ec_cube_from_facelets(f, &c, NULL, 0), EC_OK);
        int d = optimum(&c);
        CHECK(d == want[i], "%s: %d, want %d", alg[i], d, want[i]);
    }
}

#endif
