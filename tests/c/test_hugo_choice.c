/* test_hugo_choice.c - every step of HuGO!'s plan is bounded, whatever planSlack and planNodes
 * (c/solvers/hugo/plan.c hg_choice, hugo.c's units that are not generations,
 * c/search/twogen_optima.c's resumable searches):
 *  - the resumable searches: the joint search (reduction + <U,R> solve, slack 0..3), the
 *    least reduction and the <U,R> distance, each run in slices of 1, 7 and 1000 nodes, give
 *    what one whole run gives (status, lengths, the budget left), with budgets that run out
 *    mid-search and budgets that do not; no call enters more nodes than its slice;
 *  - the solver: on a 6-move scramble, phase 1 then its block choice with planSlack 0 and 3 and
 *    planNodes 1000 and 1e9 (the params' extremes), stepped one unit a step: no step takes
 *    more than HG_CHOICE_UNIT search nodes from the candidates' budgets, the choice runs in
 *    more than one unit when its nodes are more than a unit's, and its records say how far
 *    it is ("2x2x3 block choice k/N", k rising to N) while repeating the last generation's;
 *  - phase 2's exact optimum when no choice costed its block (firstBlock=1, a block solved at
 *    the start): its search takes at most HG_CHOICE_UNIT nodes a step, in more than one unit
 *    when it needs more, and gives hg_plan_cost's value;
 *  - the same runs stepped 1 and 1000 units a step give the same records (every field) and
 *    the same result;
 *  - first, in this process whose exact tables start unbuilt, with a cube whose block is
 *    solved at the start (phase 2 is entered at once): opening the run builds nothing; its
 *    first units build them (twogen_optima.c ec__ur_build), no step doing more than
 *    HG_TABLE_UNIT of the build's work, in more than one unit, recorded as "2x2x3 block exact
 *    tables k/N" (k rising to N) at generation 0 with no individual; the same run with the
 *    tables built gives the same result and records but the build's. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "core/cube.h"
#include "core/packed.h"
#include "search/optima.h"
#include "solver/solver.h"
#include "solvers/hugo/hg.h"

static char msg[256];
static uint64_t rs = 0x2545f4914f6cdd1dull;
static int rnd(int n)
{
    rs ^= rs << 13, rs ^= rs >> 7, rs ^= rs << 17;
    return (int)(rs % (uint64_t)n);
}

/* a reduced cube (n random U and R turns) then `any` random face turns */
static ec_bcube test_cube(int n, int any)
{
    ec_bcube s;
    for (int i = 0; i < 8; i++) s.c[i] = (uint8_t)(i * 3);
    for (int i = 0; i < 12; i++) s.e[i] = (uint8_t)(i * 2);
    for (int i = 0; i < n; i++) ec__bcube_move(&s, rnd(6));
    for (int i = 0; i < any; i++) ec__bcube_move(&s, rnd(18));
    return s;
}

enum { DIST, RED, JOINT };

static int setup(ec__ur_search *q, int kind, const ec_bcube *s, int arg, int64_t nodes)
{
    return kind == DIST ? ec__ur_search_distance(q, s, arg, nodes)
         : kind == RED  ? ec__ur_search_reduce(q, s, nodes)
                        : ec__ur_search_joint(q, s, arg, nodes);
}

static void resumable_searches(void)
{
    int cases = 0, sliced = 0, ran_out = 0;
    for (int k = 0; k < 90; k++) {
        int kind = k % 3;
        ec_bcube s = kind == DIST ? test_cube(30, 0) : test_cube(20, 3 + rnd(4));
        int arg = kind == DIST ? 40 : rnd(4);
        int64_t budgets[3] = {(int64_t)1 << 40, 1 + rnd(3000), 50 + rnd(200000)};
        for (int b = 0; b < 3; b++) {
            ec__ur_search whole, part;
            int64_t all = INT64_MAX;
            REQUIRE_RC(setup(&whole, kind, &s, arg, budgets[b]), EC_OK);
            int want = ec__ur_search_run(&whole, &all);
            CHECK(want == EC_OK || want == EC_BOUND, "case %d: status %d", k, want);
            ran_out += want == EC_BOUND;
            static const int64_t slices[3] = {1, 7, 1000};
            for (int si = 0; si < 3; si++) {
                REQUIRE_RC(setup(&part, kind, &s, arg, budgets[b]), EC_OK);
                int rc, calls = 0, over = 0;
                do {
                    int64_t slice = slices[si], before = part.nodes;
                    rc = ec__ur_search_run(&part, &slice);
                    over |= slice < 0 || before - part.nodes > slices[si];
                    calls++;
                } while (rc == EC_RUNNING && calls < 100000000);
                CHECK(!over, "case %d, slice %lld: a call entered more nodes than its slice", k, (long long)slices[si]);
                CHECK(rc == want && part.nodes == whole.nodes && part.len == whole.len &&
                          (kind != JOINT || (part.red == whole.red && part.solve == whole.solve)),
                      "case %d kind %d, budget %lld, slice %lld: %d len %d red %d solve %d nodes %lld, whole: %d %d %d %d %lld",
                      k, kind, (long long)budgets[b], (long long)slices[si], rc, part.len, part.red, part.solve,
                      (long long)part.nodes, want, whole.len, whole.red, whole.solve, (long long)whole.nodes);
                sliced += calls > 1;
            }
            cases++;
        }
    }
    printf("resumable searches: %d cases, %d runs sliced, %d out of nodes\n", cases, sliced, ran_out);
    CHECK(sliced >= cases, "runs that took more than one slice: %d", sliced);
    CHECK(ran_out >= 10, "searches whose budget ran out: %d", ran_out);
}

