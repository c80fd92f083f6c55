/*
 * bench_short.c - native driver for `npm run bench -- short` (built by CMake as
 * build/native/bench_short): the opt-in `preset=short` of twes and macro-ga beside their paper
 * presets. Reads lines "solver<TAB>seed<TAB>params<TAB>scramble" from stdin, solves each as
 * bench_hugo does and prints one line per solve (the loop: ec_tool_bench_lines, run.h):
 *   <cpu_ms><TAB><paper_length><TAB><result JSON>[<TAB><optima JSON> with --optima N]
 * paper_length is the solution's length counted as the solver's paper counts it, from its
 * descriptor (solver.h: twes's same-face merges only, macro-ga's raw tokens), or -1 where the
 * descriptor has none or the run did not solve. CPU time (clock()) rather than wall time,
 * since the benchmark machine is shared.
 */
#include <stdlib.h>
#include <string.h>

#include "solver/solver.h"
#include "tools/run.h"

static int paper_length(const ec_solver *h) { return h->impl->paper_length ? h->impl->paper_length(h) : -1; }

int main(int argc, char **argv)
{
    int optima = argc > 2 && !strcmp(argv[1], "--optima") ? atoi(argv[2]) : 0;
    return ec_tool_bench_lines(NULL, paper_length, optima);
}
