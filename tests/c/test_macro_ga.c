/* test_macro_ga.c - the permutation-macro GA: sticker-count fitness, the rotation/slice
 * rewrite into face turns by position, what each of the paper's fifteen macros does, and
 * solving, verification and determinism of the "macro-ga" solver (small params). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "evocube.h"
#include "core/frame.h"
#include "core/stickers.h"
#include "solvers/macro_ga/macro_ga.h"
#include "solver/solver.h"

static const char *SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/* Misplaced stickers counted the slow way: through the facelet string. */
static int cube_of_alg(const char *alg, ec_cube *c)
{
    uint8_t codes[256];
    int n;
    int rc = ec_alg_parse(alg, codes, 256, &n, NULL, 0);
    if (rc) return rc;
    ec_frame fr;
    ec__frame_init(&fr);
    ec_cube_solved(c);
    for (int i = 0; i < n; i++) {
        uint8_t t[2];
        int k = ec__frame_code(&fr, codes[i], t);
        for (int j = 0; j < k; j++) ec_cube_move(c, t[j]);
    }
    return EC_OK;
}

/* "corners: URF<-UFL/2 ... edges: ..." : every slot whose cubie or orientation changed. */
static void describe(const ec_cube *c, char *out, size_t size)
{
    size_t k = (size_t)snprintf(out, size, "corners:");
    for (int s = 0; s < 8; s++)
        if (c->cp[s] != s || c->co[s])
            k += (size_t)snprintf(out + k, size - k, " %s<-%s/%d", ec__corner_name[s], ec__corner_name[c->cp[s]], c->co[s]);
    k += (size_t)snprintf(out + k, size - k, " edges:");
    for (int s = 0; s < 12; s++)
        if (c->ep[s] != s || c->eo[s])
            k += (size_t)snprintf(out + k, size - k, " %s<-%s/%d", ec__edge_name[s], ec__edge_name[c->ep[s]], c->eo[s]);
}

static int solve(const char *scramble, uint32_t seed, const char *params, char *sol, int size, int64_t *gens)
{
    char f[EC_FACELETS_SIZE];
    if (ec_facelets_apply(NULL, scramble, f, sizeof f, NULL, 0)) return -100;
    ec_solver *h;
    char msg[256];
    int rc = ec_solver_new("macro-ga", f, seed, params, &h, msg, sizeof msg);
    if (rc) {
        fprintf(stderr, "new: %s\n", msg);
        return rc;
    }
    while ((rc = ec_solver_step(h, 50)) == EC_RUNNING) {
        ec_progress rec[64];
        int n;
        do ec_solver_progress(h, rec, 64, &n);
        while (n);
    }
    if (rc == EC_DONE) {
        ec_solver_solution(h, sol, size);
        CHECK_RC(ec_verify(f, sol, NULL, 0), EC_OK);
    }
    if (gens) *gens = h->generations;
    ec_solver_free(h);
    return rc;
}

/* the solver's params in the short runs: the paper's (a generation takes well under 1 ms) */
static const char *const small = NULL;

static void sticker_fitness(void)
{
    ec_cube c;
    /* the sticker-count fitness is the core's: tests/c/test_stickers.c */
    ec_cube_solved(&c);
    CHECK(ec__sticker_misplaced(&c) == 0, "solved: %d", ec__sticker_misplaced(&c));
}

static void frame_rewrite(void)
{
    ec_rng r;
    ec_rng_seed(&r, 5);
    /* ---- the frame rewrite: for any alg (face turns, wide turns, slices, rotations), its
     * rewritten face turns R satisfy alg = R T for a whole-cube rotation T, so applying R's
     * inverse and then the alg to the stickers leaves every face one colour; and the frame
     * says which colour each centre now shows */
    for (int t = 0; t < 400; t++) {
        uint8_t codes[12], faces[24], inv[24];
        int n = 1 + (int)ec_rng_below(&r, 12), nf = 0;
        for (int i = 0; i < n; i++) codes[i] = (uint8_t)ec_rng_below(&r, EC_MOVE_CODES);
        ec_frame fr;
        ec__frame_init(&fr);
        for (int i = 0; i < n; i++) nf += ec__frame_code(&fr, codes[i], faces + nf);
        for (int i = 0; i < nf; i++) inv[i] = (uint8_t)(faces[nf - 1 - i] / 3 * 3 + 2 - faces[nf - 1 - i] % 3);
        char alg[256], pre[256], f1[EC_FACELETS_SIZE], f2[EC_FACELETS_SIZE];
        ec_alg_format(codes, n, alg, sizeof alg);
        ec_alg_format(inv, nf, pre, sizeof pre);
        CHECK_RC(ec_facelets_apply(NULL, pre, f1, sizeof f1, NULL, 0), EC_OK);
        CHECK_RC(ec_facelets_apply(f1, alg, f2, sizeof f2, NULL, 0), EC_OK);
        CHECK(ec_facelets_is_solved(f2) == 1, "rewrite of \"%s\" is not that alg up to a rotation", alg);
        CHECK_RC(ec_facelets_apply(NULL, alg, f1, sizeof f1, NULL, 0), EC_OK);
        for (int face = 0; face < 6; face++)
            CHECK(f1[face * 9 + 4] == ec__face_char[fr.pos[face]], "\"%s\": centre %d shows %c, frame says %c", alg,
                  face, f1[face * 9 + 4], ec__face_char[fr.pos[face]]);
    }
}

