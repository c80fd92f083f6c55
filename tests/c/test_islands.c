/*
 * test_islands.c - the island model's C API (evocube.h, "islands"): island seeds, range
 * checks, epoch stepping, the migrant buffer (export, import, every malformed case refused
 * with its offset and nothing changed), migrants that change a run, and whole runs of K
 * islands in lockstep: the same (seed, K) twice gives the same result, K = 1 is the plain run.
 *
 * The lockstep loop here (run_islands) is the test's model of the coordination rule that
 * web/islands.mjs implements for the page and the CLI (the one coordinator); run as
 *   test_islands --run SOLVER SEED K PARAMS SCRAMBLE
 * it prints the winner's result JSON, which tests/js/islands.test.mjs compares with the JS
 * coordinator's run in wasm (the same result natively and in wasm).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "evocube.h"

#define BUF (1 << 18)

static char *facelets_of(const char *scramble)
{
    static char f[EC_FACELETS_SIZE];
    if (ec_facelets_apply(NULL, scramble, f, sizeof f, NULL, 0)) f[0] = '\0';
    return f;
}

/* The coordination rule: every running island does its epoch; if some island finished
 * solved in it, the shortest solution wins (ties: lower index); if none is running, the run
 * gave up; else each running island sends its migrants to the next running one along the
 * ring, and every running island imports (an empty buffer when it has no other sender).
 * Writes the winner's result JSON (or island 0's when all gave up) to out; returns the
 * winner's index, -1 when it gave up, or a negative error below -1. */
static int run_islands(const char *solver, uint32_t seed, int k, const char *params, const char *facelets, char *out,
                       int size, int *epochs)
{
    ec_solver *h[EC_MAX_ISLANDS] = {0};
    int st[EC_MAX_ISLANDS], winner = -1, rc = 0;
    static uint8_t bufs[8][BUF];
    int blen[EC_MAX_ISLANDS];
    char msg[256];
    if (k > 8) return -3;
    for (int i = 0; i < k; i++) {
        rc = ec_solver_new_island(solver, facelets, seed, params, i, k, &h[i], msg, sizeof msg);
        if (rc) {
            fprintf(stderr, "island %d: %s\n", i, msg);
            goto done;
        }
        st[i] = EC_RUNNING;
    }
    for (*epochs = 1;; (*epochs)++) {
        for (int i = 0; i < k; i++) {
            if (st[i] != EC_RUNNING) continue;
            do {
                rc = ec_solver_step(h[i], 1000);
                ec_progress rec[64];
                int n;
                while (ec_solver_progress_pending(h[i]) > 0) ec_solver_progress(h[i], rec, 64, &n);
            } while (rc == EC_RUNNING);
            if (rc < 0) goto done;
            st[i] = rc == EC_EPOCH ? EC_RUNNING : rc;
            if (k == 1 && rc == EC_EPOCH) return -99; /* a plain run has no epochs */
        }
        int best_len = 1 << 30;
        for (int i = 0; i < k; i++) {
            if (st[i] != EC_DONE) continue;
            char sol[EC_MAX_ALG_CHARS];
            ec_solver_solution(h[i], sol, sizeof sol);
            int m[3];
            ec_alg_metrics(sol, m, NULL, 0);
            if (m[0] < best_len) {
                best_len = m[0];
                winner = i;
            }
        }
        int running = 0;
        for (int i = 0; i < k; i++) running += st[i] == EC_RUNNING;
        if (winner >= 0 || !running) break;
        for (int i = 0; i < k; i++) {
            blen[i] = 0;
            if (st[i] == EC_RUNNING && (rc = ec_solver_migrants_export(h[i], bufs[i], BUF, &blen[i]))) goto done;
        }
        for (int j = 0; j < k; j++) {
            if (st[j] != EC_RUNNING) continue;
            int from = (j + k - 1) % k;
            while (st[from] != EC_RUNNING) from = (from + k - 1) % k;
            int acc;
            rc = from == j ? ec_solver_migrants_import(h[j], NULL, 0, &acc, msg, sizeof msg)
                           : ec_solver_migrants_import(h[j], bufs[from], blen[from], &acc, msg, sizeof msg);
            if (rc) {
                fprintf(stderr, "import into %d: %s\n", j, msg);
                goto done;
            }
        }
    }
    rc = ec_solver_result_json(h[winner >= 0 ? winner : 0], out, size);
done:
    for (int i = 0; i < k; i++) ec_solver_free(h[i]);
    return rc < 0 ? (rc == -1 ? -2 : rc) : winner;
}