/* ------------------------------------------------------------------ the solver */

typedef struct trace {
    int rc, records, choice_records, choice_units, done_rising, repeats_ok;
    int table_records, tables_rising, tables_last, gen_records, built_at_open;
    int64_t max_step_nodes, choice_nodes, max_step_tables, tables, max_step_cost, cost_nodes;
    int plan_opt, cost_want; /* phase 2's exact optimum, and hg_plan_cost's of its start (-1: not entered) */
    uint64_t gen_hash; /* of the records but the table build's */
    uint64_t hash; /* of every record, every field */
    char result[4096];
} trace;

/* a hash of what a record says: its fields, moves and quantiles (its phase name unless bare) */
static uint64_t mix(uint64_t h, const ec_progress *r, int bare)
{
    int64_t v[] = {r->gen, r->phase, (int64_t)(r->best * 1e6), (int64_t)(r->mean * 1e6), r->best_length,
                   (int64_t)(r->diversity * 1e9), r->evaluations, r->restarts, r->found, r->n_moves, r->n_pop_fit};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++) h = (h ^ (uint64_t)v[i]) * 1099511628211ull;
    for (int i = 0; i < r->n_moves && i < EC_PROGRESS_MOVES; i++) h = (h ^ r->moves[i]) * 1099511628211ull;
    for (int i = 0; i < r->n_pop_fit && i < EC_PROGRESS_QUANTILES; i++) h = (h ^ (uint64_t)r->pop_fit[i]) * 1099511628211ull;
    for (const char *c = bare ? "" : r->phase_name; *c; c++) h = (h ^ (uint8_t)*c) * 1099511628211ull;
    return h;
}

/* a 6-move scramble: blocks at many locations within phase 1's 3 rounds, so the choice has
 * 16 candidates, about a million search nodes at planSlack=3, planNodes=1e9 */
static const char *const SCRAMBLE = "U F R2 B' D L'";

/* a cube whose 2x2x3 blocks are solved (the last layer's edges flipped, so not in any block's
 * two-generator group): HuGO! enters phase 2 when the run opens */
static const char *const BLOCK_SOLVED = "F R U R' U' F'";

