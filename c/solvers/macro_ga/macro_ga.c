/*
 * macro_ga.c - solver "macro-ga": the permutation-macro genetic algorithm of
 * shared/papers/genetic-algorithm-permutation-macros.md.
 *
 * An individual is the start cube plus the moves applied to it: two random single moves,
 * then, generation after generation, the paper's fifteen permutation macros, whole-cube
 * rotations (x x' x2 y y' y2) and "orientations" (z z' z2). Fitness is the number of
 * misplaced stickers (stickers whose colour differs from their face's centre; 0 = solved,
 * invariant under rotations). Each generation the population is sorted by fitness; the
 * `elitism` best pass unchanged; every other slot becomes a copy of a uniformly chosen elite
 * individual with one of the six evolution types applied (0: macro; 1: macro, macro;
 * 2: rotation, macro; 3: orientation, macro; 4: rotation, orientation, macro;
 * 5: orientation, rotation, macro). After `generations` generations without a solution the
 * population is discarded and rebuilt, up to `resets` times.
 *
 * Rotations and slices: an individual carries a frame (frame.h). A rotation only renames
 * the faces later turns act on; a slice is an outer turn pair plus a rotation. So every
 * individual's move list is pure face turns named by position, which ec__add_phase accepts
 * and ec__finish verifies on the input stickers (and simplifies).
 *
 * Data: two populations of `population` individuals {cube, frame, fitness, moves (grown
 * with realloc), n}; an index array sorted by (fitness, slot) so ties keep the elites
 * first and the order is the same on every platform. Costs per generation:
 * (population - elite) children, each a memcpy of the parent's moves plus 2..3 macros of
 * at most 16 moves (a cubie multiply each) and one 48-sticker count; a sort of the
 * population; a hash sort for the diversity figure. Memory: at most 2 x population x
 * EC_MAX_ALG_MOVES bytes of moves (40 MB at the largest population, 5000).
 *
 * Islands (evocube.h, "islands"; params epoch, default 50, and migrants, default 5;
 * islands.c): the best individuals (frame and face turns from the shared start cube) replace
 * another island's worst, which are then re-ranked, so a good migrant becomes an elite parent.
 * Files (mga.h): macros.c (the macros and rotations), individual.c (storage, copies, ranking),
 * macro_ga.c (this: the GA), islands.c (migrants).
 *
 * Opt-in (not the blog's setting, which stays the default), within the blog's method:
 *  - tieBreak=1: the ranking that picks the elites (and so the parents) orders equal fitness by
 *    the move list's length, shorter first (ec__macro_ga_rank); the blog sorts by fitness only;
 *  - loopCut=1: after solving, the moves between two visits of one cube state are cut
 *    (ec__macro_ga_cut_loops), then the list is simplified again; the solving individual and
 *    the run are unchanged, only the reported list is shorter;
 *  - preset "short": population=4000, elitism=100, tieBreak=1, loopCut=1.
 * Measured on 60 random states beside the blog's preset in the same run (docs/BENCHMARKS.md
 * ## short-presets, all verified, the same solutions natively and in wasm), mean HTM: the
 * blog's setting 328.2; tieBreak=1 alone 278.3; population 4000 with 100 elites alone 226.8;
 * both 207.2; all three (preset short) 190.8 (paired -137 +- 8.5). In the blog's count (raw
 * tokens: macro tokens as printed, rotations, the random start moves, before simplification
 * and loop cutting; the descriptor's paper_length): 350.9 -> 227.2. CPU median 18 -> 54 ms native,
 * 78 ms in wasm.
 *
 * What evolved (the result's "parts", evocube.h ec_solver_result_json): each individual also
 * keeps its genes, the history it was built by: MG_START then its random start turns, each
 * macro's and rotation's code, or MG_MIGRANT, a frame and the face turns of an individual
 * taken from another island. Replayed from the identity frame (mga_add_parts) they give the
 * parts of the solving individual, each macro's face turns in the frame it was applied in;
 * their concatenation simplifies to the individual's move list (a canonical form: the join
 * tidying of ind_apply only cancels and merges what the final simplification would). Cost: a
 * copy of at most MGA_MAX_GENES bytes per child (about a tenth of its moves' bytes); an
 * individual whose genes would pass MGA_MAX_GENES is copied without mutation, as one whose
 * moves are full. A run keeping genes takes 1.01x the CPU of one without (median, natively,
 * 30 random states, with the defaults and with preset short); genes change no run.
 *
 * Progress (one record per generation): best = fewest misplaced stickers, mean = their
 * mean, bestLength = HTM of the best individual's moves after simplification, diversity =
 * share of distinct cube states in the population.
 *
 * Deviations from the paper, and why:
 *  - the paper's loop keeps indices 0..elitism_num (51 individuals) and picks parents with
 *    randint(0, elitism_num) (51 choices), an off-by-one; here exactly `elitism` are kept and
 *    parents are drawn from exactly those `elitism`;
 *  - the paper does not say which moves "random single move" draws from; here the 18 face
 *    turns;
 *  - "up to 10 resets" is read as 10 restarts after the first attempt (11 attempts);
 *  - an individual whose move list would pass EC_MAX_ALG_MOVES (4000) is copied without
 *    mutation, so a solution always fits the notation's limit (the paper has no limit);
 *  - move lists are simplified (cancel/merge on one axis) around each join as they grow,
 *    which changes no cube state; the paper keeps the raw list (its 276 moves are raw). The
 *    blog's count is kept beside it per individual (raw tokens, see the opt-ins above).
 *  - the paper's comments name some macros loosely; the fifteen sequences are used exactly as
 *    printed (macros.c).
 */
