/*
 * notation.c - move notation: parse (face turns; wide Rw/r; slices M E S; rotations x y z
 * and Rv Uv Fv Lv Dv Bv; SiGN layer prefixes 2R, 3R, 2Rw, 2-3Rw, 2-3r; amounts of any whole
 * number below 2^31 (2^31 with a prime) and an optional prime, R R2 R3 R2' R0 R5; (...)n and (...)' groups, n
 * from 0; commutators [A, B] and conjugates [A: B] (nested freely with groups, and taking n
 * and ' like them), "." as a pause that turns nothing, // comments to the end of the line
 * (LF, CR, CR LF, U+2028 or U+2029), any Unicode space as a separator), format, simplify,
 * invert, and count lengths in HTM, QTM and STM. Move codes are base*3 + (quarter turns - 1);
 * bases are listed in evocube.h. The forms read are those cubing.js's 3x3x3 puzzles apply,
 * with the same cube state (tests/js/notation-sign.test.mjs); its forms that no 3x3x3
 * applies are refused with a message naming why, as are the numbers cubing.js refuses (an
 * amount of 2^31 or more, a layer written with a leading 0: 02R, 2-03Rw). Not as in
 * cubing.js: moves may follow each other without a space (RUR'), a comment may end at a CR
 * or a Unicode line or paragraph separator, and the whole-cube ranges (3Rw, 3r, 1-3Rw), which
 * cubing.js refuses on a 3x3x3, are read as the rotation SiGN means (3Rw = x).
 * Messages echo a refused move's text with every invisible or direction-changing character
 * (U+200B..U+200F, U+202A..U+202E, U+2060..U+2069, U+FEFF, U+061C, U+00AD) written as its
 * code point, <U+202E>, so a message never reorders or hides what it quotes.
 * Expansion: the parser writes plain moves only. [A, B] becomes A B A' B' and [A: B] becomes
 * A B A', where X' is X's moves in reverse order, each inverted; so the canonical text of
 * "[R, U]" is "R U R' U'" and of "[R: U]" "R U R'". A group or bracket whose expansion would
 * pass the move limit is refused (EC_E_ALG_MOVES, naming where it closes), never cut.
 */
#include <stdio.h>
#include <string.h>

#include "core/util.h"

static const char *const base_name[24] = {"U", "R", "F", "D", "L", "B", "Uw", "Rw", "Fw", "Dw", "Lw", "Bw",
                                          "u", "r", "f", "d", "l", "b", "M", "E", "S", "x", "y", "z"};

/* Axis of a base: 0 x (R L M x), 1 y (U D E y), 2 z (F B S z). */
static int base_axis(int b)
{
    static const int face_axis[6] = {1, 0, 2, 1, 0, 2};
    if (b < 18) return face_axis[b % 6];
    return (b - 18) % 3 == 0 ? 0 : (b - 18) % 3 == 1 ? 1 : 2;
}

/* Length in bytes of a separator at p, or 0: an ASCII space, tab, CR or LF (the text check
 * refuses the other controls before parsing), or a Unicode space in UTF-8: U+00A0, U+1680,
 * U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 (Unicode's White_Space set), and
 * the invisible U+200B, U+2060 and U+FEFF that pasted text carries. */
static int space_len(const char *p)
{
    const unsigned char *u = (const unsigned char *)p;
    if (u[0] == ' ' || u[0] == '\t' || u[0] == '\n' || u[0] == '\r' || u[0] == '\f' || u[0] == '\v') return 1;
    if (u[0] == 0xC2) return u[1] == 0xA0 ? 2 : 0;
    if (u[0] == 0xE1) return u[1] == 0x9A && u[2] == 0x80 ? 3 : 0;
    if (u[0] == 0xE2 && u[1] == 0x80) return u[2] <= 0x8B || u[2] == 0xA8 || u[2] == 0xA9 || u[2] == 0xAF ? 3 : 0;
    if (u[0] == 0xE2 && u[1] == 0x81) return u[2] == 0x9F || u[2] == 0xA0 ? 3 : 0;
    if (u[0] == 0xE3) return u[1] == 0x80 && u[2] == 0x80 ? 3 : 0;
    if (u[0] == 0xEF) return u[1] == 0xBB && u[2] == 0xBF ? 3 : 0;
    return 0;
}

