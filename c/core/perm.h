/*
 * perm.h - the one permutation ranker: Lehmer codes of permutations of n <= 12 elements.
 *
 * Numbering: digit i (i = 0..n-1, most significant first, radix n - i) is how many of the
 * entries after position i are smaller than entry i; rank = sum of digit i x (n-1-i)!. So the
 * identity is 0 and the reversed order n! - 1, and ranks follow the lexicographic order of
 * the permutations. Used by the two-phase coordinates (corner, edge and slice permutations),
 * TWES's corner-permutation table and HuGO!'s two-generator corner test. Cost: O(n^2) compares.
 */
#ifndef EC_PERM_H
#define EC_PERM_H

#include <stdint.h>

/* The rank of p[0..n-1], a permutation of any n distinct values (only their order counts).
 * Inline: it sits in TWES's and HuGO!'s fitness loops. */
static inline int ec__perm_rank(const uint8_t *p, int n)
{
    int r = 0;
    for (int i = 0; i < n; i++) {
        int less = 0;
        for (int j = i + 1; j < n; j++) less += p[j] < p[i];
        r = r * (n - i) + less;
    }
    return r;
}
/* The permutation of base..base+n-1 with rank r (0 <= r < n!), into p[0..n-1]. */
void ec__perm_unrank(uint8_t *p, int n, int r, int base);

#endif
