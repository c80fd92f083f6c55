/*
 * twes.c - solver "twes": the Thistlethwaite evolution strategy of El-Sourani, Hauke and
 * Borschbach (EvoApplications 2010), sections 4 and 5 of shared/papers/
 * thistlethwaite-evolution-strategy.md.
 *
 * Five consecutive ES phases walk the cube down Thistlethwaite's nested groups
 * (groups.h): 0 G0->G1, 1 G1->G2 (E-slice edges home), 2 G1->G2 (corner twist too),
 * 3 G2->G3, 4 G3->G4 (solved). Phase p mutates with random moves of the group
 * G0, G1, G1, G2, G3 and scores an individual by
 *   phase0 = w0 * 2w + c                    w: edges bad for the R/L axis (eq. 7)
 *   phase1 = w1 * 2w + c                    w: FR FL BL BR cubies outside the E slice (eq. 8)
 *   phase2 = w2 * 4v + w1 * 2w + c          v: corners twisted (U/D reference) (eq. 9)
 *   phase3 = w3 * (x + 2y) + c              x: stickers neither their face's colour nor the
 *                                              opposite one; y: see deviation 3 (eq. 10)
 *   phase4 = w4 * z + c                     z: stickers not their face's colour (eq. 11)
 * with c the individual's move count; the violations are 0 exactly in the target group.
 * A generation: lambda children, each a copy of a uniformly drawn parent (one of the mu
 * best of the last generation, ties by index) mutated by 0..s random group moves, with
 * redundant moves removed (section 5.2). A phase ends once mu different solvers of it
 * exist (section 5.5): by default when the mu best distinct children of a generation are
 * all solvers (phaseEnd=1, the selection pool), or `patience` generations after mu
 * distinct solvers were seen over the phase (an archive keeping the mu shortest, which
 * small populations need: their pools rarely fill with distinct solvers); with
 * phaseEnd=0 as soon as that archive is full. Those mu seed the next phase (its parents). After `reset` generations without a solution the run starts
 * over from the input cube; maxGenerations ends it with EC_GAVE_UP.
 *
 * Data layout: an individual (tw_ind, 256 bytes) is the packed cubie state (corner
 * cp|co<<3, edge ep|eo<<4), its move count, the index where each phase's moves start, and
 * its moves (at most EC_TWES_MAX_MOVES). Copies move the 32-byte head and n moves only.
 * Arrays: lambda children + fitness + solver flags, mu parents, two archives of mu, an
 * order array, a hash set of 2 * (lambda + mu) 64-bit hashes, 64K histogram buckets:
 * about 256 * (lambda + 3 mu) + 30 * lambda bytes (15 MB at 1000/50000). A face turn
 * touches 4 corners and 4 edges through precomputed cycles; fitness sums per-slot lookup
 * tables (phase 3 adds a 40320-entry table over the corner permutation's rank, built once
 * with the other tables in ~20 ms). Selection is a counting sort over integer fitness; all
 * arithmetic in the search is integer, so native and wasm runs are identical. Cost: about
 * 0.1-0.2 us per child natively and in wasm, ~10 ms per generation at lambda = 50000.
 *
 * Deviations from the paper (and why):
 *  1. Cubes are cubies, not six colour matrices (same states, far cheaper).
 *  2. "Wrong oriented edges" (phase 0) are the edges bad for the R/L axis, since
 *     G1 = <F,U,B,D,R2,L2> keeps R and L to half turns; the paper does not fix the axis.
 *  3. y of phase 3 ("wrong aligned corners", not defined precisely in the paper) is the
 *     number of corners that differ from the nearest of the 96 corner permutations of the
 *     half-turn group (Hamming distance); with x it is 0 exactly in G3.
 *  4. The weights are per phase params weight0..4; equation 9's factor 10 on the corner
 *     term is weight2 (5 by default as in the benchmark's "(5,5,5,5,5)"; preset "section5"
 *     sets 10). Phase 2's edge term keeps weight1, as phase1 appears inside phase2 in eq. 9.
 *     Mutation lengths are mutation0..4, one per phase (5 phases, a reading of section 5.4).
 *  5. Redundancy removal works within the current phase's moves only (a barrier at the
 *     phase start), so each phase's moves take the cube exactly from G_i to G_i+1 and the
 *     result lists true per-transition sequences; the composed solution is simplified again
 *     (also across the seams) by the solver handle. Opt-in axisMerge=1 also merges moves
 *     across a commuting opposite face (R L R -> R2 L).
 *  6. "mu different individuals" = mu distinct move sequences (distinctStates=1: distinct
 *     cube states in phases 0-3). The last phase seeds no other phase, so it ends with the
 *     first generation whose best child solves the cube (finalMu=1; finalMu=0 waits for
 *     mu distinct solving sequences as in the other phases, ~370 generations for ~1 move);
 *     the result is the shortest solver.
 *  7. The reset bound counts the generations since the last (re)start of the run.
 *  8. A generation budget (maxGenerations) ends the run with EC_GAVE_UP. Opt-in stall=K
 *     also resets after K generations without a better best fitness (a phase whose
 *     population collapsed onto a local optimum otherwise waits for the reset bound).
 *  9. Random draws: a 64-bit xoshiro output scaled to 0..n-1 by a multiply-shift (bias
 *     below n / 2^32, irrelevant here), integer-only.
 10. The reported solution is shorter than the paper's operator would leave it: the solver
 *     handle (ec__finish) joins the five phases and simplifies with the core's
 *     ec_alg_simplify_moves, which cancels and merges moves on one axis, i.e. also across a
 *     commuting opposite face (R L R -> R2 L) and across the phase seams. The paper's
 *     redundancy removal only merges consecutive turns of one face. Both counts are measured
 *     (`npm run bench -- short`; docs/BENCHMARKS.md, section short-presets: the second
 *     count joins the phases as the ES built them with same-face merges only); the
 *     difference is 1-1.5 moves on average.
 *
 * Readings of the text, tried against Table 1 (docs/BENCHMARKS.md, section papers; 30 random
 * states natively, mean moves / mean generations / share in 35-45 moves; the paper:
 * 49.46-50.87 / 92.2-100.6 / "most"):
 *  - when a phase ends ("until mu different such individuals have been evolved"): the mu best
 *    distinct children of one generation all solve (phaseEnd=1, default) 49.53 / 37.4 / 23%;
 *    mu distinct solvers seen over the phase (phaseEnd=0) 51.57 / 29.9 / 20%;
 *  - "different": distinct move sequences (default) or distinct cube states
 *    (distinctStates=1) 50.60 / 37.8 / 23%;
 *  - the last phase: ends at its first solver (finalMu=1, default) or waits for mu distinct
 *    solvers like the others (finalMu=0: ~370 generations more for ~1 move, deviation 6);
 *  - generation counting and reset: every generation of the run, resets included (the
 *    generations since the last restart decide the reset, deviation 7); resets are rare at
 *    reset=250, so no other count changes the figure much.
 * The default (benchmark) reading matches the mean moves (100 random states: 49.28 +- 1.28)
 * and no reading reaches Table 1's generations (37 against 92-101) or its "most scrambles are
 * solved in 35-45 moves" (31%, Wilson 95% 23-41%): the runs' spread is one hump around 49 (sd
 * 6.4), not a 35-45 bulk with outliers. Both stay unexplained. Only the opt-in short preset
 * (twice the population, weights 2 in the last two stages) has the paper's generations (90)
 * and shape (25 of 30 in 35-45), at 40.8 moves: not the paper's stated setting.
 *
 * Opt-in preset "short" (not the paper's setting, the paper's stays the default):
 * mu=2000, lambda=100000 (twice the paper's population), weight3=2, weight4=2 (the moves count
 * more against the violations in G2 -> G3 and G3 -> G4, whose stages the paper's weight 5 makes
 * 12-13 moves long) and stall=30 (deviation 8: a collapsed phase restarts early, which the
 * larger population would otherwise pay for with time). It gives about 9 moves fewer than the
 * paper's preset for about 7x the CPU (figures: docs/BENCHMARKS.md, section short-presets).
 *
 * Islands (evocube.h, "islands"; params epoch, default 5, and migrants, default 50): the
 * best parents move to islands in the same phase (an individual is the shared start cube
 * plus its moves, so the phase is the whole context); every byte is checked on import (each
 * phase's moves in its group, earlier phases finished) and migrants replace the worst
 * parents, or join a population below mu.
 *
 * Files (tw.h): individual.c (tables, individuals), twes.c (this: the ES), islands.c
 * (migrants).
 *
 * Figures (30 random states beside the paper's Table 1, the opt-ins' effect, small
 * populations): docs/BENCHMARKS.md, section twes.
 */