/* 1 when the character at p belongs to a move's word (letters, digits, primes and any other
 * non-ASCII character but a space): what an unknown move is made of */
static int word_at(const char *p)
{
    char c = *p;
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '\'' || c == '`') return 1;
    return (unsigned char)c >= 0x80 && !space_len(p);
}

/* Length in bytes of a prime mark at p: ' or ` or U+2019 (right single quotation mark). */
static int prime_len(const char *p)
{
    if (*p == '\'' || *p == '`') return 1;
    if ((unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0x99) return 3;
    return 0;
}

/* Base of a move starting at p (and its byte length), or -1. */
static int base_at(const char *p, int *len)
{
    static const char faces[] = "URFDLB", lower[] = "urfdlb";
    const char *q;
    *len = 1;
    if (*p && (q = strchr(faces, *p)) != NULL) {
        if (p[1] == 'w') {
            *len = 2;
            return 6 + (int)(q - faces);
        }
        return (int)(q - faces);
    }
    if (*p && (q = strchr(lower, *p)) != NULL) return 12 + (int)(q - lower);
    if (*p == 'M') return 18;
    if (*p == 'E') return 19;
    if (*p == 'S') return 20;
    if (*p == 'x') return 21;
    if (*p == 'y') return 22;
    if (*p == 'z') return 23;
    return -1;
}

/* 1 when the code point is invisible or changes the text's direction (a format character a
 * terminal or page would act on instead of showing): echoed as <U+XXXX> */
static int hidden_cp(unsigned cp)
{
    return cp == 0xAD || cp == 0x61C || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF;
}

/* text[start..end) copied to out (size bytes) for a message, each hidden character as <U+XXXX>
 * (at most 24 bytes in: 8 three-byte characters, 64 bytes out) */
static void echo_token(const char *text, int start, int end, char *out, int size)
{
    int o = 0;
    for (int i = start; i < end && o < size - 1;) {
        int nb = 1;
        unsigned cp = ec__utf8_at(text + i, end - i, &nb);
        if (nb < 1) nb = 1;
        if (hidden_cp(cp)) o += snprintf(out + o, (size_t)(size - o), "<U+%04X>", cp);
        else
            for (int k = 0; k < nb && o < size - 1; k++) out[o++] = text[i + k];
        i += nb;
        if (o >= size) o = size - 1;
    }
    out[o] = '\0';
}

static int bad_token(const char *text, int start, char *msg, int msgsize)
{
    int end = start;
    while (text[end] && word_at(text + end) && end - start < 24) end++;
    /* a cut at the length cap never splits a UTF-8 character: back off to its first byte */
    while (end > start + 1 && ((unsigned char)text[end] & 0xC0) == 0x80) end--;
    if (end == start) end = start + 1;
    char tok[72];
    echo_token(text, start, end, tok, sizeof tok);
    return ec__msg(EC_E_TOKEN, msg, msgsize, "unknown move \"%s\" at character %d", tok, ec__column(text, start));
}

static int parse_checked(const char *text, uint8_t *moves, int cap, int *n, char *msg, int msgsize);

int ec__alg_parse_text(const char *text, int len, const char *what, uint8_t *moves, int cap, int *n, char *msg,
                       int msgsize)
{
    if (!moves || !n || (!text && len > 0)) return ec__msg(EC_E_NULL, msg, msgsize, "no %s given", what);
    *n = 0;
    if (len > EC_MAX_ALG_CHARS)
        return ec__msg(EC_E_INPUT_SIZE, msg, msgsize, "the %s is longer than %d characters", what, EC_MAX_ALG_CHARS);
    int rc = ec__text_check(text, len, what, NULL, msg, msgsize);
    if (rc) return rc;
    char buf[EC_MAX_ALG_CHARS + 1]; /* no NUL inside (checked): the parser reads it NUL-ended */
    if (len) memcpy(buf, text, (size_t)len);
    buf[len] = '\0';
    return parse_checked(buf, moves, cap, n, msg, msgsize);
}

int ec_alg_parse_n(const char *text, int len, uint8_t *moves, int cap, int *n, char *msg, int msgsize)
{
    return ec__alg_parse_text(text, len, "alg", moves, cap, n, msg, msgsize);
}

int ec_alg_parse(const char *text, uint8_t *moves, int cap, int *n, char *msg, int msgsize)
{
    if (!text) return ec__msg(EC_E_NULL, msg, msgsize, "no alg given");
    return ec_alg_parse_n(text, ec__cstr_len(text), moves, cap, n, msg, msgsize);
}

static int invert_code(int code) { return (code / 3) * 3 + (2 - code % 3); }

/* An open group: "(" or "[" at text position pos, its moves from moves[start]; a bracket's
 * separator ("," or ":", 0 while none) at text position sep_pos, its second part from mid. */
typedef struct group {
    int start, pos, mid, sep_pos;
    char kind, sep;
} group;

/* moves[from..to) appended to moves[*count..] in reverse order, each inverted (X'). */
static void append_inverse(uint8_t *moves, int from, int to, int *count)
{
    for (int k = to - 1; k >= from; k--) moves[(*count)++] = (uint8_t)invert_code(moves[k]);
}

/* After a closing ")" or "]" at text position at (i just past it), the group's moves being
 * moves[start..*count): an optional repetition count and prime, then the repeats. */
static int group_suffix(const char *text, int *ip, int at, uint8_t *moves, int start, int *count, int limit, char *msg,
                        int msgsize)
{
    int i = *ip, pl;
    long reps = 1;
    if (text[i] >= '0' && text[i] <= '9') {
        int dstart = i;
        if (text[i] == '0' && text[i + 1] >= '0' && text[i + 1] <= '9')
            return ec__msg(EC_E_REPEAT, msg, msgsize,
                           "repetition count at character %d starts with 0 (only 0 itself does)",
                           ec__column(text, dstart));
        reps = 0;
        while (text[i] >= '0' && text[i] <= '9') {
            if (reps <= EC_MAX_ALG_MOVES) reps = reps * 10 + (text[i] - '0');
            i++;
        }
        if (reps > EC_MAX_ALG_MOVES)
            return ec__msg(EC_E_REPEAT, msg, msgsize, "repetition count at character %d must be from 0 to %d",
                           ec__column(text, dstart), EC_MAX_ALG_MOVES);
    }
    pl = prime_len(text + i);
    if (pl) { /* (...)' inverts the group */
        i += pl;
        for (int a = start, b = *count - 1; a < b; a++, b--) {
            uint8_t t = moves[a];
            moves[a] = moves[b];
            moves[b] = t;
        }
        for (int a = start; a < *count; a++) moves[a] = (uint8_t)invert_code(moves[a]);
    }
    if (text[i] && word_at(text + i) && base_at(text + i, &pl) < 0) return bad_token(text, i, msg, msgsize);
    int glen = *count - start;
    if ((long)*count + (reps - 1) * glen > limit)
        return ec__msg(EC_E_ALG_MOVES, msg, msgsize,
                       "the alg has more than %d moves once the group closed at character %d is repeated", limit,
                       ec__column(text, at));
    if (reps == 0) *count = start; /* (A)0: no move, as in cubing.js */
    for (long r = 1; r < reps; r++) {
        memmove(moves + *count, moves + start, (size_t)glen);
        *count += glen;
    }
    *ip = i;
    return EC_OK;
}

/* The end of the word of a move starting at start: its letters, digits and primes, and a "-"
 * between digits (a layer range), at most 24 bytes and never inside a UTF-8 character. */
static int move_word_end(const char *text, int start)
{
    int end = start;
    while (text[end] && end - start < 24 &&
           (word_at(text + end) ||
            (text[end] == '-' && end > start && text[end - 1] >= '0' && text[end - 1] <= '9' && text[end + 1] >= '0' &&
             text[end + 1] <= '9')))
        end++;
    while (end > start + 1 && ((unsigned char)text[end] & 0xC0) == 0x80) end--;
    return end == start ? start + 1 : end;
}

/* A refused move: "<its word>" at character N, then why. */
static int move_error(const char *text, int start, const char *why, char *msg, int msgsize)
{
    int end = move_word_end(text, start);
    char tok[72];
    echo_token(text, start, end, tok, sizeof tok);
    return ec__msg(EC_E_TOKEN, msg, msgsize, "\"%s\" at character %d %s", tok, ec__column(text, start), why);
}

/* Digits at *ip as a number (capped at 1000, enough to tell a layer past 3), *ip past them. */
static int read_number(const char *text, int *ip)
{
    int v = 0;
    while (text[*ip] >= '0' && text[*ip] <= '9') {
        if (v < 1000) v = v * 10 + (text[*ip] - '0');
        (*ip)++;
    }
    return v;
}

/* One move at *ip (its first character is no space, bracket or separator): an optional SiGN
 * layer prefix (n, or a range n-m), the family (a face, Rw, r, M E S, x y z, or Rv, a
 * rotation named by its face), an optional amount (any whole number, turned mod 4; cubing.js
 * writes R1, R3, R4, R0) and an optional prime. *code is the parsed move code, or -1 when the
 * amount is a multiple of 4 (no move). *ip ends past the move.
 * Layers on a 3x3x3, counted from the named face (what cubing.js applies): 1 the face, 2 the
 * slice, 3 the opposite face; "nR" is layer n alone, "nRw" and "nr" layers 1 to n, and "n-mR",
 * "n-mRw" and "n-mr" layers n to m. So 2R = M', 3R = L', 2Rw = 2r = Rw, 2-3Rw = Lw'. Layers 1
 * to 3 (3Rw, 1-3r) turn the whole cube: read as the rotation SiGN means (3Rw = x, 3Lw = x'),
 * though cubing.js refuses them on a 3x3x3. A prefix on M E S, x y z or Rv is refused, as are
 * layer 0, layers past 3, a layer with a leading 0 (02R, 2-03Rw: cubing.js's layers start
 * with 1 to 9), ranges whose first layer is not the smaller, and amounts past cubing.js's
 * 32-bit bound (2^31 or more; 2^31 itself with a prime is -2^31, which it reads). */
static int parse_move(const char *text, int *ip, int *code, char *msg, int msgsize)
{
    /* per face U R F D L B: its slice (E M S), whether the slice turns against the face, and
     * the rotation (y x z) */
    static const int slice_of[6] = {19, 18, 20, 19, 18, 20}, slice_inv[6] = {1, 1, 0, 0, 0, 1};
    static const int rotation_of[6] = {22, 21, 23, 22, 21, 23}; /* y x z; D L B turn it back */
    int start = *ip, i = *ip, lo = 0, hi = 0, prefix = 0, range = 0, blen, inv = 0;
    if (text[i] >= '0' && text[i] <= '9') {
        prefix = 1;
        if (text[i] == '0' && text[i + 1] >= '0' && text[i + 1] <= '9')
            return move_error(text, start, "has a layer with a leading 0 (write 2R, not 02R)", msg, msgsize);
        lo = hi = read_number(text, &i);
        if (text[i] == '-' && text[i + 1] >= '0' && text[i + 1] <= '9') {
            i++;
            range = 1;
            if (text[i] == '0' && text[i + 1] >= '0' && text[i + 1] <= '9')
                return move_error(text, start, "has a layer with a leading 0 (write 2-3Rw, not 2-03Rw)", msg, msgsize);
            hi = read_number(text, &i);
        }
    }
    int base = base_at(text + i, &blen);
    if (base < 0) return prefix ? move_error(text, start, "is no move: a layer prefix goes before a face (2R, 2-3Rw)", msg, msgsize)
                                : bad_token(text, start, msg, msgsize);
    if (base < 6 && text[i + 1] == 'v') { /* Rv Lv Uv Dv Fv Bv: rotations */
        static const int rot_of[6] = {22, 21, 23, 22, 21, 23};
        inv = base >= 3;
        base = rot_of[base];
        blen = 2;
    }
    i += blen;
    if (prefix) {
        if (base >= 18)
            return move_error(text, start,
                              "has a layer prefix on a slice or rotation: a prefix goes on a face turn (2R, 2-3Rw, 2r)",
                              msg, msgsize);
        if (lo < 1 || hi < 1 || lo > 3 || hi > 3)
            return move_error(text, start, "names a layer that a 3x3x3 does not have (it has layers 1 to 3)", msg,
                              msgsize);
        if (range && lo >= hi)
            return move_error(text, start, "has a layer range whose first layer is not the smaller (write 2-3Rw)", msg,
                              msgsize);
        int f = base % 6;
        if (!range && base >= 6) lo = 1; /* nRw, nr: layers 1 to n */
        if (lo == 1 && hi == 3) { /* the whole cube: the face's rotation */
            base = rotation_of[f];
            inv = f >= 3;
        } else {
            if (lo == hi) base = lo == 1 ? f : lo == 2 ? slice_of[f] : (f + 3) % 6;
            else base = lo == 1 ? 6 + f : 6 + (f + 3) % 6;
            inv = (lo == 2 && hi == 2) ? slice_inv[f] : hi == 3;
        }
    }
    int amount = 1;
    long long whole = 0; /* the amount itself, up to past the bound */
    if (text[i] >= '0' && text[i] <= '9') {
        if (text[i] == '0' && text[i + 1] >= '0' && text[i + 1] <= '9')
            return move_error(text, start, "has an amount with a leading 0 (an amount starts with 0 only when it is 0)",
                              msg, msgsize);
        amount = 0;
        while (text[i] >= '0' && text[i] <= '9') {
            if (whole <= 2147483648LL) whole = whole * 10 + (text[i] - '0');
            amount = (amount * 10 + (text[i++] - '0')) % 4;
        }
    }
    int pl = prime_len(text + i);
    /* cubing.js's amounts are 32-bit signed: up to 2^31 - 1, and 2^31 itself with a prime */
    if (whole > (pl ? 2147483648LL : 2147483647LL))
        return move_error(text, start, "has an amount past cubing.js's bound (at most 2147483647, or 2147483648')", msg,
                          msgsize);
    if (pl) {
        amount = (4 - amount) % 4;
        i += pl;
    }
    if (inv) amount = (4 - amount) % 4;
    /* a move must end here: at a space, bracket, comment, end, or the next move's letter */
    if (text[i] && word_at(text + i) && (base_at(text + i, &blen) < 0 || (text[i] >= '0' && text[i] <= '9')))
        return bad_token(text, start, msg, msgsize);
    *code = amount ? base * 3 + amount - 1 : -1;
    *ip = i;
    return EC_OK;
}

/* The parser proper, over a NUL-ended text that ec__alg_parse_text has checked. */
static int parse_checked(const char *text, uint8_t *moves, int cap, int *n, char *msg, int msgsize)
{
    int limit = cap < EC_MAX_ALG_MOVES ? cap : EC_MAX_ALG_MOVES;
    group open[EC_MAX_NESTING];
    int depth = 0, count = 0;
    int i = 0;
    while (text[i]) {
        char c = text[i];
        int sl = space_len(text + i);
        if (sl) {
            i += sl;
            continue;
        }
        if (c == '.') { /* a pause (cubing.js): no move */
            i++;
            continue;
        }
        if (c == '/' && text[i + 1] == '/') {
            /* ends at LF, CR or CR LF, U+2028 or U+2029 (E2 80 A8/A9) */
            while (text[i] && text[i] != '\n' && text[i] != '\r' &&
                   !((unsigned char)text[i] == 0xE2 && (unsigned char)text[i + 1] == 0x80 &&
                     ((unsigned char)text[i + 2] == 0xA8 || (unsigned char)text[i + 2] == 0xA9)))
                i++;
            continue;
        }
        if (c == '(' || c == '[') {
            if (depth == EC_MAX_NESTING)
                return ec__msg(EC_E_NESTING, msg, msgsize, "%s nested deeper than %d at character %d",
                               c == '(' ? "parentheses" : "brackets and parentheses", EC_MAX_NESTING,
                               ec__column(text, i));
            group *g = &open[depth++];
            g->start = g->mid = count;
            g->pos = i;
            g->sep_pos = -1;
            g->kind = c;
            g->sep = 0;
            i++;
            continue;
        }
        if (c == ',' || c == ':') {
            group *g = depth ? &open[depth - 1] : NULL;
            if (!g || g->kind != '[')
                return ec__msg(EC_E_TOKEN, msg, msgsize,
                               "\"%c\" at character %d is not directly inside [ ] (a commutator is [A, B], a "
                               "conjugate [A: B])",
                               c, ec__column(text, i));
            if (g->sep)
                return ec__msg(EC_E_TOKEN, msg, msgsize,
                               "\"%c\" at character %d is a second separator in the brackets opened at character %d "
                               "(after the \"%c\" at character %d)",
                               c, ec__column(text, i), ec__column(text, g->pos), g->sep, ec__column(text, g->sep_pos));
            g->sep = c;
            g->sep_pos = i;
            g->mid = count;
            i++;
            continue;
        }
        if (c == ')' || c == ']') {
            char want = c == ')' ? '(' : '[';
            if (!depth)
                return ec__msg(EC_E_PAREN_CLOSE, msg, msgsize, "\"%c\" at character %d has no matching \"%c\"", c,
                               ec__column(text, i), want);
            group *g = &open[--depth];
            if (g->kind != want)
                return ec__msg(EC_E_PAREN_CLOSE, msg, msgsize, "\"%c\" at character %d does not close the \"%c\" at character %d",
                               c, ec__column(text, i), g->kind, ec__column(text, g->pos));
            int at = i++;
            if (c == ']') {
                if (!g->sep)
                    return ec__msg(EC_E_TOKEN, msg, msgsize,
                                   "\"]\" at character %d closes brackets without \",\" or \":\" (a commutator is "
                                   "[A, B], a conjugate [A: B])",
                                   ec__column(text, at));
                /* [A, B] = A B A' B', [A: B] = A B A' */
                int alen = g->mid - g->start, blen = count - g->mid;
                int add = g->sep == ',' ? alen + blen : alen;
                if ((long)count + add > limit)
                    return ec__msg(EC_E_ALG_MOVES, msg, msgsize,
                                   "the alg has more than %d moves once the %s closed at character %d is expanded", limit,
                                   g->sep == ',' ? "commutator" : "conjugate", ec__column(text, at));
                int end = count;
                append_inverse(moves, g->start, g->mid, &count);
                if (g->sep == ',') append_inverse(moves, g->mid, end, &count);
            }
            int rc = group_suffix(text, &i, at, moves, g->start, &count, limit, msg, msgsize);
            if (rc) return rc;
            continue;
        }
        int code = -1, rc = parse_move(text, &i, &code, msg, msgsize);
        if (rc) return rc;
        if (code < 0) continue; /* an amount of 0 (R0, R4): no move */
        if (count >= limit)
            return ec__msg(EC_E_ALG_MOVES, msg, msgsize, "the alg has more than %d moves", limit);
        moves[count++] = (uint8_t)code;
    }
    if (depth)
        return ec__msg(EC_E_PAREN_OPEN, msg, msgsize, "\"%c\" at character %d is never closed", open[depth - 1].kind,
                       ec__column(text, open[depth - 1].pos));
    *n = count;
    return EC_OK;
}

int ec_alg_format(const uint8_t *moves, int n, char *out, int size)
{
    if (!out || size <= 0 || (n > 0 && !moves)) return EC_E_NULL;
    int pos = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (moves[i] >= EC_MOVE_CODES) return EC_E_RANGE;
        const char *name = base_name[moves[i] / 3];
        const char *suf = moves[i] % 3 == 0 ? "" : moves[i] % 3 == 1 ? "2" : "'";
        int need = (i ? 1 : 0) + (int)strlen(name) + (int)strlen(suf);
        if (pos + need + 1 > size) return EC_E_BUFFER;
        if (i) out[pos++] = ' ';
        strcpy(out + pos, name);
        pos += (int)strlen(name);
        strcpy(out + pos, suf);
        pos += (int)strlen(suf);
    }
    return EC_OK;
}

