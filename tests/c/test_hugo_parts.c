/* test_hugo_parts.c - HuGO!'s components: gene table, pair-count fitness on known states,
 * block detection in all 12 locations, prefix fitness, SUS, crossover, mutation and the
 * optimization operator; the fast operators against plain reference versions. */
#include <string.h>

#include "check.h"
#include "evocube.h"
#include "solvers/hugo/hg.h"

static void state_of(const char *alg, ec_bcube *s)
{
    uint8_t mv[64];
    int n = 0;
    ec_cube c;
    ec_cube_solved(&c);
    ec_alg_parse(alg, mv, 64, &n, NULL, 0);
    ec_cube_moves(&c, mv, n);
    ec__bcube_from_cube(&c, s);
}

static void genes_of(const char *alg, uint8_t *g, int *n)
{
    uint8_t mv[64];
    ec_alg_parse(alg, mv, 64, n, NULL, 0);
    for (int i = 0; i < *n; i++) g[i] = hg_move_gene[mv[i]];
}

static void genes_text(const uint8_t *g, int n, char *out, int size)
{
    uint8_t mv[64];
    for (int i = 0; i < n; i++) mv[i] = hg_gene_move[g[i]];
    ec_alg_format(mv, n, out, size);
}

static int face_in(int m, int f1, int f2) { return m / 3 == f1 || m / 3 == f2; }

/* References for the fast operators in ga.c, written the plain way. */
/* one optimization pass: left to right, a pair on one face becomes one turn or vanishes */
static int ref_optimize_pass(uint8_t *g, int n)
{
    int o = 0, i = 0;
    while (i < n) {
        if (i + 1 < n && g[i] % 6 == g[i + 1] % 6) {
            int q = (g[i] / 6 + 1 + g[i + 1] / 6 + 1) % 4; /* quarter turns: 1 cw, 2 half, 3 ccw */
            if (q) g[o++] = (uint8_t)((q - 1) * 6 + g[i] % 6);
            i += 2;
        } else {
            g[o++] = g[i++];
        }
    }
    return o;
}
/* the pass's pairs (bit i: genes i, i + 1 combined) and the pairs that vanished, by the walk */
static void ref_optimize_at(const uint8_t *g, int n, uint64_t at[2])
{
    at[0] = at[1] = 0;
    for (int i = 0; i + 1 < n;) {
        if (g[i] % 6 == g[i + 1] % 6) {
            at[0] |= 1ull << i;
            at[1] |= (uint64_t)((g[i] / 6 + 1 + g[i + 1] / 6 + 1) % 4 == 0) << i;
            i += 2;
        } else {
            i++;
        }
    }
}
/* SUS by walking the wheel from the start for each spin */
static void ref_sus(const int32_t *w, int n, int count, int pointers, ec_rng *r, int *out)
{
    uint64_t total = 0, k = (uint64_t)pointers;
    for (int i = 0; i < n; i++) total += (uint64_t)w[i];
    int filled = 0;
    while (filled < count) {
        uint64_t start = ec_rng_below(r, (uint32_t)total), cum = (uint64_t)w[0] * k;
        int idx = 0;
        for (uint64_t j = 0; j < k && filled < count; j++) {
            while (cum <= start + j * total && idx < n - 1) cum += (uint64_t)w[++idx] * k;
            out[filled++] = idx;
        }
    }
    for (int i = count - 1; pointers > 2 && i > 0; i--) {
        int j = (int)ec_rng_below(r, (uint32_t)(i + 1)), t = out[i];
        out[i] = out[j];
        out[j] = t;
    }
}
/* mutation: per gap, a linear search of the survival table */
static int ref_mutate(uint8_t *g, int len, const hg_survival *sv, const uint8_t *alleles, int na, ec_rng *r)
{
    int k = 0;
    for (int i = 0;; i++) {
        uint64_t u = ec_rng_next(r) >> 32;
        int j = 0;
        while (j < len - i && u < sv->p[j + 1]) j++;
        i += j;
        if (i >= len) return k;
        g[i] = alleles[ec_rng_below(r, (uint32_t)na)];
        k++;
    }
}

/* the random walks and populations: one generator, seeded 7 by fast_state_turns, drawn from
 * by the cases after it in main's order */
