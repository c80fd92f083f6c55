/*
 * pool.c - the optimal solver's parked worker threads (interface: pool.h).
 *
 * Layout: the shared pool state (a mutex, a condition the threads wait on for a new job
 * generation, one the caller waits on until every thread is done), the thread's loop, the
 * caller's run. Threads are never ended: they park between jobs, costing nothing but their
 * stacks; the process (or the Web Worker holding the module) ends them.
 * Costs: waking and parking the threads is two condition broadcasts a step (microseconds).
 */
#include "solvers/optimal/pool.h"

#ifdef EC_OPTIMAL_THREADS
#include <pthread.h>

static struct {
    pthread_mutex_t mu;
    pthread_cond_t go, parked;
    int started;         /* threads running (1..started are their who) */
    unsigned gen;        /* job generation: a thread runs each generation once */
    int want;            /* participants of the current job */
    int busy;            /* threads still running the current job */
    void (*job)(void *, int);
    void *arg;
} P = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0, 0, 0, 0};

static void *thread_main(void *arg)
{
    int who = (int)(long)arg;
    unsigned seen = 0;
    pthread_mutex_lock(&P.mu);
    for (;;) {
        while (P.gen == seen) pthread_cond_wait(&P.go, &P.mu);
        seen = P.gen;
        if (who >= P.want) continue; /* this job runs on fewer threads */
        void (*job)(void *, int) = P.job;
        void *a = P.arg;
        pthread_mutex_unlock(&P.mu);
        job(a, who);
        pthread_mutex_lock(&P.mu);
        if (--P.busy == 0) pthread_cond_signal(&P.parked);
    }
    return NULL;
}

int ec__opt_pool_run(void (*job)(void *arg, int who), void *arg, int n)
{
    if (n > EC_OPT_POOL_MAX) n = EC_OPT_POOL_MAX;
    if (n < 1) n = 1;
    pthread_mutex_lock(&P.mu);
    while (P.started < n - 1) {
        pthread_t t;
        pthread_attr_t at;
        pthread_attr_init(&at);
        pthread_attr_setstacksize(&at, 256 << 10);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        int rc = pthread_create(&t, &at, thread_main, (void *)(long)(P.started + 1));
        pthread_attr_destroy(&at);
        if (rc) break;
        P.started++;
    }
    if (n > P.started + 1) n = P.started + 1;
    P.want = n;
    P.busy = n - 1;
    P.job = job;
    P.arg = arg;
    P.gen++;
    if (n > 1) pthread_cond_broadcast(&P.go);
    pthread_mutex_unlock(&P.mu);
    job(arg, 0);
    pthread_mutex_lock(&P.mu);
    while (P.busy) pthread_cond_wait(&P.parked, &P.mu);
    pthread_mutex_unlock(&P.mu);
    return n;
}

int ec__opt_pool_threaded(void) { return 1; }

#else

int ec__opt_pool_run(void (*job)(void *arg, int who), void *arg, int n)
{
    (void)n;
    job(arg, 0);
    return 1;
}

int ec__opt_pool_threaded(void) { return 0; }

#endif
