/*
 * build.c - the optimal table's build on the pool's threads (ec_optimal_table_build_step_threads,
 * evocube.h): ec_optimal_table_build_step's slices, with each slice of a pass that may be
 * split (a backward pass, or a forward pass of the h48 table) cut into chunks of classes that
 * the caller and the pool's threads take from a shared counter. The other tables' forward
 * passes and the corner table run on the caller alone (each is a small share of a build). The same bytes as the one-thread build
 * (ec_optimal_table_work's contract); a build without threads runs every chunk on the caller.
 * Costs: one pool wake-up a slice; chunks of about an eighth of a thread's share of the slice,
 * so a thread that finishes early takes more.
 */
#include "search/optimal.h"
#include "solvers/optimal/pool.h"

typedef struct range_job {
    int c1, chunk;
    int next; /* atomic: the next chunk's first class */
    int rc;   /* atomic: the first error */
} range_job;

static void range_run(void *arg, int who)
{
    (void)who;
    range_job *j = arg;
    for (;;) {
        int c0 = __atomic_fetch_add(&j->next, j->chunk, __ATOMIC_RELAXED);
        if (c0 >= j->c1 || __atomic_load_n(&j->rc, __ATOMIC_RELAXED)) return;
        int rc = ec_optimal_table_work(c0, c0 + j->chunk < j->c1 ? c0 + j->chunk : j->c1);
        if (rc) {
            int none = 0;
            __atomic_compare_exchange_n(&j->rc, &none, rc, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        }
    }
}

static int split_range(void *arg, int c0, int c1)
{
    int threads = *(const int *)arg;
    int chunk = (c1 - c0) / (threads * 8);
    chunk += chunk & 1; /* every chunk starts on an even class */
    if (chunk < 2) chunk = 2;
    range_job j = {c1, chunk, c0, 0};
    ec__opt_pool_run(range_run, &j, threads);
    return j.rc;
}

int ec_optimal_table_build_step_threads(int work, int threads)
{
    if (threads < 1 || threads > EC_OPT_POOL_MAX) return EC_E_RANGE;
    if (threads == 1) return ec_optimal_table_build_step(work);
    return ec__opt_build_step(work, split_range, &threads);
}
