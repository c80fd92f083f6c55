/*
 * symmetry.c - the 16 U-D symmetries as cubie states and their action on the two-phase
 * coordinates (see symmetry.h). The three generators are written as cubie states (slot i
 * holds the cubie named): U4, the whole cube turned a quarter about U-D like a U turn
 * (slice edges change their F/B reference sticker to R/L: flipped); F2, a half turn about
 * F-B; LR2, the mirror through the plane between L and R (corner orientations 3, the
 * mirror's marker). Building checks that every symmetry maps each face turn to a face
 * turn, which these three states must satisfy, and everything else symmetry.h's
 * ec__symmetry_build lists: a wrong definition is EC_E_INTERNAL, never an out-of-bounds
 * read or write (test_twophase plants several).
 */
#include "search/symmetry.h"

#include <string.h>

#include "core/cube.h"
#include "search/coord.h"

uint8_t ec__symMult[N_SYM][N_SYM];
uint8_t ec__symInv[N_SYM];
uint8_t ec__symMove[N_SYM][18];
uint16_t ec__twistSym[2187], ec__twistRep[N_TWIST_SYM], ec__twistStab[N_TWIST_SYM];
uint16_t ec__flipSym[2048], ec__flipRep[N_FLIP_SYM], ec__flipStab[N_FLIP_SYM];
uint16_t ec__cpermSym[40320], ec__cpermRep[N_PERM_SYM], ec__cpermStab[N_PERM_SYM];
uint16_t ec__epermSym[40320], ec__epermRep[N_PERM_SYM], ec__epermStab[N_PERM_SYM];
uint16_t ec__sliceConj[495 * N_SYM8];
uint16_t ec__flipConj[2048 * N_SYM8];
uint16_t ec__mpermConj[24 * N_SYM];
uint16_t ec__ccombpConj[140 * N_SYM];
uint16_t ec__ecombpConj[140 * N_SYM], ec__fbcombpConj[140 * N_SYM];
static uint16_t fbcombp_perm[140];

int ec__symClasses[4];
static ec_cube sym[N_SYM];
static int ready;

const ec_cube ec__symGen[3] = {
    /* U4 */ {{3, 0, 1, 2, 7, 4, 5, 6}, {0}, {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10}, {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1}},
    /* F2 */ {{5, 4, 7, 6, 1, 0, 3, 2}, {0}, {6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10}, {0}},
    /* LR2 */ {{1, 0, 3, 2, 5, 4, 7, 6}, {3, 3, 3, 3, 3, 3, 3, 3}, {2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10}, {0}},
};

/* a then b with mirrored corner orientations (3..5) allowed on either side */
static void mult(const ec_cube *a, const ec_cube *b, ec_cube *out)
{
    for (int i = 0; i < 8; i++) {
        int oa = a->co[b->cp[i]], ob = b->co[i], o;
        out->cp[i] = a->cp[b->cp[i]];
        if (oa < 3 && ob < 3) o = (oa + ob) % 3;
        else if (oa < 3) o = oa + ob >= 6 ? oa + ob - 3 : oa + ob; /* b mirrors */
        else if (ob < 3) o = oa - ob < 3 ? oa - ob + 3 : oa - ob; /* a mirrors */
        else o = oa - ob < 0 ? oa - ob + 3 : oa - ob;              /* both: not mirrored */
        out->co[i] = (uint8_t)o;
    }
    for (int i = 0; i < 12; i++) {
        out->ep[i] = a->ep[b->ep[i]];
        out->eo[i] = (uint8_t)(a->eo[b->ep[i]] ^ b->eo[i]);
    }
}

static int same(const ec_cube *a, const ec_cube *b) { return memcmp(a, b, sizeof *a) == 0; }

void ec__sym_conj(const ec_cube *c, int s, ec_cube *out)
{
    ec_cube t;
    mult(&sym[s], c, &t);
    mult(&t, &sym[ec__symInv[s]], out);
}