#include "solvers/macro_ga/mga.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cube.h"
#include "core/frame.h"
#include "core/hash.h"
#include "core/packed.h"
#include "core/stickers.h"
#include "core/util.h"
#include "solver/solver.h"

/* Apply parsed codes in the individual's frame: face turns to the cube and the list. */
static int ind_apply(mga_ind *d, const uint8_t *codes, int n)
{
    if (mga_ind_reserve(d, d->n + 2 * n)) return EC_E_NOMEM;
    int join = d->n;
    for (int i = 0; i < n; i++) {
        uint8_t t[2];
        int k = ec__frame_code(&d->frame, codes[i], t);
        for (int j = 0; j < k; j++) {
            ec_cube_move(&d->cube, t[j]);
            d->moves[d->n++] = t[j];
        }
    }
    /* tidy the join and the new part (a window: later moves never touch earlier ones) */
    int from = join > 4 ? join - 4 : 0;
    d->n = from + ec_alg_simplify_moves(d->moves + from, d->n - from);
    return EC_OK;
}

/* (genes: room reserved by evolve) */
static void ind_rotate(mga_ind *d, int r)
{
    ec__frame_rotate(&d->frame, mga_turns[r][0], mga_turns[r][1]);
    d->genes[d->ng++] = (uint8_t)(MG_ROT + r);
    d->raw++;
}

static int ind_macro(mga_state *s, mga_ind *d)
{
    int m = (int)ec_rng_below(&s->rng, MGA_NMACROS);
    d->genes[d->ng++] = (uint8_t)(MG_MACRO + m);
    d->raw += s->macro_n[m];
    return ind_apply(d, s->macro[m], s->macro_n[m]);
}

/* One of the paper's six evolution types on a child. */
static int evolve(mga_state *s, mga_ind *d)
{
    int type = (int)ec_rng_below(&s->rng, 6);
    int rc = mga_gene_reserve(d, d->ng + 3); /* at most three codes: rotation, orientation, macro */
    if (rc) return rc;
    switch (type) {
    case 0: rc = ind_macro(s, d); break;
    case 1:
        rc = ind_macro(s, d);
        if (!rc) rc = ind_macro(s, d);
        break;
    case 2:
        ind_rotate(d, (int)ec_rng_below(&s->rng, 6));
        rc = ind_macro(s, d);
        break;
    case 3:
        ind_rotate(d, 6 + (int)ec_rng_below(&s->rng, 3));
        rc = ind_macro(s, d);
        break;
    case 4:
        ind_rotate(d, (int)ec_rng_below(&s->rng, 6));
        ind_rotate(d, 6 + (int)ec_rng_below(&s->rng, 3));
        rc = ind_macro(s, d);
        break;
    default:
        ind_rotate(d, 6 + (int)ec_rng_below(&s->rng, 3));
        ind_rotate(d, (int)ec_rng_below(&s->rng, 6));
        rc = ind_macro(s, d);
        break;
    }
    d->fit = ec__sticker_misplaced(&d->cube);
    s->evals++;
    return rc;
}

