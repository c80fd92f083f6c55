/*
 * fuzz_notation.c - libFuzzer target for the move parser. Any byte string must parse or be
 * refused with a message, never crash; a parsed alg must format to text that parses back
 * to the same codes, simplify to an alg with the same effect, and invert to its undo.
 */
#include <stdlib.h>
#include <string.h>

#include "evocube.h"

static uint8_t a[EC_MAX_ALG_MOVES], b[EC_MAX_ALG_MOVES];
static char text[EC_MAX_ALG_MOVES * 4], text2[EC_MAX_ALG_MOVES * 4], msg[256];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > EC_MAX_ALG_CHARS + 16) return 0;
    char *in = malloc(size + 1);
    memcpy(in, data, size);
    in[size] = '\0';
    int n = 0, m = 0;
    int rc = ec_alg_parse(in, a, EC_MAX_ALG_MOVES, &n, msg, sizeof msg);
    if (rc == EC_OK) {
        if (ec_alg_format(a, n, text, sizeof text) != EC_OK) abort();
        if (ec_alg_parse(text, b, EC_MAX_ALG_MOVES, &m, msg, sizeof msg) != EC_OK) abort();
        if (m != n || memcmp(a, b, (size_t)n)) abort();
        char f1[EC_FACELETS_SIZE], f2[EC_FACELETS_SIZE];
        if (ec_facelets_apply(NULL, text, f1, sizeof f1, NULL, 0) != EC_OK) abort();
        int k = ec_alg_simplify_moves(b, m);
        if (k > m) abort();
        ec_alg_format(b, k, text2, sizeof text2);
        if (ec_facelets_apply(NULL, text2, f2, sizeof f2, NULL, 0) != EC_OK || strcmp(f1, f2)) abort();
        if (ec_alg_invert(text, text2, sizeof text2, NULL, 0) != EC_OK) abort();
        if (ec_verify(f1, text2, NULL, 0) != EC_OK) abort();
        int met[3];
        if (ec_alg_metrics(text, met, NULL, 0) != EC_OK || met[0] < 0 || met[1] < met[2] - met[1]) abort();
    } else if (rc >= 0 || !msg[0]) {
        abort(); /* a refusal must be an error code with a message */
    }
    free(in);
    return 0;
}
