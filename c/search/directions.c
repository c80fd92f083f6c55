/*
 * directions.c - the two-phase search's directions (twophase.h, tp_dir): direction i is the
 * cube (i < 3) or its inverse (i >= 3) seen along axis i % 3 (none, z, x: whole-cube
 * rotations, colours renamed after the centres, facemap naming each face's original), with
 * its y-conjugate (the same cube seen after a y turn: the same G1, its flip the R/L edge
 * orientation), whose twist-flip and flip-slice bounds are independent of the cube's own.
 * Here: the three rotations as cubie conjugations, checked once against their definition
 * through facelets; a direction's start; and level 0 of its phase-1 stack after each
 * pre-move sequence with its bound. The search itself (twophase.c) moves through the levels.
 * Costs: the rotations' check once per process (18 moves x 3 rotations through facelet
 * strings, ~70 us natively); a direction's start two cubie multiplications and its bounds;
 * a pre-move's level 0 one multiplication, and the conjugate's only when its own bound
 * allows a search. No allocation.
 */
#include <string.h>

#include "core/cube.h"
#include "core/geometry.h"
#include "search/coord.h"
#include "search/tables.h"
#include "search/twophase.h"

/* c seen after the whole-cube rotation rot (a rotation move code): the stickers turned,
 * colours renamed after the centres. facemap[k]: the original face now at position k. The
 * definition, through facelet strings (~1.3 us natively); view() below is the same map at
 * the cubie level. */
static int view_facelets(const ec_cube *c, int rot, ec_cube *out, uint8_t facemap[6])
{
    char f[EC_FACELETS_SIZE], solved[EC_FACELETS_SIZE];
    ec_cube id;
    ec_cube_solved(&id);
    ec_cube_to_facelets(&id, solved, sizeof solved);
    ec__apply_code(solved, rot);
    for (int k = 0; k < 6; k++)
        for (int g = 0; g < 6; g++)
            if (solved[k * 9 + 4] == ec__face_char[g]) facemap[k] = (uint8_t)g;
    ec_cube_to_facelets(c, f, sizeof f);
    ec__apply_code(f, rot);
    return ec_cube_from_facelets(f, out, NULL, 0);
}

/* The three rotations the directions use (z, x, y) as cubie states S (the solved cube's
 * stickers turned, not renamed): c seen after the rotation is S^-1 c S. Both sides are
 * automorphisms of the cube group, so tp_rotations_init's check on the 18 face turns proves it for
 * every cube (EC_E_INTERNAL otherwise). Built with the search's tables (twophase.c). */
static const int rot_code[3] = {23 * 3, 21 * 3, 22 * 3};
static ec_cube rot_s[3], rot_sinv[3];
static uint8_t rot_facemap[3][6];
static int rot_ready;

int tp_rotations_init(void)
{
    if (rot_ready) return EC_OK;
    for (int r = 0; r < 3; r++) {
        char st[EC_FACELETS_SIZE];
        ec_cube id, want, t, got;
        ec_cube_solved(&id);
        ec_cube_to_facelets(&id, st, sizeof st);
        ec__apply_code(st, rot_code[r]);
        ec__cube_from_stickers(st, &rot_s[r]);
        ec_cube_inverse(&rot_s[r], &rot_sinv[r]);
        for (int m = 0; m < N_MOVES; m++) {
            int rc = view_facelets(ec__move_cube(m), rot_code[r], &want, rot_facemap[r]);
            if (rc) return rc;
            ec_cube_multiply(&rot_sinv[r], ec__move_cube(m), &t);
            ec_cube_multiply(&t, &rot_s[r], &got);
            if (memcmp(&got, &want, sizeof got)) return EC_E_INTERNAL;
        }
    }
    rot_ready = 1;
    return EC_OK;
}

/* c seen after rotation r (0 z, 1 x, 2 y): view_facelets at the cubie level, two
 * multiplications (~13 us less per tp_init natively). */
static void view(const ec_cube *c, int r, ec_cube *out, uint8_t facemap[6])
{
    ec_cube t;
    ec_cube_multiply(&rot_sinv[r], c, &t);
    ec_cube_multiply(&t, &rot_s[r], out);
    memcpy(facemap, rot_facemap[r], 6);
}

/* Phase-1 bound of direction d's level k (symmetry coordinates, tables.h): max of the
 * cube's twistSlice, flipSlice and twistFlip and its y-conjugate's twistFlip and flipSlice,
 * read until over limit. */
static inline int prun1c(const tp_dir *d, int k, int limit)
{
    int h = ec__prun_ts_sym(d->tw[k], d->sl[k]), h2 = ec__prun_fs_sym(d->fl[k], d->sl[k]);
    if (h2 > h) h = h2;
    if (h > limit) return h;
    h2 = ec__prun_tf_sym(d->tw[k], d->fl[k]);
    if (h2 > h) h = h2;
    if (h > limit) return h;
    h2 = ec__prun_tf_sym(d->ctw[k], d->cfl[k]);
    if (h2 > h) h = h2;
    if (h > limit) return h;
    h2 = ec__prun_fs_sym(d->cfl[k], d->csl[k]);
    return h2 > h ? h2 : h;
}

/* (twophase.h) */
void tp_dir_make(tp_dir *d, const ec_cube *c, int i)
{
    ec_cube base;
    if (i >= 3) ec_cube_inverse(c, &base);
    else base = *c;
    d->inverse = i >= 3;
    for (int f = 0; f < 6; f++) d->facemap[f] = (uint8_t)f;
    d->start = base;
    if (i % 3) view(&base, i % 3 - 1, &d->start, d->facemap);
    ec_cube conj;
    uint8_t ymap[6];
    view(&d->start, 2, &conj, ymap);
    for (int k = 0; k < 6; k++)
        for (int t = 0; t < 3; t++) d->conjmove[ymap[k] * 3 + t] = (uint8_t)(k * 3 + t);
    d->npre = 0;
    d->pcube[0] = d->start;
    d->cpcube[0] = conj;
    tp_dir_level0(d, 99);
    d->h1 = d->ph[0];
}

/* (twophase.h) */
void tp_dir_level0(tp_dir *d, int limit)
{
    const int p = d->npre;
    const ec_cube *c = &d->pcube[p], *cc = &d->cpcube[p];
    d->tw[0] = ec__twistSym[ec__get_twist(c)];
    d->fl[0] = ec__flipSym[ec__get_flip(c)];
    d->sl[0] = (uint16_t)ec__get_slice(c);
    d->path[0] = *c;
    d->path_ok = 1;
    if (p) {
        int h = ec__prun_ts_sym(d->tw[0], d->sl[0]), h2 = ec__prun_fs_sym(d->fl[0], d->sl[0]);
        if (h2 > h) h = h2;
        h2 = ec__prun_tf_sym(d->tw[0], d->fl[0]);
        if (h2 > h) h = h2;
        if (h > limit) {
            d->ph[p] = h;
            return;
        }
        ec_cube_multiply(ec__move_cube(d->conjmove[d->pre[p - 1]]), &d->cpcube[p - 1], &d->cpcube[p]);
    }
    d->ctw[0] = ec__twistSym[ec__get_twist(cc)];
    d->cfl[0] = ec__flipSym[ec__get_flip(cc)];
    d->csl[0] = (uint16_t)ec__get_slice(cc);
    d->ph[p] = prun1c(d, 0, 99);
}
