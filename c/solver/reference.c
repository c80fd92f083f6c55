/*
 * reference.c - ec_solver_optima_json (evocube.h, "exact reference optima"): after a solve,
 * each phase's exact optimum from the state the phase started in, read by the phase's name
 * (HuGO!'s "2x2x3 block", TWES's five Thistlethwaite phases; other phases have none), and the
 * two-phase distance of the start. Computed on request only, never by a solver or into the
 * result JSON (so golden runs and timings are unchanged).
 */
#include <string.h>

#include "core/json.h"
#include "solver/solver.h"

static const char *const twes_names[5] = {"G0 -> G1", "G1 -> G2 (edges)", "G1 -> G2 (corners)", "G2 -> G3",
                                          "G3 -> G4"};
static const int twes_stage[5] = {0, 4, 1, 2, 3};
static const char *const loc_names[12] = {"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"};

static void put_len(ec_json *j, const char *key, const char *bkey, int rc, int len)
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
        int kind = -1, rc = EC_E_STATE, len = 0;
        for (int k = 0; k < 5; k++)
            if (!strcmp(p->name, twes_names[k])) kind = twes_stage[k];
        if (!strcmp(h->impl->name, "hugo") && !strcmp(p->name, "2x2x3 block")) {
            ec_cube end = at;
            ec_cube_moves(&end, p->moves, p->n);
            int loc = -1, where = -1;
            for (int l = 0; l < 12 && loc < 0; l++) /* the block the phase solved (the first) */
                if (ec_optimum_block(&end, l, 1, &len, NULL) == EC_OK && len == 0) loc = l;
            if (loc >= 0) rc = ec_optimum_block(&at, loc, nodes, &len, NULL);
            put_len(&j, "optimum", "bound", rc, len);
            if (loc >= 0) {
                ec__json_key(&j, "of", 0);
                ec__json_str(&j, loc_names[loc]);
            }
            rc = ec_optimum_block(&at, -1, nodes, &len, &where);
            put_len(&j, "best", "bestBound", rc, len);
            if (rc == EC_OK) {
                ec__json_key(&j, "bestAt", 0);
                ec__json_str(&j, loc_names[where]);
            }
        } else if (!strcmp(h->impl->name, "twes") && kind >= 0) {
            rc = ec_optimum_stage(&at, kind, &len);
            put_len(&j, "optimum", "bound", rc, len);
            if (kind == 4) {
                rc = ec_optimum_stage(&at, 1, &len);
                put_len(&j, "stage", "stageBound", rc, len);
            }
        } else {
            ec__json_key(&j, "optimum", 0);
            ec__json_raw(&j, "null");
        }
        if (rc < 0 && rc != EC_E_STATE && rc != EC_E_GROUP) return rc;
        ec__json_raw(&j, "}");
        ec_cube_moves(&at, p->moves, p->n);
    }
    ec__json_raw(&j, "]}");
    return j.overflow ? EC_E_BUFFER : EC_OK;
}
