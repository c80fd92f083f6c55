/*
 * hugo.c - solver "hugo": HuGO!, the Human strategy based Genetic Optimizer (Borschbach &
 * Grelle 2009, sections 3 and 4), its three-phase workflow behind the stepped solver API
 * (its params, presets and descriptor: descriptor.c). What the paper leaves open and the reading taken, every
 * deviation from the paper with its reason, the presets and the figures against the paper's:
 * docs/hugo.md.
 *
 * Workflow (paper 3.3, Fig. 6), each phase skipped when its goal already holds:
 *   1 "2x2x3 block": 12 populations, one per block location (a store); a round gives every
 *     location this island works (own) generations1 generations, resuming its population;
 *     after the last, the best kept block over the store is taken (block_before: a usable
 *     block, fitness, then with blockTie=1 one already in its two-generator group, then the
 *     lower location; plan: plan.c's choice, in units of its own, choose_unit), or another
 *     round follows;
 *   2 "two-generator": one population, fitness = weight x (the block's 16 pairs + 1 for being
 *     in the two free faces' group) - steps, goal 17; rounds of generations2 until the goal
 *     holds at a round's end;
 *   3 "two-gen solve": one population of the two free faces' 6 turns, fitness over all 48
 *     pairs, goal 48; rounds of generations3 (growth3=1: round r runs r x generations3).
 * Opt-ins that change the workflow (each off by default; docs/hugo.md): firstBlock, minRounds1,
 * maxBlockTurns, restart1 (end_segment), candidates2 (phase2_done), extraRounds2, and plan
 * (plan.c: the block and the reduction chosen by exact distances, phases 2-3 scored by
 * distance bounds in the block's frame).
 *
 * Layout: hg_solver (hg.h) holds the GA's conf, the run's one PRNG, phase 1's store of
 * HG_LOCS populations and their tasks, one population for phases 2-3, the state before each
 * phase and at the end (at[0..3]) and each finished phase's moves (mv, nmv). A run is a
 * sequence of segments (phase 1: a location's share of a round; after: a round) of `left`
 * generations; end_segment decides what follows one.
 * Invariants:
 *  - one unit of work is one generation of the population at work, or (plan) one that is not
 *    a generation: at most HG_TABLE_UNIT of the exact tables' build (the run's first units,
 *    while the module has not built them), at most HG_CHOICE_UNIT search nodes of phase 1's
 *    block choice, or of phase 2's exact optimum where no choice costed its block (prep_unit);
 *    each unit emits exactly one progress record (a unit that is not a generation: the last
 *    generation's, named "2x2x3 block choice k/N" in phase 1, or at generation 0 with no
 *    individual, "2x2x3 block exact tables k/N" or "... choice 1/1"); those units are not
 *    generations (h->uncounted: an epoch counts generations, the one that began a wait when
 *    the wait ends); a record's moves are the finished phases' moves then the current best
 *    prefix, in the input's frame (plan's block frame mapped back through unview);
 *  - at[ph + 1] is at[ph] after mv[ph]; mv[ph] is a goal-reaching prefix kept beside the
 *    population, never lost to selection (hg_pop.hof; with plan or candidates2 the one
 *    picked among the kept ones), after the paper's final operator (none when skipped);
 *  - every draw comes from s->rng in a fixed order: a run depends only on the cube, params,
 *    seed and island (islands.c; splitBlocks=1 gives island i the locations i, i+K, ...);
 *  - a run ends in ec__finish (solver.c: the phases joined, simplified and verified), or in
 *    EC_GAVE_UP after maxGenerations generations over all phases.
 * Costs: a generation in wasm about 13 us in phase 1, 11 us in phase 2 and 18 us in phase 3
 * (generation.c; docs/BENCHMARKS.md, section hugo-gen); memory: two generation buffers of
 * population x (length + 1) 32-byte prefix records per population (13 populations in phase
 * 1: about 1.3 MB at 50 x 30); plan=1: about 240 KB per run and the shared exact tables
 * (4.4 MB, built on first use).
 */
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#include "core/cube.h"
#include "core/util.h"
#include "search/optima.h"
#include "solvers/hugo/hg.h"
#include "solver/solver.h"

const char *const hg_phase_names[3] = {"2x2x3 block", "two-generator", "two-gen solve"};

