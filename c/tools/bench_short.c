/*
 * bench_short.c - native driver for `npm run bench -- short` (built by CMake as
 * build/native/bench_short): the opt-in `preset=short` of twes and macro-ga beside their paper
 * presets. Reads lines "solver<TAB>seed<TAB>params<TAB>scramble" from stdin, solves each with
 * the stepped API (tools/run.h, as bench_hugo does) and prints one line per solve:
 *   <cpu_ms><TAB><alt_length><TAB><result JSON>[<TAB><optima JSON> with --optima N, run.h]
 * alt_length is a second way of counting the solution:
 *  - twes: the phases' moves as the ES built them, joined and simplified by same-face merges
 *    only (the paper's redundancy removal), i.e. the length without the core's merge of
 *    commuting opposite faces (R L R -> R2 L) that ec__finish's simplification adds;
 *  - macro-ga: the blog's count, the raw tokens the solving individual was built from (random
 *    start moves, macro tokens as printed, rotations), before simplification and loop cutting;
 *  - other solvers: -1.
 * CPU time (clock()) rather than wall time, since the benchmark machine is shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evocube.h"
#include "solver/solver.h"
#include "solvers/macro_ga/macro_ga.h"
#include "tools/run.h"

static char json[1 << 16];

/* same-face merges only: a stack of face turns (the paper's redundancy removal) */
static int same_face_length(const ec_solver *h)
{
    uint8_t st[EC_MAX_ALG_MOVES];
    int k = 0;
    for (int i = 0; i < h->nphases; i++)
        for (int j = 0; j < h->phases[i].n; j++) {
            int m = h->phases[i].moves[j], f = m / 3, q = m % 3 + 1;
            if (k && st[k - 1] / 3 == f) {
                int t = (st[k - 1] % 3 + 1 + q) & 3;
                if (!t) k--;
                else st[k - 1] = (uint8_t)(f * 3 + t - 1);
            } else if (k < EC_MAX_ALG_MOVES) {
                st[k++] = (uint8_t)m;
            }
        }
    return k;
}

int main(int argc, char **argv)
{
    int optima = argc > 2 && !strcmp(argv[1], "--optima") ? atoi(argv[2]) : 0; /* run.h */
    char line[8192], msg[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = '\0'; /* the solver's name, then bench_hugo's fields */
        const char *solver = line;
        ec_solver *h;
        double ms = 0;
        int rc = ec_tool_bench_solve(solver, tab + 1, &h, &ms, msg, sizeof msg);
        if (rc == 1) continue;
        if (rc) {
            printf("-1\t-1\t{\"error\":\"%s\"}\n", msg);
            continue;
        }
        int alt = -1;
        if (h->status == EC_DONE && !strcmp(solver, "twes")) alt = same_face_length(h);
        if (h->status == EC_DONE && !strcmp(solver, "macro-ga") && h->state) alt = ec__macro_ga_raw_tokens(h->state);
        ec_solver_result_json(h, json, sizeof json);
        printf("%.3f\t%d\t%s", ms, alt, json);
        ec_tool_print_optima(h, optima);
        ec_solver_free(h);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
