/*
 * optimal_coords.c - the optimal search's small tables (layout and costs: optimal.h): the
 * coordinates of its pattern tables, their move and symmetry tables, the axis rotations.
 * optimal.c (the big tables' build), optimal_hc.c (the hc table's own small tables),
 * optimal_store.c and optimal_search.c read them through optimal_tables.h; this file calls
 * none of them.
 *
 * Built by ec__opt_coords_init once per process (0.21 s of CPU natively, 12.8 MB; those
 * shared through optimal_tables.h carry the ec__opt_ prefix):
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
 * cpermSym (the same conjugation). Every table of the search, these and the big ones, is
 * allocated by this file's ec__opt_table_alloc.
 */
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#define _DEFAULT_SOURCE /* madvise, posix_memalign */
#include <sys/mman.h>
#endif
#include "search/optimal_tables.h"

#include <stdlib.h>
#include <string.h>

/* A table's memory (released by free): on Linux, from 512 KB up, rounded up to whole 2 MB
 * pages, aligned to them and marked for transparent huge pages, since a search's probes land
 * on random pages of hundreds of MB (the big tables) or of a few MB (the move and conjugation
 * tables, optimal_coords.c, optimal_hc.c, optimal_h48.c) and each 4 KB page's translation
 * would be a miss of its own; elsewhere (wasm) plain malloc. */
void *ec__opt_table_alloc(int64_t n)
{
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
    const size_t huge = (size_t)2 << 20;
    if ((size_t)n >= huge / 4) {
        void *p = NULL;
        size_t r = ((size_t)n + huge - 1) & ~(huge - 1);
        if (posix_memalign(&p, huge, r)) return NULL;
        (void)madvise(p, r, MADV_HUGEPAGE); /* a hint: refused, the pages stay small */
        return p;
    }
#endif
    return malloc((size_t)n);
}


uint32_t *ec__opt_fsSym;
uint32_t ec__opt_fsRep[N_FS_SYM];
uint16_t ec__opt_fsStab[N_FS_SYM];
static uint16_t sliceC[N_SLICE * N_SYM];
static uint16_t flipLlo[N_SYM][64], flipLhi[N_SYM][32], flipM[N_SYM][N_SLICE];
uint16_t ec__opt_twC[N_TWIST * N_SYM];
uint16_t *ec__opt_twMC;
uint16_t *ec__opt_cpMove;
uint32_t *ec__opt_fsMove;
uint8_t ec__opt_symMoveC[N_SYM][N_MOVES];
uint8_t ec__opt_symCompose[N_SYM][N_SYM];
/* the second table's coordinates: esep = slice * 70 + the M-slice edges' places among the
 * 8 slots without an E-slice edge (UF UB DF DB; colex rank); ccomb = the places of the
 * U-layer corners (URF UFL ULB UBR; colex rank of the 4 of 8 slots) */
uint16_t *ec__opt_esepMove;
uint32_t ec__opt_esepSym[N_ESEP];
uint16_t ec__opt_esepRep[N_ESEP_SYM_MAX];
uint16_t ec__opt_esepStab[N_ESEP_SYM_MAX];
uint32_t *ec__opt_eMove;
int ec__opt_nEsepSym;
uint8_t ec__opt_ccMove[N_CCOMB * N_MOVES], ec__opt_ccC[N_CCOMB * N_SYM];
uint8_t ec__opt_ccMC[N_MOVES * N_SYM * N_CCOMB]; /* ccC after move m */
uint8_t ec__opt_axisMove[OPT_AXES][N_MOVES];
ec_cube ec__opt_axisRot[OPT_AXES], ec__opt_axisRotInv[OPT_AXES];
static int small_ready;



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

int ec__opt_get_esep(const ec_cube *c)
{
    int in[8], j = 0;
    for (int i = 0; i < 12; i++)
        if (c->ep[i] < 8) in[j++] = is_m_edge(c->ep[i]);
    return ec__get_slice(c) * 70 + rank4(in, 8);
}
void ec__opt_set_esep(ec_cube *c, int v)
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
int ec__opt_get_ccomb(const ec_cube *c)
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