static int64_t budget(int64_t g, int grow, int round) { return grow ? g * round : g; }

static void task_init(hg_task *t, int weight, const ec_bcube *start, const hg_pairset *ps, int member, int goal, int f1, int f2)
{
    t->start = *start;
    t->ps = ps;
    t->member = member;
    t->goal = goal;
    t->weight = weight;
    t->score = NULL;
    t->ur_keyed = 0;
    t->nalleles = 0;
    for (int g = 0; g < 18; g++) {
        int face = hg_gene_move[g] / 3;
        if (f1 < 0 || face == f1 || face == f2) t->alleles[t->nalleles++] = (uint8_t)g;
    }
}

/* the phase's moves, from a genome prefix (genes -> cleaned evocube codes) */
static void set_phase_moves(hg_solver *s, int ph, const uint8_t *genes, int n)
{
    uint8_t tmp[HG_MAXLEN];
    memcpy(tmp, genes, (size_t)n);
    n = hg_optimize_full(tmp, n);
    for (int i = 0; i < n; i++) s->mv[ph][i] = hg_gene_move[tmp[i]];
    s->nmv[ph] = n;
    s->at[ph + 1] = s->at[ph];
    for (int i = 0; i < n; i++) ec__bcube_move(&s->at[ph + 1], s->mv[ph][i]);
}

static int start_phase(hg_solver *s, int ph);

/* load candidate block i as phase 1's result (its location and moves) */
static void load_cand(hg_solver *s, int i)
{
    s->chosen = s->cand[i].loc;
    s->nmv[0] = s->cand[i].n1;
    memcpy(s->mv[0], s->cand[i].mv1, (size_t)s->cand[i].n1);
    s->at[1] = s->at[0];
    for (int k = 0; k < s->nmv[0]; k++) ec__bcube_move(&s->at[1], s->mv[0][k]);
}

/* phase 2 is done (mv[1], at[2] set): with candidate blocks, note what it gave and go on with
 * the next block, or, after the last, keep the one whose phases 1+2 are shortest (ties: the
 * earlier, i.e. the shorter block) and enter phase 3 */
static int phase2_done(hg_solver *s)
{
    if (s->ncand > 1) {
        s->cand[s->ci].n2 = s->nmv[1];
        memcpy(s->cand[s->ci].mv2, s->mv[1], (size_t)s->nmv[1]);
        if (++s->ci < s->ncand) {
            load_cand(s, s->ci);
            return start_phase(s, 1);
        }
        int b = 0;
        for (int i = 1; i < s->ncand; i++)
            if (s->cand[i].n1 + s->cand[i].n2 < s->cand[b].n1 + s->cand[b].n2) b = i;
        load_cand(s, b);
        s->nmv[1] = s->cand[b].n2;
        memcpy(s->mv[1], s->cand[b].mv2, (size_t)s->nmv[1]);
        s->at[2] = s->at[1];
        for (int k = 0; k < s->nmv[1]; k++) ec__bcube_move(&s->at[2], s->mv[1][k]);
    }
    return start_phase(s, 2);
}

/* the first location from `from` on that this island works (HG_LOCS: none left) */
static int next_loc(const hg_solver *s, int from)
{
    while (from < HG_LOCS && !(s->own >> from & 1)) from++;
    return from;
}

static int finish(ec_solver *h, hg_solver *s)
{
    for (int ph = 0; ph < 3; ph++) {
        int rc = ec__add_phase(h, hg_phase_names[ph], s->mv[ph], s->nmv[ph], s->pgens[ph]);
        if (rc) return rc;
    }
    s->phase = 3;
    return ec__finish(h);
}

static int enter_phase(hg_solver *s);

/* plan: one slice of phase 2's exact optimum search (s->cost): EC_OK when it is over
 * (s->plan_opt set, the wait over), EC_RUNNING, or an error */
static int cost_unit(hg_solver *s)
{
    int64_t cost_slice = HG_CHOICE_UNIT, before = s->cost.nodes;
    int rc = hg_cost_run(&s->cost, &cost_slice, &s->plan_opt);
    s->cost_spent += before - s->cost.nodes;
    if (rc) return rc; /* EC_RUNNING, or an error */
    s->prep = HG_PREP_NONE;
    return EC_OK;
}