static ec_rng r;

/* every gene, in Table 2's order */
static const uint8_t all[18] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};

static void gene_table(void)
{
    char text[512];
    /* Table 2: F U R B D L, half turns, counter-clockwise */
    genes_text(all, 18, text, sizeof text);
    CHECK_STR(text, "F U R B D L F2 U2 R2 B2 D2 L2 F' U' R' B' D' L'");
    for (int m = 0; m < 18; m++) CHECK(hg_gene_move[hg_move_gene[m]] == m, "gene table round trip %d", m);
}

static void fast_state_turns(void)
{
    /* the fast state turns exactly as the cubie model does */
    ec_rng_seed(&r, 7);
    ec_cube c, back;
    ec_cube_solved(&c);
    ec_bcube s, s2;
    ec__bcube_from_cube(&c, &s);
    ec_pk pk = ec__pk_pack(&s);
    int same = 1, masks = 1;
    for (int i = 0; i < 500; i++) {
        int m = (int)ec_rng_below(&r, 18);
        ec_cube_move(&c, m);
        ec__bcube_move(&s, m);
        /* the incremental mask equals the mask from scratch, for the cube and every block */
        uint64_t before[HG_LOCS + 1];
        for (int k = 0; k <= HG_LOCS; k++) before[k] = hg_pair_mask(k < HG_LOCS ? hg_block_pairs(k) : hg_cube_pairs(), pk);
        pk = ec__pk_turned(pk, m);
        ec__pk_unpack(pk, &s2);
        ec__bcube_to_cube(&s, &back);
        same &= !memcmp(&back, &c, sizeof c) && !memcmp(&s, &s2, sizeof s);
        for (int k = 0; k <= HG_LOCS; k++) {
            const hg_pairset *ps = k < HG_LOCS ? hg_block_pairs(k) : hg_cube_pairs();
            masks &= hg_pair_mask_after(ps, pk, m, before[k]) == hg_pair_mask(ps, pk);
        }
    }
    CHECK(same, "ec__bcube_move and the packed turn agree with ec_cube_move over 500 random turns");
    CHECK(masks, "incremental pair masks equal masks from scratch over 500 random turns");
}

static void solved_cube_pairs(void)
{
    ec_bcube s;
    /* solved cube: the maximum everywhere */
    state_of("", &s);
    CHECK(hg_cube_pairs()->max == 48 && hg_pairs(hg_cube_pairs(), &s) == 48, "solved cube 48 pairs, got %d",
          hg_pairs(hg_cube_pairs(), &s));
    for (int loc = 0; loc < HG_LOCS; loc++) {
        const hg_pairset *p = hg_block_pairs(loc);
        CHECK(p->nce == 6 && p->nze == 5 && p->max == 16, "loc %d: 6 corner-edge + 10 centre-edge pairs", loc);
        CHECK(hg_pairs(p, &s) == 16, "loc %d solved block 16 pairs", loc);
        CHECK(hg_block_solved(&s, loc) && hg_twogen(&s, loc), "loc %d solved cube is in its block and group", loc);
    }
}

static void one_turn_breaks_8_pairs(void)
{
    ec_cube c;
    ec_bcube s;
    /* one face turn breaks 8 of the 48 pairs: 4 centre-edge pairs on the turned layer's side
     * faces and the 4 corner-edge pairs linking the layer to the middle slice */
    for (int m = 0; m < 18; m++) {
        ec_cube_solved(&c);
        ec_cube_move(&c, m);
        ec__bcube_from_cube(&c, &s);
        CHECK(hg_pairs(hg_cube_pairs(), &s) == 40, "turn %d leaves 40 pairs, got %d", m, hg_pairs(hg_cube_pairs(), &s));
        for (int loc = 0; loc < HG_LOCS; loc++) {
            int f1, f2;
            hg_loc_faces(loc, &f1, &f2);
            int keeps = face_in(m, f1, f2);
            CHECK(hg_block_solved(&s, loc) == keeps, "turn %d, loc %d: block solved %d", m, loc, keeps);
            CHECK((hg_pairs(hg_block_pairs(loc), &s) == 16) == keeps, "turn %d, loc %d: 16 pairs iff kept", m, loc);
        }
    }
}

