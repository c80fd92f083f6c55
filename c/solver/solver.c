/*
 * solver.c - the opaque solver handle's services: opening a handle on an implementation
 * (ec__solver_open, called by the registry's ec_solver_new), stepping, the progress queue,
 * phase composition, verification and the JSON of results. It names no implementation:
 * the list of solvers and the lookup by name are c/solvers/registry.c's.
 */
#include "solver/solver.h"

#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/json.h"
#include "core/util.h"

/* web/core.mjs drains records unread into a scratch of 2048-byte slots (SolverRun.discard) */
_Static_assert(sizeof(ec_progress) <= 2048, "raise RECORD_BYTES in web/core.mjs with it");

int ec__memory_fits(ec_solver *h, double bytes, const char *param)
{
    if (bytes <= EC_RUN_MEMORY_MAX) return EC_OK;
    snprintf(h->why, sizeof h->why,
             "parameter %s: with these params solver %s needs about %.0f MB, more than the %d MB a run may use "
             "(the memory limit); lower %s",
             param, h->impl->name, bytes / 1048576.0, EC_RUN_MEMORY_MAX >> 20, param);
    return EC_E_PARAM_RANGE;
}

double ec__param(const ec_solver *h, const char *key)
{
    for (int i = 0; i < h->impl->nparams; i++)
        if (!strcmp(h->impl->params[i].key, key)) return h->params[i];
    return 0; /* a solver asking for a key it does not define is a bug; tests catch it */
}

int ec__solver_open(const ec_solver_impl *impl, const char *facelets, uint32_t seed, const char *params,
                    ec_solver **out, char *msg, int msgsize)
{
    return ec__solver_open_island_n(impl, facelets, ec__cstr_len(facelets), seed, params,
                                    params ? (int)ec__strnlen(params, EC_MAX_PARAMS_CHARS) : 0, 0, 1, out, msg,
                                    msgsize);
}

int ec__solver_open_island_n(const ec_solver_impl *impl, const char *facelets, int flen, uint32_t seed,
                             const char *params, int plen, int island, int islands, ec_solver **out, char *msg,
                             int msgsize)
{
    if (!impl || !out) return ec__msg(EC_E_NULL, msg, msgsize, "no solver given");
    *out = NULL;
    if (islands < 1 || islands > EC_MAX_ISLANDS)
        return ec__msg(EC_E_RANGE, msg, msgsize, "islands must be a whole number from 1 to %d (got %d)", EC_MAX_ISLANDS,
                       islands);
    if (island < 0 || island >= islands)
        return ec__msg(EC_E_RANGE, msg, msgsize, "island must be from 0 to %d for a run of %d islands (got %d)",
                       islands - 1, islands, island);
    if (islands > 1 && !impl->export_migrants)
        return ec__msg(EC_E_RANGE, msg, msgsize, "solver %s has no island model: islands must be 1 (got %d)", impl->name,
                       islands);
    ec_cube start;
    int rc = ec_cube_from_facelets_n(facelets, flen, &start, msg, msgsize);
    if (rc) return rc;
    ec_solver *h = calloc(1, sizeof *h);
    if (!h) return ec__msg(EC_E_NOMEM, msg, msgsize, "out of memory");
    h->impl = impl;
    memcpy(h->facelets, facelets, 54);
    h->facelets[54] = '\0';
    h->start = start;
    h->seed = ec_island_seed(seed, island);
    h->run_seed = seed;
    h->island = island;
    h->islands = islands;
    h->status = EC_RUNNING;
    rc = ec__params_parse_n(impl, params, plen, h->params, msg, msgsize);
    if (rc) {
        free(h);
        return rc;
    }
    if (islands > 1) {
        h->epoch = h->epoch_left = (int64_t)ec__param(h, "epoch");
        h->migrants = (int)ec__param(h, "migrants");
    }
    if (ec_cube_is_solved(&start)) { /* nothing to do: an empty, verified solution */
        h->status = ec__finish(h);
        *out = h;
        return EC_OK;
    }
    rc = impl->create(h, &h->state);
    if (rc) {
        if (h->why[0]) ec__msg(rc, msg, msgsize, "%s", h->why);
        else ec__msg(rc, msg, msgsize, "solver %s could not start", impl->name);
        free(h);
        return rc;
    }
    *out = h;
    return EC_OK;
}

