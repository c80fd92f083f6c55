/* test_twogen_optima.c - the exact distances of HuGO!'s last two phases (search/optima.h,
 * twogen_optima.c), in location 0's frame (free faces U, R), against brute force:
 *  - the <U,R> solve: every cube of the breadth-first ball of radius 7 around solved (U and R
 *    turns, a hash set of byte cubes; 1, 6, 18, 54, 162, 486, 1457, 4360 cubes at depths 0..7, the
 *    published <U,R> half-turn counts) has ec__ur_distance equal to its BFS depth; on long
 *    random <U,R> walks the distance changes by at most one per turn and is 0 only when solved;
 *  - the reduction: for cubes a few face turns away from random reduced cubes, ec__ur_reduce
 *    equals the least k for which some k-turn sequence (all 18^k tried) reaches a reduced cube;
 *  - the joint choice: ec__ur_joint's reduction + solve equals the least, over every sequence
 *    of at most the shortest reduction + 1 turns that first reaches a reduced cube at its end,
 *    of its length + the exact solve after it, found by enumeration;
 *  - errors: a cube outside <U,R> gives EC_E_GROUP; a tiny budget EC_BOUND. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "core/packed.h"
#include "search/optima.h"

#define HCAP (1 << 20)
static ec_bcube *hs;
static uint8_t *hd; /* depth + 1; 0: empty */

static uint64_t hkey(const ec_bcube *s)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 8; i++) h = (h ^ s->c[i]) * 1099511628211ull;
    for (int i = 0; i < 12; i++) h = (h ^ s->e[i]) * 1099511628211ull;
    return h;
}
/* slot of s in the set (inserted with depth d when new); -1 when full */
static int hput(const ec_bcube *s, int d, int *isnew)
{
    for (uint64_t i = hkey(s) & (HCAP - 1), n = 0; n < HCAP; i = (i + 1) & (HCAP - 1), n++) {
        if (!hd[i]) {
            hs[i] = *s, hd[i] = (uint8_t)(d + 1), *isnew = 1;
            return (int)i;
        }
        if (!memcmp(&hs[i], s, sizeof *s)) {
            *isnew = 0;
            return (int)i;
        }
    }
    return -1;
}

static ec_bcube solved(void)
{
    ec_bcube s;
    for (int i = 0; i < 8; i++) s.c[i] = (uint8_t)(i * 3);
    for (int i = 0; i < 12; i++) s.e[i] = (uint8_t)(i * 2);
    return s;
}

static uint64_t rs = 88172645463325252ull;
static int rnd(int n)
{
    rs ^= rs << 13, rs ^= rs >> 7, rs ^= rs << 17;
    return (int)(rs % (uint64_t)n);
}

static ec_bcube ur_walk(int n)
{
    ec_bcube s = solved();
    for (int i = 0; i < n; i++) ec__bcube_move(&s, rnd(6));
    return s;
}

static int dist(const ec_bcube *s)
{
    int64_t nodes = 1 << 30;
    int len = -1;
    CHECK(ec__ur_distance(s, 30, &nodes, &len) == EC_OK, "%s", "");
    return len;
}

/* least k <= maxk with a k-turn sequence reaching a reduced cube (maxk + 1: none) */
static int brute_reduce(const ec_bcube *s, int maxk)
{
    if (ec__ur_reduced(s)) return 0;
    if (!maxk) return 1;
    int best = maxk + 1;
    for (int m = 0; m < 18; m++) {
        ec_bcube t = *s;
        ec__bcube_move(&t, m);
        int r = 1 + brute_reduce(&t, maxk - 1);
        if (r < best) best = r;
    }
    return best;
}