int ec_alg_simplify_moves(uint8_t *moves, int n)
{
    if (!moves || n <= 0) return 0;
    for (;;) {
        int out = 0, i = 0;
        while (i < n) {
            int axis = base_axis(moves[i] / 3), j = i;
            int amount[24] = {0}, order[24], norder = 0;
            while (j < n && base_axis(moves[j] / 3) == axis) {
                int b = moves[j] / 3;
                int seen = 0;
                for (int k = 0; k < norder; k++)
                    if (order[k] == b) seen = 1;
                if (!seen) order[norder++] = b;
                amount[b] = (amount[b] + moves[j] % 3 + 1) % 4;
                j++;
            }
            for (int k = 0; k < norder; k++)
                if (amount[order[k]]) moves[out++] = (uint8_t)(order[k] * 3 + amount[order[k]] - 1);
            i = j;
        }
        if (out == n) return n;
        n = out;
    }
}

/* Parse into a local buffer; shared by the text-in, text-out functions below. */
static int parse_local(const char *text, int len, uint8_t *moves, int *n, char *msg, int msgsize)
{
    return ec_alg_parse_n(text, len, moves, EC_MAX_ALG_MOVES, n, msg, msgsize);
}

int ec_alg_canonical(const char *text, char *out, int size, char *msg, int msgsize)
{
    if (!text) return ec__msg(EC_E_NULL, msg, msgsize, "no alg given");
    return ec_alg_canonical_n(text, ec__cstr_len(text), out, size, msg, msgsize);
}
int ec_alg_simplify(const char *text, char *out, int size, char *msg, int msgsize)
{
    if (!text) return ec__msg(EC_E_NULL, msg, msgsize, "no alg given");
    return ec_alg_simplify_n(text, ec__cstr_len(text), out, size, msg, msgsize);
}
int ec_alg_invert(const char *text, char *out, int size, char *msg, int msgsize)
{
    if (!text) return ec__msg(EC_E_NULL, msg, msgsize, "no alg given");
    return ec_alg_invert_n(text, ec__cstr_len(text), out, size, msg, msgsize);
}
int ec_alg_metrics(const char *text, int out[3], char *msg, int msgsize)
{
    if (!text) return ec__msg(EC_E_NULL, msg, msgsize, "no alg given");
    return ec_alg_metrics_n(text, ec__cstr_len(text), out, msg, msgsize);
}

