/*
 * test_swarm_rules.c - the swarm solvers' equations on hand-computed values: the ant
 * colony's roulette weight tau^alpha * (1/Kociemba)^beta (eqs. 3.6, 3.7), its deposit
 * 1/Kociemba (3.4) and its floored evaporation (2.5); the krill herd's survival test
 * 2 K <= 3 K_min (3.9) and roulette weight 1/Kociemba (3.8). A sign or an inverse flipped in
 * any of them fails a case here.
 */
#include "check.h"
#include "solvers/swarm/aco.h"
#include "solvers/swarm/dkho.h"

#define NEAR(a, b) ((a) - (b) < 1e-12 && (b) - (a) < 1e-12)

static void weight(double tau, int alpha, int fit, int beta, double want)
{
    double w = ec__aco_weight(tau, alpha, fit, beta);
    CHECK(NEAR(w, want), "aco weight (tau %g, alpha %d, fit %d, beta %d) = %g, want %g", tau, alpha, fit, beta, w, want);
}

int main(void)
{
    /* eq. 3.6 with eta = 1/fit: more pheromone and a lower fitness weigh more */
    weight(2.0, 1, 4, 1, 0.5);
    weight(2.0, 2, 4, 1, 1.0);
    weight(2.0, 1, 4, 2, 0.125);
    weight(0.5, 0, 2, 1, 0.5);
    weight(3.0, 1, 1, 0, 3.0);
    weight(1e-6, 1, 10, 5, 1e-11);
    CHECK(ec__aco_weight(1.0, 1, 5, 1) > ec__aco_weight(1.0, 1, 6, 1), "a lower fitness must weigh more");
    CHECK(ec__aco_weight(2.0, 1, 5, 1) > ec__aco_weight(1.0, 1, 5, 1), "more pheromone must weigh more");

    /* eq. 3.4: 1/fit, 1 at the solved state */
    CHECK(NEAR(ec__aco_deposit(4), 0.25), "deposit at 4: %g", ec__aco_deposit(4));
    CHECK(NEAR(ec__aco_deposit(1), 1.0), "deposit at 1: %g", ec__aco_deposit(1));
    CHECK(NEAR(ec__aco_deposit(0), 1.0), "deposit at the solved state: %g", ec__aco_deposit(0));
    CHECK(ec__aco_deposit(3) > ec__aco_deposit(9), "a closer state must get more pheromone");

    /* eq. 2.5: (1 - rho) tau, floored */
    CHECK(NEAR(ec__aco_evaporate(1.0, 0.25, 1e-6), 0.75), "evaporate 1 by 0.25: %g", ec__aco_evaporate(1.0, 0.25, 1e-6));
    CHECK(NEAR(ec__aco_evaporate(2.0, 0.0, 0.1), 2.0), "no evaporation: %g", ec__aco_evaporate(2.0, 0.0, 0.1));
    CHECK(NEAR(ec__aco_evaporate(1e-6, 0.5, 1e-6), 1e-6), "the floor: %g", ec__aco_evaporate(1e-6, 0.5, 1e-6));
    CHECK(NEAR(ec__aco_evaporate(0.3, 0.9, 0.1), 0.1), "below the floor: %g", ec__aco_evaporate(0.3, 0.9, 0.1));

    /* eq. 3.9: a krill survives when 2 K <= 3 K_min (K <= 1.5 K_min) */
    CHECK(ec__dkho_survives(6, 4), "K 6, K_min 4: 6 <= 6 survives");
    CHECK(!ec__dkho_survives(7, 4), "K 7, K_min 4: dies");
    CHECK(ec__dkho_survives(4, 4), "K = K_min survives");
    CHECK(ec__dkho_survives(0, 0), "solved, K_min 0 survives");
    CHECK(!ec__dkho_survives(1, 0), "K 1, K_min 0: dies");
    CHECK(ec__dkho_survives(10, 7) && !ec__dkho_survives(11, 7), "K_min 7: 10 survives, 11 dies");

    /* eq. 3.8: roulette weight 1/K */
    CHECK(NEAR(ec__dkho_weight(4), 0.25), "dkho weight at 4: %g", ec__dkho_weight(4));
    CHECK(ec__dkho_weight(3) > ec__dkho_weight(5), "a lower fitness must weigh more");
    DONE();
}
