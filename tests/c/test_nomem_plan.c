/*
 * test_nomem_plan.c - HuGO!'s plan (plan=1) with each allocation from the run's first step on
 * failing in turn, in one process whose exact tables start unbuilt: optima.c's block tables and
 * twogen_optima.c's five <U,R> tables (built once, a bounded slice a step, in the run's first
 * units, before phase 1's first generation), phase 1's end (the block choice), then the phase-2
 * and phase-3 populations, including the new ones of their extra rounds (hugo.c's renew).
 *
 * Failing allocations: the suite is linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
 * (CMakeLists.txt), so the core's calls reach __wrap_* here and pass on to the real allocator
 * (glibc's, or the sanitizers' under EC_SANITIZE: this suite also runs under ASan, which finds
 * a leak or a bad access on the failure paths); the k-th call of an armed run returns NULL.
 *
 * The run: a scramble whose phase 1 ends within 100 generations and whose phases 2 and 3 take
 * more than one round each (checked below). First a run with no failure, in a forked child so
 * that this process's tables stay unbuilt, gives each step's allocation count and phase, the
 * total, the solution and ec_optima_bytes with every table built. Then for each allocation
 * index k from the start of the run's first step, ascending: the run again with call k
 * failing. It must end with EC_E_NOMEM (the step's status; ec_solver_status then EC_GAVE_UP
 * and no solution), or be done with a solution that solves the cube; a run whose call k is
 * never made must give the child's solution. A run that built tables (ec_optima_bytes grew)
 * made the later runs' calls fewer: the child counts again and k follows the same call. Each
 * run takes the module's resumable build further, so its steps come sooner than the count's:
 * a refusal's step is checked against the count once the build is complete (then counted
 * again), and k goes on from the step that ends phase 1 (with every table built, phase 1's
 * populations are made as the run opens and its generations allocate nothing).
 * Checked to have happened: each <U,R> table's allocation failing (known by its size) and
 * leaving none of the five built, and a refused population in a round of phase 2 and of phase 3
 * (a step in mid-phase: the only allocations there are a new round's population; this run's
 * phase-2 rounds end with the goal but too far from the exact optimum, its phase-3 rounds
 * without the goal, so both of hugo.c's renew returns fail: scripts/coverage-errors.mjs counts
 * them), and, natively, no memory kept by the refused runs (ec_memory_in_use, with a margin).
 * About 175 runs and 4 recounts (each a whole run in a child, the tables built in it): 9 s natively
 * (loaded 2-core machine).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "evocube.h"
#include "search/optima.h"

extern void *__real_malloc(size_t n);
extern void *__real_calloc(size_t n, size_t size);
extern void *__real_realloc(void *p, size_t n);

static long fail_at = -1; /* the call that fails (counted from 0 while armed), -1: none */
static long calls;        /* calls while armed */
static int armed, failed, step_now, failed_step;
static size_t failed_size;

static int fail_now(size_t n)
{
    if (!armed) return 0;
    if (calls++ != fail_at) return 0;
    failed = 1;
    failed_size = n;
    failed_step = step_now;
    return 1;
}

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n) { return fail_now(n) ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return fail_now(n * size) ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return fail_now(n) ? NULL : __real_realloc(p, n); }

#define SCRAMBLE "U F R' L D2"
#define SEED 1
#define PARAMS "plan=1,planRounds=3,population=30,generations1=4,generations2=40,generations3=40,minRounds1=1,restart1=1,maxGenerations=3000"
#define MAX_STEPS 3001
#define MEM_MARGIN 65536 /* bytes: a population kept by each refused run would be far more */

/* twogen_optima.c's five <U,R> tables, bytes (its header): corners x twists, the 120 corner
 * arrangements x edges, twists x edges, the reduction's corner permutation and flips x slots */
static const size_t UR_SIZES[5] = {720 * 243, 120 * 5040, 243 * 5040, 40320, 2048 * 792};

static char F[EC_FACELETS_SIZE], SOLVED[EC_FACELETS_SIZE];

/* one run: the calls at each step's start (start[s], and start[steps] = the total) and the
 * phase of each step's progress record (the phase its generation ran in) */
typedef struct trace {
    int steps, status;
    long start[MAX_STEPS + 1];
    int8_t phase[MAX_STEPS];
    int8_t unit[MAX_STEPS]; /* 1: the step's records are units that are not generations (the
                             * exact tables' build first, at generation 0; the block choice's) */
    long table_bytes; /* ec_optima_bytes after the run */
    char solution[512];
} trace;

static int solves(const char *sol)
{
    char out[EC_FACELETS_SIZE];
    return ec_facelets_apply(F, sol, out, sizeof out, NULL, 0) == EC_OK && !strcmp(out, SOLVED);
}

/* the run with call k failing (-1: none); *tr filled. Returns the first error or the final
 * status (EC_DONE with tr->solution, EC_GAVE_UP) */
