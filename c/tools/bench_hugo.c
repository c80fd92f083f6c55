/*
 * bench_hugo.c - native driver for `npm run bench -- hugo` (built by CMake as
 * build/native/bench_hugo). Reads lines "seed<TAB>params<TAB>scramble" from stdin, solves
 * each with the stepped API exactly as the worker does (step 256 generations, drain the
 * progress records in binary) and prints one line per solve (the loop: ec_tool_bench_lines,
 * run.h):
 *   <cpu_ms><TAB><result JSON>[<TAB><optima JSON> with "hugo --optima N"]
 * The first argument names another solver. CPU time (clock()) rather than wall time, since
 * the benchmark machine is shared.
 */
#include <stdlib.h>
#include <string.h>

#include "tools/run.h"

int main(int argc, char **argv)
{
    const char *solver = argc > 1 ? argv[1] : "hugo";
    int optima = argc > 3 && !strcmp(argv[2], "--optima") ? atoi(argv[3]) : 0;
    return ec_tool_bench_lines(solver, NULL, optima);
}
