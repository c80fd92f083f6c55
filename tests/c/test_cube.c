/* test_cube.c - the cubie model: face-turn orders, inverses, facelet round trips. */
#include "check.h"
#include "evocube.h"

static const char *SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

static int order_of(const uint8_t *mv, int n)
{
    ec_cube c;
    ec_cube_solved(&c);
    for (int k = 1; k <= 2000; k++) {
        ec_cube_moves(&c, mv, n);
        if (ec_cube_is_solved(&c)) return k;
    }
    return -1;
}

static void random_cube(ec_rng *r, ec_cube *c, int len)
{
    ec_cube_solved(c);
    for (int i = 0; i < len; i++) ec_cube_move(c, (int)ec_rng_below(r, 18));
}

int main(void)
{
    /* every face turn to the 4th power is the identity, and no smaller power is */
    for (int f = 0; f < 6; f++) {
        uint8_t m = (uint8_t)(f * 3);
        CHECK(order_of(&m, 1) == 4, "face %d quarter turn order %d", f, order_of(&m, 1));
        m = (uint8_t)(f * 3 + 1);
        CHECK(order_of(&m, 1) == 2, "face %d half turn", f);
    }
    uint8_t ru[] = {3, 0};         /* R U */
    uint8_t sexy[] = {3, 0, 5, 2}; /* R U R' U' */
    CHECK(order_of(ru, 2) == 105, "(R U) order %d", order_of(ru, 2));
    CHECK(order_of(sexy, 4) == 6, "(R U R' U') order %d", order_of(sexy, 4));

    /* the superflip */
    ec_cube c;
    char f[EC_FACELETS_SIZE];
    CHECK_RC(ec_facelets_apply(NULL, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", f, sizeof f, NULL, 0), EC_OK);
    CHECK_STR(f, "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB");
    CHECK_RC(ec_cube_from_facelets(f, &c, NULL, 0), EC_OK);
    for (int i = 0; i < 12; i++) CHECK(c.ep[i] == i && c.eo[i] == 1, "superflip edge %d", i);
    for (int i = 0; i < 8; i++) CHECK(c.cp[i] == i && c.co[i] == 0, "superflip corner %d", i);

    /* inverse(A) * A is the identity; A * inverse(A) too; facelet round trips */
    ec_rng r;
    ec_rng_seed(&r, 1);
    int bad_inv = 0, bad_round = 0, bad_check = 0;
    for (int t = 0; t < 10000; t++) {
        ec_cube a, ia, p, q, back;
        random_cube(&r, &a, 40);
        ec_cube_inverse(&a, &ia);
        ec_cube_multiply(&ia, &a, &p);
        ec_cube_multiply(&a, &ia, &q);
        if (!ec_cube_is_solved(&p) || !ec_cube_is_solved(&q)) bad_inv++;
        char s[EC_FACELETS_SIZE];
        ec_cube_to_facelets(&a, s, sizeof s);
        if (ec_cube_from_facelets(s, &back, NULL, 0) != EC_OK || memcmp(&a, &back, sizeof a)) bad_round++;
        if (ec_cube_check(&a, NULL, 0) != EC_OK) bad_check++;
    }
    CHECK(bad_inv == 0, "%d inverses wrong", bad_inv);
    CHECK(bad_round == 0, "%d facelet round trips wrong", bad_round);
    CHECK(bad_check == 0, "%d random states fail the structural check", bad_check);

    /* moves on cubies agree with moves on stickers, for every face turn */
    for (int m = 0; m < 18; m++) {
        static const char *names[18] = {"U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'",
                                        "D", "D2", "D'", "L", "L2", "L'", "B", "B2", "B'"};
        char a[EC_FACELETS_SIZE], b[EC_FACELETS_SIZE];
        ec_cube_solved(&c);
        ec_cube_move(&c, m);
        ec_cube_to_facelets(&c, a, sizeof a);
        ec_facelets_apply(SOLVED, names[m], b, sizeof b, NULL, 0);
        CHECK_STR(a, b);
    }
    CHECK_RC(ec_cube_move(&c, 18), EC_E_RANGE);
    CHECK_RC(ec_cube_move(&c, -1), EC_E_RANGE);
    DONE();
}
