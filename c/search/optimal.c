/*
 * optimal.c - the optimal search's tables (layout and costs: optimal.h) and its IDA*.
 *
 * Small tables (built by opt_init once per process: 0.21 s of CPU natively, 12.8 MB; the corner
 * table, by ec_optimal_table_begin, 1.1 s more: forward breadth-first passes):
 *   fsSym[slice * 2048 + flip]  (class << 4) | s with conj_s(raw) = the class's representative
 *   fsRep[class], fsStab[class] the representative (smallest raw member) and its stabiliser
 *   sliceC[slice * 16 + s], flipLlo/flipLhi/flipM: conj_s of a raw (flip, slice) is
 *     (flipLlo[s][flip & 63] ^ flipLhi[s][flip >> 6] ^ flipM[s][slice], sliceC[...]): the
 *     conjugate's edge orientation is a linear map of the flip plus a term of where the
 *     slice edges are (checked against the cubie model for every symmetry and slice)
 *   twC[twist * 16 + s]         the twist of conj_s(cube)
 *   twMC[(m * 16 + s) * 2187 + twist]  twC after move m (the build's inner loop)
 *   cpMove[cperm * 18 + m]      the corner permutation after move m (all 18 turns)
 *   fsMove, eMove               a class's representative after move m, as class << 4 | s
 *   esepMove, ccMove, ccC, esepSym/Rep/Stab: the esep table's coordinates (below)
 *   symMoveC, symCompose        conjugated face turns; the composition of two conjugations
 *   axis rotations: the cube seen with its R-L or F-B axis as U-D, and each face turn's name
 *     in that view (axisMove)
 * Conjugation is ec__sym_conj's (symmetry.h); the corner table's classes are symmetry.h's
 * cpermSym (the same conjugation).
 */
#include "search/optimal.h"

#include <stdlib.h>
#include <string.h>

#include "core/cube.h"
#include "search/coord.h"
#include "search/symmetry.h"

#define N_FS (N_SLICE * N_FLIP)
#define N_FS_SYM 64430
#define N_CORNER_ENTRIES ((int64_t)N_PERM_SYM * N_TWIST)
#define N_ESEP (N_SLICE * 70)
#define N_ESEP_SYM_MAX 2400
#define N_CCOMB 70
#define N_BLOCK_B (N_TWIST * N_CCOMB)
#define UNSET 15
#define OPT_FORMAT 3
#define HEADER_BYTES 80

static uint32_t *fsSym;
static uint32_t fsRep[N_FS_SYM];
static uint16_t fsStab[N_FS_SYM];
static uint16_t sliceC[N_SLICE * N_SYM];
static uint16_t flipLlo[N_SYM][64], flipLhi[N_SYM][32], flipM[N_SYM][N_SLICE];
static uint16_t twC[N_TWIST * N_SYM];
static uint16_t *twMC;
static uint16_t *cpMove;
static uint32_t *fsMove; /* [class * 18 + m]: fsSym of the class's representative after move m */
static uint8_t symMoveC[N_SYM][N_MOVES]; /* conj_s of face turn m, as a face turn */
static uint8_t symCompose[N_SYM][N_SYM]; /* conj_a(conj_b(x)) = conj_[a][b](x) */
/* the second table's coordinates: esep = slice * 70 + the M-slice edges' places among the
 * 8 slots without an E-slice edge (UF UB DF DB; colex rank); ccomb = the places of the
 * U-layer corners (URF UFL ULB UBR; colex rank of the 4 of 8 slots) */
static uint16_t *esepMove;                  /* [esep * 18 + m] */
static uint32_t esepSym[N_ESEP];            /* (class << 4) | s, conj_s(raw) = rep */
static uint16_t esepRep[N_ESEP_SYM_MAX], esepStab[N_ESEP_SYM_MAX];
static uint32_t *eMove;                     /* [class * 18 + m]: esepSym of rep after m */
static int nEsepSym;
static uint8_t ccMove[N_CCOMB * N_MOVES], ccC[N_CCOMB * N_SYM];
static uint8_t ccMC[N_MOVES * N_SYM * N_CCOMB]; /* ccC after move m */
static uint8_t axisMove[OPT_AXES][N_MOVES];
static ec_cube axisRot[OPT_AXES], axisRotInv[OPT_AXES];
static int small_ready;

/* The process-wide table: big[0] the FlipUDSlice table, big[1] (levels 1, 2) the esep one. */
static struct {
    int level;       /* -1: none */
    int xs;          /* corner-permutation parities per entry of both: 1, or 2 (level 2) */
    int nt;          /* big tables at this level: 1 or 2 */
    int complete;
    uint8_t *corner; /* N_CORNER_ENTRIES nibbles */
    uint8_t *big[2];
    int64_t entries[2], bytes[2], corner_bytes;
    /* build */
    int tb;          /* the big table being built */
    int depth;       /* the pass sets entries at depth + 1 from those at depth */
    int forward;     /* 1: the current pass expands the layer; 0: unset entries look back */
    int next;        /* next class of the current pass (build_step) */
    int64_t set, pass_new;
    uint64_t sum;
} T = {-1, 1, 1, 0, NULL, {NULL, NULL}, {0, 0}, {0, 0}, 0, 0, 0, 0, 0, 0, 0, 0};

static inline int nib(const uint8_t *t, int64_t i) { return t[i >> 1] >> ((i & 1) << 2) & 15; }
/* the big tables: 2 bits an entry, four a byte (lowest bits first): the distance mod 3, 3 = unset */
#define UNSET2 3
static inline int e2(const uint8_t *t, int64_t i) { return t[i >> 2] >> ((i & 3) << 1) & 3; }
static inline void set_e2(uint8_t *t, int64_t i, int v)
{
    int sh = (int)(i & 3) << 1;
    t[i >> 2] = (uint8_t)((t[i >> 2] & ~(3 << sh)) | (v << sh));
}
static inline void set_nib(uint8_t *t, int64_t i, int v)
{
    int sh = (int)(i & 1) << 2;
    t[i >> 1] = (uint8_t)((t[i >> 1] & ~(15 << sh)) | (v << sh));
}

static int quarter(int m) { return m % 3 != 1; }

/* ---------------------------------------------------------------- small tables */

static void fs_conj(int slice, int flip, int s, int *slice2, int *flip2)
{
    *slice2 = sliceC[slice * N_SYM + s];
    *flip2 = flipLlo[s][flip & 63] ^ flipLhi[s][flip >> 6] ^ flipM[s][slice];
}

