/* util.c - message and buffer helpers, and the status-code texts of ec_strerror. */
#include "core/util.h"

#include <stdio.h>
#include <string.h>

#include "evocube.h"

int ec__msg(int code, char *msg, int msgsize, const char *fmt, ...)
{
    if (msg && msgsize > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, (size_t)msgsize, fmt, ap);
        va_end(ap);
    }
    return code;
}

int ec__out(const char *text, char *out, int size)
{
    if (!out || size <= 0) return EC_E_BUFFER;
    size_t len = strlen(text);
    if (len + 1 > (size_t)size) {
        memcpy(out, text, (size_t)size - 1);
        out[size - 1] = '\0';
        return EC_E_BUFFER;
    }
    memcpy(out, text, len + 1);
    return EC_OK;
}

size_t ec__strnlen(const char *text, size_t max)
{
    size_t n = 0;
    while (n <= max && text[n]) n++;
    return n;
}

int ec__column(const char *text, int off)
{
    int col = 1;
    for (int i = 0; i < off && text[i]; i++)
        if (((unsigned char)text[i] & 0xC0) != 0x80) col++;
    return col;
}

int ec__cstr_len(const char *text) { return text ? (int)ec__strnlen(text, EC_MAX_ALG_CHARS) : 0; }

/* Byte length of the well-formed UTF-8 sequence at s[0..n), or 0 when it is not one
 * (Unicode's table of well-formed byte sequences: no overlong form, no surrogate, at most
 * U+10FFFF). */
static int utf8_len(const unsigned char *s, int n)
{
    unsigned c = s[0];
    if (c < 0x80) return 1;
    int len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!len || len > n) return 0;
    unsigned lo = 0x80, hi = 0xBF; /* the second byte's range */
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    if (s[1] < lo || s[1] > hi) return 0;
    for (int k = 2; k < len; k++)
        if (s[k] < 0x80 || s[k] > 0xBF) return 0;
    return len;
}

unsigned ec__utf8_at(const char *s, int n, int *bytes)
{
    const unsigned char *u = (const unsigned char *)s;
    int len = utf8_len(u, n);
    if (!len) len = 1;
    *bytes = len;
    if (len == 1) return u[0];
    unsigned cp = u[0] & (0x7F >> len);
    for (int k = 1; k < len; k++) cp = (cp << 6) | (u[k] & 0x3F);
    return cp;
}

int ec__text_check(const char *text, int len, const char *what, int *chars, char *msg, int msgsize)
{
    if (len < 0) return ec__msg(EC_E_RANGE, msg, msgsize, "the %s has a negative length (%d)", what, len);
    if (len > 0 && !text) return ec__msg(EC_E_NULL, msg, msgsize, "no %s given", what);
    const unsigned char *u = (const unsigned char *)text;
    int col = 1;
    for (int i = 0; i < len; col++) {
        int n = utf8_len(u + i, len - i);
        if (!n) {
            /* a surrogate (ED A0..BF xx, as a lone UTF-16 half encodes) is named as one */
            if (u[i] == 0xED && len - i >= 3 && u[i + 1] >= 0xA0 && u[i + 1] <= 0xBF && u[i + 2] >= 0x80 &&
                u[i + 2] <= 0xBF)
                return ec__msg(EC_E_CHAR, msg, msgsize,
                               "the %s has U+%04X at character %d: half of a UTF-16 surrogate pair, not a character",
                               what, 0xD000u | ((u[i + 1] & 0x3Fu) << 6) | (u[i + 2] & 0x3Fu), col);
            return ec__msg(EC_E_CHAR, msg, msgsize, "the %s has byte 0x%02X at character %d, which is not UTF-8 text",
                           what, u[i], col);
        }
        int nb;
        unsigned cp = ec__utf8_at(text + i, len - i, &nb);
        if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0x7F && cp <= 0x9F))
            return ec__msg(EC_E_CHAR, msg, msgsize, "the %s has the control character U+%04X%s at character %d",
                           what, cp, cp == 0 ? " (NUL)" : "", col);
        i += n;
    }
    if (chars) *chars = col - 1;
    return EC_OK;
}

static const struct {
    int code;
    const char *text;
} texts[] = {
    {EC_OK, "ok"},
    {EC_RUNNING, "running"},
    {EC_DONE, "solved"},
    {EC_GAVE_UP, "gave up: the budget ran out before the cube was solved"},
    {EC_E_NULL, "a required argument is missing"},
    {EC_E_BUFFER, "output buffer too small"},
    {EC_E_RANGE, "argument out of range"},
    {EC_E_NOMEM, "out of memory"},
    {EC_E_INPUT_SIZE, "input too long"},
    {EC_E_INTERNAL, "internal error: the core failed one of its own checks (its tables or a solver's definition)"},
    {EC_E_CHAR, "input text has a control character or bytes that are not UTF-8"},
    {EC_E_FACELETS_LENGTH, "a facelet string must have exactly 54 characters"},
    {EC_E_FACELETS_CHAR, "a facelet character is not one of U R F D L B"},
    {EC_E_COLOR_COUNT, "a colour does not appear exactly 9 times"},
    {EC_E_CENTERS, "the six centres are not six distinct colours"},
    {EC_E_CENTERS_MIRROR, "the centres are not arranged as on a real cube"},
    {EC_E_EDGE_INVALID, "an edge has a colour combination that no edge has"},
    {EC_E_EDGE_DUPLICATE, "an edge appears twice"},
    {EC_E_CORNER_INVALID, "a corner has a colour combination that no corner has"},
    {EC_E_CORNER_DUPLICATE, "a corner appears twice"},
    {EC_E_FLIP, "one edge is flipped (total edge flip is odd)"},
    {EC_E_TWIST, "a corner is twisted (total corner twist is not a multiple of 3)"},
    {EC_E_PARITY, "two pieces are swapped (permutation parity is odd)"},
    {EC_E_TOKEN, "unknown move"},
    {EC_E_PAREN_OPEN, "unclosed parenthesis"},
    {EC_E_PAREN_CLOSE, "closing parenthesis without an opening one"},
    {EC_E_REPEAT, "bad repetition count"},
    {EC_E_ALG_MOVES, "too many moves"},
    {EC_E_NESTING, "parentheses nested too deeply"},
    {EC_E_NOT_FACE_TURNS, "only face turns are allowed here"},
    {EC_E_SOLVER_UNKNOWN, "unknown solver"},
    {EC_E_PARAM_UNKNOWN, "unknown solver parameter"},
    {EC_E_PARAM_VALUE, "a parameter value is not a number"},
    {EC_E_PARAM_RANGE, "a parameter value is out of range"},
    {EC_E_STATE, "the solver is not in a state for this call"},
    {EC_E_NOT_SOLVED, "the solution does not solve the cube"},
    {EC_E_SEED, "a seed must be an integer from 0 to 4294967295"},
    {EC_EPOCH, "an island's epoch is over: waiting for its migrants"},
    {EC_BOUND, "the optimum search spent its node budget: the length is a lower bound"},
    {EC_E_MIGRANTS, "a migrant buffer is malformed"},
    {EC_E_GROUP, "the cube is not in the stage's start group"},
    {EC_E_TABLE, "the stored optimal-search table is truncated, corrupted or from another build"},
};

int ec_strerror(int code, char *buf, int size)
{
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (texts[i].code == code) return ec__out(texts[i].text, buf, size);
    ec__out("unknown status code", buf, size);
    return EC_E_RANGE;
}

int ec_version(char *buf, int size) { return ec__out(EC_VERSION, buf, size); }
