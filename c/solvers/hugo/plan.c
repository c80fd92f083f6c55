/*
 * plan.c - HuGO!'s opt-in joint choice (param plan, preset=short): the exact distances of the
 * last two phases (search/optima.h, twogen_optima.c) decide which of the GA's results the
 * workflow keeps; the GA still finds every move.
 *
 *  - At phase 1's end, each location's best block (its population's kept goal-reaching
 *    prefix, after the final operator) costs its turns + the least exact reduction + exact
 *    <U,R> solve over the reductions at most `slack` turns longer than the shortest
 *    (ec__ur_joint, in the location's frame). The block of least cost is taken (ties: the
 *    shorter block, then the lower location), not the shortest block. hg_choice does it in
 *    slices of search nodes (a run's units, hugo.c), each candidate's search resumable
 *    (ec__ur_search_run); hg_plan_block is the same choice in one call.
 *  - During phase 2, every goal-reaching individual of every generation (its goal prefix after
 *    the final operator, and the cube there) costs its turns + the exact <U,R> solve after it;
 *    the least is kept (ties: the first seen) and ends the phase instead of the GA's kept best
 *    (the shortest). A direct-mapped cache of 4096 (cube, turns) keys skips repeats; the
 *    solve is searched only below the best cost so far, so most look-ups end at the bound.
 * Costs: one joint search per candidate block (a node budget each, param planNodes), in
 * slices of at most HG_CHOICE_UNIT nodes per unit;
 * in phase 2 a byte-cube rotation (through facelets) and a bounded <U,R> search per new goal-
 * reaching individual. Deterministic: no random numbers, budgets in nodes.
 */
#include <stdio.h>
#include <string.h>

#include "core/cube.h"
#include "search/optima.h"
#include "solvers/hugo/hg.h"

/* s seen in loc's frame (its free faces at U and R) */
static int view(const ec_bcube *s, int loc, ec_bcube *out)
{
    ec_cube c, r;
    ec__bcube_to_cube(s, &c);
    int rc = ec__block_view(&c, loc, &r);
    if (rc) return rc;
    ec__bcube_from_cube(&r, out);
    return EC_OK;
}

int hg_cost_start(ec__ur_search *q, const ec_bcube *s, int loc, int slack, int64_t nodes)
{
    ec_bcube v;
    int rc = view(s, loc, &v);
    return rc ? rc : ec__ur_search_joint(q, &v, slack, nodes);
}

int hg_cost_run(ec__ur_search *q, int64_t *slice, int *cost)
{
    int rc = ec__ur_search_run(q, slice);
    if (rc == EC_RUNNING || rc < 0) return rc;
    *cost = q->solve < 0 ? HG_PLAN_FAR + q->red : q->red + q->solve;
    return EC_OK;
}

int hg_plan_cost(const ec_bcube *s, int loc, int slack, int64_t nodes, int *red, int *solve)
{
    ec__ur_search q;
    int64_t slice = INT64_MAX;
    int cost, rc = hg_cost_start(&q, s, loc, slack, nodes);
    if (!rc) rc = hg_cost_run(&q, &slice, &cost);
    if (rc) return rc;
    *red = q.red, *solve = q.solve;
    return cost;
}

void hg_choice_start(hg_choice *c, hg_pop *const store[HG_LOCS], const hg_plan *pl1)
{
    c->loc = 0, c->r = -1, c->busy = 0, c->pick = -1, c->cost = c->n = 0, c->done = c->total = 0, c->spent = 0;
    for (int loc = 0; loc < HG_LOCS; loc++)
        if (store[loc] && store[loc]->hof_n >= 0) c->total += 1 + (pl1 ? pl1[loc].nkept : 0);
}

int hg_choice_run(hg_choice *c, const ec_bcube *start, hg_pop *const store[HG_LOCS], const hg_plan *pl1, int max_block,
                  int slack, int64_t nodes, int64_t *slice)
{
    for (;;) {
        if (!c->busy) { /* the next candidate: set up its search */
            if (c->loc == HG_LOCS) return c->pick < 0 ? EC_E_STATE : EC_OK;
            const hg_pop *q = store[c->loc];
            if (!q || q->hof_n < 0 || c->r >= (pl1 ? pl1[c->loc].nkept : 0)) {
                c->loc++, c->r = -1;
                continue;
            }
            int r = c->r++;
            c->k = r < 0 ? q->hof_n : pl1[c->loc].kept[r].n;
            memcpy(c->g, r < 0 ? q->hof : pl1[c->loc].kept[r].genes, (size_t)c->k);
            c->k = hg_optimize_full(c->g, c->k);
            if (max_block && c->k > max_block) {
                c->done++;
                continue;
            }
            ec_bcube x = *start;
            for (int i = 0; i < c->k; i++) ec__bcube_move(&x, hg_gene_move[c->g[i]]);
            int rc = hg_cost_start(&c->q, &x, c->loc, slack, nodes);
            if (rc < 0) return rc;
            c->busy = 1;
        }
        int64_t before = c->q.nodes;
        int cost, rc = hg_cost_run(&c->q, slice, &cost);
        c->spent += before - c->q.nodes;
        if (rc) return rc; /* EC_RUNNING, or an error */
        c->busy = 0;
        c->done++;
        cost += c->k;
        if (c->pick < 0 || cost < c->cost || (cost == c->cost && c->k < c->n)) {
            c->pick = c->loc, c->cost = cost, c->n = c->k;
            memcpy(c->genes, c->g, (size_t)c->k);
        }
    }
}