#include "solvers/twes/tw.h"

#include <stdlib.h>

static const char *const phase_names[EC_TWES_PHASES] = {"G0 -> G1", "G1 -> G2 (edges)", "G1 -> G2 (corners)",
                                                        "G2 -> G3", "G3 -> G4"};
/* each phase's goal for people (solver.h: goals), the group it reaches in words */
static const char *const phase_goals[EC_TWES_PHASES] = {"orient the edges", "put the middle-layer edges in that layer",
                                                        "orient the corners", "make it solvable by half turns",
                                                        "solve with half turns only"};

/* phase_optimum (solver.h): each phase's exact optimum (ec_optimum_stage, whose stage 4 is
 * the edge half of G1 -> G2, phase 1 here); that phase also reports the whole stage 1 */
static int tw_phase_optimum(const ec_solver *h, int phase, const ec_cube *at, int nodes, ec_json *j)
{
    static const int stage[EC_TWES_PHASES] = {0, 4, 1, 2, 3};
    (void)h;
    (void)nodes;
    if (phase < 0 || phase >= EC_TWES_PHASES) return 0;
    int len = 0, rc = ec_optimum_stage(at, stage[phase], &len);
    ec__optimum_json(j, "optimum", "bound", rc, len);
    if (stage[phase] == 4) {
        rc = ec_optimum_stage(at, 1, &len);
        ec__optimum_json(j, "stage", "stageBound", rc, len);
    }
    return rc < 0 && rc != EC_E_STATE && rc != EC_E_GROUP ? rc : 1;
}