static void f_on_block_dl(void)
{
    ec_bcube s;
    /* F on the block at DL (free U R): DLF takes DFR's corner and DF, FL take FR, DF, so the
     * pairs that moved together stay matched (DLF-DF, DLF-FL, and the F stickers of DF and
     * FL), while DLF-DL and the D/L stickers of DF and FL break: 16 - 3 = 13 */
    state_of("F", &s);
    CHECK(hg_pairs(hg_block_pairs(0), &s) == 13, "F on block DL leaves 13 pairs, got %d", hg_pairs(hg_block_pairs(0), &s));
    CHECK(!strcmp(hg_loc_block_name(0), "DL"), "location 0 (free U R) holds the block at DL, got %s", hg_loc_block_name(0));
}

static void block_detection(void)
{
    ec_cube c;
    ec_bcube s, s2;
    /* block detection in all 12 locations: long walks with the two free faces keep the
     * block solved (and in the group); one turn of any other face breaks it */
    for (int loc = 0; loc < HG_LOCS; loc++) {
        int f1, f2;
        hg_loc_faces(loc, &f1, &f2);
        ec_cube_solved(&c);
        for (int i = 0; i < 300; i++) ec_cube_move(&c, (ec_rng_below(&r, 2) ? f1 : f2) * 3 + (int)ec_rng_below(&r, 3));
        ec__bcube_from_cube(&c, &s);
        CHECK(hg_block_solved(&s, loc) && hg_pairs(hg_block_pairs(loc), &s) == 16, "loc %d walk keeps block", loc);
        int others = 0;
        for (int l2 = 0; l2 < HG_LOCS; l2++) others += l2 != loc && hg_block_solved(&s, l2);
        CHECK(others == 0, "loc %d: after a 300-turn walk no other block is solved (%d)", loc, others);
        for (int f = 0; f < 6; f++) {
            if (f == f1 || f == f2) continue;
            ec_cube d = c;
            ec_cube_move(&d, f * 3);
            ec__bcube_from_cube(&d, &s2);
            CHECK(!hg_block_solved(&s2, loc) && hg_pairs(hg_block_pairs(loc), &s2) < 16, "loc %d broken by face %d", loc, f);
        }
    }
}

static void sixteen_pairs_iff_solved(void)
{
    /* all 16 pairs of a block set match exactly when the block is solved (evaluation skips
     * the count of a prefix whose block is not solved once max - 1 is reached): states a few
     * turns from solved, and from a state whose block is solved, in every location */
    ec_cube c;
    ec_bcube s;
    int agree = 1, solved = 0, n = 0;
    for (int i = 0; i < 4000; i++) {
        ec_cube_solved(&c);
        int loc0 = (int)ec_rng_below(&r, HG_LOCS), f1, f2;
        hg_loc_faces(loc0, &f1, &f2);
        for (int k = 0; k < 40; k++) ec_cube_move(&c, (ec_rng_below(&r, 2) ? f1 : f2) * 3 + (int)ec_rng_below(&r, 3));
        for (int k = (int)ec_rng_below(&r, 5); k > 0; k--) ec_cube_move(&c, (int)ec_rng_below(&r, 18));
        ec__bcube_from_cube(&c, &s);
        for (int loc = 0; loc < HG_LOCS; loc++, n++) {
            int b = hg_block_solved(&s, loc);
            solved += b;
            agree &= b == (hg_pairs(hg_block_pairs(loc), &s) == 16);
        }
    }
    CHECK(agree && solved > 0 && solved < n, "16 pairs iff the block is solved (%d of %d solved)", solved, n);
}