int hg_plan_block(const ec_bcube *start, hg_pop *const store[HG_LOCS], const hg_plan *pl1, int max_block, int slack,
                  int64_t nodes, uint8_t *genes, int *n)
{
    hg_choice c;
    int64_t slice = INT64_MAX;
    hg_choice_start(&c, store, pl1);
    int rc = hg_choice_run(&c, start, store, pl1, max_block, slack, nodes, &slice);
    if (rc < 0) return rc;
    *n = c.n;
    memcpy(genes, c.genes, (size_t)c.n);
    return c.pick;
}

int hg_plan_score(const ec_bcube *s) { return HG_PLAN_FAR - ec__ur_bound(s); }
int hg_plan_rscore(const ec_bcube *s) { return HG_PLAN_FAR - ec__ur_reduce_bound(s); }

int hg_plan_frame(const ec_bcube *s, int loc, ec_bcube *v, uint8_t unview[18])
{
    int rc = ec__ur_init();
    if (!rc) rc = view(s, loc, v);
    for (int m = 0; m < 18 && !rc; m++) {
        ec_cube mc;
        rc = ec__block_view(ec__move_cube(m), loc, &mc);
        for (int k = 0; k < 18 && !rc; k++)
            if (!memcmp(&mc, ec__move_cube(k), sizeof mc)) unview[k] = (uint8_t)m;
    }
    return rc;
}

void hg_plan_reset(hg_plan *pl, int64_t nodes, int cap)
{
    memset(pl, 0, sizeof *pl);
    pl->cap = cap < HG_PLAN_KEEP ? cap : HG_PLAN_KEEP;
    pl->nodes = nodes;
    pl->nmin = HG_MAXLEN;
}

void hg_plan_observe(hg_plan *pl, const hg_pop *p, const hg_task *t)
{
    int len = p->len, L1 = len + 1;
    const hg_gen *c = &p->prev; /* the generation just evaluated */
    for (int i = 0; i < p->n; i++) {
        const hg_prefix *pre = c->pre + (size_t)i * L1;
        if (pre[c->valid[i]].best != t->goal) continue;
        int k = pre[c->valid[i]].bstep;
        uint8_t g[HG_MAXLEN];
        memcpy(g, c->g + (size_t)i * len, (size_t)k);
        int n = hg_optimize_full(g, k);
        if (n > pl->nmin + 1) continue;
        const ec_bcube *s = &pre[k].s;
        uint64_t h = 1469598103934665603ull ^ (uint64_t)n;
        for (int j = 0; j < 8; j++) h = (h ^ s->c[j]) * 1099511628211ull;
        for (int j = 0; j < 12; j++) h = (h ^ s->e[j]) * 1099511628211ull;
        h |= 1;
        if (pl->seen[h & (HG_PLAN_CACHE - 1)] == h) continue;
        pl->seen[h & (HG_PLAN_CACHE - 1)] = h;
        if (n < pl->nmin) { /* drop the kept ones now two or more turns too long */
            pl->nmin = n;
            int w = 0;
            for (int r = 0; r < pl->nkept; r++)
                if (pl->kept[r].n <= n + 1) pl->kept[w++] = pl->kept[r];
            pl->nkept = w;
        }
        if (pl->nkept == pl->cap) continue;
        pl->kept[pl->nkept].n = n;
        pl->kept[pl->nkept].s = *s;
        memcpy(pl->kept[pl->nkept].genes, g, (size_t)n);
        pl->nkept++;
    }
}

int hg_plan_pick(hg_plan *pl)
{
    int pick = -1, best = 0;
    for (int r = 0; r < pl->nkept; r++) {
        int64_t nodes = pl->nodes;
        int solve, rc = ec__ur_distance(&pl->kept[r].s, pick < 0 ? HG_PLAN_FAR : best - pl->kept[r].n - 1, &nodes, &solve);
        if (rc == EC_OK) pick = r, best = pl->kept[r].n + solve;
        else if (pick < 0) pick = r, best = HG_PLAN_FAR + pl->kept[r].n; /* out of nodes with nothing costed yet */
    }
    return pick;
}

int hg_plan_solve(const ec_bcube *v, int64_t nodes)
{
    int solve, rc = ec__ur_distance(v, HG_PLAN_FAR, &nodes, &solve);
    return rc < 0 ? rc : rc == EC_OK ? solve : HG_PLAN_FAR;
}

int hg_plan_far(hg_plan *pl, const hg_pop *p, int within)
{
    if (pl) {
        int k = hg_plan_pick(pl);
        if (k < 0) return 1;
        int64_t nodes = pl->nodes;
        int solve, rc = ec__ur_distance(&pl->kept[k].s, within - pl->kept[k].n, &nodes, &solve);
        return rc != EC_OK;
    }
    uint8_t g[HG_MAXLEN];
    memcpy(g, p->hof, (size_t)p->hof_n);
    return hg_optimize_full(g, p->hof_n) > within;
}
