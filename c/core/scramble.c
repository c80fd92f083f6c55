/*
 * scramble.c - random-move scrambles: n face turns from the seeded PRNG, never two turns of
 * one face in a row and never three turns of one axis in a row (so R L R cannot occur).
 */
#include "core/util.h"

int ec_scramble_random_moves(int n, uint32_t seed, uint8_t *moves, int cap)
{
    if (!moves && n > 0) return EC_E_NULL;
    if (n < 0 || n > EC_MAX_ALG_MOVES) return EC_E_RANGE;
    if (n > cap) return EC_E_BUFFER;
    ec_rng r;
    ec_rng_seed(&r, seed);
    for (int i = 0; i < n; i++) {
        int face;
        for (;;) {
            face = (int)ec_rng_below(&r, 6);
            if (i >= 1 && moves[i - 1] / 3 == face) continue;
            /* two previous turns on this axis (opposite faces) would make a redundant triple */
            if (i >= 2 && moves[i - 1] / 3 % 3 == face % 3 && moves[i - 2] / 3 % 3 == face % 3) continue;
            break;
        }
        moves[i] = (uint8_t)(face * 3 + (int)ec_rng_below(&r, 3));
    }
    return EC_OK;
}

int ec_scramble_moves_text(int n, uint32_t seed, char *out, int size)
{
    uint8_t mv[EC_MAX_ALG_MOVES];
    if (n < 0 || n > EC_MAX_ALG_MOVES) return EC_E_RANGE;
    int rc = ec_scramble_random_moves(n, seed, mv, EC_MAX_ALG_MOVES);
    return rc ? rc : ec_alg_format(mv, n, out, size);
}
