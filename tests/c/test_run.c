/* test_run.c - the tools' run driver (c/tools/run.c) on a handle opened with ec__solver_open
 * around a test implementation (so it does not depend on which solvers are registered):
 * every record drained in order, in records and in JSON lines, whatever the work per step;
 * the final status (solved, gave up, an error); a callback that stops the run; bad options. */
#include <stdlib.h>

#include "check.h"
#include "evocube.h"
#include "solver/solver.h"
#include "tools/run.h"

/* The test solver: one record per work unit; after `gens` units it gives up, solves the cube
 * with `solution` (when set), or fails with an error (fail=1). */
static const ec_param_def test_params[] = {
    {"gens", 10, 1, 100000, 1, "units before the end"},
    {"fail", 0, 0, 1, 1, "1: end with an error"},
};
static const char *solution; /* the moves that solve the test cube, or NULL: give up */

typedef struct tstate {
    int64_t gen;
} tstate;

static int t_create(ec_solver *h, void **state)
{
    (void)h;
    *state = calloc(1, sizeof(tstate));
    return *state ? EC_OK : EC_E_NOMEM;
}

static int t_step(ec_solver *h, void *state, int work)
{
    tstate *st = state;
    for (int w = 0; w < work; w++) {
        ec_progress rec;
        memset(&rec, 0, sizeof rec);
        rec.gen = ++st->gen;
        strcpy(rec.phase_name, "test");
        rec.best = (double)rec.gen;
        rec.evaluations = rec.gen * 10;
        int rc = ec__emit(h, &rec);
        if (rc) return rc;
        if (st->gen == (int64_t)ec__param(h, "gens")) {
            if (ec__param(h, "fail") == 1) return EC_E_STATE;
            if (!solution) return EC_GAVE_UP;
            uint8_t mv[16];
            int n;
            ec_alg_parse(solution, mv, 16, &n, NULL, 0);
            rc = ec__add_phase(h, "all", mv, n, st->gen);
            return rc ? rc : ec__finish(h);
        }
    }
    return EC_RUNNING;
}

static void t_destroy(void *state) { free(state); }

static const ec_solver_impl test_impl = {.name = "test",
                                         .title = "test solver",
                                         .work_unit = "generation",
                                         .params = test_params,
                                         .nparams = EC_COUNT(test_params),
                                         .create = t_create,
                                         .step = t_step,
                                         .destroy = t_destroy};

typedef struct seen {
    int64_t records, next_gen, bad_order, batches, stop_at;
    size_t json_bytes;
} seen;

static int on_record(const ec_progress *rec, void *ctx)
{
    seen *s = ctx;
    if (rec->gen != s->next_gen || rec->best != (double)rec->gen) s->bad_order++;
    s->next_gen = rec->gen + 1;
    s->records++;
    return s->stop_at && s->records == s->stop_at ? EC_E_STATE : 0;
}

static int on_json(const char *lines, int n, void *ctx)
{
    seen *s = ctx;
    int newlines = 0;
    for (const char *p = lines; *p; p++) newlines += *p == '\n';
    if (newlines != n || strncmp(lines, "{\"gen\":", 7)) s->bad_order++;
    s->records += n;
    s->batches++;
    s->json_bytes += strlen(lines);
    return 0;
}

static ec_solver *open_test(const char *scramble, const char *params)
{
    char f[EC_FACELETS_SIZE], msg[256];
    ec_facelets_apply(NULL, scramble, f, sizeof f, NULL, 0);
    ec_solver *h = NULL;
    int rc = ec__solver_open(&test_impl, f, 1, params, &h, msg, sizeof msg);
    CHECK(rc == EC_OK && h, "open: %d %s", rc, msg);
    return h;
}