static void twogen_membership(void)
{
    ec_cube c;
    ec_bcube s, s2;
    /* two-generator membership needs the block solved: the group <f1, f2> never moves, twists
     * or flips a piece off both free faces. On a cube walked in the group, each block piece
     * (a slot whose name has neither free face's letter) twisted or flipped in place leaves
     * every free piece where the group can put it, yet the cube is outside the group. */
    {
        static const char *const corner_name[8] = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};
        static const char *const edge_name[12] = {"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"};
        ec_rng walk;
        ec_rng_seed(&walk, 22);
        for (int loc = 0; loc < HG_LOCS; loc++) {
            int f1, f2, nblock = 0;
            hg_loc_faces(loc, &f1, &f2);
            const char a = "URFDLB"[f1], b = "URFDLB"[f2];
            ec_cube_solved(&c);
            for (int i = 0; i < 100; i++) ec_cube_move(&c, (ec_rng_below(&walk, 2) ? f1 : f2) * 3 + (int)ec_rng_below(&walk, 3));
            ec__bcube_from_cube(&c, &s);
            CHECK(hg_twogen(&s, loc), "loc %d: a walk in the group is in the group", loc);
            for (int i = 0; i < 8; i++) {
                if (strchr(corner_name[i], a) || strchr(corner_name[i], b)) continue;
                for (int t = 1; t < 3; t++) {
                    s2 = s;
                    s2.c[i] = (uint8_t)(i * 3 + t);
                    CHECK(!hg_twogen(&s2, loc), "loc %d: block corner %s twisted by %d in place", loc, corner_name[i], t);
                }
                nblock++;
            }
            for (int j = 0; j < 12; j++) {
                if (strchr(edge_name[j], a) || strchr(edge_name[j], b)) continue;
                s2 = s;
                s2.e[j] = (uint8_t)(j * 2 + 1);
                CHECK(!hg_twogen(&s2, loc), "loc %d: block edge %s flipped in place", loc, edge_name[j]);
                nblock++;
            }
            CHECK(nblock == 2 + 5, "loc %d: a 2x2x3 block has 2 corners and 5 edges off the free faces (%d)", loc, nblock);
        }
    }
}

static void prefix_fitness(void)
{
    ec_bcube s;
    /* prefix fitness: the best prefix counts, its length is subtracted, evaluation stops at
     * the goal */
    hg_task t;
    memset(&t, 0, sizeof t);
    state_of("R U", &t.start);
    t.ps = hg_cube_pairs();
    t.member = -1;
    t.goal = 48;
    t.weight = 1;
    uint8_t g[32];
    int n, pairs, steps;
    genes_of("U' R' F F'", g, &n);
    CHECK(hg_fitness(&t, g, n, &pairs, &steps) == 46 && pairs == 48 && steps == 2, "R U undone by U' R': 48-2, got %d/%d",
          pairs, steps);
    genes_of("U' F F' R'", g, &n);
    CHECK(hg_fitness(&t, g, n, &pairs, &steps) == 44 && steps == 4, "a detour costs its length: steps %d", steps);
    genes_of("F", g, &n);
    int base = hg_pairs(hg_cube_pairs(), &t.start);
    state_of("R U F", &s);
    int after = hg_pairs(hg_cube_pairs(), &s);
    CHECK(hg_fitness(&t, g, n, &pairs, &steps) == after - 1 && pairs == after, "one-gene individual: %d pairs (start %d)",
          pairs, base);
    t.weight = 49;
    genes_of("U' R'", g, &n);
    CHECK(hg_fitness(&t, g, n, NULL, NULL) == 49 * 48 - 2, "pairWeight scales the pairs");
    /* phase 2's +1: block pairs + membership */
    state_of("R U R' U'", &t.start);
    t.ps = hg_block_pairs(0);
    t.member = 0;
    t.goal = 17;
    t.weight = 1;
    genes_of("U", g, &n);
    CHECK(hg_fitness(&t, g, n, &pairs, &steps) == 16 && pairs == 17 && steps == 1, "in <U,R> after one turn: 17 - 1");
}

