/*
 * test_optima.c - the exact reference optima (optima.c, reference.c) against brute force:
 * cubes a few moves from a goal (random face turns, or random moves of the stage's group),
 * whose optimum is min(brute force up to 4 moves, the scramble's length); every 2x2x3 block
 * location, every Thistlethwaite stage; the node bound; errors; the per-phase JSON of real
 * HuGO! and TWES solves (each optimum at most the phase's length).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "search/groups.h"
#include "search/optima.h"

static uint32_t rs = 12345;
static int rnd(int n)
{
    rs ^= rs << 13, rs ^= rs >> 17, rs ^= rs << 5;
    return (int)(rs % (uint32_t)n);
}

static int face_of(char ch) { return (int)(strchr("URFDLB", ch) - "URFDLB"); }

/* location loc's block solved: every cubie touching neither free face home, unturned
 * (written from the names, independently of optima.c) */
static int block_solved(const ec_cube *c, int loc)
{
    int f1 = face_of(ec__edge_name[loc][0]), f2 = face_of(ec__edge_name[loc][1]);
    for (int i = 0; i < 8; i++) {
        const char *n = ec__corner_name[i];
        if (strchr(n, "URFDLB"[f1]) || strchr(n, "URFDLB"[f2])) continue;
        if (c->cp[i] != i || c->co[i]) return 0;
    }
    for (int i = 0; i < 12; i++) {
        const char *n = ec__edge_name[i];
        if (strchr(n, "URFDLB"[f1]) || strchr(n, "URFDLB"[f2])) continue;
        if (c->ep[i] != i || c->eo[i]) return 0;
    }
    return 1;
}

/* goal: 0..11 a block location, 100 + g: the group G_g, 200: TWES's E-slice goal */
static int at_goal(const ec_cube *c, int goal)
{
    if (goal < 12) return block_solved(c, goal);
    if (goal == 200) {
        for (int i = 8; i < 12; i++)
            if (c->ep[i] < 8) return 0;
        return 1;
    }
    return ec__in_group(c, goal - 100) == 1;
}

/* shortest sequence of moves mv[0..nm) reaching goal, if at most depth (else -1) */
static int brute1(const ec_cube *c, int goal, const uint8_t *mv, int nm, int depth, int prev)
{
    if (at_goal(c, goal)) return 0;
    if (!depth) return -1;
    int best = -1;
    for (int i = 0; i < nm; i++) {
        if (!ec__move_follows(prev, mv[i])) continue;
        ec_cube t;
        ec_cube_multiply(c, ec__move_cube(mv[i]), &t);
        int r = brute1(&t, goal, mv, nm, depth - 1, mv[i]);
        if (r >= 0 && (best < 0 || r + 1 < best)) best = r + 1;
    }
    return best;
}
static int brute(const ec_cube *c, int goal, const uint8_t *mv, int nm, int depth)
{
    for (int d = 0; d <= depth; d++) /* iterative deepening: the first depth is the shortest */
        if (brute1(c, goal, mv, nm, d, -1) >= 0) return d;
    return -1;
}

/* a cube k random moves of mv from solved */
static void scramble(ec_cube *c, const uint8_t *mv, int nm, int k)
{
    ec_cube_solved(c);
    for (int i = 0; i < k; i++) ec_cube_move(c, mv[rnd(nm)]);
}

static void test_blocks(void)
{
    uint8_t all[18];
    for (int m = 0; m < 18; m++) all[m] = (uint8_t)m;
    int len, where, rc;
    ec_cube c;
    ec_cube_solved(&c);
    for (int loc = 0; loc < 12; loc++) {
        rc = ec_optimum_block(&c, loc, 1000, &len, NULL);
        CHECK(rc == EC_OK && len == 0, "solved cube, location %d: rc %d len %d", loc, rc, len);
    }
    /* every location on cubes 1..5 moves from solved: exact = min(brute force to 4, k) */
    for (int trial = 0; trial < 40; trial++) {
        int k = 1 + trial % 5;
        scramble(&c, all, 18, k);
        int best = 99;
        for (int loc = 0; loc < 12; loc++) {
            int b = brute(&c, loc, all, 18, k < 5 ? k : 4);
            if (b < 0) b = k;
            if (b < best) best = b;
            rc = ec_optimum_block(&c, loc, 10000000, &len, NULL);
            CHECK(rc == EC_OK && len == b, "trial %d location %d: rc %d optimum %d, brute force %d", trial, loc, rc,
                  len, b);
        }
        rc = ec_optimum_block(&c, -1, 10000000, &len, &where);
        CHECK(rc == EC_OK && len == best, "trial %d best of 12: %d, brute force %d", trial, len, best);
        CHECK(rc == EC_OK && brute(&c, where, all, 18, best) == best, "trial %d: location %d is not the best",
              trial, where);
    }
    /* a random state: exact, within the block's known range, and the bound says so honestly */
    ec_random_state(7, &c);
    rc = ec_optimum_block(&c, -1, 50000000, &len, &where);
    CHECK(rc == EC_OK && len >= 5 && len <= 10, "random state best block %d (rc %d)", len, rc);
    int full = len, lb;
    /* growing budgets: a bound never above the optimum (the depth being searched when the
     * nodes ran out), never falling, then the optimum itself */
    int prev = 0, bounded = 0;
    for (int b = 1; b <= (1 << 26); b *= 2) {
        rc = ec_optimum_block(&c, -1, b, &lb, NULL);
        CHECK(rc == EC_OK || rc == EC_BOUND, "budget %d: rc %d", b, rc);
        CHECK(lb >= prev && (rc == EC_BOUND ? lb <= full : lb == full), "budget %d: %d after %d, optimum %d", b, lb,
              prev, full);
        prev = lb;
        bounded += rc == EC_BOUND;
        if (rc == EC_OK) break;
    }
    CHECK(bounded >= 3, "only %d budgets too small", bounded);
    CHECK_RC(ec_optimum_block(&c, 12, 10, &len, NULL), EC_E_RANGE);
    CHECK_RC(ec_optimum_block(&c, 0, 0, &len, NULL), EC_E_RANGE);
    CHECK_RC(ec_optimum_block(NULL, 0, 10, &len, NULL), EC_E_NULL);
}

