/*
 * optimal_tool.c - the table cache, the threaded build and the threaded search of
 * optimal_tool.h (POSIX threads; native tools only, never the core library or wasm).
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/optimal_tool.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/cube.h"
#include "search/optimal.h"

#define MAX_THREADS 64

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int ec_tool_optimal_cache_path(int level, char *out, int size)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && *xdg) n = snprintf(out, (size_t)size, "%s/evocube/optimal-%d.tbl", xdg, level);
    else if (home && *home) n = snprintf(out, (size_t)size, "%s/.cache/evocube/optimal-%d.tbl", home, level);
    else return EC_E_NULL;
    return n < 0 || n >= size ? EC_E_BUFFER : EC_OK;
}

/* ---------------------------------------------------------------- build */

int ec_tool_optimal_build(int level, int threads, double *seconds)
{
    if (threads < 1) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    double t0 = wall();
    int rc = ec_optimal_table_begin(level);
    /* slices of 64 M entries a thread: a pool wake-up per slice costs nothing beside them */
    while (rc == EC_OK || rc == EC_RUNNING) rc = ec_optimal_table_build_step_threads(65536 * threads, threads);
    if (seconds) *seconds = wall() - t0;
    return rc == EC_DONE ? EC_OK : rc < 0 ? rc : EC_E_INTERNAL;
}

/* ---------------------------------------------------------------- cache */

static int mkdirs(char *path)
{
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            int r = mkdir(path, 0755);
            *p = '/';
            if (r && errno != EEXIST) return -1;
        }
    return 0;
}

/* 1: loaded; 0: no file; -1: a file the core refused (msg says why) or could not read. Read
 * in 16 MB pieces straight into the table (ec_optimal_table_import_begin/chunk/end). */
static int load(const char *path, char *msg, int msgsize)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    int out = -1;
    enum { PIECE = 16 << 20 };
    uint8_t *buf = malloc(PIECE);
    long n = -1;
    if (buf && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        size_t h = fread(buf, 1, 80, f);
        int rc = ec_optimal_table_import_begin(buf, h < 80 ? (int64_t)h : (int64_t)n, msg, msgsize);
        while (!rc) {
            size_t k = fread(buf, 1, PIECE, f);
            if (!k) break;
            rc = ec_optimal_table_import_chunk(buf, (int64_t)k, msg, msgsize);
        }
        if (!rc && ferror(f)) {
            snprintf(msg, (size_t)msgsize, "could not read it");
            ec_optimal_table_import_end(NULL, 0);
            ec_optimal_table_free();
            rc = -1;
        } else if (!rc) {
            rc = ec_optimal_table_import_end(msg, msgsize);
        }
        if (rc == EC_OK) out = 1;
        else if (rc != EC_E_TABLE && rc != -1) ec_strerror(rc, msg, msgsize);
    } else {
        snprintf(msg, (size_t)msgsize, "could not read it (size or memory)");
    }
    free(buf);
    fclose(f);
    return out;
}

static int save(const char *path, char *msg, int msgsize)
{
    int level;
    ec_optimal_table_progress(NULL, &level);
    int64_t stored;
    int rc = ec_optimal_table_bytes(level, NULL, &stored);
    if (rc) return rc;
    uint8_t *buf = malloc((size_t)stored);
    if (!buf) return EC_E_NOMEM;
    rc = ec_optimal_table_export(buf, stored);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    if (!rc) {
        snprintf(tmp, sizeof tmp, "%s", path);
        mkdirs(tmp);
        snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
        FILE *f = fopen(tmp, "wb");
        int ok = f && fwrite(buf, 1, (size_t)stored, f) == (size_t)stored;
        if (f && fclose(f)) ok = 0;
        if (!ok || rename(tmp, path)) {
            remove(tmp);
            snprintf(msg, (size_t)msgsize, "could not write %s: %s", path, strerror(errno));
            rc = -1;
        }
    }
    free(buf);
    return rc;
}

int ec_tool_optimal_table(int level, int threads, int quiet, int *built, char *msg, int msgsize)
{
    if (built) *built = 0;
    if (level < 0 || level >= EC_OPTIMAL_LEVELS) {
        snprintf(msg, (size_t)msgsize, "the table level must be 0 to %d", EC_OPTIMAL_LEVELS - 1);
        return EC_E_RANGE;
    }
    int held;
    ec_optimal_table_progress(NULL, &held);
    if (held == level) return EC_OK;
    char path[4096], why[300] = "";
    int have_path = ec_tool_optimal_cache_path(level, path, sizeof path) == EC_OK;
    if (have_path) {
        int r = load(path, why, sizeof why);
        if (r == 1) {
            if (!quiet) fprintf(stderr, "optimal: table level %d loaded from %s\n", level, path);
            return EC_OK;
        }
        if (r < 0) fprintf(stderr, "warning: the cached table %s was refused (%s): rebuilding it\n", path, why);
    }
    int64_t mem;
    ec_optimal_table_bytes(level, &mem, NULL);
    if (!quiet)
        fprintf(stderr, "optimal: building table level %d (%.0f MB) with %d thread%s\n", level, (double)mem / 1e6, threads,
                threads == 1 ? "" : "s");
    double secs;
    int rc = ec_tool_optimal_build(level, threads, &secs);
    if (rc) {
        ec_strerror(rc, msg, msgsize);
        return rc;
    }
    if (built) *built = 1;
    if (!quiet) fprintf(stderr, "optimal: table built in %.1f s\n", secs);
    if (have_path) {
        char w[4300];
        if (save(path, w, sizeof w)) fprintf(stderr, "warning: %s (the table is not cached)\n", w);
        else if (!quiet) fprintf(stderr, "optimal: table cached in %s\n", path);
    }
    return EC_OK;
}