int ec__macro_ga_cut_loops(const ec_cube *start, uint8_t *mv, int n)
{
    ec__packed_init();
    ec_pk *pk = malloc(sizeof(ec_pk) * (size_t)(n + 1));
    ec_hset last;
    if (!pk) return EC_E_NOMEM;
    if (ec__hset_init(&last, (uint32_t)(2 * (n + 1)), 1)) {
        free(pk);
        return EC_E_NOMEM;
    }
    pk[0] = ec__pk_from_cube(start);
    for (int i = 0; i < n; i++) pk[i + 1] = ec__pk_turned(pk[i], mv[i]);
    for (int i = 0; i <= n; i++) { /* each state's last index on the path */
        ec__hset_put(&last, pk[i].c, pk[i].e, 0);
        last.vals[ec__hset_slot(&last, pk[i].c, pk[i].e)] = (uint32_t)i;
    }
    int k = 0;
    for (int i = 0; i < n;) {
        int j = (int)ec__hset_get(&last, pk[i].c, pk[i].e);
        if (j > i) { /* the moves i..j-1 lead back to state i: drop them */
            i = j;
            continue;
        }
        mv[k++] = mv[i++];
    }
    ec__hset_free(&last);
    free(pk);
    return ec_alg_simplify_moves(mv, k);
}

/* paper_length (solver.h): the blog's count, the raw tokens the solving individual was built
 * from (random start moves, each macro's tokens as printed, each rotation), before any
 * simplification or loop cutting */
static int mga_paper_length(const ec_solver *h)
{
    return h->state ? ((const mga_state *)h->state)->sol_raw : 0; /* (no state: a solved start) */
}

