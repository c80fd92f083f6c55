/*
 * facelets.c - the one parser of users' cubes: 54-character facelet strings in, a specific
 * fault or a re-oriented cubie state out; applying algs (slices and rotations included) to
 * sticker strings; verifying solutions.
 */
#include <stdio.h>
#include <string.h>

#include "core/cube.h"
#include "core/geometry.h"
#include "core/util.h"

static const char solved[] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
static const int centre_index[6] = {4, 13, 22, 31, 40, 49};

static int face_of(char ch)
{
    const char *p = ch ? strchr("URFDLB", ch) : NULL;
    return p ? (int)(p - "URFDLB") : -1;
}

/* Is the centre arrangement c[6] (colour letters at U R F D L B) one of the 24 rotations? */
static int centres_are_rotation(const char c[6])
{
    static char rot[24][6];
    static int nrot;
    if (!nrot) { /* closure of the solved centres under x and y */
        for (int i = 0; i < 6; i++) rot[0][i] = solved[centre_index[i]];
        nrot = 1;
        for (int k = 0; k < nrot; k++) {
            for (int g = 0; g < 2; g++) {
                char s[55];
                memcpy(s, solved, 55);
                for (int i = 0; i < 6; i++) s[centre_index[i]] = rot[k][i];
                ec__apply_code(s, g == 0 ? 21 * 3 : 22 * 3); /* x or y */
                char t[6];
                for (int i = 0; i < 6; i++) t[i] = s[centre_index[i]];
                int seen = 0;
                for (int j = 0; j < nrot; j++)
                    if (!memcmp(rot[j], t, 6)) seen = 1;
                if (!seen && nrot < 24) memcpy(rot[nrot++], t, 6);
            }
        }
    }
    for (int j = 0; j < nrot; j++)
        if (!memcmp(rot[j], c, 6)) return 1;
    return 0;
}

/* Validate s and write its re-oriented stickers (colours renamed after their centres) to
 * norm[54]. Every fault has its own code and message. */
/* "UF", "UF and UR", "UF, UR and UL": the names of the pieces whose orientation is not 0
 * (at most three are asked for; buf holds 64 bytes) */
static const char *piece_list(char *buf, const uint8_t *ori, const char *const *name, int n)
{
    int k = 0, total = 0, len = 0;
    for (int i = 0; i < n; i++) total += ori[i] != 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (!ori[i]) continue;
        const char *sep = k == 0 ? "" : k == total - 1 ? " and " : ", ";
        len += snprintf(buf + len, 64 - len, "%s%s", sep, name[i]);
        k++;
    }
    return buf;
}