static void test_seeds(void)
{
    CHECK(ec_island_seed(42, 0) == 42, "island 0 keeps the run's seed");
    ec_rng r;
    ec_rng_seed(&r, 42);
    uint64_t a = ec_rng_next(&r), b = ec_rng_next(&r);
    CHECK(ec_island_seed(42, 1) == (uint32_t)(a >> 32), "island 1: the first draw's high bits");
    CHECK(ec_island_seed(42, 2) == (uint32_t)(b >> 32), "island 2: the second draw's high bits");
    CHECK(ec_island_seed(42, 1) != ec_island_seed(43, 1), "other run seeds, other island seeds");
    CHECK(ec_island_seed(7, -1) == 7 && ec_island_seed(7, EC_MAX_ISLANDS) == 7, "out of range keeps the seed");
}

static void test_ranges(void)
{
    const char *f = facelets_of("R U F");
    ec_solver *h = (ec_solver *)1;
    char msg[256];
    CHECK_RC(ec_solver_new_island("hugo", f, 1, "", 0, 0, &h, msg, sizeof msg), EC_E_RANGE);
    CHECK(h == NULL && strstr(msg, "islands must be"), "%s", msg);
    CHECK_RC(ec_solver_new_island("hugo", f, 1, "", 0, EC_MAX_ISLANDS + 1, &h, msg, sizeof msg), EC_E_RANGE);
    CHECK_RC(ec_solver_new_island("hugo", f, 1, "", 2, 2, &h, msg, sizeof msg), EC_E_RANGE);
    CHECK(strstr(msg, "island must be from 0 to 1") != NULL, "%s", msg);
    CHECK_RC(ec_solver_new_island("hugo", f, 1, "", -1, 2, &h, msg, sizeof msg), EC_E_RANGE);
    CHECK_RC(ec_solver_new_island("twophase", f, 1, "", 0, 2, &h, msg, sizeof msg), EC_E_RANGE);
    CHECK(strstr(msg, "twophase has no island model") != NULL, "%s", msg);
    CHECK_RC(ec_solver_new_island("pso", f, 1, "", 0, 2, &h, msg, sizeof msg), EC_E_RANGE);
    REQUIRE_RC(ec_solver_new_island("twophase", f, 1, "", 0, 1, &h, msg, sizeof msg), EC_OK);
    uint8_t buf[64];
    int n = 0;
    CHECK_RC(ec_solver_migrants_export(h, buf, sizeof buf, &n), EC_E_STATE);
    CHECK_RC(ec_solver_migrants_import(h, buf, 0, &n, msg, sizeof msg), EC_E_STATE);
    ec_solver_free(h);
    CHECK_RC(ec_solver_new_island("hugo", f, 1, "epoch=0", 0, 2, &h, msg, sizeof msg), EC_E_PARAM_RANGE);
}

