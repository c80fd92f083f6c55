/*
 * optimal_hc.c - the optimal search's third big table (layout and costs: optimal.h): the
 * corners modulo the half-turn group, times the edges' separation into the three slices,
 * reduced by all 48 symmetries of the cube; its small tables and its build's per-class steps.
 *
 * Coordinates:
 *   hp    the corner permutation modulo the corner permutations of the half-turn group
 *         <U2, D2, R2, L2, F2, B2> (96 of them, acting by relabelling the pieces: h * c):
 *         40320 / 96 = 420 cosets (hpOf[cperm], hpMove[hp * 18 + m]); it fixes which tetrad
 *         each corner slot holds and the permutation's parity, and more.
 *   hc    twist * 420 + hp: the corners' coset of the half-turn group, 918,540 values. The
 *         half-turn group is mapped to itself by every symmetry of the cube, so conjugation
 *         acts on these cosets; hcSym[hc] = class << 6 | j with conj_j(hc) = the class's
 *         representative (its smallest member); nHcSym classes (hcRep, hcStab: a 48-bit
 *         mask), hcMove[class * 18 + m] the class coordinate of the representative after m.
 *   esep  (optimal.c) which slice each edge slot's edge belongs to: 34,650 values;
 *         esepC48[esep * 48 + j] its conjugate by symmetry j.
 *   Symmetry j = 16 * a + s: conj_j(c) = S_s (A_a^-1 c A_a) S_s^-1, A_a the whole-cube
 *   rotation of axis a (optimal.c), S_s symmetry.h's; sym48Move[j][m] = conj_j(face turn m),
 *   sym48Compose[a][b]: conj_a(conj_b(x)) = conj_[a][b](x); sym48Inv.
 * The table: entry (class, esep') = the distance of a cube whose corners' coset is the
 * class's representative and whose separation is esep' to the coset of the half-turn group's
 * corners with every edge in its own slice; index class * 34650 + esep'; 2 bits an entry
 * (distance mod 3, as the other big tables); built by the same breadth-first passes, block =
 * one class (its entries related by the class's stabiliser set together).
 * Costs: ec__opt_hc_init ~0.2 s of CPU natively, 8.6 MB (hcSym 3.7 MB, esepC48 3.3 MB,
 * hcMove 1.4 MB).
 */
#include "search/optimal_tables.h"

#include <stdlib.h>
#include <string.h>

uint16_t ec__opt_hpOf[N_PERM8];
uint16_t ec__opt_hpMove[N_HPERM * N_MOVES];
static uint16_t hpRep[N_HPERM];
uint32_t *ec__opt_hcSym;
uint32_t *ec__opt_hcMove;
static uint32_t hcRep[N_HC_SYM_MAX];
uint64_t ec__opt_hcStab[N_HC_SYM_MAX];
int ec__opt_nHcSym;
uint16_t *ec__opt_esepC48;
uint8_t ec__opt_sym48Move[N_SYM48][N_MOVES], ec__opt_sym48Compose[N_SYM48][N_SYM48], ec__opt_sym48Inv[N_SYM48];

void ec__opt_conj48(const ec_cube *c, int j, ec_cube *out)
{
    ec_cube t, v;
    ec_cube_multiply(&ec__opt_axisRotInv[j >> 4], c, &t);
    ec_cube_multiply(&t, &ec__opt_axisRot[j >> 4], &v);
    ec__sym_conj(&v, j & 15, out);
}

int ec__opt_get_hc(const ec_cube *c) { return ec__get_twist(c) * N_HPERM + ec__opt_hpOf[ec__get_cperm(c)]; }

static void set_hc(ec_cube *c, int v)
{
    ec__set_twist(c, v / N_HPERM);
    ec__set_cperm(c, hpRep[v % N_HPERM]);
}

