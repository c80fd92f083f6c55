/*
 * bench_hugo.c - native driver for `npm run bench -- hugo` (built by CMake as
 * build/native/bench_hugo). Reads lines "seed<TAB>params<TAB>scramble" from
 * stdin, solves each with the stepped API exactly as the worker does (step 256 generations,
 * drain the progress records in binary: the run driver, run.h), and prints one line per solve:
 *   <cpu_ms><TAB><result JSON>
 * CPU time (clock()) rather than wall time, since the benchmark machine is shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "evocube.h"
#include "tools/run.h"

static char json[1 << 16];

int main(int argc, char **argv)
{
    const char *solver = argc > 1 ? argv[1] : "hugo";
    char line[8192], msg[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        char *seed = strtok(line, "\t"), *params = strtok(NULL, "\t"), *scr = strtok(NULL, "\t");
        if (!seed || !params || !scr) continue;
        if (!strcmp(params, "-")) params = "";
        char f[EC_FACELETS_SIZE];
        if (ec_facelets_apply(NULL, scr, f, sizeof f, msg, sizeof msg)) {
            printf("-1\t{\"error\":\"%s\"}\n", msg);
            continue;
        }
        clock_t t0 = clock();
        ec_solver *h;
        if (ec_solver_new(solver, f, (uint32_t)strtoul(seed, NULL, 10), params, &h, msg, sizeof msg)) {
            printf("-1\t{\"error\":\"%s\"}\n", msg);
            continue;
        }
        ec_tool_run run = {256, 0, NULL, NULL, NULL}; /* 256 generations a step, records drained in binary */
        ec_tool_run_solver(h, &run);
        double ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
        ec_solver_result_json(h, json, sizeof json);
        ec_solver_free(h);
        printf("%.3f\t%s\n", ms, json);
        fflush(stdout);
    }
    return 0;
}
