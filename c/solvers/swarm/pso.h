/*
 * pso.h - the discrete particle update of the swarm thesis's equation 3.3, exposed for its
 * tests: from P_A = K(S_Pi) - K(S_i) and G_A = K(S_G) - K(S_i), which state a particle
 * starts from (0: its own S_i, 1: its personal best S_Pi, 2: the global best S_G) and how
 * many random moves |V| it then applies.
 */
#ifndef EC_PSO_H
#define EC_PSO_H

void ec__pso_eq33(int pa, int ga, int *base, int *nv);

#endif
