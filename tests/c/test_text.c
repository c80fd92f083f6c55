/* test_text.c - every input text crosses into the core with its length (evocube.h's `_n`
 * functions): a NUL, another control character, a byte that is not UTF-8 or a surrogate is
 * refused with EC_E_CHAR naming it (U+0000, 0xFF) and its 1-based character position, at
 * every entry point, and never taken as the end of the text; tab, line feed and carriage
 * return stay white space; the NUL-ended forms agree with the `_n` ones. */
#include <string.h>

#include "check.h"
#include "evocube.h"

#define SOLVED "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"

static char msg[512];

/* rc is EC_E_CHAR and msg names want (e.g. "U+0000") and "at character N" */
static void check_named(int rc, const char *want, int at, const char *what)
{
    char pos[48];
    snprintf(pos, sizeof pos, "at character %d", at);
    CHECK(rc == EC_E_CHAR && strstr(msg, want) && strstr(msg, pos) && strstr(msg, what),
          "rc %d msg \"%s\": want %s %s in the %s", rc, msg, want, pos, what);
}

static void alg_boundary(void)
{
    uint8_t mv[64];
    int n = -1;
    char out[EC_FACELETS_SIZE];
    /* the reported cases: a leading NUL, a NUL inside, a control character in argv */
    check_named(ec_facelets_apply_n(NULL, 0, "\0\1 R U", 6, out, sizeof out, msg, sizeof msg), "U+0000", 1, "alg");
    check_named(ec_facelets_apply_n(NULL, 0, "R U\0 F", 6, out, sizeof out, msg, sizeof msg), "U+0000", 4, "alg");
    check_named(ec_facelets_apply_n(NULL, 0, "R\1U", 3, out, sizeof out, msg, sizeof msg), "U+0001", 2, "alg");
    check_named(ec_alg_parse_n("R U\0", 4, mv, 64, &n, msg, sizeof msg), "U+0000", 4, "alg");
    CHECK(n == 0, "nothing parsed is claimed: n = %d", n);
    /* positions count characters, not bytes: "R’ " is 3 characters, 5 bytes */
    check_named(ec_alg_parse_n("R\xE2\x80\x99 \x7F", 6, mv, 64, &n, msg, sizeof msg), "U+007F", 4, "alg");
    check_named(ec_alg_parse_n("R \xC2\x85", 4, mv, 64, &n, msg, sizeof msg), "U+0085", 3, "alg"); /* C1 */
    check_named(ec_alg_parse_n("R U \x1B[31m", 9, mv, 64, &n, msg, sizeof msg), "U+001B", 5, "alg");
    check_named(ec_alg_parse_n("R // c\0mment", 12, mv, 64, &n, msg, sizeof msg), "U+0000", 7, "alg");
    /* bytes that are not UTF-8: stray, overlong, truncated, beyond U+10FFFF */
    check_named(ec_alg_parse_n("R U\xFF", 4, mv, 64, &n, msg, sizeof msg), "0xFF", 4, "alg");
    check_named(ec_alg_parse_n("\xC0\xAF", 2, mv, 64, &n, msg, sizeof msg), "0xC0", 1, "alg");
    check_named(ec_alg_parse_n("R \xE2\x80", 4, mv, 64, &n, msg, sizeof msg), "0xE2", 3, "alg");
    check_named(ec_alg_parse_n("\xF4\x90\x80\x80", 4, mv, 64, &n, msg, sizeof msg), "0xF4", 1, "alg");
    check_named(ec_alg_parse_n("U \xED\xA0\x80", 5, mv, 64, &n, msg, sizeof msg), "U+D800", 3, "alg");
    /* the length is the end: bytes after it are not read, a NUL before it is not an end */
    CHECK_RC(ec_alg_parse_n("R U F", 3, mv, 64, &n, msg, sizeof msg), EC_OK);
    CHECK(n == 2, "R U: %d moves", n);
    CHECK_RC(ec_alg_parse_n(NULL, 0, mv, 64, &n, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_alg_parse_n(NULL, 3, mv, 64, &n, msg, sizeof msg), EC_E_NULL);
    CHECK_RC(ec_alg_parse_n("R", -1, mv, 64, &n, msg, sizeof msg), EC_E_RANGE);
    CHECK_RC(ec_alg_parse_n("R", EC_MAX_ALG_CHARS + 1, mv, 64, &n, msg, sizeof msg), EC_E_INPUT_SIZE);
    /* tab, line feed, carriage return are white space; a comment ends at a line feed */
    CHECK_RC(ec_alg_parse_n("R\tU\r\nF // x\nB", 13, mv, 64, &n, msg, sizeof msg), EC_OK);
    CHECK(n == 4, "4 moves, got %d", n);
    check_named(ec_alg_parse_n("R\fU", 3, mv, 64, &n, msg, sizeof msg), "U+000C", 2, "alg");
    /* every text entry point */
    int met[3];
    check_named(ec_alg_canonical_n("R\0", 2, out, sizeof out, msg, sizeof msg), "U+0000", 2, "alg");
    check_named(ec_alg_simplify_n("R\0", 2, out, sizeof out, msg, sizeof msg), "U+0000", 2, "alg");
    check_named(ec_alg_invert_n("R\0", 2, out, sizeof out, msg, sizeof msg), "U+0000", 2, "alg");
    check_named(ec_alg_metrics_n("R\0", 2, met, msg, sizeof msg), "U+0000", 2, "alg");
    check_named(ec_verify_n(SOLVED, 54, "R R'\0 U", 7, msg, sizeof msg), "U+0000", 5, "solution");
    CHECK_RC(ec_verify_n(SOLVED, 54, "R R' U", 4, msg, sizeof msg), EC_OK);
    /* the NUL-ended forms read up to the NUL, as C strings do, and agree otherwise */
    CHECK_RC(ec_alg_canonical("R U2 F'", out, sizeof out, msg, sizeof msg), EC_OK);
    char out2[EC_FACELETS_SIZE];
    CHECK_RC(ec_alg_canonical_n("R U2 F'", 7, out2, sizeof out2, msg, sizeof msg), EC_OK);
    CHECK_STR(out, out2);
}

static void facelets_boundary(void)
{
    char f[55], out[EC_FACELETS_SIZE];
    memcpy(f, SOLVED, 55);
    f[20] = '\0'; /* 54 bytes with a NUL at character 21 */
    check_named(ec_validate_n(f, 54, msg, sizeof msg), "U+0000", 21, "facelet string");
    ec_cube c;
    check_named(ec_cube_from_facelets_n(f, 54, &c, msg, sizeof msg), "U+0000", 21, "facelet string");
    CHECK(ec_facelets_is_solved_n(f, 54) == EC_E_CHAR, "is_solved refuses a NUL");
    check_named(ec_facelets_apply_n(f, 54, "R", 1, out, sizeof out, msg, sizeof msg), "U+0000", 21, "facelet string");
    check_named(ec_verify_n(f, 54, "", 0, msg, sizeof msg), "U+0000", 21, "facelet string");
    /* a leading NUL is not "the solved cube" (an empty text is) */
    check_named(ec_facelets_apply_n("\0", 1, "R", 1, out, sizeof out, msg, sizeof msg), "U+0000", 1, "facelet string");
    CHECK_RC(ec_facelets_apply_n("", 0, "R", 1, out, sizeof out, msg, sizeof msg), EC_OK);
    /* the length counts characters: 53 letters and an e-acute are 54 characters, 55 bytes */
    char g[64];
    memcpy(g, SOLVED, 53);
    memcpy(g + 53, "\xC3\xA9", 2);
    CHECK_RC(ec_validate_n(g, 55, msg, sizeof msg), EC_E_FACELETS_CHAR);
    CHECK(strstr(msg, "U+00E9") && strstr(msg, "position 54"), "%s", msg);
    CHECK_RC(ec_validate_n(SOLVED, 53, msg, sizeof msg), EC_E_FACELETS_LENGTH);
    CHECK(strstr(msg, "has 53"), "%s", msg);
    CHECK_RC(ec_validate_n(SOLVED "U", 54, msg, sizeof msg), EC_OK); /* the length is the end */
}

static void solver_boundary(void)
{
    ec_solver *h = (ec_solver *)&h;
    uint32_t seed = 7;
    check_named(ec_seed_parse_n("4\0002", 3, &seed, msg, sizeof msg), "U+0000", 2, "seed");
    CHECK(seed == 7, "seed untouched on error: %u", seed);
    CHECK_RC(ec_seed_parse_n("42", 1, &seed, msg, sizeof msg), EC_OK);
    CHECK(seed == 4, "the length is the end: %u", seed);
    check_named(ec_solver_new_n("twophase\0x", 10, SOLVED, 54, 1, "", 0, &h, msg, sizeof msg), "U+0000", 9,
                "solver name");
    CHECK(h == NULL, "no handle on error");
    REQUIRE_RC(ec_solver_new_n("twophasex", 8, SOLVED, 54, 1, NULL, 0, &h, msg, sizeof msg), EC_OK);
    ec_solver_free(h);
    check_named(ec_solver_new_n("twophase", 8, SOLVED, 54, 1, "maxLength=20\0,x", 15, &h, msg, sizeof msg), "U+0000",
                13, "params text");
    check_named(ec_solver_new_n("twophase", 8, SOLVED, 54, 1, "maxLength=2\x01", 12, &h, msg, sizeof msg), "U+0001",
                12, "params text");
    REQUIRE_RC(ec_solver_new_n("twophase", 8, SOLVED, 54, 1, "maxLength=999", 11, &h, msg, sizeof msg), EC_OK);
    ec_solver_free(h);
    CHECK_RC(ec_solver_new_n("twophase", 8, SOLVED, 54, 1, "x", EC_MAX_PARAMS_CHARS + 1, &h, msg, sizeof msg),
             EC_E_INPUT_SIZE);
    char text[64];
    CHECK_RC(ec_strerror(EC_E_CHAR, text, sizeof text), EC_OK);
}

int main(void)
{
    alg_boundary();
    facelets_boundary();
    solver_boundary();
    DONE();
}
