/*
 * pool.h - the optimal solver's worker threads (pool.c): a process-wide set of threads that
 * sleep between jobs, so a stepped solver runs them for one step's budget and returns with
 * them parked, and the next step wakes the same threads.
 *
 * With EC_OPTIMAL_THREADS (POSIX threads: native builds and the threaded wasm module, whose
 * Emscripten pool pre-starts the workers these threads run on) up to EC_OPT_POOL_MAX - 1
 * threads are started on first need and kept; without it (the one-thread module) no thread
 * exists and a job runs on the caller alone. A thread that cannot be started (the module's
 * pre-started pool is smaller than asked) is not an error: the job runs on fewer threads,
 * and ec__opt_pool_run says how many.
 * Invariants: one job at a time (the caller's step); the call returns only after every thread
 * has finished the job and parked (everything the job wrote is then visible to the caller).
 */
#ifndef EC_OPT_POOL_H
#define EC_OPT_POOL_H

#define EC_OPT_POOL_MAX 64

/* job(arg, who) on `n` participants (the caller is who = 0, threads 1..): returns the number
 * that ran it (1..n; 1 when no thread could be started or threads are not built in). */
int ec__opt_pool_run(void (*job)(void *arg, int who), void *arg, int n);
/* 1 when this build has threads (EC_OPTIMAL_THREADS) */
int ec__opt_pool_threaded(void);

#endif
