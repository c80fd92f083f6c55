/*
 * packed.h - the cube as bytes and as two machine words, for the inner loops of the solvers
 * and the near-goal table (the cubie model, evocube.h's ec_cube, stays the reference).
 *
 * Byte cube (ec_bcube, 20 bytes): c[slot] = cubie * 3 + twist for the 8 corner slots (0..23),
 * e[slot] = cubie * 2 + flip for the 12 edge slots (0..23); slots and cubies numbered as in
 * evocube.h (Kociemba). A face turn rewrites 4 + 4 bytes through ec__bturn (slot moves, the
 * twist added through ec__ctwist, the flip xored).
 * Packed cube (ec_pk, 16 bytes, two registers): corner slot i's byte value in bits 5i..5i+4
 * of c (40 bits), edge slot j's in bits 5j..5j+4 of e (60 bits). A face turn is 8 field
 * moves (corners: shift, mask, a lookup that twists and places, or; edges: mask, rotate,
 * or) and one xor for the flips, with no memory traffic for the state. No valid cube has
 * c == 0 (the corner permutation is not all zeros), so {0, 0} can mark an empty hash slot.
 * Tables: 18 turns x 2 (about 20 KB) and the 24 x 3 twist table, derived from the
 * cubie model's ec__move_cube by ec__packed_init (idempotent, microseconds; not thread-safe
 * on the first call, like cube.c). Invariant: ec__bcube_from_cube and ec__pk_pack are
 * bijections on valid cubes, and turning commutes with them (tests/c/test_packed.c).
 */
#ifndef EC_PACKED_H
#define EC_PACKED_H

#include <stdint.h>

#include "evocube.h"

typedef struct ec_bcube {
    uint8_t c[8], e[12];
} ec_bcube;

typedef struct ec_pk {
    uint64_t c, e;
} ec_pk;

/* a face turn on byte cubes: corner slot cdst takes slot csrc's value twisted by ctw; edge
 * slot edst takes slot esrc's value with its flip xored by efl */
typedef struct ec_bturn {
    uint8_t cdst[4], csrc[4], ctw[4];
    uint8_t edst[4], esrc[4], efl[4];
} ec_bturn;

/* a face turn on packed cubes: keep masks, the flips as one xor; per moved corner slot the
 * source bit offset (5 * slot) and its value table (the source's value twisted and already
 * at the destination's bits: cval[k][v] = ec__ctwist[v][twist] << 5 * destination, 0 for
 * v >= 24); per moved edge slot the source field's mask and the left rotation that carries
 * it to its destination */
typedef struct ec_pkturn {
    uint64_t ckeep, ekeep, eflip;
    uint64_t emask[4];
    uint8_t csrc[4], erot[4];
    uint64_t cval[4][32]; /* the twisted value already at its destination bits (0 for v >= 24) */
} ec_pkturn;

extern ec_bturn ec__bturn[18];
extern ec_pkturn ec__pkturn[18];
extern uint8_t ec__ctwist[24][3]; /* corner value v twisted by t more */

/* Build the turn tables once (idempotent). */
void ec__packed_init(void);

void ec__bcube_from_cube(const ec_cube *c, ec_bcube *s);
void ec__bcube_to_cube(const ec_bcube *s, ec_cube *c);
ec_pk ec__pk_pack(const ec_bcube *s);
void ec__pk_unpack(ec_pk p, ec_bcube *s);
/* The packed form of a cubie cube. */
ec_pk ec__pk_from_cube(const ec_cube *c);

/* Apply face turn m (0..17, evocube's move codes) to a byte cube in place. */
static inline void ec__bcube_move(ec_bcube *s, int m)
{
    const ec_bturn *t = &ec__bturn[m];
    uint8_t c0 = s->c[t->csrc[0]], c1 = s->c[t->csrc[1]], c2 = s->c[t->csrc[2]], c3 = s->c[t->csrc[3]];
    uint8_t e0 = s->e[t->esrc[0]], e1 = s->e[t->esrc[1]], e2 = s->e[t->esrc[2]], e3 = s->e[t->esrc[3]];
    s->c[t->cdst[0]] = ec__ctwist[c0][t->ctw[0]];
    s->c[t->cdst[1]] = ec__ctwist[c1][t->ctw[1]];
    s->c[t->cdst[2]] = ec__ctwist[c2][t->ctw[2]];
    s->c[t->cdst[3]] = ec__ctwist[c3][t->ctw[3]];
    s->e[t->edst[0]] = (uint8_t)(e0 ^ t->efl[0]);
    s->e[t->edst[1]] = (uint8_t)(e1 ^ t->efl[1]);
    s->e[t->edst[2]] = (uint8_t)(e2 ^ t->efl[2]);
    s->e[t->edst[3]] = (uint8_t)(e3 ^ t->efl[3]);
}

static inline uint64_t ec__rotl64(uint64_t x, unsigned r) { return x << (r & 63) | x >> (-r & 63); }

/* The packed cube after face turn m (written out for the four slots: the HuGO! inner loop) */
static inline __attribute__((always_inline)) ec_pk ec__pk_turned(ec_pk s, int m)
{
    const ec_pkturn *t = &ec__pkturn[m];
    uint64_t c = (s.c & t->ckeep) | t->cval[0][s.c >> t->csrc[0] & 31] | t->cval[1][s.c >> t->csrc[1] & 31] |
                 t->cval[2][s.c >> t->csrc[2] & 31] | t->cval[3][s.c >> t->csrc[3] & 31];
    uint64_t e = (s.e & t->ekeep) | ec__rotl64(s.e & t->emask[0], t->erot[0]) | ec__rotl64(s.e & t->emask[1], t->erot[1]) |
                 ec__rotl64(s.e & t->emask[2], t->erot[2]) | ec__rotl64(s.e & t->emask[3], t->erot[3]);
    ec_pk r = {c, e ^ t->eflip};
    return r;
}

#endif