typedef int (*get_fn)(const ec_cube *);
typedef void (*set_fn)(ec_cube *, int);

/* conj[v * nsym + s]: coordinate v conjugated by s (read from a solved cube given v);
 * EC_E_INTERNAL when a conjugate is outside 0..n-1. */
static int conj_table(uint16_t *conj, int n, int nsym, get_fn get, set_fn set)
{
    for (int v = 0; v < n; v++) {
        ec_cube c, d;
        ec_cube_solved(&c);
        set(&c, v);
        for (int s = 0; s < nsym; s++) {
            ec__sym_conj(&c, s, &d);
            int w = get(&d);
            if (w < 0 || w >= n) return EC_E_INTERNAL;
            conj[v * nsym + s] = (uint16_t)w;
        }
    }
    return EC_OK;
}

/* Classes of a coordinate under the first nsym symmetries: the smallest raw value of each
 * orbit is its representative; raw2sym[r] = class << bits | s with conj_s(r) = rep. Every
 * value read back is checked before it indexes anything: a conjugate outside 0..n-1 (a
 * symmetry that is no cube symmetry) or more than max classes is EC_E_INTERNAL. Returns the
 * number of classes. */
static int classes(int n, int max, int nsym, int bits, get_fn get, set_fn set, uint16_t *raw2sym, uint16_t *rep, uint16_t *stab)
{
    int k = 0;
    memset(raw2sym, 0xff, sizeof(uint16_t) * (size_t)n);
    for (int v = 0; v < n; v++) {
        if (raw2sym[v] != 0xffff) continue;
        if (k == max) return EC_E_INTERNAL; /* more classes than the tables hold */
        ec_cube c, d;
        ec_cube_solved(&c);
        set(&c, v);
        rep[k] = (uint16_t)v;
        stab[k] = 0;
        for (int s = 0; s < nsym; s++) {
            ec__sym_conj(&c, s, &d);
            int w = get(&d);
            if (w < 0 || w >= n) return EC_E_INTERNAL;
            if (w == v) stab[k] |= (uint16_t)(1 << s);
            if (raw2sym[w] == 0xffff) raw2sym[w] = (uint16_t)(k << bits | ec__symInv[s]);
        }
        k++;
    }
    return k;
}

/* ccombp through a corner permutation that has it (conjugation reads only the ccombp) */
static uint16_t ccombp_perm[140];
static void set_ccombp(ec_cube *c, int v) { ec__set_cperm(c, ccombp_perm[v]); }
static void set_ecombp(ec_cube *c, int v) { ec__set_eperm(c, ccombp_perm[v]); }
static void set_fbcombp(ec_cube *c, int v) { ec__set_eperm(c, fbcombp_perm[v]); }

/* A generator is a cubie state: both permutations, edge orientations 0..1, corner
 * orientations all 0..2 (a rotation) or all 3..5 (a mirror). */
static int is_generator(const ec_cube *g)
{
    int cseen = 0, eseen = 0, mirror = g->co[0] >= 3;
    for (int i = 0; i < 8; i++) {
        if (g->cp[i] >= 8 || g->co[i] > 5 || (g->co[i] >= 3) != mirror) return 0;
        cseen |= 1 << g->cp[i];
    }
    for (int i = 0; i < 12; i++) {
        if (g->ep[i] >= 12 || g->eo[i] > 1) return 0;
        eseen |= 1 << g->ep[i];
    }
    return cseen == 0xff && eseen == 0xfff;
}

/* The counts every table is sized for (symmetry.h); a definition giving others is wrong. */
static const int want_classes[4] = {N_TWIST_SYM, N_FLIP_SYM, N_PERM_SYM, N_PERM_SYM};