int ec_solver_step(ec_solver *h, int work)
{
    if (!h) return EC_E_NULL;
    if (work < 1) return EC_E_RANGE;
    if (h->status != EC_RUNNING) return h->status;
    if (h->islands > 1) { /* never past the end of the epoch (islands.c imports to go on) */
        if (h->epoch_left == 0) return EC_EPOCH;
        if (work > h->epoch_left) work = (int)h->epoch_left;
    }
    h->uncounted = 0;
    int rc = h->impl->step(h, h->state, work);
    if (rc == EC_RUNNING && h->islands > 1 && (h->epoch_left -= work - h->uncounted) == 0) {
        h->epochs++;
        return EC_EPOCH;
    }
    if (rc == EC_RUNNING || rc == EC_DONE || rc == EC_GAVE_UP) {
        h->status = rc;
        return rc;
    }
    h->status = EC_GAVE_UP; /* an error ends the run; nothing is claimed solved */
    return rc;
}

int ec_solver_status(const ec_solver *h) { return h ? h->status : EC_E_NULL; }

int ec__emit(ec_solver *h, const ec_progress *rec)
{
    if (h->qhead + h->qlen == h->qcap) {
        if (h->qhead > 0) { /* reclaim the read part first */
            memmove(h->queue, h->queue + h->qhead, (size_t)h->qlen * sizeof *h->queue);
            h->qhead = 0;
        }
        if (h->qlen == h->qcap) {
            int cap = h->qcap ? h->qcap * 2 : 64;
            ec_progress *q = realloc(h->queue, (size_t)cap * sizeof *q);
            if (!q) return EC_E_NOMEM;
            /* zeroed: a record's moves past its n_moves are never read, but stay defined */
            memset(q + h->qcap, 0, (size_t)(cap - h->qcap) * sizeof *q);
            h->queue = q;
            h->qcap = cap;
        }
    }
    /* the record without the unused part of its moves (most of its 1.3 KB; a struct copy is
     * a call out to JS in wasm): the fields before the moves, the moves, the fields after */
    ec_progress *q = &h->queue[h->qhead + h->qlen++];
    int nm = rec->n_moves < 0 ? 0 : rec->n_moves > EC_PROGRESS_MOVES ? EC_PROGRESS_MOVES : rec->n_moves;
    const size_t after = offsetof(ec_progress, moves) + sizeof rec->moves;
    memcpy(q, rec, offsetof(ec_progress, moves));
    memcpy(q->moves, rec->moves, (size_t)nm);
    memcpy((char *)q + after, (const char *)rec + after, sizeof *rec - after);
    h->generations = rec->gen;
    h->evaluations = rec->evaluations;
    return EC_OK;
}

int ec_solver_progress_pending(const ec_solver *h) { return h ? h->qlen : EC_E_NULL; }

int ec_solver_progress(ec_solver *h, ec_progress *records, int cap, int *n)
{
    if (!h || !n || (cap > 0 && !records)) return EC_E_NULL;
    int k = h->qlen < cap ? h->qlen : cap;
    if (k > 0) memcpy(records, h->queue + h->qhead, (size_t)k * sizeof *records);
    h->qhead += k;
    h->qlen -= k;
    if (!h->qlen) h->qhead = 0;
    *n = k;
    return EC_OK;
}

static void json_moves(ec_json *j, const uint8_t *moves, int n)
{
    char text[EC_MAX_ALG_MOVES * 4];
    if (ec_alg_format(moves, n, text, (int)sizeof text)) text[0] = '\0';
    ec__json_str(j, text);
}

