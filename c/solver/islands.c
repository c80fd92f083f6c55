/*
 * islands.c - the islands' migrant exchange (evocube.h, "islands"): island seeds, and the
 * migrant buffer's header around a solver's own payload, written on export and checked on
 * import (the buffer comes from another worker: untrusted bytes). Epochs are counted by
 * ec_solver_step (solver.c); the coordination (ring, lockstep, the winner) is the caller's,
 * web/lib/islands.mjs.
 *
 * Buffer: 24-byte header, then the payload (little-endian):
 *   0 "ECM1" | 4 u32 FNV-1a of the solver name | 8 u64 context | 16 u32 migrants | 20 u32 bytes
 * Costs: a header and the solver's copy of `migrants` individuals per epoch.
 */
#include <string.h>

#include "core/util.h"
#include "solver/solver.h"

#define HEADER 24

uint32_t ec_island_seed(uint32_t seed, int island)
{
    if (island <= 0 || island >= EC_MAX_ISLANDS) return seed;
    ec_rng r;
    ec_rng_seed(&r, seed);
    uint64_t x = 0;
    for (int i = 0; i < island; i++) x = ec_rng_next(&r);
    return (uint32_t)(x >> 32);
}

static uint32_t name_tag(const char *name)
{
    uint32_t hsh = 2166136261u;
    for (; *name; name++) hsh = (hsh ^ (uint8_t)*name) * 16777619u;
    return hsh;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> 8 * i);
}

static uint32_t get32(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

int ec_solver_migrants_export(ec_solver *h, uint8_t *buf, int size, int *written)
{
    if (!h || !buf || !written) return EC_E_NULL;
    *written = 0;
    if (h->islands < 2) return EC_E_STATE;
    if (size < HEADER) return EC_E_BUFFER;
    int n = 0, bytes = 0;
    if (h->state && h->status == EC_RUNNING && h->migrants > 0) {
        bytes = h->impl->export_migrants(h->state, h->migrants, buf + HEADER, size - HEADER, &n);
        if (bytes < 0) return bytes;
    }
    uint64_t ctx = h->state && h->status == EC_RUNNING ? h->impl->migrant_context(h->state) : 0;
    memcpy(buf, "ECM1", 4);
    put32(buf + 4, name_tag(h->impl->name));
    put32(buf + 8, (uint32_t)ctx);
    put32(buf + 12, (uint32_t)(ctx >> 32));
    put32(buf + 16, (uint32_t)n);
    put32(buf + 20, (uint32_t)bytes);
    *written = HEADER + bytes;
    return EC_OK;
}

int ec_solver_migrants_import(ec_solver *h, const uint8_t *buf, int size, int *accepted, char *msg, int msgsize)
{
    if (!h || !accepted || (size > 0 && !buf)) return ec__msg(EC_E_NULL, msg, msgsize, "no island or buffer given");
    *accepted = 0;
    if (h->islands < 2) return ec__msg(EC_E_STATE, msg, msgsize, "a run of one island takes no migrants");
    if (h->status != EC_RUNNING) return EC_OK; /* a finished island ignores them */
    if (h->epoch_left != 0)
        return ec__msg(EC_E_STATE, msg, msgsize, "an island takes migrants only at the end of an epoch (%lld generations left)",
                       (long long)h->epoch_left);
    if (size < 0) return ec__msg(EC_E_RANGE, msg, msgsize, "a migrant buffer cannot have %d bytes", size);
    if (size > 0) {
        if (size < HEADER)
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "the migrant buffer has %d bytes, fewer than its %d-byte header", size,
                           HEADER);
        if (memcmp(buf, "ECM1", 4))
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "the migrant buffer does not start with \"ECM1\" (bytes 0-3)");
        if (get32(buf + 4) != name_tag(h->impl->name))
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "the migrants (bytes 4-7) are not of solver %s", h->impl->name);
        uint32_t n = get32(buf + 16), bytes = get32(buf + 20);
        if (bytes != (uint32_t)(size - HEADER))
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "the migrant buffer says %u payload bytes (bytes 20-23) but has %d",
                           bytes, size - HEADER);
        if (n > (uint32_t)EC_MAX_ALG_CHARS)
            return ec__msg(EC_E_MIGRANTS, msg, msgsize, "the migrant buffer says %u migrants (bytes 16-19)", n);
        uint64_t ctx = get32(buf + 8) | (uint64_t)get32(buf + 12) << 32;
        if (n > 0 && ctx == h->impl->migrant_context(h->state)) {
            int rc = h->impl->import_migrants(h, h->state, buf + HEADER, (int)bytes, (int)n, msg, msgsize);
            if (rc < 0) return rc;
            *accepted = rc;
        }
    }
    h->epoch_left = h->epoch;
    return EC_OK;
}
