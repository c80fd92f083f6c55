/* test_perm.c - the core's permutation ranker (core/perm.h): a bijection onto 0..n!-1 for
 * n = 1..8, the lexicographic order, known values, and values offset by base. */
#include <string.h>

#include "check.h"
#include "core/perm.h"

static int next_perm(uint8_t *p, int n) /* lexicographic successor; 0 after the last */
{
    int i = n - 2;
    while (i >= 0 && p[i] >= p[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (p[j] <= p[i]) j--;
    uint8_t t = p[i];
    p[i] = p[j];
    p[j] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) {
        t = p[a];
        p[a] = p[b];
        p[b] = t;
    }
    return 1;
}

int main(void)
{
    for (int n = 1; n <= 8; n++) {
        uint8_t p[12], q[12];
        for (int i = 0; i < n; i++) p[i] = (uint8_t)i;
        int r = 0, bad = 0;
        do { /* every permutation in lexicographic order has the next rank, and unranks back */
            if (ec__perm_rank(p, n) != r) bad++;
            ec__perm_unrank(q, n, r, 0);
            if (memcmp(p, q, (size_t)n)) bad++;
            r++;
        } while (next_perm(p, n));
        int fact = 1;
        for (int i = 2; i <= n; i++) fact *= i;
        CHECK(bad == 0 && r == fact, "n %d: %d of %d ranks wrong", n, bad, r);
    }
    uint8_t rev[8] = {7, 6, 5, 4, 3, 2, 1, 0}, some[4] = {11, 8, 10, 9};
    CHECK(ec__perm_rank(rev, 8) == 40319, "reversed: %d", ec__perm_rank(rev, 8));
    /* only the order counts: 11 8 10 9 is 3 0 2 1 = 3*6 + 0*2 + 1*1 = 19 */
    CHECK(ec__perm_rank(some, 4) == 19, "11 8 10 9: %d", ec__perm_rank(some, 4));
    uint8_t q[4];
    ec__perm_unrank(q, 4, 19, 8);
    CHECK(q[0] == 11 && q[1] == 8 && q[2] == 10 && q[3] == 9, "unrank 19 base 8: %d %d %d %d", q[0], q[1], q[2], q[3]);
    uint8_t big[12];
    ec__perm_unrank(big, 12, 479001599, 0); /* 12! - 1: the reversed order */
    int ok = 1;
    for (int i = 0; i < 12; i++) ok &= big[i] == 11 - i;
    CHECK(ok && ec__perm_rank(big, 12) == 479001599, "12 elements");
    DONE();
}
