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
 *    goal-reaching prefix reaches the goal;
 *  - the documented rules against brute force on small cases: hg_plan_cost is the least
 *    reduction + exact solve over reductions at most `slack` turns longer than the shortest
 *    (every reduction of up to 4 turns enumerated, slack 0..2), a node budget never gives a
 *    cost below the exact one (a budget that runs out: HG_PLAN_FAR + the reduction), and
 *    hg_plan_block takes the least turns + cost with its ties (the shorter block, the lower
 *    location, the first kept) and max_block, over random candidate blocks. */
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

/* ------------------------------------------------------------------ documented rules, brute force */

/* a cube of loc's frame: v, and x with view(x, loc) = v (the frame's moves mapped back) */
static void frame_case(int loc, int ur_turns, int any_turns, const uint8_t *given, ec_bcube *x, ec_bcube *v)
{
    ec_bcube s = solved(), w;
    uint8_t unview[18];
    CHECK(hg_plan_frame(&s, loc, &w, unview) == EC_OK, "frame %d", loc);
    *x = solved(), *v = solved();
    for (int i = 0, prev = -1; i < ur_turns + any_turns; i++) {
        int m;
        if (given) m = given[i];
        else do m = i < ur_turns ? rnd(6) : rnd(18);
            while (!ec__move_follows(prev, m));
        prev = m;
        ec__bcube_move(v, m);
        ec__bcube_move(x, unview[m]);
    }
}

/* every reduction of v of at most `depth` turns: least[k] = the least exact <U,R> solve after a
 * reduction of k turns (99: none of k turns) */
static void reductions(const ec_bcube *v, int depth, int k, int prev, int *least)
{
    if (ec__ur_reduced(v)) {
        int64_t nodes = (int64_t)1 << 40;
        int d;
        CHECK(ec__ur_distance(v, 40, &nodes, &d) == EC_OK, "exact <U,R> solve");
        if (d < least[k]) least[k] = d;
    }
    if (k == depth) return;
    for (int m = 0; m < 18; m++) {
        if (!ec__move_follows(prev, m)) continue;
        ec_bcube t = *v;
        ec__bcube_move(&t, m);
        reductions(&t, depth, k + 1, m, least);
    }
}

/* hg_plan_cost's rule against brute force: the least reduction + exact solve over the
 * reductions at most `slack` turns longer than the shortest; and its node budget: a budget
 * that runs out gives HG_PLAN_FAR + the reduction (never a cost below the exact one), and
 * the least budget runs out */
static void cost_rules(void)
{
    int cases = 0, slack_helps = 0, ran_out = 0, partial = 0;
    /* two cases (found by this enumeration) where a reduction 1 turn longer than the
     * shortest lowers the cost: frame move codes 2 13 10 3 at loc 9 (8 with slack 0, 4 with
     * slack 1) and 3 1 9 16 0 at loc 6 (8, then 5) */
    static const uint8_t witness[2][5] = {{2, 13, 10, 3}, {3, 1, 9, 16, 0}};
    for (int k = 0; k < 122; k++) { /* then even: a far <U,R> cube 1-2 turns off; odd: 2-4 turns of any face */
        int loc = k == 0 ? 9 : k == 1 ? 6 : rnd(HG_LOCS);
        ec_bcube x, v;
        if (k < 2) frame_case(loc, 0, k ? 5 : 4, witness[k], &x, &v);
        else if (k % 2 == 0) frame_case(loc, 8 + rnd(6), 1 + rnd(2), NULL, &x, &v);
        else frame_case(loc, rnd(3), 2 + rnd(3), NULL, &x, &v);
        int least[5];
        for (int i = 0; i < 5; i++) least[i] = 99;
        reductions(&v, 4, 0, -1, least);
        int rmin = 0;
        while (rmin < 5 && least[rmin] == 99) rmin++;
        if (rmin > 2) continue;
        cases++;
        int exact0 = 0;
        for (int slack = 0; slack <= 2; slack++) {
            int want = 999;
            for (int r = rmin; r <= rmin + slack; r++)
                if (least[r] < 99 && r + least[r] < want) want = r + least[r];
            int red, solve, c = hg_plan_cost(&x, loc, slack, (int64_t)1 << 40, &red, &solve);
            CHECK(c == want, "case %d (loc %d, slack %d): cost %d, brute force %d", k, loc, slack, c, want);
            CHECK(red + solve == c && red >= rmin && red <= rmin + slack && least[red] == solve,
                  "case %d slack %d: reduction %d + solve %d", k, slack, red, solve);
            if (slack == 0) exact0 = want;
            else if (want < exact0) slack_helps++;
            for (int64_t nodes = 1; nodes <= 100000; nodes *= 10) {
                int r2, s2, b = hg_plan_cost(&x, loc, slack, nodes, &r2, &s2);
                CHECK(b == want || (b > want && b < HG_PLAN_FAR) || (s2 < 0 && b == HG_PLAN_FAR + r2),
                      "case %d slack %d, %lld nodes: cost %d (exact %d)", k, slack, (long long)nodes, b, want);
                ran_out += nodes == 1 && b >= HG_PLAN_FAR;
                partial += b > want && b < HG_PLAN_FAR;
            }
        }
    }
    printf("plan costs: %d cases, slack shortened %d, the least budget ran out on %d, a budget's partial best on %d\n",
           cases, slack_helps, ran_out, partial);
    CHECK(cases >= 60, "cases with a reduction within 2 turns: %d", cases);
    CHECK(slack_helps >= 4, "a slack that finds a cheaper reduction + solve: %d", slack_helps);
    CHECK(ran_out >= 1, "a budget of 1 node runs out: %d", ran_out);
}

