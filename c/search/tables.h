/*
 * tables.h - the two-phase solver's pruning tables: for a pair of coordinates, the number
 * of moves needed to solve both together (a lower bound on solving the cube), stored one
 * row per symmetry class of the first coordinate (symmetry.h), as min2phase stores them.
 *
 * Layout: 4 bits per entry (two entries a byte, low nibble first), except twistSlice and
 * flipSlice, a byte an entry (no nibble decode on two of phase 1's four reads a node; the
 * other three stay nibbles: all five as bytes, 1.44 MB, is slower). Entry
 * (class, b) is the pair (the class's representative, b); a raw pair (a, b) with
 * a = conj_s^-1(rep) reads entry (class, conj_s(b)) (the ec__prun_* functions below).
 *   phase 1 (18 moves):
 *     twistSlice  324 twist classes (8 symmetries) x 495 slices     160,380 entries (bytes)
 *     flipSlice   336 flip classes (8 symmetries)  x 495 slices     166,320 (bytes)
 *     twistFlip   324 twist classes (8 symmetries) x 2048 flips     663,552
 *   phase 2 (10 moves):
 *     cpermMperm  2768 corner-permutation classes (16) x 24 mperms   66,432
 *     epermCcombp 2768 edge-permutation classes (16) x 140 ccombps  387,520
 *     cpermEcombp 2768 corner-permutation classes (16) x 140 ecombps 387,520
 *     cpermFbcombp 2768 corner-permutation classes (16) x 140 fbcombps 387,520
 * The last two (not min2phase's) pair the corners' permutation with where the U-layer
 * edges, or the F/B edges, are: epermCcombp's mirror image. Read for the cube and its inverse
 * beside the other two, they raise phase 2's bound where it is weak (the oracle's phase 2s
 * that fail at their cap of 12; figures: docs/BENCHMARKS.md, section oracle). Depths to 15.
 * 2.22 million entries, 1.27 MB, built by breadth-first search to the last depth (no caps:
 * every entry exact): forward from the current layer while it is small, backward (each
 * unreached entry looks for a neighbour in the current layer) once it is large, in a
 * temporary byte per entry (664 KB, freed after), the second coordinate's neighbours by
 * symmetry and move looked up in one temporary table (up to 590 KB): ~45 ms natively. With
 * the move tables (coord.h, ~15 ms) and the symmetry tables (symmetry.h, ~4 ms) the whole init
 * (ec_twophase_init) is ~67-70 ms of CPU natively and ~130-145 ms in wasm under Node (2-core
 * machine; figures: docs/BENCHMARKS.md, section twophase). The search reads both phases
 * through symmetry coordinates (below): phase 1's move tables 195 KB, phase 2's 111 KB plus
 * 11 KB of inverses and maps, built from the raw move tables in well under 1 ms.
 * ec__tables_bytes: 3.7 MB in all (the raw move tables stay: the pruning tables' BFS,
 * optima.c and the tests read them).
 * The three phase-1 tables, sliceMove and the symmetry-coordinate tables are static arrays:
 * the search's node reads them at fixed addresses, not through a pointer loaded each time.
 */
#ifndef EC_TABLES_H
#define EC_TABLES_H

#include <stdint.h>

#include "search/coord.h"
#include "search/symmetry.h"

#define EC_PRUN_TWIST_SLICE 0
#define EC_PRUN_FLIP_SLICE 1
#define EC_PRUN_TWIST_FLIP 2
#define EC_PRUN_CPERM_MPERM 3
#define EC_PRUN_EPERM_CCOMBP 4
#define EC_PRUN_CPERM_ECOMBP 5
#define EC_PRUN_CPERM_FBCOMBP 6
#define EC_PRUN_TABLES 7
#define EC_PRUN_MAX_DEPTH 16
#define EC_PRUN_BYTE_TABLES EC_PRUN_FLIP_SLICE /* tables 0..this one: a byte an entry */

extern uint8_t *ec__prun[EC_PRUN_TABLES];

static inline int ec__prun_get(const uint8_t *t, uint32_t i) { return t[i >> 1] >> ((i & 1) << 2) & 15; }

/* The bound of a raw pair (a, b) of table t: y = a's (class << bits) | symmetry, b read
 * conjugated by that symmetry (conj[b * nsym + s]) in the class's row of nb entries. */
