/* test_notation_sign.c - SiGN layer prefixes, Rv-style rotations and whole-number amounts
 * (the forms cubing.js applies to a 3x3x3), their refusals with positions, and comments that
 * end at CR, U+2028 or U+2029, and refused moves' echoes naming hidden characters. The expansions are the ones cubing.js gives (checked against it over random
 * algorithms by tests/js/notation-sign.test.mjs); here each is also checked by cube state
 * against a spelling in plain moves. */
#include "check_alg.h"
#include "evocube.h"

/* 1 when a and b leave the same cube (facelets after each, from solved) */
static int same_state(const char *a, const char *b)
{
    char fa[EC_FACELETS_SIZE], fb[EC_FACELETS_SIZE];
    if (ec_facelets_apply(NULL, a, fa, sizeof fa, NULL, 0) || ec_facelets_apply(NULL, b, fb, sizeof fb, NULL, 0))
        return 0;
    return strcmp(fa, fb) == 0;
}

int main(void)
{
    /* every prefix form on every face, as canonical moves */
    static const check_alg forms[] = {
        {"2R 2L 2U 2D 2F 2B", EC_OK, "M' M E' E S S'"},
        {"3R 3L 3U 3D 3F 3B", EC_OK, "L' R' D' U' B' F'"},
        {"1R 1Rw 1r", EC_OK, "R R R"},
        {"2Rw 2r 1-2R 1-2Rw 1-2r", EC_OK, "Rw Rw Rw Rw Rw"},
        {"2-3R 2-3Rw 2-3r 2-3Lw 2-3Uw 2-3d 2-3F 2-3b", EC_OK, "Lw' Lw' Lw' Rw' Dw' Uw' Bw' Fw'"},
        {"2R' 2R2 2R3 2R2' 2-3Rw2' 3L'", EC_OK, "M M2 M M2 Lw2 R"},
        {"Rv Lv Uv Dv Fv Bv Rv' Uv2 Fv3", EC_OK, "x x' y y' z z' x' y2 z'"},
        {"M2' x2' Rw2' u2'", EC_OK, "M2 x2 Rw2 u2"},
        /* amounts: any whole number, mod 4; 0 and multiples of 4 turn nothing */
        {"R1 R3 R5 R6 R7' R12 R0 R0' R4", EC_OK, "R R' R R2 R"},
        {"M5 x6 Rw7 2R9", EC_OK, "M x2 Rw' M'"},
        {"(R U)0 [R, U]0 [R: U]0 F", EC_OK, "F"},
        {"R2R U3U", EC_OK, "R2 R U' U"},
        /* amounts up to cubing.js's bound, 2^31 - 1 (= 3 mod 4) */
        {"R2147483647 U2147483644 F2147483648'", EC_OK, "R'"},
        /* the whole-cube ranges: the rotation SiGN means */
        {"R 3Rw 1-3Lw 3u2 3Bw 1-3F' 3d", EC_OK, "R x x' y2 z' z' y'"},
    };
    check_algs(forms, sizeof forms / sizeof forms[0]);

    /* what cubing.js refuses on a 3x3x3 is refused here, naming the move and its position */
    static const check_alg refused[] = {
        {"02R", EC_E_TOKEN, "\"02R\" at character 1 has a layer with a leading 0 (write 2R, not 02R)"},
        {"R 2-03Rw", EC_E_TOKEN, "\"2-03Rw\" at character 3 has a layer with a leading 0 (write 2-3Rw, not 2-03Rw)"},
        {"R2147483648", EC_E_TOKEN,
         "\"R2147483648\" at character 1 has an amount past cubing.js's bound (at most 2147483647, or 2147483648')"},
        {"U R99999999999999999999'", EC_E_TOKEN,
         "\"R99999999999999999999'\" at character 3 has an amount past cubing.js's bound (at most 2147483647, or 2147483648')"},
        /* an invisible or direction-changing character in a refused move is named, not echoed */
        {"R\xE2\x80\xAEU", EC_E_TOKEN, "unknown move \"R<U+202E>U\" at character 1"},
        {"2R\xE2\x80\x8E", EC_E_TOKEN, "unknown move \"2R<U+200E>\" at character 1"},
        {"03\xC2\xAD", EC_E_TOKEN, "\"03<U+00AD>\" at character 1 has a layer with a leading 0 (write 2R, not 02R)"},
        {"4R", EC_E_TOKEN, "\"4R\" at character 1 names a layer that a 3x3x3 does not have (it has layers 1 to 3)"},
        {"0R", EC_E_TOKEN, "\"0R\" at character 1 names a layer that a 3x3x3 does not have (it has layers 1 to 3)"},
        {"R\xE2\x80\x99 2-4Rw", EC_E_TOKEN,
         "\"2-4Rw\" at character 4 names a layer that a 3x3x3 does not have (it has layers 1 to 3)"},
        {"3-2Rw", EC_E_TOKEN, "\"3-2Rw\" at character 1 has a layer range whose first layer is not the smaller (write 2-3Rw)"},
        {"2-2R", EC_E_TOKEN, "\"2-2R\" at character 1 has a layer range whose first layer is not the smaller (write 2-3Rw)"},
        {"2M", EC_E_TOKEN,
         "\"2M\" at character 1 has a layer prefix on a slice or rotation: a prefix goes on a face turn (2R, 2-3Rw, 2r)"},
        {"R 2x'", EC_E_TOKEN,
         "\"2x'\" at character 3 has a layer prefix on a slice or rotation: a prefix goes on a face turn (2R, 2-3Rw, 2r)"},
        {"2Rv", EC_E_TOKEN,
         "\"2Rv\" at character 1 has a layer prefix on a slice or rotation: a prefix goes on a face turn (2R, 2-3Rw, 2r)"},
        {"R U 2", EC_E_TOKEN, "\"2\" at character 5 is no move: a layer prefix goes before a face (2R, 2-3Rw)"},
        {"2Q", EC_E_TOKEN, "\"2Q\" at character 1 is no move: a layer prefix goes before a face (2R, 2-3Rw)"},
        {"R007", EC_E_TOKEN,
         "\"R007\" at character 1 has an amount with a leading 0 (an amount starts with 0 only when it is 0)"},
        {"(R U)007", EC_E_REPEAT, "repetition count at character 6 starts with 0 (only 0 itself does)"},
        {"m", EC_E_TOKEN, "unknown move \"m\" at character 1"},
        {"Mw", EC_E_TOKEN, "unknown move \"Mw\" at character 1"},
        {"R'2", EC_E_TOKEN, "unknown move \"R'2\" at character 1"},
        {"Rv2'3", EC_E_TOKEN, "unknown move \"Rv2'3\" at character 1"},
    };
    check_algs(refused, sizeof refused / sizeof refused[0]);

    /* a // comment ends at LF, CR or CR LF */
    static const check_alg comments[] = {
        {"R // x\rU", EC_OK, "R U"},
        {"R // x\r\nU // y\nF", EC_OK, "R U F"},
        {"R // x U", EC_OK, "R"},
        {"R // x\xE2\x80\xA8U // y\xE2\x80\xA9" "F", EC_OK, "R U F"},
    };
    check_algs(comments, sizeof comments / sizeof comments[0]);

    /* by cube state: each form against a plain-move spelling of the same layers */
    static const char *const pairs[][2] = {
        {"2R", "R' L x"}, {"2U", "U' D y"},    {"2F", "F' B z"}, {"3R", "L'"},
        {"2-3Rw", "R' x"}, {"2-3Uw2", "U2 y2"}, {"Rv U", "x U"},   {"Bv' R", "z R"},
    };
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        CHECK(same_state(pairs[k][0], pairs[k][1]), "%s and %s leave different cubes", pairs[k][0], pairs[k][1]);
    }
    /* and a wrong spelling is told apart (the check can fail) */
    CHECK(!same_state("2R", "M"), "2R and M left the same cube");
    DONE();
}
