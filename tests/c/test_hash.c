/* test_hash.c - the core's hash set (core/hash.h): insert, find, values, duplicates, clearing,
 * resizing, the refused key {0, 0} and a full table, against a plain array. */
#include <stdlib.h>

#include "check.h"
#include "core/hash.h"

int main(void)
{
    ec_hset t;
    CHECK_RC(ec__hset_init(&t, 100, 1), EC_OK);
    CHECK(t.mask == 127 && t.n == 0, "slots %u", t.mask + 1);
    enum { N = 60 };
    uint64_t ka[N], kb[N];
    ec_rng r;
    ec_rng_seed(&r, 9);
    for (int i = 0; i < N; i++) {
        ka[i] = ec_rng_next(&r) | 1;
        kb[i] = i % 3 ? ec_rng_next(&r) : 0; /* keys with a zero second word too */
        CHECK(ec__hset_put(&t, ka[i], kb[i], (uint32_t)i * 7) == 1, "put %d", i);
    }
    CHECK(t.n == N, "held %u", t.n);
    int bad = 0;
    for (int i = 0; i < N; i++) bad += ec__hset_get(&t, ka[i], kb[i]) != i * 7;
    CHECK(bad == 0, "%d values wrong", bad);
    CHECK(ec__hset_put(&t, ka[5], kb[5], 999) == 0 && ec__hset_get(&t, ka[5], kb[5]) == 35, "a duplicate changed");
    CHECK(ec__hset_get(&t, ka[5] ^ 2, kb[5]) == -1 && ec__hset_slot(&t, 12345, 678) == -1, "a missing key found");
    CHECK(ec__hset_put(&t, 0, 0, 1) == EC_E_RANGE, "the empty key was stored");
    /* 3/4 full is the limit: 60 + 36 = 96 of 128 */
    int added = 0, rc;
    while ((rc = ec__hset_put(&t, 1000 + (uint64_t)added, 1, 0)) == 1) added++;
    CHECK(rc == EC_E_RANGE && t.n == 96, "stopped at %u keys (rc %d)", t.n, rc);
    /* resize keeps every key and value */
    CHECK_RC(ec__hset_resize(&t, 1000), EC_OK);
    CHECK(t.mask == 1023 && t.n == 96, "after resize: %u slots, %u keys", t.mask + 1, t.n);
    bad = 0;
    for (int i = 0; i < N; i++) bad += ec__hset_get(&t, ka[i], kb[i]) != i * 7;
    for (int i = 0; i < added; i++) bad += ec__hset_get(&t, 1000 + (uint64_t)i, 1) != 0;
    CHECK(bad == 0, "%d keys lost in the resize", bad);
    ec__hset_clear(&t);
    CHECK(t.n == 0 && ec__hset_get(&t, ka[0], kb[0]) == -1, "clear");
    ec__hset_free(&t);
    /* a set without values: membership only */
    CHECK_RC(ec__hset_init(&t, 16, 0), EC_OK);
    CHECK(t.vals == NULL, "values allocated");
    CHECK(ec__hset_put(&t, 42, 0, 0) == 1 && ec__hset_put(&t, 42, 0, 0) == 0 && ec__hset_slot(&t, 42, 0) >= 0, "set");
    ec__hset_free(&t);
    CHECK_RC(ec__hset_init(&t, (1u << 30) + 1, 0), EC_E_RANGE);
    /* a 10,000-key table against a sorted array: same membership */
    CHECK_RC(ec__hset_init(&t, 20000, 1), EC_OK);
    uint64_t *keys = malloc(10000 * sizeof *keys);
    for (int i = 0; i < 10000; i++) {
        keys[i] = (ec_rng_next(&r) % 5000) + 1; /* many repeats */
        ec__hset_put(&t, keys[i], keys[i] * 3, (uint32_t)keys[i]);
    }
    int distinct = 0;
    for (uint64_t k = 1; k <= 5000; k++) {
        int in = 0;
        for (int i = 0; i < 10000 && !in; i++) in = keys[i] == k;
        distinct += in;
        if (in != (ec__hset_get(&t, k, k * 3) == (int64_t)k)) bad++;
    }
    CHECK(bad == 0 && t.n == (uint32_t)distinct, "%d membership errors, %u held of %d", bad, t.n, distinct);
    free(keys);
    ec__hset_free(&t);
    DONE();
}
