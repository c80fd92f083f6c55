/*
 * test_groups.c - the exact membership tests of Thistlethwaite's groups (groups.c) against
 * enumerations: the 2048 cosets of G1 in G0, the 1,082,565 cosets of G2 in G1, the whole
 * half-turn group G3 (663,552 states, breadth first) against an exhaustive scan of every
 * tetrad- and slice-preserving state, and G2 states just outside G3.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "search/groups.h"

static const int fact12[12] = {39916800, 3628800, 362880, 40320, 5040, 720, 120, 24, 6, 2, 1, 1};

static uint64_t perm_rank(const uint8_t *p, int n)
{
    uint64_t r = 0;
    for (int i = 0; i < n - 1; i++) {
        int k = 0;
        for (int j = i + 1; j < n; j++) k += p[j] < p[i];
        r += (uint64_t)k * (uint64_t)fact12[i + 12 - n];
    }
    return r;
}

static uint64_t state_key(const ec_cube *c)
{
    uint64_t k = perm_rank(c->cp, 8) * 479001600ull + perm_rank(c->ep, 12);
    for (int i = 0; i < 8; i++) k = k * 3 + c->co[i];
    for (int i = 0; i < 12; i++) k = k * 2 + c->eo[i];
    return k;
}

/* open-addressing set of 64-bit keys (key + 1 stored, 0 = empty) */
typedef struct {
    uint64_t *t;
    uint64_t mask;
} kset;

static int kset_add(kset *s, uint64_t key)
{
    uint64_t h = (key + 1) * 0x9E3779B97F4A7C15ull, i = (h >> 20) & s->mask;
    while (s->t[i]) {
        if (s->t[i] == key + 1) return 0;
        i = (i + 1) & s->mask;
    }
    s->t[i] = key + 1;
    return 1;
}

static void test_group_moves(void)
{
    uint8_t mv[18];
    static const int want[4] = {18, 14, 10, 6};
    for (int g = 0; g < 4; g++) {
        int n = ec__group_moves(g, mv);
        CHECK(n == want[g], "G%d has %d face turns, want %d", g, n, want[g]);
        for (int i = 0; i < n; i++) { /* every generator keeps solved inside G_g */
            ec_cube c;
            ec_cube_solved(&c);
            ec_cube_move(&c, mv[i]);
            CHECK(ec__in_group(&c, g) == 1, "move %d of G%d leaves G%d", mv[i], g, g);
        }
    }
    /* the moves outside G_g leave it */
    for (int g = 1; g < 4; g++) {
        ec__group_moves(g, mv);
        int n = ec__group_moves(g, mv), k = 0;
        for (int m = 0; m < 18; m++) {
            if (k < n && mv[k] == m) {
                k++;
                continue;
            }
            ec_cube c;
            ec_cube_solved(&c);
            ec_cube_move(&c, m);
            CHECK(ec__in_group(&c, g) == 0, "move %d is not in G%d but the test says it is", m, g);
        }
    }
}

/* G0/G1: breadth first over the R/L flip vectors; 2048 cosets, and G1's moves fix the
 * trivial one. */
static void test_g1_cosets(void)
{
    static uint8_t seen[4096];
    static ec_cube rep[4096];
    int queue[4096], qh = 0, qt = 0;
    memset(seen, 0, sizeof seen);
    ec_cube_solved(&rep[0]);
    seen[0] = 1;
    queue[qt++] = 0;
    while (qh < qt) {
        int k = queue[qh++];
        for (int m = 0; m < 18; m++) {
            ec_cube c = rep[k];
            ec_cube_move(&c, m);
            int key = 0;
            for (int i = 0; i < 12; i++) key |= ec__edge_lr_flip(i, c.ep[i], c.eo[i]) << i;
            if (!seen[key]) {
                seen[key] = 1;
                rep[key] = c;
                queue[qt++] = key;
            }
        }
    }
    CHECK(qt == 2048, "%d cosets of G1 in G0, want 2048", qt);
    /* random products of G1's moves stay flip-free; an R or L quarter turn flips 4 */
    ec_rng r;
    ec_rng_seed(&r, 5);
    uint8_t g1[18];
    int n1 = ec__group_moves(1, g1), bad = 0;
    ec_cube c;
    ec_cube_solved(&c);
    for (int i = 0; i < 20000; i++) {
        ec_cube_move(&c, g1[ec_rng_below(&r, (uint32_t)n1)]);
        bad += ec__g1_bad_edges(&c) != 0 || ec__in_group(&c, 1) != 1;
    }
    CHECK(bad == 0, "%d products of G1 moves left G1", bad);
    ec_cube d = c;
    ec_cube_move(&d, 3); /* R */
    CHECK(ec__g1_bad_edges(&d) == 4, "R flips %d edges, want 4", ec__g1_bad_edges(&d));
    ec_cube_move(&d, 13); /* L2 */
    ec_cube_move(&d, 14); /* L' */
    CHECK(ec__g1_bad_edges(&d) == 8, "R L flip %d edges, want 8", ec__g1_bad_edges(&d));
}

