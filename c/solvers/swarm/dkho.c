/*
 * dkho.c - solver "dkho": the discrete krill herd of the swarm thesis
 * (shared/papers/swarm-intelligence-rubiks-cube.md, section 3.4, equations 3.8-3.9).
 *
 * Every krill is a path of moves from the scrambled cube (its genes) and the state it
 * reaches. Each iteration has the thesis's four stages:
 *  1. move selection: a krill takes the move with the lowest Kociemba(S+m) if that is below
 *     its current fitness (greedy, as in greedy.c); otherwise it spins a roulette wheel with
 *     P(m) proportional to 1/Kociemba(S+m) (eq. 3.8);
 *  2. killing: globalMinimum = the lowest fitness in this iteration; every krill with
 *     fitness > globalMinimum/2 + globalMinimum (eq. 3.9) dies (compared in integers:
 *     2*fitness > 3*globalMinimum);
 *  3. reproduction: while the herd is below its size and at least two krill survived, two
 *     distinct random survivors are cut at one random point and their tails swapped
 *     (A[:c]+B[c:], B[:c]+A[c:]); the offspring are replayed from the scrambled cube. A lone
 *     survivor cannot reproduce, so the herd stays at 1 (the thesis's "Total 1" rows);
 *  4. mutation: each offspring whose fitness is above the threshold has `mutations` random
 *     positions of its path replaced by a random move each, and is re-evaluated.
 *
 * Data: per krill its cube, path and fitness (two arrays, the herd and the next herd).
 * Costs per iteration: 18 fitness requests per krill (cached), a replay of each
 * offspring's path (O(length) cubie multiplies). Memory: two herds of paths of at most
 * SW_MAX_PATH bytes (krill <= 2000).
 *
 * Progress (one record per iteration, swarm/common.h): best = lowest fitness seen in the
 * run, mean = mean fitness of the herd after the iteration, diversity = share of distinct
 * states in the herd, solvedShare = share of the herd at the solved state.
 *
 * finish=0 (default) stops at the first iteration in which a krill is solved and returns
 * the shortest solved path; finish=1 lets the herd go on (a solved krill stays put, and
 * globalMinimum 0 kills every unsolved krill) until all are solved, as the thesis counts
 * them, or the iterations run out.
 *
 * Deviations and choices the thesis leaves open:
 *  - ties in the greedy choice go to the lowest move code; a krill next to the solved state
 *    takes that move (1/0 is infinite in eq. 3.8);
 *  - the cut point is uniform in 1..len-1 of the shorter parent (both parts non-empty);
 *    with paths of length 1 the offspring are copies of the parents;
 *  - the number of mutated positions is a param (`mutations`, default 2: the thesis says
 *    "random points" without a number); mutation happens once, not until fit;
 *  - a krill whose path would pass SW_MAX_PATH moves ends the run (EC_GAVE_UP).
 * The author's published code mutates a random 1..len positions: mutationDraw=1 (opt-in).
 * Events (common.h): kills, offspring, mutated offspring, positions mutated, greedy moves,
 * roulette moves.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/cube.h"
#include "solvers/swarm/common.h"
#include "solvers/swarm/dkho.h"

typedef struct krill {
    ec_cube cube;
    sw_path path;
    int fit;
} krill;
_Static_assert(offsetof(krill, cube) == 0, "sw_distinct reads each agent's cube first");

typedef struct dkho_state {
    int size, n, finish, mutations, draw;
    int64_t ev[EC_PROGRESS_EVENTS]; /* common.h: kills, offspring, mutated, positions, greedy, roulette */
    int64_t limit, iter;
    krill *k, *next;
    int *survivors;
    ec_cube start;
    sw_path gpath;
    int gfit;
    sw_fit fit;
    ec_rng rng;
} dkho_state;

static void dkho_destroy(void *state)
{
    dkho_state *s = state;
    if (!s) return;
    for (int i = 0; i < s->size; i++) {
        if (s->k) sw_path_free(&s->k[i].path);
        if (s->next) sw_path_free(&s->next[i].path);
    }
    free(s->k);
    free(s->next);
    free(s->survivors);
    sw_path_free(&s->gpath);
    sw_fit_free(&s->fit);
    free(s);
}