int main(void)
{
    /* records: every one drained in order, for several works per step; gave up at the end */
    int works[] = {1, 3, 7, 256, 1000};
    for (int i = 0; i < 5; i++) {
        ec_solver *h = open_test("R U", "gens=700");
        seen s = {0, 1, 0, 0, 0, 0};
        ec_tool_run o = {works[i], 0, on_record, NULL, &s};
        CHECK_RC(ec_tool_run_solver(h, &o), EC_GAVE_UP);
        CHECK(s.records == 700 && s.bad_order == 0, "work %d: %lld records, %lld out of order", works[i],
              (long long)s.records, (long long)s.bad_order);
        CHECK(ec_solver_progress_pending(h) == 0, "work %d: records left", works[i]);
        ec_solver_free(h);
    }
    /* JSON lines: the same count, in batches; solved and verified at the end */
    solution = "U' R'";
    {
        ec_solver *h = open_test("R U", "gens=3000");
        seen s = {0, 1, 0, 0, 0, 0};
        ec_tool_run o = {256, 1, NULL, on_json, &s};
        CHECK_RC(ec_tool_run_solver(h, &o), EC_DONE);
        CHECK(s.records == 3000 && s.bad_order == 0, "json: %lld records", (long long)s.records);
        char buf[64];
        CHECK_RC(ec_solver_solution(h, buf, sizeof buf), EC_OK);
        CHECK_STR(buf, "U' R'");
        ec_solver_free(h);
    }
    /* no callback: still drained (the benchmarks' use) */
    {
        ec_solver *h = open_test("R U", "gens=50");
        ec_tool_run o = {1, 0, NULL, NULL, NULL};
        CHECK_RC(ec_tool_run_solver(h, &o), EC_DONE);
        CHECK(ec_solver_progress_pending(h) == 0, "records left without a callback");
        ec_solver_free(h);
        h = open_test("R U", "gens=50");
        o.json = 1;
        CHECK_RC(ec_tool_run_solver(h, &o), EC_DONE);
        CHECK(ec_solver_progress_pending(h) == 0, "JSON lines left without a callback");
        ec_solver_free(h);
    }
    /* a wrong solution is refused, not reported solved */
    solution = "U R";
    {
        ec_solver *h = open_test("R U", "gens=5");
        ec_tool_run o = {2, 0, NULL, NULL, NULL};
        CHECK_RC(ec_tool_run_solver(h, &o), EC_E_NOT_SOLVED);
        ec_solver_free(h);
    }
    solution = NULL;
    /* an error in a step ends the run with it, the step's records drained first */
    {
        ec_solver *h = open_test("R U", "gens=20,fail=1");
        seen s = {0, 1, 0, 0, 0, 0};
        ec_tool_run o = {8, 0, on_record, NULL, &s};
        CHECK_RC(ec_tool_run_solver(h, &o), EC_E_STATE);
        CHECK(s.records == 20, "error: %lld records", (long long)s.records);
        ec_solver_free(h);
    }
    /* a callback's non-zero return stops the run at once */
    {
        ec_solver *h = open_test("R U", "gens=100");
        seen s = {0, 1, 0, 0, 5, 0};
        ec_tool_run o = {10, 0, on_record, NULL, &s};
        CHECK_RC(ec_tool_run_solver(h, &o), EC_E_STATE);
        CHECK(s.records == 5 && ec_solver_status(h) == EC_RUNNING, "stop: %lld records", (long long)s.records);
        ec_solver_free(h);
    }
    /* a solved cube: done before any step, nothing to drain */
    {
        ec_solver *h = open_test("", "");
        seen s = {0, 1, 0, 0, 0, 0};
        ec_tool_run o = {1, 0, on_record, NULL, &s};
        CHECK_RC(ec_tool_run_solver(h, &o), EC_DONE);
        CHECK(s.records == 0, "solved start: %lld records", (long long)s.records);
        ec_solver_free(h);
    }
    /* bad options */
    {
        ec_solver *h = open_test("R U", "");
        ec_tool_run o = {0, 0, NULL, NULL, NULL};
        CHECK_RC(ec_tool_run_solver(h, &o), EC_E_RANGE);
        CHECK_RC(ec_tool_run_solver(h, NULL), EC_E_NULL);
        CHECK_RC(ec_tool_run_solver(NULL, &o), EC_E_NULL);
        ec_solver_free(h);
    }
    /* ec__solver_open refuses what ec_solver_new refuses, with *out NULL */
    {
        ec_solver *h = (ec_solver *)&h;
        char msg[256];
        CHECK_RC(ec__solver_open(&test_impl, "UUU", 1, "", &h, msg, sizeof msg), EC_E_FACELETS_LENGTH);
        CHECK(h == NULL, "handle left on a bad cube");
        char f[EC_FACELETS_SIZE];
        ec_facelets_apply(NULL, "R", f, sizeof f, NULL, 0);
        CHECK(ec__solver_open(&test_impl, f, 1, "gens=0", &h, msg, sizeof msg) == EC_E_PARAM_RANGE && !h, "%s", msg);
        CHECK_RC(ec__solver_open(NULL, f, 1, "", &h, msg, sizeof msg), EC_E_NULL);
    }
    DONE();
}
