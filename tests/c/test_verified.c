/* test_verified.c - no solver path reaches EC_DONE without the core's verification saying
 * yes. Each registered solver is run through the stepped API twice on a short scramble: as
 * given (it must end EC_DONE with a solution that solves the input), and with the handle's
 * copy of the input (the stickers ec__finish verifies against) replaced after creation by a
 * different valid cube, so whatever the solver finds fails verification: the step that ends
 * the run must return EC_E_NOT_SOLVED, the handle must say EC_GAVE_UP, no solution may be
 * given out and the result must say solved:false. A solver whose step function ignored the
 * verification's answer (returning EC_DONE regardless) fails here. */
#include <stdlib.h>

#include "check.h"
#include "evocube.h"
#include "solver/solver.h"

static const struct {
    const char *name, *params;
} SOLVERS[] = {
    {"twophase", ""},
    {"hugo", ""},
    {"twes", "preset=small"},
    {"macro-ga", "preset=fast"},
    {"macro-ga", "preset=fast,loopCut=1"}, /* its other path to EC_DONE: the loops cut first */
    {"greedy", ""},
    {"pso", "particles=10,iterations=200"},
    {"aco", "ants=8,iterations=30"},
    {"dkho", "krill=10,iterations=30"},
};

/* step to the end (bounded), returning the last step's status */
static int run_out(ec_solver *h)
{
    int rc = EC_RUNNING;
    for (int k = 0; k < 100000 && rc == EC_RUNNING; k++) {
        rc = ec_solver_step(h, 100);
        ec_progress rec[64];
        int n;
        do ec_solver_progress(h, rec, 64, &n);
        while (n > 0);
    }
    return rc;
}

int main(void)
{
    const char *scramble = "R U F";
    char start[EC_FACELETS_SIZE], other[EC_FACELETS_SIZE], msg[256], buf[4096];
    CHECK_RC(ec_facelets_apply(NULL, scramble, start, sizeof start, msg, sizeof msg), EC_OK);
    CHECK_RC(ec_facelets_apply(NULL, "R U F D", other, sizeof other, msg, sizeof msg), EC_OK);
    for (size_t i = 0; i < sizeof SOLVERS / sizeof SOLVERS[0]; i++) {
        const char *name = SOLVERS[i].name;
        ec_solver *h = NULL;
        /* as given: solved, and the solution solves the input */
        int rc = ec_solver_new(name, start, 1, SOLVERS[i].params, &h, msg, sizeof msg);
        CHECK(rc == EC_OK, "%s: %s", name, msg);
        if (rc) continue;
        rc = run_out(h);
        CHECK(rc == EC_DONE, "%s: a plain run ends %d, want EC_DONE", name, rc);
        CHECK(ec_solver_solution(h, buf, sizeof buf) == EC_OK && ec_verify(start, buf, NULL, 0) == EC_OK,
              "%s: solution \"%s\" does not solve the input", name, buf);
        ec_solver_free(h);

        /* the input the handle verifies against is changed: the same search's answer fails */
        h = NULL;
        REQUIRE_RC(ec_solver_new(name, start, 1, SOLVERS[i].params, &h, msg, sizeof msg), EC_OK);
        memcpy(h->facelets, other, 54);
        rc = run_out(h);
        CHECK(rc == EC_E_NOT_SOLVED, "%s: the run that fails verification ends %d, want EC_E_NOT_SOLVED (%d)", name,
              rc, EC_E_NOT_SOLVED);
        CHECK(ec_solver_status(h) == EC_GAVE_UP, "%s: status %d after a failed verification, want EC_GAVE_UP", name,
              ec_solver_status(h));
        CHECK(ec_solver_step(h, 1) == EC_GAVE_UP, "%s: stepping on after the failure", name);
        CHECK(ec_solver_solution(h, buf, sizeof buf) == EC_E_STATE, "%s: a solution was given out: \"%s\"", name, buf);
        CHECK(ec_solver_result_json(h, buf, sizeof buf) == EC_OK && strstr(buf, "\"solved\":false") &&
                  strstr(buf, "\"solution\":\"\""),
              "%s: %s", name, buf);
        ec_solver_free(h);
    }
    DONE();
}
