/*
 * aco.h - the ant colony's equations as pure functions (aco.c uses them; the rules suite
 * tests them on hand-computed values).
 */
#ifndef EC_ACO_H
#define EC_ACO_H

/* Eq. 3.6's roulette weight of an edge: tau^alpha * eta^beta with eta = 1/fit (eq. 3.7);
 * fit > 0 (a move to the solved state is taken without the roulette). Powers by repeated
 * multiplication (whole exponents), so native and wasm runs agree to the bit. */
double ec__aco_weight(double tau, int alpha, int fit, int beta);
/* Eq. 3.4's deposit of an ant that reached a state of fitness fit: 1/fit (1 at the solved
 * state). */
double ec__aco_deposit(int fit);
/* Eq. 2.5's evaporation of one edge: (1 - rho) tau, never below the floor. */
double ec__aco_evaporate(double tau, double rho, double floor);

#endif
