/*
 * tables.c - building the pruning tables of tables.h by breadth-first search over (class,
 * coordinate) pairs, with the move tables of coord.c and the classes of symmetry.c. Each
 * table is one generic BFS: the first coordinate's raw move table, representatives and
 * raw-to-class map, the second's move and conjugation tables, and the solved pair. A
 * neighbour of entry (c, b) by move m is the raw pair (move(rep c, m), move(b, m)), read
 * back as its class entry; when a class's representative is fixed by some symmetries, the
 * entries those symmetries relate are the same state and the forward pass sets them together.
 * Cost: 1.44 M entries, each reached once, up to 18 neighbour look-ups per entry.
 */
#include "search/tables.h"

#include <stdlib.h>
#include <string.h>

uint8_t *ec__prun[EC_PRUN_TABLES];
static long dist[EC_PRUN_TABLES][EC_PRUN_MAX_DEPTH];
static long sizes[EC_PRUN_TABLES];
static int ready;
static uint16_t mpermMove16[N_MPERM * N_P2MOVES];
uint16_t ec__twistSymMove[N_TWIST_SYM * 8 * N_MOVES], ec__flipSymMove[N_FLIP_SYM * 8 * N_MOVES];
uint8_t ec__prunTS[N_TWIST_SYM * N_SLICE], ec__prunFS[N_FLIP_SYM * N_SLICE], ec__prunTF[(N_TWIST_SYM * N_FLIP + 1) / 2];
static int sym_ready;
uint16_t ec__cpermSymMove[N_PERM_SYM * N_P2MOVES], ec__epermSymMove[N_PERM_SYM * N_P2MOVES];
uint16_t ec__cpermInvSym[N_PERM_SYM], ec__epermInvSym[N_PERM_SYM];
uint8_t ec__ccombpRep[N_PERM_SYM], ec__ecombpRep[N_PERM_SYM], ec__fbcombpRep[N_PERM_SYM];
uint8_t ec__p2SymMove[N_SYM][N_P2MOVES];
uint8_t ec__symMultInv[N_SYM][N_SYM];
uint16_t ec__flipSymRaw[N_FLIP_SYM << 3];

/* out[(class << 3 | s) * 18 + m]: raw2sym of move(raw, m) for the raw value conj_s(rep) of
 * every class and each of the first 8 symmetries. A raw value r gives its own row
 * (raw2sym[r]); the other rows of its class are those of conj_s(rep) = conj_(s ^ t)(rep)
 * for t in the representative's stabiliser. */
static void sym_move_table(uint16_t *out, const uint16_t *move, const uint16_t *raw2sym, const uint16_t *stab, int nraw,
                           int nclass)
{
    memset(out, 0xff, sizeof(uint16_t) * (size_t)nclass * 8 * N_MOVES);
    for (int r = 0; r < nraw; r++)
        for (int m = 0; m < N_MOVES; m++) out[raw2sym[r] * N_MOVES + m] = raw2sym[move[r * N_MOVES + m]];
    for (int c = 0; c < nclass; c++)
        for (int s = 0; s < 8; s++) {
            uint16_t *row = out + (c << 3 | s) * N_MOVES;
            for (int t = 1; t < 8 && row[0] == 0xffff; t++)
                if (stab[c] >> t & 1 && out[(c << 3 | (s ^ t)) * N_MOVES] != 0xffff)
                    memcpy(row, out + (c << 3 | (s ^ t)) * N_MOVES, sizeof(uint16_t) * N_MOVES);
        }
}

/* The phase-1 symmetry-coordinate tables (tables.h); EC_E_INTERNAL when the first 8
 * symmetries are not the commuting involutions the XOR read assumes. */
