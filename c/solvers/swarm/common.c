/*
 * swarm/common.c - state keys, the insertion-ordered state map, the cached oracle fitness,
 * paths, roulette choice and progress records shared by the swarm solvers (see
 * swarm/common.h for the layouts and costs).
 */
#include "solvers/swarm/common.h"

#include <stdlib.h>
#include <string.h>

#include "core/cube.h"
#include "core/hash.h"
#include "search/twophase.h"

sw_key sw_key_of(const ec_cube *c)
{
    sw_key k = {0, 0};
    for (int i = 0; i < 8; i++) k.a = k.a << 5 | (uint64_t)(c->cp[i] << 2 | c->co[i]);
    for (int i = 0; i < 12; i++) k.b = k.b << 5 | (uint64_t)(c->ep[i] << 1 | c->eo[i]);
    return k;
}

int ec__sw_path_cap0 = 64, ec__sw_map_cap0 = 256;

int sw_map_find(const sw_map *m, sw_key k)
{
    return m->index.keys ? (int)ec__hset_get(&m->index, k.a, k.b) : -1;
}

int sw_map_insert(sw_map *m, sw_key k, int *added)
{
    int i = sw_map_find(m, k);
    if (added) *added = i < 0;
    if (i >= 0) return i;
    if (!m->index.keys && ec__hset_init(&m->index, 512, 1)) return EC_E_NOMEM;
    if (m->n == m->cap) {
        int cap = m->cap ? m->cap * 2 : ec__sw_map_cap0;
        sw_key *keys = realloc(m->keys, (size_t)cap * sizeof *keys);
        if (!keys) return EC_E_NOMEM;
        m->keys = keys;
        m->cap = cap;
    }
    /* at most half full (a valid cube's key is never {0, 0}: its corner word is not) */
    if (2 * (m->index.n + 1) > m->index.mask + 1 && ec__hset_resize(&m->index, 2 * (m->index.mask + 1))) return EC_E_NOMEM;
    if (ec__hset_put(&m->index, k.a, k.b, (uint32_t)m->n) != 1) return EC_E_RANGE;
    m->keys[m->n++] = k;
    return m->n - 1;
}

int sw_map_truncate(sw_map *m, int n)
{
    if (n >= m->n) return EC_OK;
    m->n = n < 0 ? 0 : n;
    if (!m->index.keys) return EC_OK;
    ec__hset_clear(&m->index);
    for (int i = 0; i < m->n; i++) ec__hset_put(&m->index, m->keys[i].a, m->keys[i].b, (uint32_t)i);
    return EC_OK;
}

void sw_map_free(sw_map *m)
{
    free(m->keys);
    ec__hset_free(&m->index);
    memset(m, 0, sizeof *m);
}

void sw_fit_init(sw_fit *f, int budget, int oracle)
{
    memset(f, 0, sizeof *f);
    f->budget = budget;
    f->oracle = oracle;
}

void sw_fit_init_params(sw_fit *f, ec_solver *h)
{
    sw_fit_init(f, (int)ec__param(h, "budget"), (int)ec__param(h, "oracle"));
}

/* The cache key: the state's key with the oracle in the bits the state leaves free. */
static sw_key fit_key(const sw_fit *f, const ec_cube *c)
{
    sw_key k = sw_key_of(c);
    k.b |= (uint64_t)f->oracle << 62;
    return k;
}

int sw_fitness(sw_fit *f, const ec_cube *c)
{
    f->evals++;
    if (ec_cube_is_solved(c)) return 0;
    sw_key k = fit_key(f, c);
    int i = sw_map_find(&f->cache, k);
    if (i >= 0) return f->dist[i];
    int d = f->oracle == SW_ORACLE_FIRST20 ? ec__distance_first(c, 20, SW_FIRST20_NODES) : ec_distance(c, f->budget);
    if (d < 0) return d;
    if (f->cache.n >= SW_CACHE_MAX) sw_map_truncate(&f->cache, 0);
    int added;
    i = sw_map_insert(&f->cache, k, &added);
    if (i < 0) return d; /* no room to remember it: still a correct answer */
    if (i >= f->dcap) {
        int cap = f->cache.cap;
        uint8_t *nd = realloc(f->dist, (size_t)cap);
        if (!nd) {
            sw_map_truncate(&f->cache, i);
            return d;
        }
        f->dist = nd;
        f->dcap = cap;
    }
    f->dist[i] = (uint8_t)(d > 255 ? 255 : d);
    return d;
}

int sw_neighbours(sw_fit *f, const ec_cube *c, int out[18])
{
    for (int m = 0; m < 18; m++) {
        ec_cube t;
        ec_cube_multiply(c, ec__move_cube(m), &t);
        out[m] = sw_fitness(f, &t);
        if (out[m] < 0) return out[m];
    }
    return EC_OK;
}