/* ------------------------------------------------------------------ the solver */

static void tw_destroy(void *p)
{
    tw_state *st = p;
    if (!st) return;
    free(st->par);
    free(st->kid);
    free(st->arch);
    free(st->arch2);
    free(st->fit);
    free(st->sol);
    free(st->order);
    free(st->ahash);
    free(st->ahash2);
    ec__hset_free(&st->hs);
    free(st->bucket);
    free(st);
}

static void restart(tw_state *st)
{
    copy_ind(&st->par[0], &st->start);
    st->npar = 1;
    st->narch = 0;
    st->phase = 0;
    st->attempt_gens = 0;
    st->phase_best = 1 << 30;
    st->since_best = 0;
    st->full_gens = 0;
    memset(st->phase_gens, 0, sizeof st->phase_gens);
}

/* The bytes tw_create allocates: the sizes below, the largest scaling with lambda. */
static double tw_memory(const ec_solver *h)
{
    double mu = ec__param(h, "mu"), lam = ec__param(h, "lambda");
    return (double)sizeof(tw_state) + sizeof(tw_ind) * ((mu > 1 ? mu : 1) + lam + 2 * mu) + sizeof(int) * lam + lam +
           sizeof(int) * (lam + mu) + 2 * sizeof(uint64_t) * mu + ec__hset_bytes((uint32_t)(2 * (lam + mu)), 0) +
           sizeof(int) * NBUCKET;
}

