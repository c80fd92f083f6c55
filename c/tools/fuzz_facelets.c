/*
 * fuzz_facelets.c - libFuzzer target for the facelet parser and validator. Any byte string
 * (NULs included) goes in with its length and is valid or refused with one of the fault
 * codes (or EC_E_CHAR for a NUL, control character or non-UTF-8 byte) and a message; a NUL
 * is never taken as the end. A valid cube round-trips through cubies, and its solved test
 * agrees with verify of the empty solution.
 */
#include <stdlib.h>
#include <string.h>

#include "evocube.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256) return 0;
    char *in = malloc(size + 1), msg[256] = ""; /* exact size: ASan sees a read past the length */
    if (size) memcpy(in, data, size);
    int rc = ec_validate_n(in, (int)size, msg, sizeof msg);
    if (size && memchr(in, 0, size) && rc != EC_E_CHAR) abort(); /* a NUL is named, never an end */
    if (rc == EC_OK) {
        ec_cube c, d;
        char out[EC_FACELETS_SIZE];
        if (size != 54) abort();
        in[size] = '\0';
        if (ec_cube_from_facelets_n(in, (int)size, &c, NULL, 0) != EC_OK) abort();
        if (ec_cube_check(&c, NULL, 0) != EC_OK) abort();
        ec_cube_to_facelets(&c, out, sizeof out);
        if (ec_cube_from_facelets(out, &d, NULL, 0) != EC_OK || memcmp(&c, &d, sizeof c)) abort();
        int solved = ec_facelets_is_solved_n(in, (int)size);
        if (solved != ec_cube_is_solved(&c)) abort();
        if ((ec_verify_n(in, (int)size, "", 0, NULL, 0) == EC_OK) != solved) abort();
        char moved[EC_FACELETS_SIZE];
        if (ec_facelets_apply_n(in, (int)size, "R U x M'", 8, moved, sizeof moved, NULL, 0) != EC_OK) abort();
        if (ec_validate(moved, NULL, 0) != EC_OK) abort();
    } else if (!msg[0] || ((rc > EC_E_FACELETS_LENGTH || rc < EC_E_PARITY) && rc != EC_E_CHAR)) {
        abort(); /* only the fault codes, each with a message */
    }
    free(in);
    return 0;
}
