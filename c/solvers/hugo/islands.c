/*
 * islands.c - HuGO!'s migrants (evocube.h, "islands"; solver.h's island hooks; hg.h): genomes
 * of the population at work, `length` genes (Table 2 numbers) each, no header.
 * A genome means something only from its phase's start state and for its task, so the
 * context is the phase, the block location (the current one in phase 1, the chosen one after)
 * and a hash of the phase's start state: islands that chose other blocks, or are in other
 * phases, keep their own. Migrants leave as the best of the last evaluated generation and
 * replace the last individuals of the next one (never the elite in slot 0), evaluated from
 * scratch; every payload byte is checked against the phase's alleles before anything changes.
 * Costs: a copy of count x length bytes each way; the import's check, count x length x 18
 * compares at most.
 */
#include <string.h>

#include "core/util.h"
#include "solvers/hugo/hg.h"

/* the population at work and its task (none once the run is done) */
static hg_pop *working_pop(hg_solver *s) { return s->phase == 0 ? s->store[s->loc] : s->phase < 3 ? s->pop : NULL; }
static const hg_task *working_task(hg_solver *s) { return s->phase == 0 ? &s->task1[s->loc] : &s->task; }

uint64_t hg_migrant_context(void *state)
{
    hg_solver *s = state;
    if (s->phase >= 3) return 0;
    const ec_bcube *x = &s->at[s->phase];
    uint64_t hsh = 1469598103934665603ull;
    for (int i = 0; i < 8; i++) hsh = (hsh ^ x->c[i]) * 1099511628211ull;
    for (int i = 0; i < 12; i++) hsh = (hsh ^ x->e[i]) * 1099511628211ull;
    int loc = s->phase == 0 ? s->loc : s->chosen;
    return hsh << 16 | (uint64_t)loc << 8 | (uint64_t)(s->phase + 1);
}

/* the best `count` genomes of the last evaluated generation (none before the first) */
int hg_export_migrants(void *state, int count, uint8_t *buf, int size, int *n)
{
    hg_solver *s = state;
    hg_pop *p = working_pop(s);
    *n = 0;
    if (!p || p->gens == 0) return 0;
    int k = count < p->n ? count : p->n;
    if (k * p->len > size) return EC_E_BUFFER;
    for (int i = 0; i < k; i++) memcpy(buf + i * p->len, p->prev.g + (size_t)p->order[i] * p->len, (size_t)p->len);
    *n = k;
    return k * p->len;
}

/* the migrants replace the last individuals of the next generation (never the elite in slot
 * 0) and are evaluated from scratch (no parent) */
int hg_import_migrants(ec_solver *h, void *state, const uint8_t *buf, int size, int count, char *msg, int msgsize)
{
    (void)h;
    hg_solver *s = state;
    hg_pop *p = working_pop(s);
    if (!p) return 0;
    if ((int64_t)count * p->len != size)
        return ec__msg(EC_E_MIGRANTS, msg, msgsize, "%d hugo migrants of %d genes need %lld payload bytes, not %d", count, p->len,
                       (long long)count * p->len, size);
    const hg_task *t = working_task(s);
    for (int i = 0; i < size; i++) {
        int ok = 0;
        for (int a = 0; a < t->nalleles; a++) ok |= buf[i] == t->alleles[a];
        if (!ok)
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "hugo migrant gene at payload byte %d (%d) is not a gene of this phase", i,
                           buf[i]);
    }
    int k = count < p->n - 1 ? count : p->n - 1;
    for (int i = 0; i < k; i++) {
        int slot = p->n - 1 - i;
        memcpy(p->cur.g + (size_t)slot * p->len, buf + (size_t)i * p->len, (size_t)p->len);
        p->cur.par[2 * slot] = p->cur.par[2 * slot + 1] = -1;
    }
    return k;
}