int ec__opt_hc_init(void)
{
    if (!ec__opt_hcSym) ec__opt_hcSym = ec__opt_table_alloc(sizeof *ec__opt_hcSym * N_HC);
    if (!ec__opt_hcMove) ec__opt_hcMove = ec__opt_table_alloc(sizeof *ec__opt_hcMove * N_HC_SYM_MAX * N_MOVES);
    if (!ec__opt_esepC48) ec__opt_esepC48 = ec__opt_table_alloc(sizeof *ec__opt_esepC48 * N_ESEP * N_SYM48);
    if (!ec__opt_hcSym || !ec__opt_hcMove || !ec__opt_esepC48) return EC_E_NOMEM;
    ec_cube c, d, x;
    /* the half-turn group's corner permutations: closure of the solved cube under half turns */
    static uint16_t group[96];
    int ng = 1, seen_n = 0;
    group[0] = 0;
    while (seen_n < ng) {
        ec_cube_solved(&c);
        ec__set_cperm(&c, group[seen_n++]);
        for (int f = 0; f < 6; f++) {
            ec_cube_multiply(&c, ec__move_cube(f * 3 + 1), &d);
            int p = ec__get_cperm(&d), k = 0;
            while (k < ng && group[k] != p) k++;
            if (k < ng) continue;
            if (ng == 96) return EC_E_INTERNAL;
            group[ng++] = (uint16_t)p;
        }
    }
    if (ng != 96) return EC_E_INTERNAL;
    /* cosets h * c: the smallest permutation of each is its representative */
    for (int p = 0; p < N_PERM8; p++) ec__opt_hpOf[p] = 0xffff;
    int n = 0;
    for (int p = 0; p < N_PERM8; p++) {
        if (ec__opt_hpOf[p] != 0xffff) continue;
        if (n == N_HPERM) return EC_E_INTERNAL;
        ec_cube_solved(&c);
        ec__set_cperm(&c, p);
        hpRep[n] = (uint16_t)p;
        for (int g = 0; g < ng; g++) {
            ec_cube_solved(&x);
            ec__set_cperm(&x, group[g]);
            ec_cube_multiply(&x, &c, &d);
            ec__opt_hpOf[ec__get_cperm(&d)] = (uint16_t)n;
        }
        n++;
    }
    if (n != N_HPERM) return EC_E_INTERNAL;
    for (int h = 0; h < N_HPERM; h++)
        for (int m = 0; m < N_MOVES; m++) ec__opt_hpMove[h * N_MOVES + m] = ec__opt_hpOf[ec__opt_cpMove[hpRep[h] * N_MOVES + m]];
    /* the 48 symmetries: distinct, their face turns, composition and inverses */
    if (ec_random_state(4242, &x)) return EC_E_INTERNAL;
    static ec_cube img[N_SYM48];
    for (int j = 0; j < N_SYM48; j++) {
        ec__opt_conj48(&x, j, &img[j]);
        for (int i = 0; i < j; i++)
            if (!memcmp(&img[i], &img[j], sizeof x)) return EC_E_INTERNAL;
        for (int m = 0; m < N_MOVES; m++) {
            ec__opt_conj48(ec__move_cube(m), j, &d);
            int found = -1;
            for (int m2 = 0; m2 < N_MOVES; m2++)
                if (!memcmp(&d, ec__move_cube(m2), sizeof d)) found = m2;
            if (found < 0) return EC_E_INTERNAL;
            ec__opt_sym48Move[j][m] = (uint8_t)found;
        }
    }
    for (int a = 0; a < N_SYM48; a++)
        for (int b = 0; b < N_SYM48; b++) {
            ec__opt_conj48(&img[b], a, &d);
            int found = -1;
            for (int k = 0; k < N_SYM48; k++)
                if (!memcmp(&img[k], &d, sizeof d)) found = k;
            if (found < 0) return EC_E_INTERNAL;
            ec__opt_sym48Compose[a][b] = (uint8_t)found;
            if (found == 0) ec__opt_sym48Inv[a] = (uint8_t)b;
        }
    /* esep's conjugates */
    for (int v = 0; v < N_ESEP; v++) {
        ec_cube_solved(&c);
        ec__opt_set_esep(&c, v);
        for (int j = 0; j < N_SYM48; j++) {
            ec__opt_conj48(&c, j, &d);
            ec__opt_esepC48[v * N_SYM48 + j] = (uint16_t)ec__opt_get_esep(&d);
        }
    }
    /* the corners' cosets' classes */
    for (int r = 0; r < N_HC; r++) ec__opt_hcSym[r] = 0xffffffffu;
    n = 0;
    for (int r = 0; r < N_HC; r++) {
        if (ec__opt_hcSym[r] != 0xffffffffu) continue;
        if (n == N_HC_SYM_MAX) return EC_E_INTERNAL;
        ec_cube_solved(&c);
        set_hc(&c, r);
        hcRep[n] = (uint32_t)r;
        ec__opt_hcStab[n] = 0;
        for (int j = 0; j < N_SYM48; j++) {
            ec__opt_conj48(&c, j, &d);
            int r2 = ec__opt_get_hc(&d);
            if (r2 == r) ec__opt_hcStab[n] |= 1ull << j;
            if (ec__opt_hcSym[r2] == 0xffffffffu) ec__opt_hcSym[r2] = (uint32_t)n << 6 | ec__opt_sym48Inv[j];
        }
        n++;
    }
    ec__opt_nHcSym = n;
    for (int k = 0; k < n; k++) {
        int tw = (int)(hcRep[k] / N_HPERM), hp = (int)(hcRep[k] % N_HPERM);
        for (int m = 0; m < N_MOVES; m++)
            ec__opt_hcMove[k * N_MOVES + m] = ec__opt_hcSym[ec__twistMove[tw * N_MOVES + m] * N_HPERM + ec__opt_hpMove[hp * N_MOVES + m]];
    }
    return EC_OK;
}