/* hg_plan_block's rule against brute force: of every location's best block and kept blocks
 * (after the final operator, at most max_block turns), the least turns + hg_plan_cost; ties:
 * the shorter block, then the lower location, then the first kept */
static hg_plan kept1[HG_LOCS];
static void block_ties(void)
{
    int cases = 0, ties = 0, tie_len = 0, tie_loc = 0, tie_kept = 0;
    for (int k = 0; k < 30; k++) {
        ec_bcube start = solved();
        for (int i = 0, prev = -1; i < 2 + rnd(2); i++) {
            int m;
            do m = rnd(18);
            while (!ec__move_follows(prev, m));
            ec__bcube_move(&start, m);
            prev = m;
        }
        hg_pop pops[HG_LOCS];
        hg_pop *store[HG_LOCS];
        int max_block = k % 3 == 2 ? 1 : 0;
        int want_loc = -1, want_cost = 0, want_n = 0, want_r = 0, ntied = 0;
        uint8_t want_g[HG_MAXLEN];
        int best_tied_len = 0, best_tied_loc = 0, best_tied_kept = 0;
        for (int loc = 0; loc < HG_LOCS; loc++) {
            memset(&pops[loc], 0, sizeof pops[loc]);
            store[loc] = &pops[loc];
            memset(&kept1[loc], 0, sizeof kept1[loc]);
            pops[loc].hof_n = rnd(4) ? rnd(4) : -1; /* -1: no block at this location */
            for (int i = 0; i < pops[loc].hof_n; i++) pops[loc].hof[i] = (uint8_t)rnd(18);
            kept1[loc].nkept = pops[loc].hof_n < 0 ? 0 : rnd(3);
            for (int r = 0; r < kept1[loc].nkept; r++) {
                kept1[loc].kept[r].n = rnd(4);
                for (int i = 0; i < kept1[loc].kept[r].n; i++) kept1[loc].kept[r].genes[i] = (uint8_t)rnd(18);
                if (r && rnd(2)) { /* another block of the same turns: a tie for the first kept */
                    kept1[loc].kept[r].n = kept1[loc].kept[r - 1].n;
                    memcpy(kept1[loc].kept[r].genes, kept1[loc].kept[r - 1].genes, HG_MAXLEN);
                }
            }
            if (pops[loc].hof_n < 0) continue;
            for (int r = -1; r < kept1[loc].nkept; r++) {
                uint8_t g[HG_MAXLEN];
                int n = r < 0 ? pops[loc].hof_n : kept1[loc].kept[r].n;
                memcpy(g, r < 0 ? pops[loc].hof : kept1[loc].kept[r].genes, (size_t)n);
                n = hg_optimize_full(g, n);
                if (max_block && n > max_block) continue;
                ec_bcube y = start;
                for (int i = 0; i < n; i++) ec__bcube_move(&y, hg_gene_move[g[i]]);
                int red, solve, c = n + hg_plan_cost(&y, loc, 1, (int64_t)1 << 40, &red, &solve);
                if (want_loc >= 0 && c == want_cost) {
                    ntied++;
                    if (n != want_n) best_tied_len = 1;
                    else if (loc != want_loc) best_tied_loc = 1;
                    else best_tied_kept = 1;
                }
                if (want_loc < 0 || c < want_cost || (c == want_cost && n < want_n)) {
                    if (want_loc >= 0 && c < want_cost) best_tied_len = best_tied_loc = best_tied_kept = 0;
                    want_loc = loc, want_cost = c, want_n = n, want_r = r;
                    memcpy(want_g, g, (size_t)n);
                }
            }
        }
        if (want_loc < 0) continue;
        cases++;
        ties += ntied > 0, tie_len += best_tied_len, tie_loc += best_tied_loc, tie_kept += best_tied_kept;
        uint8_t genes[HG_MAXLEN];
        int n = -1, got = hg_plan_block(&start, store, kept1, max_block, 1, (int64_t)1 << 40, genes, &n);
        CHECK(got == want_loc, "case %d: the least joint cost with its ties is at %d, chosen %d", k, want_loc, got);
        CHECK(n == want_n && !memcmp(genes, want_g, (size_t)n), "case %d: the chosen block (kept %d) is the first of least cost and turns", k, want_r);
    }
    printf("block ties: %d cases, %d with ties (%d on turns, %d on location, %d on kept order)\n", cases, ties, tie_len, tie_loc, tie_kept);
    CHECK(cases >= 20 && tie_len >= 1 && tie_loc >= 1, "cases %d, ties broken by turns %d, by location %d", cases, tie_len, tie_loc);
}

int main(void)
{
    hg_init();
    RUN(frames);
    RUN(block_choice);
    RUN(scored_populations);
    RUN(cost_rules);
    RUN(block_ties);
    DONE();
}