static int run(long k, trace *tr)
{
    memset(tr, 0, sizeof *tr);
    calls = 0;
    failed = 0;
    fail_at = k;
    step_now = -1;
    armed = 1;
    ec_solver *h = NULL;
    int rc = ec_solver_new("hugo", F, SEED, PARAMS, &h, NULL, 0);
    int st = rc ? rc : EC_RUNNING;
    int64_t gen = -1;
    while (st == EC_RUNNING && tr->steps < MAX_STEPS) {
        tr->start[tr->steps] = calls;
        step_now = tr->steps;
        st = ec_solver_step(h, 1);
        ec_progress rec[4];
        int n;
        tr->phase[tr->steps] = -1;
        do {
            n = 0;
            if (ec_solver_progress(h, rec, 4, &n)) break;
            if (n) tr->phase[tr->steps] = (int8_t)rec[n - 1].phase;
            if (n) tr->unit[tr->steps] = rec[n - 1].gen == gen || rec[n - 1].gen == 0;
            if (n) gen = rec[n - 1].gen;
        } while (n == 4);
        tr->steps++;
    }
    tr->start[tr->steps] = calls;
    if (st == EC_DONE) {
        rc = ec_solver_solution(h, tr->solution, sizeof tr->solution);
        if (rc) st = rc;
    }
    armed = 0;
    if (st < 0 && h) { /* an error ends the run: nothing claimed solved */
        char buf[64];
        CHECK(ec_solver_status(h) == EC_GAVE_UP, "status after error %d: %d", st, ec_solver_status(h));
        CHECK(ec_solver_solution(h, buf, sizeof buf) == EC_E_STATE, "a solution after error %d", st);
        CHECK(ec_solver_step(h, 1) == EC_GAVE_UP, "a step after error %d", st);
    }
    ec_solver_free(h);
    tr->status = st;
    tr->table_bytes = ec_optima_bytes();
    return st;
}

/* the run with no failure in a forked child (this process's tables stay as they are) */
static void count(trace *tr)
{
    int fd[2];
    REQUIRE_RC(pipe(fd), 0);
    pid_t pid = fork();
    REQUIRE_RC(pid < 0, 0);
    if (pid == 0) {
        close(fd[0]);
        static trace t;
        run(-1, &t);
        const char *p = (const char *)&t;
        size_t left = sizeof t;
        while (left > 0) {
            ssize_t w = write(fd[1], p, left);
            if (w <= 0) _exit(1);
            p += w, left -= (size_t)w;
        }
        _exit(0); /* no exit handlers: the parent's coverage profile and leak check are its own */
    }
    close(fd[1]);
    char *p = (char *)tr;
    size_t got = 0;
    while (got < sizeof *tr) {
        ssize_t r = read(fd[0], p + got, sizeof *tr - got);
        if (r <= 0) break;
        got += (size_t)r;
    }
    close(fd[0]);
    int ws = 0;
    waitpid(pid, &ws, 0);
    REQUIRE_RC(got == sizeof *tr && WIFEXITED(ws) && WEXITSTATUS(ws) == 0, 1);
}

/* the step of tr that makes call k (its start at most k, the next start above it), or -1 */
static int step_of(const trace *tr, long k)
{
    for (int s = 0; s < tr->steps; s++)
        if (tr->start[s] <= k && k < tr->start[s + 1]) return s;
    return -1;
}

