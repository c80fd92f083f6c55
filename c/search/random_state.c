/*
 * random_state.c - random-state scrambles. A state is drawn uniformly from the 4.3e19
 * solvable cubes with the seeded PRNG: a uniform corner permutation and a uniform edge
 * permutation (Fisher-Yates); when their parities differ the last two edges are swapped
 * (a bijection between the odd and the even edge permutations, so uniformity is kept);
 * seven uniform twists and eleven uniform flips, the last of each forced. The two-phase
 * search then solves it with no node budget, looking only for solutions of at most 20 moves,
 * and the scramble is that solution inverted, checked to produce the state from solved.
 * Cost: one two-phase solve (milliseconds), no allocation.
 */
#include "core/cube.h"
#include "search/twophase.h"
#include "core/util.h"

int ec_random_state(uint32_t seed, ec_cube *c)
{
    if (!c) return EC_E_NULL;
    ec_rng r;
    ec_rng_seed(&r, seed);
    ec_cube_solved(c);
    for (int i = 7; i > 0; i--) {
        int j = (int)ec_rng_below(&r, (uint32_t)i + 1);
        uint8_t t = c->cp[i];
        c->cp[i] = c->cp[j];
        c->cp[j] = t;
    }
    for (int i = 11; i > 0; i--) {
        int j = (int)ec_rng_below(&r, (uint32_t)i + 1);
        uint8_t t = c->ep[i];
        c->ep[i] = c->ep[j];
        c->ep[j] = t;
    }
    if (ec__parity(c->cp, 8) != ec__parity(c->ep, 12)) {
        uint8_t t = c->ep[10];
        c->ep[10] = c->ep[11];
        c->ep[11] = t;
    }
    int twist = 0, flip = 0;
    for (int i = 0; i < 7; i++) twist += c->co[i] = (uint8_t)ec_rng_below(&r, 3);
    c->co[7] = (uint8_t)((3 - twist % 3) % 3);
    for (int i = 0; i < 11; i++) flip += c->eo[i] = (uint8_t)ec_rng_below(&r, 2);
    c->eo[11] = (uint8_t)(flip & 1);
    return EC_OK;
}

int ec_scramble_random_state_text(uint32_t seed, char *out, int size)
{
    if (!out) return EC_E_NULL;
    ec_cube c;
    ec_random_state(seed, &c);
    tp_search s;
    int rc = tp_init(&s, &c, 20, -1, TP_MIN_NODES, TP_DIRS);
    if (rc) return rc;
    tp_target(&s, -1);
    tp_run(&s, INT64_MAX);
    if (s.best > 20) return EC_E_NOT_SOLVED; /* cannot happen: every cube has <= 20 */
    uint8_t mv[TP_MAX_LEN + 1];
    for (int i = 0; i < s.best; i++) { /* invert: reverse order, quarter turns reversed */
        int m = s.best_moves[s.best - 1 - i];
        mv[i] = (uint8_t)(m / 3 * 3 + 2 - m % 3);
    }
    ec_cube check;
    ec_cube_solved(&check);
    ec_cube_moves(&check, mv, s.best);
    for (int i = 0; i < 8; i++)
        if (check.cp[i] != c.cp[i] || check.co[i] != c.co[i]) return EC_E_NOT_SOLVED;
    for (int i = 0; i < 12; i++)
        if (check.ep[i] != c.ep[i] || check.eo[i] != c.eo[i]) return EC_E_NOT_SOLVED;
    return ec_alg_format(mv, s.best, out, size);
}
