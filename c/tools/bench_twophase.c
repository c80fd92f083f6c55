/*
 * bench_twophase.c - native speed of the two-phase solver: table build time, then N random
 * states (ec_random_state with seeds 1..N, the states `evocube scramble --random-state`
 * uses) solved through the stepped solver API (the run driver, run.h: 100 work units a step,
 * progress drained as JSON lines) with the default params (or params given as
 * the third argument), each solution verified by the core. Prints init ms, median / p90 /
 * max solve ms, mean and max length, share <= 20 moves, and mean nodes.
 *
 *   bench_twophase [N=200] [params]
 *   bench_twophase --oracle [N=2000] [budget=1000]
 *
 * --oracle: the distance oracle ec_distance (the swarm solvers' fitness) on N random states
 * (ec_random_state seeds 100001..100000+N, none repeated, so nothing is cached) with the
 * swarm solvers' default budget: CPU ms per call, calls per CPU second, mean value.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "evocube.h"
#include "tools/run.h"

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int oracle(int n, int budget)
{
    if (n < 1 || n > 1000000 || budget < 0 || ec_twophase_init()) return 2;
    ec_cube c;
    ec_cube_solved(&c);
    ec_distance(&c, budget); /* the near table too */
    clock_t c0 = clock();
    double sum = 0;
    for (int i = 1; i <= n; i++) {
        ec_random_state((uint32_t)(100000 + i), &c);
        int d = ec_distance(&c, budget);
        if (d < 0) return 2;
        sum += d;
    }
    double cpu = (double)(clock() - c0) * 1e3 / CLOCKS_PER_SEC;
    printf("native oracle, %d random states, budget %d: %.3f ms CPU per call, %.0f calls per CPU second, mean value %.3f\n",
           n, budget, cpu / n, n * 1e3 / cpu, sum / n);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--oracle"))
        return oracle(argc > 2 ? atoi(argv[2]) : 2000, argc > 3 ? atoi(argv[3]) : 1000);
    int n = argc > 1 ? atoi(argv[1]) : 200;
    const char *params = argc > 2 ? argv[2] : "";
    if (n < 1 || n > 100000) return 2;
    double t0 = now_ms();
    clock_t c0 = clock();
    if (ec_twophase_init()) return 2;
    double init = now_ms() - t0, init_cpu = (double)(clock() - c0) * 1e3 / CLOCKS_PER_SEC;
    c0 = clock();
    double *ms = malloc(sizeof(double) * (size_t)n);
    long sum_len = 0, max_len = 0, le20 = 0, bad = 0;
    double sum_nodes = 0, *nodes = malloc(sizeof(double) * (size_t)n);
    if (!ms || !nodes) {
        free(ms);
        free(nodes);
        return 2;
    }
    static char buf[1 << 16], msg[256];
    for (int i = 0; i < n; i++) {
        ec_cube c;
        char f[EC_FACELETS_SIZE];
        ec_random_state((uint32_t)(i + 1), &c);
        ec_cube_to_facelets(&c, f, sizeof f);
        double t = now_ms();
        ec_solver *h;
        if (ec_solver_new("twophase", f, 1, params, &h, msg, sizeof msg)) {
            fprintf(stderr, "error: %s\n", msg);
            free(ms);
            free(nodes);
            return 2;
        }
        ec_tool_run run = {100, 1, NULL, NULL, NULL}; /* 100,000 nodes a step, records formatted as JSON */
        int rc = ec_tool_run_solver(h, &run);
        ms[i] = now_ms() - t;
        if (rc != EC_DONE || ec_solver_solution(h, buf, sizeof buf) || ec_verify(f, buf, NULL, 0)) {
            bad++;
        } else {
            int m[3];
            ec_alg_metrics(buf, m, NULL, 0);
            sum_len += m[0];
            if (m[0] > max_len) max_len = m[0];
            if (m[0] <= 20) le20++;
        }
        ec_solver_result_json(h, buf, sizeof buf);
        const char *e = strstr(buf, "\"evaluations\":");
        nodes[i] = e ? atof(e + 14) : 0;
        sum_nodes += nodes[i];
        ec_solver_free(h);
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_d);
    qsort(nodes, (size_t)n, sizeof *nodes, cmp_d);
    printf("native twophase, %d random states, params \"%s\"\n", n, params);
    double solve_cpu = (double)(clock() - c0) * 1e3 / CLOCKS_PER_SEC;
    printf("init %.1f ms (cpu %.1f ms); solve cpu total %.0f ms, mean %.2f ms\n", init, init_cpu, solve_cpu, solve_cpu / n);
    printf("wall: init %.1f ms; solve median %.2f ms, p90 %.2f ms, max %.2f ms\n", init, ms[n / 2], ms[n * 9 / 10],
           ms[n - 1]);
    printf("nodes median %.0f, p90 %.0f, p99 %.0f, max %.0f\n", nodes[n / 2], nodes[n * 9 / 10], nodes[n * 99 / 100],
           nodes[n - 1]);
    printf("length mean %.2f, max %ld; <= 20 moves %.1f%%; mean nodes %.0f; failed %ld\n",
           (double)sum_len / (n - bad ? n - bad : 1), max_len, 100.0 * le20 / n, sum_nodes / n, bad);
    free(ms);
    free(nodes);
    return bad ? 1 : 0;
}
