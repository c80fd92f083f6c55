/* test_limits.c - memory limits at the C boundary: a run whose params need more than
 * EC_RUN_MEMORY_MAX at its start is refused by ec_solver_new before anything is allocated,
 * with EC_E_PARAM_RANGE naming the param and the limit; at the params that drive memory up
 * to their maxima, every other solver's start stays under the limit (measured with the
 * allocator's statistics, where the platform has them). */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "evocube.h"

static char msg[512];

/* Bytes allocated by opening `solver` with params on a scrambled cube (the handle kept open
 * while measuring), or -1 when refused (msg holds why). */
static long open_bytes(const char *solver, const char *params)
{
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U F' D2 L B R2 U' F D", f, sizeof f, NULL, 0);
    /* build the lazily made tables first, so only the run's own allocation is counted */
    ec_solver *h = NULL;
    if (ec_solver_new(solver, f, 1, "", &h, NULL, 0) == EC_OK) ec_solver_free(h);
    int before = ec_memory_in_use();
    int rc = ec_solver_new(solver, f, 1, params, &h, msg, sizeof msg);
    if (rc) {
        CHECK(h == NULL && ec_memory_in_use() == before, "%s %s: a refusal allocates nothing", solver, params);
        return -1;
    }
    long used = (long)ec_memory_in_use() - before;
    ec_solver_free(h);
    return used;
}

int main(void)
{
    CHECK(EC_RUN_MEMORY_MAX < EC_MEMORY_MAX, "a run's limit leaves room in the module's memory");
    /* twes at its maxima: refused up front, naming lambda and the limit */
    CHECK(open_bytes("twes", "mu=100000,lambda=200000") == -1, "twes at its maxima is refused");
    CHECK(strstr(msg, "parameter lambda") && strstr(msg, "128 MB") && strstr(msg, "needs about"), "%s", msg);
    CHECK(open_bytes("twes", "preset=quality,mu=100000") == -1 && strstr(msg, "parameter lambda"), "%s", msg);
    CHECK(open_bytes("twes", "mu=50000,lambda=200000") >= 0, "just under the limit is accepted: %s", msg);
    /* a solved start allocates nothing (it finishes at once), so it is not refused */
    ec_solver *h = NULL;
    REQUIRE_RC(ec_solver_new("twes", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 1, "mu=100000,lambda=200000", &h,
                             msg, sizeof msg), EC_OK);
    if (h) ec_solver_free(h);
    int have_stats = ec_memory_in_use() >= 0;
    struct {
        const char *solver, *params;
    } big[] = {
        {"twes", "mu=20000,lambda=100000"}, {"hugo", "population=1000,length=100"},
        {"macro-ga", "population=5000,elitism=5000"}, {"pso", "particles=2000"},
        {"aco", "ants=2000"}, {"dkho", "krill=2000"}, {"greedy", "budget=10000000"},
        {"twophase", "budget=1000000000"},
    };
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        long used = open_bytes(big[i].solver, big[i].params);
        CHECK(used >= 0, "%s %s is accepted: %s", big[i].solver, big[i].params, msg);
        if (have_stats) {
            CHECK(used < EC_RUN_MEMORY_MAX, "%s %s allocates %ld bytes at its start", big[i].solver, big[i].params, used);
            printf("%-9s %-30s %8.1f MB at its start\n", big[i].solver, big[i].params, used / 1048576.0);
        }
    }
    DONE();
}