void sw_fit_free(sw_fit *f)
{
    sw_map_free(&f->cache);
    free(f->dist);
    memset(f, 0, sizeof *f);
}

int sw_path_push(sw_path *p, uint8_t move)
{
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : ec__sw_path_cap0;
        uint8_t *m = realloc(p->m, (size_t)cap);
        if (!m) return EC_E_NOMEM;
        p->m = m;
        p->cap = cap;
    }
    p->m[p->n++] = move;
    return EC_OK;
}

int sw_path_copy(sw_path *dst, const sw_path *src)
{
    if (dst->cap < src->n) {
        uint8_t *m = realloc(dst->m, (size_t)src->n);
        if (!m) return EC_E_NOMEM;
        dst->m = m;
        dst->cap = src->n;
    }
    if (src->n) memcpy(dst->m, src->m, (size_t)src->n);
    dst->n = src->n;
    return EC_OK;
}

void sw_path_free(sw_path *p)
{
    free(p->m);
    memset(p, 0, sizeof *p);
}

void sw_path_apply(const ec_cube *start, const sw_path *p, ec_cube *out)
{
    *out = *start;
    ec_cube_moves(out, p->m, p->n);
}

int sw_roulette(ec_rng *r, const double w[18], uint32_t mask)
{
    double total = 0;
    int last = -1;
    for (int m = 0; m < 18; m++)
        if (mask >> m & 1) {
            total += w[m];
            last = m;
        }
    if (last < 0) return -1;
    double x = ec_rng_unit(r) * total, run = 0;
    for (int m = 0; m < 18; m++)
        if (mask >> m & 1) {
            run += w[m];
            if (x < run) return m;
        }
    return last; /* x rounded up to total */
}

static int key_cmp(const void *x, const void *y)
{
    const sw_key *a = x, *b = y;
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    return a->b < b->b ? -1 : a->b > b->b;
}

int sw_distinct(const void *agents, size_t stride, int n)
{
    if (n <= 0) return 0;
    sw_key *k = malloc(sizeof *k * (size_t)n);
    if (!k) return EC_E_NOMEM;
    for (int i = 0; i < n; i++) {
        ec_cube c;
        memcpy(&c, (const char *)agents + (size_t)i * stride, sizeof c);
        k[i] = sw_key_of(&c);
    }
    qsort(k, (size_t)n, sizeof *k, key_cmp);
    int d = 1;
    for (int i = 1; i < n; i++) d += k[i].a != k[i - 1].a || k[i].b != k[i - 1].b;
    free(k);
    return d;
}

static int sw_emit(ec_solver *h, const sw_report *r)
{
    ec_progress rec;
    memset(&rec, 0, sizeof rec);
    rec.gen = r->iter;
    rec.phase = 0;
    strncpy(rec.phase_name, h->impl->name, sizeof rec.phase_name - 1);
    rec.best = r->best;
    rec.mean = r->agents ? (double)r->fit_sum / r->agents : 0;
    rec.diversity = r->agents > 1 ? (double)r->distinct / r->agents : 0;
    rec.solved_share = r->agents ? (double)r->solved / r->agents : 0;
    rec.evaluations = r->evals;
    int n = r->best_path->n < EC_PROGRESS_MOVES ? r->best_path->n : EC_PROGRESS_MOVES;
    if (n > 0) memcpy(rec.moves, r->best_path->m, (size_t)n);
    rec.n_moves = ec_alg_simplify_moves(rec.moves, n);
    rec.best_length = r->best_path->n <= EC_PROGRESS_MOVES ? rec.n_moves : r->best_path->n;
    rec.n_agents = r->n_fit < EC_PROGRESS_AGENTS ? r->n_fit : EC_PROGRESS_AGENTS;
    for (int i = 0; i < rec.n_agents; i++) {
        int f;
        memcpy(&f, (const char *)r->fit_base + (size_t)i * r->fit_stride, sizeof f);
        rec.agent_fit[i] = (uint8_t)(f < 0 ? 0 : f > 255 ? 255 : f);
    }
    rec.distinct = r->distinct;
    for (int e = 0; e < EC_PROGRESS_EVENTS; e++) rec.events[e] = r->events[e];
    return ec__emit(h, &rec);
}

int sw_end_iteration(ec_solver *h, const sw_report *r, int finish, int64_t limit, const sw_path *shortest)
{
    int rc = sw_emit(h, r);
    if (rc) return rc;
    if (r->solved && (!finish || r->solved == r->agents || r->iter >= limit)) {
        rc = ec__add_phase(h, h->impl->phases[0], shortest->m, shortest->n, r->iter);
        return rc ? rc : ec__finish(h);
    }
    return r->iter >= limit ? EC_GAVE_UP : EC_RUNNING;
}