static int sym_tables(void)
{
    for (int a = 0; a < N_SYM8; a++)
        for (int b = 0; b < N_SYM8; b++)
            if (ec__symMult[a][b] != (a ^ b)) return EC_E_INTERNAL;
    sym_move_table(ec__twistSymMove, ec__twistMove, ec__twistSym, ec__twistStab, N_TWIST, N_TWIST_SYM);
    sym_move_table(ec__flipSymMove, ec__flipMove, ec__flipSym, ec__flipStab, N_FLIP, N_FLIP_SYM);
    for (int c = 0; c < N_FLIP_SYM; c++)
        for (int s = 0; s < 8; s++) ec__flipSymRaw[c << 3 | s] = ec__flipConj[ec__flipRep[c] * N_SYM8 + s];
    /* phase 2: p2SymMove (every symmetry maps G1's moves to G1's moves), rows per class */
    for (int sy = 0; sy < N_SYM; sy++) {
        for (int b = 0; b < N_SYM; b++) ec__symMultInv[sy][b] = ec__symMult[sy][ec__symInv[b]];
        for (int m = 0; m < N_P2MOVES; m++) {
            int code = ec__symMove[sy][ec__p2_move[m]], k = 0;
            while (k < N_P2MOVES && ec__p2_move[k] != code) k++;
            if (k == N_P2MOVES) return EC_E_INTERNAL;
            ec__p2SymMove[sy][m] = (uint8_t)k;
        }
    }
    for (int c = 0; c < N_PERM_SYM; c++) {
        int cr = ec__cpermRep[c], er = ec__epermRep[c];
        for (int m = 0; m < N_P2MOVES; m++) {
            ec__cpermSymMove[c * N_P2MOVES + m] = ec__cpermSym[ec__cpermMove[cr * N_P2MOVES + m]];
            ec__epermSymMove[c * N_P2MOVES + m] = ec__epermSym[ec__epermMove[er * N_P2MOVES + m]];
        }
        ec__cpermInvSym[c] = ec__cpermSym[ec__permInv[cr]];
        ec__epermInvSym[c] = ec__epermSym[ec__permInv[er]];
        ec__ccombpRep[c] = ec__cpermToCcombp[cr];
        ec__ecombpRep[c] = ec__cpermToCcombp[er];
        ec__fbcombpRep[c] = ec__permToFbcombp[er];
    }
    sym_ready = 1;
    return EC_OK;
}

typedef struct sym_spec {
    const uint16_t *ma; int stride;  /* first coordinate's raw move table and its row length */
    const uint16_t *rep, *sym, *stab; /* its classes (symmetry.h) */
    int na, bits;                     /* classes; sym = class << bits | s */
    const uint16_t *mb;               /* second coordinate's move table (same columns) */
    const uint16_t *conj; int nb;     /* conj[b * nsym + s], its size */
    int nsym, nmoves, solved_b;
} sym_spec;

#if defined(__GNUC__)
#define EC_NOINLINE __attribute__((noinline))
#else
#define EC_NOINLINE
#endif

/* One layer's work over classes [c0, c1): forward, entries at d mark unreached neighbours
 * d + 1 (with their stabiliser images); backward, unreached entries with a neighbour at d
 * become d + 1. next[(sym * nmoves + m) * nb + b] is conj[mb[b * stride + m] * nsym + sym]
 * (bfs: one load per neighbour instead of two dependent ones). Returns how many entries it
 * set. */
EC_NOINLINE static long bfs_rows(const sym_spec *s, const uint16_t *next, uint8_t *u, int c0, int c1, int d, int backward)
{
    long found = 0;
    int want = backward ? 15 : d, mask = (1 << s->bits) - 1;
    uint32_t nb = (uint32_t)s->nb;
    const int nmoves = s->nmoves, nsym = s->nsym;
    for (int c = c0; c < c1; c++) {
        /* the row's neighbours by move: their class rows and symmetries (the same for every
         * entry of the row; the byte stores below may alias anything, so the compiler would
         * read them again for each entry) */
        const uint16_t *ra = s->ma + (size_t)s->rep[c] * s->stride;
        uint32_t ncls[N_MOVES];
        const uint16_t *nxt[N_MOVES];
        for (int m = 0; m < nmoves; m++) {
            uint32_t y = s->sym[ra[m]];
            ncls[m] = y >> s->bits;
            nxt[m] = next + ((size_t)(y & (uint32_t)mask) * nmoves + m) * nb;
        }
        uint8_t *row = u + (size_t)c * nb;
        for (uint32_t b = 0; b < nb; b++) {
            if (row[b] != want) continue;
            for (int m = 0; m < nmoves; m++) {
                uint32_t b2 = nxt[m][b];
                uint8_t *p = u + ncls[m] * nb;
                if (backward) {
                    if (p[b2] == d) {
                        row[b] = (uint8_t)(d + 1);
                        found++;
                        break;
                    }
                } else if (p[b2] == 15) {
                    uint32_t st = s->stab[ncls[m]];
                    p[b2] = (uint8_t)(d + 1);
                    found++;
                    for (int t = 1; st >> t; t++) {
                        if (!(st >> t & 1)) continue;
                        uint32_t b3 = s->conj[b2 * nsym + t];
                        if (p[b3] == 15) {
                            p[b3] = (uint8_t)(d + 1);
                            found++;
                        }
                    }
                }
            }
        }
    }
    return found;
}

