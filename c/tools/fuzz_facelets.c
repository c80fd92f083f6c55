/*
 * fuzz_facelets.c - libFuzzer target for the facelet parser and validator. Any byte string
 * is valid or refused with one of the fault codes and a message; a valid cube round-trips
 * through cubies, and its solved test agrees with verify of the empty solution.
 */
#include <stdlib.h>
#include <string.h>

#include "evocube.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256) return 0;
    char in[257], msg[256] = "";
    memcpy(in, data, size);
    in[size] = '\0';
    int rc = ec_validate(in, msg, sizeof msg);
    if (rc == EC_OK) {
        ec_cube c, d;
        char out[EC_FACELETS_SIZE];
        if (ec_cube_from_facelets(in, &c, NULL, 0) != EC_OK) abort();
        if (ec_cube_check(&c, NULL, 0) != EC_OK) abort();
        ec_cube_to_facelets(&c, out, sizeof out);
        if (ec_cube_from_facelets(out, &d, NULL, 0) != EC_OK || memcmp(&c, &d, sizeof c)) abort();
        int solved = ec_facelets_is_solved(in);
        if (solved != ec_cube_is_solved(&c)) abort();
        if ((ec_verify(in, "", NULL, 0) == EC_OK) != solved) abort();
        char moved[EC_FACELETS_SIZE];
        if (ec_facelets_apply(in, "R U x M'", moved, sizeof moved, NULL, 0) != EC_OK) abort();
        if (ec_validate(moved, NULL, 0) != EC_OK) abort();
    } else if (rc > EC_E_FACELETS_LENGTH || rc < EC_E_PARITY || !msg[0]) {
        if (rc != EC_E_NULL) abort(); /* only the fault codes, each with a message */
    }
    return 0;
}