/* colex rank of the 4-subset of 0..n-1 marked in in[] and its inverse */
static int binom4(int i, int k)
{
    int v = 1;
    if (i < k) return 0;
    for (int j = 0; j < k; j++) v = v * (i - j) / (j + 1);
    return v;
}
static int rank4(const int *in, int n)
{
    int r = 0, k = 0;
    for (int i = 0; i < n; i++)
        if (in[i]) r += binom4(i, ++k);
    return r;
}
static void unrank4(int r, int n, int *in)
{
    for (int i = n - 1, k = 4; i >= 0; i--) {
        in[i] = 0;
        if (k > 0 && binom4(i, k) <= r) {
            r -= binom4(i, k);
            in[i] = 1;
            k--;
        }
    }
}
static int is_m_edge(int piece) { return piece < 8 && (piece & 1); } /* UF UB DF DB */

static int get_esep(const ec_cube *c)
{
    int in[8], j = 0;
    for (int i = 0; i < 12; i++)
        if (c->ep[i] < 8) in[j++] = is_m_edge(c->ep[i]);
    return ec__get_slice(c) * 70 + rank4(in, 8);
}
static void set_esep(ec_cube *c, int v)
{
    int in[8];
    ec__set_slice(c, v / 70);
    unrank4(v % 70, 8, in);
    int j = 0, m = 1, o = 0;
    for (int i = 0; i < 12; i++)
        if (c->ep[i] < 8) {
            c->ep[i] = (uint8_t)(in[j++] ? m : o);
            if (in[j - 1]) m += 2;
            else o += 2;
        }
}
static int get_ccomb(const ec_cube *c)
{
    int in[8];
    for (int i = 0; i < 8; i++) in[i] = c->cp[i] < 4;
    return rank4(in, 8);
}
static void set_ccomb(ec_cube *c, int v)
{
    int in[8], u = 0, d = 4;
    unrank4(v, 8, in);
    for (int i = 0; i < 8; i++) c->cp[i] = (uint8_t)(in[i] ? u++ : d++);
}

