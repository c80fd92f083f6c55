/* test_hugo_twogen.c - the exact two-generator membership test, for all 12 locations:
 *  - breadth-first enumeration of the group's corner part (29160 = 120 arrangements x 3^5
 *    twists) and edge part (5040 arrangements, one flip each) agrees state for state with
 *    the test's criterion over every configuration of the free pieces; the group's order,
 *    counted from the two enumerations as the pairs of a corner and an edge state with the
 *    same permutation parity, is 73,483,200, the paper's order, and such pairs drawn at
 *    random (walk-free states) pass the test;
 *  - long random walks with the two free faces stay inside;
 *  - states just outside (two free edges flipped, two free corners swapped along with two
 *    edges, a block edge or a block corner cycled with two free ones, a turn of another
 *    face) are rejected. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "evocube.h"
#include "core/perm.h"
#include "solvers/hugo/hg.h"

static int rank_n(const uint8_t *p, int n)
{
    int r = 0;
    for (int i = 0; i < n; i++) {
        int smaller = 0;
        for (int j = i + 1; j < n; j++) smaller += p[j] < p[i];
        r = r * (n - i) + smaller;
    }
    return r;
}

static uint8_t fc[6], fe[7];

static int corner_key(const ec_bcube *s)
{
    uint8_t p[6];
    int tw = 0;
    for (int i = 0; i < 6; i++) {
        int cub = s->c[fc[i]] / 3;
        for (int k = 0; k < 6; k++)
            if (fc[k] == cub) p[i] = (uint8_t)k;
        tw = tw * 3 + s->c[fc[i]] % 3;
    }
    return rank_n(p, 6) * 729 + tw;
}

static int edge_key(const ec_bcube *s)
{
    uint8_t p[7];
    int fl = 0;
    for (int i = 0; i < 7; i++) {
        int cub = s->e[fe[i]] / 2;
        for (int k = 0; k < 7; k++)
            if (fe[k] == cub) p[i] = (uint8_t)k;
        fl = fl * 2 + s->e[fe[i]] % 2;
    }
    return rank_n(p, 7) * 128 + fl;
}

/* parity of a permutation of n (0 even, 1 odd) */
static int parity(const uint8_t *p, int n)
{
    int odd = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) odd ^= p[j] < p[i];
    return odd;
}

/* cycle three pieces a -> b -> c -> a (positions and orientations together): an even
 * permutation, so the cube stays valid */
static void cycle3(uint8_t *perm, uint8_t *ori, int a, int b, int c)
{
    uint8_t tp = perm[c], to = ori[c];
    perm[c] = perm[b];
    ori[c] = ori[b];
    perm[b] = perm[a];
    ori[b] = ori[a];
    perm[a] = tp;
    ori[a] = to;
}

/* c with a block edge (edges) or a block corner cycled with two free ones (an even
 * permutation: still a valid cube); 1 when the two-generator test rejects it */
static int block_piece_cycled_out(const ec_cube *c, int edges, int loc, ec_rng *r)
{
    const uint8_t *fr = edges ? fe : fc;
    int nfree = edges ? 7 : 6, nall = edges ? 12 : 8, block[12], nb = 0;
    for (int i = 0; i < nall; i++)
        if (!memchr(fr, i, (size_t)nfree)) block[nb++] = i;
    ec_cube d = *c;
    int a = fr[ec_rng_below(r, (uint32_t)nfree)], b;
    do b = fr[ec_rng_below(r, (uint32_t)nfree)];
    while (b == a);
    int k = block[ec_rng_below(r, (uint32_t)nb)];
    if (edges)
        cycle3(d.ep, d.eo, a, b, k);
    else
        cycle3(d.cp, d.co, a, b, k);
    CHECK(ec_cube_check(&d, NULL, 0) == EC_OK, "still a valid cube");
    ec_bcube x;
    ec__bcube_from_cube(&d, &x);
    return !hg_twogen(&x, loc);
}

static ec_bcube solved_state(void)
{
    ec_cube c;
    ec_cube_solved(&c);
    ec_bcube s;
    ec__bcube_from_cube(&c, &s);
    return s;
}

/* BFS over one part (corners or edges) of <f1,f2>; returns the number of states reached and
 * marks them in seen (indexed by key) */
static int bfs(int f1, int f2, int corners, uint8_t *seen, int nkeys, ec_bcube *queue)
{
    memset(seen, 0, (size_t)nkeys);
    int qh = 0, qt = 0;
    ec_bcube s0 = solved_state();
    seen[corners ? corner_key(&s0) : edge_key(&s0)] = 1;
    queue[qt++] = s0;
    while (qh < qt) {
        ec_bcube s = queue[qh++];
        for (int k = 0; k < 6; k++) {
            ec_bcube x = s;
            ec__bcube_move(&x, (k < 3 ? f1 : f2) * 3 + k % 3);
            if (corners)
                memcpy(x.e, s0.e, sizeof x.e);
            else
                memcpy(x.c, s0.c, sizeof x.c);
            int key = corners ? corner_key(&x) : edge_key(&x);
            if (!seen[key]) {
                seen[key] = 1;
                queue[qt++] = x;
            }
        }
    }
    return qt;
}

