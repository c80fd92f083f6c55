/*
 * test_migrants.c - the faults of a migrant buffer that test_islands does not feed: the
 * common header's (a negative size, an absurd migrant count, an export buffer smaller than
 * the header; each header field changed at its last byte), twes's (a buffer too small to
 * export into, a migrant cut short, a phase mark past its moves, a migrant that has not
 * finished an earlier phase, a move outside its phase's group) and macro-ga's (a buffer too
 * small to export into, a frame naming a face twice, a migrant cut short). Each is refused
 * with EC_E_MIGRANTS (or EC_E_BUFFER / EC_E_RANGE) and a message naming the byte, and
 * nothing is taken.
 */
#include <string.h>

#include "check.h"
#include "evocube.h"
#include "solver/solver.h"
#include "solvers/twes/tw.h"
#include "solvers/twes/twes.h"

#define BUF (1 << 16)
#define HEADER 24
#define MIG_HEAD (2 + EC_TWES_PHASES) /* a twes migrant: its move count and phase marks */

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> 8 * i);
}

static const char *facelets_of(const char *scramble)
{
    static char f[EC_FACELETS_SIZE];
    REQUIRE_RC(ec_facelets_apply(NULL, scramble, f, sizeof f, NULL, 0), EC_OK);
    return f;
}

/* import must refuse buf with code want and a message containing needle, taking nothing;
 * the island stays at the end of its epoch */
static void expect_refused(ec_solver *h, const uint8_t *buf, int n, int want, const char *needle)
{
    char msg[256] = "";
    int acc = -1;
    CHECK_RC(ec_solver_migrants_import(h, buf, n, &acc, msg, sizeof msg), want);
    CHECK(strstr(msg, needle) != NULL, "message \"%s\" lacks \"%s\"", msg, needle);
    CHECK(acc == 0, "nothing accepted (%d)", acc);
}

/* islands 0 and 1 of 2 of kind with params on a 6-move scramble, each at the end of its first
 * epoch (work units of steps) */
static void open_pair(const char *kind, const char *params, int work, ec_solver **h0, ec_solver **h1)
{
    char msg[256];
    const char *f = facelets_of("R U F' L2 D B");
    REQUIRE_RC(ec_solver_new_island(kind, f, 3, params, 0, 2, h0, msg, sizeof msg), EC_OK);
    REQUIRE_RC(ec_solver_new_island(kind, f, 3, params, 1, 2, h1, msg, sizeof msg), EC_OK);
    REQUIRE_RC(ec_solver_step(*h0, work), EC_EPOCH);
    REQUIRE_RC(ec_solver_step(*h1, work), EC_EPOCH);
}

static void test_header(void)
{
    static uint8_t a[BUF];
    ec_solver *h0, *h1;
    open_pair("hugo", "epoch=4", 10, &h0, &h1);
    int n0 = -1;
    CHECK_RC(ec_solver_migrants_export(h0, a, HEADER - 1, &n0), EC_E_BUFFER);
    CHECK(n0 == 0, "nothing written (%d)", n0);
    REQUIRE_RC(ec_solver_migrants_export(h0, a, BUF, &n0), EC_OK);
    expect_refused(h1, a, -1, EC_E_RANGE, "cannot have -1 bytes");
    /* each header field at its last byte */
    expect_refused(h1, a, HEADER - 1, EC_E_MIGRANTS, "has 23 bytes, fewer than its 24-byte header");
    a[3] = '2';
    expect_refused(h1, a, n0, EC_E_MIGRANTS, "does not start with \"ECM1\"");
    a[3] = '1';
    a[7] ^= 0x40;
    expect_refused(h1, a, n0, EC_E_MIGRANTS, "are not of solver hugo");
    a[7] ^= 0x40;
    put32(a + 16, EC_MAX_ALG_CHARS + 1);
    expect_refused(h1, a, n0, EC_E_MIGRANTS, "says 20001 migrants (bytes 16-19)");
    ec_solver_free(h0);
    ec_solver_free(h1);
}

static int tw_phase(const ec_solver *h) { return ((const tw_state *)h->state)->phase; }

