/* test_pop_fit.c - the population fitness quantiles of hugo's, twes's and macro-ga's progress
 * records (ec_progress pop_fit, JSON "popFit"): the helper against a brute-force quantile of
 * random values; on small runs every record's 17 values sorted, the best at the solver's end
 * and, with a population of 17 (every individual is a quantile), summing to the record's mean
 * times 17; the JSON the same values; no popFit from the other solvers. Also the JSON writer's
 * integers (hand-formatted) against printf's at the edges. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "core/json.h"
#include "evocube.h"
#include "solver/solver.h"

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

static const int *g_fit;
static int cmp_idx(const void *a, const void *b)
{
    int x = g_fit[*(const int *)a], y = g_fit[*(const int *)b];
    return x < y ? -1 : x > y;
}

/* The helper against sorting a copy and reading rank round(k (n - 1) / 16) in doubles. */
static void helper_vs_brute_force(void)
{
    static const int sizes[] = {1, 2, 3, 5, 16, 17, 18, 33, 50, 1000};
    uint32_t x = 12345;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        int n = sizes[s], *fit = malloc(sizeof(int) * (size_t)n), *order = malloc(sizeof(int) * (size_t)n),
            *rev = malloc(sizeof(int) * (size_t)n), *sorted = malloc(sizeof(int) * (size_t)n);
        for (int i = 0; i < n; i++) {
            x = x * 1664525u + 1013904223u;
            fit[i] = (int)(x >> 20) % 200 - 100; /* negative too, as HuGO!'s */
            order[i] = i;
            sorted[i] = fit[i];
        }
        g_fit = fit;
        qsort(order, (size_t)n, sizeof *order, cmp_idx);
        for (int i = 0; i < n; i++) rev[i] = order[n - 1 - i];
        qsort(sorted, (size_t)n, sizeof *sorted, cmp_int);
        ec_progress a, d;
        memset(&a, 0, sizeof a);
        memset(&d, 0, sizeof d);
        ec__progress_pop_fit(&a, fit, order, n, 0);
        ec__progress_pop_fit(&d, fit, rev, n, 1);
        CHECK(a.n_pop_fit == EC_PROGRESS_QUANTILES && d.n_pop_fit == EC_PROGRESS_QUANTILES, "n %d: %d, %d",
              n, a.n_pop_fit, d.n_pop_fit);
        for (int k = 0; k < EC_PROGRESS_QUANTILES; k++) {
            int want = sorted[(int)floor(k * (n - 1) / 16.0 + 0.5)];
            CHECK(a.pop_fit[k] == want, "n %d, q%d ascending: %d, want %d", n, k, a.pop_fit[k], want);
            CHECK(d.pop_fit[k] == want, "n %d, q%d descending: %d, want %d", n, k, d.pop_fit[k], want);
        }
        CHECK(a.pop_fit[0] == sorted[0] && a.pop_fit[16] == sorted[n - 1], "n %d: ends", n);
        free(fit);
        free(order);
        free(rev);
        free(sorted);
    }
    ec_progress z;
    memset(&z, 0, sizeof z);
    ec__progress_pop_fit(&z, NULL, NULL, 0, 0);
    CHECK(z.n_pop_fit == 0, "an empty population: %d values", z.n_pop_fit);
}

static const char *FACELETS_OF = "R U F' L2 D B R' U2";

/* Run `solver` for at most max_records records and check each; returns the records seen. */
static int check_run(const char *solver, const char *params, int higher_better, int all17, int max_records)
{
    char f[55], msg[256];
    CHECK_RC(ec_facelets_apply("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", FACELETS_OF, f, sizeof f,
                               msg, sizeof msg),
             EC_OK);
    ec_solver *h = NULL;
    int rc = ec_solver_new(solver, f, 7, params, &h, msg, sizeof msg);
    CHECK(rc == EC_OK, "%s %s: %s", solver, params, msg);
    if (rc) return 0;
    static ec_progress rec[64];
    int seen = 0, bad = 0;
    do {
        rc = ec_solver_step(h, 8);
        int n = 0;
        ec_solver_progress(h, rec, 64, &n);
        for (int i = 0; i < n && !bad; i++, seen++) {
            const ec_progress *r = &rec[i];
            int ok = r->n_pop_fit == EC_PROGRESS_QUANTILES;
            for (int k = 1; ok && k < EC_PROGRESS_QUANTILES; k++) ok = r->pop_fit[k - 1] <= r->pop_fit[k];
            ok = ok && r->best == (higher_better ? r->pop_fit[16] : r->pop_fit[0]);
            ok = ok && r->mean >= r->pop_fit[0] && r->mean <= r->pop_fit[16];
            if (ok && all17) {
                int64_t sum = 0;
                for (int k = 0; k < EC_PROGRESS_QUANTILES; k++) sum += r->pop_fit[k];
                ok = fabs((double)sum / 17 - r->mean) < 1e-9;
            }
            if (!ok) {
                bad = 1;
                CHECK(0, "%s %s, gen %lld: %d values [%d..%d], best %g, mean %g", solver, params, (long long)r->gen,
                      r->n_pop_fit, r->pop_fit[0], r->pop_fit[16], r->best, r->mean);
            }
        }
    } while (rc == EC_RUNNING && seen < max_records && !bad);
    CHECK(!bad && seen > 0, "%s %s: %d records", solver, params, seen);
    ec_solver_free(h);
    return seen;
}