/* enter phase ph (skipping it when its goal holds); returns EC_RUNNING or EC_DONE. Phase 2
 * with the plan needs its exact optimum first: the choice's when it costed this block, else a
 * search whose first slice runs here and the rest in the step's next units (s->prep). */
static int start_phase(hg_solver *s, int ph)
{
    s->phase = ph;
    s->round = 1;
    s->extra_left = ph == 1 ? s->extra2 : 0;
    const ec_bcube *x = &s->at[ph];
    if (ph == 0) {
        int pick = -1;
        for (int loc = 0; loc < HG_LOCS; loc++)
            if (hg_block_solved(x, loc) && (pick < 0 || (hg_twogen(x, loc) && !hg_twogen(x, pick)))) pick = loc;
        if (pick >= 0) {
            s->chosen = pick;
            s->nmv[0] = 0;
            s->at[1] = *x;
            return start_phase(s, 1);
        }
        if (s->plan) {
            if (!(s->pl1 = calloc(HG_LOCS, sizeof *s->pl1))) return EC_E_NOMEM;
            for (int loc = 0; loc < HG_LOCS; loc++) hg_plan_reset(&s->pl1[loc], s->plan_nodes, HG_PLAN_KEEP1);
        }
        for (int loc = next_loc(s, 0); loc < HG_LOCS; loc = next_loc(s, loc + 1)) {
            task_init(&s->task1[loc], s->weight[0], x, hg_block_pairs(loc), -1, hg_block_pairs(loc)->max, -1, -1);
            s->store[loc] = hg_pop_new(&s->cf, &s->task1[loc], &s->rng);
            if (!s->store[loc]) return EC_E_NOMEM;
        }
        s->loc = next_loc(s, 0);
        s->left = budget(s->g1, s->grow[0], 1);
        return EC_RUNNING;
    }
    if (ph == 1) {
        if (hg_twogen(x, s->chosen)) {
            s->nmv[1] = 0;
            s->at[2] = *x;
            return phase2_done(s);
        }
        if (s->plan && s->opt_loc == s->chosen && !memcmp(&s->opt_at, x, sizeof *x)) {
            s->plan_opt = s->opt_cost; /* the choice's search */
        } else if (s->plan) {
            int rc = hg_cost_start(&s->cost, x, s->chosen, s->plan_slack, s->plan_nodes);
            if (rc) return rc;
            s->prep = HG_PREP_COST;
            if ((rc = cost_unit(s)) != EC_OK) return rc;
        }
    } else if (ph == 2) {
        ec_cube c;
        ec__bcube_to_cube(x, &c);
        if (ec_cube_is_solved(&c)) {
            s->nmv[2] = 0;
            s->at[3] = *x;
            return EC_DONE;
        }
    }
    return enter_phase(s);
}

/* phase 2 or 3's population and task (s->phase; with the plan, s->plan_opt of phase 2 known) */
static int enter_phase(hg_solver *s)
{
    const int ph = s->phase;
    const ec_bcube *x = &s->at[ph];
    int f1, f2;
    hg_loc_faces(s->chosen, &f1, &f2);
    if (ph == 1) {
        const hg_pairset *ps = hg_block_pairs(s->chosen);
        if (s->plan) { /* in the block's frame, scored by the reduction bound (plan.c) */
            ec_bcube v;
            int rc = hg_plan_frame(x, s->chosen, &v, s->unview);
            if (rc) return rc;
            task_init(&s->task, s->weight[1], &v, ps, -1, HG_PLAN_FAR, -1, -1);
            s->task.score = hg_plan_rscore;
            hg_plan_reset(&s->pl, s->plan_nodes, HG_PLAN_KEEP);
        } else {
            task_init(&s->task, s->weight[1], x, ps, s->chosen, ps->max + 1, -1, -1);
        }
        s->left = budget(s->g2, s->grow[1], 1);
    } else {
        if (s->plan) { /* in the block's frame, scored by the <U,R> distance bound (plan.c); the
                        * exact solve's search is bounded by the <U,R> group's, whatever planNodes */
            ec_bcube v;
            int rc = hg_plan_frame(x, s->chosen, &v, s->unview);
            if (rc) return rc;
            task_init(&s->task, s->weight[2], &v, hg_cube_pairs(), -1, HG_PLAN_FAR, 0, 1);
            s->task.score = hg_plan_score;
            s->task.ur_keyed = 1; /* its alleles are U and R turns (f1, f2 = 0, 1 above) */
            if ((s->plan_opt = hg_plan_solve(&v, s->plan_nodes)) < 0) return s->plan_opt;
        } else {
            task_init(&s->task, s->weight[2], x, hg_cube_pairs(), -1, hg_cube_pairs()->max, f1, f2);
        }
        s->left = budget(s->g3, s->grow[2], 1);
    }
    hg_pop_free(s->pop);
    s->pop = hg_pop_new(&s->cf, &s->task, &s->rng);
    return s->pop ? EC_RUNNING : EC_E_NOMEM;
}