static int opt_init(void)
{
    if (small_ready) return EC_OK;
    int rc = ec__coord_init();
    if (!rc) rc = ec__symmetry_init();
    if (rc) return rc;
    if (!fsSym) fsSym = malloc(sizeof *fsSym * N_FS);
    if (!twMC) twMC = malloc(sizeof *twMC * N_MOVES * N_SYM * N_TWIST);
    if (!cpMove) cpMove = malloc(sizeof *cpMove * N_PERM8 * N_MOVES);
    if (!fsMove) fsMove = malloc(sizeof *fsMove * N_FS_SYM * N_MOVES);
    if (!esepMove) esepMove = malloc(sizeof *esepMove * N_ESEP * N_MOVES);
    if (!eMove) eMove = malloc(sizeof *eMove * N_ESEP_SYM_MAX * N_MOVES);
    if (!fsSym || !twMC || !cpMove || !fsMove || !esepMove || !eMove) return EC_E_NOMEM;
    ec_cube c, d;
    /* conjugation of slice, flip (linear part and slice term), twist */
    for (int s = 0; s < N_SYM; s++) {
        for (int sl = 0; sl < N_SLICE; sl++) {
            ec_cube_solved(&c);
            ec__set_slice(&c, sl);
            ec__sym_conj(&c, s, &d);
            sliceC[sl * N_SYM + s] = (uint16_t)ec__get_slice(&d);
            flipM[s][sl] = (uint16_t)ec__get_flip(&d);
        }
        uint16_t basis[11];
        for (int b = 0; b < 11; b++) {
            ec_cube_solved(&c);
            ec__set_flip(&c, 1 << b);
            ec__sym_conj(&c, s, &d);
            basis[b] = (uint16_t)(ec__get_flip(&d) ^ flipM[s][SLICE_SOLVED]);
        }
        for (int v = 0; v < 64; v++) {
            uint16_t x = 0;
            for (int b = 0; b < 6; b++)
                if (v >> b & 1) x ^= basis[b];
            flipLlo[s][v] = x;
        }
        for (int v = 0; v < 32; v++) {
            uint16_t x = 0;
            for (int b = 0; b < 5; b++)
                if (v >> b & 1) x ^= basis[6 + b];
            flipLhi[s][v] = x;
        }
        for (int t = 0; t < N_TWIST; t++) {
            ec_cube_solved(&c);
            ec__set_twist(&c, t);
            ec__sym_conj(&c, s, &d);
            twC[t * N_SYM + s] = (uint16_t)ec__get_twist(&d);
        }
    }
    /* the linear form against the cubie model: every symmetry, every slice, flips spread */
    for (int s = 0; s < N_SYM; s++)
        for (int sl = 0; sl < N_SLICE; sl++) {
            int fl = (sl * 37 + s * 101) & 2047, s2, f2;
            ec_cube_solved(&c);
            ec__set_slice(&c, sl);
            ec__set_flip(&c, fl);
            ec__sym_conj(&c, s, &d);
            fs_conj(sl, fl, s, &s2, &f2);
            if (s2 != ec__get_slice(&d) || f2 != ec__get_flip(&d)) return EC_E_INTERNAL;
        }
    /* FlipUDSlice classes */
    memset(fsSym, 0xff, sizeof *fsSym * N_FS);
    int n = 0;
    for (int r = 0; r < N_FS; r++) {
        if (fsSym[r] != 0xffffffffu) continue;
        if (n >= N_FS_SYM) return EC_E_INTERNAL;
        fsRep[n] = (uint32_t)r;
        fsStab[n] = 0;
        for (int s = 0; s < N_SYM; s++) {
            int s2, f2;
            fs_conj(r / N_FLIP, r % N_FLIP, s, &s2, &f2);
            int r2 = s2 * N_FLIP + f2;
            if (r2 == r) fsStab[n] |= (uint16_t)(1u << s);
            if (fsSym[r2] == 0xffffffffu) fsSym[r2] = (uint32_t)n << 4 | ec__symInv[s];
        }
        n++;
    }
    if (n != N_FS_SYM) return EC_E_INTERNAL;
    for (int i = 0; i < N_FS_SYM; i++) {
        int sl = (int)(fsRep[i] / N_FLIP), fl = (int)(fsRep[i] % N_FLIP);
        for (int m = 0; m < N_MOVES; m++)
            fsMove[i * N_MOVES + m] = fsSym[ec__sliceMove[sl * N_MOVES + m] * N_FLIP + ec__flipMove[fl * N_MOVES + m]];
    }
    /* conjugated face turns and the composition of conjugations, from the cubie model */
    for (int s = 0; s < N_SYM; s++)
        for (int m = 0; m < N_MOVES; m++) {
            ec__sym_conj(ec__move_cube(m), s, &d);
            int found = -1;
            for (int m2 = 0; m2 < N_MOVES; m2++)
                if (!memcmp(&d, ec__move_cube(m2), sizeof d)) found = m2;
            if (found < 0) return EC_E_INTERNAL;
            symMoveC[s][m] = (uint8_t)found;
        }
    ec_cube x;
    if (ec_random_state(12345, &x)) return EC_E_INTERNAL;
    for (int a = 0; a < N_SYM; a++)
        for (int b = 0; b < N_SYM; b++) {
            ec_cube t, u;
            ec__sym_conj(&x, b, &t);
            ec__sym_conj(&t, a, &u);
            int found = -1;
            for (int c2 = 0; c2 < N_SYM; c2++) {
                ec__sym_conj(&x, c2, &t);
                if (!memcmp(&t, &u, sizeof t)) found = c2;
            }
            if (found < 0) return EC_E_INTERNAL;
            symCompose[a][b] = (uint8_t)found;
        }
    for (int m = 0; m < N_MOVES; m++)
        for (int s = 0; s < N_SYM; s++)
            for (int t = 0; t < N_TWIST; t++) twMC[(m * N_SYM + s) * N_TWIST + t] = twC[ec__twistMove[t * N_MOVES + m] * N_SYM + s];
    for (int p = 0; p < N_PERM8; p++) {
        ec_cube_solved(&c);
        ec__set_cperm(&c, p);
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            cpMove[p * N_MOVES + m] = (uint16_t)ec__get_cperm(&d);
        }
    }
    /* the second table's coordinates: move tables, conjugation, esep classes */
    for (int v = 0; v < N_ESEP; v++) {
        ec_cube_solved(&c);
        set_esep(&c, v);
        if (get_esep(&c) != v) return EC_E_INTERNAL;
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            esepMove[v * N_MOVES + m] = (uint16_t)get_esep(&d);
        }
    }
    for (int v = 0; v < N_CCOMB; v++) {
        ec_cube_solved(&c);
        set_ccomb(&c, v);
        if (get_ccomb(&c) != v) return EC_E_INTERNAL;
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            ccMove[v * N_MOVES + m] = (uint8_t)get_ccomb(&d);
        }
        for (int s2 = 0; s2 < N_SYM; s2++) {
            ec__sym_conj(&c, s2, &d);
            ccC[v * N_SYM + s2] = (uint8_t)get_ccomb(&d);
        }
    }
    for (int m = 0; m < N_MOVES; m++)
        for (int s2 = 0; s2 < N_SYM; s2++)
            for (int v = 0; v < N_CCOMB; v++) ccMC[(m * N_SYM + s2) * N_CCOMB + v] = ccC[ccMove[v * N_MOVES + m] * N_SYM + s2];
    for (int v = 0; v < N_ESEP; v++) esepSym[v] = 0xffffffffu;
    nEsepSym = 0;
    for (int v = 0; v < N_ESEP; v++) {
        if (esepSym[v] != 0xffffffffu) continue;
        if (nEsepSym >= N_ESEP_SYM_MAX) return EC_E_INTERNAL;
        esepRep[nEsepSym] = (uint16_t)v;
        esepStab[nEsepSym] = 0;
        ec_cube_solved(&c);
        set_esep(&c, v);
        for (int s2 = 0; s2 < N_SYM; s2++) {
            ec__sym_conj(&c, s2, &d);
            int v2 = get_esep(&d);
            if (v2 == v) esepStab[nEsepSym] |= (uint16_t)(1u << s2);
            if (esepSym[v2] == 0xffffffffu) esepSym[v2] = (uint32_t)nEsepSym << 4 | ec__symInv[s2];
        }
        nEsepSym++;
    }
    for (int i = 0; i < nEsepSym; i++)
        for (int m = 0; m < N_MOVES; m++) eMove[i * N_MOVES + m] = esepSym[esepMove[esepRep[i] * N_MOVES + m]];
    /* axes: the identity, then the cube seen after x and after z (R^-1 c R) */
    static const char *const rot[OPT_AXES] = {"", "x", "z"};
    for (int a = 0; a < OPT_AXES; a++) {
        char f[EC_FACELETS_SIZE];
        if (ec_facelets_apply(NULL, rot[a], f, sizeof f, NULL, 0)) return EC_E_INTERNAL;
        ec__cube_from_stickers(f, &axisRot[a]);
        ec_cube_inverse(&axisRot[a], &axisRotInv[a]);
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube t, u;
            ec_cube_multiply(&axisRotInv[a], ec__move_cube(m), &t);
            ec_cube_multiply(&t, &axisRot[a], &u);
            int found = -1;
            for (int m2 = 0; m2 < N_MOVES; m2++)
                if (!memcmp(&u, ec__move_cube(m2), sizeof u)) found = m2;
            if (found < 0) return EC_E_INTERNAL;
            axisMove[a][m] = (uint8_t)found;
        }
    }
    small_ready = 1;
    return EC_OK;
}

/* ---------------------------------------------------------------- indexing */

static inline int64_t corner_index(int cp, int tw)
{
    int y = ec__cpermSym[cp];
    return (int64_t)(y >> 4) * N_TWIST + twC[tw * N_SYM + (y & 15)];
}

/* ---------------------------------------------------------------- the corner table */

static int build_corner(uint8_t *t)
{
    memset(t, 0xff, (size_t)((N_CORNER_ENTRIES + 1) / 2));
    set_nib(t, corner_index(0, 0), 0);
    int64_t total = 1;
    for (int d = 0; total < N_CORNER_ENTRIES; d++) {
        int64_t added = 0;
        for (int c = 0; c < N_PERM_SYM; c++) {
            int cp = ec__cpermRep[c];
            for (int tw = 0; tw < N_TWIST; tw++) {
                int64_t i = (int64_t)c * N_TWIST + tw;
                if (nib(t, i) != d) continue;
                for (int m = 0; m < N_MOVES; m++) {
                    int cp2 = cpMove[cp * N_MOVES + m], tw2 = ec__twistMove[tw * N_MOVES + m];
                    int y = ec__cpermSym[cp2], c2 = y >> 4;
                    int t2 = twC[tw2 * N_SYM + (y & 15)];
                    int64_t j = (int64_t)c2 * N_TWIST + t2;
                    if (nib(t, j) != UNSET) continue;
                    set_nib(t, j, d + 1);
                    added++;
                    for (int u = 1; u < N_SYM; u++)
                        if (ec__cpermStab[c2] >> u & 1) {
                            int64_t k = (int64_t)c2 * N_TWIST + twC[t2 * N_SYM + u];
                            if (nib(t, k) == UNSET) {
                                set_nib(t, k, d + 1);
                                added++;
                            }
                        }
                }
            }
        }
        if (!added) return EC_E_INTERNAL;
        total += added;
    }
    return EC_OK;
}