int main(void)
{
    hg_init();
    uint8_t *seen = malloc(720 * 729 > 5040 * 128 ? 720 * 729 : 5040 * 128);
    uint8_t *cseen = malloc(720 * 729);
    ec_bcube *queue = malloc(sizeof(ec_bcube) * 5040 * 128);
    ec_rng r;
    ec_rng_seed(&r, 2009);
    for (int loc = 0; loc < HG_LOCS; loc++) {
        int f1, f2;
        hg_loc_faces(loc, &f1, &f2);
        int nc = 0, ne = 0;
        for (int i = 0; i < 8; i++) {
            int touches = 0;
            for (int k = 0; k < 6; k++) {
                const ec_bturn *t = &ec__bturn[(k < 3 ? f1 : f2) * 3 + k % 3];
                for (int j = 0; j < 4; j++) touches |= t->cdst[j] == i;
            }
            if (touches) fc[nc++] = (uint8_t)i;
        }
        for (int i = 0; i < 12; i++) {
            int touches = 0;
            for (int k = 0; k < 6; k++) {
                const ec_bturn *t = &ec__bturn[(k < 3 ? f1 : f2) * 3 + k % 3];
                for (int j = 0; j < 4; j++) touches |= t->edst[j] == i;
            }
            if (touches) fe[ne++] = (uint8_t)i;
        }
        CHECK(nc == 6 && ne == 7, "loc %d: 6 free corners, 7 free edges", loc);

        /* corners: every configuration of the six free corners (edges solved) */
        int reached = bfs(f1, f2, 1, seen, 720 * 729, queue);
        CHECK(reached == 120 * 243, "loc %d: BFS reaches %d corner states", loc, reached);
        ec_bcube s = solved_state();
        uint8_t p[7] = {0, 1, 2, 3, 4, 5, 6};
        int agree = 1, pass = 0;
        for (int pr = 0; pr < 720; pr++) {
            ec__perm_unrank(p, 6, pr, 0); /* every arrangement (core/perm.h, tested in test_perm) */
            for (int tw = 0; tw < 729; tw++) {
                int t = tw, sum = 0;
                for (int i = 5; i >= 0; i--) {
                    s.c[fc[i]] = (uint8_t)(fc[p[i]] * 3 + t % 3);
                    sum += t % 3;
                    t /= 3;
                }
                if (sum % 3) continue;
                int in = hg_twogen(&s, loc);
                pass += in;
                agree &= in == seen[corner_key(&s)];
            }
        }
        CHECK(agree && pass == 120 * 243, "loc %d: corner criterion = BFS set (%d pass)", loc, pass);
        memcpy(cseen, seen, 720 * 729);

        /* edges: every configuration of the seven free edges (corners solved) */
        reached = bfs(f1, f2, 0, seen, 5040 * 128, queue);
        CHECK(reached == 5040, "loc %d: BFS reaches %d edge states", loc, reached);
        s = solved_state();
        for (int i = 0; i < 7; i++) p[i] = (uint8_t)i;
        agree = 1;
        pass = 0;
        for (int pr = 0; pr < 5040; pr++) {
            ec__perm_unrank(p, 7, pr, 0);
            for (int fl = 0; fl < 128; fl++) {
                int sum = 0;
                for (int i = 0; i < 7; i++) {
                    s.e[fe[i]] = (uint8_t)(fe[p[i]] * 2 + (fl >> i & 1));
                    sum += fl >> i & 1;
                }
                if (sum & 1) continue;
                int in = hg_twogen(&s, loc);
                pass += in;
                agree &= in == seen[edge_key(&s)];
            }
        }
        CHECK(agree && pass == 5040, "loc %d: edge criterion = BFS set (%d pass)", loc, pass);

        /* the group's order: a corner state and an edge state of the enumerations combine into
         * a group element exactly when their permutation parities agree (a cube's corner and
         * edge parities are equal); counted by parity from the two BFS sets */
        long long cpar[2] = {0, 0}, epar[2] = {0, 0};
        for (int k = 0; k < 720 * 729; k++)
            if (cseen[k]) {
                ec__perm_unrank(p, 6, k / 729, 0);
                cpar[parity(p, 6)]++;
            }
        for (int k = 0; k < 5040 * 128; k++)
            if (seen[k]) {
                ec__perm_unrank(p, 7, k / 128, 0);
                epar[parity(p, 7)]++;
            }
        long long order = cpar[0] * epar[0] + cpar[1] * epar[1];
        CHECK(order == 73483200LL, "loc %d: the group has %lld elements (corner states %lld even, %lld odd; edge states %lld even, %lld odd)",
              loc, order, cpar[0], cpar[1], epar[0], epar[1]);
        /* random pairs of a corner and an edge state of the same parity pass the test */
        int pairs_in = 1;
        for (int k = 0; k < 500; k++) {
            int ck, ekey;
            do ck = (int)ec_rng_below(&r, 720 * 729);
            while (!cseen[ck]);
            ec__perm_unrank(p, 6, ck / 729, 0);
            int want = parity(p, 6);
            do {
                do ekey = (int)ec_rng_below(&r, 5040 * 128);
                while (!seen[ekey]);
                ec__perm_unrank(p, 7, ekey / 128, 0);
            } while (parity(p, 7) != want);
            ec_bcube x = solved_state();
            ec__perm_unrank(p, 6, ck / 729, 0);
            for (int i = 5, t = ck % 729; i >= 0; i--, t /= 3) x.c[fc[i]] = (uint8_t)(fc[p[i]] * 3 + t % 3);
            ec__perm_unrank(p, 7, ekey / 128, 0);
            for (int i = 6, f = ekey % 128; i >= 0; i--, f >>= 1) x.e[fe[i]] = (uint8_t)(fe[p[i]] * 2 + (f & 1));
            pairs_in &= corner_key(&x) == ck && edge_key(&x) == ekey && hg_twogen(&x, loc);
        }
        CHECK(pairs_in, "loc %d: same-parity pairs of enumerated corner and edge states are inside", loc);

        /* random walks stay inside; near misses are outside */
        int inside = 1, outside = 1;
        for (int w = 0; w < 200; w++) {
            ec_cube c;
            ec_cube_solved(&c);
            for (int i = 0; i < 100; i++) ec_cube_move(&c, (ec_rng_below(&r, 2) ? f1 : f2) * 3 + (int)ec_rng_below(&r, 3));
            ec_bcube x;
            ec__bcube_from_cube(&c, &x);
            inside &= hg_twogen(&x, loc);
            /* one pair of free edges flipped */
            ec_cube d = c;
            int a = fe[ec_rng_below(&r, 7)], b;
            do b = fe[ec_rng_below(&r, 7)];
            while (b == a);
            d.eo[a] ^= 1;
            d.eo[b] ^= 1;
            CHECK(ec_cube_check(&d, NULL, 0) == EC_OK, "still a valid cube");
            ec__bcube_from_cube(&d, &x);
            outside &= !hg_twogen(&x, loc);
            /* two free corners swapped (and two free edges, to stay a valid cube) */
            d = c;
            a = fc[ec_rng_below(&r, 6)];
            do b = fc[ec_rng_below(&r, 6)];
            while (b == a);
            uint8_t t = d.cp[a];
            d.cp[a] = d.cp[b];
            d.cp[b] = t;
            t = d.co[a];
            d.co[a] = d.co[b];
            d.co[b] = t;
            a = fe[ec_rng_below(&r, 7)];
            do b = fe[ec_rng_below(&r, 7)];
            while (b == a);
            t = d.ep[a];
            d.ep[a] = d.ep[b];
            d.ep[b] = t;
            t = d.eo[a];
            d.eo[a] = d.eo[b];
            d.eo[b] = t;
            CHECK(ec_cube_check(&d, NULL, 0) == EC_OK, "still a valid cube");
            ec__bcube_from_cube(&d, &x);
            outside &= !hg_twogen(&x, loc);
            /* a block edge, or a block corner, cycled with two free ones */
            outside &= block_piece_cycled_out(&c, 1, loc, &r);
            outside &= block_piece_cycled_out(&c, 0, loc, &r);
            /* two corners twisted against each other: still inside (twists are free) */
            d = c;
            a = fc[0];
            b = fc[3];
            d.co[a] = (uint8_t)((d.co[a] + 1) % 3);
            d.co[b] = (uint8_t)((d.co[b] + 2) % 3);
            ec__bcube_from_cube(&d, &x);
            inside &= hg_twogen(&x, loc);
            /* a turn of another face leaves the group */
            d = c;
            int f = (f1 + 3) % 6;
            ec_cube_move(&d, f * 3);
            ec__bcube_from_cube(&d, &x);
            outside &= !hg_twogen(&x, loc);
        }
        CHECK(inside, "loc %d: walks in <f1,f2> (and twisted corners) are inside", loc);
        CHECK(outside, "loc %d: flipped edge pairs, swapped corners, block pieces cycled in, other faces are outside", loc);
    }
    free(seen);
    free(cseen);
    free(queue);
    DONE();
}