/* ---------------------------------------------------------------- threaded search */

/* each thread runs one split worker (opt_split, optimal.h) through the depth */
typedef struct solve_share {
    opt_split sp;
    opt_split_worker *w;
    int64_t cap; /* nodes allowed in this depth (INT64_MAX: no cap) */
} solve_share;

typedef struct solve_arg {
    solve_share *sh;
    int who;
} solve_arg;

static void *solve_worker(void *arg)
{
    solve_arg *a = arg;
    ec__opt_split_run(&a->sh->sp, &a->sh->w[a->who], a->sh->cap);
    return NULL;
}

int ec_tool_optimal_solve(const ec_cube *c, int threads, int64_t max_nodes, int *len, uint8_t *moves, int cap,
                          int64_t *nodes)
{
    if (threads < 1) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    *nodes = 0;
    /* the shallow depths on this thread, in canonical order as the solver searches them up to
     * its first split depth (a cube near solved ends here) */
    int d;
    uint8_t mv[OPT_MAX_DEPTH];
    int rc = ec_optimal_distance(c, 1000, &d, mv, OPT_MAX_DEPTH);
    if (rc == EC_OK && d <= OPT_PLEN) {
        if (cap < d) return EC_E_BUFFER;
        memcpy(moves, mv, (size_t)d);
        *len = d;
        *nodes = 1000; /* at most */
        return EC_OK;
    }
    if (rc != EC_OK && rc != EC_BOUND) return rc;
    /* the split from the solver's first split depth: the bound, at least OPT_PLEN */
    if ((d = ec__opt_bound(c)) < OPT_PLEN) d = OPT_PLEN;
    solve_share *sh = calloc(1, sizeof *sh);
    opt_split_worker *w = malloc(sizeof *w * (size_t)threads);
    if (!sh || !w) {
        free(sh);
        free(w);
        return EC_E_NOMEM;
    }
    sh->w = w;
    int found = 0;
    int64_t spent = 0;
    rc = EC_OK;
    const int first = d;
    for (d = first;; d++) {
        if (d > 20) {
            rc = EC_E_INTERNAL;
            break;
        }
        /* the first depth in canonical order, each later one by the nodes its prefixes took */
        if (d == first) ec__opt_split_begin(&sh->sp, c, d);
        else if ((rc = ec__opt_split_deeper(&sh->sp))) break;
        sh->cap = max_nodes > 0 ? max_nodes - spent : INT64_MAX;
        solve_arg args[MAX_THREADS];
        pthread_t th[MAX_THREADS];
        int started = 0;
        for (int i = 0; i < threads; i++) {
            ec__opt_split_worker_reset(&w[i]);
            args[i] = (solve_arg){sh, i};
        }
        for (int i = 1; i < threads; i++)
            if (!pthread_create(&th[i], NULL, solve_worker, &args[i])) started++;
            else break;
        /* this thread is worker 0; when the cap stops the workers, a held prefix is unsearched */
        solve_worker(&args[0]);
        for (int i = 1; i <= started; i++) pthread_join(th[i], NULL);
        spent += sh->sp.nodes;
        int capped = 0;
        for (int i = 0; i <= started; i++) capped |= w[i].cur >= 0;
        if (sh->sp.rc) {
            rc = sh->sp.rc;
            break;
        }
        if (capped) {
            rc = EC_BOUND;
            break;
        }
        if ((found = ec__opt_split_solution(&sh->sp, mv))) break;
    }
    *nodes = spent;
    if (rc == EC_BOUND) *len = d; /* every shorter depth was searched completely */
    if (!rc && found) {
        if (cap < d) rc = EC_E_BUFFER;
        else {
            memcpy(moves, mv, (size_t)d);
            *len = d;
            ec_cube t = *c;
            ec_cube_moves(&t, moves, d);
            if (!ec_cube_is_solved(&t)) rc = EC_E_INTERNAL; /* verified before it is reported */
        }
    }
    free(w);
    free(sh);
    return rc;
}