static void population_evaluations(void)
{
    /* a population's stored evaluations (incremental masks, prefixes reused from parents)
     * equal fresh evaluations, generation after generation, in all three kinds of phase (and
     * phase 2 from a solved block, as the workflow starts it: kind 3) */
    for (int kind = 0; kind < 4; kind++) {
        hg_task pt;
        memset(&pt, 0, sizeof pt);
        state_of(kind == 3 ? "F R U R' U' F'" : kind == 2 ? "R U R' U R U2 R' U' R2 U" : "R2 F' B2 D2 L2 D' R' B2 R D' L B",
                 &pt.start);
        int loc = 3;
        while (kind == 3 && loc < HG_LOCS && !(hg_block_solved(&pt.start, loc) && !hg_twogen(&pt.start, loc))) loc++;
        CHECK(loc < HG_LOCS, "kind %d: a location whose block is solved, out of its group", kind);
        if (loc == HG_LOCS) continue;
        pt.ps = kind == 2 ? hg_cube_pairs() : hg_block_pairs(loc);
        pt.member = kind == 1 || kind == 3 ? loc : -1;
        pt.goal = pt.ps->max + (pt.member >= 0);
        pt.weight = kind == 0 || kind == 3 ? 1 : 31;
        for (int gg = 0; gg < 18; gg++)
            if (kind != 2 || hg_gene_move[gg] / 3 < 2) pt.alleles[pt.nalleles++] = (uint8_t)gg;
        hg_gaconf cf;
        hg_gaconf_init(&cf, 50, 30, 0.6, 0, 2);
        hg_pop *pop = hg_pop_new(&cf, &pt, &r);
        int agree = 1, sorted = 1, records = 1, low = 0;
        hg_genstats gs;
        for (int gen = 0; gen < 300; gen++) {
            hg_pop_generation(pop, &cf, &pt, &r, &gs);
            for (int i = 0; i < pop->n; i++) agree &= pop->prev.fit[i] == hg_fitness(&pt, pop->prev.g + i * 30, 30, NULL, NULL);
            /* every stored prefix record (computed, copied from a parent or shifted through
             * the optimization pass) holds the state after its genes and the best score so far */
            for (int i = 0; i < pop->n; i++) {
                const hg_prefix *pre = pop->prev.pre + i * 31;
                ec_bcube x = pt.start;
                int best, bstep;
                for (int k = 1; k <= pop->prev.valid[i]; k++) {
                    ec__bcube_move(&x, hg_gene_move[pop->prev.g[i * 30 + k - 1]]);
                    hg_fitness(&pt, pop->prev.g + i * 30, k, &best, &bstep);
                    records &= memcmp(&x, &pre[k].s, sizeof x) == 0 && pre[k].best == best && pre[k].bstep == bstep;
                    /* a count left out (HG_SC_LOW) only below the set's max, after a best of max - 1 */
                    if (pre[k].sc == HG_SC_LOW) {
                        low++;
                        records &= kind != 2 && hg_pairs(pt.ps, &x) < pt.ps->max && pre[k - 1].best >= pt.ps->max - 1;
                    }
                }
            }
            for (int i = 1; i < pop->n; i++) { /* order: by fitness, best first, ties by index */
                int f0 = pop->prev.fit[pop->order[i - 1]], f1 = pop->prev.fit[pop->order[i]];
                sorted &= f0 > f1 || (f0 == f1 && pop->order[i - 1] < pop->order[i]);
            }
            int pr, stp;
            agree &= gs.best_fit == hg_fitness(&pt, gs.best_genes, 30, &pr, &stp) && pr == gs.best_pairs && stp == gs.best_steps;
        }
        CHECK(agree, "kind %d: stored fitness = fresh fitness over 300 generations", kind);
        CHECK(sorted, "kind %d: the order is by fitness, ties by index, every generation", kind);
        CHECK(records, "kind %d: every stored prefix record = the state after its genes and the best score so far", kind);
        CHECK(kind != 3 || low > 0, "kind %d: prefixes past a best of max - 1 were not counted (%d)", kind, low);
        CHECK(pop->reused > 0, "kind %d: prefixes were reused (%lld moves)", kind, (long long)pop->reused);
        CHECK(pop->shifted > 0, "kind %d: prefixes were reused through the optimization pass (%lld moves)", kind,
              (long long)pop->shifted);
        hg_pop_free(pop);
    }
}

