/*
 * bench_hugo.c - native driver for `npm run bench -- hugo` (built by CMake as
 * build/native/bench_hugo). Reads lines "seed<TAB>params<TAB>scramble" from
 * stdin, solves each with the stepped API exactly as the worker does (step 256 generations,
 * drain the progress records in binary: the run driver, run.h), and prints one line per solve:
 *   <cpu_ms><TAB><result JSON>[<TAB><optima JSON> with "hugo --optima N", run.h]
 * CPU time (clock()) rather than wall time, since the benchmark machine is shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evocube.h"
#include "tools/run.h"

static char json[1 << 16];

int main(int argc, char **argv)
{
    const char *solver = argc > 1 ? argv[1] : "hugo";
    int optima = argc > 3 && !strcmp(argv[2], "--optima") ? atoi(argv[3]) : 0; /* run.h */
    char line[8192], msg[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        ec_solver *h;
        double ms = 0;
        int rc = ec_tool_bench_solve(solver, line, &h, &ms, msg, sizeof msg);
        if (rc == 1) continue;
        if (rc) {
            printf("-1\t{\"error\":\"%s\"}\n", msg);
            continue;
        }
        ec_solver_result_json(h, json, sizeof json);
        printf("%.3f\t%s", ms, json);
        ec_tool_print_optima(h, optima);
        ec_solver_free(h);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
