/*
 * test_swarm_rules.c - the swarm solvers' equations on hand-computed values: the ant
 * colony's roulette weight tau^alpha * (1/Kociemba)^beta (eqs. 3.6, 3.7), its deposit
 * 1/Kociemba (3.4) and its floored evaporation (2.5); the krill herd's survival test
 * 2 K <= 3 K_min (3.9) and roulette weight 1/Kociemba (3.8). A sign or an inverse flipped in
 * any of them fails a case here. And the colony's rule 2 read from a run's records: the ants
 * regroup at the node as soon as they are as deep as the regroup depth (events 0-2: rule-1
 * and rule-2 regroups so far, the depth in force), never one iteration later.
 */
#include <stdlib.h>

#include "check.h"
#include "evocube.h"
#include "solvers/swarm/aco.h"
#include "solvers/swarm/dkho.h"

#define NEAR(a, b) ((a) - (b) < 1e-12 && (b) - (a) < 1e-12)

static void weight(double tau, int alpha, int fit, int beta, double want)
{
    double w = ec__aco_weight(tau, alpha, fit, beta);
    CHECK(NEAR(w, want), "aco weight (tau %g, alpha %d, fit %d, beta %d) = %g, want %g", tau, alpha, fit, beta, w, want);
}

/* aco on a random-state cube: every rule-2 regroup happens at the iteration whose depth
 * (iterations since the last regroup) equals the regroup depth in force */
static void test_aco_rule2(const char *params)
{
    char scr[400], f[EC_FACELETS_SIZE], msg[200];
    REQUIRE_RC(ec_scramble_random_state_text(4, scr, sizeof scr), EC_OK);
    REQUIRE_RC(ec_facelets_apply(NULL, scr, f, sizeof f, NULL, 0), EC_OK);
    ec_solver *h = NULL;
    REQUIRE_RC(ec_solver_new("aco", f, 3, params, &h, msg, sizeof msg), EC_OK);
    int st;
    while ((st = ec_solver_step(h, 100)) == EC_RUNNING) {
    }
    static ec_progress rec[256];
    int n = 0;
    REQUIRE_RC(ec_solver_progress(h, rec, 256, &n), EC_OK);
    ec_solver_free(h);
    /* record t (0-based, iteration t + 1) carries the counts before that iteration's rule */
    int last = 0, rule2 = 0, bad = 0;
    for (int t = 0; t + 1 < n; t++) {
        int iter = t + 1, depth = iter - last;
        int r1 = rec[t + 1].events[0] > rec[t].events[0], r2 = rec[t + 1].events[1] > rec[t].events[1];
        if (r2) {
            rule2++;
            if (depth != rec[t].events[2] && bad++ < 3)
                CHECK(0, "%s: rule 2 at iteration %d, depth %d, the regroup depth %lld", params, iter, depth,
                      (long long)rec[t].events[2]);
        } else if (!r1 && depth >= rec[t].events[2] && bad++ < 3) {
            CHECK(0, "%s: no regroup at iteration %d, depth %d, the regroup depth %lld", params, iter, depth,
                  (long long)rec[t].events[2]);
        }
        if (r1 || r2) last = iter;
    }
    CHECK(rule2 >= 3 && !bad, "%s: %d rule-2 regroups in %d iterations, %d wrong", params, rule2, n, bad);
}

int main(void)
{
    test_aco_rule2("ants=4,iterations=40,sight=0,regroup=1");
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