/* epochs: exactly `epoch` generations, then EC_EPOCH until the import */
static void test_epochs(void)
{
    const char *f = facelets_of("R U F' L2 D B");
    ec_solver *h;
    char msg[256];
    REQUIRE_RC(ec_solver_new_island("hugo", f, 5, "epoch=7", 1, 2, &h, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_solver_step(h, 3), EC_RUNNING);
    int acc = -1;
    uint8_t buf[BUF];
    CHECK_RC(ec_solver_migrants_import(h, NULL, 0, &acc, msg, sizeof msg), EC_E_STATE);
    CHECK(strstr(msg, "4 generations left") != NULL, "%s", msg);
    CHECK_RC(ec_solver_step(h, 100), EC_EPOCH);
    CHECK_RC(ec_solver_status(h), EC_RUNNING);
    CHECK_RC(ec_solver_step(h, 100), EC_EPOCH);
    CHECK(ec_solver_progress_pending(h) == 7, "7 records, got %d", ec_solver_progress_pending(h));
    CHECK_RC(ec_solver_result_json(h, (char *)buf, BUF), EC_OK);
    CHECK(strstr((char *)buf, "\"seed\":5,\"island\":1,\"islands\":2,\"epochs\":1") != NULL, "%s", (char *)buf);
    CHECK_RC(ec_solver_migrants_import(h, NULL, 0, &acc, msg, sizeof msg), EC_OK);
    CHECK(acc == 0, "an empty buffer brings nobody");
    CHECK_RC(ec_solver_step(h, 6), EC_RUNNING);
    CHECK_RC(ec_solver_step(h, 6), EC_EPOCH);
    CHECK(ec_solver_progress_pending(h) == 14, "14 records, got %d", ec_solver_progress_pending(h));
    ec_solver_free(h);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> 8 * i);
}

/* a malformed buffer is refused with its offset, and the epoch stays over */
static void expect_refused(ec_solver *h, const uint8_t *buf, int n, const char *needle)
{
    char msg[256] = "";
    int acc = -1;
    CHECK_RC(ec_solver_migrants_import(h, buf, n, &acc, msg, sizeof msg), EC_E_MIGRANTS);
    CHECK(strstr(msg, needle) != NULL, "message \"%s\" lacks \"%s\"", msg, needle);
    CHECK(acc == 0, "nothing accepted");
    CHECK_RC(ec_solver_step(h, 1), EC_EPOCH);
}