/* ,"key":[v0,v1,..] */
static void json_ints(ec_json *j, const char *key, const int64_t *v, int n)
{
    ec__json_key(j, key, 0);
    ec__json_raw(j, "[");
    for (int i = 0; i < n; i++) {
        if (i) ec__json_raw(j, ",");
        ec__json_int(j, v[i]);
    }
    ec__json_raw(j, "]");
}

void ec__progress_pop_fit(ec_progress *r, const int *fit, const int *order, int n, int descending)
{
    const unsigned q = EC_PROGRESS_QUANTILES - 1;
    r->n_pop_fit = n > 0 ? EC_PROGRESS_QUANTILES : 0;
    if (!r->n_pop_fit) return;
    const int *o = descending ? order + n - 1 : order, step = descending ? -1 : 1;
    for (unsigned k = 0, at = q / 2; k < EC_PROGRESS_QUANTILES; k++, at += (unsigned)n - 1)
        r->pop_fit[k] = fit[o[step * (int)(at / q)]]; /* rank round(k (n - 1) / 16), halves up */
}

int ec_solver_progress_json(ec_solver *h, char *buf, int size, int *n)
{
    if (!h || !buf || !n) return EC_E_NULL;
    ec_json j;
    ec__json_init(&j, buf, size);
    *n = 0;
    while (h->qlen) {
        const ec_progress *r = &h->queue[h->qhead];
        int mark = j.pos;
        ec__json_raw(&j, "{");
        ec__json_key(&j, "gen", 1);
        ec__json_int(&j, r->gen);
        ec__json_key(&j, "phase", 0);
        ec__json_int(&j, r->phase);
        ec__json_key(&j, "phaseName", 0);
        ec__json_str(&j, r->phase_name);
        ec__json_key(&j, "best", 0);
        ec__json_num(&j, r->best);
        ec__json_key(&j, "mean", 0);
        ec__json_num(&j, r->mean);
        ec__json_key(&j, "bestLength", 0);
        ec__json_int(&j, r->best_length);
        ec__json_key(&j, "diversity", 0);
        ec__json_num(&j, r->diversity);
        ec__json_key(&j, "evaluations", 0);
        ec__json_int(&j, r->evaluations);
        ec__json_key(&j, "restarts", 0);
        ec__json_int(&j, r->restarts);
        ec__json_key(&j, "found", 0);
        ec__json_int(&j, r->found);
        ec__json_key(&j, "solvedShare", 0);
        ec__json_num(&j, r->solved_share);
        if (r->n_agents > 0) { /* swarm solvers: agents, distinct states, events */
            int64_t fit[EC_PROGRESS_AGENTS];
            int na = r->n_agents < EC_PROGRESS_AGENTS ? r->n_agents : EC_PROGRESS_AGENTS;
            for (int a = 0; a < na; a++) fit[a] = r->agent_fit[a];
            json_ints(&j, "agents", fit, na);
            ec__json_key(&j, "distinct", 0);
            ec__json_int(&j, r->distinct);
            json_ints(&j, "events", r->events, EC_PROGRESS_EVENTS);
        }
        if (r->n_pop_fit > 0) { /* hugo, twes, macro-ga: the population's fitness quantiles */
            int64_t q[EC_PROGRESS_QUANTILES];
            int nq = r->n_pop_fit < EC_PROGRESS_QUANTILES ? r->n_pop_fit : EC_PROGRESS_QUANTILES;
            for (int k = 0; k < nq; k++) q[k] = r->pop_fit[k];
            json_ints(&j, "popFit", q, nq);
        }
        ec__json_key(&j, "bestMoves", 0);
        json_moves(&j, r->moves, r->n_moves < EC_PROGRESS_MOVES ? r->n_moves : EC_PROGRESS_MOVES);
        ec__json_raw(&j, "}\n");
        if (j.overflow) {
            buf[mark] = '\0';
            return *n ? EC_OK : EC_E_BUFFER;
        }
        h->qhead++;
        h->qlen--;
        (*n)++;
    }
    h->qhead = 0;
    return EC_OK;
}

