/*
 * groups.h - Thistlethwaite's nested groups and exact membership tests for them.
 *
 *   G0 = <U,R,F,D,L,B>           the cube group (every valid ec_cube)
 *   G1 = <F,U,B,D,R2,L2>         edges "good" for the R/L axis          |G0/G1| = 2048
 *   G2 = <U,D,R2,L2,F2,B2>       + corners twist 0 (U/D reference) and
 *                                  FR FL BL BR in the E slice            |G1/G2| = 1082565
 *   G3 = <U2,D2,R2,L2,F2,B2>     + the other edges in their own slices,
 *                                  corners in their tetrads, the two
 *                                  tetrads permuted "alike", even parity |G2/G3| = 29400
 *   G4 = {solved}                                                        |G3|    = 663552
 *
 * Data layout: works on ec_cube (Kociemba's slots); no tables beyond a few constant arrays.
 * Edge slices: M = {UF,UB,DF,DB}, S = {UR,UL,DR,DL}, E = {FR,FL,BL,BR}. Corner tetrads:
 * A = {URF,ULB,DLF,DRB}, B = {UFL,UBR,DFR,DBL} (two corners of one tetrad always share
 * exactly one face, on opposite corners of it).
 *
 * The G3 corner condition: a tetrad-preserving corner permutation maps each of a tetrad's
 * three pairings {two corners on the U face | two on D}, {R | L}, {F | B} onto a pairing, so it
 * induces a permutation of the three axes; half turns induce the same axis permutation on
 * both tetrads, and the 96 corner permutations of G3 are exactly the tetrad-preserving ones
 * whose two induced axis permutations agree (6 * 4 * 4 = 96). tests/c/test_groups.c checks
 * this against a breadth-first enumeration of the whole half-turn group.
 *
 * Cost: each test is a pass over the 20 cubies (tens of operations).
 */
#ifndef EC_GROUPS_H
#define EC_GROUPS_H

#include <stdint.h>

#include "evocube.h"

/* Slice of an edge (slot or cubie index 0..11): 0 M, 1 S, 2 E. */
int ec__edge_slice(int e);
/* Tetrad of a corner (slot or cubie index 0..7): 0 A, 1 B. */
int ec__corner_tetrad(int c);
/* Axis of a face 0..5 (U R F D L B): 0 U/D, 1 R/L, 2 F/B. */
int ec__face_axis(int f);

/* Orientation of the edge cubie `cubie` with Kociemba flip `eo` in slot `slot`, in the R/L
 * axis convention: 1 when it cannot be brought home without an R or L quarter turn. It is
 * unchanged by F, U, B, D and half turns, and R or L quarter turns flip the four edges they
 * move. Reference sticker: the U/D one for edges with a U/D colour, else the R/L one. */
int ec__edge_lr_flip(int slot, int cubie, int eo);
/* Number of such "bad" edges (0 exactly in G1). */
int ec__g1_bad_edges(const ec_cube *c);

/* Induced axis permutation of tetrad t (0 A, 1 B) under corner permutation cp: out[a] is
 * the axis the pairing along axis a is mapped to. Returns 0 when the tetrad's slots do not
 * all hold cubies of the same tetrad (out is then unspecified), else 1. */
int ec__tetrad_axis_perm(const uint8_t cp[8], int t, uint8_t out[3]);
/* 1 when cp is one of the 96 corner permutations of the half-turn group, else 0. */
int ec__corner_perm_in_g3(const uint8_t cp[8]);

/* 1 when the valid cube c lies in G_g (g = 0..4), else 0; -1 for another g. */
int ec__in_group(const ec_cube *c, int g);

/* The face turns that lie in G_g (g = 0..3), as move codes 0..17, ascending; returns their
 * count (18, 14, 10, 6) and writes them to out (18 bytes). 0 for another g. */
int ec__group_moves(int g, uint8_t out[18]);

#endif