static void frame_named_cases(void)
{
    /* named cases: x U = F x; y R' = B' y; M2 U M2 = R2 L2 D R2 L2 */
    ec_cube a, b;
    cube_of_alg("x U", &a);
    cube_of_alg("F", &b);
    CHECK(!memcmp(&a, &b, sizeof a), "x U is F by position");
    cube_of_alg("y R'", &a);
    cube_of_alg("B'", &b);
    CHECK(!memcmp(&a, &b, sizeof a), "y R' is B' by position");
    cube_of_alg("M2 U M2", &a);
    cube_of_alg("R2 L2 D R2 L2", &b);
    CHECK(!memcmp(&a, &b, sizeof a), "M2 U M2 is R2 L2 D R2 L2");
}

static void macros(void)
{
    ec_cube c;
    /* ---- each macro does what it does (cubies changed, their sources and twists/flips). The
     * paper's comments name them loosely; the actual effects: two in-place edge flips (0, 1),
     * two in-place corner twists (2, 3), edge 3-cycles (4, 5, 12, 13), a corner swap with an
     * edge swap (6-9), corner 3-cycles (10, 11), the H permutation (14). */
    static const char *const want[15] = {
        "corners: edges: UR<-UR/1 UF<-UF/1",
        "corners: edges: UF<-UF/1 UL<-UL/1",
        "corners: URF<-URF/1 UFL<-UFL/2 edges:",
        "corners: UFL<-UFL/1 ULB<-ULB/2 edges:",
        "corners: edges: UF<-FL/0 FR<-UF/0 FL<-FR/0",
        "corners: edges: UF<-FR/0 FR<-FL/0 FL<-UF/0",
        "corners: URF<-UFL/2 UFL<-URF/1 edges: UF<-UL/0 UL<-UF/0",
        "corners: URF<-UFL/2 UFL<-URF/1 edges: UR<-UF/0 UF<-UR/0",
        "corners: UFL<-UBR/0 UBR<-UFL/0 edges: UF<-UB/0 UB<-UF/0",
        "corners: URF<-ULB/0 ULB<-URF/0 edges: UF<-UB/0 UB<-UF/0",
        "corners: URF<-ULB/2 UFL<-URF/2 ULB<-UFL/2 edges:",
        "corners: URF<-UFL/1 UFL<-UBR/1 UBR<-URF/1 edges:",
        "corners: edges: UF<-DF/0 UB<-UF/0 DF<-UB/0",
        "corners: edges: UF<-UB/0 UB<-DB/0 DB<-UF/0",
        "corners: edges: UR<-UL/0 UF<-UB/0 UL<-UR/0 UB<-UF/0",
    };
    for (int i = 0; i < EC_MACRO_GA_MACROS; i++) {
        char d[512];
        CHECK_RC(cube_of_alg(ec__macro_ga_macro(i), &c), EC_OK);
        describe(&c, d, sizeof d);
        CHECK(!strcmp(d, want[i]), "macro %d (%s): %s", i, ec__macro_ga_macro(i), d);
        /* small changes: never more than 8 of 48 stickers, unlike a face turn's 12 */
        CHECK(ec__sticker_misplaced(&c) > 0 && ec__sticker_misplaced(&c) <= 8, "macro %d moves %d stickers", i,
              ec__sticker_misplaced(&c));
        /* each is a 3-cycle, a pair of 2-cycles or twists/flips: order 2 or 3 (H perm 2) */
        ec_cube p = c;
        int order = 1;
        while (!ec_cube_is_solved(&p) && order < 7) {
            ec_cube t;
            ec_cube_multiply(&p, &c, &t);
            p = t;
            order++;
        }
        CHECK(order == 2 || order == 3, "macro %d has order %d", i, order);
    }
    CHECK(ec__macro_ga_macro(15) == NULL && ec__macro_ga_macro(-1) == NULL, "macro index range");
}