static int tw_create(ec_solver *h, void **out)
{
    int fits = ec__memory_fits(h, tw_memory(h), ec__param(h, "lambda") >= ec__param(h, "mu") ? "lambda" : "mu");
    if (fits) return fits; /* refused before anything is allocated */
    ec__tw_tables();
    tw_state *st = calloc(1, sizeof *st);
    if (!st) return EC_E_NOMEM;
    static const char *const wk[5] = {"weight0", "weight1", "weight2", "weight3", "weight4"};
    static const char *const sk[5] = {"mutation0", "mutation1", "mutation2", "mutation3", "mutation4"};
    st->mu = (int)ec__param(h, "mu");
    st->lambda = (int)ec__param(h, "lambda");
    for (int i = 0; i < 5; i++) {
        st->w[i] = (int)ec__param(h, wk[i]);
        st->s[i] = (int)ec__param(h, sk[i]);
    }
    st->reset = (int)ec__param(h, "reset");
    st->maxgen = (int64_t)ec__param(h, "maxGenerations");
    st->axis_merge = (int)ec__param(h, "axisMerge");
    st->final_mu = (int)ec__param(h, "finalMu");
    st->distinct_states = (int)ec__param(h, "distinctStates");
    st->phase_end = (int)ec__param(h, "phaseEnd");
    st->stall = (int)ec__param(h, "stall");
    st->patience = (int)ec__param(h, "patience");
    if (st->final_mu <= 0 || st->final_mu > st->mu) st->final_mu = st->mu;
    ec_rng_seed(&st->rng, h->seed);
    ec__tw_pack(&h->start, &st->start);
    size_t mu = (size_t)st->mu, lam = (size_t)st->lambda;
    st->par = malloc(sizeof(tw_ind) * (mu > 1 ? mu : 1));
    st->kid = malloc(sizeof(tw_ind) * lam);
    st->arch = malloc(sizeof(tw_ind) * mu);
    st->arch2 = malloc(sizeof(tw_ind) * mu);
    st->fit = malloc(sizeof(int) * lam);
    st->sol = malloc(lam);
    st->order = malloc(sizeof(int) * (lam + mu));
    st->ahash = malloc(sizeof(uint64_t) * mu);
    st->ahash2 = malloc(sizeof(uint64_t) * mu);
    int hrc = ec__hset_init(&st->hs, (uint32_t)(2 * (lam + mu)), 0);
    st->bucket = malloc(sizeof(int) * NBUCKET);
    if (!st->par || !st->kid || !st->arch || !st->arch2 || !st->fit || !st->sol || !st->order || !st->ahash ||
        !st->ahash2 || hrc || !st->bucket) {
        tw_destroy(st);
        return EC_E_NOMEM;
    }
    restart(st);
    *out = st;
    return EC_OK;
}

/* insert hash into the set; 1 when it was new (at most lambda + mu a clear: the set has room) */
static int hset_add(tw_state *st, uint64_t hv) { return ec__hset_put(&st->hs, hv, 0, 0) == 1; }
static void hset_clear(tw_state *st) { ec__hset_clear(&st->hs); }

/* The na individuals built in arch2 (with their hashes in ahash2) become the archive. */
static void take_archive(tw_state *st, int na)
{
    tw_ind *t = st->arch;
    st->arch = st->arch2;
    st->arch2 = t;
    uint64_t *u = st->ahash;
    st->ahash = st->ahash2;
    st->ahash2 = u;
    st->narch = na;
}

/* Merge the archive with this generation's solvers: the mu shortest distinct ones. */
static void update_archive(tw_state *st, int nsol)
{
    if (!nsol) return;
    int *cnt = st->bucket; /* counting sort of the solvers by move count */
    memset(cnt, 0, sizeof(int) * (EC_TWES_MAX_MOVES + 2));
    for (int j = 0; j < st->lambda; j++)
        if (st->sol[j]) cnt[st->kid[j].n + 1]++;
    for (int c = 1; c <= EC_TWES_MAX_MOVES + 1; c++) cnt[c] += cnt[c - 1];
    for (int j = 0; j < st->lambda; j++)
        if (st->sol[j]) st->order[cnt[st->kid[j].n]++] = j;
    hset_clear(st);
    int na = 0, ia = 0, ik = 0;
    while (na < st->mu && (ia < st->narch || ik < nsol)) {
        int take_arch = ia < st->narch && (ik >= nsol || st->arch[ia].n <= st->kid[st->order[ik]].n);
        const tw_ind *x;
        uint64_t hv;
        if (take_arch) {
            x = &st->arch[ia];
            hv = st->ahash[ia++];
        } else {
            x = &st->kid[st->order[ik++]];
            hv = st->distinct_states && st->phase < EC_TWES_PHASES - 1 ? ec__tw_hash_state(x) : ec__tw_hash_moves(x);
        }
        if (!hset_add(st, hv)) continue;
        copy_ind(&st->arch2[na], x);
        st->ahash2[na++] = hv;
    }
    take_archive(st, na);
}

/* order = the children by fitness, best first (ties by index); a counting sort. 1 when the
 * order is exact, 0 when the spread fmax - fmin is NBUCKET or more (the worst share the last
 * bucket, unordered among themselves) */
