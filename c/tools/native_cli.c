/*
 * native_cli.c - evocube_native: the CLI of DESIGN.md built natively, for benchmarks,
 * sanitizer runs and native-vs-wasm determinism checks. The user-facing `npx evocube` runs
 * the wasm module (scripts/evocube.mjs); both print the same results for the same input.
 *
 *   evocube_native facelets "<alg>" | validate <facelets>
 *   evocube_native scramble (--random-state | --moves N) [--seed S]
 *   evocube_native verify --scramble A --solution B
 *   evocube_native solve --solver NAME (--scramble A | --facelets F) [--seed S]
 *                  [--param k=v ...] [--progress] [--json] [--threads N]
 *   evocube_native optimal-table [--level L] [--threads N]
 * The optimal solver reads the table of its `table` param's level (default 0), held once per
 * process: loaded from the user's cache folder, else built with --threads threads (default 2)
 * and cached (tools/optimal_tool.h), with notes on stderr when it is a terminal (a refused
 * cache file is always reported); optimal-table does only that and prints the path, level and
 * checksum.
 * Exit 0 ok/solved, 1 gave up, 2 bad input (error: message on stderr). An alg, facelet or
 * params argument given as "-" is read from standard input (at most EC_MAX_ALG_CHARS bytes,
 * one final line break dropped) and handed to the core with its length: a NUL in it is
 * named by the core, never taken as the end of the text.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evocube.h"
#include "tools/run.h"
#ifdef EC_WITH_OPTIMAL
#include "tools/optimal_tool.h"
#endif

static char msg[512];
static char big[1 << 20];

static char stdin_text[EC_MAX_ALG_CHARS + 2];
static int stdin_len = -1; /* -1: standard input not read yet */

/* The text of argument a and its length: a itself, or standard input for "-" (read once). */
static const char *arg_text(const char *a, int *len)
{
    if (!a || strcmp(a, "-")) {
        *len = a ? (int)strlen(a) : 0;
        return a;
    }
    if (stdin_len < 0) {
        size_t n = fread(stdin_text, 1, sizeof stdin_text, stdin);
        if (n > EC_MAX_ALG_CHARS) {
            snprintf(msg, sizeof msg, "the input on stdin is longer than %d characters", EC_MAX_ALG_CHARS);
            *len = -1;
            return NULL;
        }
        if (n > 0 && stdin_text[n - 1] == '\n') n -= n > 1 && stdin_text[n - 2] == '\r' ? 2 : 1;
        stdin_len = (int)n;
    }
    *len = stdin_len;
    return stdin_text;
}

static int fail(int rc)
{
    if (!msg[0]) ec_strerror(rc, msg, sizeof msg);
    fprintf(stderr, "error: %s\n", msg);
    return 2;
}

static const char *opt(int argc, char **argv, const char *name)
{
    for (int i = 2; i + 1 < argc; i++)
        if (!strcmp(argv[i], name)) return argv[i + 1];
    return NULL;
}

static int has(int argc, char **argv, const char *name)
{
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], name)) return 1;
    return 0;
}

static int print_lines(const char *lines, int n, void *ctx)
{
    (void)n;
    (void)ctx;
    fputs(lines, stdout);
    return 0;
}

#ifdef EC_WITH_OPTIMAL
/* --threads N (1..64, default 2) */
static int threads_opt(int argc, char **argv, int *threads)
{
    const char *t = opt(argc, argv, "--threads");
    *threads = 2;
    if (!t) return EC_OK;
    char *end;
    long v = strtol(t, &end, 10);
    if (*end || v < 1 || v > 64) {
        snprintf(msg, sizeof msg, "--threads must be a whole number from 1 to 64");
        return EC_E_RANGE;
    }
    *threads = (int)v;
    return EC_OK;
}