int ec_alg_canonical_n(const char *text, int len, char *out, int size, char *msg, int msgsize)
{
    uint8_t mv[EC_MAX_ALG_MOVES];
    int n, rc = parse_local(text, len, mv, &n, msg, msgsize);
    return rc ? rc : ec_alg_format(mv, n, out, size);
}

int ec_alg_simplify_n(const char *text, int len, char *out, int size, char *msg, int msgsize)
{
    uint8_t mv[EC_MAX_ALG_MOVES];
    int n, rc = parse_local(text, len, mv, &n, msg, msgsize);
    if (rc) return rc;
    n = ec_alg_simplify_moves(mv, n);
    return ec_alg_format(mv, n, out, size);
}

int ec_alg_invert_n(const char *text, int len, char *out, int size, char *msg, int msgsize)
{
    uint8_t mv[EC_MAX_ALG_MOVES], inv[EC_MAX_ALG_MOVES];
    int n, rc = parse_local(text, len, mv, &n, msg, msgsize);
    if (rc) return rc;
    for (int i = 0; i < n; i++) inv[i] = (uint8_t)invert_code(mv[n - 1 - i]);
    return ec_alg_format(inv, n, out, size);
}

int ec_alg_metrics_n(const char *text, int len, int out[3], char *msg, int msgsize)
{
    if (!out) return EC_E_NULL;
    uint8_t mv[EC_MAX_ALG_MOVES];
    int n, rc = parse_local(text, len, mv, &n, msg, msgsize);
    if (rc) return rc;
    out[0] = out[1] = out[2] = 0;
    for (int i = 0; i < n; i++) {
        int b = mv[i] / 3, half = mv[i] % 3 == 1;
        if (b >= 21) continue; /* rotations are free */
        int slice = b >= 18;
        out[0] += slice ? 2 : 1;
        out[1] += (half ? 2 : 1) * (slice ? 2 : 1);
        out[2] += 1;
    }
    return EC_OK;
}