/* a restart: *pp becomes a new random population that inherits only the kept best goal-reaching
 * individual (0, or EC_E_NOMEM) */
static int renew(hg_solver *s, hg_pop **pp, const hg_gaconf *cf, const hg_task *t)
{
    hg_pop *q = hg_pop_new(cf, t, &s->rng);
    if (!q) return EC_E_NOMEM;
    q->hof_fit = (*pp)->hof_fit;
    q->hof_n = (*pp)->hof_n;
    if (q->hof_n > 0) memcpy(q->hof, (*pp)->hof, (size_t)q->hof_n);
    hg_pop_free(*pp);
    *pp = q;
    return 0;
}

/* 1 when location loc's kept block (its population's best goal-reaching prefix) leaves the
 * cube in loc's two-generator group, so phase 2 would be skipped */
static int block_twogen(const hg_solver *s, int loc)
{
    const hg_pop *q = s->store[loc];
    ec_bcube x = s->at[0];
    for (int i = 0; i < q->hof_n; i++) ec__bcube_move(&x, hg_gene_move[q->hof[i]]);
    return hg_twogen(&x, loc);
}

/* 1 when location a's kept block ranks before location b's (b < 0: none yet) at phase 1's
 * end: a usable block (found, within maxBlockTurns), higher fitness, then (blockTie) one that
 * leaves the cube in its two-generator group; equal ones keep the earlier (lower) location */
static int block_before(const hg_solver *s, int a, int b)
{
    const hg_pop *q = s->store[a];
    if (!q || q->hof_n < 0 || (s->max_block && q->hof_n > s->max_block)) return 0;
    if (b < 0) return 1;
    const hg_pop *r = s->store[b];
    if (q->hof_fit != r->hof_fit) return q->hof_fit > r->hof_fit;
    return s->block_tie && block_twogen(s, a) && !block_twogen(s, b);
}

/* phase 1's block is s->chosen's kept one: with cands, candidates2's blocks are noted first;
 * then phase 2 (EC_RUNNING or EC_DONE) */
static int block_taken(hg_solver *s, int cands)
{
    /* candidates2: the best blocks of up to max_cand locations, in block_before's order (the
     * first is `best`, the block phase 2 starts from) */
    if (cands) s->ncand = s->ci = 0;
    for (int taken = 0; cands && s->max_cand > 1 && s->ncand < s->max_cand; s->ncand++) {
        int b = -1;
        for (int loc = 0; loc < HG_LOCS; loc++)
            if (!(taken >> loc & 1) && block_before(s, loc, b)) b = loc;
        if (b < 0) break;
        taken |= 1 << b;
        set_phase_moves(s, 0, s->store[b]->hof, s->store[b]->hof_n);
        s->cand[s->ncand].loc = b;
        s->cand[s->ncand].n1 = s->nmv[0];
        memcpy(s->cand[s->ncand].mv1, s->mv[0], (size_t)s->nmv[0]);
    }
    set_phase_moves(s, 0, s->store[s->chosen]->hof, s->store[s->chosen]->hof_n);
    for (int loc = 0; loc < HG_LOCS; loc++) {
        hg_pop_free(s->store[loc]);
        s->store[loc] = NULL;
    }
    return start_phase(s, 1);
}

/* plan: one unit of phase 1's block choice, at most HG_CHOICE_UNIT search nodes (plan.c);
 * at its end the block taken as above: EC_RUNNING, EC_DONE or an error */
