/*
 * test_errors.c - the argument faults of the public API that no other suite feeds: a NULL
 * where a pointer is required, a buffer too small, a number out of range, a call that does
 * not fit the handle's state; each must give its code (and, where the function takes one, a
 * message) and never crash. Also the internal limits behind them (a run's phase count, an
 * expansion past EC_MAX_ALG_MOVES). scripts/coverage-errors.mjs
 * reports which error returns the suites reach.
 */
#include <string.h>

#include "check.h"
#include "evocube.h"
#include "search/tables.h"
#include "search/twophase.h"
#include "solver/solver.h"

static const char *SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/* rc must be want and msg must be non-empty (a function that takes a message gives one) */
#define CHECK_MSG(rc, want, msg)                                                  \
    do {                                                                          \
        msg[0] = '\0';                                                            \
        int rc_ = (rc);                                                           \
        CHECK(rc_ == (want), "status %d, want %d (%s)", rc_, (want), msg);        \
        CHECK(msg[0] != '\0', "no message for status %d", rc_);                   \
    } while (0)

static void test_cube_and_facelets(void)
{
    char msg[200], out[EC_FACELETS_SIZE];
    ec_cube c;
    ec_cube_solved(&c);
    uint8_t mv[2] = {0, 3};
    CHECK_RC(ec_cube_move(NULL, 0), EC_E_NULL);
    CHECK_RC(ec_cube_move(&c, 18), EC_E_RANGE);
    CHECK_RC(ec_cube_move(&c, -1), EC_E_RANGE);
    CHECK_RC(ec_cube_moves(NULL, mv, 2), EC_E_NULL);
    CHECK_RC(ec_cube_moves(&c, NULL, 2), EC_E_NULL);
    CHECK_RC(ec_cube_moves(&c, NULL, 0), EC_OK);
    CHECK_RC(ec_cube_to_facelets(NULL, out, sizeof out), EC_E_NULL);
    CHECK_RC(ec_cube_to_facelets(&c, NULL, sizeof out), EC_E_NULL);
    CHECK_RC(ec_cube_to_facelets(&c, out, EC_FACELETS_SIZE - 1), EC_E_BUFFER);
    CHECK_MSG(ec_cube_from_facelets(SOLVED, NULL, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_cube_from_facelets_n(SOLVED, 54, NULL, msg, sizeof msg), EC_E_NULL, msg);
    /* a facelet text longer than any parser reads: refused by its length, not read */
    static char huge[EC_MAX_ALG_CHARS + 2];
    memset(huge, 'U', sizeof huge - 1);
    CHECK_MSG(ec_validate(huge, msg, sizeof msg), EC_E_FACELETS_LENGTH, msg);
    CHECK(strstr(msg, "54 characters") != NULL, "%s", msg);
    CHECK_MSG(ec_facelets_apply(SOLVED, NULL, out, sizeof out, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_facelets_apply(SOLVED, "R", NULL, sizeof out, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_facelets_apply_n(SOLVED, 54, NULL, 3, out, sizeof out, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_verify(SOLVED, NULL, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_verify_n(SOLVED, 54, NULL, 3, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_validate_n(NULL, 54, msg, sizeof msg), EC_E_NULL, msg);
}

static void test_notation(void)
{
    char msg[200], out[64];
    uint8_t mv[8];
    int n, m[3];
    CHECK_MSG(ec_alg_parse(NULL, mv, 8, &n, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_alg_parse_n(NULL, 4, mv, 8, &n, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_alg_canonical(NULL, out, sizeof out, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_alg_simplify(NULL, out, sizeof out, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_alg_invert(NULL, out, sizeof out, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_alg_metrics(NULL, m, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_RC(ec_alg_metrics("R U", NULL, msg, sizeof msg), EC_E_NULL);
    CHECK_RC(ec_alg_metrics_n("R U", 3, NULL, msg, sizeof msg), EC_E_NULL);
    mv[0] = 0;
    CHECK_RC(ec_alg_format(mv, 1, NULL, 8), EC_E_NULL);
    CHECK_RC(ec_alg_format(mv, 1, out, 0), EC_E_NULL);
    CHECK_RC(ec_alg_format(NULL, 1, out, sizeof out), EC_E_NULL);
    CHECK_RC(ec_alg_format(NULL, 0, out, sizeof out), EC_OK);
}

static void test_seeds_scrambles_text(void)
{
    char msg[200], out[64];
    uint32_t seed;
    uint8_t mv[8];
    CHECK_MSG(ec_seed_parse(NULL, &seed, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_seed_parse("42", NULL, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_seed_parse_n(NULL, 2, &seed, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_seed_parse("000000000000000000000000000000001", &seed, msg, sizeof msg), EC_E_SEED, msg);
    CHECK(strstr(msg, "33 characters") != NULL, "%s", msg);
    CHECK_RC(ec_scramble_random_moves(4, 1, NULL, 8), EC_E_NULL);
    CHECK_RC(ec_scramble_random_moves(-1, 1, mv, 8), EC_E_RANGE);
    CHECK_RC(ec_scramble_random_moves(EC_MAX_ALG_MOVES + 1, 1, mv, 8), EC_E_RANGE);
    CHECK_RC(ec_scramble_random_moves(9, 1, mv, 8), EC_E_BUFFER);
    CHECK_RC(ec_scramble_random_moves(0, 1, NULL, 0), EC_OK);
    /* generic texts: an unknown code, a NULL or empty buffer, a buffer too small (cut, NUL-ended) */
    CHECK_RC(ec_strerror(-999, out, sizeof out), EC_E_RANGE);
    CHECK_STR(out, "unknown status code");
    CHECK_RC(ec_strerror(EC_E_NULL, NULL, 10), EC_E_BUFFER);
    CHECK_RC(ec_strerror(EC_E_NULL, out, 0), EC_E_BUFFER);
    CHECK_RC(ec_strerror(EC_E_NULL, out, 4), EC_E_BUFFER);
    CHECK(strlen(out) == 3, "a cut text of %zu characters", strlen(out));
    CHECK_RC(ec_version(out, 2), EC_E_BUFFER);
}

static void test_search(void)
{
    ec_cube c;
    int len = -1, where = -1;
    ec_cube_solved(&c);
    CHECK_RC(ec_random_state(1, NULL), EC_E_NULL);
    CHECK_RC(ec_optimum_stage(NULL, 0, &len), EC_E_NULL);
    CHECK_RC(ec_optimum_stage(&c, 0, NULL), EC_E_NULL);
    CHECK_RC(ec_optimum_block(NULL, 0, 100, &len, &where), EC_E_NULL);
    CHECK_RC(ec__distance_first(NULL, 10, 100), EC_E_NULL);
    CHECK_RC(ec__distance_first(&c, -1, 100), EC_E_RANGE);
    CHECK_RC(ec__distance_first(&c, TP_MAX_LEN, 100), EC_E_RANGE);
    CHECK_RC(ec__distance_first(&c, 10, 0), EC_E_RANGE);
    CHECK(ec__prun_distribution(-1, NULL) == EC_E_RANGE, "table -1");
    CHECK(ec__prun_distribution(EC_PRUN_TABLES, NULL) == EC_E_RANGE, "table %d", EC_PRUN_TABLES);
}

static void test_solver_handles(void)
{
    char msg[200], buf[64];
    ec_solver *h = NULL;
    ec_progress rec[2];
    int n = -1;
    CHECK_MSG(ec_solver_new(NULL, SOLVED, 1, "", &h, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_solver_new_island(NULL, SOLVED, 1, "", 0, 2, &h, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_solver_new_island_n(NULL, 4, SOLVED, 54, 1, "", 0, 0, 2, &h, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_solver_new_island_n("hugo", 4, SOLVED, 54, 1, "", 0, 0, 2, NULL, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_solver_new_n("twophase", 8, SOLVED, 54, 1, NULL, 5, &h, msg, sizeof msg), EC_E_NULL, msg);
    CHECK(h == NULL, "a refused handle was returned");
    CHECK_RC(ec_solver_status(NULL), EC_E_NULL);
    CHECK_RC(ec_solver_progress_pending(NULL), EC_E_NULL);
    CHECK_RC(ec_solver_progress(NULL, rec, 2, &n), EC_E_NULL);
    CHECK_RC(ec_solver_progress_json(NULL, buf, sizeof buf, &n), EC_E_NULL);
    CHECK_RC(ec_solver_solution(NULL, buf, sizeof buf), EC_E_NULL);
    CHECK_RC(ec_solver_result_json(NULL, buf, sizeof buf), EC_E_NULL);
    CHECK_RC(ec_solver_list_json(NULL, 100), EC_E_NULL);
    CHECK_RC(ec_solver_list_json(buf, sizeof buf), EC_E_BUFFER);
    int accepted = -1, written = -1;
    uint8_t mig[64];
    CHECK_RC(ec_solver_migrants_export(NULL, mig, sizeof mig, &written), EC_E_NULL);
    CHECK_MSG(ec_solver_migrants_import(NULL, mig, sizeof mig, &accepted, msg, sizeof msg), EC_E_NULL, msg);

    /* a live handle (the two-phase search on a solved cube: done at once) */
    REQUIRE_RC(ec_solver_new("twophase", SOLVED, 1, "", &h, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_solver_progress(h, NULL, 2, &n), EC_E_NULL);
    CHECK_RC(ec_solver_progress(h, rec, 2, NULL), EC_E_NULL);
    CHECK_RC(ec_solver_progress_json(h, NULL, 10, &n), EC_E_NULL);
    CHECK_RC(ec_solver_progress_json(h, buf, sizeof buf, NULL), EC_E_NULL);
    CHECK_RC(ec_solver_solution(h, NULL, 10), EC_E_NULL);
    CHECK_RC(ec_solver_result_json(h, NULL, 10), EC_E_NULL);
    CHECK_RC(ec_solver_migrants_export(h, NULL, 64, &written), EC_E_NULL);
    CHECK_RC(ec_solver_migrants_export(h, mig, 64, NULL), EC_E_NULL);
    CHECK_MSG(ec_solver_migrants_import(h, NULL, 10, &accepted, msg, sizeof msg), EC_E_NULL, msg);
    CHECK_MSG(ec_solver_migrants_import(h, mig, 10, NULL, msg, sizeof msg), EC_E_NULL, msg);
    int st;
    while ((st = ec_solver_step(h, 100000)) == EC_RUNNING) {
    }
    CHECK_RC(st, EC_DONE);
    static char json[1 << 16];
    CHECK_RC(ec_solver_result_json(h, json, sizeof json), EC_OK);
    CHECK_RC(ec_solver_result_json(h, buf, 8), EC_E_BUFFER);
    CHECK_RC(ec_solver_optima_json(NULL, 100, json, sizeof json), EC_E_NULL);
    CHECK_RC(ec_solver_optima_json(h, 100, NULL, 10), EC_E_NULL);
    CHECK_RC(ec_solver_optima_json(h, 0, json, sizeof json), EC_E_RANGE);
    CHECK_RC(ec_solver_optima_json(h, 1000, json, sizeof json), EC_OK);
    CHECK_RC(ec_solver_optima_json(h, 1000, buf, 8), EC_E_BUFFER);
    ec_solver_free(h);
}

/* the internal limits of a run's result: at most EC_MAX_PHASES phases, and a joined solution
 * of more than EC_MAX_ALG_MOVES moves is no solution (the run gives up, never overflows) */
static void test_phase_limits(void)
{
    char msg[200];
    ec_solver *h = NULL;
    REQUIRE_RC(ec_solver_new("twophase", SOLVED, 1, "", &h, msg, sizeof msg), EC_OK);
    uint8_t none[1] = {0};
    int rc = EC_OK, k = 0;
    while (k <= EC_MAX_PHASES && (rc = ec__add_phase(h, "p", none, 0, 0)) == EC_OK) k++;
    CHECK(rc == EC_E_RANGE && k == EC_MAX_PHASES, "phase %d refused with %d, want %d with EC_E_RANGE", k, rc, EC_MAX_PHASES);
    ec_solver_free(h);

    REQUIRE_RC(ec_solver_new("twophase", SOLVED, 1, "", &h, msg, sizeof msg), EC_OK);
    static uint8_t ru[EC_MAX_ALG_MOVES]; /* R U R U ...: nothing cancels */
    for (int i = 0; i < EC_MAX_ALG_MOVES; i++) ru[i] = (uint8_t)(i % 2 ? 0 : 3);
    REQUIRE_RC(ec__add_phase(h, "a", ru, EC_MAX_ALG_MOVES, 0), EC_OK);
    REQUIRE_RC(ec__add_phase(h, "b", ru, 2, 0), EC_OK);
    CHECK_RC(ec__finish(h), EC_E_NOT_SOLVED);
    CHECK_RC(h->status, EC_GAVE_UP);
    ec_solver_free(h);
}

int main(void)
{
    test_cube_and_facelets();
    test_notation();
    test_seeds_scrambles_text();
    test_search();
    test_solver_handles();
    test_phase_limits();
    DONE();
}