static int optimal_table(int argc, char **argv)
{
    const char *l = opt(argc, argv, "--level");
    int level = 0, threads, rc;
    if (l) {
        char *end;
        long v = strtol(l, &end, 10);
        if (*end || v < 0 || v >= EC_OPTIMAL_LEVELS) {
            snprintf(msg, sizeof msg, "--level must be a whole number from 0 to %d", EC_OPTIMAL_LEVELS - 1);
            return fail(EC_E_RANGE);
        }
        level = (int)v;
    }
    if ((rc = threads_opt(argc, argv, &threads))) return fail(rc);
    int built;
    if ((rc = ec_tool_optimal_table(level, threads, 0, &built, msg, sizeof msg))) return fail(rc);
    char path[4096] = "(not cached)";
    ec_tool_optimal_cache_path(level, path, sizeof path);
    uint64_t sum = 0;
    ec_optimal_table_checksum(&sum);
    int64_t mem;
    ec_optimal_table_bytes(level, &mem, NULL);
    printf("{\"level\":%d,\"bytes\":%lld,\"checksum\":\"%016llx\",\"built\":%s,\"path\":\"%s\"}\n", level,
           (long long)mem, (unsigned long long)sum, built ? "true" : "false", path);
    return 0;
}
#endif

static int solve(int argc, char **argv)
{
    const char *name = opt(argc, argv, "--solver"), *scr = opt(argc, argv, "--scramble"),
               *fac = opt(argc, argv, "--facelets"), *seedtext = opt(argc, argv, "--seed");
    if (!name) {
        snprintf(msg, sizeof msg, "solve needs --solver NAME");
        return fail(EC_E_SOLVER_UNKNOWN);
    }
    if (!scr == !fac) {
        snprintf(msg, sizeof msg, "solve needs exactly one of --scramble and --facelets");
        return fail(EC_E_NULL);
    }
    uint32_t seed = 1;
    int rc, len;
    if (seedtext && (rc = ec_seed_parse(seedtext, &seed, msg, sizeof msg))) return fail(rc);
    char f[EC_FACELETS_SIZE];
    const char *text = arg_text(scr ? scr : fac, &len);
    if (len < 0) return fail(EC_E_INPUT_SIZE);
    if (scr) {
        if ((rc = ec_facelets_apply_n(NULL, 0, text, len, f, sizeof f, msg, sizeof msg))) return fail(rc);
    } else {
        if ((rc = ec_validate_n(text, len, msg, sizeof msg))) return fail(rc);
        memcpy(f, text, 54); /* valid: exactly 54 face letters */
        f[54] = '\0';
    }
    static char params[EC_MAX_PARAMS_CHARS + 2];
    params[0] = '\0';
    for (int i = 2; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--param")) {
            if (strlen(params) + strlen(argv[i + 1]) + 2 > sizeof params) {
                snprintf(msg, sizeof msg, "the params are longer than %d characters", EC_MAX_PARAMS_CHARS);
                return fail(EC_E_INPUT_SIZE);
            }
            if (params[0]) strcat(params, ",");
            strcat(params, argv[i + 1]);
        }
    ec_solver *h;
    if ((rc = ec_solver_new(name, f, seed, params, &h, msg, sizeof msg))) return fail(rc);
#ifdef EC_WITH_OPTIMAL
    /* the optimal solver's table: cached or built here with threads, before the run steps it */
    if (!strcmp(name, "optimal")) {
        int level = 0, threads;
        const char *p = strstr(params, "table=");
        if (p && (p == params || p[-1] == ',')) level = atoi(p + 6); /* the solver checked its range */
        /* notes (loaded, building, built) only on a terminal; warnings always */
        if ((rc = threads_opt(argc, argv, &threads)) ||
            (rc = ec_tool_optimal_table(level, threads, !isatty(2), NULL, msg, sizeof msg))) {
            ec_solver_free(h);
            return fail(rc);
        }
    }
#endif
    /* one generation per step, every record drained after it (as JSON lines, printed with
     * --progress): the stream the worker sends and the golden runs hash */
    ec_tool_run run = {1, 1, NULL, has(argc, argv, "--progress") ? print_lines : NULL, NULL};
    rc = ec_tool_run_solver(h, &run);
    if (rc < 0) {
        ec_solver_free(h);
        return fail(rc);
    }
    if (has(argc, argv, "--json")) {
        ec_solver_result_json(h, big, sizeof big);
        puts(big);
    } else if (rc == EC_DONE) {
        ec_solver_solution(h, big, sizeof big);
        puts(big);
    } else {
        puts("gave up");
    }
    ec_solver_free(h);
    return rc == EC_DONE ? 0 : 1;
}

