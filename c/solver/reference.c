/*
 * reference.c - ec_solver_optima_json (evocube.h, "exact reference optima"): after a solve,
 * each phase's exact optimum from the state the phase started in, as the solver's
 * phase_optimum hook writes it (solver.h; a solver without one, or a phase it skips, gets
 * "optimum":null), and the two-phase distance of the start. Computed on request only,
 * never by a solver or into the result JSON (so golden runs and timings are unchanged).
 */
#include "core/json.h"
#include "solver/solver.h"

void ec__optimum_json(ec_json *j, const char *key, const char *bkey, int rc, int len)
{
    ec__json_key(j, key, 0);
    if (rc == EC_OK || rc == EC_BOUND) ec__json_int(j, len);
    else ec__json_raw(j, "null");
    ec__json_key(j, bkey, 0);
    ec__json_raw(j, rc == EC_BOUND ? "true" : "false");
}

int ec_solver_optima_json(const ec_solver *h, int nodes, char *out, int size)
{
    if (!h || !out) return EC_E_NULL;
    if (nodes < 1) return EC_E_RANGE;
    if (h->status != EC_DONE) return EC_E_STATE;
    ec_json j;
    ec__json_init(&j, out, size);
    ec__json_raw(&j, "{\"start\":{");
    int d = ec_distance(&h->start, nodes);
    if (d < 0) return d;
    ec__json_key(&j, "twophase", 1);
    ec__json_int(&j, d);
    ec__json_key(&j, "nodes", 0);
    ec__json_int(&j, nodes);
    ec__json_raw(&j, "},\"phases\":[");
    ec_cube at = h->start;
    for (int i = 0; i < h->nphases; i++) {
        const ec_phase_result *p = &h->phases[i];
        ec__json_raw(&j, i ? ",{" : "{");
        ec__json_key(&j, "name", 1);
        ec__json_str(&j, p->name);
        int rc = h->impl->phase_optimum ? h->impl->phase_optimum(h, i, &at, nodes, &j) : 0;
        if (rc < 0) return rc;
        if (rc == 0) {
            ec__json_key(&j, "optimum", 0);
            ec__json_raw(&j, "null");
        }
        ec__json_raw(&j, "}");
        ec_cube_moves(&at, p->moves, p->n);
    }
    ec__json_raw(&j, "]}");
    return j.overflow ? EC_E_BUFFER : EC_OK;
}