static int check_facelets(const char *s, int len, char norm[55], char *msg, int msgsize)
{
    if (!s) return ec__msg(EC_E_NULL, msg, msgsize, "no facelet string given");
    if (len > EC_MAX_ALG_CHARS)
        return ec__msg(EC_E_FACELETS_LENGTH, msg, msgsize,
                       "a facelet string has 54 characters; this one has more than %d", EC_MAX_ALG_CHARS);
    int chars = 0;
    int rc = ec__text_check(s, len, "facelet string", &chars, msg, msgsize);
    if (rc) return rc;
    if (chars != 54)
        return ec__msg(EC_E_FACELETS_LENGTH, msg, msgsize,
                       "a facelet string has 54 characters; this one has %d", chars);
    int count[6] = {0};
    for (int i = 0; i < 54; i++) { /* every character before i is a face letter: byte i is character i + 1 */
        int f = face_of(s[i]);
        if (f < 0) {
            int nb;
            unsigned cp = ec__utf8_at(s + i, len - i, &nb);
            if (cp >= 32 && cp < 127)
                return ec__msg(EC_E_FACELETS_CHAR, msg, msgsize,
                               "character '%c' at position %d (%c%d) is not one of U R F D L B", (char)cp,
                               i + 1, ec__face_char[i / 9], i % 9 + 1);
            return ec__msg(EC_E_FACELETS_CHAR, msg, msgsize,
                           "character U+%04X at position %d (%c%d) is not one of U R F D L B", cp, i + 1,
                           ec__face_char[i / 9], i % 9 + 1);
        }
        count[f]++;
    }
    char counts[128] = "";
    int nbad = 0;
    for (int f = 0; f < 6; f++)
        if (count[f] != 9) {
            size_t at = strlen(counts);
            snprintf(counts + at, sizeof counts - at, nbad ? ", %c %d times" : "colour %c appears %d times",
                     ec__face_char[f], count[f]);
            nbad++;
        }
    if (nbad)
        return ec__msg(EC_E_COLOR_COUNT, msg, msgsize, "%s; every colour must appear exactly 9 times", counts);
    char ctr[6];
    for (int i = 0; i < 6; i++) ctr[i] = s[centre_index[i]];
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            if (ctr[i] == ctr[j])
                return ec__msg(EC_E_CENTERS, msg, msgsize,
                               "the %c and %c centres both have colour %c; the six centres must be six different colours",
                               ec__face_char[i], ec__face_char[j], ctr[i]);
    if (!centres_are_rotation(ctr))
        return ec__msg(EC_E_CENTERS_MIRROR, msg, msgsize,
                       "centres U R F D L B = %c %c %c %c %c %c: no rotation of a real cube puts the centres there",
                       ctr[0], ctr[1], ctr[2], ctr[3], ctr[4], ctr[5]);
    char rename[128] = {0};
    for (int i = 0; i < 6; i++) rename[(int)ctr[i]] = ec__face_char[i];
    for (int i = 0; i < 54; i++) norm[i] = rename[(int)s[i]];
    norm[54] = '\0';

    int seen_edge[12], seen_corner[8];
    for (int j = 0; j < 12; j++) seen_edge[j] = -1;
    for (int j = 0; j < 8; j++) seen_corner[j] = -1;
    for (int i = 0; i < 12; i++) {
        char a = norm[ec__edge_facelet[i][0]], b = norm[ec__edge_facelet[i][1]];
        int found = -1;
        for (int j = 0; j < 12; j++)
            if ((a == ec__edge_color[j][0] && b == ec__edge_color[j][1]) ||
                (a == ec__edge_color[j][1] && b == ec__edge_color[j][0]))
                found = j;
        char oa = s[ec__edge_facelet[i][0]], ob = s[ec__edge_facelet[i][1]];
        if (found < 0)
            return ec__msg(EC_E_EDGE_INVALID, msg, msgsize,
                           "the edge at %s has colours %c and %c, a combination no edge has",
                           ec__edge_name[i], oa, ob);
        if (seen_edge[found] >= 0)
            return ec__msg(EC_E_EDGE_DUPLICATE, msg, msgsize,
                           "the edge with colours %c and %c appears twice, at %s and %s", oa, ob,
                           ec__edge_name[seen_edge[found]], ec__edge_name[i]);
        seen_edge[found] = i;
    }
    for (int i = 0; i < 8; i++) {
        char col[3], orig[3];
        for (int k = 0; k < 3; k++) {
            col[k] = norm[ec__corner_facelet[i][k]];
            orig[k] = s[ec__corner_facelet[i][k]];
        }
        int found = -1;
        for (int j = 0; j < 8 && found < 0; j++)
            for (int r = 0; r < 3; r++)
                if (col[r] == ec__corner_color[j][0] && col[(r + 1) % 3] == ec__corner_color[j][1] &&
                    col[(r + 2) % 3] == ec__corner_color[j][2])
                    found = j;
        if (found < 0)
            return ec__msg(EC_E_CORNER_INVALID, msg, msgsize,
                           "the corner at %s has colours %c, %c, %c (clockwise), a combination no corner has",
                           ec__corner_name[i], orig[0], orig[1], orig[2]);
        if (seen_corner[found] >= 0)
            return ec__msg(EC_E_CORNER_DUPLICATE, msg, msgsize,
                           "the corner with colours %c, %c, %c appears twice, at %s and %s", orig[0],
                           orig[1], orig[2], ec__corner_name[seen_corner[found]], ec__corner_name[i]);
        seen_corner[found] = i;
    }
    ec_cube c;
    ec__cube_from_stickers(norm, &c);
    int flip = 0, twist = 0;
    for (int i = 0; i < 12; i++) flip += c.eo[i];
    for (int i = 0; i < 8; i++) twist += c.co[i];
    /* the flip and twist faults name the pieces out of orientation (by the U/D rule of
     * c/core/cube.h) when there are at most three, the usual case of one mis-painted piece
     * (the painter outlines the pieces a message names); more are left unnamed */
    if (flip % 2) {
        char where[64];
        if (flip == 1)
            return ec__msg(EC_E_FLIP, msg, msgsize, "one edge is flipped, at %s: the total edge flip is odd, so this cube cannot be solved",
                           piece_list(where, c.eo, ec__edge_name, 12));
        if (flip == 3)
            return ec__msg(EC_E_FLIP, msg, msgsize, "three edges are flipped, at %s: the total edge flip is odd, so this cube cannot be solved",
                           piece_list(where, c.eo, ec__edge_name, 12));
        return ec__msg(EC_E_FLIP, msg, msgsize, "%d edges are flipped: the total edge flip is odd, so this cube cannot be solved", flip);
    }
    if (twist % 3) {
        int n = 0;
        for (int i = 0; i < 8; i++) n += c.co[i] != 0;
        char where[64];
        if (n <= 3)
            return ec__msg(EC_E_TWIST, msg, msgsize,
                           "%s at %s %s twisted: the total corner twist is %d mod 3, so this cube cannot be solved",
                           n == 1 ? "the corner" : "the corners", piece_list(where, c.co, ec__corner_name, 8),
                           n == 1 ? "is" : "are", twist % 3);
        return ec__msg(EC_E_TWIST, msg, msgsize,
                       "a corner is twisted: the total corner twist is %d mod 3, so this cube cannot be solved", twist % 3);
    }
    if (ec__parity(c.cp, 8) != ec__parity(c.ep, 12))
        return ec__msg(EC_E_PARITY, msg, msgsize,
                       "two pieces are swapped: corner and edge permutation parities differ, so this cube cannot be solved");
    return EC_OK;
}