int ec__symmetry_build(const ec_cube gen[3])
{
    ready = 0;
    for (int g = 0; g < 3; g++)
        if (!is_generator(&gen[g])) return EC_E_INTERNAL;
    ec_cube u, id, t;
    ec_cube_solved(&id);
    for (int s = 0; s < N_SYM; s++) { /* s = 8 q + 4 u2 + 2 f2 + lr: U4^(2 u2 + q) F2^f2 LR2^lr */
        int quarters = 2 * (s >> 2 & 1) + (s >> 3);
        u = id;
        for (int i = 0; i < quarters; i++) mult(&u, &gen[0], &t), u = t;
        if (s & 2) mult(&u, &gen[1], &t), u = t;
        if (s & 1) mult(&u, &gen[2], &t), u = t;
        sym[s] = u;
    }
    /* a group of 16 distinct elements: every product one of them, every element an inverse */
    for (int a = 0; a < N_SYM; a++) {
        int inv = 0;
        for (int b = 0; b < N_SYM; b++) {
            mult(&sym[a], &sym[b], &t);
            int found = 0;
            for (int c = 0; c < N_SYM; c++)
                if (same(&t, &sym[c])) ec__symMult[a][b] = (uint8_t)c, found++;
            if (found != 1) return EC_E_INTERNAL;
            if (same(&t, &id)) ec__symInv[a] = (uint8_t)b, inv++;
        }
        if (inv != 1) return EC_E_INTERNAL;
    }
    /* every face turn conjugates to a face turn */
    for (int s = 0; s < N_SYM; s++)
        for (int m = 0; m < 18; m++) {
            ec__sym_conj(ec__move_cube(m), s, &t);
            ec__symMove[s][m] = 255;
            for (int k = 0; k < 18; k++)
                if (same(&t, ec__move_cube(k))) ec__symMove[s][m] = (uint8_t)k;
            if (ec__symMove[s][m] == 255) return EC_E_INTERNAL;
        }
    int rc;
    ec__symClasses[0] = classes(2187, N_TWIST_SYM, N_SYM8, 3, ec__get_twist, ec__set_twist, ec__twistSym, ec__twistRep, ec__twistStab);
    ec__symClasses[1] = classes(2048, N_FLIP_SYM, N_SYM8, 3, ec__get_flip, ec__set_flip, ec__flipSym, ec__flipRep, ec__flipStab);
    ec__symClasses[2] = classes(40320, N_PERM_SYM, N_SYM, 4, ec__get_cperm, ec__set_cperm, ec__cpermSym, ec__cpermRep, ec__cpermStab);
    ec__symClasses[3] = classes(40320, N_PERM_SYM, N_SYM, 4, ec__get_eperm, ec__set_eperm, ec__epermSym, ec__epermRep, ec__epermStab);
    for (int i = 0; i < 4; i++)
        if (ec__symClasses[i] != want_classes[i]) return EC_E_INTERNAL;
    if ((rc = conj_table(ec__sliceConj, 495, N_SYM8, ec__get_slice, ec__set_slice)) ||
        (rc = conj_table(ec__flipConj, 2048, N_SYM8, ec__get_flip, ec__set_flip)) ||
        (rc = conj_table(ec__mpermConj, 24, N_SYM, ec__get_mperm, ec__set_mperm)))
        return rc;
    for (int p = 40319; p >= 0; p--) ccombp_perm[ec__cpermToCcombp[p]] = (uint16_t)p;
    if ((rc = conj_table(ec__ccombpConj, 140, N_SYM, ec__get_ccombp, set_ccombp))) return rc;
    if ((rc = conj_table(ec__ecombpConj, 140, N_SYM, ec__get_ecombp, set_ecombp))) return rc;
    for (int p = 40319; p >= 0; p--) fbcombp_perm[ec__permToFbcombp[p]] = (uint16_t)p;
    if ((rc = conj_table(ec__fbcombpConj, 140, N_SYM, ec__get_fbcombp, set_fbcombp))) return rc;
    ready = 1;
    return EC_OK;
}

int ec__symmetry_init(void)
{
    if (ready) return EC_OK;
    return ec__symmetry_build(ec__symGen);
}
