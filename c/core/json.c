/* json.c - the bounded JSON writer of json.h. */
#include "core/json.h"

#include <stdio.h>
#include <string.h>

void ec__json_init(ec_json *j, char *buf, int size)
{
    j->buf = buf;
    j->size = size;
    j->pos = 0;
    j->overflow = size <= 0;
    if (size > 0) buf[0] = '\0';
}

static void put(ec_json *j, const char *text, int len)
{
    if (j->overflow) return;
    if (j->pos + len + 1 > j->size) {
        j->overflow = 1;
        return;
    }
    memcpy(j->buf + j->pos, text, (size_t)len);
    j->pos += len;
    j->buf[j->pos] = '\0';
}

void ec__json_raw(ec_json *j, const char *text) { put(j, text, (int)strlen(text)); }

void ec__json_str(ec_json *j, const char *text)
{
    put(j, "\"", 1);
    for (const char *p = text; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            put(j, e, 2);
        } else if (c < 0x20) {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", c);
            put(j, e, 6);
        } else {
            put(j, (const char *)p, 1);
        }
    }
    put(j, "\"", 1);
}

void ec__json_num(ec_json *j, double v)
{
    char t[32];
    if (v != v) v = 0; /* NaN is not JSON */
    snprintf(t, sizeof t, "%.10g", v);
    ec__json_raw(j, t);
}

void ec__json_int(ec_json *j, int64_t v)
{
    /* digits from the end (what "%lld" writes, without snprintf's cost: a record has ~30) */
    char t[24], *p = t + sizeof t - 1;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    *p = '\0';
    do *--p = (char)('0' + u % 10); while (u /= 10);
    if (v < 0) *--p = '-';
    ec__json_raw(j, p);
}

void ec__json_key(ec_json *j, const char *key, int first)
{
    if (!first) put(j, ",", 1);
    ec__json_str(j, key);
    put(j, ":", 1);
}
