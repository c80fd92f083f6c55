/* test_hugo_plan.c - HuGO!'s opt-in joint choice (c/solvers/hugo/plan.c):
 *  - every location's frame: the move map hg_plan_frame gives turns the viewed cube the way
 *    the original move turns the original (view(s m) = view(s) m' for all 18 m, random s);
 *    cubes reached from solved by 1-3 turns of a location's two free faces cost no reduction
 *    and their enumerated <f1,f2> distance as the solve (hg_plan_cost);
 *  - the block choice: on short scrambles, with each location's shortest block (found by
 *    enumeration) as its candidate, hg_plan_block takes the location of least turns + joint
 *    cost, and on at least one scramble that is not the location of the shortest block (so
 *    the test fails if the choice falls back to the shortest block);
 *  - the scored phases: a population scored by the reduction bound (all 18 genes) or the
 *    <U,R> bound (U and R genes) stores, generation after generation, the fitness a fresh
 *    evaluation gives (hg_fitness) and, per prefix, the state after its genes; its kept best
 *    goal-reaching prefix reaches the goal. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "core/packed.h"
#include "search/optima.h"
#include "solvers/hugo/hg.h"

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static int rnd(int n)
{
    rs ^= rs << 13, rs ^= rs >> 7, rs ^= rs << 17;
    return (int)(rs % (uint64_t)n);
}

static ec_bcube solved(void)
{
    ec_bcube s;
    for (int i = 0; i < 8; i++) s.c[i] = (uint8_t)(i * 3);
    for (int i = 0; i < 12; i++) s.e[i] = (uint8_t)(i * 2);
    return s;
}

static ec_bcube viewed(const ec_bcube *s, int loc)
{
    ec_cube c, r;
    ec_bcube v;
    ec__bcube_to_cube(s, &c);
    CHECK(ec__block_view(&c, loc, &r) == EC_OK, "view");
    ec__bcube_from_cube(&r, &v);
    return v;
}

/* least number of turns of faces f1, f2 that solves s, up to 3 (4: more) */
static int brute_ur(const ec_bcube *s, int f1, int f2, int left)
{
    ec_cube c;
    ec__bcube_to_cube(s, &c);
    if (ec_cube_is_solved(&c)) return 0;
    if (!left) return 4;
    int best = 4;
    for (int m = 0; m < 18; m++) {
        if (m / 3 != f1 && m / 3 != f2) continue;
        ec_bcube t = *s;
        ec__bcube_move(&t, m);
        int r = 1 + brute_ur(&t, f1, f2, left - 1);
        if (r < best) best = r;
    }
    return best;
}

static void frames(void)
{
    for (int loc = 0; loc < HG_LOCS; loc++) {
        ec_bcube s = solved(), v;
        for (int i = 0; i < 40; i++) ec__bcube_move(&s, rnd(18));
        uint8_t unview[18];
        CHECK(hg_plan_frame(&s, loc, &v, unview) == EC_OK, "loc %d: frame", loc);
        int same = 1;
        for (int m = 0; m < 18; m++) {
            ec_bcube a = s, b = v;
            ec__bcube_move(&a, unview[m]);
            ec__bcube_move(&b, m);
            ec_bcube va = viewed(&a, loc);
            same &= !memcmp(&va, &b, sizeof b);
        }
        CHECK(same, "loc %d: view(s unview[m]) = view(s) m for all 18 m", loc);
        int f1, f2, ok = 1;
        hg_loc_faces(loc, &f1, &f2);
        for (int k = 0; k < 30; k++) {
            ec_bcube w = solved();
            int n = 1 + k % 3;
            for (int i = 0; i < n; i++) ec__bcube_move(&w, (rnd(2) ? f1 : f2) * 3 + rnd(3));
            int red = -1, solve = -1, c = hg_plan_cost(&w, loc, 1, 1000000, &red, &solve);
            ok &= red == 0 && solve == brute_ur(&w, f1, f2, 3) && c == solve;
        }
        CHECK(ok, "loc %d: cubes of <f1,f2> cost their enumerated distance, no reduction", loc);
    }
}

/* shortest[loc]: the first shortest sequence (at most 4 turns) solving loc's block from s */
static void shortest_blocks(const ec_bcube *s, int depth, int prev, uint8_t *seq, int n, int *len, uint8_t best[][8])
{
    for (int loc = 0; loc < HG_LOCS; loc++)
        if (len[loc] > n && hg_block_solved(s, loc)) {
            len[loc] = n;
            for (int i = 0; i < n; i++) best[loc][i] = hg_move_gene[seq[i]];
        }
    if (n == depth) return;
    for (int m = 0; m < 18; m++) {
        if (!ec__move_follows(prev, m)) continue;
        ec_bcube t = *s;
        ec__bcube_move(&t, m);
        seq[n] = (uint8_t)m;
        shortest_blocks(&t, depth, m, seq, n + 1, len, best);
    }
}