/* Table s by breadth-first search in u (a byte an entry), then into t; next: room for the
 * second coordinate's neighbours by symmetry and move (nsym x nmoves x nb uint16). */
static void bfs(const sym_spec *s, uint8_t *u, uint16_t *next, uint8_t *t, long *counts, int bytes)
{
    long n = (long)s->na * s->nb;
    for (int sy = 0; sy < s->nsym; sy++)
        for (int m = 0; m < s->nmoves; m++)
            for (int b = 0; b < s->nb; b++)
                next[((size_t)sy * s->nmoves + m) * s->nb + b] = s->conj[(uint32_t)s->mb[(size_t)b * s->stride + m] * s->nsym + sy];
    memset(u, 15, (size_t)n);
    u[s->solved_b] = 0; /* class 0 is the solved raw value 0, fixed by every symmetry */
    for (int d = 0; d < EC_PRUN_MAX_DEPTH; d++) counts[d] = 0;
    counts[0] = 1;
    long done = 1;
    for (int d = 0; done < n && d < EC_PRUN_MAX_DEPTH - 1; d++) {
        int backward = counts[d] * 2 > n - done;
        long found = 0;
        /* in calls of a few rows: a wasm engine that starts a function in its baseline
         * compiler switches to optimized code between calls, not inside one */
        for (int c = 0; c < s->na; c += 16) found += bfs_rows(s, next, u, c, c + 16 < s->na ? c + 16 : s->na, d, backward);
        if (!found) break;
        counts[d + 1] = found;
        done += found;
    }
    if (bytes) {
        memcpy(t, u, (size_t)n);
        return;
    }
    for (long i = 0; i + 1 < n; i += 2) t[i >> 1] = (uint8_t)(u[i] | u[i + 1] << 4);
    if (n & 1) t[n >> 1] = (uint8_t)(u[n - 1] | 15 << 4);
}