static void short_scrambles(void)
{
    /* ---- the solver: short scrambles solved and verified, with small params */
    const char *scr[] = {"R", "R U F'", "F2 L D2 B2 F", "B U' R2 B F'", "R2 B2 D F R2"};
    for (int i = 0; i < 5; i++) {
        char sol[EC_MAX_ALG_MOVES * 4];
        int rc = solve(scr[i], 7, small, sol, sizeof sol, NULL);
        CHECK_RC(rc, EC_DONE);
    }
}

static void random_state(void)
{
    /* a random-state scramble with the paper's defaults */
    {
        char scramble[400], sol[EC_MAX_ALG_MOVES * 4];
        ec_scramble_moves_text(30, 99, scramble, sizeof scramble);
        int64_t g = 0;
        int rc = solve(scramble, 3, NULL, sol, sizeof sol, &g);
        CHECK_RC(rc, EC_DONE);
        CHECK(g >= 1, "generations %lld", (long long)g);
    }
}

static void determinism(void)
{
    /* determinism: same seed, same solution; a different seed, another run */
    {
        char s1[EC_MAX_ALG_MOVES * 4], s2[EC_MAX_ALG_MOVES * 4], s3[EC_MAX_ALG_MOVES * 4];
        int64_t g1, g2, g3;
        CHECK_RC(solve("U2 F' R D L2", 11, small, s1, sizeof s1, &g1), EC_DONE);
        CHECK_RC(solve("U2 F' R D L2", 11, small, s2, sizeof s2, &g2), EC_DONE);
        CHECK_RC(solve("U2 F' R D L2", 12, small, s3, sizeof s3, &g3), EC_DONE);
        CHECK_STR(s1, s2);
        CHECK(g1 == g2, "generations %lld vs %lld", (long long)g1, (long long)g2);
        CHECK(strcmp(s1, s3) != 0, "seeds 11 and 12 gave the same solution");
    }
}

static void progress_records(void)
{
    /* one progress record per generation, gen counting 1, 2, ...; elitism makes the best
     * fitness never worse within an attempt; a budget that is too small gives up */
    {
        char f[EC_FACELETS_SIZE];
        ec_facelets_apply(NULL, "R U R' U' F2 D B' L", f, sizeof f, NULL, 0);
        ec_solver *h;
        REQUIRE_RC(ec_solver_new("macro-ga", f, 1, "population=20,elitism=2,generations=5,resets=1", &h, NULL, 0), EC_OK);
        int rc = ec_solver_step(h, 7);
        CHECK_RC(rc, EC_RUNNING);
        ec_progress rec[16];
        int n;
        ec_solver_progress(h, rec, 16, &n);
        CHECK(n == 7, "%d records for 7 generations", n);
        for (int i = 0; i < n; i++) CHECK(rec[i].gen == i + 1, "record %d gen %lld", i, (long long)rec[i].gen);
        for (int i = 1; i < 5 && i < n; i++) CHECK(rec[i].best <= rec[i - 1].best, "best got worse at %d", i);
        CHECK(!strcmp(rec[5].phase_name, "attempt 2"), "reset after 5 generations: %s", rec[5].phase_name);
        rc = ec_solver_step(h, 10);
        CHECK_RC(rc, EC_GAVE_UP);
        CHECK(h->generations == 10, "gave up after %lld generations, want 10", (long long)h->generations);
        char sol[64];
        CHECK_RC(ec_solver_solution(h, sol, sizeof sol), EC_E_STATE);
        ec_solver_free(h);
    }
}

static void tie_break(void)
{
    /* tieBreak's ranking: among equal fitness the shorter move list first (then the slot);
     * without it the blog's order, fitness then slot */
    {
        int fit[6] = {3, 1, 1, 1, 0, 1}, len[6] = {5, 9, 2, 4, 7, 2}, order[6], scratch[6 + EC_MAX_ALG_MOVES + 2];
        const int want_tie[6] = {4, 2, 5, 3, 1, 0}, want_blog[6] = {4, 1, 2, 3, 5, 0};
        ec__macro_ga_rank(fit, len, 6, order, scratch);
        for (int i = 0; i < 6; i++) CHECK(order[i] == want_tie[i], "tie-break rank %d: %d, want %d", i, order[i], want_tie[i]);
        ec__macro_ga_rank(fit, NULL, 6, order, scratch);
        for (int i = 0; i < 6; i++) CHECK(order[i] == want_blog[i], "blog rank %d: %d, want %d", i, order[i], want_blog[i]);
    }
}