/* ---------------------------------------------------------------- the big tables' build */

static const int level_xs[EC_OPTIMAL_LEVELS] = {2, 2}, level_nt[EC_OPTIMAL_LEVELS] = {1, 2};

static int64_t classes_of(int t) { return t ? nEsepSym : N_FS_SYM; }
static int64_t block_of(int t) { return (int64_t)(t ? N_BLOCK_B : N_TWIST) * T.xs; }

int ec_optimal_table_bytes(int level, int64_t *memory, int64_t *stored)
{
    if (level < 0 || level >= EC_OPTIMAL_LEVELS) return EC_E_RANGE;
    int rc = opt_init();
    if (rc) return rc;
    int64_t b = (N_CORNER_ENTRIES + 1) / 2 + ((int64_t)N_FS_SYM * N_TWIST * level_xs[level] + 3) / 4;
    if (level_nt[level] > 1) b += ((int64_t)nEsepSym * N_BLOCK_B * level_xs[level] + 3) / 4;
    if (memory) *memory = b;
    if (stored) *stored = b + HEADER_BYTES;
    return EC_OK;
}

int ec_optimal_table_free(void)
{
    free(T.big[0]);
    free(T.big[1]);
    free(T.corner);
    T.big[0] = T.big[1] = T.corner = NULL;
    T.level = -1;
    T.complete = 0;
    return EC_OK;
}

static int alloc_level(int level)
{
    if (level < 0 || level >= EC_OPTIMAL_LEVELS) return EC_E_RANGE;
    int rc = opt_init();
    if (rc) return rc;
    ec_optimal_table_free();
    T.xs = level_xs[level];
    T.nt = level_nt[level];
    T.corner_bytes = (N_CORNER_ENTRIES + 1) / 2;
    T.corner = malloc((size_t)T.corner_bytes);
    int ok = T.corner != NULL;
    for (int t = 0; t < 2; t++) {
        T.entries[t] = t < T.nt ? classes_of(t) * block_of(t) : 0;
        T.bytes[t] = (T.entries[t] + 3) / 4;
        if (t < T.nt && ok) ok = (T.big[t] = malloc((size_t)T.bytes[t])) != NULL;
    }
    if (!ok) {
        ec_optimal_table_free();
        return EC_E_NOMEM;
    }
    T.level = level;
    return EC_OK;
}

/* entry (cls, raw) of big table t, raw = the block offset of (twist, ccomb, x) */
static inline int64_t raw_b(int tw, int cc, int x) { return ((int64_t)tw * N_CCOMB + cc) * T.xs + x; }

/* set entry (class, tw, cc, x) of big table t and its stabiliser images to v (when unset) */
static int64_t set_big(int t, int cls, int tw, int cc, int x, int v)
{
    uint8_t *b = T.big[t];
    int64_t base = (int64_t)cls * block_of(t), n = 0;
    int64_t i = base + (t ? raw_b(tw, cc, x) : (int64_t)tw * T.xs + x);
    if (e2(b, i) == UNSET2) {
        set_e2(b, i, v);
        n++;
    }
    unsigned st = t ? esepStab[cls] : fsStab[cls];
    for (int u = 1; st >> u; u++)
        if (st >> u & 1) {
            int tw2 = twC[tw * N_SYM + u];
            int64_t k = base + (t ? raw_b(tw2, ccC[cc * N_SYM + u], x) : (int64_t)tw2 * T.xs + x);
            if (e2(b, k) == UNSET2) {
                set_e2(b, k, v);
                n++;
            }
        }
    return n;
}

static void start_table(int t)
{
    memset(T.big[t], 0xff, (size_t)T.bytes[t]);
    T.tb = t;
    if (t == 0) {
        uint32_t y = fsSym[SLICE_SOLVED * N_FLIP];
        T.set = set_big(0, (int)(y >> 4), twC[y & 15], 0, 0, 0);
    } else {
        ec_cube c;
        ec_cube_solved(&c);
        uint32_t y = esepSym[get_esep(&c)];
        T.set = set_big(1, (int)(y >> 4), twC[y & 15], ccC[get_ccomb(&c) * N_SYM + (y & 15)], 0, 0);
    }
    T.depth = 0;
    T.forward = 1;
    T.next = 0;
    T.pass_new = 0;
}

int ec_optimal_table_begin(int level)
{
    int rc = alloc_level(level);
    if (rc) return rc;
    rc = build_corner(T.corner);
    if (rc) {
        ec_optimal_table_free();
        return rc;
    }
    start_table(0);
    return EC_OK;
}

/* A block's entries at value v, as (twist, ccomb, x) triples packed in 32 bits. */
static int collect(int t, int c, int v, uint32_t *list)
{
    const uint8_t *b = T.big[t];
    int64_t base = c * block_of(t), nb = block_of(t);
    int n = 0;
    int per_tw = (t ? N_CCOMB : 1) * T.xs;
    for (int64_t i = 0; i < nb; i++) {
        int64_t j = base + i;
        if ((b[j >> 2] >> ((j & 3) << 1) & 3) != v) continue;
        int tw = (int)(i / per_tw), r = (int)(i % per_tw);
        list[n++] = (uint32_t)tw << 16 | (uint32_t)(r / T.xs) << 1 | (uint32_t)(r % T.xs);
    }
    return n;
}

/* the class coordinate of class c's representative after move m, in table t */
static inline uint32_t class_move(int t, int c, int m) { return t ? eMove[c * N_MOVES + m] : fsMove[c * N_MOVES + m]; }

/* forward: expand class c's entries at depth d (one thread: writes anywhere); entries at
 * d - 3, d - 6, ... read the same mod 3 and are expanded again, setting nothing (their
 * neighbours are all set) */
