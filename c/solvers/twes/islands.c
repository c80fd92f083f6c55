/*
 * islands.c - twes migrants (evocube.h, "islands"; tw.h): the best parents of the phase at
 * work leave, every byte of an arriving migrant is checked (each phase's moves in its group,
 * earlier phases finished) before it replaces one of the worst parents.
 */
#include "solvers/twes/tw.h"

#include <stdlib.h>

/* Migrants (evocube.h, "islands"): parents of the same phase. An individual is the start cube
 * plus its moves, the same on every island (they share the cube), so the context is the
 * phase. Payload per migrant: n, the 6 phase marks, then n face turns. */
#define TW_MIG_HEAD (2 + EC_TWES_PHASES)

uint64_t ec__tw_context(void *state) { return (uint64_t)((tw_state *)state)->phase + 1; }

/* idx = the parents by fitness in the current phase, best first (ties by index); a counting
 * sort (fitness is a small integer, below NBUCKET in practice; larger ones share the last) */
static int rank_parents(tw_state *st, int *idx)
{
    int *f = malloc(sizeof(int) * (size_t)(st->npar > 0 ? st->npar : 1)), *cnt = st->bucket;
    if (!f) return EC_E_NOMEM;
    memset(cnt, 0, sizeof(int) * NBUCKET);
    for (int i = 0; i < st->npar; i++) {
        int v;
        f[i] = eval_ind(&st->par[i], st->phase, st->w, &v);
        if (f[i] >= NBUCKET - 1) f[i] = NBUCKET - 2;
        cnt[f[i] + 1]++;
    }
    for (int b = 1; b < NBUCKET; b++) cnt[b] += cnt[b - 1];
    for (int i = 0; i < st->npar; i++) idx[cnt[f[i]]++] = i;
    free(f);
    return EC_OK;
}

int ec__tw_export(void *state, int count, uint8_t *buf, int size, int *n)
{
    tw_state *st = state;
    int *idx = st->order, pos = 0;
    if (rank_parents(st, idx)) return EC_E_NOMEM;
    *n = 0;
    for (int k = 0; k < count && k < st->npar; k++) {
        const tw_ind *x = &st->par[idx[k]];
        if (pos + TW_MIG_HEAD + x->n > size) return EC_E_BUFFER;
        buf[pos++] = x->n;
        for (int p = 0; p <= EC_TWES_PHASES; p++) buf[pos++] = p <= st->phase ? x->mark[p] : 0;
        memcpy(buf + pos, x->mv, x->n);
        pos += x->n;
        (*n)++;
    }
    return pos;
}

static int in_group(int g, int m)
{
    for (int i = 0; i < ec__tw_ngmoves[g]; i++)
        if (ec__tw_gmoves[g][i] == m) return 1;
    return 0;
}

/* check one migrant at buf[pos..] and rebuild it in *x; returns its bytes or EC_E_MIGRANTS */
static int tw_read_migrant(tw_state *st, const uint8_t *buf, int size, int pos, tw_ind *x, char *msg, int msgsize)
{
    if (pos + TW_MIG_HEAD > size)
        return ec__msg(EC_E_MIGRANTS, msg, msgsize, "twes migrant at payload byte %d is cut short", pos);
    int n = buf[pos], ph = st->phase;
    if (n > EC_TWES_MAX_MOVES || pos + TW_MIG_HEAD + n > size)
        return ec__msg(EC_E_MIGRANTS, msg, msgsize, "twes migrant at payload byte %d says %d moves", pos, n);
    copy_ind(x, &st->start);
    x->n = (uint8_t)n;
    for (int p = 0; p <= EC_TWES_PHASES; p++) x->mark[p] = p <= ph ? buf[pos + 1 + p] : 0;
    if (x->mark[0] != 0)
        return ec__msg(EC_E_MIGRANTS, msg, msgsize, "twes migrant at payload byte %d: phase 0 starts at %d", pos, x->mark[0]);
    for (int p = 1; p <= ph; p++)
        if (x->mark[p] < x->mark[p - 1] || x->mark[p] > n)
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "twes migrant at payload byte %d: phase mark %d is %d", pos, p,
                           x->mark[p]);
    const uint8_t *mv = buf + pos + TW_MIG_HEAD;
    for (int p = 0; p <= ph; p++) {
        int end = p < ph ? x->mark[p + 1] : n, g = ec__twes_phase_group(p);
        for (int k = x->mark[p]; k < end; k++) {
            if (mv[k] >= 18 || !in_group(g, mv[k]))
                return ec__msg(EC_E_MIGRANTS, msg, msgsize,
                               "twes migrant at payload byte %d: move byte %d (%d) is not a turn of phase %d's group", pos,
                               pos + TW_MIG_HEAD + k, mv[k], p);
            x->mv[k] = mv[k];
            ec__bcube_move(&x->s, mv[k]);
        }
        int v;
        if (p < ph && (eval_ind(x, p, st->w, &v), v != 0))
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "twes migrant at payload byte %d has not finished phase %d", pos, p);
    }
    return TW_MIG_HEAD + n;
}

int ec__tw_import(ec_solver *h, void *state, const uint8_t *buf, int size, int count, char *msg, int msgsize)
{
    (void)h;
    tw_state *st = state;
    if (count > st->mu) count = st->mu;
    tw_ind *in = malloc(sizeof(tw_ind) * (size_t)(count > 0 ? count : 1));
    if (!in) return EC_E_NOMEM;
    int pos = 0;
    for (int k = 0; k < count; k++) { /* every byte checked before anything changes */
        int rc = tw_read_migrant(st, buf, size, pos, &in[k], msg, msgsize);
        if (rc < 0) {
            free(in);
            return rc;
        }
        pos += rc;
    }
    int *idx = st->order;
    if (rank_parents(st, idx)) {
        free(in);
        return EC_E_NOMEM;
    }
    int worst = st->npar; /* the worst parents give way; a population below mu grows */
    for (int k = 0; k < count; k++) {
        if (st->npar < st->mu) copy_ind(&st->par[st->npar++], &in[k]);
        else copy_ind(&st->par[idx[--worst]], &in[k]);
    }
    free(in);
    return count;
}