/* The JSON of the first record carries the struct's values. */
static void check_json(const char *solver, const char *params)
{
    char f[55], msg[256], want[400], buf[8192];
    ec_facelets_apply("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", FACELETS_OF, f, sizeof f, msg, sizeof msg);
    ec_solver *a = NULL, *b = NULL;
    REQUIRE_RC(ec_solver_new(solver, f, 3, params, &a, msg, sizeof msg), EC_OK);
    REQUIRE_RC(ec_solver_new(solver, f, 3, params, &b, msg, sizeof msg), EC_OK);
    if (!a || !b) return;
    ec_solver_step(a, 1);
    ec_solver_step(b, 1);
    ec_progress r;
    int n = 0;
    ec_solver_progress(a, &r, 1, &n);
    CHECK(n == 1 && r.n_pop_fit == EC_PROGRESS_QUANTILES, "%s: a record with popFit", solver);
    int pos = snprintf(want, sizeof want, "\"popFit\":[");
    for (int k = 0; k < EC_PROGRESS_QUANTILES; k++)
        pos += snprintf(want + pos, sizeof want - (size_t)pos, "%s%d", k ? "," : "", r.pop_fit[k]);
    snprintf(want + pos, sizeof want - (size_t)pos, "]");
    ec_solver_progress_json(b, buf, sizeof buf, &n);
    char *line_end = strchr(buf, '\n');
    if (line_end) *line_end = '\0';
    CHECK(n >= 1 && strstr(buf, want), "%s: JSON %s lacks %s", solver, buf, want);
    ec_solver_free(a);
    ec_solver_free(b);
}

/* A solver without a population of its own carries no quantiles. */
static void check_none(const char *solver, const char *params)
{
    char f[55], msg[256], buf[8192];
    ec_facelets_apply("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", "R U", f, sizeof f, msg, sizeof msg);
    ec_solver *h = NULL;
    REQUIRE_RC(ec_solver_new(solver, f, 1, params, &h, msg, sizeof msg), EC_OK);
    if (!h) return;
    ec_solver_step(h, 1);
    int n = 0;
    ec_solver_progress_json(h, buf, sizeof buf, &n);
    CHECK(n >= 1 && !strstr(buf, "popFit"), "%s: %d records, popFit in %s", solver, n, buf);
    ec_solver_free(h);
}

static void json_ints_vs_printf(void)
{
    static const int64_t v[] = {0, 1, -1, 9, 10, -10, 99, 100, 65535, -65536, 2147483647, -2147483647 - 1,
                                1000000000000LL, INT64_MAX, INT64_MIN, INT64_MIN + 1};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
        char buf[32], want[32];
        ec_json j;
        ec__json_init(&j, buf, sizeof buf);
        ec__json_int(&j, v[i]);
        snprintf(want, sizeof want, "%lld", (long long)v[i]);
        CHECK(!j.overflow && strcmp(buf, want) == 0, "%s, want %s", buf, want);
    }
}

int main(void)
{
    json_ints_vs_printf();
    helper_vs_brute_force();
    /* a population of 17: every individual is one of the quantiles */
    check_run("hugo", "population=17", 1, 1, 400);
    check_run("twes", "lambda=17,mu=4,maxGenerations=300", 0, 1, 300);
    check_run("macro-ga", "population=17,elitism=3,generations=50,resets=2", 0, 1, 150);
    /* the usual sizes */
    check_run("hugo", "", 1, 0, 300);
    check_run("twes", "preset=small", 0, 0, 40);
    check_run("macro-ga", "population=100,elitism=10", 0, 0, 100);
    check_json("hugo", "");
    check_json("twes", "lambda=500,mu=50");
    check_json("macro-ga", "population=100,elitism=10");
    check_none("pso", "particles=5,iterations=3");
    check_none("twophase", "");
    DONE();
}
