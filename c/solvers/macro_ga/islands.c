/*
 * islands.c - macro-ga's migrants (evocube.h, "islands"; solver.h's island hooks; mga.h): the
 * best individuals leave, every byte of an arriving migrant is checked (a frame of six
 * distinct faces with opposite faces opposite, at most EC_MAX_ALG_MOVES face turns) before the
 * migrants replace the worst individuals, which are then re-ranked, so a good migrant becomes
 * an elite parent. A migrant's genes are MG_MIGRANT, its frame and its face turns (its parts:
 * "migrant"); its raw token count is its face turns (its tokens are not known).
 * Costs: a copy of each migrant's moves each way and one cubie pass over them on import.
 */
#include <string.h>

#include "core/cube.h"
#include "core/stickers.h"
#include "core/util.h"
#include "solver/solver.h"
#include "solvers/macro_ga/mga.h"

/* Migrants (evocube.h, "islands"): an individual is the start cube (the same on every
 * island), its frame and its face turns, so any island can take any other's: one context.
 * Payload per migrant: the frame's 6 bytes, n (2 bytes), n face turns. */
#define MGA_MIG_HEAD 8

uint64_t mga_context(void *state)
{
    (void)state;
    return 1;
}

int mga_export(void *state, int count, uint8_t *buf, int size, int *n)
{
    mga_state *s = state;
    int pos = 0;
    *n = 0;
    for (int k = 0; k < count && k < s->pop; k++) {
        const mga_ind *d = &s->cur[s->order[k]];
        if (pos + MGA_MIG_HEAD + d->n > size) return EC_E_BUFFER;
        memcpy(buf + pos, d->frame.pos, 6);
        buf[pos + 6] = (uint8_t)(d->n & 255);
        buf[pos + 7] = (uint8_t)(d->n >> 8);
        memcpy(buf + pos + MGA_MIG_HEAD, d->moves, (size_t)d->n);
        pos += MGA_MIG_HEAD + d->n;
        (*n)++;
    }
    return pos;
}

/* check the migrant at buf[pos..]: its bytes, or EC_E_MIGRANTS */
static int mga_check_migrant(const uint8_t *buf, int size, int pos, char *msg, int msgsize)
{
    if (pos + MGA_MIG_HEAD > size)
        return ec__msg(EC_E_MIGRANTS, msg, msgsize, "macro-ga migrant at payload byte %d is cut short", pos);
    int seen = 0;
    for (int f = 0; f < 6; f++) {
        int v = buf[pos + f];
        if (v > 5 || (seen >> v & 1))
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "macro-ga migrant at payload byte %d: frame byte %d (%d) is no face",
                           pos, pos + f, v);
        if (f < 3 && buf[pos + f + 3] != (v + 3) % 6)
            return ec__msg(EC_E_MIGRANTS, msg, msgsize,
                           "macro-ga migrant at payload byte %d: frame bytes %d and %d (%d, %d) are not opposite faces", pos,
                           pos + f, pos + f + 3, v, buf[pos + f + 3]);
        seen |= 1 << v;
    }
    int n = buf[pos + 6] | buf[pos + 7] << 8;
    if (n > EC_MAX_ALG_MOVES || pos + MGA_MIG_HEAD + n > size)
        return ec__msg(EC_E_MIGRANTS, msg, msgsize, "macro-ga migrant at payload byte %d says %d moves", pos, n);
    for (int k = 0; k < n; k++)
        if (buf[pos + MGA_MIG_HEAD + k] >= 18)
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "macro-ga migrant: byte %d (%d) is not a face turn",
                           pos + MGA_MIG_HEAD + k, buf[pos + MGA_MIG_HEAD + k]);
    return MGA_MIG_HEAD + n;
}

int mga_import(ec_solver *h, void *state, const uint8_t *buf, int size, int count, char *msg, int msgsize)
{
    mga_state *s = state;
    if (count > s->pop) count = s->pop;
    int pos = 0;
    for (int k = 0; k < count; k++) { /* every byte checked before anything changes */
        int rc = mga_check_migrant(buf, size, pos, msg, msgsize);
        if (rc < 0) return rc;
        pos += rc;
    }
    pos = 0;
    for (int k = 0; k < count; k++) { /* the worst individuals give way */
        mga_ind *d = &s->cur[s->order[s->pop - 1 - k]];
        int n = buf[pos + 6] | buf[pos + 7] << 8;
        if (mga_ind_reserve(d, n) || mga_gene_reserve(d, 7 + n)) return EC_E_NOMEM;
        d->genes[0] = MG_MIGRANT;
        memcpy(d->genes + 1, buf + pos, 6);
        memcpy(d->genes + 7, buf + pos + MGA_MIG_HEAD, (size_t)n);
        d->ng = 7 + n;
        memcpy(d->frame.pos, buf + pos, 6);
        memcpy(d->moves, buf + pos + MGA_MIG_HEAD, (size_t)n);
        d->n = n;
        d->raw = n; /* a migrant's tokens are not known: its face turns */
        d->cube = h->start;
        ec_cube_moves(&d->cube, d->moves, n);
        d->fit = ec__sticker_misplaced(&d->cube);
        s->evals++;
        pos += MGA_MIG_HEAD + n;
    }
    mga_sort(s);
    return count;
}
