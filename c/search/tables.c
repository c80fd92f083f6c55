/*
 * tables.c - building the pruning tables of tables.h by breadth-first search over pairs of
 * coordinates, with the move tables of coord.c. Each table is one generic BFS over
 * (a, b) pairs: a's and b's move tables, the move columns each uses, and the solved pair.
 * Cost: ~9 M entries, each reached once, ~18 table look-ups per expanded or probed entry.
 */
#include "search/tables.h"

#include <stdlib.h>
#include <string.h>

#include "search/coord.h"
#include "search/symmetry.h"

uint8_t *ec__prun[EC_PRUN_TABLES];
static long dist[EC_PRUN_TABLES][EC_PRUN_MAX_DEPTH];
static long sizes[EC_PRUN_TABLES];
static int ready;
static uint16_t mpermMove16[N_MPERM * N_P2MOVES];

typedef struct pair_spec {
    const uint16_t *ma; int sa, na; /* a's move table, its row stride, its size */
    const uint16_t *mb; int sb, nb;
    int nmoves;                     /* move k is column k of both tables */
    int solved_a, solved_b;
    int cap; /* entries not reached within cap moves are set to cap + 1 (a lower bound) */
} pair_spec;


static inline uint64_t load64(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

/* Nonzero when some byte of x equals v (may flag a word with no match: callers check each
 * byte; never misses one). */
static inline uint64_t has_byte(uint64_t x, int v)
{
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t y = x ^ (ones * (uint64_t)v);
    return (y - ones) & ~y & (ones << 7);
}

/* One layer's work over words [w0, w1) of u: forward, entries at d mark unreached
 * neighbours d + 1; backward, unreached entries with a neighbour at d become d + 1.
 * Returns how many entries it set. */
#if defined(__GNUC__)
#define EC_NOINLINE __attribute__((noinline))
#else
#define EC_NOINLINE
#endif

EC_NOINLINE static long bfs_words(const pair_spec *s, uint8_t *u, uint32_t n, size_t w0, size_t w1, int d, int backward)
{
    uint32_t nb = (uint32_t)s->nb;
    int want = backward ? 15 : d;
    long found = 0;
    for (size_t w = w0; w < w1; w++) {
        if (!has_byte(load64(u + w * 8), want)) continue;
        uint32_t i0 = (uint32_t)w * 8, a0 = i0 / nb, b0 = i0 - a0 * nb;
        for (uint32_t e = 0; e < 8 && i0 + e < n; e++) {
            uint32_t i = i0 + e;
            if (u[i] != want) continue;
            uint32_t a = a0, b = b0 + e;
            while (b >= nb) b -= nb, a++;
            const uint16_t *ra = s->ma + (size_t)a * s->sa, *rb = s->mb + (size_t)b * s->sb;
            if (backward) {
                for (int k = 0; k < s->nmoves; k++)
                    if (u[(uint32_t)ra[k] * nb + rb[k]] == d) {
                        u[i] = (uint8_t)(d + 1);
                        found++;
                        break;
                    }
            } else {
                for (int k = 0; k < s->nmoves; k++) {
                    uint8_t *p = &u[(uint32_t)ra[k] * nb + rb[k]];
                    if (*p == 15) {
                        *p = (uint8_t)(d + 1);
                        found++;
                    }
                }
            }
        }
    }
    return found;
}

/* Breadth-first search from the solved pair, one layer of depth d at a time, in a byte per
 * entry (u, n rounded up to 8 bytes; packed into t's nibbles at the end): forward (every
 * entry at d marks its unreached neighbours d + 1) while the layer is small, backward
 * (every unreached entry with a neighbour at d becomes d + 1) once it is larger than half
 * of what is left. Layers are scanned 8 entries a word. With a cap, entries not reached
 * within cap moves get cap + 1 unsearched (still a lower bound). */
static void bfs(const pair_spec *s, uint8_t *u, uint8_t *t, long *counts)
{
    uint32_t n = (uint32_t)s->na * (uint32_t)s->nb, nb = (uint32_t)s->nb;
    size_t words = ((size_t)n + 7) / 8;
    memset(u, 15, words * 8);
    u[(uint32_t)s->solved_a * nb + (uint32_t)s->solved_b] = 0;
    for (int d = 0; d < EC_PRUN_MAX_DEPTH; d++) counts[d] = 0;
    counts[0] = 1;
    long done = 1;
    for (int d = 0; done < (long)n && d < 14; d++) {
        if (d == s->cap) { /* the rest are at least cap + 1 moves away: say so, unsearched */
            counts[d + 1] = (long)n - done;
            break;
        }
        int backward = counts[d] * 2 > (long)n - done;
        long found = 0;
        /* in calls of 2,048 words: a wasm engine that starts a function in its baseline
         * compiler switches to optimized code between calls, not inside one */
        for (size_t w = 0; w < words; w += 2048)
            found += bfs_words(s, u, n, w, w + 2048 < words ? w + 2048 : words, d, backward);
        if (!found) break;
        counts[d + 1] = found;
        done += found;
    }
    /* pack two entries a byte; entries never reached (beyond the cap) become cap + 1 */
    uint8_t map[16];
    for (int v = 0; v < 16; v++) map[v] = (uint8_t)(v == 15 && s->cap < 15 ? s->cap + 1 : v);
    for (uint32_t i = 0; i + 1 < n; i += 2) t[i >> 1] = (uint8_t)(map[u[i]] | map[u[i + 1]] << 4);
    if (n & 1) t[n >> 1] = (uint8_t)(map[u[n - 1]] | 15 << 4);
}

/* twistFlip, one row per twist class: entry (c, flip) is the state (classRep[c], flip).
 * A neighbour state (twist, flip) is stored at (twist2class, flipConj[twist2sym][flip]);
 * when a class's representative is fixed by some rotations, the entries those rotations
 * relate are the same state up to symmetry and are set together. */
EC_NOINLINE static long tf_rows(uint8_t *u, int c0, int c1, int d, int backward)
{
    long found = 0;
    int want = backward ? 15 : d;
    for (int c = c0; c < c1; c++) {
        const uint16_t *rt = ec__twistMove + (size_t)ec__classRep[c] * N_MOVES;
        uint8_t *row = u + (size_t)c * N_FLIP;
        for (int fl = 0; fl < N_FLIP; fl++) {
            if (row[fl] != want) continue;
            const uint16_t *rf = ec__flipMove + (size_t)fl * N_MOVES;
            for (int m = 0; m < N_MOVES; m++) {
                int tw = rt[m], cc = ec__twist2class[tw];
                uint8_t *nrow = u + (size_t)cc * N_FLIP;
                int f2 = ec__flipConj[ec__twist2sym[tw]][rf[m]];
                if (backward) {
                    if (nrow[f2] == d) {
                        row[fl] = (uint8_t)(d + 1);
                        found++;
                        break;
                    }
                } else if (nrow[f2] == 15) {
                    int stab = ec__classStab[cc];
                    for (int t = 0; t < N_KLEIN; t++) {
                        int f3 = ec__flipConj[t][f2];
                        if ((stab >> t & 1) && nrow[f3] == 15) {
                            nrow[f3] = (uint8_t)(d + 1);
                            found++;
                        }
                    }
                }
            }
        }
    }
    return found;
}

static void bfs_tf(uint8_t *u, uint8_t *t, long n, int cap, long *counts)
{
    memset(u, 15, (size_t)n);
    u[0] = 0; /* twist 0 is its own class 0, flip 0 */
    for (int d = 0; d < EC_PRUN_MAX_DEPTH; d++) counts[d] = 0;
    counts[0] = 1;
    long done = 1;
    for (int d = 0; done < n && d < 14; d++) {
        if (d == cap) {
            counts[d + 1] = n - done;
            break;
        }
        int backward = counts[d] * 2 > n - done;
        long found = 0;
        for (int c = 0; c < ec__twistClasses; c += 16)
            found += tf_rows(u, c, c + 16 < ec__twistClasses ? c + 16 : ec__twistClasses, d, backward);
        if (!found) break;
        counts[d + 1] = found;
        done += found;
    }
    for (long i = 0; i + 1 < n; i += 2) t[i >> 1] = (uint8_t)((u[i] == 15 ? cap + 1 : u[i]) | (u[i + 1] == 15 ? cap + 1 : u[i + 1]) << 4);
}

int ec__tables_init(void)
{
    if (ready) return 0;
    int rc = ec__coord_init();
    if (rc) return rc;
    ec__symmetry_init();
    for (int i = 0; i < N_MPERM * N_P2MOVES; i++) mpermMove16[i] = ec__mpermMove[i];
    const pair_spec specs[EC_PRUN_TABLES] = {
        {ec__twistMove, N_MOVES, N_TWIST, ec__sliceMove, N_MOVES, N_SLICE, N_MOVES, 0, SLICE_SOLVED, 7},
        {ec__flipMove, N_MOVES, N_FLIP, ec__sliceMove, N_MOVES, N_SLICE, N_MOVES, 0, SLICE_SOLVED, 7},
        {NULL, 0, 0, NULL, 0, 0, 0, 0, 0, 7}, /* twistFlip: bfs_tf */
        {ec__cpermMove, N_P2MOVES, N_PERM8, mpermMove16, N_P2MOVES, N_MPERM, N_P2MOVES, 0, 0, 11},
        {ec__epermMove, N_P2MOVES, N_PERM8, ec__ccombpMove, N_P2MOVES, N_CCOMBP, N_P2MOVES, 0, 0, 8},
    };
    uint8_t *u = malloc((size_t)N_PERM8 * N_CCOMBP + 8); /* the largest table, a byte an entry */
    if (!u) return -4; /* EC_E_NOMEM */
    for (int t = 0; t < EC_PRUN_TABLES; t++) {
        sizes[t] = t == EC_PRUN_TWIST_FLIP ? (long)ec__twistClasses * N_FLIP : (long)specs[t].na * specs[t].nb;
        ec__prun[t] = malloc(((size_t)sizes[t] + 1) / 2);
        if (!ec__prun[t]) {
            for (int v = 0; v <= t; v++) {
                free(ec__prun[v]);
                ec__prun[v] = NULL;
            }
            free(u);
            return -4; /* EC_E_NOMEM */
        }
        if (t == EC_PRUN_TWIST_FLIP) bfs_tf(u, ec__prun[t], sizes[t], specs[t].cap, dist[t]);
        else bfs(&specs[t], u, ec__prun[t], dist[t]);
    }
    free(u);
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