static inline int ec__prun_class(int t, uint32_t y, int bits, uint32_t nb, const uint16_t *conj, int nsym, int b)
{
    uint32_t i = (y >> bits) * nb + conj[b * nsym + (int)(y & ((1u << bits) - 1))];
    return t <= EC_PRUN_BYTE_TABLES ? ec__prun[t][i] : ec__prun_get(ec__prun[t], i);
}
static inline int ec__prun_ts(int tw, int sl)
{
    return ec__prun_class(EC_PRUN_TWIST_SLICE, ec__twistSym[tw], 3, N_SLICE, ec__sliceConj, N_SYM8, sl);
}
static inline int ec__prun_fs(int fl, int sl)
{
    return ec__prun_class(EC_PRUN_FLIP_SLICE, ec__flipSym[fl], 3, N_SLICE, ec__sliceConj, N_SYM8, sl);
}
static inline int ec__prun_tf(int tw, int fl)
{
    return ec__prun_class(EC_PRUN_TWIST_FLIP, ec__twistSym[tw], 3, N_FLIP, ec__flipConj, N_SYM8, fl);
}
static inline int ec__prun_cm(int cp, int mp)
{
    return ec__prun_class(EC_PRUN_CPERM_MPERM, ec__cpermSym[cp], 4, N_MPERM, ec__mpermConj, N_SYM, mp);
}
static inline int ec__prun_ec(int ep, int cc)
{
    return ec__prun_class(EC_PRUN_EPERM_CCOMBP, ec__epermSym[ep], 4, N_CCOMBP, ec__ccombpConj, N_SYM, cc);
}
static inline int ec__prun_ce(int cp, int ec)
{
    return ec__prun_class(EC_PRUN_CPERM_ECOMBP, ec__cpermSym[cp], 4, N_CCOMBP, ec__ecombpConj, N_SYM, ec);
}
static inline int ec__prun_cf(int cp, int fc)
{
    return ec__prun_class(EC_PRUN_CPERM_FBCOMBP, ec__cpermSym[cp], 4, N_CCOMBP, ec__fbcombpConj, N_SYM, fc);
}

/* Phase 1 on symmetry coordinates (class << 3 | s, the values of twistSym and flipSym:
 * the raw value conj_s(rep of class)): twistSymMove[(class << 3 | s) * 18 + m] is the twist
 * after move m as a symmetry coordinate (likewise flipSymMove), flipSymRaw[class << 3 | s] the
 * raw flip conj_s(rep). The first 8 symmetries commute and are involutions (symMult is XOR
 * on them, checked when the tables are built), so a flip fs read conjugated by a twist's
 * symmetry t is the raw flip flipSymRaw[fs ^ t]. The search's node then reads each bound
 * two dependent loads after the move (ec__prun_*_sym), one fewer than from raw values.
 * 2,592 x 18 and 2,688 x 18 uint16 (93 KB, 97 KB) and 2,688 uint16. */
extern uint16_t ec__twistSymMove[N_TWIST_SYM * 8 * N_MOVES], ec__flipSymMove[N_FLIP_SYM * 8 * N_MOVES];
extern uint8_t ec__prunTS[N_TWIST_SYM * N_SLICE], ec__prunFS[N_FLIP_SYM * N_SLICE], ec__prunTF[(N_TWIST_SYM * N_FLIP + 1) / 2];
extern uint16_t ec__flipSymRaw[N_FLIP_SYM << 3];

static inline int ec__prun_ts_sym(int tws, int sl)
{
    return ec__prunTS[(uint32_t)(tws >> 3) * N_SLICE + ec__sliceConj[sl * N_SYM8 + (tws & 7)]];
}
static inline int ec__prun_fs_sym(int fls, int sl)
{
    return ec__prunFS[(uint32_t)(fls >> 3) * N_SLICE + ec__sliceConj[sl * N_SYM8 + (fls & 7)]];
}
static inline int ec__prun_tf_sym(int tws, int fls)
{
    return ec__prun_get(ec__prunTF, (uint32_t)(tws >> 3) * N_FLIP + ec__flipSymRaw[fls ^ (tws & 7)]);
}

/* Phase 2 on symmetry coordinates (class << 4 | s, the values of cpermSym / epermSym: the raw
 * permutation conj_s^-1(rep of class), all 16 symmetries), as min2phase's phase 2: the move
 * tables hold a row per class (2,768 x 10, 55 KB each, instead of 40,320 x 10 raw rows, 806 KB
 * each, which left L2), a move m of (c, s) is row c's entry for S m S^-1 (p2SymMove) with
 * its symmetry s' composed as s' s (ec__p2_compose); the inverse permutation of (c, s) is
 * that of c's representative composed with s (cpermInvSym / epermInvSym); ccombpRep[c] the
 * corner representative's ccombp, read conjugated by s_e s_c^-1 (symMultInv) for the
 * edge bound (ecombpRep / fbcombpRep the edge representative's, read conjugated by s_c s_e^-1,
 * for the corner tables). ec__prun2_sym: max of the cube's and the inverse's cpermMperm,
 * epermCcombp, cpermEcombp and cpermFbcombp, read until over limit (the same bound as the raw
 * reads; test_twophase compares them). */
extern uint16_t ec__cpermSymMove[N_PERM_SYM * N_P2MOVES], ec__epermSymMove[N_PERM_SYM * N_P2MOVES];
extern uint16_t ec__cpermInvSym[N_PERM_SYM], ec__epermInvSym[N_PERM_SYM];
extern uint8_t ec__ccombpRep[N_PERM_SYM], ec__ecombpRep[N_PERM_SYM], ec__fbcombpRep[N_PERM_SYM];
extern uint8_t ec__p2SymMove[N_SYM][N_P2MOVES];
extern uint8_t ec__symMultInv[N_SYM][N_SYM]; /* symMult[a][symInv[b]] */

