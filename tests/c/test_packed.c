/* test_packed.c - the core's byte and packed cubes (core/packed.h): conversions are exact,
 * and turning them agrees with the cubie model's ec_cube_move on random sequences. */
#include <string.h>

#include "check.h"
#include "core/packed.h"
#include "evocube.h"

int main(void)
{
    ec__packed_init();
    ec_rng r;
    ec_rng_seed(&r, 17);
    int bad_b = 0, bad_p = 0, bad_round = 0, bad_reg = 0;
    for (int t = 0; t < 10000; t++) {
        ec_cube c, back;
        ec_cube_solved(&c);
        ec_bcube b;
        ec__bcube_from_cube(&c, &b);
        ec_pk p = ec__pk_from_cube(&c);
        ec_breg g = ec__breg_load(&b);
        int n = 1 + (int)ec_rng_below(&r, 30);
        for (int k = 0; k < n; k++) {
            int m = (int)ec_rng_below(&r, 18);
            ec_cube_move(&c, m);
            ec__bcube_move(&b, m);
            p = ec__pk_turned(p, m);
            g = ec__breg_turned(g, m);
        }
        struct {
            ec_bcube b;
            uint8_t pad[4];
        } gs;
        memset(&gs, 0xAB, sizeof gs);
        ec__breg_store(g, &gs.b);
        bad_reg += memcmp(&gs.b, &b, sizeof b) != 0;
        ec__bcube_to_cube(&b, &back);
        bad_b += memcmp(&back, &c, sizeof c) != 0;
        ec_bcube u;
        ec__pk_unpack(p, &u);
        bad_p += memcmp(&u, &b, sizeof b) != 0;
        ec_pk q = ec__pk_pack(&b);
        bad_round += q.c != p.c || q.e != p.e || !p.c;
    }
    CHECK(bad_b == 0, "%d byte cubes differ from the cubie model", bad_b);
    CHECK(bad_p == 0, "%d packed cubes differ from the byte cubes", bad_p);
    CHECK(bad_reg == 0, "%d byte cubes turned in registers (shuffles: %d) differ from ec__bcube_move", bad_reg, EC_BREG_SIMD);
    CHECK(bad_round == 0, "%d pack/unpack round trips differ (or a zero corner word)", bad_round);
    /* four quarter turns are the identity; the solved cube's values are cubie*3 and cubie*2 */
    ec_cube s;
    ec_cube_solved(&s);
    ec_pk p0 = ec__pk_from_cube(&s), p = p0;
    for (int m = 0; m < 18; m += 3) {
        for (int k = 0; k < 4; k++) p = ec__pk_turned(p, m);
        CHECK(p.c == p0.c && p.e == p0.e, "face %d: four quarter turns are not the identity", m / 3);
    }
    ec_bcube b;
    ec__bcube_from_cube(&s, &b);
    int ok = 1;
    for (int i = 0; i < 8; i++) ok &= b.c[i] == i * 3;
    for (int i = 0; i < 12; i++) ok &= b.e[i] == i * 2;
    CHECK(ok, "solved byte cube");
    DONE();
}
