/*
 * check_alg.h - tables of algs and what the parser must say of them, for the notation tests:
 * each row is an alg, the status ec_alg_canonical must return, and its exact message (or,
 * for status 0, its canonical text); check_algs CHECKs every row (check.h counts them).
 */
#ifndef EC_CHECK_ALG_H
#define EC_CHECK_ALG_H

#include <stddef.h>

#include "check.h"
#include "evocube.h"

typedef struct check_alg {
    const char *alg;
    int rc;
    const char *msg;
} check_alg;

static void check_algs(const check_alg *rows, size_t n)
{
    static char out[1 << 15], msg[512];
    for (size_t k = 0; k < n; k++) {
        msg[0] = '\0';
        int rc = ec_alg_canonical(rows[k].alg, out, sizeof out, msg, sizeof msg);
        const char *got = rc ? msg : out;
        CHECK(rc == rows[k].rc && strcmp(got, rows[k].msg) == 0, "%s: status %d \"%s\", want %d \"%s\"", rows[k].alg, rc,
              got, rows[k].rc, rows[k].msg);
    }
}

#endif
