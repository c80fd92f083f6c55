/*
 * solver.h - what a solver implementation provides and what the handle gives it.
 *
 * A solver is an ec_solver_impl, written with designated initialisers: its name, texts for
 * people (title, label, short_label, work_unit), what its fitness measures (fitness, one line)
 * and which way is better (better), its phases' names in order (phases, nphases) and each
 * phase's goal in a few words for people (goals, nphases of them: "build a 2x2x3 block"),
 * its family (evolution, swarm, exact), what its records carry (records, agents), whether it
 * solves in seconds (quick), params (with defaults and ranges) and presets (counts by
 * EC_COUNT), three functions, and optional hooks (exact optima, the paper's length count, the
 * island model). ec_solver_list_json carries its facts (the optima and island hooks as
 * "optima" and "islands"; the length count serves the benchmarks), so the page and CLI keep
 * no per-solver table. The handle (solver.c)
 * parses params, re-orients the input cube, handles a solved start, queues progress records,
 * composes the phases' moves, simplifies and verifies the final solution, and builds the JSON
 * the worker and CLI read. The handle names no implementation: c/solvers/registry.c holds the
 * list (solvers.def), looks a name up in ec_solver_new and opens the handle with
 * ec__solver_open.
 *
 * Contract for an implementation:
 *   create(h, &state): allocate its state from h->start, h->seed and ec__param(h, key);
 *   step(h, state, work): do up to `work` units; call ec__emit() once per unit (a unit is
 *     a generation; a unit that is not, as HuGO!'s block choice, repeats its record's gen and
 *     is added to h->uncounted when the solver has islands);
 *     when solved, call ec__add_phase() for each phase's moves (in order) and return
 *     ec__finish(h), which verifies; when the budget is spent, return EC_GAVE_UP;
 *     else return EC_RUNNING;
 *   destroy(state): free it.
 *   phase_optimum (optional; NULL: no exact optima): for ec_solver_optima_json (reference.c),
 *     after a solve, phase `phase` of h->phases, started at `at`: write its fields into j
 *     (first ,"optimum":..., by ec__optimum_json) and return 1; return 0 to write nothing
 *     (the phase has no optimum: "optimum":null), or a negative error.
 *   paper_length (optional): after EC_DONE, the solution's length as the solver's paper
 *     counts it, where that is not the handle's HTM after simplification.
 * Register a new solver with one line in c/solvers/solvers.def and its sources in its family
 * folder's sources.cmake (c/solvers/sources.cmake includes every family's).
 *
 * Islands (evocube.h, "islands"; islands.c): a solver with an island model lists
 * EC_ISLAND_PARAMS(epoch, migrants) among its params, does exactly `work` units in a step
 * that returns EC_RUNNING (the handle counts the epoch in units), and provides:
 *   migrant_context(state): a 64-bit key; migrants move only between equal keys (say the
 *     phase, and what the phase's individuals are relative to);
 *   export_migrants(state, count, buf, size, &n): up to count of its best individuals in
 *     its own payload layout; returns the bytes written (EC_E_BUFFER when they do not fit);
 *   import_migrants(h, state, buf, size, count, msg, msgsize): check every byte of the
 *     payload first (EC_E_MIGRANTS with the offset; nothing changed), then let the count
 *     migrants replace its worst individuals; returns how many it took.
 */
#ifndef EC_SOLVER_H
#define EC_SOLVER_H

#include <stdint.h>

#include "core/json.h"
#include "evocube.h"

#define EC_MAX_PARAMS 48
#define EC_MAX_PHASES 16

/* the number of elements of a static array */
#define EC_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ec_solver_impl.better: the direction of the fitness in its progress records */
enum { EC_LOWER_IS_BETTER = 1, EC_HIGHER_IS_BETTER = 2 };
/* ec_solver_impl.family: what kind of method it is (the list's "family": "evolution",
 * "swarm", "exact"); a page groups and explains solvers by it */
enum { EC_FAMILY_EVOLUTION = 0, EC_FAMILY_SWARM = 1, EC_FAMILY_EXACT = 2 };
/* ec_solver_impl.records: what its progress records carry beyond the best (the list's
 * "records"): "best" nothing more; "population" the population's quantiles (n_pop_fit);
 * "agents" the agents' fitness (n_agents; ec_solver_impl.agents names them); "solutions"
 * each record is a shorter solution than the one before (an improving search) */
enum { EC_RECORDS_BEST = 0, EC_RECORDS_POPULATION = 1, EC_RECORDS_AGENTS = 2, EC_RECORDS_SOLUTIONS = 3 };

