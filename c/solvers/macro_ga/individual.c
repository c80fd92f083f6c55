/*
 * individual.c - macro-ga's individuals (mga.h): move and gene buffers grown by doubling
 * (realloc; an individual keeps its buffers from generation to generation, so a run
 * allocates only while its lists grow), copies, and the ranking of a generation by counting
 * sorts (macro_ga.h: ec__macro_ga_rank), the same order on every platform.
 */
#include <stdlib.h>
#include <string.h>

#include "solvers/macro_ga/mga.h"

/* (mga.h) */
int mga_reserve(uint8_t **buf, int *cap, int n, int first)
{
    if (n <= *cap) return EC_OK;
    int c = *cap ? *cap : first;
    while (c < n) c *= 2;
    uint8_t *m = realloc(*buf, (size_t)c);
    if (!m) return EC_E_NOMEM;
    *buf = m;
    *cap = c;
    return EC_OK;
}

int mga_ind_copy(mga_ind *d, const mga_ind *s)
{
    if (mga_ind_reserve(d, s->n) || mga_gene_reserve(d, s->ng)) return EC_E_NOMEM;
    if (s->ng) memcpy(d->genes, s->genes, (size_t)s->ng);
    d->ng = s->ng;
    if (s->n) memcpy(d->moves, s->moves, (size_t)s->n);
    d->n = s->n;
    d->cube = s->cube;
    d->frame = s->frame;
    d->fit = s->fit;
    d->raw = s->raw;
    return EC_OK;
}

void ec__macro_ga_rank(const int *fit, const int *len, int n, int *order, int *scratch)
{
    int count[50] = {0}, *cnt = scratch + n;
    const int *src = NULL;
    if (len) { /* a stable counting sort by move count first */
        memset(cnt, 0, sizeof(int) * (EC_MAX_ALG_MOVES + 2));
        for (int i = 0; i < n; i++) cnt[len[i] + 1]++;
        for (int k = 1; k <= EC_MAX_ALG_MOVES + 1; k++) cnt[k] += cnt[k - 1];
        for (int i = 0; i < n; i++) scratch[cnt[len[i]]++] = i;
        src = scratch;
    }
    for (int i = 0; i < n; i++) count[fit[i] + 1]++;
    for (int f = 1; f < 50; f++) count[f] += count[f - 1];
    for (int k = 0; k < n; k++) {
        int i = src ? src[k] : k;
        order[count[fit[i]]++] = i;
    }
}

/* (mga.h) */
void mga_sort(mga_state *s)
{
    for (int i = 0; i < s->pop; i++) {
        s->fitv[i] = s->cur[i].fit;
        s->lenv[i] = s->cur[i].n;
    }
    ec__macro_ga_rank(s->fitv, s->tie_break ? s->lenv : NULL, s->pop, s->order, s->scratch);
}