static int rank_kids(tw_state *st, int fmin, int fmax)
{
    int range = fmax - fmin + 1, exact = range <= NBUCKET;
    if (range > NBUCKET) range = NBUCKET;
    int *cnt = st->bucket;
    memset(cnt, 0, sizeof(int) * ((size_t)range + 1));
    for (int j = 0; j < st->lambda; j++) {
        int b = st->fit[j] - fmin;
        cnt[(b < range ? b : range - 1) + 1]++;
    }
    for (int b = 1; b <= range; b++) cnt[b] += cnt[b - 1];
    for (int j = 0; j < st->lambda; j++) {
        int b = st->fit[j] - fmin;
        st->order[cnt[b < range ? b : range - 1]++] = j;
    }
    return exact;
}

/* Phase end by the selection pool: 1 when the `goal` best distinct children (order: rank_kids's,
 * ties by index) are all solvers; they then replace the archive. */
static int pool_done(tw_state *st, int goal)
{
    hset_clear(st);
    int na = 0;
    for (int i = 0; i < st->lambda && na < goal; i++) {
        const tw_ind *x = &st->kid[st->order[i]];
        if (!st->sol[st->order[i]]) break;
        uint64_t hv = st->distinct_states && st->phase < EC_TWES_PHASES - 1 ? ec__tw_hash_state(x) : ec__tw_hash_moves(x);
        if (!hset_add(st, hv)) continue;
        copy_ind(&st->arch2[na], x);
        st->ahash2[na++] = hv;
    }
    if (na < goal) return 0;
    take_archive(st, na);
    return 1;
}

/* The k best children (ties by index) become the parents. */
static void select_parents(tw_state *st, int fmin, int fmax)
{
    int k = st->mu < st->lambda ? st->mu : st->lambda;
    int range = fmax - fmin + 1;
    if (range > NBUCKET) range = NBUCKET;
    int *cnt = st->bucket;
    memset(cnt, 0, sizeof(int) * (size_t)range);
    for (int j = 0; j < st->lambda; j++) {
        int b = st->fit[j] - fmin;
        cnt[b < range ? b : range - 1]++;
    }
    int thr = 0, below_thr = 0;
    while (below_thr + cnt[thr] < k) below_thr += cnt[thr++];
    int eq_left = k - below_thr, np = 0;
    for (int j = 0; j < st->lambda && np < k; j++) {
        int b = st->fit[j] - fmin;
        if (b >= range) b = range - 1;
        if (b < thr || (b == thr && eq_left-- > 0)) copy_ind(&st->par[np++], &st->kid[j]);
    }
    st->npar = np;
}

static double parent_diversity(tw_state *st)
{
    hset_clear(st);
    int d = 0;
    for (int i = 0; i < st->npar; i++) d += hset_add(st, ec__tw_hash_moves(&st->par[i]));
    return st->npar ? (double)d / st->npar : 0;
}

static int finish(ec_solver *h, tw_state *st, const tw_ind *best)
{
    for (int p = 0; p < EC_TWES_PHASES; p++) {
        int a = best->mark[p], b = p + 1 < EC_TWES_PHASES ? best->mark[p + 1] : best->n;
        int rc = ec__add_phase(h, phase_names[p], best->mv + a, b - a, st->phase_gens[p]);
        if (rc) return rc;
    }
    return ec__finish(h);
}

