/*
 * test_near.c - the exact short-distance table behind the distance oracle (near.h): its
 * cubes per distance against the published HTM counts, exact distances against an
 * independent iterative-deepening search (cubie model, no tables) for scrambles of up to 6
 * turns, the one-turn consistency of distances up to 7, cubes farther than 7 left to the
 * two-phase search, and the oracle's answers for them.
 */
#include "check.h"
#include "evocube.h"
#include "search/near.h"

/* Is c solvable in exactly `left` more turns from here (no face twice in a row)? */
static int dfs(ec_cube *c, int left, int prev)
{
    if (!left) return ec_cube_is_solved(c);
    for (int m = 0; m < 18; m++) {
        if (prev >= 0 && m / 3 == prev / 3) continue;
        ec_cube t = *c;
        ec_cube_move(&t, m);
        if (dfs(&t, left - 1, m)) return 1;
    }
    return 0;
}

static int brute_distance(const ec_cube *c, int max)
{
    for (int d = 0; d <= max; d++) {
        ec_cube t = *c;
        if (dfs(&t, d, -1)) return d;
    }
    return -1;
}

static void random_moves(ec_rng *r, ec_cube *c, int n)
{
    ec_cube_solved(c);
    for (int i = 0; i < n; i++) ec_cube_move(c, (int)ec_rng_below(r, 18));
}

int main(void)
{
    /* the numbers of cubes at 0..4 face turns from solved (HTM), as published */
    static const long want[NEAR_DEPTH + 1] = {1, 18, 243, 3240, 43239};
    long counts[NEAR_DEPTH + 1];
    CHECK_RC(ec__near_counts(counts), EC_OK);
    for (int d = 0; d <= NEAR_DEPTH; d++) CHECK(counts[d] == want[d], "distance %d: %ld cubes, want %ld", d, counts[d], want[d]);

    ec_rng r;
    ec_rng_seed(&r, 7);
    ec_cube c;
    int wrong = 0, tested = 0;
    for (int n = 0; n <= 6; n++)
        for (int k = 0; k < (n < 6 ? 12 : 6); k++) {
            random_moves(&r, &c, n);
            int want_d = brute_distance(&c, n), got = ec__near_distance(&c);
            tested++;
            if (got != want_d || ec_distance(&c, 0) != want_d) {
                wrong++;
                fprintf(stderr, "%d random turns: near %d, oracle %d, brute force %d\n", n, got, ec_distance(&c, 0), want_d);
            }
        }
    CHECK(wrong == 0, "%d of %d distances wrong", wrong, tested);

    /* 7 turns: the cube of a 7-turn scramble whose 6-turn prefix two-phase search alone
     * measured as 14 within 1,000 nodes; one turn changes a distance by at most one */
    uint8_t seq[7] = {17, 5, 11, 0, 13, 5, 16}; /* B' R' D' U L2 R' B2 */
    ec_cube_solved(&c);
    ec_cube_moves(&c, seq, 6);
    CHECK(ec__near_distance(&c) == 6 && ec_distance(&c, 1000) == 6, "6-turn prefix: %d", ec_distance(&c, 1000));
    ec_cube_move(&c, seq[6]);
    CHECK(ec__near_distance(&c) == 7, "7 turns: %d", ec__near_distance(&c));
    int jumps = 0, beyond = 0;
    for (int k = 0; k < 40; k++) {
        random_moves(&r, &c, 5 + k % 3);
        int d = ec__near_distance(&c);
        if (d < 0) beyond++;
        for (int m = 0; m < 18 && d >= 0; m++) {
            ec_cube t = c;
            ec_cube_move(&t, m);
            int e = ec__near_distance(&t);
            if (e >= 0 ? e < d - 1 || e > d + 1 : d < 7) jumps++;
        }
    }
    CHECK(jumps == 0, "%d neighbours differ by more than one turn", jumps);
    CHECK(beyond == 0, "%d cubes of at most 7 turns not answered", beyond);

    /* random states are farther than 7 turns: not answered here; the oracle gives >= 8 */
    int answered = 0, short_oracle = 0;
    for (uint32_t seed = 1; seed <= 10; seed++) {
        ec_random_state(seed, &c);
        if (ec__near_distance(&c) != -1) answered++;
        if (ec_distance(&c, 0) < 8) short_oracle++;
    }
    CHECK(answered == 0, "%d random states answered by the table", answered);
    CHECK(short_oracle == 0, "%d random states with an oracle distance below 8", short_oracle);
    DONE();
}