static void loop_cutting(void)
{
    /* loop cutting: a planted loop (the sexy move six times, back to the same state) between
     * F and D goes; a path that never repeats a state stays; the end state never changes */
    {
        ec_cube start, ea, eb;
        CHECK_RC(cube_of_alg("R U F' L2 D B", &start), 0);
        uint8_t mv[64];
        int n = 0, rc;
        CHECK_RC(ec_alg_parse("F R U R' U' R U R' U' R U R' U' R U R' U' R U R' U' R U R' U' D", mv, 64, &n, NULL, 0), EC_OK);
        ea = start;
        ec_cube_moves(&ea, mv, n);
        rc = ec__macro_ga_cut_loops(&start, mv, n);
        CHECK(rc == 2 && mv[0] == 2 * 3 && mv[1] == 3 * 3, "planted loop: %d moves left (%d %d), want F D", rc, mv[0], mv[1]);
        eb = start;
        ec_cube_moves(&eb, mv, rc > 0 ? rc : 0);
        CHECK(!memcmp(&ea, &eb, sizeof ea), "loop cutting changed the end state");
        /* a loop that is not a cancellation: R U R' U' R U and then back by U' R' U R U' R' */
        CHECK_RC(ec_alg_parse("L R U R' U' R U U' R' U R U' R' B", mv, 64, &n, NULL, 0), EC_OK);
        rc = ec__macro_ga_cut_loops(&start, mv, n);
        CHECK(rc == 2 && mv[0] == 4 * 3 && mv[1] == 5 * 3, "inverse loop: %d moves left, want L B", rc);
        CHECK_RC(ec_alg_parse("R U F' L2 D B R2 U'", mv, 64, &n, NULL, 0), EC_OK);
        rc = ec__macro_ga_cut_loops(&start, mv, n);
        CHECK(rc == 8, "no repeated state: %d moves left, want 8", rc);
    }
}

static void presets(void)
{
    /* the presets: loopCut=1 cuts the same run's solution (same seed: the same individual
     * solves) to at most its length; preset=short solves and is shorter than the blog's
     * setting on a random state (measured over 60 in docs/BENCHMARKS.md, section short-presets) */
    {
        char scramble[400], s0[EC_MAX_ALG_MOVES * 4], s1[EC_MAX_ALG_MOVES * 4], s2[EC_MAX_ALG_MOVES * 4];
        ec_scramble_moves_text(30, 5, scramble, sizeof scramble);
        CHECK_RC(solve(scramble, 5, "tieBreak=1", s0, sizeof s0, NULL), EC_DONE);
        CHECK_RC(solve(scramble, 5, "tieBreak=1,loopCut=1", s1, sizeof s1, NULL), EC_DONE);
        uint8_t m[EC_MAX_ALG_MOVES];
        int n0 = 0, n1 = 0, n2 = 0, np = 0;
        ec_alg_parse(s0, m, EC_MAX_ALG_MOVES, &n0, NULL, 0);
        ec_alg_parse(s1, m, EC_MAX_ALG_MOVES, &n1, NULL, 0);
        CHECK(n1 < n0, "loopCut=1: %d moves, without %d", n1, n0);
        CHECK_RC(solve(scramble, 5, "preset=short", s2, sizeof s2, NULL), EC_DONE);
        CHECK_RC(solve(scramble, 5, NULL, s0, sizeof s0, NULL), EC_DONE);
        ec_alg_parse(s2, m, EC_MAX_ALG_MOVES, &n2, NULL, 0);
        ec_alg_parse(s0, m, EC_MAX_ALG_MOVES, &np, NULL, 0);
        CHECK(n2 < np, "preset=short: %d moves, the blog's setting %d", n2, np);
    }
}

static void params_checked(void)
{
    /* params are checked */
    {
        ec_solver *h;
        char msg[256];
        CHECK_RC(ec_solver_new("macro-ga", SOLVED, 1, "population=1", &h, msg, sizeof msg), EC_E_PARAM_RANGE);
        CHECK_RC(ec_solver_new("macro-ga", SOLVED, 1, "mutation=3", &h, msg, sizeof msg), EC_E_PARAM_UNKNOWN);
    }
}