static int generation(ec_solver *h, tw_state *st)
{
    const int p = st->phase, g = ec__twes_phase_group(p), s = st->s[p], lam = st->lambda;
    const uint8_t *gm = ec__tw_gmoves[g];
    const uint32_t ngm = (uint32_t)ec__tw_ngmoves[g];
    int fmin = 1 << 30, fmax = -1, best = 0, nsol = 0;
    int64_t sum = 0;
    for (int j = 0; j < lam; j++) {
        tw_ind *x = &st->kid[j];
        copy_ind(x, &st->par[st->npar > 1 ? below(&st->rng, (uint32_t)st->npar) : 0]);
        int l = (int)below(&st->rng, (uint32_t)s + 1), base = x->mark[p];
        for (int k = 0; k < l; k++) {
            int m = gm[below(&st->rng, ngm)];
            int n = ec__twes_append(x->mv, x->n, base, m, st->axis_merge, EC_TWES_MAX_MOVES);
            if (n < 0) continue;
            x->n = (uint8_t)n;
            ec__bcube_move(&x->s, m);
        }
        int v, f = eval_ind(x, p, st->w, &v);
        st->fit[j] = f;
        st->sol[j] = v == 0;
        nsol += v == 0;
        sum += f;
        if (f < fmin) {
            fmin = f;
            best = j;
        }
        if (f > fmax) fmax = f;
    }
    st->evals += lam;
    st->gen++;
    st->attempt_gens++;
    if (fmin < st->phase_best) {
        st->phase_best = fmin;
        st->since_best = 0;
    } else {
        st->since_best++;
    }
    st->phase_gens[p]++;
    int goal = p == EC_TWES_PHASES - 1 ? st->final_mu : st->mu, done;
    update_archive(st, nsol); /* the mu shortest distinct solvers seen in this phase */
    if (st->narch >= goal) st->full_gens++;
    done = st->narch >= goal;

    ec_progress rec;
    memset(&rec, 0, sizeof rec);
    if (rank_kids(st, fmin, fmax)) /* the record's quantiles, and the pool's order */
        ec__progress_pop_fit(&rec, st->fit, st->order, lam, 0);
    if (st->phase_end) /* the pool's rule, with the archive as fallback after `patience` */
        done = (nsol > 0 && pool_done(st, goal < lam ? goal : lam)) ||
               (done && st->full_gens > st->patience);

    rec.gen = st->gen;
    rec.phase = p;
    strncpy(rec.phase_name, phase_names[p], sizeof rec.phase_name - 1);
    rec.best = fmin;
    rec.mean = (double)sum / lam;
    const tw_ind *b = &st->kid[best];
    memcpy(rec.moves, b->mv, b->n);
    rec.n_moves = ec_alg_simplify_moves(rec.moves, b->n);
    rec.best_length = rec.n_moves;
    rec.evaluations = st->evals;
    rec.restarts = st->resets;
    rec.found = st->narch;

    if (!done) {
        select_parents(st, fmin, fmax);
        rec.diversity = parent_diversity(st);
    } else {
        rec.diversity = p < EC_TWES_PHASES - 1 ? 1.0 : 0; /* the next phase's seeds are distinct */
    }
    int rc = ec__emit(h, &rec);
    if (rc) return rc;

    if (done) {
        if (p == EC_TWES_PHASES - 1) return finish(h, st, &st->arch[0]);
        for (int i = 0; i < st->narch; i++) {
            copy_ind(&st->par[i], &st->arch[i]);
            st->par[i].mark[p + 1] = st->par[i].n;
        }
        st->npar = st->narch;
        st->narch = 0;
        st->phase = p + 1;
        st->phase_best = 1 << 30;
        st->since_best = 0;
        st->full_gens = 0;
    } else if (st->attempt_gens >= st->reset || (st->stall && st->since_best >= st->stall)) {
        st->resets++;
        restart(st);
    }
    if (st->gen >= st->maxgen) return EC_GAVE_UP;
    return EC_RUNNING;
}

static int tw_step(ec_solver *h, void *state, int work)
{
    tw_state *st = state;
    for (int i = 0; i < work; i++) {
        int rc = generation(h, st);
        if (rc != EC_RUNNING) return rc;
    }
    return EC_RUNNING;
}