static void test_stages(void)
{
    for (int st = 0; st <= 4; st++) {
        int g = st == 4 ? 1 : st, goal = st == 4 ? 200 : 100 + st + 1;
        uint8_t mv[18];
        int nm = ec__group_moves(g, mv), len, rc;
        ec_cube c;
        for (int trial = 0; trial < 30; trial++) {
            int k = 1 + trial % 5;
            scramble(&c, mv, nm, k);
            int b = brute(&c, goal, mv, nm, k < 5 ? k : 4);
            if (b < 0) b = k;
            rc = ec_optimum_stage(&c, st, &len);
            CHECK(rc == EC_OK && len == b, "stage %d trial %d: rc %d optimum %d, brute force %d", st, trial, rc, len,
                  b);
        }
        /* deep cubes of G_g: a sequence of that length reaches the goal (greedy on the table) */
        for (int trial = 0; trial < 5; trial++) {
            scramble(&c, mv, nm, 40);
            rc = ec_optimum_stage(&c, st, &len);
            CHECK(rc == EC_OK && len <= 15, "stage %d deep: rc %d len %d", st, rc, len);
            for (int d = len; d > 0; d--) {
                int stepped = 0;
                for (int i = 0; i < nm && !stepped; i++) {
                    ec_cube t;
                    int l2;
                    ec_cube_multiply(&c, ec__move_cube(mv[i]), &t);
                    if (ec_optimum_stage(&t, st, &l2) == EC_OK && l2 == d - 1) c = t, stepped = 1;
                }
                CHECK(stepped, "stage %d: no neighbour one closer at %d", st, d);
                if (!stepped) break;
            }
            CHECK(at_goal(&c, goal), "stage %d: the descent does not end at the goal", st);
        }
    }
    ec_cube c;
    int len;
    ec_random_state(3, &c);
    CHECK_RC(ec_optimum_stage(&c, 1, &len), EC_E_GROUP);
    CHECK_RC(ec_optimum_stage(&c, 5, &len), EC_E_RANGE);
    CHECK_RC(ec_optimum_stage(&c, 0, &len), EC_OK);
    CHECK(len >= 0 && len <= 7, "G0 -> G1 takes at most 7 moves: %d", len);
}

static void solve_and_check(const char *solver, const char *scramble_text, const char *params)
{
    char fac[EC_FACELETS_SIZE], msg[200], json[4096];
    CHECK_RC(ec_facelets_apply(NULL, scramble_text, fac, sizeof fac, msg, sizeof msg), EC_OK);
    ec_solver *h = NULL;
    REQUIRE_RC(ec_solver_new(solver, fac, 1, params, &h, msg, sizeof msg), EC_OK);
    if (!h) return;
    CHECK_RC(ec_solver_optima_json(h, 100000, json, sizeof json), EC_E_STATE);
    int st = EC_RUNNING;
    for (int i = 0; i < 100000 && st == EC_RUNNING; i++) st = ec_solver_step(h, 1000);
    CHECK_RC(st, EC_DONE);
    int rc = ec_solver_optima_json(h, 2000000, json, sizeof json);
    CHECK_RC(rc, EC_OK);
    /* every phase: its optimum, when given, is at most its length */
    char res[1 << 14];
    ec_solver_result_json(h, res, sizeof res);
    const char *p = json, *q = strstr(res, "\"phases\"");
    int phases = 0, with = 0;
    while ((p = strstr(p, "\"name\":")) && (q = strstr(q, "\"length\":"))) {
        const char *o = strstr(p, "\"optimum\":");
        int len = atoi(q + 9);
        if (o && strncmp(o + 10, "null", 4)) {
            int opt = atoi(o + 10);
            CHECK(opt >= 0 && opt <= len, "%s phase %d: optimum %d > length %d (%s)", solver, phases, opt, len, json);
            with++;
        }
        phases++, p++, q++;
    }
    CHECK(phases > 0 && with > 0, "%s: %d phases, %d with an optimum: %s", solver, phases, with, json);
    CHECK(strstr(json, "\"twophase\":") != NULL, "%s: no start distance: %s", solver, json);
    if (!strcmp(solver, "hugo")) CHECK(strstr(json, "\"best\":") != NULL, "hugo: no best block: %s", json);
    if (!strcmp(solver, "twes")) CHECK(with == phases && phases == 5, "twes: %d of %d phases with an optimum: %s", with, phases, json);
    ec_solver_free(h);
}

int main(void)
{
    test_blocks();
    test_stages();
    solve_and_check("twes", "R U F' L2 D B R' U2 F D' L B2 U R F'", NULL);
    solve_and_check("hugo", "R U F' L2 D B", NULL);
    CHECK_RC(ec_solver_optima_json(NULL, 10, NULL, 0), EC_E_NULL);
    DONE();
}
