/*
 * perm.c - unranking Lehmer codes (numbering in perm.h; the rank is inline there).
 */
#include "core/perm.h"

void ec__perm_unrank(uint8_t *p, int n, int r, int base)
{
    int digit[12];
    for (int i = n - 1; i >= 0; i--) {
        digit[i] = r % (n - i);
        r /= n - i;
    }
    unsigned used = 0;
    for (int i = 0; i < n; i++) { /* the digit[i]-th smallest value not used yet */
        int k = digit[i];
        for (int x = 0; x < n; x++)
            if (!(used >> x & 1) && k-- == 0) {
                p[i] = (uint8_t)(x + base);
                used |= 1u << x;
                break;
            }
    }
}