typedef struct ec_param_def {
    const char *key;
    double def, min, max;
    int integer; /* 1: the value must be a whole number */
    const char *help;
    /* NULL, or the names of an enumerated param's values separated by "|" ("exact|first20"):
     * name k is the value k (so min is 0 and max the last index). The params text takes a
     * name (any letter case) or the number; ec_solver_list_json lists the names. Last, so
     * positional initialisers without it stay valid. */
    const char *names;
} ec_param_def;

/* The name of d's value k copied into out (cut to size - 1 bytes); 0 when d has no name k. */
int ec__param_value_name(const ec_param_def *d, int k, char *out, int size);

typedef struct ec_preset {
    const char *name;
    const char *params; /* a params text, e.g. "population=200,generations1=5000" */
    const char *help;
} ec_preset;

typedef struct ec_solver_impl {
    const char *name;  /* CLI and link name, e.g. "hugo" */
    const char *title; /* one line for people */
    const char *label; /* its name for people in a list, e.g. "HuGO! human-strategy genetic algorithm" */
    const char *short_label; /* a few words, e.g. "HuGO!" */
    const char *work_unit; /* what one unit of ec_solver_step work is */
    const char *fitness; /* one line for people: what the fitness of its records measures */
    int better; /* EC_LOWER_IS_BETTER or EC_HIGHER_IS_BETTER */
    const char *const *phases; /* its phases' names, in the order ec__add_phase adds them */
    int nphases;
    /* nphases goals, one per phase in the same order: what the phase brings about, in a few
     * words a page can show beside the phase's name ("orient the edges"); NULL: none */
    const char *const *goals;
    int family;  /* EC_FAMILY_EVOLUTION (0, the default), EC_FAMILY_SWARM, EC_FAMILY_EXACT */
    int records; /* EC_RECORDS_BEST (0, the default), _POPULATION, _AGENTS, _SOLUTIONS */
    /* with EC_RECORDS_AGENTS: what a record's agents are, plural, for people ("agents",
     * "neighbours of its one agent"); NULL otherwise */
    const char *agents;
    /* with EC_RECORDS_AGENTS: 1 when the agents are the neighbours of one agent's state, one per
     * face turn in move order (greedy), so a page draws them as one bar per move */
    int neighbours;
    /* 1: solves a random state within a few seconds at its defaults (a race picks it by
     * default); 0: may take minutes */
    int quick;
    const ec_param_def *params;
    int nparams;
    const ec_preset *presets;
    int npresets;
    int (*create)(ec_solver *h, void **state);
    int (*step)(ec_solver *h, void *state, int work);
    void (*destroy)(void *state);
    /* exact reference optima (NULL: none; see the top of this file) */
    int (*phase_optimum)(const ec_solver *h, int phase, const ec_cube *at, int nodes, ec_json *j);
    /* After EC_DONE: the solution's length counted as the solver's paper counts it, where that
     * differs from the HTM length after the handle's simplification (twes: the phases' moves
     * joined by same-face merges only, the paper's redundancy removal; macro-ga: the blog's
     * raw tokens). NULL: the paper counts as the handle does. The benchmarks print it beside
     * the length (c/tools/run.h); no result JSON carries it. */
    int (*paper_length)(const ec_solver *h);
    /* islands (all three NULL: no island model; see the top of this file) */
    uint64_t (*migrant_context)(void *state);
    int (*export_migrants)(void *state, int count, uint8_t *buf, int size, int *n);
    int (*import_migrants)(ec_solver *h, void *state, const uint8_t *buf, int size, int count, char *msg,
                           int msgsize);
} ec_solver_impl;

/* The two params every solver with islands lists (its epoch default in generations, and
 * its migrants default): they change nothing in a run of one island. */
#define EC_ISLAND_PARAMS(epoch, migrants)                                                              \
    {"epoch", epoch, 1, 1e6, 1, "islands: generations per epoch, between two migrations (islands > 1)"}, \
    {"migrants", migrants, 0, 1000, 1, "islands: best individuals each island sends along the ring per epoch"}

/* One part of the solving individual, for solvers whose individual is built of named parts
 * (ec__add_part; macro-ga: its random start moves, then each macro with the rotations before
 * it): moves [off, off + n) of ec_solver.part_moves, face turns as the individual applied them
 * (not simplified), so the parts' moves in order are the individual's whole move list. */
typedef struct ec_part {
    char label[16];    /* e.g. "start", "M7" */
    char rotation[16]; /* whole-cube rotations before it, e.g. "y2 z'", or "" */
    int off, n;
} ec_part;

typedef struct ec_phase_result {
    char name[32];
    uint8_t *moves;
    int n;
    int64_t generations;
} ec_phase_result;