/* G1/G2: breadth first, with G1's moves, over (corner twists, E-slice occupancy): both
 * depend only on themselves and the move, so a representative per key suffices. */
static void test_g2_cosets(void)
{
    const int ntw = 2187;
    uint8_t *seen = calloc((size_t)ntw * 4096, 1);
    int *queue = malloc(sizeof(int) * 1100000);
    CHECK(seen && queue, "out of memory");
    if (!seen || !queue) return;
    uint8_t g1[18];
    int n1 = ec__group_moves(1, g1), qh = 0, qt = 0;
    int home = 0xF00; /* E-slice cubies in slots 8..11 */
    seen[home] = 1;
    queue[qt++] = home;
    int g2_keys = 0;
    while (qh < qt) {
        int key = queue[qh++];
        int tw = key / 4096, occ = key % 4096;
        ec_cube c;
        ec_cube_solved(&c);
        int t = tw;
        for (int i = 6; i >= 0; i--) {
            c.co[i] = (uint8_t)(t % 3);
            t /= 3;
        }
        c.co[7] = (uint8_t)((30 - (c.co[0] + c.co[1] + c.co[2] + c.co[3] + c.co[4] + c.co[5] + c.co[6])) % 3);
        int ne = 8, nu = 0;
        for (int i = 0; i < 12; i++) c.ep[i] = (uint8_t)((occ >> i & 1) ? ne++ : nu++);
        g2_keys += ec__in_group(&c, 2) == 1;
        if (ec__in_group(&c, 2) != (key == home)) CHECK(0, "G2 test wrong on coset key %d", key);
        for (int m = 0; m < n1; m++) {
            ec_cube d = c;
            ec_cube_move(&d, g1[m]);
            int k2 = 0, o2 = 0;
            for (int i = 0; i < 7; i++) k2 = k2 * 3 + d.co[i];
            for (int i = 0; i < 12; i++) o2 |= (d.ep[i] >= 8) << i;
            int nk = k2 * 4096 + o2;
            if (!seen[nk]) {
                seen[nk] = 1;
                queue[qt++] = nk;
            }
        }
    }
    CHECK(qt == 1082565, "%d cosets of G2 in G1, want 1082565", qt);
    CHECK(g2_keys == 1, "%d cosets pass the G2 test, want 1", g2_keys);
    free(seen);
    free(queue);
}

/* The half-turn group G3, breadth first; every state passes the G3 test, one quarter turn
 * of U or D takes it to G2 outside G3; then every tetrad- and slice-preserving state with
 * no twist or flip is scanned: exactly 663,552 pass, so the test and the group agree. */