static void block_choice(void)
{
    int differs = 0, cases = 0;
    for (int k = 0; k < 12; k++) {
        ec_bcube start = solved();
        for (int i = 0, prev = -1; i < 5; i++) {
            int m;
            do m = rnd(18);
            while (!ec__move_follows(prev, m));
            ec__bcube_move(&start, m);
            prev = m;
        }
        int len[HG_LOCS];
        uint8_t best[HG_LOCS][8], seq[8];
        for (int loc = 0; loc < HG_LOCS; loc++) len[loc] = 99;
        shortest_blocks(&start, 4, -1, seq, 0, len, best);
        hg_pop pops[HG_LOCS];
        hg_pop *store[HG_LOCS];
        int want = -1, want_cost = 0, shortest = -1;
        for (int loc = 0; loc < HG_LOCS; loc++) {
            memset(&pops[loc], 0, sizeof pops[loc]);
            store[loc] = &pops[loc];
            pops[loc].hof_n = len[loc] < 99 ? len[loc] : -1;
            if (len[loc] == 99) continue;
            memcpy(pops[loc].hof, best[loc], (size_t)len[loc]);
            ec_bcube x = start;
            for (int i = 0; i < len[loc]; i++) ec__bcube_move(&x, hg_gene_move[best[loc][i]]);
            int red, solve, c = len[loc] + hg_plan_cost(&x, loc, 1, 4000000, &red, &solve);
            if (want < 0 || c < want_cost || (c == want_cost && len[loc] < len[want])) want = loc, want_cost = c;
            if (shortest < 0 || len[loc] < len[shortest]) shortest = loc;
        }
        if (want < 0) continue;
        cases++;
        uint8_t genes[HG_MAXLEN];
        int n = -1, got = hg_plan_block(&start, store, NULL, 0, 1, 4000000, genes, &n);
        CHECK(got == want, "scramble %d: the block of least joint cost is at %d, chosen %d", k, want, got);
        CHECK(n == len[want] && !memcmp(genes, best[want], (size_t)n), "scramble %d: the chosen block's genes", k);
        differs += want != shortest;
    }
    CHECK(cases >= 8, "scrambles with a block within 4 turns: %d", cases);
    printf("joint choice differs from the shortest block on %d of %d scrambles\n", differs, cases);
    CHECK(differs >= 1, "the joint choice differs from the shortest block on %d of %d scrambles", differs, cases);
}

static void scored_populations(void)
{
    ec_rng r;
    ec_rng_seed(&r, 7);
    for (int kind = 0; kind < 3; kind++) { /* 0: phase 2's score, 1: phase 3's, 2: phase 3's by keys */
        hg_task t;
        memset(&t, 0, sizeof t);
        t.start = solved();
        for (int i = 0; i < 60; i++) ec__bcube_move(&t.start, kind ? rnd(6) : rnd(18));
        t.ps = hg_cube_pairs();
        t.member = -1;
        t.goal = HG_PLAN_FAR;
        t.weight = 3;
        t.score = kind ? hg_plan_score : hg_plan_rscore;
        t.ur_keyed = kind == 2;
        for (int g = 0; g < 18; g++)
            if (!kind || hg_gene_move[g] / 3 < 2) t.alleles[t.nalleles++] = (uint8_t)g;
        hg_gaconf cf;
        hg_gaconf_init(&cf, 40, 26, 0.6, 0, 2);
        hg_pop *p = hg_pop_new(&cf, &t, &r);
        int agree = 1, states = 1;
        hg_genstats gs;
        for (int gen = 0; gen < 150; gen++) {
            hg_pop_generation(p, &cf, &t, &r, &gs);
            for (int i = 0; i < p->n; i++) {
                const uint8_t *g = p->prev.g + i * 26;
                agree &= p->prev.fit[i] == hg_fitness(&t, g, 26, NULL, NULL);
                ec_bcube x = t.start;
                for (int k = 1; k <= p->prev.valid[i]; k++) {
                    ec__bcube_move(&x, hg_gene_move[g[k - 1]]);
                    states &= !memcmp(&x, &p->prev.pre[i * 27 + k].s, sizeof x);
                    if (kind == 2) states &= p->prev.pre[i * 27 + k].mk == ec__ur_key(&x);
                }
            }
        }
        CHECK(agree, "kind %d: stored fitness = fresh fitness", kind);
        CHECK(states, "kind %d: every stored prefix state (and key) = the state after its genes", kind);
        if (p->hof_n >= 0) {
            ec_bcube x = t.start;
            for (int k = 0; k < p->hof_n; k++) ec__bcube_move(&x, hg_gene_move[p->hof[k]]);
            CHECK(t.score(&x) == HG_PLAN_FAR, "kind %d: the kept best reaches the goal", kind);
        }
        hg_pop_free(p);
    }
}

int main(void)
{
    hg_init();
    RUN(frames);
    RUN(block_choice);
    RUN(scored_populations);
    DONE();
}