/* ---------------------------------------------------------------- the build's steps */

int64_t ec__opt_hc_set(uint8_t *b, int cls, int e, int v)
{
    int64_t base = (int64_t)cls * N_ESEP, n = 0;
    if (e2(b, base + e) == UNSET2) {
        set_e2(b, base + e, v);
        n++;
    }
    uint64_t st = ec__opt_hcStab[cls];
    for (int u = 1; st >> u; u++)
        if (st >> u & 1) {
            int64_t k = base + ec__opt_esepC48[e * N_SYM48 + u];
            if (e2(b, k) == UNSET2) {
                set_e2(b, k, v);
                n++;
            }
        }
    return n;
}

int64_t ec__opt_hc_start(uint8_t *b)
{
    ec_cube c;
    ec_cube_solved(&c);
    uint32_t y = ec__opt_hcSym[ec__opt_get_hc(&c)];
    return ec__opt_hc_set(b, (int)(y >> 6), ec__opt_esepC48[ec__opt_get_esep(&c) * N_SYM48 + (y & 63)], 0);
}

/* class c's entries at value v (esep values) into list; their count */
static int collect_hc(const uint8_t *b, int c, int v, uint16_t *list)
{
    int64_t base = (int64_t)c * N_ESEP;
    int n = 0;
    for (int e = 0; e < N_ESEP; e++)
        if (e2(b, base + e) == v) list[n++] = (uint16_t)e;
    return n;
}

int64_t ec__opt_hc_forward(uint8_t *b, int c, int d, uint16_t *list)
{
    int nl = collect_hc(b, c, d % 3, list);
    int64_t n = 0;
    for (int m = 0; m < N_MOVES && nl; m++) {
        uint32_t y = ec__opt_hcMove[c * N_MOVES + m];
        int c2 = (int)(y >> 6), j = (int)(y & 63);
        for (int k = 0; k < nl; k++)
            n += ec__opt_hc_set(b, c2, ec__opt_esepC48[ec__opt_esepMove[list[k] * N_MOVES + m] * N_SYM48 + j], (d + 1) % 3);
    }
    return n;
}

int64_t ec__opt_hc_backward(uint8_t *b, int c, int d, uint16_t *list)
{
    int nl = collect_hc(b, c, UNSET2, list);
    int64_t base = (int64_t)c * N_ESEP, n = 0;
    for (int m = 0; m < N_MOVES && nl; m++) {
        uint32_t y = ec__opt_hcMove[c * N_MOVES + m];
        int64_t b2 = (int64_t)(y >> 6) * N_ESEP;
        int j = (int)(y & 63);
        for (int k = 0; k < nl;) {
            int e = list[k];
            int64_t i = b2 + ec__opt_esepC48[ec__opt_esepMove[e * N_MOVES + m] * N_SYM48 + j];
            if (e2(b, i) == d % 3) {
                set_e2(b, base + e, (d + 1) % 3);
                n++;
                list[k] = list[--nl];
            } else {
                k++;
            }
        }
    }
    return n;
}