static void run_cube(const char *scramble, const char *params, int work, trace *t)
{
    memset(t, 0, sizeof *t);
    t->hash = 1469598103934665603ull;
    t->done_rising = t->repeats_ok = t->tables_rising = 1;
    t->gen_hash = t->hash;
    t->plan_opt = t->cost_want = -1;
    char f[EC_FACELETS_SIZE];
    REQUIRE_RC(ec_facelets_apply(NULL, scramble, f, sizeof f, msg, sizeof msg), EC_OK);
    ec_solver *h = NULL;
    int parts;
    REQUIRE_RC(ec_solver_new("hugo", f, 1, params, &h, msg, sizeof msg), EC_OK);
    t->built_at_open = ec__ur_build_done(&parts);
    hg_solver *s = h->state;
    ec_progress last = {0};
    int prev_done = -1;
    do {
        int choosing = s->choosing;
        int64_t before = s->choice.spent, before_tables = s->tables, before_cost = s->cost_spent;
        if (s->phase == 1 && t->cost_want < 0 && !s->prep) { /* phase 2 entered: its exact optimum, whole */
            int red, solve;
            t->plan_opt = s->plan_opt;
            t->cost_want = hg_plan_cost(&s->at[1], s->chosen, s->plan_slack, s->plan_nodes, &red, &solve);
        }
        t->rc = ec_solver_step(h, work);
        if (choosing || s->choosing) {
            int64_t step = s->choice.spent - before;
            if (step > t->max_step_nodes) t->max_step_nodes = step;
            t->choice_nodes = s->choice.spent;
        }
        if (s->tables - before_tables > t->max_step_tables) t->max_step_tables = s->tables - before_tables;
        if (s->cost_spent - before_cost > t->max_step_cost) t->max_step_cost = s->cost_spent - before_cost;
        t->tables = s->tables;
        t->cost_nodes = s->cost_spent;
        ec_progress rec[64];
        int n;
        do {
            ec_solver_progress(h, rec, 64, &n);
            for (int i = 0; i < n; i++) {
                t->records++;
                t->hash = mix(t->hash, &rec[i], 0);
                int done, total;
                char c;
                /* a unit before the first generation: generation 0, no individual */
                const int before_gen = rec[i].gen == 0 && rec[i].best_length == -1 && rec[i].n_moves == 0 && last.gen == 0;
                if (sscanf(rec[i].phase_name, "2x2x3 block exact tables %d/%d%c", &done, &total, &c) == 2) {
                    t->table_records++;
                    t->tables_rising &= done >= t->tables_last && done <= total;
                    t->tables_last = done;
                    t->repeats_ok &= before_gen;
                    continue;
                }
                t->gen_records++;
                t->gen_hash = mix(t->gen_hash, &rec[i], 0);
                if (sscanf(rec[i].phase_name, "2x2x3 block choice %d/%d%c", &done, &total, &c) == 2) {
                    t->choice_records++;
                    t->done_rising &= done >= prev_done && done <= total;
                    prev_done = done;
                    t->repeats_ok &= before_gen || mix(0, &rec[i], 1) == mix(0, &last, 1);
                } else {
                    last = rec[i];
                }
            }
        } while (n > 0);
    } while (t->rc == EC_RUNNING);
    t->choice_units = t->choice_records;
    ec_solver_result_json(h, t->result, sizeof t->result);
    ec_solver_free(h);
}

static void run(const char *params, int work, trace *t) { run_cube(SCRAMBLE, params, work, t); }

/* the exact tables unbuilt (this test's first run), a block solved at the start: opening the
 * run builds nothing, its first units build them, no step doing more than HG_TABLE_UNIT of
 * the build's work; the same run again, with the tables built, gives the same result and the
 * same records but the build's */
static void table_build(void)
{
    int built, total;
    built = ec__ur_build_done(&total);
    CHECK(built == 0, "the tables are unbuilt at the start (%d of %d)", built, total);
    if (built) return;
    const char *params = "plan=1,generations2=100,length=26,maxGenerations=300,planNodes=1000";
    trace first, again;
    run_cube(BLOCK_SOLVED, params, 1, &first);
    built = ec__ur_build_done(&total);
    run_cube(BLOCK_SOLVED, params, 1, &again);
    printf("table build: %d units, work %lld, the most in a step %lld (unit %d); %d/%d parts built\n", first.table_records,
           (long long)first.tables, (long long)first.max_step_tables, HG_TABLE_UNIT, built, total);
    CHECK(first.built_at_open == 0, "opening the run built %d parts of the tables", first.built_at_open);
    CHECK(built == total && total == 9, "the tables built: %d of %d", built, total);
    CHECK(first.max_step_tables <= HG_TABLE_UNIT, "a step did %lld of the build's work, more than %d",
          (long long)first.max_step_tables, HG_TABLE_UNIT);
    CHECK(first.table_records >= 2 && first.tables > HG_TABLE_UNIT, "the build in %d units, work %lld",
          first.table_records, (long long)first.tables);
    CHECK(first.tables_rising && first.tables_last == total, "the build's records: k of N rising to N (the last %d)",
          first.tables_last);
    CHECK(first.repeats_ok, "the build's records: generation 0, no individual");
    CHECK(again.table_records == 0 && again.tables == 0, "built tables: no build units (%d)", again.table_records);
    CHECK(first.plan_opt >= 0 && first.plan_opt == first.cost_want, "phase 2's exact optimum %d, hg_plan_cost's %d",
          first.plan_opt, first.cost_want);
    CHECK(first.rc == again.rc && !strcmp(first.result, again.result) && first.gen_records == again.gen_records &&
              first.gen_hash == again.gen_hash,
          "the run with the tables unbuilt and built: %s / %s, %d / %d records", first.result, again.result,
          first.gen_records, again.gen_records);
}

