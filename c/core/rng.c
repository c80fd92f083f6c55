/*
 * rng.c - the only source of randomness: xoshiro256** (Blackman and Vigna), its state filled
 * by splitmix64 from a 64-bit seed. Integer-only, so native and wasm give the same stream.
 */
#include <stdlib.h>

#include "core/util.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void ec_rng_seed(ec_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

uint64_t ec_rng_next(ec_rng *r) { return ec__rng_next(r); }

uint32_t ec_rng_below(ec_rng *r, uint32_t n)
{
    if (n <= 1) return 0;
    uint64_t limit = UINT64_MAX - UINT64_MAX % n; /* values >= limit would bias the result */
    uint64_t x;
    do x = ec__rng_next(r);
    while (x >= limit);
    return (uint32_t)(x % n);
}

double ec_rng_unit(ec_rng *r) { return (double)(ec_rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

int ec_seed_parse(const char *text, uint32_t *seed, char *msg, int msgsize)
{
    if (!text) return ec__msg(EC_E_NULL, msg, msgsize, "no seed given");
    return ec_seed_parse_n(text, ec__cstr_len(text), seed, msg, msgsize);
}

int ec_seed_parse_n(const char *text, int len, uint32_t *seed, char *msg, int msgsize)
{
    if ((!text && len) || !seed) return ec__msg(EC_E_NULL, msg, msgsize, "no seed given");
    if (len > 32)
        return ec__msg(EC_E_SEED, msg, msgsize, "a seed of %d characters is not an integer from 0 to 4294967295", len);
    int rc = ec__text_check(text, len, "seed", NULL, msg, msgsize);
    if (rc) return rc;
    int bad = len == 0 || len > 10;
    uint64_t v = 0;
    for (int i = 0; i < len && !bad; i++) {
        if (text[i] < '0' || text[i] > '9') bad = 1;
        else v = v * 10 + (uint64_t)(text[i] - '0');
    }
    if (bad || v > 4294967295ull)
        return ec__msg(EC_E_SEED, msg, msgsize, "seed \"%.*s\" is not an integer from 0 to 4294967295", len, text ? text : "");
    *seed = (uint32_t)v;
    return EC_OK;
}