int main(void)
{
    REQUIRE_RC(ec_facelets_apply(NULL, SCRAMBLE, F, sizeof F, NULL, 0), EC_OK);
    REQUIRE_RC(ec_facelets_apply(NULL, "", SOLVED, sizeof SOLVED, NULL, 0), EC_OK);
    char msg[64];
    ec_strerror(EC_E_NOMEM, msg, sizeof msg);
    CHECK(strstr(msg, "memory") != NULL, "ec_strerror(EC_E_NOMEM): \"%s\"", msg);
    REQUIRE_RC(ec_optima_bytes() == 0, 1); /* nothing built yet */

    static trace cnt, got;
    count(&cnt);
    REQUIRE_RC(cnt.status, EC_DONE);
    CHECK(solves(cnt.solution), "the unarmed run's solution \"%s\" does not solve %s", cnt.solution, SCRAMBLE);
    const long full = cnt.table_bytes; /* every table built */
    long ur_total = 0;
    for (int i = 0; i < 5; i++) ur_total += (long)UR_SIZES[i];
    CHECK(full > ur_total, "ec_optima_bytes %ld after a plan run, the <U,R> tables alone %ld", full, ur_total);
    /* the step that ends phase 1: its last generation (the choice's units come after it);
     * phases 2-3's rounds */
    int end1 = -1, rounds[3] = {0, 0, 0};
    for (int s = 0; s + 1 < cnt.steps; s++) {
        if (cnt.phase[s] == 0 && !cnt.unit[s] && (cnt.phase[s + 1] != 0 || cnt.unit[s + 1])) end1 = s;
        if (cnt.phase[s] > 0 && cnt.phase[s + 1] == cnt.phase[s] && cnt.start[s + 1] > cnt.start[s]) rounds[cnt.phase[s]]++;
    }
    REQUIRE_RC(end1 > 0, 1); /* phase 1 ran (no block at the start) */
    CHECK(rounds[1] > 0 && rounds[2] > 0, "rounds with a new population: phase 2 %d, phase 3 %d", rounds[1], rounds[2]);
    printf("unarmed: %d steps, %ld allocations, phase 1 ends at step %d (allocation %ld), %ld table bytes, %s\n", cnt.steps,
           cnt.start[cnt.steps], end1, cnt.start[end1], full, cnt.solution);

    int ur_failed[5] = {0}, refused_round[3] = {0, 0, 0}, nomem = 0, fallback = 0, recounts = 0;
    long k = cnt.start[0], runs = 0;
    const long mem0 = ec_memory_in_use() - ec_optima_bytes(); /* the bytes in use but the tables' */
    for (;; runs++) {
        const long bytes0 = ec_optima_bytes();
        int parts, building = ec__ur_build_done(&parts) < parts; /* a run goes on with the module's build */
        int st = run(k, &got);
        if (!failed) { /* call k was never made: the run as unarmed */
            CHECK(st == EC_DONE && !strcmp(got.solution, cnt.solution), "run past the last allocation (%ld): status %d, \"%s\"",
                  k, st, got.solution);
            CHECK(got.table_bytes == full, "tables %ld bytes after a whole run, want %ld", got.table_bytes, full);
            break;
        }
        CHECK(st == EC_E_NOMEM || st == EC_DONE, "allocation %ld failed: status %d, want EC_E_NOMEM", k, st);
        if (st == EC_DONE) {
            fallback++;
            CHECK(solves(got.solution), "allocation %ld failed: solution \"%s\" does not solve the cube", k, got.solution);
        }
        if (st == EC_E_NOMEM) {
            nomem++;
            const int s = step_of(&cnt, k);
            /* while the module's build goes on, each run takes it further: its steps come sooner */
            if (!building) CHECK(s >= 0 && s == failed_step, "allocation %ld: in step %d, the unarmed run's %d", k, failed_step, s);
            for (int i = 0; i < 5; i++)
                if (failed_size == UR_SIZES[i] && building && failed_step < end1) { /* the tables' build, in the run's first units */
                    ur_failed[i]++;
                    CHECK(got.table_bytes == full - ur_total, "a <U,R> table refused (%zu bytes): %ld table bytes kept, want %ld",
                          failed_size, got.table_bytes, full - ur_total);
                }
            if (s > end1 && s + 1 < cnt.steps && cnt.phase[s] > 0 && cnt.phase[s + 1] == cnt.phase[s]) refused_round[cnt.phase[s]]++;
        }
        if (got.table_bytes != bytes0 || (building && ec__ur_build_done(&parts) == parts)) { /* tables built: the later calls and steps come sooner */
            const long total0 = cnt.start[cnt.steps];
            count(&cnt);
            recounts++;
            REQUIRE_RC(cnt.status, EC_DONE);
            k -= total0 - cnt.start[cnt.steps];
            end1 = -1;
            for (int s = 0; s + 1 < cnt.steps; s++)
                if (cnt.phase[s] == 0 && !cnt.unit[s] && (cnt.phase[s + 1] != 0 || cnt.unit[s + 1])) end1 = s;
            REQUIRE_RC(end1 > 0, 1);
            /* every table built: phase 1's populations are made as the run opens and its
             * generations allocate nothing, so on from the step that ends phase 1 */
            if (got.table_bytes == full && k < cnt.start[end1] - 1) k = cnt.start[end1] - 1;
        }
        k++;
    }
    /* natively (glibc's statistics; 0 under the sanitizers, whose leak check runs at exit): a
     * refused run keeps nothing; glibc's per-thread caches count as in use, so a margin */
    const long grew = ec_memory_in_use() - ec_optima_bytes() - mem0;
    if (mem0 > 0) CHECK(grew < MEM_MARGIN, "%ld bytes more in use after %ld runs (tables apart), want under %d", grew, runs, MEM_MARGIN);
    for (int i = 0; i < 5; i++)
        CHECK(ur_failed[i] == 1, "the <U,R> table of %zu bytes refused %d times, want once", UR_SIZES[i], ur_failed[i]);
    CHECK(refused_round[1] > 0 && refused_round[2] > 0, "a refused new round: phase 2 %d, phase 3 %d", refused_round[1], refused_round[2]);
    printf("%ld runs from the first step: %d refused with EC_E_NOMEM (<U,R> tables %d, new rounds: phase 2 %d, phase 3 %d), %d "
           "recovered, %d recounts\n",
           runs, nomem, ur_failed[0] + ur_failed[1] + ur_failed[2] + ur_failed[3] + ur_failed[4], refused_round[1], refused_round[2],
           fallback, recounts);
    if (mem0 > 0) printf("%ld bytes more in use after the runs (tables apart)\n", grew);
    DONE();
}
