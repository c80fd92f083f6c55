/* test_rng_scramble.c - the seeded PRNG (fixed stream, unbiased ranges) and random-move
 * scrambles (no same-face repeats, no redundant opposite-face triples, deterministic). */
#include "check.h"
#include "evocube.h"

int main(void)
{
    ec_rng a, b;
    ec_rng_seed(&a, 42);
    ec_rng_seed(&b, 42);
    int same = 1;
    for (int i = 0; i < 1000; i++)
        if (ec_rng_next(&a) != ec_rng_next(&b)) same = 0;
    CHECK(same, "same seed, same stream");
    ec_rng_seed(&a, 42);
    ec_rng_seed(&b, 43);
    CHECK(ec_rng_next(&a) != ec_rng_next(&b), "different seeds differ");
    /* the stream is fixed forever: share links depend on it (first value for seed 0) */
    ec_rng_seed(&a, 0);
    uint64_t first = ec_rng_next(&a);
    CHECK(first == 0x99EC5F36CB75F2B4ull, "first value for seed 0 is %016llx", (unsigned long long)first);

    /* ec_rng_below: in range, and roughly uniform over 0..5 (chi-square, 60,000 draws) */
    int count[6] = {0};
    ec_rng_seed(&a, 7);
    int out_of_range = 0;
    for (int i = 0; i < 60000; i++) {
        uint32_t v = ec_rng_below(&a, 6);
        if (v >= 6) out_of_range++;
        else count[v]++;
    }
    double chi = 0;
    for (int k = 0; k < 6; k++) chi += (count[k] - 10000.0) * (count[k] - 10000.0) / 10000.0;
    CHECK(out_of_range == 0, "%d out of range", out_of_range);
    CHECK(chi < 20.5, "chi-square %.2f (5 dof, p=0.001 at 20.5)", chi); /* fixed seed: deterministic */
    CHECK(ec_rng_below(&a, 1) == 0 && ec_rng_below(&a, 0) == 0, "degenerate ranges");
    double u = 0;
    for (int i = 0; i < 1000; i++) {
        double x = ec_rng_unit(&a);
        CHECK(x >= 0 && x < 1, "unit %f", x);
        u += x;
    }
    CHECK(u > 450 && u < 550, "unit mean %f", u / 1000);

    /* seeds parse as 0..4294967295 only */
    uint32_t s;
    CHECK_RC(ec_seed_parse("4294967295", &s, NULL, 0), EC_OK);
    CHECK(s == 4294967295u, "max seed");
    CHECK_RC(ec_seed_parse("4294967296", &s, NULL, 0), EC_E_SEED);
    CHECK_RC(ec_seed_parse("-1", &s, NULL, 0), EC_E_SEED);
    CHECK_RC(ec_seed_parse("12a", &s, NULL, 0), EC_E_SEED);
    CHECK_RC(ec_seed_parse("", &s, NULL, 0), EC_E_SEED);

    /* scrambles: rules over many seeds */
    int bad_face = 0, bad_axis = 0, bad_code = 0;
    for (uint32_t seed = 0; seed < 2000; seed++) {
        uint8_t mv[100];
        CHECK_RC(ec_scramble_random_moves(100, seed, mv, 100), EC_OK);
        for (int i = 0; i < 100; i++) {
            if (mv[i] >= 18) bad_code++;
            if (i >= 1 && mv[i] / 3 == mv[i - 1] / 3) bad_face++;
            if (i >= 2 && mv[i] / 3 % 3 == mv[i - 1] / 3 % 3 && mv[i] / 3 % 3 == mv[i - 2] / 3 % 3) bad_axis++;
        }
    }
    CHECK(bad_code == 0 && bad_face == 0 && bad_axis == 0, "codes %d, same face %d, axis triples %d", bad_code,
          bad_face, bad_axis);
    /* a scramble simplifies to itself: nothing redundant */
    char t1[512], t2[512];
    CHECK_RC(ec_scramble_moves_text(25, 99, t1, sizeof t1), EC_OK);
    CHECK_RC(ec_alg_simplify(t1, t2, sizeof t2, NULL, 0), EC_OK);
    CHECK_STR(t1, t2);
    CHECK_RC(ec_scramble_moves_text(25, 99, t2, sizeof t2), EC_OK);
    CHECK_STR(t1, t2);
    CHECK_RC(ec_scramble_moves_text(0, 1, t2, sizeof t2), EC_OK);
    CHECK_STR(t2, "");
    CHECK_RC(ec_scramble_moves_text(-1, 1, t2, sizeof t2), EC_E_RANGE);
    CHECK_RC(ec_scramble_moves_text(EC_MAX_ALG_MOVES + 1, 1, t2, sizeof t2), EC_E_RANGE);
    DONE();
}