/* least k + solve over sequences of at most maxk turns first reaching a reduced cube at k */
static int brute_joint(const ec_bcube *s, int k, int maxk)
{
    if (ec__ur_reduced(s)) return k + dist(s);
    if (k == maxk) return 1 << 20;
    int best = 1 << 20;
    for (int m = 0; m < 18; m++) {
        ec_bcube t = *s;
        ec__bcube_move(&t, m);
        int r = brute_joint(&t, k + 1, maxk);
        if (r < best) best = r;
    }
    return best;
}

int main(void)
{
    CHECK(ec__ur_init() == EC_OK, "%s", "");
    /* the ball of radius 7 */
    hs = malloc(sizeof *hs * HCAP);
    hd = calloc(HCAP, 1);
    static int queue[HCAP];
    CHECK(hs && hd, "%s", "");
    int qh = 0, qt = 0, isnew, count[8] = {0};
    ec_bcube s0 = solved();
    queue[qt++] = hput(&s0, 0, &isnew);
    while (qh < qt) {
        int i = queue[qh++], d = hd[i] - 1;
        count[d]++;
        if (d == 7) continue;
        for (int m = 0; m < 6; m++) {
            ec_bcube t = hs[i];
            ec__bcube_move(&t, m);
            int j = hput(&t, d + 1, &isnew);
            CHECK(j >= 0, "%s", "");
            if (isnew) queue[qt++] = j;
        }
    }
    CHECK(count[0] == 1 && count[1] == 6, "%s", "");
    int wrong = 0;
    for (int q = 0; q < qt; q++) wrong += dist(&hs[queue[q]]) != hd[queue[q]] - 1;
    CHECK(wrong == 0, "%d of %d ball cubes wrong", wrong, qt);
    CHECK(count[2] == 18 && count[5] == 486 && count[6] == 1457 && count[7] == 4360, "ball %d %d %d %d %d %d %d %d", count[0], count[1], count[2], count[3], count[4], count[5], count[6], count[7]);
    /* random walks: one turn changes the distance by at most one */
    for (int w = 0; w < 20; w++) {
        ec_bcube s = ur_walk(200);
        int d = dist(&s);
        CHECK(d > 0 && d <= 25, "%s", "");
        for (int i = 0; i < 20; i++) {
            ec__bcube_move(&s, rnd(6));
            int e = dist(&s);
            CHECK(abs(e - d) <= 1, "%s", "");
            d = e;
        }
    }
    /* the reduction and the joint choice against enumeration */
    for (int c = 0; c < 24; c++) {
        ec_bcube s = ur_walk(100);
        int k = 1 + c % 3;
        for (int i = 0; i < k; i++) ec__bcube_move(&s, 6 + rnd(12)); /* turns of F, D, L, B */
        int r = -1, red = -1, sol = -1;
        int64_t nodes = 1 << 30;
        CHECK(ec__ur_reduce(&s, &nodes, &r) == EC_OK, "%s", "");
        int b = brute_reduce(&s, k);
        CHECK(r == b, "case %d: reduce %d, brute force %d", c, r, b);
        if (c < 8) {
            nodes = 1 << 30;
            CHECK(ec__ur_joint(&s, 1, &nodes, &red, &sol) == EC_OK, "%s", "");
            CHECK(red >= r && red <= r + 1, "%s", "");
            int bj = brute_joint(&s, 0, r + 1);
            CHECK(red + sol == bj, "case %d: joint %d + %d, brute force %d", c, red, sol, bj);
            if (!r) CHECK(sol == dist(&s), "case %d", c);
        }
    }
    /* errors and budgets */
    ec_bcube f = solved();
    ec__bcube_move(&f, 6); /* F: not in <U,R> */
    int64_t nodes = 1 << 20;
    int len;
    CHECK(ec__ur_distance(&f, 20, &nodes, &len) == EC_E_GROUP, "%s", "");
    ec_bcube far = ur_walk(300);
    nodes = 3;
    CHECK(ec__ur_distance(&far, 30, &nodes, &len) == EC_BOUND, "%s", "");
    free(hs);
    free(hd);
    DONE();
}
