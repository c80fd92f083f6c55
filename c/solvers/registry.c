/*
 * registry.c - the list of solvers (solvers.def) and what is read from it by name:
 * ec_solver_new and ec_solver_new_island (look the implementation up, then open a handle on it through the handle's
 * ec__solver_open) and ec_solver_list_json (every solver's descriptor, params and presets
 * included, in solvers.def's order). It knows the families only by the ec_solver_impl
 * symbols solvers.def names, never by their headers.
 */
#include <stddef.h>
#include <string.h>

#include "core/json.h"
#include "core/util.h"
#include "solver/solver.h"

#define EC_SOLVER(sym) extern const ec_solver_impl sym;
#include "solvers/solvers.def"
#undef EC_SOLVER

static const ec_solver_impl *const registry[] = {
#define EC_SOLVER(sym) &sym,
#include "solvers/solvers.def"
#undef EC_SOLVER
    NULL};

static const ec_solver_impl *find_impl(const char *name, int len)
{
    for (int i = 0; registry[i]; i++)
        if ((int)strlen(registry[i]->name) == len && !memcmp(registry[i]->name, name, (size_t)len)) return registry[i];
    return NULL;
}

int ec_solver_new(const char *kind, const char *facelets, uint32_t seed, const char *params, ec_solver **out,
                  char *msg, int msgsize)
{
    if (!kind) return ec__msg(EC_E_NULL, msg, msgsize, "no solver name given");
    return ec_solver_new_island_n(kind, ec__cstr_len(kind), facelets, ec__cstr_len(facelets), seed, params,
                                  ec__cstr_len(params), 0, 1, out, msg, msgsize);
}

int ec_solver_new_n(const char *kind, int klen, const char *facelets, int flen, uint32_t seed,
                    const char *params, int plen, ec_solver **out, char *msg, int msgsize)
{
    return ec_solver_new_island_n(kind, klen, facelets, flen, seed, params, plen, 0, 1, out, msg, msgsize);
}

int ec_solver_new_island(const char *kind, const char *facelets, uint32_t seed, const char *params, int island,
                         int islands, ec_solver **out, char *msg, int msgsize)
{
    if (!kind) return ec__msg(EC_E_NULL, msg, msgsize, "no solver name given");
    return ec_solver_new_island_n(kind, ec__cstr_len(kind), facelets, ec__cstr_len(facelets), seed, params,
                                  ec__cstr_len(params), island, islands, out, msg, msgsize);
}

int ec_solver_new_island_n(const char *kind, int klen, const char *facelets, int flen, uint32_t seed,
                           const char *params, int plen, int island, int islands, ec_solver **out, char *msg,
                           int msgsize)
{
    if (!kind || !out) return ec__msg(EC_E_NULL, msg, msgsize, "no solver name given");
    *out = NULL;
    int rc = ec__text_check(kind, klen, "solver name", NULL, msg, msgsize);
    if (rc) return rc;
    const ec_solver_impl *impl = find_impl(kind, klen);
    if (!impl) {
        char names[256] = "";
        for (int i = 0; registry[i]; i++) {
            if (i) strncat(names, ", ", sizeof names - strlen(names) - 1);
            strncat(names, registry[i]->name, sizeof names - strlen(names) - 1);
        }
        return ec__msg(EC_E_SOLVER_UNKNOWN, msg, msgsize, "unknown solver \"%.*s\"; the solvers are: %s",
                       klen < 40 ? klen : 40, kind,
                       registry[0] ? names : "(none)");
    }
    return ec__solver_open_island_n(impl, facelets, flen, seed, params, plen, island, islands, out, msg, msgsize);
}

