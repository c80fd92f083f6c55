/*
 * run.h - the tools' one run driver: step an open solver to the end, draining its progress
 * after every step, in records (ec_solver_progress) or in JSON lines
 * (ec_solver_progress_json), each handed to an optional callback. Used by the native CLI
 * (work 1, JSON lines printed with --progress), bench_twophase (work 100, JSON lines
 * formatted and dropped, as the worker formats them), and bench_hugo and bench_short (work
 * 256, records drained in binary, as the worker does), whose whole loop over their input
 * lines is here too (ec_tool_bench_lines).
 *
 * Tools only: the library itself never runs a solver to the end (DESIGN.md: stepped, no
 * printing, no clock); this sits on the public API (evocube.h) and is linked into the native
 * tools, not into the core library or the wasm module.
 * Ownership: the caller opens and frees the handle (on every path, whatever ec_tool_run
 * returns); the driver frees its own drain buffer on every path. Cost: one allocation per
 * run (256 records or 256 KB of JSON), then only the solver's steps.
 */
#ifndef EC_TOOLS_RUN_H
#define EC_TOOLS_RUN_H

#include "evocube.h"

typedef struct ec_tool_run {
    int work; /* work units per ec_solver_step (>= 1) */
    int json; /* 0: drain records (ec_solver_progress); 1: drain JSON lines */
    /* json == 0: called once per record, in order; optional. */
    int (*on_record)(const ec_progress *rec, void *ctx);
    /* json == 1: called once per drained batch of n records' lines ("{...}\n" each, NUL-ended);
     * optional. Batches are cut by the buffer's size: concatenated, they are the stream. */
    int (*on_json)(const char *lines, int n, void *ctx);
    void *ctx;
} ec_tool_run;

/* Step h with o->work until it is no longer EC_RUNNING, draining every queued progress
 * record after each step (the last included). Returns the last step's status (EC_DONE,
 * EC_GAVE_UP) or a negative error: the step's, the drain's (EC_E_NOMEM, EC_E_BUFFER), or a
 * callback's non-zero return, which stops the run at once. Does not free h. */
int ec_tool_run_solver(ec_solver *h, const ec_tool_run *o);

/* The benchmark drivers' solve (bench_hugo, bench_short): one stdin line's fields "seed<TAB>
 * params<TAB>scramble" (params "-": none; line is cut up in place) solved by `solver` with
 * work 256 and records drained in binary, as the worker does. On EC_OK *out is the finished
 * handle (the caller frees it) and *ms the CPU time (clock()) from opening to the end; else a
 * negative error with the reason in msg (a bad seed, scramble, solver or params, or a step's
 * error; nothing left open); 1 (nothing opened) for a line without three fields. */
int ec_tool_bench_solve(const char *solver, char *line, ec_solver **out, double *ms, char *msg, int msgsize);
/* The drivers' "--optima N": after a solve's line, a TAB and the exact reference
 * optima of its phases (ec_solver_optima_json with N nodes), or "null" (not solved, or no
 * room). nodes 0: nothing is printed. */
void ec_tool_print_optima(const ec_solver *h, int nodes);
/* The benchmark drivers' loop over standard input: each line's fields to ec_tool_bench_solve
 * (solver NULL: the line starts with the solver's name and a TAB), and one output line per
 * input line (an empty line is skipped):
 *   <cpu_ms>[<TAB><alt>]<TAB><result JSON>[<TAB><optima JSON>]
 * alt (only when `alt` is given): alt(h) after a solve that ended EC_DONE, else -1; the
 * optima with nodes > 0 (ec_tool_print_optima). A line that cannot be solved prints -1 for
 * the numbers and {"error":"<the message>"}. Output is flushed after every line. Returns 0. */
int ec_tool_bench_lines(const char *solver, int (*alt)(const ec_solver *h), int nodes);

#endif