static int dkho_create(ec_solver *h, void **state)
{
    dkho_state *s = calloc(1, sizeof *s);
    if (!s) return EC_E_NOMEM;
    s->size = s->n = (int)ec__param(h, "krill");
    s->limit = (int64_t)ec__param(h, "iterations");
    s->finish = (int)ec__param(h, "finish");
    s->mutations = (int)ec__param(h, "mutations");
    s->draw = (int)ec__param(h, "mutationDraw");
    sw_fit_init_params(&s->fit, h);
    ec_rng_seed(&s->rng, h->seed);
    s->start = h->start;
    s->k = calloc((size_t)s->size, sizeof *s->k);
    s->next = calloc((size_t)s->size, sizeof *s->next);
    s->survivors = calloc((size_t)s->size, sizeof *s->survivors);
    int f = s->k && s->next && s->survivors ? sw_fitness(&s->fit, &h->start) : EC_E_NOMEM;
    if (f < 0) {
        dkho_destroy(s);
        return f;
    }
    for (int i = 0; i < s->n; i++) {
        s->k[i].cube = h->start;
        s->k[i].fit = f;
    }
    s->gfit = f;
    *state = s;
    return EC_OK;
}

int ec__dkho_survives(int fit, int gm) { return 2 * fit <= 3 * gm; }

double ec__dkho_weight(int fit) { return 1.0 / fit; }

/* Stage 1 for one krill. */
static int select_move(dkho_state *s, krill *k)
{
    int nb[18];
    int rc = sw_neighbours(&s->fit, &k->cube, nb);
    if (rc) return rc;
    int m = 0;
    for (int j = 1; j < 18; j++)
        if (nb[j] < nb[m]) m = j;
    if (nb[m] >= k->fit && nb[m] > 0) { /* greedy failed: roulette by eq. 3.8 */
        double w[18];
        for (int j = 0; j < 18; j++) w[j] = ec__dkho_weight(nb[j]);
        m = sw_roulette(&s->rng, w, 0x3FFFFu);
        s->ev[5]++;
    } else
        s->ev[4]++;
    ec_cube_move(&k->cube, m);
    if (sw_path_push(&k->path, (uint8_t)m)) return EC_E_NOMEM;
    k->fit = nb[m];
    return EC_OK;
}

static int replay(dkho_state *s, krill *k)
{
    sw_path_apply(&s->start, &k->path, &k->cube);
    k->fit = sw_fitness(&s->fit, &k->cube);
    return k->fit < 0 ? k->fit : EC_OK;
}

/* Child = head of a (first c moves) + tail of b (from c on). */
static int cross(krill *child, const krill *a, const krill *b, int c)
{
    if (sw_path_copy(&child->path, &b->path)) return EC_E_NOMEM;
    if (c) memcpy(child->path.m, a->path.m, (size_t)c);
    return EC_OK;
}

/* Stages 2-4; returns EC_OK or an error. */
static int kill_and_breed(dkho_state *s, int gm)
{
    int ns = 0;
    for (int i = 0; i < s->n; i++)
        if (ec__dkho_survives(s->k[i].fit, gm)) s->survivors[ns++] = i;
    s->ev[0] += s->n - ns;
    int n = 0;
    for (int i = 0; i < ns; i++) { /* survivors first, in herd order */
        krill *d = &s->next[n++], *src = &s->k[s->survivors[i]];
        if (sw_path_copy(&d->path, &src->path)) return EC_E_NOMEM;
        d->cube = src->cube;
        d->fit = src->fit;
    }
    while (ns >= 2 && n < s->size) {
        int ia = (int)ec_rng_below(&s->rng, (uint32_t)ns);
        int ib = (int)ec_rng_below(&s->rng, (uint32_t)ns - 1);
        if (ib >= ia) ib++;
        const krill *a = &s->k[s->survivors[ia]], *b = &s->k[s->survivors[ib]];
        int len = a->path.n < b->path.n ? a->path.n : b->path.n;
        int c = len >= 2 ? 1 + (int)ec_rng_below(&s->rng, (uint32_t)len - 1) : 0;
        for (int child = 0; child < 2 && n < s->size; child++) {
            krill *d = &s->next[n++];
            s->ev[1]++;
            int rc = child ? cross(d, b, a, c) : cross(d, a, b, c);
            if (!rc) rc = replay(s, d);
            if (rc) return rc;
            if (!ec__dkho_survives(d->fit, gm) && d->path.n > 0) { /* stage 4: mutation */
                int times = s->draw ? 1 + (int)ec_rng_below(&s->rng, (uint32_t)d->path.n) : s->mutations;
                s->ev[2]++;
                s->ev[3] += times;
                for (int t = 0; t < times; t++)
                    d->path.m[ec_rng_below(&s->rng, (uint32_t)d->path.n)] = (uint8_t)ec_rng_below(&s->rng, 18);
                rc = replay(s, d);
                if (rc) return rc;
            }
        }
    }
    krill *t = s->k;
    s->k = s->next;
    s->next = t;
    s->n = n;
    return EC_OK;
}