/* phase 2's exact optimum where no choice costed the block (firstBlock=1; a block solved at
 * the start), at the params' extremes: at most HG_CHOICE_UNIT nodes a step, in more than one
 * unit when it takes more, the same value as one whole search, the same run at 1 and 1000
 * units a step */
static void bounded_cost(void)
{
    static const char *const cases[][2] = {
        {"U F R2 B' D L' F2", "plan=1,firstBlock=1,generations1=100,pairWeight1=3,length=26,maxGenerations=1400,planSlack=3,planNodes=1e9"},
        {"U F R2 B' D L' F2", "plan=1,firstBlock=1,generations1=100,pairWeight1=3,length=26,maxGenerations=1400,planSlack=0,planNodes=1000"},
        {"F R U R' U' F'", "plan=1,generations2=100,length=26,maxGenerations=300,planSlack=3,planNodes=1e9"},
    };
    int multi = 0;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        trace one, many;
        run_cube(cases[k][0], cases[k][1], 1, &one);
        run_cube(cases[k][0], cases[k][1], 1000, &many);
        printf("%s / %s: cost search %lld nodes, the most in a step %lld; optimum %d (whole: %d)\n", cases[k][0], cases[k][1],
               (long long)one.cost_nodes, (long long)one.max_step_cost, one.plan_opt, one.cost_want);
        CHECK(one.cost_want >= 0 && one.plan_opt == one.cost_want, "case %zu: phase 2 entered with optimum %d, whole search %d",
              k, one.plan_opt, one.cost_want);
        CHECK(one.max_step_cost <= HG_CHOICE_UNIT, "case %zu: a step took %lld nodes of the cost search, more than %d", k,
              (long long)one.max_step_cost, HG_CHOICE_UNIT);
        CHECK(one.cost_nodes <= HG_CHOICE_UNIT || one.choice_records > 1, "case %zu: %lld nodes in %d unit(s)", k,
              (long long)one.cost_nodes, one.choice_records);
        CHECK(one.repeats_ok && one.done_rising, "case %zu: the wait's records repeat the last generation's", k);
        multi += one.cost_nodes > HG_CHOICE_UNIT;
        CHECK(one.rc == many.rc && one.records == many.records && one.hash == many.hash && !strcmp(one.result, many.result),
              "case %zu: stepped 1 and 1000 units a step: %d %d records, %s / %s", k, one.records, many.records, one.result,
              many.result);
    }
    CHECK(multi >= 1, "a cost search of more than one unit among the cases: %d", multi);
}

static void bounded_steps(void)
{
    static const char *const extremes[4] = {"planSlack=0,planNodes=1000", "planSlack=0,planNodes=1e9",
                                            "planSlack=3,planNodes=1000", "planSlack=3,planNodes=1e9"};
    int multi = 0;
    for (int e = 0; e < 4; e++) {
        char params[256];
        /* phase 1 and the choice, then a few generations of phase 2 (the run gives up there) */
        snprintf(params, sizeof params,
                 "plan=1,generations1=100,minRounds1=3,pairWeight1=3,length=26,maxGenerations=3700,%s", extremes[e]);
        trace one, many;
        run(params, 1, &one);
        run(params, 1000, &many);
        printf("%s: %d records, %d of the choice, its nodes %lld, the most in a step %lld\n", extremes[e], one.records,
               one.choice_records, (long long)one.choice_nodes, (long long)one.max_step_nodes);
        CHECK(one.choice_records >= 1, "%s: the choice ran (records saying so)", extremes[e]);
        CHECK(one.max_step_nodes <= HG_CHOICE_UNIT, "%s: a step took %lld search nodes, more than %d", extremes[e],
              (long long)one.max_step_nodes, HG_CHOICE_UNIT);
        CHECK(one.choice_nodes <= HG_CHOICE_UNIT || one.choice_records > 1,
              "%s: %lld nodes in %d unit(s)", extremes[e], (long long)one.choice_nodes, one.choice_records);
        multi += one.choice_records > 1;
        CHECK(one.done_rising && one.repeats_ok, "%s: the choice's records: k of N rising, the last generation's otherwise",
              extremes[e]);
        CHECK(one.rc == many.rc && one.records == many.records && one.hash == many.hash && !strcmp(one.result, many.result),
              "%s: stepped 1 and 1000 units a step: %d %d records, %s / %s", extremes[e], one.records, many.records,
              one.result, many.result);
    }
    CHECK(multi >= 1, "a choice of more than one unit among the extremes: %d", multi);
}

int main(void)
{
    RUN(table_build); /* first: it needs the tables unbuilt */
    RUN(resumable_searches);
    RUN(bounded_steps);
    RUN(bounded_cost);
    DONE();
}
