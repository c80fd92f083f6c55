/*
 * tables.c - building the pruning tables of tables.h by breadth-first search over pairs of
 * coordinates, with the move tables of coord.c. Each table is one generic BFS over
 * (a, b) pairs: a's and b's move tables, the move columns each uses, and the solved pair.
 * Cost: ~9 M entries, each reached once, ~18 table look-ups per expanded or probed entry.
 */
#include "tables.h"

#include <stdlib.h>
#include <string.h>

#include "coord.h"

uint8_t *ec__prun[EC_PRUN_TABLES];
static long dist[EC_PRUN_TABLES][EC_PRUN_MAX_DEPTH];
static long sizes[EC_PRUN_TABLES];
static int ready;
static uint16_t mpermMove16[N_MPERM * N_P2MOVES];

typedef struct pair_spec {
    const uint16_t *ma; int sa, na; /* a's move table, its row stride, its size */
    const uint16_t *mb; int sb, nb;
    int nmoves;
    const uint8_t *cola, *colb; /* column of move k in a's and b's table (NULL: k) */
    int solved_a, solved_b;
} pair_spec;

static inline void set4(uint8_t *t, uint32_t i, int v)
{
    int sh = (i & 1) << 2;
    t[i >> 1] = (uint8_t)((t[i >> 1] & ~(15 << sh)) | (v << sh));
}

static inline uint64_t load64(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

/* Nonzero when some nibble of x equals v (may flag a word with no match: callers check
 * each nibble; never misses one). */
static inline uint64_t has_nibble(uint64_t x, int v)
{
    const uint64_t ones = 0x1111111111111111ull;
    uint64_t y = x ^ (ones * (uint64_t)v);
    return (y - ones) & ~y & (ones << 3);
}

/* Breadth-first search from the solved pair, one layer of depth d at a time: forward
 * (every entry at d marks its unreached neighbours d + 1) while the layer is small,
 * backward (every unreached entry with a neighbour at d becomes d + 1) once it is larger
 * than half of what is left. Layers are scanned 16 entries a word. */
static void bfs(const pair_spec *s, uint8_t *t, size_t bytes, long *counts)
{
    uint32_t n = (uint32_t)s->na * (uint32_t)s->nb;
    memset(t, 0xff, bytes);
    int ca[N_MOVES], cb[N_MOVES];
    for (int k = 0; k < s->nmoves; k++) {
        ca[k] = s->cola ? s->cola[k] : k;
        cb[k] = s->colb ? s->colb[k] : k;
    }
    set4(t, (uint32_t)s->solved_a * (uint32_t)s->nb + (uint32_t)s->solved_b, 0);
    for (int d = 0; d < EC_PRUN_MAX_DEPTH; d++) counts[d] = 0;
    counts[0] = 1;
    long done = 1;
    for (int d = 0; done < (long)n && d < 14; d++) {
        int backward = counts[d] * 2 > (long)n - done;
        int want = backward ? 15 : d;
        long found = 0;
        for (size_t w = 0; w < bytes; w += 8) {
            if (!has_nibble(load64(t + w), want)) continue;
            for (uint32_t i = (uint32_t)w * 2, end = i + 16; i < end && i < n; i++) {
                if (ec__prun_get(t, i) != want) continue;
                uint32_t a = i / (uint32_t)s->nb, b = i - a * (uint32_t)s->nb;
                const uint16_t *ra = s->ma + (size_t)a * s->sa, *rb = s->mb + (size_t)b * s->sb;
                if (backward) {
                    for (int k = 0; k < s->nmoves; k++) {
                        uint32_t j = (uint32_t)ra[ca[k]] * (uint32_t)s->nb + rb[cb[k]];
                        if (ec__prun_get(t, j) == d) {
                            set4(t, i, d + 1);
                            found++;
                            break;
                        }
                    }
                } else {
                    for (int k = 0; k < s->nmoves; k++) {
                        uint32_t j = (uint32_t)ra[ca[k]] * (uint32_t)s->nb + rb[cb[k]];
                        if (ec__prun_get(t, j) == 15) {
                            set4(t, j, d + 1);
                            found++;
                        }
                    }
                }
            }
        }
        if (!found) break;
        counts[d + 1] = found;
        done += found;
    }
}

int ec__tables_init(void)
{
    if (ready) return 0;
    int rc = ec__coord_init();
    if (rc) return rc;
    for (int i = 0; i < N_MPERM * N_P2MOVES; i++) mpermMove16[i] = ec__mpermMove[i];
    static const uint8_t p2_same[N_P2MOVES] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    const pair_spec specs[EC_PRUN_TABLES] = {
        {ec__twistMove, N_MOVES, N_TWIST, ec__sliceMove, N_MOVES, N_SLICE, N_MOVES, NULL, NULL, 0, SLICE_SOLVED},
        {ec__flipMove, N_MOVES, N_FLIP, ec__sliceMove, N_MOVES, N_SLICE, N_MOVES, NULL, NULL, 0, SLICE_SOLVED},
        {ec__twistMove, N_MOVES, N_TWIST, ec__flipMove, N_MOVES, N_FLIP, N_MOVES, NULL, NULL, 0, 0},
        {ec__cpermMove, N_P2MOVES, N_PERM8, mpermMove16, N_P2MOVES, N_MPERM, N_P2MOVES, p2_same, p2_same, 0, 0},
        {ec__epermMove, N_P2MOVES, N_PERM8, mpermMove16, N_P2MOVES, N_MPERM, N_P2MOVES, p2_same, p2_same, 0, 0},
        {ec__epermMove, N_P2MOVES, N_PERM8, ec__ccombpMove, N_P2MOVES, N_CCOMBP, N_P2MOVES, p2_same, p2_same, 0, 0},
    };
    for (int t = 0; t < EC_PRUN_TABLES; t++) {
        sizes[t] = (long)specs[t].na * specs[t].nb;
        size_t bytes = ((size_t)sizes[t] + 15) / 16 * 8; /* whole 64-bit words */
        ec__prun[t] = malloc(bytes);
        if (!ec__prun[t]) {
            for (int u = 0; u <= t; u++) {
                free(ec__prun[u]);
                ec__prun[u] = NULL;
            }
            return -4; /* EC_E_NOMEM */
        }
        bfs(&specs[t], ec__prun[t], bytes, dist[t]);
    }
    ready = 1;
    return 0;
}

long ec__prun_distribution(int t, long *counts)
{
    if (t < 0 || t >= EC_PRUN_TABLES) return -3;
    int rc = ec__tables_init();
    if (rc) return rc;
    if (counts) memcpy(counts, dist[t], sizeof dist[t]);
    return sizes[t];
}

long ec__tables_bytes(void)
{
    long b = 2L * (N_TWIST + N_FLIP + N_SLICE) * N_MOVES + 4L * N_PERM8 * N_P2MOVES + N_PERM8;
    for (int t = 0; t < EC_PRUN_TABLES; t++) b += (sizes[t] + 1) / 2;
    return b;
}