static int64_t forward_class(int t, int c, int d, uint32_t *list)
{
    int nl = collect(t, c, d % 3, list);
    if (!nl) return 0;
    int64_t n = 0;
    for (int m = 0; m < N_MOVES; m++) {
        uint32_t y = class_move(t, c, m);
        int c2 = (int)(y >> 4), s = (int)(y & 15);
        const uint16_t *tm = twMC + (m * N_SYM + s) * N_TWIST;
        const uint8_t *cm = ccMC + (m * N_SYM + s) * N_CCOMB;
        int q = T.xs > 1 && quarter(m);
        for (int k = 0; k < nl; k++) {
            uint32_t e = list[k];
            int tw = (int)(e >> 16), cc = (int)(e >> 1 & 127), x = (int)(e & 1);
            n += set_big(t, c2, tm[tw], t ? cm[cc] : 0, x ^ q, (d + 1) % 3);
        }
    }
    return n;
}

/* backward: each unset entry of class c looks for a neighbour at depth d (writes only c's);
 * an unset entry is at least d + 1 away, so a neighbour reading d mod 3 is at depth d */
static int64_t backward_class(int t, int c, int d, uint32_t *list)
{
    int nl = collect(t, c, UNSET2, list);
    if (!nl) return 0;
    uint8_t *b = T.big[t];
    int64_t base = c * block_of(t), n = 0, nb = block_of(t);
    for (int m = 0; m < N_MOVES && nl; m++) {
        uint32_t y = class_move(t, c, m);
        int64_t b2 = (int64_t)(y >> 4) * nb;
        int s = (int)(y & 15);
        const uint16_t *tm = twMC + (m * N_SYM + s) * N_TWIST;
        const uint8_t *cm = ccMC + (m * N_SYM + s) * N_CCOMB;
        int q = T.xs > 1 && quarter(m);
        for (int k = 0; k < nl;) {
            uint32_t e = list[k];
            int tw = (int)(e >> 16), cc = (int)(e >> 1 & 127), x = (int)(e & 1);
            int64_t j = b2 + (t ? raw_b(tm[tw], cm[cc], x ^ q) : (int64_t)tm[tw] * T.xs + (x ^ q));
            if ((b[j >> 2] >> ((j & 3) << 1) & 3) == d % 3) {
                set_e2(b, base + (t ? raw_b(tw, cc, x) : (int64_t)tw * T.xs + x), (d + 1) % 3);
                n++;
                list[k] = list[--nl];
            } else {
                k++;
            }
        }
    }
    return n;
}

