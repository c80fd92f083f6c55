/* test_notation.c - parser (every move form, errors with positions), formatter,
 * simplification, inversion and metrics. */
#include "check_alg.h"
#include "evocube.h"

static char out[4096], msg[256];

static const char *canon(const char *alg)
{
    int rc = ec_alg_canonical(alg, out, sizeof out, msg, sizeof msg);
    return rc ? msg : out;
}

static const char *simp(const char *alg)
{
    int rc = ec_alg_simplify(alg, out, sizeof out, msg, sizeof msg);
    return rc ? msg : out;
}

static int err(const char *alg)
{
    msg[0] = '\0';
    return ec_alg_canonical(alg, out, sizeof out, msg, sizeof msg);
}

int main(void)
{
    /* every form DESIGN.md lists */
    CHECK_STR(canon("R U R' U'"), "R U R' U'");
    CHECK_STR(canon("R2 R2' R3 R3'"), "R2 R2 R' R");
    CHECK_STR(canon("Rw r Lw' l2 Uw2' u Fw f' Dw d Bw b"), "Rw r Lw' l2 Uw2 u Fw f' Dw d Bw b");
    CHECK_STR(canon("M E' S2 x y' z2"), "M E' S2 x y' z2");
    CHECK_STR(canon("RUR'U'"), "R U R' U'");
    CHECK_STR(canon("(R U)3"), "R U R U R U");
    CHECK_STR(canon("(R U2)'"), "U2 R'");
    CHECK_STR(canon("((R U)2 F)2"), "R U R U F R U R U F");
    CHECK_STR(canon("R // a comment\nU // another"), "R U");
    CHECK_STR(canon("  \tR\n\nU  "), "R U");
    CHECK_STR(canon(""), "");
    CHECK_STR(canon("R\xE2\x80\x99 U`"), "R' U'"); /* typographic and back-tick primes */

    /* errors name the token and its 1-based character position */
    CHECK_RC(err("R U Q"), EC_E_TOKEN);
    CHECK_STR(msg, "unknown move \"Q\" at character 5");
    CHECK_RC(err("4R"), EC_E_TOKEN);
    CHECK_STR(msg, "\"4R\" at character 1 names a layer that a 3x3x3 does not have (it has layers 1 to 3)");
    CHECK_RC(err("R'2 U"), EC_E_TOKEN);
    CHECK_STR(msg, "unknown move \"R'2\" at character 1");
    CHECK_RC(err("R U w"), EC_E_TOKEN);
    CHECK_STR(msg, "unknown move \"w\" at character 5");
    CHECK_RC(err("R\xE2\x80\x99 Q"), EC_E_TOKEN); /* columns count characters, not bytes */
    CHECK_STR(msg, "unknown move \"Q\" at character 4");
    CHECK_RC(err("R (U F"), EC_E_PAREN_OPEN);
    CHECK_STR(msg, "\"(\" at character 3 is never closed");
    CHECK_RC(err("R U) F"), EC_E_PAREN_CLOSE);
    CHECK_STR(msg, "\")\" at character 4 has no matching \"(\"");
    CHECK_STR(canon("(R U)0 F"), "F"); /* a count of 0 repeats nothing, as in cubing.js */
    CHECK_RC(err("(R U)99999999999999999999"), EC_E_REPEAT);
    CHECK_RC(err("(R U)3000"), EC_E_ALG_MOVES);
    CHECK_RC(err("((((((((((((((((((R))))))))))))))))))"), EC_E_NESTING);
    CHECK_RC(err("R U;"), EC_E_TOKEN);
    /* every error's exact position (1-based characters; ’ is one character of 3 bytes), the
     * innermost unclosed bracket, and nesting: 16 levels are read, the 17th "(" is named */
    {
        static const check_alg errs[] = {
            {"R (U (F", EC_E_PAREN_OPEN, "\"(\" at character 6 is never closed"},
            {"R (U F)4001", EC_E_REPEAT, "repetition count at character 8 must be from 0 to 4000"},
            {"R\xE2\x80\x99 (U F)4001", EC_E_REPEAT, "repetition count at character 9 must be from 0 to 4000"},
            {"R (U F)02", EC_E_REPEAT, "repetition count at character 8 starts with 0 (only 0 itself does)"},
            {"(R U)Q", EC_E_TOKEN, "unknown move \"Q\" at character 6"},
            {"(((((((((((((((((R)))))))))))))))))", EC_E_NESTING, "parentheses nested deeper than 16 at character 17"},
            {"R\xE2\x80\x99 (((((((((((((((((R)))))))))))))))))", EC_E_NESTING,
             "parentheses nested deeper than 16 at character 20"},
            {"((((((((((((((((R))))))))))))))))", EC_OK, "R"},
        };
        check_algs(errs, sizeof errs / sizeof errs[0]);
    }
    /* the move limit, 4,000 after expansion: exactly at it, one over, and one over through a
     * repeated group (named by its closing bracket) */
    {
        static char text[4 * 4001 + 64];
        static uint8_t mv[EC_MAX_ALG_MOVES + 64];
        int n = -1;
        text[0] = '\0';
        for (int k = 0; k < 4000; k++) strcat(text, "R ");
        CHECK_RC(ec_alg_parse(text, mv, (int)sizeof mv, &n, msg, sizeof msg), EC_OK);
        CHECK(n == 4000, "%d moves", n);
        strcat(text, "U");
        CHECK_RC(ec_alg_parse(text, mv, (int)sizeof mv, &n, msg, sizeof msg), EC_E_ALG_MOVES);
        CHECK_STR(msg, "the alg has more than 4000 moves");
        CHECK_RC(ec_alg_parse("(R U)2000", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_OK);
        CHECK(n == 4000, "%d moves", n);
        CHECK_RC(ec_alg_parse("R (R U)2000", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_E_ALG_MOVES);
        CHECK_STR(msg, "the alg has more than 4000 moves once the group closed at character 7 is repeated");
        CHECK_RC(ec_alg_parse("R\xE2\x80\x99 (R U)2000", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_E_ALG_MOVES);
        CHECK_STR(msg, "the alg has more than 4000 moves once the group closed at character 8 is repeated");
        /* a caller's smaller capacity is the limit */
        CHECK_RC(ec_alg_parse("R U F", mv, 2, &n, msg, sizeof msg), EC_E_ALG_MOVES);
        CHECK_STR(msg, "the alg has more than 2 moves");
    }
    {
        static char big[EC_MAX_ALG_CHARS + 10];
        memset(big, 'R', sizeof big - 1);
        big[sizeof big - 1] = '\0';
        CHECK_RC(err(big), EC_E_INPUT_SIZE);
    }

    /* simplification: cancel and merge on one axis, across opposite faces, until stable */
    CHECK_STR(simp("R L R'"), "L");
    CHECK_STR(simp("R R"), "R2");
    CHECK_STR(simp("R R'"), "");
    CHECK_STR(simp("R U U' R'"), "");
    CHECK_STR(simp("R U2 U2 R"), "R2");
    CHECK_STR(simp("L R L' R'"), "");
    CHECK_STR(simp("F B F B"), "F2 B2");
    CHECK_STR(simp("R L2 R' L2"), "");
    CHECK_STR(simp("U D U' R"), "D R");
    CHECK_STR(simp("R U R' U'"), "R U R' U'");
    CHECK_STR(simp("M M' x x'"), "");
    CHECK_STR(simp("R F F' L R' L'"), "");

    /* simplification never changes the state */
    {
        const char *algs[] = {"R L R' U U2 D' U' F B F' B2", "M2 R r' x' E y D", "(R U R' U')6"};
        for (int i = 0; i < 3; i++) {
            char a[EC_FACELETS_SIZE], b[EC_FACELETS_SIZE], s[512];
            ec_alg_simplify(algs[i], s, sizeof s, NULL, 0);
            ec_facelets_apply(NULL, algs[i], a, sizeof a, NULL, 0);
            ec_facelets_apply(NULL, s, b, sizeof b, NULL, 0);
            CHECK_STR(a, b);
        }
    }

    /* inversion undoes the alg, with slices and rotations too */
    {
        const char *alg = "R U2 M' x Fw' E2 b y S";
        char inv[256], both[512], f[EC_FACELETS_SIZE];
        CHECK_RC(ec_alg_invert(alg, inv, sizeof inv, NULL, 0), EC_OK);
        snprintf(both, sizeof both, "%s %s", alg, inv);
        ec_facelets_apply(NULL, both, f, sizeof f, NULL, 0);
        CHECK_STR(f, "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    }

    /* metrics: HTM, QTM, STM */
    {
        int m[3];
        CHECK_RC(ec_alg_metrics("R U2 R'", m, NULL, 0), EC_OK);
        CHECK(m[0] == 3 && m[1] == 4 && m[2] == 3, "%d %d %d", m[0], m[1], m[2]);
        CHECK_RC(ec_alg_metrics("M2 E x y2 Rw", m, NULL, 0), EC_OK);
        CHECK(m[0] == 5 && m[1] == 7 && m[2] == 3, "%d %d %d", m[0], m[1], m[2]);
        CHECK_RC(ec_alg_metrics("R Q", m, msg, sizeof msg), EC_E_TOKEN);
    }

    /* formatting: buffer too small is an error, codes out of range too */
    {
        uint8_t mv[3] = {0, 4, 8};
        char small[4];
        CHECK_RC(ec_alg_format(mv, 3, small, sizeof small), EC_E_BUFFER);
        CHECK_RC(ec_alg_format(mv, 3, out, sizeof out), EC_OK);
        CHECK_STR(out, "U R2 F'");
        /* "U R2 F'" is 7 characters and its terminator: 8 bytes fit exactly, 7 do not, and
         * nothing is written past the size given (a guard byte after it stays) */
        char exact[9];
        memset(exact, '#', sizeof exact);
        CHECK_RC(ec_alg_format(mv, 3, exact, 8), EC_OK);
        CHECK(strcmp(exact, "U R2 F'") == 0 && exact[8] == '#', "%.8s", exact);
        memset(exact, '#', sizeof exact);
        CHECK_RC(ec_alg_format(mv, 3, exact, 7), EC_E_BUFFER);
        CHECK(exact[7] == '#' && exact[8] == '#', "a byte past the buffer was written");
        mv[0] = 200;
        CHECK_RC(ec_alg_format(mv, 1, out, sizeof out), EC_E_RANGE);
    }
    DONE();
}
