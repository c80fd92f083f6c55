/*
 * fuzz_link.c - libFuzzer target for the C side of a share link: the page splits a URL's
 * query into scramble (or facelets), solver, seed and "p.*" params and hands each to the
 * core. The input is split on '\n' into those four fields, each handed to the core with its
 * length (NUL bytes included: a NUL must be refused by name, never end a field early); each
 * must be accepted or refused with a specific message, and a solver must start (on the
 * solved cube, which finishes at once) only with a known name and valid params.
 */
#include <stdlib.h>
#include <string.h>

#include "evocube.h"

static char field[4][EC_MAX_ALG_CHARS + 2];
static int flen[4];

/* A field with a NUL must have been refused as EC_E_CHAR (or for its size first). */
static void nul_refused(int k, int rc)
{
    if (memchr(field[k], 0, (size_t)flen[k]) && rc != EC_E_CHAR && rc != EC_E_INPUT_SIZE && rc != EC_E_SEED &&
        rc != EC_E_FACELETS_LENGTH)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > EC_MAX_ALG_CHARS) return 0;
    int k = 0;
    for (int i = 0; i < 4; i++) flen[i] = 0;
    for (size_t i = 0; i < size && k < 4; i++) {
        if (data[i] == '\n') {
            k++;
            continue;
        }
        field[k][flen[k]++] = (char)data[i];
    }
    char msg[512] = "", f[EC_FACELETS_SIZE];
    /* field 0: a scramble, or facelets when it is 54 characters of face letters */
    int rc = ec_facelets_apply_n(NULL, 0, field[0], flen[0], f, sizeof f, msg, sizeof msg);
    nul_refused(0, rc);
    if (rc != EC_OK) {
        if (!msg[0]) abort();
        msg[0] = '\0';
        rc = ec_validate_n(field[0], flen[0], msg, sizeof msg);
        nul_refused(0, rc);
        if (rc != EC_OK && !msg[0]) abort();
        if (rc == EC_OK) {
            memcpy(f, field[0], 54);
            f[54] = '\0';
        }
    }
    uint32_t seed = 0;
    msg[0] = '\0';
    rc = ec_seed_parse_n(field[2], flen[2], &seed, msg, sizeof msg);
    nul_refused(2, rc);
    if (rc != EC_OK && !msg[0]) abort();
    ec_solver *h = NULL;
    msg[0] = '\0';
    rc = ec_solver_new_n(field[1], flen[1], "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 54, seed, field[3],
                         flen[3], &h, msg, sizeof msg);
    if (rc == EC_OK) {
        if (memchr(field[1], 0, (size_t)flen[1]) || memchr(field[3], 0, (size_t)flen[3])) abort();
        if (!h || ec_solver_status(h) != EC_DONE) abort();
        char sol[16];
        if (ec_solver_solution(h, sol, sizeof sol) != EC_OK || sol[0]) abort();
        ec_solver_free(h);
    } else if (h || !msg[0]) {
        abort();
    }
    return 0;
}