static int choose_unit(hg_solver *s)
{
    int64_t slice = HG_CHOICE_UNIT;
    int rc = hg_choice_run(&s->choice, &s->at[0], s->store, s->pl1, s->max_block, s->plan_slack, s->plan_nodes, &slice);
    if (rc) return rc; /* EC_RUNNING, or an error */
    int b = s->choice.pick;
    s->choosing = 0;
    s->chosen = b;
    s->opt_loc = b, s->opt_cost = s->choice.cost - s->choice.n, s->opt_at = s->at[0];
    for (int i = 0; i < s->choice.n; i++) ec__bcube_move(&s->opt_at, hg_gene_move[s->choice.genes[i]]);
    memcpy(s->store[b]->hof, s->choice.genes, (size_t)s->choice.n); /* the block phase 2 starts from */
    s->store[b]->hof_n = s->choice.n;
    return block_taken(s, 1);
}

/* plan: one unit of what must precede a generation (s->prep): a slice of the exact tables'
 * build (the run's start: then phase 1 is entered), or of phase 2's exact optimum search
 * (then phase 2 is). EC_RUNNING, EC_DONE or an error. */
static int prep_unit(hg_solver *s)
{
    if (s->prep == HG_PREP_TABLES) {
        const int64_t unit = HG_TABLE_UNIT;
        int64_t work = unit;
        int rc = ec__ur_build(&work);
        s->tables += unit - work;
        if (rc != EC_OK) return rc;
        s->prep = HG_PREP_NONE;
        return start_phase(s, 0);
    }
    int rc = cost_unit(s);
    return rc == EC_OK ? enter_phase(s) : rc;
}

/* the end of a segment (a location's share of a round, or a round): EC_RUNNING or EC_DONE */
static int end_segment(hg_solver *s)
{
    if (s->phase == 0) {
        hg_pop *p = s->store[s->loc];
        if (s->restart1) {
            int fit = p->hof_n < 0 ? INT_MIN : p->hof_fit;
            if (s->round == 1 || fit > s->stag_fit[s->loc]) {
                s->stag_fit[s->loc] = fit;
                s->stag_round[s->loc] = s->round;
            } else if (s->round - s->stag_round[s->loc] >= s->restart1) { /* stagnant: restart, keeping the best block */
                if (renew(s, &s->store[s->loc], &s->cf, &s->task1[s->loc])) return EC_E_NOMEM;
                p = s->store[s->loc];
                s->stag_round[s->loc] = s->round;
            }
        }
        if (s->first_block && p->hof_n >= 0 && (!s->max_block || p->hof_n <= s->max_block)) {
            s->chosen = s->loc;
        } else if ((s->loc = next_loc(s, s->loc + 1)) < HG_LOCS) {
            s->left = budget(s->g1, s->grow[0], s->round);
            return EC_RUNNING;
        } else {
            int best = -1;
            for (int loc = 0; loc < HG_LOCS; loc++)
                if (block_before(s, loc, best)) best = loc;
            if (best < 0 || s->round < s->min_rounds1) {
                s->round++;
                s->loc = next_loc(s, 0);
                s->left = budget(s->g1, s->grow[0], s->round);
                return EC_RUNNING;
            }
            s->chosen = best;
            if (s->plan) { /* plan.c: the block of least joint cost, among all the kept ones, in units of its own */
                hg_choice_start(&s->choice, s->store, s->pl1);
                s->choosing = 1;
                return EC_RUNNING;
            }
            return block_taken(s, 1);
        }
        return block_taken(s, 0);
    }
    if (s->plan && s->pop->hof_n >= 0 && s->round < s->plan_rounds && hg_plan_far(s->phase == 1 ? &s->pl : NULL, s->pop, s->plan_opt + s->plan_slack)) {
        if (renew(s, &s->pop, &s->cf, &s->task)) return EC_E_NOMEM; /* plan: another round from a new population */
        s->round++;
        s->left = budget(s->phase == 1 ? s->g2 : s->g3, s->grow[s->phase], s->round);
        return EC_RUNNING;
    }
    if (s->pop->hof_n < 0 || s->extra_left-- > 0) {
        /* plan: a round without the goal is a stuck population (a plateau of the bound): start anew */
        if (s->plan && s->pop->hof_n < 0 && renew(s, &s->pop, &s->cf, &s->task)) return EC_E_NOMEM;
        s->round++;
        s->left = budget(s->phase == 1 ? s->g2 : s->g3, s->grow[s->phase], s->round);
        return EC_RUNNING;
    }
    if (s->plan) { /* back from the block's frame; phase 2: the kept least turns + exact solve */
        const int kept = s->phase == 1 ? hg_plan_pick(&s->pl) : -1;
        const uint8_t *src = kept >= 0 ? s->pl.kept[kept].genes : s->pop->hof;
        int n = kept >= 0 ? s->pl.kept[kept].n : s->pop->hof_n;
        uint8_t g[HG_MAXLEN];
        for (int i = 0; i < n; i++) g[i] = hg_move_gene[s->unview[hg_gene_move[src[i]]]];
        set_phase_moves(s, s->phase, g, n);
    } else {
        set_phase_moves(s, s->phase, s->pop->hof, s->pop->hof_n);
    }
    if (s->phase == 2) return EC_DONE;
    return phase2_done(s);
}