int ec__tables_init(void)
{
    if (ready) return 0;
    int rc = ec__coord_init();
    if (rc) return rc;
    if ((rc = ec__symmetry_init())) return rc; /* a wrong symmetry definition: EC_E_INTERNAL */
    if (!sym_ready && (rc = sym_tables())) return rc;
    for (int i = 0; i < N_MPERM * N_P2MOVES; i++) mpermMove16[i] = ec__mpermMove[i];
    const sym_spec specs[EC_PRUN_TABLES] = {
        {ec__twistMove, N_MOVES, ec__twistRep, ec__twistSym, ec__twistStab, N_TWIST_SYM, 3, ec__sliceMove,
         ec__sliceConj, N_SLICE, N_SYM8, N_MOVES, SLICE_SOLVED},
        {ec__flipMove, N_MOVES, ec__flipRep, ec__flipSym, ec__flipStab, N_FLIP_SYM, 3, ec__sliceMove, ec__sliceConj,
         N_SLICE, N_SYM8, N_MOVES, SLICE_SOLVED},
        {ec__twistMove, N_MOVES, ec__twistRep, ec__twistSym, ec__twistStab, N_TWIST_SYM, 3, ec__flipMove,
         ec__flipConj, N_FLIP, N_SYM8, N_MOVES, 0},
        {ec__cpermMove, N_P2MOVES, ec__cpermRep, ec__cpermSym, ec__cpermStab, N_PERM_SYM, 4, mpermMove16,
         ec__mpermConj, N_MPERM, N_SYM, N_P2MOVES, 0},
        {ec__epermMove, N_P2MOVES, ec__epermRep, ec__epermSym, ec__epermStab, N_PERM_SYM, 4, ec__ccombpMove,
         ec__ccombpConj, N_CCOMBP, N_SYM, N_P2MOVES, 0},
        {ec__cpermMove, N_P2MOVES, ec__cpermRep, ec__cpermSym, ec__cpermStab, N_PERM_SYM, 4, ec__ecombpMove,
         ec__ecombpConj, N_CCOMBP, N_SYM, N_P2MOVES, 0},
        {ec__cpermMove, N_P2MOVES, ec__cpermRep, ec__cpermSym, ec__cpermStab, N_PERM_SYM, 4, ec__fbcombpMove,
         ec__fbcombpConj, N_CCOMBP, N_SYM, N_P2MOVES, ec__permToFbcombp[0]},
    };
    /* the largest table, a byte an entry; the largest neighbour table (twistFlip's flips: 8 x
     * 18 x 2048 uint16, 590 KB) */
    uint8_t *u = malloc((size_t)N_TWIST_SYM * N_FLIP);
    uint16_t *next = malloc(sizeof(uint16_t) * N_SYM8 * N_MOVES * N_FLIP);
    if (!u || !next) {
        free(u), free(next);
        return EC_E_NOMEM;
    }
    for (int t = 0; t < EC_PRUN_TABLES; t++) {
        sizes[t] = (long)specs[t].na * specs[t].nb;
        ec__prun[t] = t == 0 ? ec__prunTS : t == 1 ? ec__prunFS : t == 2 ? ec__prunTF : malloc(((size_t)sizes[t] + 1) / 2);
        if (!ec__prun[t]) {
            for (int v = 0; v <= t; v++) {
                if (v > EC_PRUN_TWIST_FLIP) free(ec__prun[v]);
                ec__prun[v] = NULL;
            }
            free(u), free(next);
            return EC_E_NOMEM;
        }
        bfs(&specs[t], u, next, ec__prun[t], dist[t], t <= EC_PRUN_BYTE_TABLES);
    }
    free(u), free(next);
    ready = 1;
    return 0;
}

long ec__prun_distribution(int t, long *counts)
{
    if (t < 0 || t >= EC_PRUN_TABLES) return EC_E_RANGE;
    int rc = ec__tables_init();
    if (rc) return rc;
    if (counts) memcpy(counts, dist[t], sizeof dist[t]);
    return sizes[t];
}

long ec__tables_bytes(void)
{
    long b = 2L * (N_TWIST + N_FLIP + N_SLICE) * N_MOVES + 4L * N_PERM8 * N_P2MOVES + N_PERM8;
    b += 2L * (2187 + 2048 + 2 * 40320 + 2 * (N_TWIST_SYM + N_FLIP_SYM + 2 * N_PERM_SYM)) +
         2L * (495 * N_SYM8 + 2048 * N_SYM8 + 24 * N_SYM + 140 * N_SYM);
    b += (long)sizeof ec__twistSymMove + (long)sizeof ec__flipSymMove + (long)sizeof ec__flipSymRaw;
    b += (long)sizeof ec__cpermSymMove + (long)sizeof ec__epermSymMove + (long)sizeof ec__cpermInvSym +
         (long)sizeof ec__epermInvSym + (long)sizeof ec__ccombpRep + (long)sizeof ec__p2SymMove + (long)sizeof ec__symMultInv;
    /* the edges' combinations (coord.h, symmetry.h) */
    b += (long)sizeof ec__ecombpRep + (long)sizeof ec__fbcombpRep + (long)sizeof ec__ecombpMove + (long)sizeof ec__fbcombpMove +
         (long)sizeof ec__permToFbcombp + (long)sizeof ec__ecombpConj + (long)sizeof ec__fbcombpConj;
    for (int t = 0; t < EC_PRUN_TABLES; t++) b += t <= EC_PRUN_BYTE_TABLES ? sizes[t] : (sizes[t] + 1) / 2;
    return b;
}