int ec__add_phase(ec_solver *h, const char *name, const uint8_t *moves, int n, int64_t generations)
{
    if (h->nphases == EC_MAX_PHASES) return EC_E_RANGE;
    ec_phase_result *p = &h->phases[h->nphases];
    memset(p, 0, sizeof *p);
    strncpy(p->name, name, sizeof p->name - 1);
    p->moves = malloc(n > 0 ? (size_t)n : 1);
    if (!p->moves) return EC_E_NOMEM;
    if (n > 0) memcpy(p->moves, moves, (size_t)n);
    p->n = n;
    p->generations = generations;
    h->nphases++;
    return EC_OK;
}

int ec__add_part(ec_solver *h, const char *label, const char *rotation, const uint8_t *moves, int n)
{
    for (int i = 0; i < n; i++)
        if (moves[i] >= 18) return EC_E_RANGE;
    if (h->nparts == h->parts_cap) {
        int cap = h->parts_cap ? 2 * h->parts_cap : 32;
        ec_part *p = realloc(h->parts, sizeof *p * (size_t)cap);
        if (!p) return EC_E_NOMEM;
        h->parts = p;
        h->parts_cap = cap;
    }
    if (h->part_moves_len + n > h->part_moves_cap) {
        int cap = h->part_moves_cap ? h->part_moves_cap : 256;
        while (cap < h->part_moves_len + n) cap *= 2;
        uint8_t *m = realloc(h->part_moves, (size_t)cap);
        if (!m) return EC_E_NOMEM;
        h->part_moves = m;
        h->part_moves_cap = cap;
    }
    ec_part *p = &h->parts[h->nparts++];
    memset(p, 0, sizeof *p);
    strncpy(p->label, label, sizeof p->label - 1);
    strncpy(p->rotation, rotation, sizeof p->rotation - 1);
    p->off = h->part_moves_len;
    p->n = n;
    if (n > 0) memcpy(h->part_moves + p->off, moves, (size_t)n);
    h->part_moves_len += n;
    return EC_OK;
}

int ec__finish(ec_solver *h)
{
    int total = 0;
    for (int i = 0; i < h->nphases; i++) total += h->phases[i].n;
    uint8_t *all = malloc(total > 0 ? (size_t)total : 1);
    if (!all) return EC_E_NOMEM;
    int k = 0;
    for (int i = 0; i < h->nphases; i++)
        for (int m = 0; m < h->phases[i].n; m++) {
            if (h->phases[i].moves[m] >= 18) {
                free(all);
                h->status = EC_GAVE_UP;
                return EC_E_NOT_FACE_TURNS;
            }
            all[k++] = h->phases[i].moves[m];
        }
    k = ec_alg_simplify_moves(all, k);
    /* verify on the input as given: apply the face turns to its stickers */
    char text[EC_MAX_ALG_MOVES * 4];
    int rc = k > EC_MAX_ALG_MOVES ? EC_E_ALG_MOVES : ec_alg_format(all, k, text, (int)sizeof text);
    if (rc == EC_OK) rc = ec_verify(h->facelets, text, NULL, 0);
    if (rc) {
        free(all);
        h->status = EC_GAVE_UP;
        return rc == EC_E_NOT_SOLVED || rc == EC_E_ALG_MOVES ? EC_E_NOT_SOLVED : rc;
    }
    free(h->solution);
    h->solution = all;
    h->solution_len = k;
    h->status = EC_DONE;
    return EC_DONE;
}