static void authors_selection(void)
{
    /* the authors' program's selection: SUS weights are the raw fitness (negative: 0), and the
     * elite is also the first parent of the first pair (children 1 and 2 come from it) */
    {
        hg_task pt;
        memset(&pt, 0, sizeof pt);
        state_of("R2 F' B2 D2 L2 D' R' B2 R D' L B", &pt.start);
        pt.ps = hg_block_pairs(3);
        pt.member = -1;
        pt.goal = pt.ps->max;
        pt.weight = 1; /* pairs - steps: negative fitness occurs */
        for (int gg = 0; gg < 18; gg++) pt.alleles[pt.nalleles++] = (uint8_t)gg;
        hg_gaconf cf;
        hg_gaconf_init(&cf, 51, 30, 0.6, 0.03, 2);
        cf.raw_sus = 1;
        cf.elite_parent = 1;
        hg_pop *pop = hg_pop_new(&cf, &pt, &r);
        int raw_ok = 1, elite_ok = 1, negatives = 0;
        hg_genstats gs;
        for (int gen = 0; gen < 200; gen++) {
            hg_pop_generation(pop, &cf, &pt, &r, &gs);
            int b = (int)((gs.best_genes - pop->prev.g) / 30), any = 0;
            for (int i = 0; i < pop->n; i++) any |= pop->prev.fit[i] > 0;
            for (int i = 0; i < pop->n; i++) {
                int f = pop->prev.fit[pop->order[i]];
                negatives += f < 0;
                raw_ok &= pop->w[i] == (any ? (f > 0 ? f : 0) : 1);
            }
            elite_ok &= pop->cur.par[0] == b && pop->cur.par[2] == b && pop->cur.par[5] == b;
        }
        CHECK(raw_ok, "raw SUS weights are max(fitness, 0)");
        CHECK(negatives > 0, "the test met negative fitness (%d times)", negatives);
        CHECK(elite_ok, "the elite is slot 0 and the first parent of children 1 and 2");
        hg_pop_free(pop);
    }
}

static void sus(void)
{
    /* SUS: integer, deterministic, proportional, minimal spread */
    int32_t w2[2] = {3, 1};
    int out[4000], out2[4000];
    ec_rng a, b;
    ec_rng_seed(&a, 99);
    ec_rng_seed(&b, 99);
    hg_sus(w2, 2, 4000, 2, &a, out);
    hg_sus(w2, 2, 4000, 2, &b, out2);
    CHECK(!memcmp(out, out2, sizeof out), "SUS with the same seed picks the same");
    int ones = 0;
    for (int i = 0; i < 4000; i++) ones += out[i];
    CHECK(ones > 900 && ones < 1100, "weight 1 of 4 picked %d of 4000 times", ones);
    /* with two pointers and weights 3:1, each spin picks the heavy one at least once */
    int bad = 0;
    for (int i = 0; i < 4000; i += 2) bad += out[i] == 1 && out[i + 1] == 1;
    CHECK(bad == 0, "two equally spaced pointers never both miss the 3/4 individual (%d)", bad);
    int32_t w4[4] = {2, 2, 2, 2};
    for (int seed = 0; seed < 20; seed++) {
        ec_rng_seed(&a, (uint64_t)seed);
        int o[4], cnt[4] = {0};
        hg_sus(w4, 4, 4, 4, &a, o);
        for (int i = 0; i < 4; i++) cnt[o[i]]++;
        CHECK(cnt[0] == 1 && cnt[1] == 1 && cnt[2] == 1 && cnt[3] == 1, "4 pointers over 4 equal weights pick each once");
    }
}