int ec_solver_list_json(char *buf, int size)
{
    if (!buf) return EC_E_NULL;
    ec_json j;
    ec__json_init(&j, buf, size);
    ec__json_raw(&j, "[");
    for (int i = 0; registry[i]; i++) {
        const ec_solver_impl *s = registry[i];
        ec__json_raw(&j, i ? ",{" : "{");
        ec__json_key(&j, "name", 1);
        ec__json_str(&j, s->name);
        ec__json_key(&j, "title", 0);
        ec__json_str(&j, s->title);
        ec__json_key(&j, "label", 0);
        ec__json_str(&j, s->label);
        ec__json_key(&j, "short", 0);
        ec__json_str(&j, s->short_label);
        ec__json_key(&j, "workUnit", 0);
        ec__json_str(&j, s->work_unit);
        ec__json_key(&j, "fitness", 0);
        ec__json_str(&j, s->fitness);
        ec__json_key(&j, "better", 0);
        ec__json_str(&j, s->better == EC_HIGHER_IS_BETTER ? "higher" : "lower");
        ec__json_key(&j, "phases", 0);
        ec__json_raw(&j, "[");
        for (int k = 0; k < s->nphases; k++) {
            if (k) ec__json_raw(&j, ",");
            ec__json_str(&j, s->phases[k]);
        }
        ec__json_raw(&j, "]");
        ec__json_key(&j, "goals", 0);
        ec__json_raw(&j, "[");
        for (int k = 0; k < s->nphases; k++) {
            if (k) ec__json_raw(&j, ",");
            ec__json_str(&j, s->goals ? s->goals[k] : "");
        }
        ec__json_raw(&j, "]");
        ec__json_key(&j, "optima", 0);
        ec__json_raw(&j, s->phase_optimum ? "true" : "false");
        static const char *const families[] = {"evolution", "swarm", "exact"};
        static const char *const records[] = {"best", "population", "agents", "solutions"};
        ec__json_key(&j, "family", 0);
        ec__json_str(&j, s->family >= 0 && s->family < EC_COUNT(families) ? families[s->family] : "evolution");
        ec__json_key(&j, "records", 0);
        ec__json_str(&j, s->records >= 0 && s->records < EC_COUNT(records) ? records[s->records] : "best");
        if (s->agents) {
            ec__json_key(&j, "agents", 0);
            ec__json_str(&j, s->agents);
            ec__json_key(&j, "neighbours", 0);
            ec__json_raw(&j, s->neighbours ? "true" : "false");
        }
        ec__json_key(&j, "islands", 0);
        ec__json_raw(&j, s->migrant_context && s->export_migrants && s->import_migrants ? "true" : "false");
        ec__json_key(&j, "quick", 0);
        ec__json_raw(&j, s->quick ? "true" : "false");
        ec__json_key(&j, "params", 0);
        ec__json_raw(&j, "[");
        for (int k = 0; k < s->nparams; k++) {
            const ec_param_def *d = &s->params[k];
            ec__json_raw(&j, k ? ",{" : "{");
            ec__json_key(&j, "key", 1);
            ec__json_str(&j, d->key);
            ec__json_key(&j, "default", 0);
            ec__json_num(&j, d->def);
            ec__json_key(&j, "min", 0);
            ec__json_num(&j, d->min);
            ec__json_key(&j, "max", 0);
            ec__json_num(&j, d->max);
            ec__json_key(&j, "integer", 0);
            ec__json_raw(&j, d->integer ? "true" : "false");
            ec__json_key(&j, "help", 0);
            ec__json_str(&j, d->help);
            if (d->names) { /* "exact|first20" -> "names":["exact","first20"] */
                ec__json_key(&j, "names", 0);
                ec__json_raw(&j, "[");
                char name[64];
                for (int v = 0; ec__param_value_name(d, v, name, sizeof name); v++) {
                    if (v) ec__json_raw(&j, ",");
                    ec__json_str(&j, name);
                }
                ec__json_raw(&j, "]");
            }
            ec__json_raw(&j, "}");
        }
        ec__json_raw(&j, "]");
        ec__json_key(&j, "presets", 0);
        ec__json_raw(&j, "[");
        for (int k = 0; k < s->npresets; k++) {
            ec__json_raw(&j, k ? ",{" : "{");
            ec__json_key(&j, "name", 1);
            ec__json_str(&j, s->presets[k].name);
            ec__json_key(&j, "params", 0);
            ec__json_str(&j, s->presets[k].params);
            ec__json_key(&j, "help", 0);
            ec__json_str(&j, s->presets[k].help);
            ec__json_raw(&j, "}");
        }
        ec__json_raw(&j, "]}");
    }
    ec__json_raw(&j, "]");
    return j.overflow ? EC_E_BUFFER : EC_OK;
}