static int emit(ec_solver *h, hg_solver *s, const hg_pop *p, const hg_genstats *gs)
{
    ec_progress *r = &s->rec;
    r->gen = s->total;
    r->phase = s->phase;
    int named = s->phase == 0 ? 1 + s->loc : 1 + HG_LOCS + s->phase; /* (hgs) formatted only when it changes */
    if (named != s->named && s->phase == 0)
        snprintf(r->phase_name, sizeof r->phase_name, "%s %s", hg_phase_names[0], hg_loc_block_name(s->loc));
    else if (named != s->named)
        snprintf(r->phase_name, sizeof r->phase_name, "%s", hg_phase_names[s->phase]);
    s->named = named;
    r->best = gs->best_fit;
    r->mean = (double)gs->sum_fit / p->n;
    r->diversity = gs->diversity;
    ec__progress_pop_fit(r, gs->fit, gs->order, p->n, 1);
    r->evaluations = s->evals;
    int n = 0;
    for (int ph = 0; ph < s->phase; ph++)
        for (int i = 0; i < s->nmv[ph] && n < EC_PROGRESS_MOVES; i++) r->moves[n++] = s->mv[ph][i];
    const int unview = s->plan && s->phase >= 1;
    for (int i = 0; i < gs->best_steps && n < EC_PROGRESS_MOVES; i++) {
        int mv = hg_gene_move[gs->best_genes[i]];
        r->moves[n++] = unview ? s->unview[mv] : (uint8_t)mv;
    }
    r->n_moves = n;
    r->best_length = n;
    return ec__emit(h, r);
}

/* a unit that is not a generation (the block choice, or what must precede one: kind, s->prep
 * at its start): the last generation's record, its name saying what the unit did; before the
 * first generation, a record of generation 0 with no individual (best_length -1) */
static int emit_unit(ec_solver *h, hg_solver *s, int kind)
{
    ec_progress *r = &s->rec;
    if (s->total == 0) {
        r->phase = 0;
        r->best_length = -1;
    }
    int built, total;
    built = ec__ur_build_done(&total);
    if (kind == HG_PREP_TABLES)
        snprintf(r->phase_name, sizeof r->phase_name, "%s exact tables %d/%d", hg_phase_names[0], built, total);
    else if (kind == HG_PREP_COST && r->phase == 0)
        snprintf(r->phase_name, sizeof r->phase_name, "%s choice 1/1", hg_phase_names[0]);
    else if (kind == HG_PREP_NONE)
        snprintf(r->phase_name, sizeof r->phase_name, "%s choice %d/%d", hg_phase_names[0], s->choice.done, s->choice.total);
    s->named = 0;
    return ec__emit(h, r);
}

int hg_step(ec_solver *h, void *state, int work)
{
    hg_solver *s = state;
    if (s->phase == 3) return finish(h, s);
    for (int w = 0; w < work; w++) {
        int rc, counted;
        if (s->prep || s->choosing) { /* not a generation: uncounted, but for the one ending a wait a generation began */
            const int kind = s->prep;
            rc = kind ? prep_unit(s) : choose_unit(s);
            counted = kind ? s->owed && !s->prep : !s->choosing;
            if (rc >= 0 && emit_unit(h, s, kind)) return EC_E_NOMEM;
        } else {
            if (s->total >= s->max_gens) return EC_GAVE_UP;
            hg_pop *p = s->phase == 0 ? s->store[s->loc] : s->pop;
            const hg_task *t = s->phase == 0 ? &s->task1[s->loc] : &s->task;
            hg_genstats gs;
            hg_pop_generation(p, &s->cf, t, &s->rng, &gs);
            if (s->plan && s->phase < 2) hg_plan_observe(s->phase ? &s->pl : &s->pl1[s->loc], p, t);
            s->total++;
            s->evals += p->n;
            s->pgens[s->phase]++;
            if (emit(h, s, p, &gs)) return EC_E_NOMEM;
            if (--s->left > 0) continue;
            rc = end_segment(s);
            counted = !s->choosing;
        }
        if (counted && s->prep) s->owed = 1; /* the unit that ends the wait counts instead */
        else if (counted) s->owed = 0;
        if (!counted || s->prep) h->uncounted++;
        if (rc == EC_DONE) return finish(h, s);
        if (rc != EC_RUNNING) return rc;
    }
    return EC_RUNNING;
}