static void crossover_and_mutation(void)
{
    ec_rng a;
    /* uniform crossover: complementary children, a fresh mask every time */
    uint8_t pa[30], pb[30], c1[30], c2[30], c1b[30], c2b[30];
    memset(pa, 0, 30);
    memset(pb, 17, 30);
    ec_rng_seed(&a, 5);
    hg_crossover(pa, pb, c1, c2, 30, &a);
    hg_crossover(pa, pb, c1b, c2b, 30, &a);
    int comp = 1, from_b = 0;
    for (int i = 0; i < 30; i++) {
        comp &= (c1[i] == 0 && c2[i] == 17) || (c1[i] == 17 && c2[i] == 0);
        from_b += c1[i] == 17;
    }
    CHECK(comp, "children take each gene from one parent and the other child the other");
    CHECK(from_b > 3 && from_b < 27, "mask mixes the parents (%d of 30 from b)", from_b);
    CHECK(memcmp(c1, c1b, 30) != 0, "a new random mask for each crossover");

    /* mutation: p_m = 0 changes nothing; 1 redraws every gene from the alleles; 1/l about
     * one gene per individual */
    uint8_t m1[30], alle[3] = {1, 7, 13};
    hg_survival sv0, sv1, svl;
    hg_survival_table(0, 30, &sv0);
    hg_survival_table(1ull << 32, 30, &sv1);
    hg_survival_table((uint64_t)(4294967296.0 / 30), 30, &svl);
    memset(m1, 4, 30);
    CHECK(hg_mutate(m1, 30, &sv0, all, 18, &a) == 0 && m1[0] == 4 && m1[29] == 4, "p_m 0");
    CHECK(hg_mutate(m1, 30, &sv1, alle, 3, &a) == 30, "p_m 1 mutates all 30 genes");
    int ok = 1;
    for (int i = 0; i < 30; i++) ok &= m1[i] == 1 || m1[i] == 7 || m1[i] == 13;
    CHECK(ok, "p_m 1 redraws every gene from the allowed ones");
    /* p_m = 1/l: about one mutation per individual, spread evenly over the positions, and
     * no mutation at all in (29/30)^30 = 36.2% of the individuals */
    int total = 0, none = 0, at[30] = {0};
    for (int i = 0; i < 6000; i++) {
        memset(m1, 18, 30); /* 18 is no allele: marks unchanged genes */
        int k = hg_mutate(m1, 30, &svl, all, 18, &a);
        total += k;
        none += k == 0;
        for (int j = 0; j < 30; j++) at[j] += m1[j] != 18;
    }
    int lo = at[0], hi = at[0];
    for (int j = 1; j < 30; j++) {
        lo = at[j] < lo ? at[j] : lo;
        hi = at[j] > hi ? at[j] : hi;
    }
    CHECK(total > 5600 && total < 6400, "p_m = 1/l: %d mutations in 6000 individuals of 30", total);
    CHECK(none > 2000 && none < 2350, "p_m = 1/l: %d of 6000 individuals unmutated (expected ~2172)", none);
    CHECK(lo > 140 && hi < 270, "mutations spread over the positions: %d..%d per position (expected ~200)", lo, hi);
}

static void optimization_operator(void)
{
    uint8_t g[32];
    int n;
    char text[512];
    /* optimization operator: the paper's examples */
    genes_of("F R B B' D2 F'", g, &n);
    n = hg_optimize_pass(g, n);
    genes_text(g, n, text, sizeof text);
    CHECK_STR(text, "F R D2 F'");
    genes_of("F R B2 B2 R' D", g, &n);
    int n1 = hg_optimize_pass(g, n);
    genes_text(g, n1, text, sizeof text);
    CHECK_STR(text, "F R R' D");
    genes_of("F R B2 B2 R' D", g, &n);
    n = hg_optimize_full(g, n);
    genes_text(g, n, text, sizeof text);
    CHECK_STR(text, "F D");
    genes_of("U U R2 R F F F", g, &n);
    n = hg_optimize_pass(g, n);
    genes_text(g, n, text, sizeof text);
    CHECK_STR(text, "U2 R' F2 F"); /* pairs are disjoint within one pass */
    n = hg_optimize_full(g, n);
    genes_text(g, n, text, sizeof text);
    CHECK_STR(text, "U2 R' F'");
    genes_of("R L R'", g, &n);
    CHECK(hg_optimize_full(g, n) == 3, "only same-face neighbours are merged (R L R' stays)");
}