static inline int ec__p2_compose(int y, int s) { return (y & ~15) | ec__symMult[y & 15][s]; }
static inline int ec__cperm_sym_move(int cs, int m)
{
    return ec__p2_compose(ec__cpermSymMove[(cs >> 4) * N_P2MOVES + ec__p2SymMove[cs & 15][m]], cs & 15);
}
static inline int ec__eperm_sym_move(int es, int m)
{
    return ec__p2_compose(ec__epermSymMove[(es >> 4) * N_P2MOVES + ec__p2SymMove[es & 15][m]], es & 15);
}
static inline int ec__prun_cm_sym(int cs, int mp)
{
    return ec__prun_get(ec__prun[EC_PRUN_CPERM_MPERM], (uint32_t)(cs >> 4) * N_MPERM + ec__mpermConj[mp * N_SYM + (cs & 15)]);
}
/* A permutation class x combination table t (epermCcombp, cpermEcombp, cpermFbcombp): the row
 * of a's class, at the combination of b's class representative (rep) read conjugated by
 * s_a s_b^-1 (conj: that combination's conjugation table). */
static inline int ec__prun_comb_sym(int t, const uint16_t *conj, const uint8_t *rep, int a, int b)
{
    return ec__prun_get(ec__prun[t], (uint32_t)(a >> 4) * N_CCOMBP + conj[rep[b >> 4] * N_SYM + ec__symMultInv[a & 15][b & 15]]);
}
static inline int ec__prun_ec_sym(int es, int cs)
{
    return ec__prun_comb_sym(EC_PRUN_EPERM_CCOMBP, ec__ccombpConj, ec__ccombpRep, es, cs);
}
static inline int ec__prun_ce_sym(int cs, int es)
{
    return ec__prun_comb_sym(EC_PRUN_CPERM_ECOMBP, ec__ecombpConj, ec__ecombpRep, cs, es);
}
static inline int ec__prun_cf_sym(int cs, int es)
{
    return ec__prun_comb_sym(EC_PRUN_CPERM_FBCOMBP, ec__fbcombpConj, ec__fbcombpRep, cs, es);
}
/* The inverse's symmetry coordinates (cpermInvSym / epermInvSym composed with s). */
static inline int ec__cperm_inv_sym(int cs) { return ec__p2_compose(ec__cpermInvSym[cs >> 4], cs & 15); }
static inline int ec__eperm_inv_sym(int es) { return ec__p2_compose(ec__epermInvSym[es >> 4], es & 15); }
/* The combination tables cpermEcombp and cpermFbcombp of the cube (cs, es) and of its
 * inverse (ci, ei): the most of the four, read without a branch. */
static inline int ec__prun2_comb(int cs, int es, int ci, int ei)
{
    int h = ec__prun_ce_sym(cs, es), h2 = ec__prun_ce_sym(ci, ei), h3 = ec__prun_cf_sym(cs, es), h4 = ec__prun_cf_sym(ci, ei);
    h = h2 > h ? h2 : h;
    h3 = h4 > h3 ? h4 : h3;
    return h3 > h ? h3 : h;
}
static inline int ec__prun2_sym(int cs, int es, int mp, int limit)
{
    int h = ec__prun_cm_sym(cs, mp);
    if (h > limit) return h;
    int h2 = ec__prun_ec_sym(es, cs);
    if (h2 > h) h = h2;
    if (h > limit) return h;
    int ci = ec__cperm_inv_sym(cs), ei = ec__eperm_inv_sym(es);
    h2 = ec__prun_ec_sym(ei, ci);
    if (h2 > h) h = h2;
    if (h > limit) return h;
    h2 = ec__prun_cm_sym(ci, ec__mpermInv[mp]);
    if (h2 > h) h = h2;
    if (h > limit) return h;
    h2 = ec__prun2_comb(cs, es, ci, ei);
    return h2 > h ? h2 : h;
}

/* The same bound read in full (all six tables of both, no early exit): the batched children of a
 * phase-2 node (twophase.c) read it without branches. Over a limit it can exceed
 * ec__prun2_sym's value, never at or under it. */
static inline int ec__prun2_all(int cs, int es, int mp)
{
    int ci = ec__cperm_inv_sym(cs), ei = ec__eperm_inv_sym(es);
    int h = ec__prun_cm_sym(cs, mp), h2 = ec__prun_ec_sym(es, cs), h3 = ec__prun_ec_sym(ei, ci),
        h4 = ec__prun_cm_sym(ci, ec__mpermInv[mp]), h5 = ec__prun2_comb(cs, es, ci, ei);
    h = h2 > h ? h2 : h;
    h3 = h4 > h3 ? h4 : h3;
    h = h3 > h ? h3 : h;
    return h5 > h ? h5 : h;
}

/* Build the move, symmetry and pruning tables (idempotent): EC_OK or EC_E_NOMEM. */
int ec__tables_init(void);
/* Entries of table t and how many of them have each depth (counts[EC_PRUN_MAX_DEPTH]);
 * returns the number of entries, or a negative error. */
long ec__prun_distribution(int t, long *counts);
/* Bytes of move, symmetry and pruning tables held. */
long ec__tables_bytes(void);

#endif
