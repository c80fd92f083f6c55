/* test_facelets.c - validation of users' cubes: one test per fault, re-oriented cubes,
 * applying algs with slices and rotations, verify. */
#include "check.h"
#include "evocube.h"

static const char *SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

static void swap(char *s, int a, int b)
{
    char t = s[a];
    s[a] = s[b];
    s[b] = t;
}

/* twist a corner in place: its clockwise stickers at a, b, c (solved colours x, y, z, the U
 * or D one first) turned t steps, so the U/D sticker ends at place t (twist t) */
static void twist(char *s, int a, int b, int c, int t)
{
    const int at[3] = {a, b, c};
    const char col[3] = {s[a], s[b], s[c]};
    for (int k = 0; k < 3; k++) s[at[(k + t) % 3]] = col[k];
}

static int fault(const char *f, char *msg)
{
    return ec_validate(f, msg, 256);
}

static void solved_is_valid(void)
{
    char msg[256];
    CHECK_RC(fault(SOLVED, msg), EC_OK);
    CHECK_STR(msg, "ok");
}

static void wrong_length(void)
{
    char f[128], msg[256];
    /* wrong length */
    CHECK_RC(fault("UUU", msg), EC_E_FACELETS_LENGTH);
    CHECK(strstr(msg, "has 3") != NULL, "%s", msg);
    snprintf(f, sizeof f, "%sU", SOLVED);
    CHECK_RC(fault(f, msg), EC_E_FACELETS_LENGTH);
    CHECK_RC(fault("", msg), EC_E_FACELETS_LENGTH);
}

static void not_a_face_letter(void)
{
    char f[128], msg[256];
    /* a character that is not a face letter, named with its position */
    strcpy(f, SOLVED);
    f[10] = 'X';
    CHECK_RC(fault(f, msg), EC_E_FACELETS_CHAR);
    CHECK(strstr(msg, "'X' at position 11 (R2)") != NULL, "%s", msg);
    f[10] = 'r'; /* lower case is not accepted either */
    CHECK_RC(fault(f, msg), EC_E_FACELETS_CHAR);
}

static void colour_count(void)
{
    char f[128], msg[256];
    /* a colour not 9 times */
    strcpy(f, SOLVED);
    f[0] = 'R';
    CHECK_RC(fault(f, msg), EC_E_COLOR_COUNT);
    CHECK(strstr(msg, "colour U appears 8 times, R 10 times") != NULL, "%s", msg);
}

static void centres(void)
{
    char f[128], msg[256];
    /* centres not six distinct colours (counts still 9 each) */
    strcpy(f, SOLVED);
    swap(f, 4, 9 + 0); /* U centre gets R, an R sticker gets U */
    CHECK_RC(fault(f, msg), EC_E_CENTERS);
    CHECK(strstr(msg, "centres both have colour R") != NULL, "%s", msg);
}

static void mirrored_centres(void)
{
    char f[128], msg[256];
    /* mirrored centres: swap the U and D centres only */
    strcpy(f, SOLVED);
    swap(f, 4, 31);
    CHECK_RC(fault(f, msg), EC_E_CENTERS_MIRROR);
}

static void edge_colours(void)
{
    char f[128], msg[256];
    /* an edge whose colours no edge has: UF edge gets U/D colours (D sticker from DF) */
    strcpy(f, SOLVED);
    swap(f, 19, 28); /* F2 (UF's F sticker) <-> D2 (DF's D sticker) */
    CHECK_RC(fault(f, msg), EC_E_EDGE_INVALID);
    CHECK(strstr(msg, "edge at UF has colours U and D") != NULL, "%s", msg);
}

static void edge_twice(void)
{
    char f[128], msg[256];
    /* the same edge twice, colour counts intact: UL shows U/R (like UR), and FR shows F/L
     * to give the R sticker back; slots are checked in order, so UL is reported */
    strcpy(f, SOLVED);
    f[37] = 'R';
    f[12] = 'L';
    CHECK_RC(fault(f, msg), EC_E_EDGE_DUPLICATE);
    CHECK(strstr(msg, "edge with colours U and R appears twice, at UR and UL") != NULL, "%s", msg);
}

static void corner_colours(void)
{
    char f[128], msg[256];
    /* a corner whose colours (clockwise) no corner has: URF's R and F stickers swapped */
    strcpy(f, SOLVED);
    swap(f, 9, 20);
    CHECK_RC(fault(f, msg), EC_E_CORNER_INVALID);
    CHECK(strstr(msg, "corner at URF has colours U, F, R") != NULL, "%s", msg);
}

static void corner_twice(void)
{
    char f[128], msg[256];
    /* the same corner twice, counts intact: UFL reads U,R,F (like URF); DFR's R sticker
     * becomes L to balance; UFL comes before DFR, so the duplicate is reported */
    strcpy(f, SOLVED);
    f[18] = 'R';
    f[38] = 'F';
    f[15] = 'L';
    CHECK_RC(fault(f, msg), EC_E_CORNER_DUPLICATE);
    CHECK(strstr(msg, "corner with colours U, R, F appears twice, at URF and UFL") != NULL, "%s", msg);
    {
        ec_cube c;
        ec_cube_solved(&c);
        c.cp[1] = 0;
        CHECK_RC(ec_cube_check(&c, msg, sizeof msg), EC_E_CORNER_DUPLICATE);
    }
}