void hg_destroy(void *state)
{
    hg_solver *s = state;
    if (!s) return;
    for (int loc = 0; loc < HG_LOCS; loc++) hg_pop_free(s->store[loc]);
    hg_pop_free(s->pop);
    free(s->pl1);
    free(s);
}

void hg_init(void) { hg__twogen_init(); /* which builds the core's and pairs' tables first */ }

int hg_create(ec_solver *h, void **state)
{
    hg_init();
    hg_solver *s = calloc(1, sizeof *s);
    if (!s) return EC_E_NOMEM;
    hg_gaconf_init(&s->cf, (int)ec__param(h, "population"), (int)ec__param(h, "length"), ec__param(h, "crossover"),
                   ec__param(h, "mutation"), (int)ec__param(h, "susPointers"));
    s->cf.raw_sus = (int)ec__param(h, "rawSelection");
    s->cf.elite_parent = (int)ec__param(h, "eliteParent");
    s->extra2 = (int)ec__param(h, "extraRounds2");
    s->g1 = (int64_t)ec__param(h, "generations1");
    s->g2 = (int64_t)ec__param(h, "generations2");
    s->g3 = (int64_t)ec__param(h, "generations3");
    s->grow[0] = (int)ec__param(h, "growth1");
    s->grow[1] = (int)ec__param(h, "growth2");
    s->grow[2] = (int)ec__param(h, "growth3");
    s->max_gens = (int64_t)ec__param(h, "maxGenerations");
    s->first_block = (int)ec__param(h, "firstBlock");
    s->block_tie = (int)ec__param(h, "blockTie");
    for (int ph = 0; ph < 3; ph++) {
        static const char *const names[3] = {"pairWeight1", "pairWeight2", "pairWeight3"};
        int w = (int)ec__param(h, names[ph]);
        s->weight[ph] = w ? w : (int)ec__param(h, "pairWeight");
    }
    s->min_rounds1 = (int)ec__param(h, "minRounds1");
    s->max_block = (int)ec__param(h, "maxBlockTurns");
    s->max_cand = (int)ec__param(h, "candidates2");
    s->restart1 = (int)ec__param(h, "restart1");
    s->plan = (int)ec__param(h, "plan");
    s->plan_slack = (int)ec__param(h, "planSlack");
    s->plan_nodes = (int64_t)ec__param(h, "planNodes");
    s->plan_rounds = (int)ec__param(h, "planRounds");
    s->own = (1 << HG_LOCS) - 1;
    s->opt_loc = -1;
    if (h->islands > 1 && ec__param(h, "splitBlocks")) { /* island i: the locations i, i+K, ... (mod 12) */
        int k = h->islands < HG_LOCS ? h->islands : HG_LOCS;
        s->own = 0;
        for (int loc = h->island % k; loc < HG_LOCS; loc += k) s->own |= 1 << loc;
    }
    ec_rng_seed(&s->rng, h->seed);
    ec__bcube_from_cube(&h->start, &s->at[0]);
    int total, rc = EC_RUNNING;
    if (s->plan && ec__ur_build_done(&total) < total) s->prep = HG_PREP_TABLES; /* the exact tables in the first units */
    else rc = start_phase(s, 0);
    if (rc == EC_DONE) {
        s->phase = 3; /* every goal already holds: the first step finishes */
        rc = EC_RUNNING;
    }
    if (rc != EC_RUNNING) {
        hg_destroy(s);
        return rc;
    }
    *state = s;
    return EC_OK;
}