/* Run macro-ga on the cube of scramble to the end (EC_DONE required); returns the handle. */
static ec_solver *solved_run(const char *scramble, uint32_t seed, const char *params)
{
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, scramble, f, sizeof f, NULL, 0);
    ec_solver *h = NULL;
    if (ec_solver_new("macro-ga", f, seed, params, &h, NULL, 0) != EC_OK) return NULL;
    int rc;
    while ((rc = ec_solver_step(h, 50)) == EC_RUNNING) {
        ec_progress rec[64];
        int n;
        do ec_solver_progress(h, rec, 64, &n);
        while (n == 64);
    }
    CHECK_RC(rc, EC_DONE);
    return h;
}

/* The solving individual's parts (the result's "parts"): "start" with the random start turns,
 * then macros M1..M15, each as many face turns as the paper's macro and with the effect of
 * that macro seen in some whole-cube rotation; their moves in order simplify to the solution
 * (without loopCut), and with loopCut=1 still solve the cube. Other solvers have no parts. */
static void parts(void)
{
    static const char *const scrambles[] = {"R U F' L2 D B", "U2 F' R D L2 B' U", "D B2 R' U L F2 D' R"};
    int macro_turns[EC_MACRO_GA_MACROS];
    for (int m = 0; m < EC_MACRO_GA_MACROS; m++) {
        uint8_t codes[32], t[2];
        int n = 0, k;
        ec_alg_parse(ec__macro_ga_macro(m), codes, 32, &n, NULL, 0);
        ec_frame fr;
        ec__frame_init(&fr);
        macro_turns[m] = 0;
        for (int i = 0; i < n; i++) k = ec__frame_code(&fr, codes[i], t), macro_turns[m] += k;
    }
    for (int i = 0; i < 3; i++) {
        ec_solver *h = solved_run(scrambles[i], 5 + (uint32_t)i, i == 2 ? "preset=fast" : NULL);
        REQUIRE_RC(h ? EC_OK : EC_E_STATE, EC_OK);
        CHECK(h->nparts >= 2, "%d parts", h->nparts);
        CHECK(!strcmp(h->parts[0].label, "start") && h->parts[0].n == 2 && !h->parts[0].rotation[0],
              "first part %s (%d turns)", h->parts[0].label, h->parts[0].n);
        int bad = 0, rotated = 0, end = 0;
        for (int p = 1; p < h->nparts; p++) {
            const ec_part *q = &h->parts[p];
            int m = q->label[0] == 'M' ? atoi(q->label + 1) - 1 : -1;
            if (m < 0 || m >= EC_MACRO_GA_MACROS || q->n != macro_turns[m]) bad++;
            rotated += q->rotation[0] != '\0';
            /* the part's effect: the macro's conjugated by some rotation (same stickers moved
             * count, a quick necessary check) */
            ec_cube a, b;
            ec_cube_solved(&a);
            ec_cube_moves(&a, h->part_moves + q->off, q->n);
            cube_of_alg(ec__macro_ga_macro(m < 0 ? 0 : m), &b);
            if (ec__sticker_misplaced(&a) != ec__sticker_misplaced(&b)) bad++;
            if (q->off != h->parts[p - 1].off + h->parts[p - 1].n) bad++;
            end = q->off + q->n;
        }
        CHECK(bad == 0, "%s: %d parts that are not one of the paper's macros in a frame", scrambles[i], bad);
        CHECK(rotated > 0, "%s: no part after a rotation in %d parts", scrambles[i], h->nparts);
        uint8_t *all = malloc((size_t)end + 1);
        memcpy(all, h->part_moves, (size_t)end);
        int n = ec_alg_simplify_moves(all, end);
        CHECK(n == h->solution_len && !memcmp(all, h->solution, (size_t)n),
              "%s: the parts (%d turns) simplify to %d turns, the solution has %d", scrambles[i], end, n,
              h->solution_len);
        free(all);
        char json[1 << 16];
        CHECK_RC(ec_solver_result_json(h, json, sizeof json), EC_OK);
        CHECK(strstr(json, ",\"parts\":[{\"label\":\"start\",\"rotation\":\"\",\"moves\":\"") != NULL,
              "no parts in %.200s", json);
        ec_solver_free(h);
    }
    /* loopCut=1: the parts are the individual as it evolved; they still solve the cube */
    ec_solver *h = solved_run("R U F' L2 D B", 3, "population=100,elitism=10,loopCut=1");
    REQUIRE_RC(h ? EC_OK : EC_E_STATE, EC_OK);
    ec_cube c = h->start;
    ec_cube_moves(&c, h->part_moves, h->part_moves_len);
    CHECK(ec__sticker_misplaced(&c) == 0, "loopCut=1: the parts leave %d stickers misplaced", ec__sticker_misplaced(&c));
    CHECK(h->solution_len <= h->part_moves_len, "loopCut=1: solution %d turns, parts %d", h->solution_len, h->part_moves_len);
    ec_solver_free(h);
    /* another solver: no parts in its JSON */
    char json[1 << 14], f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U", f, sizeof f, NULL, 0);
    REQUIRE_RC(ec_solver_new("greedy", f, 1, NULL, &h, NULL, 0), EC_OK);
    while (ec_solver_step(h, 10) == EC_RUNNING) {
    }
    CHECK_RC(ec_solver_result_json(h, json, sizeof json), EC_OK);
    CHECK(strstr(json, "\"parts\"") == NULL && strstr(json, "\"solved\":true"), "greedy: %.300s", json);
    ec_solver_free(h);
}