static void one_edge_flipped(void)
{
    char f[128], msg[256];
    /* one edge flipped */
    strcpy(f, SOLVED);
    swap(f, 7, 19); /* UF flipped */
    CHECK_RC(fault(f, msg), EC_E_FLIP);
    CHECK_STR(msg, "one edge is flipped, at UF: the total edge flip is odd, so this cube cannot be solved");
}

static void one_corner_twisted(void)
{
    char f[128], msg[256];
    /* one corner twisted */
    strcpy(f, SOLVED);
    {
        char a = f[8], b = f[9], c = f[20];
        f[8] = c; f[9] = a; f[20] = b; /* rotate URF's stickers */
    }
    CHECK_RC(fault(f, msg), EC_E_TWIST);
    CHECK(strstr(msg, "is twisted") != NULL, "%s", msg);
}

static void two_pieces_swapped(void)
{
    char f[128], msg[256];
    /* two pieces swapped: exchange edges UR and UF (stickers pairwise) */
    strcpy(f, SOLVED);
    swap(f, 5, 7);
    swap(f, 10, 19);
    CHECK_RC(fault(f, msg), EC_E_PARITY);
    CHECK(strstr(msg, "two pieces are swapped") != NULL, "%s", msg);
}

static void parity_and_twist_classes(void)
{
    char f[128], msg[256];
    /* every parity and twist class, each fault on its own (the facelet indices below are
     * Kociemba's: U1..U9 = 0..8, R 9..17, F 18..26, D 27..35, L 36..44, B 45..53; a corner's
     * twist is where its U or D sticker sits in its clockwise list, 0 on U/D, 1, 2) */
    /* two corners swapped (odd corner permutation, even edges): URF (U9 R1 F3 = 8 9 20)
     * and UFL (U7 F1 L3 = 6 18 38) exchanged untwisted */
    strcpy(f, SOLVED);
    swap(f, 8, 6);
    swap(f, 9, 18);
    swap(f, 20, 38);
    CHECK_RC(fault(f, msg), EC_E_PARITY);
    CHECK(strstr(msg, "two pieces are swapped") != NULL, "%s", msg);
    /* two edges and two corners swapped: both permutations odd, a valid cube */
    swap(f, 5, 7);
    swap(f, 10, 19);
    CHECK_RC(fault(f, msg), EC_OK);
    /* URF (U9 R1 F3 = 8 9 20) twisted so its U sticker sits second (on R1): total twist 1;
     * the other way (U sticker third, on F3): total twist 2 */
    for (int t = 1; t <= 2; t++) {
        char want[128];
        strcpy(f, SOLVED);
        twist(f, 8, 9, 20, t);
        CHECK(f[8 + (t == 1 ? 1 : 12)] == 'U', "the U sticker of URF moved to place %d", t);
        CHECK_RC(fault(f, msg), EC_E_TWIST);
        snprintf(want, sizeof want, "the corner at URF is twisted: the total corner twist is %d mod 3, so this cube cannot be solved", t);
        CHECK_STR(msg, want);
    }
    /* URF by 2 and UFL (U7 F1 L3 = 6 18 38) by 1: 0 mod 3, valid; both by 1: total 2 */
    twist(f, 6, 18, 38, 1);
    CHECK_RC(fault(f, msg), EC_OK);
    strcpy(f, SOLVED);
    twist(f, 8, 9, 20, 1);
    twist(f, 6, 18, 38, 1);
    CHECK(f[18] == 'U' && f[38] == 'F' && f[6] == 'L', "UFL twisted by 1: %c %c %c", f[6], f[18], f[38]);
    CHECK_RC(fault(f, msg), EC_E_TWIST);
    CHECK_STR(msg, "the corners at URF and UFL are twisted: the total corner twist is 2 mod 3, so this cube cannot be solved");
    /* four twisted corners (URF, UFL, ULB = U1 L1 B3 = 0 36 47, UBR = U3 B1 R3 = 2 45 11, each
     * by 1: total 1) are not named: more than three is no longer one mis-painted piece */
    twist(f, 0, 36, 47, 1);
    CHECK_RC(fault(f, msg), EC_OK);
    twist(f, 2, 45, 11, 1);
    CHECK_RC(fault(f, msg), EC_E_TWIST);
    CHECK_STR(msg, "a corner is twisted: the total corner twist is 1 mod 3, so this cube cannot be solved");
    /* three edges flipped (odd total flip): UF (U8 F2 = 7 19), UR (U6 R2 = 5 10), UL (U4 L2 = 3 37) */
    strcpy(f, SOLVED);
    swap(f, 7, 19);
    swap(f, 5, 10);
    swap(f, 3, 37);
    CHECK_RC(fault(f, msg), EC_E_FLIP);
    CHECK_STR(msg, "three edges are flipped, at UR, UF and UL: the total edge flip is odd, so this cube cannot be solved");
    /* five (also UB = U2 B2 = 1 46, DF = D2 F8 = 28 25) are counted, not named */
    swap(f, 1, 46);
    swap(f, 28, 25);
    CHECK_RC(fault(f, msg), EC_E_FLIP);
    CHECK_STR(msg, "5 edges are flipped: the total edge flip is odd, so this cube cannot be solved");
    swap(f, 1, 46);
    swap(f, 28, 25);
    /* two flipped (even total flip): a valid cube */
    swap(f, 3, 37);
    CHECK_RC(fault(f, msg), EC_OK);
}

