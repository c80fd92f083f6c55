/*
 * bench_optimal.c - the native side of `npm run bench -- optimal` (scripts/bench/optimal.mjs):
 *
 *   bench_optimal --level L --threads N [--build] [--max-nodes N] [--no-sym] [--depths]
 *
 * --no-sym: a symmetric cube searched as if it had none (ec__opt_sym_off, optimal.h).
 * --depths: before each solve, the search depth by depth on one thread (within --max-nodes in
 * all): {"depth","nodes","complete"} a depth, up to the one that finds a solution.
 * Makes the table of level L held (--build: built now with N threads and timed, never read
 * from the cache; else loaded from the cache or built and cached, tools/optimal_tool.h) and
 * prints {"level","bytes" (held),"buildBytes" (the most while built),"buildSeconds","built"}; then reads scrambles, one per line on
 * stdin, solves each with N threads (tools/optimal_tool.h) and prints one JSON line per
 * scramble: {"length","nodes","seconds","cpuSeconds","solution"} (wall and process CPU time),
 * or {"length":null,"bound":B,...} when --max-nodes ran out first (B proven: every shorter
 * length was searched completely). At end of input it prints
 * {"peakRssKb": VmHWM of /proc/self/status}. The driver alternates these lines with the peer's
 * solves of the same scrambles.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "evocube.h"
#include "search/optimal.h"
#include "tools/optimal_tool.h"

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const char *opt(int argc, char **argv, const char *name)
{
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], name)) return argv[i + 1];
    return NULL;
}

static long peak_rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6)) kb = atol(line + 6);
    if (f) fclose(f);
    return kb;
}

int main(int argc, char **argv)
{
    const char *l = opt(argc, argv, "--level"), *t = opt(argc, argv, "--threads"), *mx = opt(argc, argv, "--max-nodes");
    int level = l ? atoi(l) : 1, threads = t ? atoi(t) : 2, build = 0, depths = 0;
    double max_nodes = mx ? atof(mx) : 0;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--build")) build = 1;
        else if (!strcmp(argv[i], "--no-sym")) ec__opt_sym_off = 1; /* a symmetric cube searched whole (optimal.h) */
        else if (!strcmp(argv[i], "--depths")) depths = 1;
    if (level < 0 || level >= EC_OPTIMAL_LEVELS || threads < 1 || threads > 64) {
        fprintf(stderr, "error: --level 0..%d, --threads 1..64\n", EC_OPTIMAL_LEVELS - 1);
        return 2;
    }
    char msg[300];
    double secs = 0;
    int built = 0, rc;
    if (build) {
        rc = ec_tool_optimal_build(level, threads, &secs);
        built = 1;
    } else {
        double t0 = wall();
        rc = ec_tool_optimal_table(level, threads, 1, &built, msg, sizeof msg);
        secs = wall() - t0;
    }
    if (rc) {
        ec_strerror(rc, msg, sizeof msg);
        fprintf(stderr, "error: %s\n", msg);
        return 2;
    }
    int64_t mem;
    int64_t stored = 0;
    ec_optimal_table_bytes(level, &mem, &stored);
    printf("{\"level\":%d,\"bytes\":%lld,\"buildBytes\":%lld,\"buildSeconds\":%.3f,\"built\":%s}\n", level, (long long)(stored - 80),
           (long long)mem, secs,
           built ? "true" : "false");
    fflush(stdout);
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        char f[EC_FACELETS_SIZE];
        ec_cube c;
        if ((rc = ec_facelets_apply(NULL, line, f, sizeof f, msg, sizeof msg)) ||
            (rc = ec_cube_from_facelets(f, &c, msg, sizeof msg))) {
            fprintf(stderr, "error: %s\n", msg);
            return 2;
        }
        if (depths) {
            static opt_search s;
            int64_t cap = max_nodes > 0 ? (int64_t)max_nodes : INT64_MAX, all = 0;
            for (int d = 0; d <= 20 && all < cap; d++) {
                s.nodes = 0;
                if ((rc = ec__opt_search_init(&s, &c, NULL, 0, d))) break;
                int over = ec__opt_search_run(&s, cap - all);
                all += s.nodes;
                printf("{\"depth\":%d,\"nodes\":%lld,\"complete\":%s}\n", d, (long long)s.nodes, over ? "true" : "false");
                if (!over || s.found) break;
            }
            fflush(stdout);
            if (rc) {
                ec_strerror(rc, msg, sizeof msg);
                fprintf(stderr, "error: %s\n", msg);
                return 2;
            }
        }
        uint8_t mv[32];
        int len = -1;
        int64_t nodes = 0;
        clock_t c0 = clock();
        double t0 = wall();
        rc = ec_tool_optimal_solve(&c, threads, (int64_t)max_nodes, &len, mv, 32, &nodes);
        double w = wall() - t0, cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
        if (rc == EC_BOUND) {
            printf("{\"length\":null,\"bound\":%d,\"nodes\":%lld,\"seconds\":%.3f,\"cpuSeconds\":%.3f}\n", len,
                   (long long)nodes, w, cpu);
        } else if (rc) {
            ec_strerror(rc, msg, sizeof msg);
            fprintf(stderr, "error: %s\n", msg);
            return 2;
        } else {
            char sol[200];
            ec_alg_format(mv, len, sol, sizeof sol);
            printf("{\"length\":%d,\"nodes\":%lld,\"seconds\":%.3f,\"cpuSeconds\":%.3f,\"solution\":\"%s\"}\n", len,
                   (long long)nodes, w, cpu, sol);
        }
        fflush(stdout);
    }
    printf("{\"peakRssKb\":%ld}\n", peak_rss_kb());
    return 0;
}