static const ec_param_def tw_params[] = {
    {"mu", 1000, 1, 100000, 1, "parents: the mu best children of a generation; also the number of distinct solvers that ends a phase"},
    {"lambda", 50000, 1, 200000, 1, "children per generation"},
    {"weight0", 5, 1, 1000, 1, "weight of the G0 -> G1 violations (2 per edge bad for the R/L axis)"},
    {"weight1", 5, 1, 1000, 1, "weight of the E-slice violations (2 per FR/FL/BL/BR cubie outside the E slice)"},
    {"weight2", 5, 1, 1000, 1, "weight of the corner-twist violations (4 per twisted corner); the paper's eq. 9 uses 10"},
    {"weight3", 5, 1, 1000, 1, "weight of the G2 -> G3 violations (x + 2y)"},
    {"weight4", 5, 1, 1000, 1, "weight of the G3 -> solved violations (wrong stickers)"},
    {"mutation0", 5, 0, 64, 1, "longest mutation (moves of G0) in phase G0 -> G1"},
    {"mutation1", 5, 0, 64, 1, "longest mutation (moves of G1) in phase G1 -> G2 (edges)"},
    {"mutation2", 13, 0, 64, 1, "longest mutation (moves of G1) in phase G1 -> G2 (corners)"},
    {"mutation3", 15, 0, 64, 1, "longest mutation (moves of G2) in phase G2 -> G3"},
    {"mutation4", 17, 0, 64, 1, "longest mutation (moves of G3) in phase G3 -> G4"},
    {"reset", 250, 1, 1000000, 1, "generations after which an unfinished run starts over"},
    {"maxGenerations", 5000, 1, 1e9, 1, "generation budget of the whole run (then it gives up)"},
    {"axisMerge", 0, 0, 1, 1, "1: redundancy removal also merges across a commuting opposite face (R L R -> R2 L)"},
    {"phaseEnd", 1, 0, 1, 1, "0: a phase ends once mu distinct solvers were found in it (archive of the shortest); 1: once the mu best distinct children of a generation are all solvers", "archive|generation"},
    {"patience", 20, 0, 1000000, 1, "phase_end=1: a phase also ends this many generations after mu distinct solvers of it were found (then seeded by the mu shortest)"},
    {"stall", 0, 0, 1000000, 1, "opt-in: also reset when the best fitness has not improved for this many generations (0: off)"},
    {"distinctStates", 0, 0, 1, 1, "1: solvers of phases 0-3 count as distinct only with distinct cube states (0: distinct move sequences)"},
    {"finalMu", 1, 0, 100000, 1, "distinct solvers that end the last phase, which seeds no other (0: mu); the shortest is the result"},
    EC_ISLAND_PARAMS(5, 50),
};

static const ec_preset tw_presets[] = {
    {"benchmark", "mu=1000,lambda=50000,weight0=5,weight1=5,weight2=5,weight3=5,weight4=5,mutation0=5,mutation1=5,mutation2=13,mutation3=15,mutation4=17,reset=250",
     "the paper's Table 1 setting (the defaults)"},
    {"section5", "weight2=10,mutation0=7,mutation1=13,mutation2=15,mutation3=15,mutation4=17,reset=150",
     "the text of section 5: eq. 9's weight 10, mutation lengths 7,13,15,15,17, reset after 150"},
    {"quality", "mu=2000,lambda=200000,stall=30", "opt-in: a four times larger population and stall resets (about 44 moves instead of 49, about 3x the time)"},
    {"small", "mu=100,lambda=2000", "a 25th of the population: fast (about 0.5 s), longer solutions (about 60 moves); below it the ES gets unreliable"},
    {"short", "mu=2000,lambda=100000,weight3=2,weight4=2,stall=30",
     "opt-in, not the paper's: twice the population, weight 2 in G2 -> G3 and G3 -> G4, stall resets (about 41 moves instead of 49, about 8x the time: 1 s)"},
};

/* paper_length (solver.h): the phases' moves joined with same-face merges only (section 5.2's
 * redundancy removal, without the handle's merge of commuting opposite faces, R L R -> R2 L) */
static int tw_paper_length(const ec_solver *h)
{
    uint8_t mv[EC_MAX_ALG_MOVES];
    int n = 0;
    for (int i = 0; i < h->nphases; i++)
        for (int j = 0; j < h->phases[i].n; j++) {
            int k = ec__twes_append(mv, n, 0, h->phases[i].moves[j], 0, EC_MAX_ALG_MOVES);
            if (k >= 0) n = k;
        }
    return n;
}

const ec_solver_impl ec_solver_twes = {
    .name = "twes",
    .title = "Thistlethwaite ES (El-Sourani, Hauke, Borschbach 2010)",
    .label = "Thistlethwaite evolution strategy",
    .short_label = "Thistlethwaite ES",
    .work_unit = "generation",
    .fitness = "weighted group violations plus moves (per phase)",
    .better = EC_LOWER_IS_BETTER,
    .phases = phase_names,
    .nphases = EC_COUNT(phase_names),
    .goals = phase_goals,
    .records = EC_RECORDS_POPULATION,
    .quick = 1,
    .params = tw_params,
    .nparams = EC_COUNT(tw_params),
    .presets = tw_presets,
    .npresets = EC_COUNT(tw_presets),
    .create = tw_create,
    .step = tw_step,
    .destroy = tw_destroy,
    .phase_optimum = tw_phase_optimum,
    .paper_length = tw_paper_length,
    .migrant_context = ec__tw_context,
    .export_migrants = ec__tw_export,
    .import_migrants = ec__tw_import,
};