static void control_character(void)
{
    char f[128], msg[256];
    /* a control character is refused by the text check, named with its character position
     * (F3 is index 20) */
    strcpy(f, SOLVED);
    f[20] = '\x01';
    CHECK_RC(fault(f, msg), EC_E_CHAR);
    CHECK_STR(msg, "the facelet string has the control character U+0001 at character 21");
}

static void non_ascii(void)
{
    char msg[256];
    /* a character that is not ASCII is named by its code point at its character position: F3
     * as U+00E9 (two bytes, so the string is 55 bytes and still 54 characters) */
    {
        char g[64];
        memcpy(g, SOLVED, 20);
        memcpy(g + 20, "\xC3\xA9", 2);
        memcpy(g + 22, SOLVED + 21, 34);
        g[56] = '\0';
        CHECK_RC(fault(g, msg), EC_E_FACELETS_CHAR);
        CHECK_STR(msg, "character U+00E9 at position 21 (F3) is not one of U R F D L B");
    }
}

static void reoriented(void)
{
    char f[128], msg[256];
    /* re-oriented cubes are valid, and solved when every face is one colour */
    CHECK_RC(ec_facelets_apply(NULL, "x y2 z'", f, EC_FACELETS_SIZE, msg, sizeof msg), EC_OK);
    CHECK_RC(fault(f, msg), EC_OK);
    CHECK(ec_facelets_is_solved(f) == 1, "rotated solved cube");
    CHECK_RC(ec_facelets_apply(NULL, "M2 E2 S2", f, EC_FACELETS_SIZE, msg, sizeof msg), EC_OK);
    CHECK_RC(fault(f, msg), EC_OK);
    CHECK(ec_facelets_is_solved(f) == 0, "M2 E2 S2 is not solved");
    CHECK_RC(ec_verify(f, "M2 E2 S2", msg, sizeof msg), EC_OK);
    /* a re-oriented scrambled cube solves with face turns named by position */
    CHECK_RC(ec_facelets_apply(NULL, "R U x", f, EC_FACELETS_SIZE, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_verify(f, "B' R'", msg, sizeof msg), EC_OK); /* after x, the old U face is at B */
    CHECK_RC(ec_verify(f, "U' R'", msg, sizeof msg), EC_E_NOT_SOLVED);
    {
        ec_cube c;
        CHECK_RC(ec_cube_from_facelets(f, &c, NULL, 0), EC_OK);
        ec_cube_move(&c, 17); /* B' */
        ec_cube_move(&c, 5);  /* R' */
        CHECK(ec_cube_is_solved(&c), "the re-oriented cubie state solves with B' R'");
    }
}

static void verify_unsolved(void)
{
    char msg[256];
    /* verify reports an unsolved result */
    CHECK_RC(ec_verify(NULL, "R", msg, sizeof msg), EC_E_NOT_SOLVED);
    CHECK(strstr(msg, "12 stickers") != NULL, "%s", msg);
    CHECK_RC(ec_verify("", "", msg, sizeof msg), EC_OK);
    CHECK_RC(ec_verify(SOLVED, "R Q", msg, sizeof msg), EC_E_TOKEN);
}

static void apply_errors(void)
{
    char f[128], msg[256];
    /* apply: buffer too small and NULLs are errors, not crashes */
    CHECK_RC(ec_facelets_apply(NULL, "R", f, 10, NULL, 0), EC_E_BUFFER);
    CHECK_RC(ec_facelets_apply(NULL, NULL, f, sizeof f, NULL, 0), EC_E_NULL);
    CHECK_RC(ec_validate(NULL, msg, sizeof msg), EC_E_NULL);
}

int main(void)
{
    RUN(solved_is_valid);
    RUN(wrong_length);
    RUN(not_a_face_letter);
    RUN(colour_count);
    RUN(centres);
    RUN(mirrored_centres);
    RUN(edge_colours);
    RUN(edge_twice);
    RUN(corner_colours);
    RUN(corner_twice);
    RUN(one_edge_flipped);
    RUN(one_corner_twisted);
    RUN(two_pieces_swapped);
    RUN(parity_and_twist_classes);
    RUN(control_character);
    RUN(non_ascii);
    RUN(reoriented);
    RUN(verify_unsolved);
    RUN(apply_errors);
    DONE();
}
