/*
 * check.h - a tiny test harness for the ctest suites: CHECK(cond, fmt, ...) counts a pass or
 * prints the failure with its location; RUN(name) calls the case `static void name(void)`
 * and, when a check in it failed, names the case; DONE() prints "N passed, N failed" and
 * returns the exit code ctest reads.
 */
#ifndef EC_CHECK_H
#define EC_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (cond) {                                                       \
            check_passed++;                                               \
        } else {                                                          \
            check_failed++;                                               \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                 \
            fputc('\n', stderr);                                          \
        }                                                                 \
    } while (0)

#define CHECK_STR(a, b) CHECK(strcmp((a), (b)) == 0, "\"%s\" != \"%s\"", (a), (b))
#define CHECK_RC(rc, want) CHECK((rc) == (want), "status %d, want %d", (rc), (want))

#define RUN(name)                                                         \
    do {                                                                  \
        int run_failed_before = check_failed;                             \
        name();                                                           \
        if (check_failed > run_failed_before)                             \
            fprintf(stderr, "case %s: %d check(s) failed\n", #name, check_failed - run_failed_before); \
    } while (0)

/* REQUIRE_RC(rc, want): CHECK_RC for a setup the rest of the suite needs (a solver handle, a
 * facelet string): when it fails, the suite stops there with the failure printed and exit 1,
 * never goes on to use a NULL or stale handle. rc is evaluated once. */
#define REQUIRE_RC(rc, want)                                              \
    do {                                                                  \
        int require_rc_ = (rc);                                           \
        CHECK_RC(require_rc_, want);                                      \
        if (require_rc_ != (want)) {                                      \
            fprintf(stderr, "%s:%d: a setup failed, the suite stops\n", __FILE__, __LINE__); \
            printf("%d passed, %d failed\n", check_passed, check_failed); \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

#define DONE()                                                            \
    do {                                                                  \
        printf("%d passed, %d failed\n", check_passed, check_failed);    \
        return check_failed ? 1 : 0;                                      \
    } while (0)

#endif