/* A migrant that solves the cube: the solving individual is that migrant, one part. */
static void migrant_part(void)
{
    char f[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U", f, sizeof f, NULL, 0);
    ec_solver *h0, *h1;
    static uint8_t a[1 << 16];
    int n0, acc;
    REQUIRE_RC(ec_solver_new_island("macro-ga", f, 3, "epoch=1,population=20,elitism=2", 1, 2, &h1, NULL, 0), EC_OK);
    CHECK_RC(ec_solver_step(h1, 5), EC_EPOCH);
    REQUIRE_RC(ec_solver_new_island("macro-ga", f, 3, "epoch=1,migrants=1", 0, 2, &h0, NULL, 0), EC_OK);
    CHECK_RC(ec_solver_migrants_export(h0, a, sizeof a, &n0), EC_OK); /* the header: tag and context */
    uint8_t m[24 + 10];
    memcpy(m, a, 16);
    const uint8_t tail[18] = {1, 0, 0, 0, 10, 0, 0, 0, 0, 1, 2, 3, 4, 5, 2, 0, 2, 5}; /* one migrant: U' R' */
    memcpy(m + 16, tail, 18);
    REQUIRE_RC(ec_solver_migrants_import(h1, m, 34, &acc, NULL, 0), EC_OK);
    CHECK_RC(ec_solver_step(h1, 1), EC_DONE);
    CHECK(h1->nparts == 1 && !strcmp(h1->parts[0].label, "migrant") && h1->parts[0].n == 2 &&
              h1->part_moves[0] == 2 && h1->part_moves[1] == 5,
          "%d parts, the first %s", h1->nparts, h1->nparts ? h1->parts[0].label : "-");
    ec_solver_free(h0);
    ec_solver_free(h1);
}

/* a part is refused, and the handle's parts left as they were, when a move code is not a face
 * turn (codes 0..17): the parts are the solution's text, never a corrupt one */
static void part_codes_checked(void)
{
    ec_solver *h = solved_run("R U F' L2 D B", 5, NULL);
    REQUIRE_RC(h ? EC_OK : EC_E_STATE, EC_OK);
    int before = h->nparts;
    const uint8_t bad[] = {0, 17, 18}, good[] = {0, 17};
    CHECK_RC(ec__add_part(h, "M1", "", bad, 3), EC_E_RANGE);
    CHECK(h->nparts == before, "a refused part was kept (%d parts, were %d)", h->nparts, before);
    CHECK_RC(ec__add_part(h, "M1", "", good, 2), EC_OK);
    CHECK(h->nparts == before + 1 && h->parts[before].n == 2, "%d parts", h->nparts);
    ec_solver_free(h);
}

int main(void)
{
    RUN(sticker_fitness);
    RUN(part_codes_checked);
    RUN(frame_rewrite);
    RUN(frame_named_cases);
    RUN(macros);
    RUN(short_scrambles);
    RUN(random_state);
    RUN(determinism);
    RUN(progress_records);
    RUN(tie_break);
    RUN(loop_cutting);
    RUN(presets);
    RUN(params_checked);
    RUN(parts);
    RUN(migrant_part);
    DONE();
}