struct ec_solver {
    const ec_solver_impl *impl;
    void *state;
    char facelets[55];  /* the input as given (centres anywhere) */
    ec_cube start;      /* the input re-oriented: what the solver solves */
    uint32_t seed;
    double params[EC_MAX_PARAMS];
    int status;         /* EC_RUNNING, EC_DONE, EC_GAVE_UP */
    ec_progress *queue; /* records not yet read */
    int qhead, qlen, qcap;
    ec_phase_result phases[EC_MAX_PHASES];
    int nphases;
    ec_part *parts;     /* the solving individual's parts (ec__add_part), or NULL */
    uint8_t *part_moves;
    int nparts, parts_cap, part_moves_len, part_moves_cap;
    uint8_t *solution;  /* composed, simplified, verified */
    int solution_len;
    int64_t generations, evaluations; /* totals, kept up to date by ec__emit */
    char why[200];      /* create()'s specific reason for failing (ec__memory_fits), or "" */
    /* islands (set by ec__solver_open_island_n, epochs counted by ec_solver_step, migrants
     * exchanged by islands.c): this is island `island` of `islands`; h->seed is the island's
     * seed, run_seed the run's; epoch_left units remain in the current epoch */
    int island, islands;
    uint32_t run_seed;
    int64_t epoch, epoch_left, epochs;
    /* units of the step under way that do not count toward the epoch (0 at each step's start):
     * a solver whose units are not all generations (HuGO!'s block choice) adds its others, so
     * an epoch is the same generations whatever else its units did */
    int uncounted;
    int migrants;
};

/* Open a handle on impl (the registry's ec_solver_new calls this once it has found the
 * name): parse facelets and params, then create the implementation's state (or finish at
 * once on a solved cube). *out is NULL on any error, with a specific message in msg. */
int ec__solver_open(const ec_solver_impl *impl, const char *facelets, uint32_t seed, const char *params,
                    ec_solver **out, char *msg, int msgsize);
/* The same for island `island` of `islands`, with the texts' lengths (evocube.h's `_n`
 * convention; params NULL: no params): EC_E_RANGE for island numbers out of range or
 * islands > 1 on an impl without island hooks. */
int ec__solver_open_island_n(const ec_solver_impl *impl, const char *facelets, int flen, uint32_t seed,
                             const char *params, int plen, int island, int islands, ec_solver **out, char *msg,
                             int msgsize);
/* The value of param key (its default unless set); key must be one of the impl's. */
double ec__param(const ec_solver *h, const char *key);
/* For create(), before it allocates: EC_OK when `bytes` (what create will allocate with h's
 * params) fit in EC_RUN_MEMORY_MAX; else EC_E_PARAM_RANGE with h->why naming param (the key
 * that scales the need most) and the limit, which ec_solver_new reports. A solver whose start
 * needs a few MB at any params need not call it. */
int ec__memory_fits(ec_solver *h, double bytes, const char *param);
/* r->pop_fit = the 17 quantiles of the n values fit[order[0..n-1]] (see ec_progress), order
 * ranking them ascending, or descending when `descending`; n_pop_fit = 17 (0 when n < 1). */
void ec__progress_pop_fit(ec_progress *r, const int *fit, const int *order, int n, int descending);
/* Queue a progress record (copied); updates h->generations and h->evaluations. */
int ec__emit(ec_solver *h, const ec_progress *rec);
/* Append a phase's moves (face turns 0..17) to the result. */
int ec__add_phase(ec_solver *h, const char *name, const uint8_t *moves, int n, int64_t generations);
/* Append a part of the solving individual (ec_part; before ec__finish): label, the rotations
 * before it ("" for none) and its n face turns. The result JSON then lists the parts
 * ("parts"); a solver that adds none has no such field. EC_E_NOMEM, or EC_E_RANGE for a face
 * turn code >= 18. */
int ec__add_part(ec_solver *h, const char *label, const char *rotation, const uint8_t *moves, int n);
/* Compose the phases, simplify, verify against the input facelets: EC_DONE, or
 * EC_E_NOT_SOLVED when the moves do not solve the cube (never reported as solved). */
int ec__finish(ec_solver *h);

/* reference.c: for phase_optimum, write ,"key":len,"bkey":bound (key null unless rc is
 * EC_OK or EC_BOUND; bound true when rc is EC_BOUND). */
void ec__optimum_json(ec_json *j, const char *key, const char *bkey, int rc, int len);

/* params.c: fill values from defaults, then a preset, then the key=value pairs of text. */
int ec__params_parse(const ec_solver_impl *impl, const char *text, double *values, char *msg, int msgsize);
/* The same over len bytes of text (every byte checked by ec__text_check first). */
int ec__params_parse_n(const ec_solver_impl *impl, const char *text, int len, double *values, char *msg,
                       int msgsize);

#endif