int ec_validate_n(const char *facelets, int len, char *msg, int msgsize)
{
    char norm[55];
    int rc = check_facelets(facelets, len, norm, msg, msgsize);
    if (rc == EC_OK) ec__msg(EC_OK, msg, msgsize, "ok");
    return rc;
}

int ec_validate(const char *facelets, char *msg, int msgsize)
{
    return ec_validate_n(facelets, ec__cstr_len(facelets), msg, msgsize);
}

int ec_cube_from_facelets_n(const char *facelets, int len, ec_cube *c, char *msg, int msgsize)
{
    if (!c) return ec__msg(EC_E_NULL, msg, msgsize, "no cube given");
    char norm[55];
    int rc = check_facelets(facelets, len, norm, msg, msgsize);
    if (rc) return rc;
    ec__cube_from_stickers(norm, c);
    return EC_OK;
}

int ec_cube_from_facelets(const char *facelets, ec_cube *c, char *msg, int msgsize)
{
    return ec_cube_from_facelets_n(facelets, ec__cstr_len(facelets), c, msg, msgsize);
}

/* Start stickers: the solved cube for NULL or the empty text, else a validated copy. */
static int start_stickers(const char *facelets, int len, char f[55], char *msg, int msgsize)
{
    if (!facelets || len == 0) {
        memcpy(f, solved, 55);
        return EC_OK;
    }
    char norm[55];
    int rc = check_facelets(facelets, len, norm, msg, msgsize);
    if (rc) return rc;
    memcpy(f, facelets, 54);
    f[54] = '\0';
    return EC_OK;
}

static int apply_text(char f[55], const char *alg, int len, const char *what, char *msg, int msgsize)
{
    uint8_t codes[EC_MAX_ALG_MOVES];
    int n = 0;
    int rc = ec__alg_parse_text(alg, len, what, codes, EC_MAX_ALG_MOVES, &n, msg, msgsize);
    if (rc) return rc;
    for (int i = 0; i < n; i++) ec__apply_code(f, codes[i]);
    return EC_OK;
}

int ec_facelets_apply_n(const char *facelets, int flen, const char *alg, int alen, char *out, int size, char *msg,
                        int msgsize)
{
    if ((!alg && alen) || !out) return ec__msg(EC_E_NULL, msg, msgsize, "no alg or output buffer given");
    if (size < EC_FACELETS_SIZE) return EC_E_BUFFER;
    char f[55];
    int rc = start_stickers(facelets, flen, f, msg, msgsize);
    if (rc) return rc;
    rc = apply_text(f, alg, alen, "alg", msg, msgsize);
    if (rc) return rc;
    memcpy(out, f, 55);
    return EC_OK;
}

int ec_facelets_apply(const char *facelets, const char *alg, char *out, int size, char *msg, int msgsize)
{
    if (!alg) return ec__msg(EC_E_NULL, msg, msgsize, "no alg or output buffer given");
    return ec_facelets_apply_n(facelets, ec__cstr_len(facelets), alg, ec__cstr_len(alg), out, size, msg, msgsize);
}

static int stickers_solved(const char *f)
{
    for (int face = 0; face < 6; face++)
        for (int k = 0; k < 9; k++)
            if (f[face * 9 + k] != f[face * 9 + 4]) return 0;
    return 1;
}

int ec_facelets_is_solved_n(const char *facelets, int len)
{
    char norm[55];
    int rc = check_facelets(facelets, len, norm, NULL, 0);
    if (rc) return rc;
    return stickers_solved(facelets);
}

int ec_facelets_is_solved(const char *facelets) { return ec_facelets_is_solved_n(facelets, ec__cstr_len(facelets)); }

int ec_verify(const char *facelets, const char *solution, char *msg, int msgsize)
{
    if (!solution) return ec__msg(EC_E_NULL, msg, msgsize, "no solution given");
    return ec_verify_n(facelets, ec__cstr_len(facelets), solution, ec__cstr_len(solution), msg, msgsize);
}

int ec_verify_n(const char *facelets, int flen, const char *solution, int slen, char *msg, int msgsize)
{
    if (!solution && slen) return ec__msg(EC_E_NULL, msg, msgsize, "no solution given");
    char f[55];
    int rc = start_stickers(facelets, flen, f, msg, msgsize);
    if (rc) return rc;
    rc = apply_text(f, solution, slen, "solution", msg, msgsize);
    if (rc) return rc;
    if (!stickers_solved(f)) {
        int off = 0;
        for (int i = 0; i < 54; i++)
            if (f[i] != f[(i / 9) * 9 + 4]) off++;
        return ec__msg(EC_E_NOT_SOLVED, msg, msgsize,
                       "the solution does not solve the cube: %d stickers are left off their face's colour", off);
    }
    return ec__msg(EC_OK, msg, msgsize, "solved");
}
