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

#include "evocube.h"

#if defined(__GNUC__)
#define EC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define EC_PRINTF(a, b)
#endif

/* Format into msg (if msg && msgsize > 0); returns code, so callers can `return ec__msg(...)`. */
int ec__msg(int code, char *msg, int msgsize, const char *fmt, ...) EC_PRINTF(4, 5);
/* Copy text into out; EC_E_BUFFER (with a truncated, NUL-ended copy) when it does not fit. */
int ec__out(const char *text, char *out, int size);
/* Length of text up to max+1 (so a longer text is detected without reading all of it). */
size_t ec__strnlen(const char *text, size_t max);
/* 1-based character (UTF-8 code point) column of byte offset off in text. */
int ec__column(const char *text, int off);

#endif