int main(int argc, char **argv)
{
    msg[0] = '\0';
    if (argc < 2) {
        fprintf(stderr, "usage: evocube_native facelets|validate|scramble|verify|solve|solvers ...\n");
        return 2;
    }
    const char *cmd = argv[1];
    int rc, len;
    if (!strcmp(cmd, "facelets") && argc == 3) {
        char f[EC_FACELETS_SIZE];
        const char *alg = arg_text(argv[2], &len);
        if (len < 0) return fail(EC_E_INPUT_SIZE);
        if ((rc = ec_facelets_apply_n(NULL, 0, alg, len, f, sizeof f, msg, sizeof msg))) return fail(rc);
        puts(f);
        return 0;
    }
    if (!strcmp(cmd, "validate") && argc == 3) {
        const char *fac = arg_text(argv[2], &len);
        if (len < 0) return fail(EC_E_INPUT_SIZE);
        if ((rc = ec_validate_n(fac, len, msg, sizeof msg))) return fail(rc);
        puts("ok");
        return 0;
    }
    if (!strcmp(cmd, "scramble")) {
        const char *n = opt(argc, argv, "--moves"), *s = opt(argc, argv, "--seed");
        uint32_t seed = 1;
        if (s && (rc = ec_seed_parse(s, &seed, msg, sizeof msg))) return fail(rc);
        if (has(argc, argv, "--random-state")) {
            if (n) {
                snprintf(msg, sizeof msg, "scramble takes one of --random-state and --moves N, not both");
                return fail(EC_E_RANGE);
            }
            if ((rc = ec_scramble_random_state_text(seed, big, sizeof big))) return fail(rc);
            puts(big);
            return 0;
        }
        if (!n) {
            snprintf(msg, sizeof msg, "scramble needs --random-state or --moves N");
            return fail(EC_E_RANGE);
        }
        char *end;
        long moves = strtol(n, &end, 10);
        if (*end || moves < 0 || moves > EC_MAX_ALG_MOVES) {
            snprintf(msg, sizeof msg, "--moves must be a whole number from 0 to %d", EC_MAX_ALG_MOVES);
            return fail(EC_E_RANGE);
        }
        if ((rc = ec_scramble_moves_text((int)moves, seed, big, sizeof big))) return fail(rc);
        puts(big);
        return 0;
    }
    if (!strcmp(cmd, "verify")) {
        const char *scr = opt(argc, argv, "--scramble"), *sol = opt(argc, argv, "--solution");
        char f[EC_FACELETS_SIZE];
        if (!scr || !sol) {
            snprintf(msg, sizeof msg, "verify needs --scramble and --solution");
            return fail(EC_E_NULL);
        }
        int slen;
        const char *stext = arg_text(scr, &len), *soltext = arg_text(sol, &slen);
        if (len < 0 || slen < 0) return fail(EC_E_INPUT_SIZE);
        if ((rc = ec_facelets_apply_n(NULL, 0, stext, len, f, sizeof f, msg, sizeof msg))) return fail(rc);
        rc = ec_verify_n(f, 54, soltext, slen, msg, sizeof msg);
        if (rc == EC_E_NOT_SOLVED) {
            printf("not solved: %s\n", msg);
            return 1;
        }
        if (rc) return fail(rc);
        puts("solved");
        return 0;
    }
    if (!strcmp(cmd, "solve")) return solve(argc, argv);
#ifdef EC_WITH_OPTIMAL
    if (!strcmp(cmd, "optimal-table")) return optimal_table(argc, argv);
#endif
    if (!strcmp(cmd, "solvers")) {
        if ((rc = ec_solver_list_json(big, sizeof big))) return fail(rc);
        puts(big);
        return 0;
    }
    snprintf(msg, sizeof msg, "unknown command or arguments: %s", cmd);
    return fail(EC_E_NULL);
}
