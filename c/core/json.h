/*
 * json.h - a bounded JSON writer into a caller's buffer (no allocation). Writes are
 * appended while they fit; once one does not, `overflow` is set and the text is cut at the
 * last whole write, so callers check overflow once at the end.
 */
#ifndef EC_JSON_H
#define EC_JSON_H

#include <stdint.h>

typedef struct ec_json {
    char *buf;
    int size, pos, overflow;
} ec_json;

void ec__json_init(ec_json *j, char *buf, int size);
void ec__json_raw(ec_json *j, const char *text);
void ec__json_str(ec_json *j, const char *text); /* quoted and escaped */
void ec__json_num(ec_json *j, double v);         /* %.10g; integers print without a point */
void ec__json_int(ec_json *j, int64_t v);
/* "key": prefix, with a leading comma unless first */
void ec__json_key(ec_json *j, const char *key, int first);

#endif
