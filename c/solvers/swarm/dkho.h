/*
 * dkho.h - the krill herd's equations as pure functions (dkho.c uses them; the rules suite
 * tests them on hand-computed values).
 */
#ifndef EC_DKHO_H
#define EC_DKHO_H

/* Eq. 3.9: a krill of fitness fit survives the iteration whose lowest fitness is gm when
 * fit <= gm/2 + gm, compared in integers (2 fit <= 3 gm); an offspring that would not
 * survive is mutated (stage 4). */
int ec__dkho_survives(int fit, int gm);
/* Eq. 3.8: the roulette weight of a move to a state of fitness fit > 0: 1/fit. */
double ec__dkho_weight(int fit);

#endif
