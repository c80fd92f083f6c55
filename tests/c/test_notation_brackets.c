/* test_notation_brackets.c - the notation cubing.js reads beyond plain moves: commutators
 * [A, B] and conjugates [A: B] (their expansion, nesting with ( )n and ', the move limit),
 * "." as a pause, Unicode spaces as separators; and the errors of each, with the token and
 * its 1-based character (code point) position. */
#include <stdlib.h>

#include "check_alg.h"
#include "evocube.h"

static char out[1 << 15], msg[512];

static const char *canon(const char *alg)
{
    msg[0] = '\0';
    int rc = ec_alg_canonical(alg, out, sizeof out, msg, sizeof msg);
    return rc ? msg : out;
}

/* status and message (or canonical text) of an alg */
static int parse(const char *alg, const char **text)
{
    msg[0] = '\0';
    int rc = ec_alg_canonical(alg, out, sizeof out, msg, sizeof msg);
    *text = rc ? msg : out;
    return rc;
}

/* the facelets of an alg, or "" */
static void state(const char *alg, char f[EC_FACELETS_SIZE])
{
    if (ec_facelets_apply(NULL, alg, f, EC_FACELETS_SIZE, NULL, 0) != EC_OK) f[0] = '\0';
}

int main(void)
{
    /* expansion: [A, B] = A B A' B', [A: B] = A B A' (X' = X reversed, each move inverted) */
    CHECK_STR(canon("[R, U]"), "R U R' U'");
    CHECK_STR(canon("[R: U]"), "R U R'");
    CHECK_STR(canon("[R U2, F']"), "R U2 F' U2 R' F");
    CHECK_STR(canon("[R U: F]"), "R U F U' R'");
    CHECK_STR(canon("[R,U]"), "R U R' U'");
    CHECK_STR(canon("[R:U]"), "R U R'");
    CHECK_STR(canon("[Rw M': x y2]"), "Rw M' x y2 M Rw'");
    /* nesting: brackets in brackets, groups in brackets, brackets in groups; n and ' after ] */
    CHECK_STR(canon("[R: [U, F]]"), "R U F U' F' R'");
    CHECK_STR(canon("[[R, U], F]"), "R U R' U' F U R U' R' F'");
    CHECK_STR(canon("[F: [R, U]]"), "F R U R' U' F'");
    CHECK_STR(canon("([R, U])2"), "R U R' U' R U R' U'");
    CHECK_STR(canon("[R, U]2"), "R U R' U' R U R' U'");
    CHECK_STR(canon("[R, U]'"), "U R U' R'");
    CHECK_STR(canon("[R: U]2'"), "R U' R' R U' R'");
    CHECK_STR(canon("[(R U)2, F]"), "R U R U F U' R' U' R' F'");
    CHECK_STR(canon("[(R U)', D2]"), "U' R' D2 R U D2");
    CHECK_STR(canon("(F [R, U] F')"), "F R U R' U' F'");
    CHECK_STR(canon("[, R]"), "R R'");
    CHECK_STR(canon("[R:]"), "R R'");
    CHECK_STR(canon("[[R: U], [F, D]]"), "R U R' F D F' D' R U' R' D F D' F'");
    /* the state is the written-out alg's */
    {
        static const char *pairs[][2] = {
            {"[[R, U], [F: D]]", "R U R' U' F D F' U R U' R' F D' F'"},
            {"[R U R': D]3", "R U R' D R U' R' R U R' D R U' R' R U R' D R U' R'"},
            {"y [M', U2] x'", "y M' U2 M U2 x'"},
        };
        for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
            char a[EC_FACELETS_SIZE], b[EC_FACELETS_SIZE];
            state(pairs[k][0], a);
            state(pairs[k][1], b);
            CHECK(a[0] && strcmp(a, b) == 0, "%s: %s, want %s", pairs[k][0], a, b);
        }
    }
    /* inversion and metrics read the expansion */
    {
        int m[3];
        CHECK_RC(ec_alg_invert("[R: U]", out, sizeof out, NULL, 0), EC_OK);
        CHECK_STR(out, "R U' R'");
        CHECK_RC(ec_alg_metrics("[R, U2]", m, NULL, 0), EC_OK);
        CHECK(m[0] == 4 && m[1] == 6 && m[2] == 4, "%d %d %d", m[0], m[1], m[2]);
    }

    /* "." is a pause: no move, anywhere between moves */
    CHECK_STR(canon("R . U"), "R U");
    CHECK_STR(canon("R.U2.."), "R U2");
    CHECK_STR(canon("..."), "");
    CHECK_STR(canon("[R . U, .]"), "R U U' R'");

    /* every Unicode space separates moves, inside words' reach too ("R<space>U" is two moves) */
    {
        static const char *const sp[] = {
            "\xC2\xA0",     /* U+00A0 no-break space */
            "\xE1\x9A\x80", /* U+1680 ogham space mark */
            "\xE2\x80\x80", "\xE2\x80\x81", "\xE2\x80\x82", "\xE2\x80\x83", "\xE2\x80\x84", "\xE2\x80\x85",
            "\xE2\x80\x86", "\xE2\x80\x87", "\xE2\x80\x88", "\xE2\x80\x89", "\xE2\x80\x8A", /* U+2000..U+200A */
            "\xE2\x80\x8B",                                                                 /* U+200B zero width */
            "\xE2\x80\xA8", "\xE2\x80\xA9",                                                 /* line, paragraph separators */
            "\xE2\x80\xAF",                                                                 /* U+202F narrow no-break */
            "\xE2\x81\x9F",                                                                 /* U+205F medium math space */
            "\xE2\x81\xA0",                                                                 /* U+2060 word joiner */
            "\xE3\x80\x80",                                                                 /* U+3000 ideographic space */
            "\xEF\xBB\xBF",                                                                 /* U+FEFF byte order mark */
        };
        for (size_t k = 0; k < sizeof sp / sizeof sp[0]; k++) {
            char alg[64];
            snprintf(alg, sizeof alg, "%sR%sU2'%s[F,%sD]%s", sp[k], sp[k], sp[k], sp[k], sp[k]);
            const char *got;
            int rc = parse(alg, &got);
            CHECK(rc == EC_OK && strcmp(got, "R U2 F D F' D'") == 0, "space %zu: status %d \"%s\"", k, rc, got);
            /* after a space, a bad token is named alone and counted in characters */
            snprintf(alg, sizeof alg, "R%sQ%sU", sp[k], sp[k]);
            rc = parse(alg, &got);
            CHECK(rc == EC_E_TOKEN && strcmp(got, "unknown move \"Q\" at character 3") == 0, "space %zu: status %d \"%s\"",
                  k, rc, got);
        }
        /* characters that look alike but are no spaces stay unknown moves; controls stay refused */
        const char *got;
        CHECK_RC(parse("R\xE2\x80\x8CU", &got), EC_E_TOKEN); /* U+200C zero width non-joiner */
        CHECK_RC(parse("R\xC2\x85U", &got), EC_E_CHAR);      /* U+0085 next line: a C1 control */
        CHECK_STR(got, "the alg has the control character U+0085 at character 2");
        CHECK_RC(parse("R\x0BU", &got), EC_E_CHAR); /* vertical tab */
    }

    /* errors: what is wrong, where (1-based characters: the ideographic space is 1 of 3 bytes) */
    {
        static const check_alg errs[] = {
            {"R, U", EC_E_TOKEN, "\",\" at character 2 is not directly inside [ ] (a commutator is [A, B], a conjugate [A: B])"},
            {"R: U", EC_E_TOKEN, "\":\" at character 2 is not directly inside [ ] (a commutator is [A, B], a conjugate [A: B])"},
            {"[R, (U: F)]", EC_E_TOKEN,
             "\":\" at character 7 is not directly inside [ ] (a commutator is [A, B], a conjugate [A: B])"},
            {"[R U]", EC_E_TOKEN,
             "\"]\" at character 5 closes brackets without \",\" or \":\" (a commutator is [A, B], a conjugate [A: B])"},
            {"[R, U, F]", EC_E_TOKEN,
             "\",\" at character 6 is a second separator in the brackets opened at character 1 (after the \",\" at "
             "character 3)"},
            {"[R: U, F]", EC_E_TOKEN,
             "\",\" at character 6 is a second separator in the brackets opened at character 1 (after the \":\" at "
             "character 3)"},
            {"\xE3\x80\x80[R, U", EC_E_PAREN_OPEN, "\"[\" at character 2 is never closed"},
            {"[R, (U F]", EC_E_PAREN_CLOSE, "\"]\" at character 9 does not close the \"(\" at character 5"},
            {"(R, U)", EC_E_TOKEN, "\",\" at character 3 is not directly inside [ ] (a commutator is [A, B], a conjugate [A: B])"},
            {"[R, U)", EC_E_PAREN_CLOSE, "\")\" at character 6 does not close the \"[\" at character 1"},
            {"R U]", EC_E_PAREN_CLOSE, "\"]\" at character 4 has no matching \"[\""},
            {"R U)", EC_E_PAREN_CLOSE, "\")\" at character 4 has no matching \"(\""},
            {"[R, U]Q", EC_E_TOKEN, "unknown move \"Q\" at character 7"},
            {"[R, U]01", EC_E_REPEAT, "repetition count at character 7 starts with 0 (only 0 itself does)"},
            {"[R, U]0 F", EC_OK, "F"},
            {"[R, Q]", EC_E_TOKEN, "unknown move \"Q\" at character 5"},
            {"\xE2\x80\x83R\xE2\x80\x83Qx\xE2\x80\x83U", EC_E_TOKEN, "unknown move \"Qx\" at character 4"},
            {"[[[[[[[[[[[[[[[[[R, U]]]]]]]]]]]]]]]]", EC_E_NESTING,
             "brackets and parentheses nested deeper than 16 at character 17"},
        };
        check_algs(errs, sizeof errs / sizeof errs[0]);
        /* 16 levels of brackets and groups together are read: 7 brackets and 8 groups around a conjugate: X -> X F X' seven times */
        {
            static char want[1 << 13] = "R U R'", inv[1 << 12];
            for (int k = 0; k < 7; k++) {
                CHECK_RC(ec_alg_invert(want, inv, sizeof inv, NULL, 0), EC_OK);
                strcat(want, " F ");
                strcat(want, inv);
            }
            CHECK_STR(canon("[[[[[[[(((((((([R: U])))))))): F]: F]: F]: F]: F]: F]: F]"), want);
            CHECK(strlen(want) == 1276, "%zu characters", strlen(want));
        }
    }

    /* the move limit (4,000, or the caller's capacity) holds after expansion: exactly at it is
     * read, one over is refused naming the bracket that would pass it, never cut */
    {
        static uint8_t mv[EC_MAX_ALG_MOVES + 64];
        int n = -1;
        CHECK_RC(ec_alg_parse("[(R U)999, F D]", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_OK); /* 1998 + 2 twice */
        CHECK(n == 4000, "%d moves", n);
        CHECK_RC(ec_alg_parse("[(R U)999, F D B]", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_E_ALG_MOVES);
        CHECK_STR(msg, "the alg has more than 4000 moves once the commutator closed at character 17 is expanded");
        CHECK_RC(ec_alg_parse("[(R U)1000:]", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_OK);
        CHECK(n == 4000, "%d moves", n);
        CHECK_RC(ec_alg_parse("\xE3\x80\x80[(R U)1000: F]", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_E_ALG_MOVES);
        CHECK_STR(msg, "the alg has more than 4000 moves once the conjugate closed at character 15 is expanded");
        CHECK_RC(ec_alg_parse("[R, U]1000", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_OK);
        CHECK(n == 4000, "%d moves", n);
        CHECK_RC(ec_alg_parse("[R, U]1001", mv, (int)sizeof mv, &n, msg, sizeof msg), EC_E_ALG_MOVES);
        CHECK_STR(msg, "the alg has more than 4000 moves once the group closed at character 6 is repeated");
        /* a smaller capacity: the first 4 moves fit, the commutator's 8 do not; nothing is
         * written past the capacity */
        memset(mv, 0xEE, sizeof mv);
        CHECK_RC(ec_alg_parse("[R U, F D]", mv, 6, &n, msg, sizeof msg), EC_E_ALG_MOVES);
        CHECK_STR(msg, "the alg has more than 6 moves once the commutator closed at character 10 is expanded");
        CHECK(mv[6] == 0xEE && mv[7] == 0xEE, "a move was written past the capacity");
        CHECK_RC(ec_alg_parse("[R U, F D]", mv, 8, &n, msg, sizeof msg), EC_OK);
        CHECK(n == 8, "%d moves", n);
    }
    DONE();
}
