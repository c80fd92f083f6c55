/*
 * run.c - the tools' run driver (run.h): step, drain, repeat until the solver stops.
 */
#include "tools/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RUN_RECORDS 256       /* records drained per ec_solver_progress call */
#define RUN_JSON (256 * 1024) /* bytes of JSON lines per ec_solver_progress_json call */

/* Drain every queued record of h into the callbacks; 0, or the first error. */
static int drain(ec_solver *h, const ec_tool_run *o, void *buf)
{
    if (o->json) {
        char *text = buf;
        while (ec_solver_progress_pending(h) > 0) {
            int n = 0, rc = ec_solver_progress_json(h, text, RUN_JSON, &n);
            if (rc) return rc;
            if (n == 0) return EC_E_BUFFER; /* cannot happen with a record's size; never spin */
            if (o->on_json && (rc = o->on_json(text, n, o->ctx))) return rc;
        }
        return EC_OK;
    }
    ec_progress *recs = buf;
    int n;
    do {
        int rc = ec_solver_progress(h, recs, RUN_RECORDS, &n);
        if (rc) return rc;
        for (int i = 0; i < n && o->on_record; i++)
            if ((rc = o->on_record(&recs[i], o->ctx))) return rc;
    } while (n > 0);
    return EC_OK;
}

int ec_tool_run_solver(ec_solver *h, const ec_tool_run *o)
{
    if (!h || !o) return EC_E_NULL;
    if (o->work < 1) return EC_E_RANGE;
    void *buf = o->json ? malloc(RUN_JSON) : malloc(RUN_RECORDS * sizeof(ec_progress));
    if (!buf) return EC_E_NOMEM;
    int rc;
    do {
        rc = ec_solver_step(h, o->work);
        int drc = drain(h, o, buf);
        if (drc) {
            rc = drc;
            break;
        }
    } while (rc == EC_RUNNING);
    free(buf);
    return rc;
}

int ec_tool_bench_solve(const char *solver, char *line, ec_solver **out, double *ms, char *msg, int msgsize)
{
    *out = NULL;
    if (msgsize > 0) msg[0] = '\0';
    char *seed = strtok(line, "\t"), *params = strtok(NULL, "\t"), *scr = strtok(NULL, "\t");
    if (!seed || !params || !scr) return 1;
    if (!strcmp(params, "-")) params = "";
    char f[EC_FACELETS_SIZE];
    int rc = ec_facelets_apply(NULL, scr, f, sizeof f, msg, msgsize);
    if (rc) return rc;
    uint32_t s;
    if ((rc = ec_seed_parse(seed, &s, msg, msgsize))) return rc;
    clock_t t0 = clock();
    rc = ec_solver_new(solver, f, s, params, out, msg, msgsize);
    if (rc) return rc;
    ec_tool_run run = {256, 0, NULL, NULL, NULL}; /* 256 generations a step, records drained in binary */
    rc = ec_tool_run_solver(*out, &run);
    *ms = (double)(clock() - t0) * 1000.0 / CLOCKS_PER_SEC;
    if (rc < 0) {
        ec_strerror(rc, msg, msgsize);
        ec_solver_free(*out);
        *out = NULL;
        return rc;
    }
    return EC_OK;
}

void ec_tool_print_optima(const ec_solver *h, int nodes)
{
    static char buf[1 << 14];
    if (nodes <= 0) return;
    if (ec_solver_status(h) == EC_DONE && ec_solver_optima_json(h, nodes, buf, sizeof buf) == EC_OK)
        printf("\t%s", buf);
    else
        printf("\tnull");
}

/* text as a JSON string's characters (quotes, backslashes and control characters escaped) */
static void print_json_chars(const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') printf("\\%c", *c);
        else if (*c < 0x20) printf("\\u%04x", *c);
        else putchar(*c);
    }
}

int ec_tool_bench_lines(const char *solver, int (*alt)(const ec_solver *h), int nodes)
{
    static char line[8192], json[1 << 16];
    char msg[256];
    while (fgets(line, sizeof line, stdin)) {
        int whole = strchr(line, '\n') || feof(stdin);
        line[strcspn(line, "\n")] = '\0';
        if (!line[0]) continue;
        char *fields = line;
        const char *name = solver;
        if (!name) { /* the solver's name, then the fields */
            char *tab = strchr(line, '\t');
            if (tab) *tab = '\0';
            name = line;
            fields = tab ? tab + 1 : line + strlen(line);
        }
        ec_solver *h = NULL;
        double ms = 0;
        int rc = 1;
        if (!whole) { /* the rest of the line is dropped unread */
            for (int c = getchar(); c != EOF && c != '\n'; c = getchar()) {}
            snprintf(msg, sizeof msg, "a line is longer than %d bytes", (int)sizeof line - 2);
            rc = EC_E_INPUT_SIZE;
        } else if ((rc = ec_tool_bench_solve(name, fields, &h, &ms, msg, sizeof msg)) == 1) {
            snprintf(msg, sizeof msg, "a line needs %sseed, params and scramble, separated by tabs", solver ? "" : "solver, ");
        }
        if (rc) {
            printf(alt ? "-1\t-1\t{\"error\":\"" : "-1\t{\"error\":\"");
            print_json_chars(msg);
            printf("\"}\n");
            fflush(stdout);
            continue;
        }
        printf("%.3f\t", ms);
        if (alt) printf("%d\t", ec_solver_status(h) == EC_DONE ? alt(h) : -1);
        if (ec_solver_result_json(h, json, sizeof json) != EC_OK)
            snprintf(json, sizeof json, "{\"error\":\"the result JSON does not fit in %d bytes\"}", (int)sizeof json);
        printf("%s", json);
        ec_tool_print_optima(h, nodes);
        ec_solver_free(h);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
