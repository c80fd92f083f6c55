/*
 * fuzz_notation.c - libFuzzer target for the move parser. Any byte string (NULs included)
 * goes in with its length and must parse or be refused with a message, never crash: a NUL
 * or control character anywhere is refused (EC_E_CHAR), never taken as the end; without a
 * NUL, the NUL-ended entry point agrees with the length one. A parsed alg must format to
 * text that parses back to the same codes, simplify to an alg with the same effect, and
 * invert to its undo.
 */
#include <stdlib.h>
#include <string.h>

#include "evocube.h"

static uint8_t a[EC_MAX_ALG_MOVES], b[EC_MAX_ALG_MOVES];
static char text[EC_MAX_ALG_MOVES * 4], text2[EC_MAX_ALG_MOVES * 4], msg[256];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > EC_MAX_ALG_CHARS + 16) return 0;
    char *in = malloc(size + 1); /* an exact-size copy: ASan sees any read past the length */
    if (size) memcpy(in, data, size);
    int n = 0, m = 0;
    msg[0] = '\0';
    int rc = ec_alg_parse_n(in, (int)size, a, EC_MAX_ALG_MOVES, &n, msg, sizeof msg);
    int has_nul = size && memchr(in, 0, size) != NULL;
    if (has_nul && rc != EC_E_CHAR) abort(); /* a NUL is refused by name, never an end */
    if (!has_nul) {
        in[size] = '\0';
        int n2 = 0;
        if (ec_alg_parse(in, b, EC_MAX_ALG_MOVES, &n2, NULL, 0) != rc || n2 != n || memcmp(a, b, (size_t)n)) abort();
    }
    if (rc == EC_OK) {
        if (ec_alg_format(a, n, text, sizeof text) != EC_OK) abort();
        if (ec_alg_parse(text, b, EC_MAX_ALG_MOVES, &m, msg, sizeof msg) != EC_OK) abort();
        if (m != n || memcmp(a, b, (size_t)n)) abort();
        char f1[EC_FACELETS_SIZE], f2[EC_FACELETS_SIZE];
        if (ec_facelets_apply(NULL, text, f1, sizeof f1, NULL, 0) != EC_OK) abort();
        if (ec_facelets_apply_n(NULL, 0, in, (int)size, f2, sizeof f2, NULL, 0) != EC_OK || strcmp(f1, f2)) abort();
        int k = ec_alg_simplify_moves(b, m);
        if (k > m) abort();
        ec_alg_format(b, k, text2, sizeof text2);
        if (ec_facelets_apply(NULL, text2, f2, sizeof f2, NULL, 0) != EC_OK || strcmp(f1, f2)) abort();
        if (ec_alg_invert_n(in, (int)size, text2, sizeof text2, NULL, 0) != EC_OK) abort();
        if (ec_verify(f1, text2, NULL, 0) != EC_OK) abort();
        int met[3];
        if (ec_alg_metrics_n(in, (int)size, met, NULL, 0) != EC_OK || met[0] < 0 || met[1] < met[2] - met[1]) abort();
    } else if (rc >= 0 || !msg[0]) {
        abort(); /* a refusal must be an error code with a message */
    }
    free(in);
    return 0;
}