static void test_g3_enumeration(void)
{
    const int want = 663552;
    ec_cube *q = malloc(sizeof(ec_cube) * (size_t)want);
    kset s = {calloc((size_t)1 << 21, sizeof(uint64_t)), ((uint64_t)1 << 21) - 1};
    static uint8_t cpset[40320];
    CHECK(q && s.t, "out of memory");
    if (!q || !s.t) return;
    memset(cpset, 0, sizeof cpset);
    uint8_t g3[18];
    int n3 = ec__group_moves(3, g3), qh = 0, qt = 0;
    ec_cube_solved(&q[qt++]);
    kset_add(&s, state_key(&q[0]));
    int fail3 = 0, fail_out = 0;
    while (qh < qt) {
        ec_cube c = q[qh++];
        fail3 += ec__in_group(&c, 3) != 1;
        cpset[perm_rank(c.cp, 8)] = 1;
        ec_cube u = c, d = c;
        ec_cube_move(&u, 0); /* U */
        ec_cube_move(&d, 11); /* D' */
        fail_out += ec__in_group(&u, 2) != 1 || ec__in_group(&u, 3) != 0;
        fail_out += ec__in_group(&d, 2) != 1 || ec__in_group(&d, 3) != 0;
        for (int m = 0; m < n3; m++) {
            ec_cube e = c;
            ec_cube_move(&e, g3[m]);
            if (kset_add(&s, state_key(&e))) {
                if (qt == want) {
                    qt++; /* too many: stop counting */
                    break;
                }
                q[qt++] = e;
            }
        }
        if (qt > want) break;
    }
    CHECK(qt == want, "the half-turn group has %d states, want %d", qt, want);
    CHECK(fail3 == 0, "%d half-turn states fail the G3 test", fail3);
    CHECK(fail_out == 0, "%d states one U/D quarter turn outside G3 were misjudged", fail_out);

    /* the 96 corner permutations: BFS set versus the axis-permutation test, over all 8! */
    int ncp = 0, disagree = 0;
    for (int r = 0; r < 40320; r++) ncp += cpset[r];
    CHECK(ncp == 96, "the half-turn group has %d corner permutations, want 96", ncp);

    /* exhaustive scan of the tetrad/slice-preserving universe */
    static const uint8_t ta[4] = {0, 2, 5, 7}, tb[4] = {1, 3, 4, 6};
    static const uint8_t sm[4] = {1, 3, 5, 7}, ss[4] = {0, 2, 4, 6}, se[4] = {8, 9, 10, 11};
    uint8_t p4[24][4];
    int np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c2 = 0; c2 < 4; c2++)
                for (int d2 = 0; d2 < 4; d2++)
                    if (a != b && a != c2 && a != d2 && b != c2 && b != d2 && c2 != d2) {
                        p4[np][0] = (uint8_t)a, p4[np][1] = (uint8_t)b, p4[np][2] = (uint8_t)c2, p4[np][3] = (uint8_t)d2;
                        np++;
                    }
    long pass = 0;
    int cp_pass = 0;
    ec_cube c;
    ec_cube_solved(&c);
    for (int i = 0; i < 24; i++)
        for (int j = 0; j < 24; j++) {
            for (int k = 0; k < 4; k++) {
                c.cp[ta[k]] = ta[p4[i][k]];
                c.cp[tb[k]] = tb[p4[j][k]];
            }
            int in = ec__corner_perm_in_g3(c.cp);
            cp_pass += in;
            disagree += in != cpset[perm_rank(c.cp, 8)];
            for (int x = 0; x < 24; x++)
                for (int y = 0; y < 24; y++)
                    for (int z = 0; z < 24; z++) {
                        for (int k = 0; k < 4; k++) {
                            c.ep[sm[k]] = sm[p4[x][k]];
                            c.ep[ss[k]] = ss[p4[y][k]];
                            c.ep[se[k]] = se[p4[z][k]];
                        }
                        pass += ec__in_group(&c, 3) == 1;
                    }
        }
    CHECK(cp_pass == 96, "%d tetrad-preserving corner permutations pass, want 96", cp_pass);
    CHECK(disagree == 0, "%d corner permutations where the test and the BFS disagree", disagree);
    CHECK(pass == want, "%ld tetrad/slice-preserving states pass the G3 test, want %d", pass, want);
    /* corner permutations that leave the tetrads never pass */
    uint8_t p[8] = {1, 0, 2, 3, 4, 5, 6, 7};
    CHECK(!ec__corner_perm_in_g3(p), "URF<->UFL swaps tetrads but passes");
    free(q);
    free(s.t);
}

/* Hand-made G2 states just outside G3, each failing one G3 condition. */
static void test_g2_not_g3(void)
{
    ec_cube c;
    /* corners in their tetrads, edges in their slices, even, but the tetrads permuted
     * differently: URF<->ULB with UF<->UB */
    ec_cube_solved(&c);
    c.cp[0] = 2, c.cp[2] = 0, c.ep[1] = 3, c.ep[3] = 1;
    CHECK(ec_cube_check(&c, 0, 0) == EC_OK, "state not valid");
    CHECK(ec__in_group(&c, 2) == 1 && ec__in_group(&c, 3) == 0, "corner class: G2 %d G3 %d",
          ec__in_group(&c, 2), ec__in_group(&c, 3));
    /* U2 itself is in G3 */
    ec_cube_solved(&c);
    ec_cube_move(&c, 1);
    CHECK(ec__in_group(&c, 3) == 1, "U2 not in G3");
    /* edges out of their slices: the 3-cycle UR <- UF <- UB <- UR (even), corners solved */
    ec_cube_solved(&c);
    c.ep[0] = 1, c.ep[1] = 3, c.ep[3] = 0;
    CHECK(ec_cube_check(&c, 0, 0) == EC_OK, "state not valid");
    CHECK(ec__in_group(&c, 2) == 1 && ec__in_group(&c, 3) == 0, "edge slice: G2 %d G3 %d",
          ec__in_group(&c, 2), ec__in_group(&c, 3));
    /* corners out of their tetrads: URF<->UFL with UR<->UL (parity matched) */
    ec_cube_solved(&c);
    c.cp[0] = 1, c.cp[1] = 0, c.ep[0] = 2, c.ep[2] = 0;
    CHECK(ec__in_group(&c, 2) == 1 && ec__in_group(&c, 3) == 0, "tetrad: G2 %d G3 %d",
          ec__in_group(&c, 2), ec__in_group(&c, 3));
    /* G4: only solved */
    ec_cube_solved(&c);
    CHECK(ec__in_group(&c, 4) == 1, "solved not in G4");
    ec_cube_move(&c, 1);
    CHECK(ec__in_group(&c, 4) == 0, "U2 in G4");
    CHECK(ec__in_group(&c, 7) == -1, "G7 accepted");
}

int main(void)
{
    test_group_moves();
    test_g1_cosets();
    test_g2_cosets();
    test_g2_not_g3();
    test_g3_enumeration();
    DONE();
}