static void test_buffers(void)
{
    const char *f = facelets_of("R U F' L2 D B");
    char msg[256];
    static uint8_t a[BUF], b[BUF];
    ec_solver *h0, *h1;
    /* hugo: 5 migrants of 30 genes after an epoch */
    REQUIRE_RC(ec_solver_new_island("hugo", f, 3, "epoch=4", 0, 2, &h0, msg, sizeof msg), EC_OK);
    REQUIRE_RC(ec_solver_new_island("hugo", f, 3, "epoch=4", 1, 2, &h1, msg, sizeof msg), EC_OK);
    int n0 = 0, acc = 0;
    CHECK_RC(ec_solver_migrants_export(h0, a, BUF, &n0), EC_OK);
    CHECK(n0 == 24 && a[16] == 0, "before the first generation: a header, no migrant (%d bytes)", n0);
    CHECK_RC(ec_solver_step(h0, 10), EC_EPOCH);
    CHECK_RC(ec_solver_step(h1, 10), EC_EPOCH);
    CHECK_RC(ec_solver_migrants_export(h0, a, 100, &n0), EC_E_BUFFER);
    CHECK_RC(ec_solver_migrants_export(h0, a, BUF, &n0), EC_OK);
    CHECK(n0 == 24 + 5 * 30 && !memcmp(a, "ECM1", 4) && a[16] == 5 && a[20] == 150, "%d bytes", n0);
    memcpy(b, a, (size_t)n0);
    expect_refused(h1, b, 10, "fewer than its 24-byte header");
    b[0] = 'X';
    expect_refused(h1, b, n0, "does not start with \"ECM1\"");
    b[0] = 'E';
    b[5] ^= 1;
    expect_refused(h1, b, n0, "are not of solver hugo");
    b[5] ^= 1;
    expect_refused(h1, b, n0 - 1, "says 150 payload bytes (bytes 20-23) but has 149");
    put32(b + 16, 4);
    expect_refused(h1, b, n0, "4 hugo migrants of 30 genes need 120 payload bytes, not 150");
    put32(b + 16, 5);
    b[24 + 77] = 18;
    expect_refused(h1, b, n0, "payload byte 77 (18)");
    b[24 + 77] = a[24 + 77];
    CHECK_RC(ec_solver_migrants_import(h1, b, n0, &acc, msg, sizeof msg), EC_OK);
    CHECK(acc == 5, "5 accepted, got %d", acc);
    CHECK_RC(ec_solver_migrants_import(h1, b, n0, &acc, msg, sizeof msg), EC_E_STATE);
    /* another context (here: another phase byte) takes none, and is no error */
    CHECK_RC(ec_solver_step(h1, 10), EC_EPOCH);
    b[8] ^= 0x80;
    CHECK_RC(ec_solver_migrants_import(h1, b, n0, &acc, msg, sizeof msg), EC_OK);
    CHECK(acc == 0, "another context: none taken (%d)", acc);
    CHECK_RC(ec_solver_step(h1, 1), EC_RUNNING);
    ec_solver_free(h0);
    ec_solver_free(h1);

    /* macro-ga: a migrant carrying the solution solves the island at its next generation */
    f = facelets_of("R U");
    REQUIRE_RC(ec_solver_new_island("macro-ga", f, 3, "epoch=1,population=20,elitism=2", 1, 2, &h1, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_solver_step(h1, 5), EC_EPOCH);
    uint8_t m[24 + 10] = "ECM1";
    REQUIRE_RC(ec_solver_new_island("macro-ga", f, 3, "epoch=1,migrants=1", 0, 2, &h0, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_solver_migrants_export(h0, a, BUF, &n0), EC_OK); /* the header: tag and context */
    memcpy(m, a, 16);
    put32(m + 16, 1);
    put32(m + 20, 10);
    const uint8_t mig[10] = {0, 1, 2, 3, 4, 5, 2, 0, 2, 5}; /* identity frame, U' R' */
    memcpy(m + 24, mig, 10);
    m[24 + 3] = 4;
    expect_refused(h1, m, 34, "frame bytes 0 and 3 (0, 4) are not opposite faces");
    m[24 + 0] = 9;
    expect_refused(h1, m, 34, "frame byte 0 (9) is no face");
    m[24 + 0] = 0;
    m[24 + 3] = 3;
    m[24 + 9] = 18;
    expect_refused(h1, m, 34, "byte 9 (18) is not a face turn");
    m[24 + 9] = 5;
    m[24 + 6] = 3;
    expect_refused(h1, m, 34, "says 3 moves");
    m[24 + 6] = 2;
    CHECK_RC(ec_solver_migrants_import(h1, m, 34, &acc, msg, sizeof msg), EC_OK);
    CHECK(acc == 1, "1 accepted");
    CHECK_RC(ec_solver_step(h1, 1), EC_DONE);
    char sol[64] = "";
    ec_solver_solution(h1, sol, sizeof sol);
    CHECK_STR(sol, "U' R'");
    ec_solver_free(h0);
    ec_solver_free(h1);

    /* twes: a phase-0 migrant must be a list of G0 moves; later phases' marks are checked */
    f = facelets_of("R U F' L2 D B");
    REQUIRE_RC(ec_solver_new_island("twes", f, 3, "preset=small,epoch=2", 0, 2, &h0, msg, sizeof msg), EC_OK);
    REQUIRE_RC(ec_solver_new_island("twes", f, 3, "preset=small,epoch=2", 1, 2, &h1, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_solver_step(h0, 5), EC_EPOCH);
    CHECK_RC(ec_solver_step(h1, 5), EC_EPOCH);
    CHECK_RC(ec_solver_migrants_export(h0, a, BUF, &n0), EC_OK);
    CHECK(a[16] == 50 && n0 > 24 + 50 * 7, "50 twes migrants, %d bytes", n0);
    memcpy(b, a, (size_t)n0);
    b[24 + 1] = 1; /* phase 0 must start at move 0 */
    expect_refused(h1, b, n0, "phase 0 starts at 1");
    b[24 + 1] = 0;
    b[24] = 250;
    expect_refused(h1, b, n0, "says 250 moves");
    b[24] = a[24];
    CHECK_RC(ec_solver_migrants_import(h1, b, n0, &acc, msg, sizeof msg), EC_OK);
    CHECK(acc == 50, "50 accepted, got %d", acc);
    ec_solver_free(h0);
    ec_solver_free(h1);
}

/* whole runs: the same (seed, K) twice; K = 1 equals ec_solver_new; migrants matter */
static void test_runs(void)
{
    static char r1[1 << 16], r2[1 << 16], plain[1 << 16];
    const char *f = facelets_of("R U F' L2 D B");
    struct {
        const char *solver, *params;
        uint32_t seed2, seed1; /* seeds of quick runs (HuGO! has a heavy tail even here: seed 3 at
                                 K = 2 takes 2,918 epochs, seed 5 ten) */
    } cases[] = {{"hugo", "epoch=50", 5, 1}, {"twes", "preset=small", 7, 7}, {"macro-ga", "preset=fast", 7, 7}};
    for (int c = 0; c < 3; c++) {
        int e1, e2;
        int w1 = run_islands(cases[c].solver, cases[c].seed2, 2, cases[c].params, f, r1, sizeof r1, &e1);
        int w2 = run_islands(cases[c].solver, cases[c].seed2, 2, cases[c].params, f, r2, sizeof r2, &e2);
        CHECK(w1 >= 0 && strstr(r1, "\"solved\":true"), "%s K=2 solves: %d %s", cases[c].solver, w1, r1);
        CHECK(w1 == w2 && e1 == e2 && !strcmp(r1, r2), "%s K=2 twice: %s vs %s", cases[c].solver, r1, r2);
        /* K = 1 through the islands API is the plain run */
        int w = run_islands(cases[c].solver, cases[c].seed1, 1, cases[c].params, f, r1, sizeof r1, &e1);
        ec_solver *h;
        REQUIRE_RC(ec_solver_new(cases[c].solver, f, cases[c].seed1, cases[c].params, &h, NULL, 0), EC_OK);
        while (ec_solver_step(h, 1000) == EC_RUNNING) {
            ec_progress rec[64];
            int n;
            while (ec_solver_progress_pending(h) > 0) ec_solver_progress(h, rec, 64, &n);
        }
        ec_solver_result_json(h, plain, sizeof plain);
        ec_solver_free(h);
        CHECK(w == 0 && !strcmp(r1, plain), "%s K=1 is the plain run: %s vs %s", cases[c].solver, r1, plain);
    }
    /* migrants change the run (an import that did nothing would leave it as with 0) */
    int e1, e2;
    run_islands("macro-ga", 7, 2, "preset=fast,epoch=3,migrants=5", f, r1, sizeof r1, &e1);
    run_islands("macro-ga", 7, 2, "preset=fast,epoch=3,migrants=0", f, r2, sizeof r2, &e2);
    CHECK(strcmp(r1, r2) != 0, "migrants=5 and migrants=0 gave the same run: %s", r1);
    run_islands("hugo", 7, 2, "epoch=20,migrants=10", f, r1, sizeof r1, &e1);
    run_islands("hugo", 7, 2, "epoch=20,migrants=0", f, r2, sizeof r2, &e2);
    CHECK(strcmp(r1, r2) != 0, "hugo: migrants=10 and migrants=0 gave the same run: %s", r1);
    run_islands("twes", 7, 3, "preset=small,epoch=1,migrants=100", f, r1, sizeof r1, &e1);
    run_islands("twes", 7, 3, "preset=small,epoch=1,migrants=0", f, r2, sizeof r2, &e2);
    CHECK(strcmp(r1, r2) != 0, "twes: migrants=100 and migrants=0 gave the same run: %s", r1);
}

/* phase 1's names of the first n generations of a handle ("2x2x3 block DL", ...), distinct */
static int phase1_names(ec_solver *h, int n, char names[12][32])
{
    int k = 0;
    ec_progress rec;
    ec_solver_step(h, n);
    for (int m; ec_solver_progress(h, &rec, 1, &m) == EC_OK && m == 1;) {
        if (rec.phase != 0) continue;
        int seen = 0;
        for (int i = 0; i < k; i++) seen |= !strcmp(names[i], rec.phase_name);
        if (!seen && k < 12) strcpy(names[k++], rec.phase_name);
    }
    return k;
}

/* hugo's splitBlocks=1: island i works the block locations i, i+K, ... in phase 1 */
static void test_split(void)
{
    char scr[96];
    ec_scramble_random_state_text(5, scr, sizeof scr);
    const char *f = facelets_of(scr);
    const char *split = "generations1=10,minRounds1=3,epoch=1000,splitBlocks=1";
    char a[12][32], b[12][32], c[12][32], msg[256];
    ec_solver *h0, *h1, *h;
    REQUIRE_RC(ec_solver_new_island("hugo", f, 2, split, 0, 2, &h0, msg, sizeof msg), EC_OK);
    REQUIRE_RC(ec_solver_new_island("hugo", f, 2, split, 1, 2, &h1, msg, sizeof msg), EC_OK);
    REQUIRE_RC(ec_solver_new_island("hugo", f, 2, "generations1=10,minRounds1=3,epoch=1000", 1, 2, &h, msg, sizeof msg), EC_OK);
    int na = phase1_names(h0, 120, a), nb = phase1_names(h1, 120, b), nc = phase1_names(h, 120, c);
    CHECK(na == 6 && nb == 6, "6 locations each in two rounds, got %d and %d", na, nb);
    CHECK(nc == 12, "without the split all 12 locations in a round, got %d", nc);
    int shared = 0;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) shared += !strcmp(a[i], b[j]);
    CHECK(shared == 0, "the islands' locations are disjoint (%d shared)", shared);
    CHECK(!strcmp(a[0], c[0]) && !strcmp(b[0], c[1]) && !strcmp(a[1], c[2]), "island 0: locations 0, 2, ..; island 1: 1, 3, ..");
    ec_solver_free(h0);
    ec_solver_free(h1);
    ec_solver_free(h);
    /* a whole split run: the same twice; K = 1 ignores the param */
    static char r1[1 << 16], r2[1 << 16];
    int e1, e2;
    f = facelets_of("R U F' L2 D B");
    int w1 = run_islands("hugo", 5, 2, "epoch=50,splitBlocks=1", f, r1, sizeof r1, &e1);
    int w2 = run_islands("hugo", 5, 2, "epoch=50,splitBlocks=1", f, r2, sizeof r2, &e2);
    CHECK(w1 >= 0 && w1 == w2 && e1 == e2 && !strcmp(r1, r2), "split K=2 twice: %s vs %s", r1, r2);
    run_islands("hugo", 1, 1, "epoch=50,splitBlocks=1", f, r1, sizeof r1, &e1);
    run_islands("hugo", 1, 1, "epoch=50", f, r2, sizeof r2, &e2);
    CHECK(!strcmp(r1, r2), "K = 1 ignores splitBlocks: %s vs %s", r1, r2);
}

int main(int argc, char **argv)
{
    if (argc == 7 && !strcmp(argv[1], "--run")) {
        static char out[1 << 16];
        int epochs = 0;
        int w = run_islands(argv[2], (uint32_t)strtoul(argv[3], NULL, 10), atoi(argv[4]), argv[5], facelets_of(argv[6]), out,
                            sizeof out, &epochs);
        if (w < -1) return 2;
        printf("{\"winner\":%d,\"epochs\":%d,\"result\":%s}\n", w, epochs, out);
        return 0;
    }
    test_seeds();
    test_ranges();
    test_epochs();
    test_buffers();
    test_runs();
    test_split();
    DONE();
}
