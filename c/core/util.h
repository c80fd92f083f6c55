/*
 * util.h - small helpers shared by the core's modules (not public).
 *
 * ec__msg writes a specific, human message into a caller's (msg, msgsize) buffer when one is
 * given; ec__out copies a result text into a caller's buffer, failing with EC_E_BUFFER when
 * it does not fit. Neither allocates nor prints.
 */
#ifndef EC_UTIL_H
#define EC_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "evocube.h"

#if defined(__GNUC__)
#define EC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define EC_PRINTF(a, b)/* notation.c's parser behind ec_alg_parse_n, with what the text is called in messages
 * ("alg", "solution"). */
int ec__alg_parse_text(const char *text, int len, const char *what, uint8_t *moves, int cap, int *n, char *msg,
                       int msgsize);

#endif

/* xoshiro256** one step: ec_rng_next's body, inline for the hot loops of the solvers (rng.c's
 * ec_rng_next is this; one implementation) */
static inline uint64_t ec__rng_next(ec_rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5, result = (x << 7 | x >> 57) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3] << 45 | s[3] >> 19;
    return result;
}

/* Format into msg (if msg && msgsize > 0); returns code, so callers can `return ec__msg(...)`. */
int ec__msg(int code, char *msg, int msgsize, const char *fmt, ...) EC_PRINTF(4, 5);
/* Copy text into out; EC_E_BUFFER (with a truncated, NUL-ended copy) when it does not fit. */
int ec__out(const char *text, char *out, int size);
/* Length of text up to max+1 (so a longer text is detected without reading all of it). */
size_t ec__strnlen(const char *text, size_t max);
/* 1-based character (UTF-8 code point) column of byte offset off in text. */
int ec__column(const char *text, int off);
/* Length of a C string for the NUL-ended entry points: strlen, but at most EC_MAX_ALG_CHARS + 1
 * (longer is refused by every parser anyway); 0 for NULL. */
int ec__cstr_len(const char *text);
/*
 * The one check of an input text at the C boundary: its len bytes must be well-formed UTF-8
 * (no overlong forms, no surrogates, nothing above U+10FFFF) with no control character
 * (U+0000..U+001F, U+007F..U+009F) other than tab, line feed and carriage return. EC_OK, or
 * EC_E_CHAR with a message naming what (e.g. "alg"), the character (U+0000) or the byte that
 * is not UTF-8 (0xFF), and its 1-based character position. *chars (may be NULL) receives the
 * number of characters on success.
 */
int ec__text_check(const char *text, int len, const char *what, int *chars, char *msg, int msgsize);
/* Decode the UTF-8 character at s (n >= 1 bytes available, already checked well-formed):
 * its code point, and its byte length in *bytes. */
unsigned ec__utf8_at(const char *s, int n, int *bytes);
/* notation.c's parser behind ec_alg_parse_n, with what the text is called in messages
 * ("alg", "solution"). */
int ec__alg_parse_text(const char *text, int len, const char *what, uint8_t *moves, int cap, int *n, char *msg,
                       int msgsize);

#endif
