/*
 * symmetry.h - the three half-turn whole-cube rotations y2, x2, z2 (with the identity, the
 * Klein four-group: each keeps every axis, and every G1, in place) acting on the twist and
 * flip coordinates by conjugation, and the twist classes they make. Used to store the
 * twist-flip pruning table once per twist class (tables.c), as min2phase stores its tables
 * per symmetry class (it uses 16 symmetries; these 4 are the rotations that map twist to
 * twist and flip to flip without mirrors).
 *
 * Data: twistConj[s][twist] and flipConj[s][flip] (s = 0 identity, 1 y2, 2 x2, 3 z2);
 * per twist its class (twist2class) and a symmetry s taking it to the class's smallest
 * member (twist2sym: twistConj[s][twist] = classRep[class]); per class its stabilizer as
 * a 4-bit mask. 12 KB + 8 KB + 4 KB, built in well under a millisecond.
 * Invariant: conjugation keeps the twist-flip distance, so
 *   d(twist, flip) = d(classRep[c], flipConj[s][flip]) with c, s = twist2class, twist2sym.
 */
#ifndef EC_SYMMETRY_H
#define EC_SYMMETRY_H

#include <stdint.h>

#define N_KLEIN 4
extern uint16_t ec__twistConj[N_KLEIN][2187];
extern uint16_t ec__flipConj[N_KLEIN][2048];
extern uint16_t ec__twist2class[2187];
extern uint8_t ec__twist2sym[2187];
extern uint16_t ec__classRep[2187];
extern uint8_t ec__classStab[2187];
extern int ec__twistClasses;

/* Build the tables (idempotent). */
void ec__symmetry_init(void);

#endif