static void fast_equals_reference(void)
{
    /* the fast operators equal their plain references on random inputs: the optimization
     * pass (bit mask of same-face pairs, segment copies) on genomes of every length 1..100
     * over all 18 genes or the 6 of two faces; SUS (binary search over prefix sums) with
     * zero weights and 1..5 pointers; mutation (gap hints) at several rates */
    {
        ec_rng q;
        ec_rng_seed(&q, 2024);
        int bad_opt = 0, bad_at = 0, bad_sus = 0, bad_mut = 0;
        for (int trial = 0; trial < 20000; trial++) {
            int len = 1 + trial % 100, two = trial / 100 % 2;
            uint8_t x[128], y[128];
            for (int i = 0; i < len; i++) {
                int gg = (int)ec_rng_below(&q, 18);
                x[i] = (uint8_t)(two ? gg / 6 * 6 + gg % 2 : gg); /* faces 0 and 1 only, or any */
            }
            /* the population's form: the genome in a buffer with 32 more bytes (random genes
             * there, which must not count), saying where it combined genes */
            uint8_t z[128 + 32];
            uint64_t where[2], want[2] = {0, 0};
            memcpy(z, x, (size_t)len);
            for (int i = len; i < len + 32; i++) z[i] = (uint8_t)ec_rng_below(&q, 18);
            if (len <= 64) ref_optimize_at(x, len, want);
            memcpy(y, x, (size_t)len);
            int nx = hg_optimize_pass(x, len), ny = ref_optimize_pass(y, len), nz = hg__optimize_pass_at(z, len, where);
            bad_opt += nx != ny || memcmp(x, y, (size_t)nx) != 0;
            bad_at += nz != ny || memcmp(z, y, (size_t)nz) != 0 || where[0] != want[0] || where[1] != want[1];
        }
        for (int trial = 0; trial < 2000; trial++) {
            int32_t w[60];
            int nw = 1 + trial % 60, ptrs = 1 + trial % 5, o1[60], o2[60];
            for (int i = 0; i < nw; i++) w[i] = (int32_t)ec_rng_below(&q, trial % 3 ? 40 : 3); /* many zeros */
            w[trial % nw] += 1; /* a positive total */
            ec_rng ra = q, rb = q;
            hg_sus(w, nw, nw, ptrs, &ra, o1);
            ref_sus(w, nw, nw, ptrs, &rb, o2);
            bad_sus += memcmp(o1, o2, (size_t)nw * sizeof *o1) != 0 || memcmp(&ra, &rb, sizeof ra) != 0;
            ec_rng_next(&q);
        }
        static const double rates[5] = {0.0, 0.01, 1.0 / 30, 0.2, 1.0};
        for (int trial = 0; trial < 5000; trial++) {
            int len = 2 + trial % 99;
            hg_survival sv;
            hg_survival_table((uint64_t)(rates[trial % 5] * 4294967295.0), len, &sv);
            uint8_t x[128], y[128];
            memset(x, 18, sizeof x);
            memset(y, 18, sizeof y);
            ec_rng ra = q, rb = q;
            int kx = hg_mutate(x, len, &sv, all, 18, &ra), ky = ref_mutate(y, len, &sv, all, 18, &rb);
            bad_mut += kx != ky || memcmp(x, y, sizeof x) != 0 || memcmp(&ra, &rb, sizeof ra) != 0;
            ec_rng_next(&q);
        }
        CHECK(bad_opt == 0, "optimization pass = the plain walk (%d of 20000 differ)", bad_opt);
        CHECK(bad_at == 0, "the pass on a padded genome = the plain walk, and says where it combined genes (%d of 20000 differ)",
              bad_at);
        CHECK(bad_sus == 0, "SUS = the walk over the wheel (%d of 2000 differ)", bad_sus);
        CHECK(bad_mut == 0, "mutation = the linear gap search (%d of 5000 differ)", bad_mut);
    }
}

static void block_set_tables(void)
{
    /* every block set has its from-scratch tables and the whole cube its per-move re-tests
     * (else evaluation silently takes the slow general update) */
    int tabs = 0;
    for (int loc = 0; loc < HG_LOCS; loc++) tabs += hg_block_pairs(loc)->pair_tab != NULL;
    CHECK(tabs == HG_LOCS, "%d of 12 block sets have pair tables", tabs);
    CHECK(hg_cube_pairs()->retest != NULL, "the whole cube's set has its re-test entries");
}

int main(void)
{
    hg_init();
    RUN(gene_table);
    RUN(fast_state_turns);
    RUN(solved_cube_pairs);
    RUN(one_turn_breaks_8_pairs);
    RUN(f_on_block_dl);
    RUN(block_detection);
    RUN(sixteen_pairs_iff_solved);
    RUN(twogen_membership);
    RUN(prefix_fitness);
    RUN(population_evaluations);
    RUN(authors_selection);
    RUN(sus);
    RUN(crossover_and_mutation);
    RUN(optimization_operator);
    RUN(fast_equals_reference);
    RUN(block_set_tables);
    DONE();
}
