/*
 * fuzz_link.c - libFuzzer target for the C side of a share link: the page splits a URL's
 * query into scramble (or facelets), solver, seed and "p.*" params and hands each to the
 * core. The input is split on '\n' into those four fields; each must be accepted or
 * refused with a specific message, and a solver must start (on the solved cube, which
 * finishes at once) only with a known name and valid params.
 */
#include <stdlib.h>
#include <string.h>

#include "evocube.h"

static char field[4][EC_MAX_ALG_CHARS + 2];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > EC_MAX_ALG_CHARS) return 0;
    int k = 0;
    size_t len = 0;
    for (int i = 0; i < 4; i++) field[i][0] = '\0';
    for (size_t i = 0; i < size && k < 4; i++) {
        if (data[i] == '\n') {
            field[k][len] = '\0';
            k++;
            len = 0;
            continue;
        }
        if (data[i] == '\0') continue;
        field[k][len++] = (char)data[i];
        field[k][len] = '\0';
    }
    char msg[512] = "", f[EC_FACELETS_SIZE];
    /* field 0: a scramble, or facelets when it is 54 characters of face letters */
    int rc = ec_facelets_apply(NULL, field[0], f, sizeof f, msg, sizeof msg);
    if (rc != EC_OK) {
        if (!msg[0]) abort();
        msg[0] = '\0';
        rc = ec_validate(field[0], msg, sizeof msg);
        if (rc != EC_OK && !msg[0]) abort();
        if (rc == EC_OK) memcpy(f, field[0], EC_FACELETS_SIZE);
    }
    uint32_t seed = 0;
    msg[0] = '\0';
    if (ec_seed_parse(field[2], &seed, msg, sizeof msg) != EC_OK && !msg[0]) abort();
    ec_solver *h = NULL;
    msg[0] = '\0';
    rc = ec_solver_new(field[1], "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", seed, field[3], &h, msg,
                       sizeof msg);
    if (rc == EC_OK) {
        if (!h || ec_solver_status(h) != EC_DONE) abort();
        char sol[16];
        if (ec_solver_solution(h, sol, sizeof sol) != EC_OK || sol[0]) abort();
        ec_solver_free(h);
    } else if (h || !msg[0]) {
        abort();
    }
    return 0;
}
