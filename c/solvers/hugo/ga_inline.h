/*
 * ga_inline.h - small inline helpers shared by ga.c (the population and its operators),
 * generation.c (a generation and its prefix evaluation) and optimize.c of the HuGO! family:
 * fixed-size copies without memcpy calls, the lowest set bit, and the RNG draws of the allele
 * refill and of mutation (the same draws and values as ec_rng_below, without 64-bit
 * divisions).
 */
#ifndef EC_HUGO_GA_INLINE_H
#define EC_HUGO_GA_INLINE_H

#include <stdint.h>
#include <string.h>

#include "solvers/hugo/hg.h"

/* An empty volatile statement in a copy loop keeps clang from turning the loop back into a
 * memcpy call (in wasm a call, and above 512 bytes a call out to JS) */
#if defined(__clang__)
#define KEEP_LOOP() __asm__ volatile("")
#else
#define KEEP_LOOP() ((void)0)
#endif

/* n bytes from s to d (not overlapping) as 16-byte moves with SIMD (else 8-byte ones), the
 * last one overlapping the one before it: no memcpy call */
static inline void copy_small(uint8_t *d, const uint8_t *s, size_t n)
{
    if (n < 8) {
        for (size_t j = 0; j < n; j++) {
            d[j] = s[j];
            KEEP_LOOP();
        }
        return;
    }
    uint64_t w;
#if EC_BREG_SIMD
    if (n >= 16) {
        for (size_t j = 0; j + 16 < n; j += 16) {
#if defined(__wasm_simd128__)
            wasm_v128_store(d + j, wasm_v128_load(s + j));
#else
            _mm_storeu_si128((__m128i *)(d + j), _mm_loadu_si128((const __m128i *)(s + j)));
#endif
            KEEP_LOOP();
        }
#if defined(__wasm_simd128__)
        wasm_v128_store(d + n - 16, wasm_v128_load(s + n - 16));
#else
        _mm_storeu_si128((__m128i *)(d + n - 16), _mm_loadu_si128((const __m128i *)(s + n - 16)));
#endif
        return;
    }
#endif
    for (size_t j = 0; j + 8 < n; j += 8) {
        memcpy(&w, s + j, 8);
        memcpy(d + j, &w, 8);
        KEEP_LOOP();
    }
    memcpy(&w, s + n - 8, 8);
    memcpy(d + n - 8, &w, 8);
}

static inline int ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int k = 0;
    while (!(x >> k & 1)) k++;
    return k;
#endif
}

/* x % n for n < 2^16, in 32-bit arithmetic (x = hi * 2^32 + lo); with n a constant after
 * inlining, no division is left (wasm has no 64-bit multiply-high, so a 64-bit x % 18 costs
 * a real division there) */
static inline uint32_t mod_small(uint64_t x, uint32_t n)
{
    uint32_t hi = (uint32_t)(x >> 32) % n, lo = (uint32_t)x % n;
    return (hi * (uint32_t)((1ull << 32) % n) + lo) % n;
}

/* ec_rng_below(r, n)'s draw for n > 1, its rejection limit (UINT64_MAX - UINT64_MAX % n)
 * given: the caller reduces it mod n (same draws, same result) */
static inline uint64_t draw_below(ec_rng *r, uint64_t limit)
{
    uint64_t x;
    do x = ec__rng_next(r);
    while (x >= limit);
    return x;
}

/* ec_rng_below(r, n) for a constant n > 1 */
static inline uint32_t below_const(ec_rng *r, uint32_t n) { return mod_small(draw_below(r, UINT64_MAX - UINT64_MAX % n), n); }

/* a random allele: alleles[ec_rng_below(r, na)], the usual sizes (all 18 genes, the 6 turns
 * of two faces) without divisions */
static inline uint8_t random_allele(ec_rng *r, const uint8_t *alleles, int na)
{
    uint32_t k = na == 18 ? below_const(r, 18) : na == 6 ? below_const(r, 6) : ec_rng_below(r, (uint32_t)na);
    return alleles[k];
}

#endif