int ec__opt_coords_init(void)
{
    if (small_ready) return EC_OK;
    int rc = ec__coord_init();
    if (!rc) rc = ec__symmetry_init();
    if (rc) return rc;
    if (!ec__opt_fsSym) ec__opt_fsSym = ec__opt_table_alloc(sizeof *ec__opt_fsSym * N_FS);
    if (!ec__opt_twMC) ec__opt_twMC = ec__opt_table_alloc(sizeof *ec__opt_twMC * N_MOVES * N_SYM * N_TWIST);
    if (!ec__opt_cpMove) ec__opt_cpMove = ec__opt_table_alloc(sizeof *ec__opt_cpMove * N_PERM8 * N_MOVES);
    if (!ec__opt_fsMove) ec__opt_fsMove = ec__opt_table_alloc(sizeof *ec__opt_fsMove * N_FS_SYM * N_MOVES);
    if (!ec__opt_esepMove) ec__opt_esepMove = ec__opt_table_alloc(sizeof *ec__opt_esepMove * N_ESEP * N_MOVES);
    if (!ec__opt_eMove) ec__opt_eMove = ec__opt_table_alloc(sizeof *ec__opt_eMove * N_ESEP_SYM_MAX * N_MOVES);
    if (!ec__opt_fsSym || !ec__opt_twMC || !ec__opt_cpMove || !ec__opt_fsMove || !ec__opt_esepMove || !ec__opt_eMove) return EC_E_NOMEM;
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
            ec__opt_twC[t * N_SYM + s] = (uint16_t)ec__get_twist(&d);
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
    memset(ec__opt_fsSym, 0xff, sizeof *ec__opt_fsSym * N_FS);
    int n = 0;
    for (int r = 0; r < N_FS; r++) {
        if (ec__opt_fsSym[r] != 0xffffffffu) continue;
        if (n >= N_FS_SYM) return EC_E_INTERNAL;
        ec__opt_fsRep[n] = (uint32_t)r;
        ec__opt_fsStab[n] = 0;
        for (int s = 0; s < N_SYM; s++) {
            int s2, f2;
            fs_conj(r / N_FLIP, r % N_FLIP, s, &s2, &f2);
            int r2 = s2 * N_FLIP + f2;
            if (r2 == r) ec__opt_fsStab[n] |= (uint16_t)(1u << s);
            if (ec__opt_fsSym[r2] == 0xffffffffu) ec__opt_fsSym[r2] = (uint32_t)n << 4 | ec__symInv[s];
        }
        n++;
    }
    if (n != N_FS_SYM) return EC_E_INTERNAL;
    for (int i = 0; i < N_FS_SYM; i++) {
        int sl = (int)(ec__opt_fsRep[i] / N_FLIP), fl = (int)(ec__opt_fsRep[i] % N_FLIP);
        for (int m = 0; m < N_MOVES; m++)
            ec__opt_fsMove[i * N_MOVES + m] = ec__opt_fsSym[ec__sliceMove[sl * N_MOVES + m] * N_FLIP + ec__flipMove[fl * N_MOVES + m]];
    }
    /* conjugated face turns and the composition of conjugations, from the cubie model */
    for (int s = 0; s < N_SYM; s++)
        for (int m = 0; m < N_MOVES; m++) {
            ec__sym_conj(ec__move_cube(m), s, &d);
            int found = -1;
            for (int m2 = 0; m2 < N_MOVES; m2++)
                if (!memcmp(&d, ec__move_cube(m2), sizeof d)) found = m2;
            if (found < 0) return EC_E_INTERNAL;
            ec__opt_symMoveC[s][m] = (uint8_t)found;
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
            ec__opt_symCompose[a][b] = (uint8_t)found;
        }
    for (int m = 0; m < N_MOVES; m++)
        for (int s = 0; s < N_SYM; s++)
            for (int t = 0; t < N_TWIST; t++) ec__opt_twMC[(m * N_SYM + s) * N_TWIST + t] = ec__opt_twC[ec__twistMove[t * N_MOVES + m] * N_SYM + s];
    for (int p = 0; p < N_PERM8; p++) {
        ec_cube_solved(&c);
        ec__set_cperm(&c, p);
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            ec__opt_cpMove[p * N_MOVES + m] = (uint16_t)ec__get_cperm(&d);
        }
    }
    /* the second table's coordinates: move tables, conjugation, esep classes */
    for (int v = 0; v < N_ESEP; v++) {
        ec_cube_solved(&c);
        ec__opt_set_esep(&c, v);
        if (ec__opt_get_esep(&c) != v) return EC_E_INTERNAL;
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            ec__opt_esepMove[v * N_MOVES + m] = (uint16_t)ec__opt_get_esep(&d);
        }
    }
    for (int v = 0; v < N_CCOMB; v++) {
        ec_cube_solved(&c);
        set_ccomb(&c, v);
        if (ec__opt_get_ccomb(&c) != v) return EC_E_INTERNAL;
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube_multiply(&c, ec__move_cube(m), &d);
            ec__opt_ccMove[v * N_MOVES + m] = (uint8_t)ec__opt_get_ccomb(&d);
        }
        for (int s2 = 0; s2 < N_SYM; s2++) {
            ec__sym_conj(&c, s2, &d);
            ec__opt_ccC[v * N_SYM + s2] = (uint8_t)ec__opt_get_ccomb(&d);
        }
    }
    for (int m = 0; m < N_MOVES; m++)
        for (int s2 = 0; s2 < N_SYM; s2++)
            for (int v = 0; v < N_CCOMB; v++) ec__opt_ccMC[(m * N_SYM + s2) * N_CCOMB + v] = ec__opt_ccC[ec__opt_ccMove[v * N_MOVES + m] * N_SYM + s2];
    for (int v = 0; v < N_ESEP; v++) ec__opt_esepSym[v] = 0xffffffffu;
    ec__opt_nEsepSym = 0;
    for (int v = 0; v < N_ESEP; v++) {
        if (ec__opt_esepSym[v] != 0xffffffffu) continue;
        if (ec__opt_nEsepSym >= N_ESEP_SYM_MAX) return EC_E_INTERNAL;
        ec__opt_esepRep[ec__opt_nEsepSym] = (uint16_t)v;
        ec__opt_esepStab[ec__opt_nEsepSym] = 0;
        ec_cube_solved(&c);
        ec__opt_set_esep(&c, v);
        for (int s2 = 0; s2 < N_SYM; s2++) {
            ec__sym_conj(&c, s2, &d);
            int v2 = ec__opt_get_esep(&d);
            if (v2 == v) ec__opt_esepStab[ec__opt_nEsepSym] |= (uint16_t)(1u << s2);
            if (ec__opt_esepSym[v2] == 0xffffffffu) ec__opt_esepSym[v2] = (uint32_t)ec__opt_nEsepSym << 4 | ec__symInv[s2];
        }
        ec__opt_nEsepSym++;
    }
    for (int i = 0; i < ec__opt_nEsepSym; i++)
        for (int m = 0; m < N_MOVES; m++) ec__opt_eMove[i * N_MOVES + m] = ec__opt_esepSym[ec__opt_esepMove[ec__opt_esepRep[i] * N_MOVES + m]];
    /* axes: the identity, then the cube seen after x and after z (R^-1 c R) */
    static const char *const rot[OPT_AXES] = {"", "x", "z"};
    for (int a = 0; a < OPT_AXES; a++) {
        char f[EC_FACELETS_SIZE];
        if (ec_facelets_apply(NULL, rot[a], f, sizeof f, NULL, 0)) return EC_E_INTERNAL;
        ec__cube_from_stickers(f, &ec__opt_axisRot[a]);
        ec_cube_inverse(&ec__opt_axisRot[a], &ec__opt_axisRotInv[a]);
        for (int m = 0; m < N_MOVES; m++) {
            ec_cube t, u;
            ec_cube_multiply(&ec__opt_axisRotInv[a], ec__move_cube(m), &t);
            ec_cube_multiply(&t, &ec__opt_axisRot[a], &u);
            int found = -1;
            for (int m2 = 0; m2 < N_MOVES; m2++)
                if (!memcmp(&u, ec__move_cube(m2), sizeof u)) found = m2;
            if (found < 0) return EC_E_INTERNAL;
            ec__opt_axisMove[a][m] = (uint8_t)found;
        }
    }
    small_ready = 1;
    return EC_OK;
}