static void test_twes(void)
{
    char msg[256];
    static uint8_t a[BUF], b[BUF];
    ec_solver *h0, *h1;
    open_pair("twes", "preset=small,epoch=2", 5, &h0, &h1);
    int n0 = -1;
    /* room for the header and less than one migrant */
    CHECK_RC(ec_solver_migrants_export(h0, a, HEADER + MIG_HEAD, &n0), EC_E_BUFFER);
    REQUIRE_RC(ec_solver_migrants_export(h0, a, BUF, &n0), EC_OK);
    int first = MIG_HEAD + a[HEADER]; /* the first migrant's bytes */
    /* the second migrant cut short: the buffer ends one byte into it */
    memcpy(b, a, (size_t)n0);
    put32(b + 20, (uint32_t)(first + 1));
    expect_refused(h1, b, HEADER + first + 1, EC_E_MIGRANTS, "is cut short");

    /* later phases: both islands past phase 0, at the same phase (one context) */
    int acc = -1, st0 = EC_EPOCH, st1 = EC_EPOCH, epochs = 0;
    while (epochs < 400 && st0 == EC_EPOCH && st1 == EC_EPOCH && !(tw_phase(h0) >= 1 && tw_phase(h0) == tw_phase(h1))) {
        /* an empty import ends each epoch (the islands evolve apart) */
        CHECK_RC(ec_solver_migrants_import(h0, NULL, 0, &acc, msg, sizeof msg), EC_OK);
        CHECK_RC(ec_solver_migrants_import(h1, NULL, 0, &acc, msg, sizeof msg), EC_OK);
        st0 = ec_solver_step(h0, 5);
        st1 = ec_solver_step(h1, 5);
        epochs++;
    }
    REQUIRE_RC(st0, EC_EPOCH);
    REQUIRE_RC(st1, EC_EPOCH);
    REQUIRE_RC(tw_phase(h0) >= 1 && tw_phase(h0) == tw_phase(h1) ? EC_OK : EC_E_STATE, EC_OK);
    REQUIRE_RC(ec_solver_migrants_export(h0, a, BUF, &n0), EC_OK);
    memcpy(b, a, (size_t)n0);
    int n = b[HEADER];
    b[HEADER + 2] = (uint8_t)(n + 1); /* phase 1 starts past the migrant's last move */
    char want[80];
    snprintf(want, sizeof want, "phase mark 1 is %d", n + 1);
    expect_refused(h1, b, n0, EC_E_MIGRANTS, want);
    b[HEADER + 2] = 0; /* no phase-0 moves: the start cube has not finished phase 0 */
    expect_refused(h1, b, n0, EC_E_MIGRANTS, "has not finished phase 0");
    b[HEADER + 2] = a[HEADER + 2];
    /* a move byte that is no face turn, and a face turn outside its phase's group: the
     * first move of the last phase's segment (phase ph, group ec__twes_phase_group(ph)) */
    int ph = tw_phase(h0), at = b[HEADER + 1 + ph], g = ec__twes_phase_group(ph), outside = -1;
    for (int m = 0; m < 18 && outside < 0; m++) {
        int in = 0;
        for (int i = 0; i < ec__tw_ngmoves[g]; i++) in |= ec__tw_gmoves[g][i] == m;
        if (!in) outside = m;
    }
    REQUIRE_RC(at < n && outside >= 0 ? EC_OK : EC_E_STATE, EC_OK);
    b[HEADER + MIG_HEAD + at] = 18;
    snprintf(want, sizeof want, "move byte %d (18) is not a turn of phase %d's group", MIG_HEAD + at, ph);
    expect_refused(h1, b, n0, EC_E_MIGRANTS, want);
    b[HEADER + MIG_HEAD + at] = (uint8_t)outside;
    snprintf(want, sizeof want, "move byte %d (%d) is not a turn of phase %d's group", MIG_HEAD + at, outside, ph);
    expect_refused(h1, b, n0, EC_E_MIGRANTS, want);
    b[HEADER + MIG_HEAD + at] = a[HEADER + MIG_HEAD + at];
    CHECK_RC(ec_solver_migrants_import(h1, b, n0, &acc, msg, sizeof msg), EC_OK);
    CHECK(acc > 0, "the unchanged buffer is taken (%d)", acc);
    ec_solver_free(h0);
    ec_solver_free(h1);
}

static void test_macro_ga(void)
{
    static uint8_t a[BUF];
    ec_solver *h0, *h1;
    open_pair("macro-ga", "epoch=1,population=20,migrants=2", 5, &h0, &h1);
    int n0 = -1;
    CHECK_RC(ec_solver_migrants_export(h0, a, HEADER + 8, &n0), EC_E_BUFFER);
    REQUIRE_RC(ec_solver_migrants_export(h0, a, BUF, &n0), EC_OK);
    REQUIRE_RC(a[16] == 2 ? EC_OK : EC_E_STATE, EC_OK);
    int first = 8 + (a[HEADER + 6] | a[HEADER + 7] << 8);
    /* a frame that names one face twice (each pair opposite): no rotation of the cube */
    static const uint8_t twice[6] = {0, 1, 0, 3, 4, 3};
    uint8_t keep[6];
    memcpy(keep, a + HEADER, 6);
    memcpy(a + HEADER, twice, 6);
    expect_refused(h1, a, n0, EC_E_MIGRANTS, "frame byte 2 (0) is no face");
    memcpy(a + HEADER, keep, 6);
    put32(a + 20, (uint32_t)(first + 3)); /* the second migrant: 3 bytes of its 8-byte head */
    expect_refused(h1, a, HEADER + first + 3, EC_E_MIGRANTS, "is cut short");
    ec_solver_free(h0);
    ec_solver_free(h1);
}

int main(void)
{
    test_header();
    test_twes();
    test_macro_ga();
    DONE();
}