static int dkho_step(ec_solver *h, void *state, int work)
{
    dkho_state *s = state;
    for (int w = 0; w < work; w++) {
        int gm = -1;
        for (int i = 0; i < s->n; i++) {
            krill *k = &s->k[i];
            if (k->fit > 0) { /* a solved krill stays put (finish=1) */
                if (k->path.n >= SW_MAX_PATH) return EC_GAVE_UP;
                int rc = select_move(s, k);
                if (rc) return rc;
            }
            if (gm < 0 || k->fit < gm) gm = k->fit;
        }
        int rc = kill_and_breed(s, gm);
        if (rc) return rc;
        int64_t sum = 0;
        int solved = 0, shortest = -1;
        for (int i = 0; i < s->n; i++) {
            krill *k = &s->k[i];
            sum += k->fit;
            if (k->fit < s->gfit) {
                s->gfit = k->fit;
                if (sw_path_copy(&s->gpath, &k->path)) return EC_E_NOMEM;
            }
            if (k->fit == 0) {
                solved++;
                if (shortest < 0 || k->path.n < s->k[shortest].path.n) shortest = i;
            }
        }
        s->iter++;
        int distinct = sw_distinct(s->k, sizeof *s->k, s->n);
        if (distinct < 0) return distinct;
        sw_report rep = {s->iter, sum, s->fit.evals, s->gfit, s->n, distinct, solved, &s->gpath,
                         &s->k[0].fit, sizeof *s->k, s->n, s->ev};
        rc = sw_end_iteration(h, &rep, s->finish, s->limit, solved ? &s->k[shortest].path : NULL);
        if (rc != EC_RUNNING) return rc;
    }
    return EC_RUNNING;
}

static const ec_param_def dkho_params[] = {
    {"krill", 25, 2, 2000, 1, "krill in the herd"},
    {"iterations", 100, 1, 1000000, 1, "iterations before giving up"},
    {"mutations", 2, 0, 100, 1, "path positions replaced by a random move in an unfit offspring"},
    {"mutationDraw", 0, 0, 1, 1, "1: mutate a random 1..length positions (the author's code) instead of `mutations`"},
    {"budget", 1000, 0, 10000000, 1, "two-phase search nodes spent per fitness after the first solution"},
    SW_ORACLE_PARAM,
    {"finish", 0, 0, 1, 1, "0: stop when the first krill is solved; 1: run until all are (thesis tables)", "first|all"},
};

static const ec_preset dkho_presets[] = {
    {"kho25", "krill=25,iterations=100", "the thesis's KHO_25/100 (the default)"},
    {"thesis", "oracle=1", "the thesis's oracle: first two-phase solution of at most 20 moves"},
};

static const char *const dkho_phases[] = {"dkho"};
static const char *const dkho_goals[] = {SW_GOAL};

const ec_solver_impl ec_solver_dkho = {
    .name = "dkho",
    .title = "Discrete krill herd (swarm thesis, eqs. 3.8-3.9)",
    .label = "Krill herd (swarm thesis)",
    .short_label = "Krill herd",
    .work_unit = "iteration",
    .fitness = "two-phase distance to solved, in moves (0 = solved)",
    .better = EC_LOWER_IS_BETTER,
    .phases = dkho_phases,
    .nphases = EC_COUNT(dkho_phases),
    .goals = dkho_goals,
    .family = EC_FAMILY_SWARM,
    .records = EC_RECORDS_AGENTS,
    .agents = "krill",
    .params = dkho_params,
    .nparams = EC_COUNT(dkho_params),
    .presets = dkho_presets,
    .npresets = EC_COUNT(dkho_presets),
    .create = dkho_create,
    .step = dkho_step,
    .destroy = dkho_destroy,
};
