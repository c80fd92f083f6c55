/*
 * test_cube_check.c - ec_cube_check on cubie cubes built directly (not from facelets, whose
 * own checks are in facelets.c): each fault class on its own, on the solved cube and on a
 * scrambled one, and the near misses that are valid (twist sum 3, flip sum 2, two swaps),
 * so that each check's removal or weakening fails a case here.
 */
#include <string.h>

#include "check.h"
#include "evocube.h"

static ec_cube scrambled(void)
{
    ec_rng r;
    ec_rng_seed(&r, 7);
    ec_cube c;
    ec_cube_solved(&c);
    for (int i = 0; i < 40; i++) ec_cube_move(&c, (int)ec_rng_below(&r, 18));
    return c;
}

/* rc of ec_cube_check, and its message must say what is wrong (contains want_text) */
static void expect(const ec_cube *c, int want, const char *want_text, const char *what)
{
    char msg[200] = "";
    int rc = ec_cube_check(c, msg, sizeof msg);
    CHECK(rc == want, "%s: status %d, want %d (%s)", what, rc, want, msg);
    if (want_text) CHECK(strstr(msg, want_text) != NULL, "%s: message \"%s\" lacks \"%s\"", what, msg, want_text);
    CHECK_RC(ec_cube_check(c, NULL, 0), want); /* no message buffer: the same verdict */
}

static void swap8(uint8_t *a, int i, int j)
{
    uint8_t t = a[i];
    a[i] = a[j];
    a[j] = t;
}

/* the slot holding cubie n - 1 gets number v instead (a permutation otherwise intact) */
static void rename_highest(uint8_t *p, int n, uint8_t v)
{
    for (int i = 0; i < n; i++)
        if (p[i] == n - 1) p[i] = v;
}

static void test_bases(const ec_cube *base, const char *name)
{
    char what[120];
    ec_cube c;
#define CASE(label) snprintf(what, sizeof what, "%s: %s", name, label)

    CASE("unchanged");
    expect(base, EC_OK, NULL, what);

    /* corner twist: sum 1 and sum 2 mod 3 are both faults, sum 3 is not */
    for (int add = 1; add <= 2; add++) {
        c = *base;
        c.co[3] = (uint8_t)((c.co[3] + add) % 3);
        CASE(add == 1 ? "one corner twisted clockwise" : "one corner twisted anticlockwise");
        expect(&c, EC_E_TWIST, add == 1 ? "1 mod 3" : "2 mod 3", what);
    }
    c = *base;
    for (int i = 0; i < 2; i++) c.co[i] = (uint8_t)((c.co[i] + 1) % 3);
    CASE("two corners twisted clockwise (sum 2)");
    expect(&c, EC_E_TWIST, "2 mod 3", what);
    c = *base;
    for (int i = 0; i < 3; i++) c.co[i] = (uint8_t)((c.co[i] + 1) % 3);
    CASE("three corners twisted clockwise (sum 0 mod 3)");
    expect(&c, EC_OK, NULL, what);

    /* edge flip: odd is a fault, even is not */
    c = *base;
    c.eo[5] ^= 1;
    CASE("one edge flipped");
    expect(&c, EC_E_FLIP, "flip", what);
    c = *base;
    c.eo[0] ^= 1;
    c.eo[11] ^= 1;
    CASE("two edges flipped");
    expect(&c, EC_OK, NULL, what);
    c = *base;
    for (int i = 0; i < 3; i++) c.eo[i] ^= 1;
    CASE("three edges flipped");
    expect(&c, EC_E_FLIP, "flip", what);

    /* permutation parity: one swap of either kind is a fault, one of each is not */
    c = *base;
    swap8(c.cp, 0, 5);
    CASE("two corners swapped");
    expect(&c, EC_E_PARITY, "parit", what);
    c = *base;
    swap8(c.ep, 2, 9);
    CASE("two edges swapped");
    expect(&c, EC_E_PARITY, "parit", what);
    c = *base;
    swap8(c.cp, 0, 5);
    swap8(c.ep, 2, 9);
    CASE("two corners and two edges swapped");
    expect(&c, EC_OK, NULL, what);

    /* duplicate pieces (the permutation is no permutation) */
    c = *base;
    c.cp[6] = c.cp[2];
    CASE("a corner cubie twice");
    expect(&c, EC_E_CORNER_DUPLICATE, "repeated", what);
    c = *base;
    c.ep[10] = c.ep[4];
    CASE("an edge cubie twice");
    expect(&c, EC_E_EDGE_DUPLICATE, "repeated", what);

    /* out-of-range values, each chosen so that every other check would pass it */
    static const uint8_t bad[] = {0, 1, 23, 247}; /* added to the highest number: 8 or 12, ... */
    for (int k = 0; k < 4; k++) {
        c = *base;
        rename_highest(c.cp, 8, (uint8_t)(8 + bad[k]));
        CASE("corner cubie number out of range");
        expect(&c, EC_E_CORNER_DUPLICATE, "invalid", what);
        c = *base;
        rename_highest(c.ep, 12, (uint8_t)(12 + bad[k]));
        CASE("edge cubie number out of range");
        expect(&c, EC_E_EDGE_DUPLICATE, "invalid", what);
    }
    c = *base;
    c.co[1] = (uint8_t)(c.co[1] + 3); /* 3..5: the same class mod 3 */
    CASE("corner twist out of range");
    expect(&c, EC_E_CORNER_DUPLICATE, "invalid", what);
    c = *base;
    c.eo[7] = (uint8_t)(c.eo[7] + 2); /* 2..3: the same class mod 2 */
    CASE("edge flip out of range");
    expect(&c, EC_E_EDGE_DUPLICATE, "invalid", what);
#undef CASE
}

int main(void)
{
    ec_cube solved, mixed = scrambled();
    ec_cube_solved(&solved);
    CHECK(!ec_cube_is_solved(&mixed), "the scramble left the cube solved");
    test_bases(&solved, "solved");
    test_bases(&mixed, "scrambled");
    CHECK_RC(ec_cube_check(NULL, NULL, 0), EC_E_NULL);
    DONE();
}