int ec_solver_solution(const ec_solver *h, char *buf, int size)
{
    if (!h || !buf) return EC_E_NULL;
    if (h->status != EC_DONE) return EC_E_STATE;
    return ec_alg_format(h->solution, h->solution_len, buf, size);
}

int ec_solver_result_json(const ec_solver *h, char *buf, int size)
{
    if (!h || !buf) return EC_E_NULL;
    ec_json j;
    ec__json_init(&j, buf, size);
    int solved = h->status == EC_DONE;
    ec__json_raw(&j, "{");
    ec__json_key(&j, "solver", 1);
    ec__json_str(&j, h->impl->name);
    ec__json_key(&j, "seed", 0);
    ec__json_int(&j, h->run_seed);
    if (h->islands > 1) {
        ec__json_key(&j, "island", 0);
        ec__json_int(&j, h->island);
        ec__json_key(&j, "islands", 0);
        ec__json_int(&j, h->islands);
        ec__json_key(&j, "epochs", 0);
        ec__json_int(&j, h->epochs);
    }
    ec__json_key(&j, "status", 0);
    ec__json_str(&j, h->status == EC_DONE ? "solved" : h->status == EC_RUNNING ? "running" : "gave up");
    ec__json_key(&j, "solved", 0);
    ec__json_raw(&j, solved ? "true" : "false");
    ec__json_key(&j, "solution", 0);
    json_moves(&j, h->solution, solved ? h->solution_len : 0);
    ec__json_key(&j, "length", 0);
    ec__json_int(&j, solved ? h->solution_len : 0);
    ec__json_key(&j, "generations", 0);
    ec__json_int(&j, h->generations);
    ec__json_key(&j, "evaluations", 0);
    ec__json_int(&j, h->evaluations);
    ec__json_key(&j, "phases", 0);
    ec__json_raw(&j, "[");
    for (int i = 0; i < h->nphases; i++) {
        uint8_t tmp[EC_MAX_ALG_MOVES];
        int n = h->phases[i].n < EC_MAX_ALG_MOVES ? h->phases[i].n : EC_MAX_ALG_MOVES;
        memcpy(tmp, h->phases[i].moves, (size_t)n);
        n = ec_alg_simplify_moves(tmp, n);
        ec__json_raw(&j, i ? ",{" : "{");
        ec__json_key(&j, "name", 1);
        ec__json_str(&j, h->phases[i].name);
        ec__json_key(&j, "solution", 0);
        json_moves(&j, tmp, n);
        ec__json_key(&j, "length", 0);
        ec__json_int(&j, n);
        ec__json_key(&j, "generations", 0);
        ec__json_int(&j, h->phases[i].generations);
        ec__json_raw(&j, "}");
    }
    ec__json_raw(&j, "]");
    if (h->nparts && solved) {
        ec__json_key(&j, "parts", 0);
        ec__json_raw(&j, "[");
        for (int i = 0; i < h->nparts; i++) {
            const ec_part *p = &h->parts[i];
            ec__json_raw(&j, i ? ",{" : "{");
            ec__json_key(&j, "label", 1);
            ec__json_str(&j, p->label);
            ec__json_key(&j, "rotation", 0);
            ec__json_str(&j, p->rotation);
            ec__json_key(&j, "moves", 0);
            json_moves(&j, h->part_moves + p->off, p->n);
            ec__json_key(&j, "length", 0);
            ec__json_int(&j, p->n);
            ec__json_raw(&j, "}");
        }
        ec__json_raw(&j, "]");
    }
    ec__json_raw(&j, "}");
    return j.overflow ? EC_E_BUFFER : EC_OK;
}

int ec_solver_free(ec_solver *h)
{
    if (!h) return EC_OK;
    if (h->state) h->impl->destroy(h->state);
    for (int i = 0; i < h->nphases; i++) free(h->phases[i].moves);
    free(h->solution);
    free(h->parts);
    free(h->part_moves);
    free(h->queue);
    free(h);
    return EC_OK;
}