static uint64_t checksum(const uint8_t *p, int64_t n, uint64_t h)
{
    /* 64-bit multiply-xorshift over 8-byte words, then the tail bytes */
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t parts_sum(int level, const uint8_t *corner, const uint8_t *const big[2], const int64_t bytes[2])
{
    uint64_t h = checksum(corner, (N_CORNER_ENTRIES + 1) / 2, 0x6576636f6f707431ull ^ (uint64_t)level);
    for (int t = 0; t < level_nt[level]; t++) h = checksum(big[t], bytes[t], h);
    return h;
}

int ec_optimal_table_pass(int *depth, int *classes, int *split)
{
    if (T.level < 0 || !T.corner) return EC_E_STATE;
    if (depth) *depth = T.depth + 1;
    if (classes) *classes = (int)classes_of(T.tb);
    if (split) *split = !T.forward;
    return T.complete ? EC_DONE : EC_RUNNING;
}

int ec_optimal_table_work(int c0, int c1)
{
    if (T.level < 0 || !T.corner || T.complete) return EC_E_STATE;
    if (c0 < 0 || c1 > classes_of(T.tb) || c0 > c1) return EC_E_RANGE;
    uint32_t *list = malloc(sizeof *list * (size_t)block_of(T.tb));
    if (!list) return EC_E_NOMEM;
    int64_t n = 0;
    for (int c = c0; c < c1; c++)
        n += T.forward ? forward_class(T.tb, c, T.depth, list) : backward_class(T.tb, c, T.depth, list);
    free(list);
    __atomic_fetch_add(&T.pass_new, n, __ATOMIC_RELAXED);
    return EC_OK;
}

int ec_optimal_table_pass_end(void)
{
    if (T.level < 0 || !T.corner) return EC_E_STATE;
    if (T.complete) return EC_DONE;
    T.set += T.pass_new;
    int64_t added = T.pass_new, unset = T.entries[T.tb] - T.set;
    T.pass_new = 0;
    T.next = 0;
    T.depth++;
    if (!unset) {
        if (T.tb + 1 < T.nt) {
            start_table(T.tb + 1);
            return EC_RUNNING;
        }
        T.complete = 1;
        T.sum = parts_sum(T.level, T.corner, (const uint8_t *const *)T.big, T.bytes);
        return EC_DONE;
    }
    if (!added || T.depth > 20) return EC_E_INTERNAL;
    /* forward costs ~18 writes per entry of the new layer, backward up to 18 reads per unset entry */
    T.forward = added * 6 < unset;
    return EC_RUNNING;
}

int ec_optimal_table_build_step(int work)
{
    if (T.level < 0 || !T.corner) return EC_E_STATE;
    if (T.complete) return EC_DONE;
    if (work < 1) return EC_E_RANGE;
    int64_t entries = (int64_t)work * 1024;
    while (entries > 0) {
        int nc = (int)classes_of(T.tb);
        int64_t per = block_of(T.tb);
        int64_t want = (entries + per - 1) / per;
        int end = T.next + want > nc ? nc : T.next + (int)want;
        int rc = ec_optimal_table_work(T.next, end);
        if (rc) return rc;
        entries -= (int64_t)(end - T.next) * per;
        T.next = end;
        if (T.next == nc) {
            rc = ec_optimal_table_pass_end();
            if (rc != EC_RUNNING) return rc;
        }
    }
    return EC_RUNNING;
}

int ec_optimal_table_progress(double *share, int *level)
{
    if (share) {
        double all = 0, done = 0;
        if (T.level >= 0 && T.corner) {
            for (int t = 0; t < T.nt; t++) {
                all += (double)T.entries[t];
                if (t < T.tb || T.complete) done += (double)T.entries[t];
            }
            if (!T.complete) done += (double)T.set;
        }
        *share = all > 0 ? done / all : 0;
    }
    if (level) *level = T.complete ? T.level : -1;
    return EC_OK;
}

int ec_optimal_table_checksum(uint64_t *sum)
{
    if (!sum) return EC_E_NULL;
    if (!T.complete) return EC_E_STATE;
    *sum = T.sum;
    return EC_OK;
}

/* the build id: the coordinates' definitions as numbers (a change of any changes the id) */
static uint64_t build_id(void)
{
    uint64_t v[] = {OPT_FORMAT, N_FS_SYM, N_TWIST, N_PERM_SYM, N_SLICE, N_FLIP, SLICE_SOLVED, fsRep[1], fsRep[N_FS_SYM - 1],
                    twC[1234 * N_SYM + 13], ec__cpermRep[N_PERM_SYM - 1], axisMove[1][0], axisMove[2][3],
                    (uint64_t)nEsepSym, esepRep[nEsepSym - 1], ccC[33 * N_SYM + 9], esepMove[12345 * N_MOVES + 7]};
    return checksum((const uint8_t *)v, (int64_t)sizeof v, 0x62756c6431ull);
}

static const char magic[16] = "EVOCUBE-OPTIMAL";

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

int ec_optimal_table_export(uint8_t *buf, int64_t size)
{
    if (!buf) return EC_E_NULL;
    if (!T.complete) return EC_E_STATE;
    int64_t stored = 0;
    ec_optimal_table_bytes(T.level, NULL, &stored);
    if (size < stored) return EC_E_BUFFER;
    memset(buf, 0, HEADER_BYTES);
    memcpy(buf, magic, 16);
    put64(buf + 16, OPT_FORMAT);
    put64(buf + 24, (uint64_t)T.level);
    put64(buf + 32, (uint64_t)T.corner_bytes);
    put64(buf + 40, (uint64_t)T.bytes[0]);
    put64(buf + 48, (uint64_t)T.bytes[1]);
    put64(buf + 56, build_id());
    put64(buf + 64, T.sum);
    uint8_t *p = buf + HEADER_BYTES;
    memcpy(p, T.corner, (size_t)T.corner_bytes);
    p += T.corner_bytes;
    for (int t = 0; t < T.nt; t++) {
        memcpy(p, T.big[t], (size_t)T.bytes[t]);
        p += T.bytes[t];
    }
    return EC_OK;
}

static int table_fail(char *msg, int msgsize, const char *why)
{
    if (msg && msgsize > 0) {
        strncpy(msg, why, (size_t)msgsize - 1);
        msg[msgsize - 1] = 0;
    }
    return EC_E_TABLE;
}

/* the header's checks (every field but the checksum, and the total size): the level, or a
 * negative status with msg */
static int check_header(const uint8_t *buf, int64_t size, char *msg, int msgsize)
{
    if (size < HEADER_BYTES) return table_fail(msg, msgsize, "the stored table is truncated: shorter than its header");
    if (memcmp(buf, magic, 16)) return table_fail(msg, msgsize, "not an optimal-search table (bad magic)");
    if (get64(buf + 16) != OPT_FORMAT) return table_fail(msg, msgsize, "the stored table has another format version");
    uint64_t level = get64(buf + 24);
    if (level >= EC_OPTIMAL_LEVELS) return table_fail(msg, msgsize, "the stored table names a level this build does not have");
    int rc = opt_init();
    if (rc) return rc;
    int64_t mem = 0, stored = 0, cb = (N_CORNER_ENTRIES + 1) / 2;
    ec_optimal_table_bytes((int)level, &mem, &stored);
    int64_t b0 = ((int64_t)N_FS_SYM * N_TWIST * level_xs[level] + 3) / 4, b1 = mem - cb - b0;
    if ((int64_t)get64(buf + 32) != cb || (int64_t)get64(buf + 40) != b0 || (int64_t)get64(buf + 48) != b1)
        return table_fail(msg, msgsize, "the stored table's sizes are not this build's");
    if (get64(buf + 56) != build_id()) return table_fail(msg, msgsize, "the stored table was written by another build");
    if (size < stored) return table_fail(msg, msgsize, "the stored table is truncated");
    if (size > stored) return table_fail(msg, msgsize, "the stored table has bytes after its end");
    return (int)level;
}

int ec_optimal_table_import(const uint8_t *buf, int64_t size, char *msg, int msgsize)
{
    if (!buf) return EC_E_NULL;
    int level = check_header(buf, size, msg, msgsize), rc;
    if (level < 0) return level;
    int64_t mem = 0, cb = (N_CORNER_ENTRIES + 1) / 2;
    ec_optimal_table_bytes(level, &mem, NULL);
    int64_t b0 = ((int64_t)N_FS_SYM * N_TWIST * level_xs[level] + 3) / 4, b1 = mem - cb - b0;
    const uint8_t *big[2] = {buf + HEADER_BYTES + cb, buf + HEADER_BYTES + cb + b0};
    int64_t bytes[2] = {b0, b1};
    uint64_t h = parts_sum(level, buf + HEADER_BYTES, big, bytes);
    if (h != get64(buf + 64)) return table_fail(msg, msgsize, "the stored table's checksum does not match: it is corrupted");
    if ((rc = alloc_level(level))) return rc;
    memcpy(T.corner, buf + HEADER_BYTES, (size_t)cb);
    for (int t = 0; t < T.nt; t++) memcpy(T.big[t], big[t], (size_t)bytes[t]);
    T.sum = h;
    T.tb = T.nt - 1;
    T.set = T.entries[T.tb];
    T.complete = 1;
    return EC_OK;
}

/* the streaming import's state: bytes after the header received so far, of `want` */
static struct {
    int active;
    int64_t got, want;
    uint64_t sum;
} I;

int ec_optimal_table_import_begin(const uint8_t *header, int64_t size, char *msg, int msgsize)
{
    if (!header) return EC_E_NULL;
    I.active = 0;
    int level = check_header(header, size, msg, msgsize), rc;
    if (level < 0) return level;
    if ((rc = alloc_level(level))) return rc; /* the table held before is freed first */
    I.active = 1;
    I.got = 0;
    I.want = size - HEADER_BYTES;
    I.sum = get64(header + 64);
    return EC_OK;
}

int ec_optimal_table_import_chunk(const uint8_t *data, int64_t n, char *msg, int msgsize)
{
    if (!data && n) return EC_E_NULL;
    if (!I.active) return EC_E_STATE;
    if (n < 0) return EC_E_RANGE;
    if (I.got + n > I.want) {
        I.active = 0;
        ec_optimal_table_free();
        return table_fail(msg, msgsize, "the stored table has bytes after its end");
    }
    /* the bytes after the header: corner table, then the big tables, in order */
    int64_t off = I.got;
    while (n > 0) {
        uint8_t *dst;
        int64_t room;
        if (off < T.corner_bytes) dst = T.corner + off, room = T.corner_bytes - off;
        else if (off < T.corner_bytes + T.bytes[0]) dst = T.big[0] + (off - T.corner_bytes), room = T.corner_bytes + T.bytes[0] - off;
        else dst = T.big[1] + (off - T.corner_bytes - T.bytes[0]), room = I.want - off;
        int64_t k = n < room ? n : room;
        memcpy(dst, data, (size_t)k);
        data += k, n -= k, off += k;
    }
    I.got = off;
    return EC_OK;
}

int ec_optimal_table_import_end(char *msg, int msgsize)
{
    if (!I.active) return EC_E_STATE;
    I.active = 0;
    if (I.got < I.want) {
        ec_optimal_table_free();
        return table_fail(msg, msgsize, "the stored table is truncated");
    }
    uint64_t h = parts_sum(T.level, T.corner, (const uint8_t *const *)T.big, T.bytes);
    if (h != I.sum) {
        ec_optimal_table_free();
        return table_fail(msg, msgsize, "the stored table's checksum does not match: it is corrupted");
    }
    T.sum = h;
    T.tb = T.nt - 1;
    T.set = T.entries[T.tb];
    T.complete = 1;
    return EC_OK;
}

/* ---------------------------------------------------------------- search */

int ec__opt_ready(void) { return T.complete; }

/* the class coordinate (class << 4 | s) of a raw FlipUDSlice after move m: the class's
 * representative turned by m's conjugate, its symmetry composed with s */
static inline uint32_t fs_move(uint32_t y, int m)
{
    uint32_t s = y & 15, z = fsMove[(y >> 4) * N_MOVES + symMoveC[s][m]];
    return (z & ~15u) | symCompose[z & 15][s];
}

static inline int64_t big_index_y(uint32_t y, int tw, int par)
{
    return ((int64_t)(y >> 4) * N_TWIST + twC[tw * N_SYM + (y & 15)]) * T.xs + (T.xs > 1 ? par : 0);
}

static inline uint32_t e_move(uint32_t y, int m)
{
    uint32_t s = y & 15, z = eMove[(y >> 4) * N_MOVES + symMoveC[s][m]];
    return (z & ~15u) | symCompose[z & 15][s];
}

static inline int64_t b_index_y(uint32_t y, int tw, int cc, int par)
{
    int s = (int)(y & 15);
    return (((int64_t)(y >> 4) * N_TWIST + twC[tw * N_SYM + s]) * N_CCOMB + ccC[cc * N_SYM + s]) * T.xs +
           (T.xs > 1 ? par : 0);
}

/* The exact distance of a big-table entry from its value mod 3: a walk over the raw
 * coordinates of the axis view v, each step to a neighbour one closer (value - 1 mod 3;
 * a neighbour is at most one farther or closer, so that one is one closer), until the solved
 * coset. At most 13 steps of 18 neighbours. */
static int exact_walk(int t, const ec_cube *v, int par)
{
    int fl = ec__get_flip(v), sl = ec__get_slice(v), tw = ec__get_twist(v), es = get_esep(v), cc = get_ccomb(v);
    ec_cube o;
    ec_cube_solved(&o);
    const int es0 = get_esep(&o), cc0 = get_ccomb(&o);
#define ENTRY(FL, SL, TW, ES, CC, P)                                                                              \
    (t ? e2(T.big[1], b_index_y(esepSym[ES], TW, CC, P)) : e2(T.big[0], big_index_y(fsSym[(SL) * N_FLIP + (FL)], TW, P)))
    int v3 = ENTRY(fl, sl, tw, es, cc, par), d = 0;
    for (;;) {
        int solved = tw == 0 && par == 0 && (t ? es == es0 && cc == cc0 : fl == 0 && sl == SLICE_SOLVED);
        if (solved) return v3 == 0 ? d : -1;
        if (d > 20) return -1;
        int m = 0;
        for (; m < N_MOVES; m++) {
            int fl2 = ec__flipMove[fl * N_MOVES + m], sl2 = ec__sliceMove[sl * N_MOVES + m];
            int tw2 = ec__twistMove[tw * N_MOVES + m], es2 = esepMove[es * N_MOVES + m], cc2 = ccMove[cc * N_MOVES + m];
            int p2 = par ^ quarter(m);
            if (ENTRY(fl2, sl2, tw2, es2, cc2, p2) == (v3 + 2) % 3) {
                fl = fl2, sl = sl2, tw = tw2, es = es2, cc = cc2, par = p2;
                v3 = (v3 + 2) % 3;
                d++;
                break;
            }
        }
        if (m == N_MOVES) return -1;
    }
#undef ENTRY
}

/* the cube's coordinates on the three axes into level k of s, and its exact big-table
 * distances; -1 when a walk fails (a table that is not the build's: EC_E_INTERNAL) */
static int set_level(opt_search *s, int k, const ec_cube *c)
{
    s->cp[k] = (uint16_t)ec__get_cperm(c);
    s->par[k] = (uint8_t)ec__parity(c->cp, 8);
    int ok = 1;
    for (int a = 0; a < OPT_AXES; a++) {
        ec_cube t, v;
        ec_cube_multiply(&axisRotInv[a], c, &t);
        ec_cube_multiply(&t, &axisRot[a], &v);
        s->fs[k][a] = fsSym[ec__get_slice(&v) * N_FLIP + ec__get_flip(&v)];
        s->tw[k][a] = (uint16_t)ec__get_twist(&v);
        s->es[k][a] = esepSym[get_esep(&v)];
        s->cc[k][a] = (uint8_t)get_ccomb(&v);
        for (int t2 = 0; t2 < T.nt; t2++) {
            int h = exact_walk(t2, &v, s->par[k]);
            if (h < 0) ok = 0;
            s->hx[k][t2 * OPT_AXES + a] = (uint8_t)(h < 0 ? 0 : h);
        }
    }
    return ok ? 0 : -1;
}

static int bound_level(const opt_search *s, int k)
{
    int h = nib(T.corner, corner_index(s->cp[k], s->tw[k][0]));
    for (int i = 0; i < T.nt * OPT_AXES; i++)
        if (s->hx[k][i] > h) h = s->hx[k][i];
    return h;
}

int ec__opt_bound(const ec_cube *c)
{
    if (!T.complete) return EC_E_STATE;
    opt_search s;
    if (set_level(&s, 0, c)) return EC_E_INTERNAL;
    return bound_level(&s, 0);
}

/* exact distance of a child's entry from its value mod 3 and its parent's exact distance */
static inline int from_mod3(int parent, int v3) { return parent + (v3 - parent % 3 + 4) % 3 - 1; }

/* Level k's children: every move that may follow the level's last. First the corner and fs
 * tables' entries of all of them are worked out and prefetched; then read (their exact
 * distances kept), and only a child they do not prune gets its esep entries worked out and
 * prefetched, read when the run reaches it. */
static void expand(opt_search *s, int k)
{
    int prev = k ? s->path[k - 1] : s->nprefix ? s->prefix[s->nprefix - 1] : -1;
    opt_child *ch = s->ch[k];
    int n = 0, left = s->depth - k - 1;
    for (int m = 0; m < N_MOVES; m++) {
        if (!ec__move_follows(prev, m)) continue;
        opt_child *c = &ch[n++];
        c->m = (uint8_t)m;
        c->par = (uint8_t)(s->par[k] ^ quarter(m));
        c->cp = cpMove[s->cp[k] * N_MOVES + m];
        c->cidx = corner_index(c->cp, ec__twistMove[s->tw[k][0] * N_MOVES + axisMove[0][m]]);
        __builtin_prefetch(T.corner + (c->cidx >> 1));
        for (int a = 0; a < OPT_AXES; a++) {
            int ma = axisMove[a][m];
            c->fs[a] = fs_move(s->fs[k][a], ma);
            c->tw[a] = ec__twistMove[s->tw[k][a] * N_MOVES + ma];
            c->idx[a] = big_index_y(c->fs[a], c->tw[a], c->par);
            __builtin_prefetch(T.big[0] + (c->idx[a] >> 2));
        }
    }
    s->nch[k] = (uint8_t)n;
    s->mv[k] = 0;
    for (int i = 0; i < n; i++) {
        opt_child *c = &ch[i];
        int over = nib(T.corner, c->cidx) > left;
        for (int a = 0; a < OPT_AXES; a++) {
            int h = from_mod3(s->hx[k][a], e2(T.big[0], c->idx[a]));
            c->hx[a] = (uint8_t)h;
            over |= h > left;
        }
        c->pruned = (uint8_t)over;
        if (over || T.nt < 2) continue;
        int m = c->m;
        for (int a = 0; a < OPT_AXES; a++) {
            int ma = axisMove[a][m];
            c->es[a] = e_move(s->es[k][a], ma);
            c->cc[a] = ccMove[s->cc[k][a] * N_MOVES + ma];
            c->idx[OPT_AXES + a] = b_index_y(c->es[a], c->tw[a], c->cc[a], c->par);
            __builtin_prefetch(T.big[1] + (c->idx[OPT_AXES + a] >> 2));
        }
    }
}

int ec__opt_search_init(opt_search *s, const ec_cube *c, const uint8_t *prefix, int np, int depth)
{
    if (!T.complete) return EC_E_STATE;
    if (np < 0 || depth < 0 || np + depth > OPT_MAX_DEPTH) return EC_E_RANGE;
    int64_t nodes = s->nodes;
    memset(s, 0, sizeof *s);
    s->nodes = nodes;
    s->start = *c;
    for (int i = 0; i < np; i++) {
        if (prefix[i] >= N_MOVES) return EC_E_RANGE;
        ec_cube_move(&s->start, prefix[i]);
        s->prefix[i] = prefix[i];
    }
    s->nprefix = np;
    s->depth = depth;
    if (set_level(s, 0, &s->start)) return EC_E_INTERNAL;
    s->k = 0;
    if (bound_level(s, 0) > depth) s->done = 1;
    else if (depth == 0) {
        s->done = 1;
        s->found = ec_cube_is_solved(&s->start);
    } else {
        expand(s, 0);
    }
    return EC_OK;
}

static int leaf_solves(const opt_search *s)
{
    ec_cube c = s->start;
    for (int i = 0; i < s->depth; i++) ec_cube_move(&c, s->path[i]);
    return ec_cube_is_solved(&c);
}

int ec__opt_search_run(opt_search *s, int64_t end)
{
    if (s->done) return 1;
    const int L = s->depth;
    int k = s->k;
    int64_t nodes = s->nodes;
    while (nodes < end) {
        int i = s->mv[k];
        if (i >= s->nch[k]) {
            if (k == 0) {
                s->done = 1;
                break;
            }
            k--;
            continue;
        }
        s->mv[k] = (uint8_t)(i + 1);
        const opt_child *c = &s->ch[k][i];
        nodes++;
        int left = L - k - 1;
        if (c->pruned) continue;
        uint8_t hx[2 * OPT_AXES];
        int over = 0, np = T.nt * OPT_AXES;
        for (int p = 0; p < OPT_AXES; p++) hx[p] = c->hx[p];
        for (int p = OPT_AXES; p < np; p++) {
            int h = from_mod3(s->hx[k][p], e2(T.big[1], c->idx[p]));
            hx[p] = (uint8_t)h;
            over |= h > left;
        }
        if (over) continue;
        s->path[k] = c->m;
        if (left == 0) {
            if (leaf_solves(s)) {
                s->found = 1;
                s->done = 1;
                break;
            }
            continue;
        }
        int k1 = k + 1;
        s->cp[k1] = c->cp;
        s->par[k1] = c->par;
        for (int a = 0; a < OPT_AXES; a++) {
            s->fs[k1][a] = c->fs[a];
            s->tw[k1][a] = c->tw[a];
            s->es[k1][a] = c->es[a];
            s->cc[k1][a] = c->cc[a];
        }
        for (int p = 0; p < np; p++) {
            s->hx[k1][p] = hx[p];
        }
        k = k1;
        expand(s, k);
    }
    s->k = k;
    s->nodes = nodes;
    return s->done;
}

/* ---------------------------------------------------------------- the distance call */

int ec_optimal_distance(const ec_cube *c, int64_t budget, int *len, uint8_t *moves, int cap)
{
    if (!c || !len) return EC_E_NULL;
    if (budget == 0 || budget < -1) return EC_E_RANGE;
    int rc = ec_cube_check(c, NULL, 0);
    if (rc) return rc;
    if (!T.complete) return EC_E_STATE;
    opt_search s;
    s.nodes = 0;
    int d = ec__opt_bound(c);
    for (;; d++) {
        if (d > 20) return EC_E_INTERNAL; /* every cube is within 20 face turns */
        if ((rc = ec__opt_search_init(&s, c, NULL, 0, d))) return rc;
        int64_t end = budget < 0 ? INT64_MAX : budget;
        if (!ec__opt_search_run(&s, end)) {
            *len = d;
            return EC_BOUND;
        }
        if (s.found) break;
    }
    *len = d;
    if (moves) {
        if (cap < d) return EC_E_BUFFER;
        memcpy(moves, s.path, (size_t)d);
    }
    return EC_OK;
}