/* A fresh attempt: the start cube plus init_moves random face turns per individual. */
static int init_population(ec_solver *h, mga_state *s)
{
    for (int i = 0; i < s->pop; i++) {
        mga_ind *d = &s->cur[i];
        d->cube = h->start;
        ec__frame_init(&d->frame);
        d->n = 0;
        d->raw = s->init_moves;
        uint8_t codes[32];
        for (int k = 0; k < s->init_moves; k++) codes[k] = (uint8_t)ec_rng_below(&s->rng, 18);
        if (mga_gene_reserve(d, 1 + s->init_moves) || ind_apply(d, codes, s->init_moves)) return EC_E_NOMEM;
        d->genes[0] = MG_START;
        memcpy(d->genes + 1, codes, (size_t)s->init_moves);
        d->ng = 1 + s->init_moves;
        d->fit = ec__sticker_misplaced(&d->cube);
        s->evals++;
    }
    s->gen_in_attempt = 0;
    mga_sort(s);
    return EC_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t cube_hash(const ec_cube *c)
{
    uint64_t hsh = 1469598103934665603ull;
    const uint8_t *p = (const uint8_t *)c;
    for (size_t i = 0; i < sizeof *c; i++) hsh = (hsh ^ p[i]) * 1099511628211ull;
    return hsh;
}

static int emit(ec_solver *h, mga_state *s)
{
    ec_progress rec;
    memset(&rec, 0, sizeof rec);
    rec.gen = s->gen;
    rec.phase = 0;
    snprintf(rec.phase_name, sizeof rec.phase_name, "attempt %d", s->attempt + 1);
    int64_t sum = 0;
    for (int i = 0; i < s->pop; i++) {
        sum += s->cur[i].fit;
        s->hash[i] = cube_hash(&s->cur[i].cube);
    }
    qsort(s->hash, (size_t)s->pop, sizeof *s->hash, cmp_u64);
    int distinct = 0;
    for (int i = 0; i < s->pop; i++) distinct += !i || s->hash[i] != s->hash[i - 1];
    const mga_ind *best = &s->cur[s->order[0]];
    rec.best = best->fit;
    rec.mean = (double)sum / s->pop;
    rec.diversity = (double)distinct / s->pop;
    ec__progress_pop_fit(&rec, s->fitv, s->order, s->pop, 0); /* fitv and order: mga_sort's */
    rec.evaluations = s->evals;
    int n = best->n < EC_MAX_ALG_MOVES ? best->n : EC_MAX_ALG_MOVES;
    uint8_t *tmp = malloc(n > 0 ? (size_t)n : 1);
    if (!tmp) return EC_E_NOMEM;
    if (n) memcpy(tmp, best->moves, (size_t)n);
    n = ec_alg_simplify_moves(tmp, n);
    rec.best_length = n;
    rec.n_moves = n < EC_PROGRESS_MOVES ? n : EC_PROGRESS_MOVES;
    memcpy(rec.moves, tmp, (size_t)rec.n_moves);
    free(tmp);
    return ec__emit(h, &rec);
}

static void free_pop(mga_ind *p, int n)
{
    if (!p) return;
    for (int i = 0; i < n; i++) {
        free(p[i].moves);
        free(p[i].genes);
    }
    free(p);
}

static void mga_destroy(void *state)
{
    mga_state *s = state;
    if (!s) return;
    free_pop(s->cur, s->pop);
    free_pop(s->next, s->pop);
    free(s->order);
    free(s->fitv);
    free(s->lenv);
    free(s->scratch);
    free(s->hash);
    free(s);
}

static int mga_create(ec_solver *h, void **state)
{
    mga_state *s = calloc(1, sizeof *s);
    if (!s) return EC_E_NOMEM;
    s->pop = (int)ec__param(h, "population");
    s->elite = (int)ec__param(h, "elitism");
    if (s->elite >= s->pop) s->elite = s->pop - 1; /* documented in the param's help */
    s->gens = (int)ec__param(h, "generations");
    s->resets = (int)ec__param(h, "resets");
    s->init_moves = (int)ec__param(h, "initMoves");
    s->tie_break = (int)ec__param(h, "tieBreak");
    s->loop_cut = (int)ec__param(h, "loopCut");
    ec_rng_seed(&s->rng, h->seed);
    for (int i = 0; i < MGA_NMACROS; i++) {
        int rc = ec_alg_parse(ec__macro_ga_macro(i), s->macro[i], MGA_MAX_MACRO, &s->macro_n[i], NULL, 0);
        if (rc) {
            free(s);
            return rc;
        }
    }
    s->cur = calloc((size_t)s->pop, sizeof *s->cur);
    s->next = calloc((size_t)s->pop, sizeof *s->next);
    s->order = calloc((size_t)s->pop, sizeof *s->order);
    s->hash = calloc((size_t)s->pop, sizeof *s->hash);
    s->fitv = calloc((size_t)s->pop, sizeof *s->fitv);
    s->lenv = calloc((size_t)s->pop, sizeof *s->lenv);
    s->scratch = calloc((size_t)s->pop + EC_MAX_ALG_MOVES + 2, sizeof *s->scratch);
    if (!s->cur || !s->next || !s->order || !s->hash || !s->fitv || !s->lenv || !s->scratch || init_population(h, s)) {
        mga_destroy(s);
        return EC_E_NOMEM;
    }
    *state = s;
    return EC_OK;
}

/* Replace the population: the elite unchanged, the rest mutated copies of elite parents. */
static int breed(mga_state *s)
{
    for (int i = 0; i < s->pop; i++) {
        mga_ind *d = &s->next[i];
        if (i < s->elite) {
            if (mga_ind_copy(d, &s->cur[s->order[i]])) return EC_E_NOMEM;
            continue;
        }
        const mga_ind *p = &s->cur[s->order[ec_rng_below(&s->rng, (uint32_t)s->elite)]];
        if (mga_ind_copy(d, p)) return EC_E_NOMEM;
        if (p->n + 3 * MGA_MAX_MACRO > EC_MAX_ALG_MOVES || p->ng + 3 > MGA_MAX_GENES)
            continue; /* full: an unchanged copy */
        int rc = evolve(s, d);
        if (rc) return rc;
    }
    mga_ind *t = s->cur;
    s->cur = s->next;
    s->next = t;
    mga_sort(s);
    return EC_OK;
}

/* The solving individual's parts (ec__add_part), its genes replayed from the identity frame
 * (see the top): "start" (the random start turns), "M<k>" for the paper's macro k (1-based)
 * with the rotations before it, "migrant". */
static int mga_add_parts(ec_solver *h, const mga_state *s, const mga_ind *d)
{
    uint8_t part[EC_MAX_ALG_MOVES + 2 * MGA_MAX_MACRO];
    char rot[16] = "", label[16] = "";
    int n = 0, rl = 0, rc = EC_OK;
    ec_frame fr;
    ec__frame_init(&fr);
    for (int i = 0; i < d->ng && !rc; i++) {
        int g = d->genes[i];
        if (g < 18) { /* a face turn of the open start or migrant part */
            if (n < EC_MAX_ALG_MOVES) part[n++] = (uint8_t)g;
            continue;
        }
        if (label[0]) rc = ec__add_part(h, label, "", part, n); /* close the open part */
        label[0] = '\0';
        n = 0;
        if (g >= MG_ROT && g < MG_START) {
            int r = g - MG_ROT;
            ec__frame_rotate(&fr, mga_turns[r][0], mga_turns[r][1]);
            rl += snprintf(rot + rl, sizeof rot - (size_t)rl, "%s%s", rl ? " " : "", mga_turn_names[r]);
            if (rl >= (int)sizeof rot) rl = (int)sizeof rot - 1;
        } else if (g == MG_START) {
            strcpy(label, "start");
        } else if (g == MG_MIGRANT && i + 6 < d->ng) {
            memcpy(fr.pos, d->genes + i + 1, 6);
            i += 6;
            strcpy(label, "migrant");
        } else if (g >= MG_MACRO && g < MG_ROT) {
            int m = g - MG_MACRO;
            for (int k = 0; k < s->macro_n[m]; k++) {
                uint8_t t[2];
                int c = ec__frame_code(&fr, s->macro[m][k], t);
                for (int j = 0; j < c; j++) part[n++] = t[j];
            }
            char name[8];
            snprintf(name, sizeof name, "M%d", m + 1);
            rc = ec__add_part(h, name, rot, part, n);
            n = rl = 0;
            rot[0] = '\0';
        }
    }
    if (!rc && label[0]) rc = ec__add_part(h, label, "", part, n);
    return rc;
}

static int mga_step(ec_solver *h, void *state, int work)
{
    mga_state *s = state;
    for (int w = 0; w < work; w++) {
        /* one generation: the first of an attempt is its fresh population */
        if (s->gen_in_attempt > 0) {
            int rc = breed(s);
            if (rc) return rc;
        }
        s->gen_in_attempt++;
        s->gen++;
        int rc = emit(h, s);
        if (rc) return rc;
        const mga_ind *best = &s->cur[s->order[0]];
        if (best->fit == 0) {
            s->sol_raw = best->raw;
            rc = mga_add_parts(h, s, best);
            if (rc) return rc;
            if (!s->loop_cut) {
                rc = ec__add_phase(h, "macros", best->moves, best->n, s->gen);
                return rc ? rc : ec__finish(h);
            }
            /* cut the loops in a copy: the individual stays whole (islands may still export it) */
            uint8_t *cut = malloc(best->n > 0 ? (size_t)best->n : 1);
            if (!cut) return EC_E_NOMEM;
            if (best->n) memcpy(cut, best->moves, (size_t)best->n);
            int n = ec__macro_ga_cut_loops(&h->start, cut, best->n);
            rc = n < 0 ? n : ec__add_phase(h, "macros", cut, n, s->gen);
            free(cut);
            return rc ? rc : ec__finish(h);
        }
        if (s->gen_in_attempt >= s->gens) {
            if (s->attempt >= s->resets) return EC_GAVE_UP;
            s->attempt++;
            rc = init_population(h, s);
            if (rc) return rc;
        }
    }
    return EC_RUNNING;
}

static const ec_param_def mga_params[] = {
    {"population", 500, 2, 5000, 1, "individuals per generation"},
    {"elitism", 50, 1, 5000, 1, "best individuals kept unchanged and used as parents (at most population-1)"},
    {"generations", 300, 1, 1000000, 1, "generations per attempt before the population is reset"},
    {"resets", 10, 0, 1000, 1, "times the population may be discarded and rebuilt"},
    {"initMoves", 2, 0, 30, 1, "random face turns applied to each new individual"},
    {"tieBreak", 0, 0, 1, 1, "opt-in 1: among equal fitness the shorter move list ranks first (elites and parents); 0: the blog's order (slot)"},
    {"loopCut", 0, 0, 1, 1, "opt-in 1: after solving, cut the moves between two visits of one cube state"},
    EC_ISLAND_PARAMS(50, 5),
};

static const ec_preset mga_presets[] = {
    {"paper", "population=500,elitism=50,generations=300,resets=10,initMoves=2",
     "the blog post's configuration (the defaults)"},
    {"fast", "population=100,elitism=10,generations=300,resets=10",
     "a fifth of the population: faster generations, more resets"},
    {"short", "population=4000,elitism=100,tieBreak=1,loopCut=1",
     "opt-in, not the blog's: shorter-among-equal tie-break, population 4000 with 100 elites, loops cut after solving (about 190 moves instead of 330, about 3x the time: 50 ms)"},
};

static const char *const mga_phases[] = {"macros"};
static const char *const mga_goals[] = {"solve the cube with permutation macros"};

const ec_solver_impl ec_solver_macro_ga = {
    .name = "macro-ga",
    .title = "Permutation-macro GA (sticker count, 15 macros, rotations)",
    .label = "Permutation-macro genetic algorithm",
    .short_label = "Macro GA",
    .work_unit = "generation",
    .fitness = "misplaced stickers (0 = solved)",
    .better = EC_LOWER_IS_BETTER,
    .phases = mga_phases,
    .nphases = EC_COUNT(mga_phases),
    .goals = mga_goals,
    .records = EC_RECORDS_POPULATION,
    .params = mga_params,
    .nparams = EC_COUNT(mga_params),
    .presets = mga_presets,
    .npresets = EC_COUNT(mga_presets),
    .create = mga_create,
    .step = mga_step,
    .destroy = mga_destroy,
    .paper_length = mga_paper_length,
    .migrant_context = mga_context,
    .export_migrants = mga_export,
    .import_migrants = mga_import,
};
