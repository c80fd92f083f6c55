/* test_solver_api.c - the solver handle: params (defaults, presets, every fault with the
 * param named), unknown solvers, the progress queue (nothing dropped, JSON lines), phase
 * composition, and refusal of a corrupted solution, on a handle built around a test
 * implementation; every registered descriptor's facts (fitness, better, phases) as
 * ec_solver_list_json carries them; and the descriptors' paper lengths (twes, macro-ga)
 * against the count of their papers, made here from the runs. */
#include <stdlib.h>

#include "check.h"
#include "evocube.h"
#include "solver/solver.h"
#include "solvers/macro_ga/macro_ga.h"

static const ec_param_def test_params[] = {
    {"population", 50, 2, 10000, 1, "individuals"},
    {"rate", 0.6, 0, 1, 0, "a probability"},
};
static const ec_preset test_presets[] = {{"big", "population=200,rate=0.9", "bigger"}};
static const ec_solver_impl test_impl = {.name = "test",
                                         .title = "test solver",
                                         .work_unit = "generation",
                                         .params = test_params,
                                         .nparams = EC_COUNT(test_params),
                                         .presets = test_presets,
                                         .npresets = EC_COUNT(test_presets)};

#define EC_SOLVER(sym) extern const ec_solver_impl sym;
#include "solvers/solvers.def"
#undef EC_SOLVER

static const ec_solver_impl *const registered[] = {
#define EC_SOLVER(sym) &sym,
#include "solvers/solvers.def"
#undef EC_SOLVER
};

static ec_solver *handle_for(const char *scramble)
{
    ec_solver *h = calloc(1, sizeof *h);
    h->impl = &test_impl;
    ec_facelets_apply(NULL, scramble, h->facelets, sizeof h->facelets, NULL, 0);
    ec_cube_from_facelets(h->facelets, &h->start, NULL, 0);
    h->status = EC_RUNNING;
    ec__params_parse(&test_impl, "", h->params, NULL, 0);
    return h;
}

/* every registered solver states its facts for people, and the list JSON carries them */
static void registered_facts(void)
{
    static char list[1 << 16], want[2048];
    CHECK_RC(ec_solver_list_json(list, sizeof list), EC_OK);
    int optima = 0;
    for (int i = 0; i < EC_COUNT(registered); i++) {
        const ec_solver_impl *s = registered[i];
        CHECK(s->label && s->label[0] && s->short_label && s->short_label[0], "%s: no label", s->name);
        CHECK(s->fitness && s->fitness[0], "%s: no fitness text", s->name);
        CHECK(s->better == EC_LOWER_IS_BETTER || s->better == EC_HIGHER_IS_BETTER, "%s: better %d", s->name,
              s->better);
        CHECK(s->nphases >= 1 && s->nphases <= EC_MAX_PHASES, "%s: %d phases", s->name, s->nphases);
        int at = snprintf(want, sizeof want, "\"fitness\":\"%s\",\"better\":\"%s\",\"phases\":[", s->fitness,
                          s->better == EC_HIGHER_IS_BETTER ? "higher" : "lower");
        for (int k = 0; k < s->nphases; k++) {
            CHECK(s->phases[k] && s->phases[k][0], "%s: phase %d has no name", s->name, k);
            at += snprintf(want + at, sizeof want - (size_t)at, "%s\"%s\"", k ? "," : "", s->phases[k]);
        }
        at += snprintf(want + at, sizeof want - (size_t)at, "],\"goals\":[");
        for (int k = 0; k < s->nphases; k++) {
            CHECK(s->goals && s->goals[k] && s->goals[k][0], "%s: phase %d has no goal", s->name, k);
            if (!s->goals || !s->goals[k]) break;
            CHECK(strlen(s->goals[k]) <= 60, "%s: goal %d is %zu characters (a tile shows it; at most 60)", s->name, k,
                  strlen(s->goals[k]));
            at += snprintf(want + at, sizeof want - (size_t)at, "%s\"%s\"", k ? "," : "", s->goals[k]);
        }
        static const char *const families[] = {"evolution", "swarm", "exact"};
        static const char *const records[] = {"best", "population", "agents", "solutions"};
        CHECK(s->family >= 0 && s->family < EC_COUNT(families), "%s: family %d", s->name, s->family);
        CHECK(s->records >= 0 && s->records < EC_COUNT(records), "%s: records %d", s->name, s->records);
        if (s->family < 0 || s->family >= EC_COUNT(families) || s->records < 0 || s->records >= EC_COUNT(records)) continue;
        /* agents name the records' agents exactly when the records carry agents */
        CHECK((s->records == EC_RECORDS_AGENTS) == (s->agents != NULL && s->agents[0]), "%s: agents %s", s->name,
              s->agents ? s->agents : "(none)");
        /* islands: all three hooks or none */
        int hooks = !!s->migrant_context + !!s->export_migrants + !!s->import_migrants;
        CHECK(hooks == 0 || hooks == 3, "%s: %d of the 3 island hooks", s->name, hooks);
        at += snprintf(want + at, sizeof want - (size_t)at, "],\"optima\":%s,\"family\":\"%s\",\"records\":\"%s\"",
                       s->phase_optimum ? "true" : "false", families[s->family], records[s->records]);
        CHECK(!s->neighbours || s->records == EC_RECORDS_AGENTS, "%s: neighbours without agents", s->name);
        if (s->agents)
            at += snprintf(want + at, sizeof want - (size_t)at, ",\"agents\":\"%s\",\"neighbours\":%s", s->agents,
                           s->neighbours ? "true" : "false");
        snprintf(want + at, sizeof want - (size_t)at, ",\"islands\":%s,\"quick\":%s", hooks == 3 ? "true" : "false",
                 s->quick ? "true" : "false");
        char key[64];
        snprintf(key, sizeof key, "{\"name\":\"%s\",", s->name);
        const char *entry = strstr(list, key);
        CHECK(entry && strstr(entry, want), "%s: the list lacks %s", s->name, want);
        optima += s->phase_optimum != NULL;
    }
    CHECK(optima >= 2, "%d solvers with exact optima (HuGO! and TWES have them)", optima);
    /* the list's facts as the page reads them: HuGO! has islands and population records, greedy
     * neither islands nor a population */
    CHECK(strstr(list, "\"name\":\"hugo\"") && strstr(strstr(list, "\"name\":\"hugo\""), "\"records\":\"population\",\"islands\":true"),
          "hugo's entry: %.200s", strstr(list, "\"name\":\"hugo\""));
    CHECK(strstr(list, "\"name\":\"greedy\"") && strstr(strstr(list, "\"name\":\"greedy\""), "\"records\":\"agents\""),
          "greedy's entry");
    CHECK(strstr(strstr(list, "\"name\":\"greedy\""), "\"neighbours\":true") != NULL, "greedy's agents are neighbours");
}

static void params_parse(void)
{
    double v[EC_MAX_PARAMS];
    char msg[512];
    CHECK_RC(ec__params_parse(&test_impl, "", v, msg, sizeof msg), EC_OK);
    CHECK(v[0] == 50 && v[1] == 0.6, "defaults %g %g", v[0], v[1]);
    CHECK_RC(ec__params_parse(&test_impl, "population=80; rate=0.25", v, msg, sizeof msg), EC_OK);
    CHECK(v[0] == 80 && v[1] == 0.25, "set %g %g", v[0], v[1]);
    /* the preset applies first, explicit pairs override it wherever they are written */
    CHECK_RC(ec__params_parse(&test_impl, "population=70 preset=big", v, msg, sizeof msg), EC_OK);
    CHECK(v[0] == 70 && v[1] == 0.9, "preset %g %g", v[0], v[1]);
    CHECK_RC(ec__params_parse(&test_impl, "preset=huge", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK(strstr(msg, "no preset \"huge\"; its presets are: big") != NULL, "%s", msg);
    CHECK_RC(ec__params_parse(&test_impl, "popsize=3", v, msg, sizeof msg), EC_E_PARAM_UNKNOWN);
    CHECK(strstr(msg, "no parameter \"popsize\"; its parameters are: population, rate") != NULL, "%s", msg);
    CHECK_RC(ec__params_parse(&test_impl, "population=abc", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK(strstr(msg, "population") != NULL, "%s", msg);
    CHECK_RC(ec__params_parse(&test_impl, "population=2.5", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK(strstr(msg, "whole number") != NULL, "%s", msg);
    CHECK_RC(ec__params_parse(&test_impl, "population=1", v, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK(strstr(msg, "population must be from 2 to 10000; got 1") != NULL, "%s", msg);
    CHECK_RC(ec__params_parse(&test_impl, "rate=1e999", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK_RC(ec__params_parse(&test_impl, "rate", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK(strstr(msg, "key=value") != NULL, "%s", msg);
    { /* a solver declaring more params than a handle holds is refused, never written past v */
        static ec_param_def many[EC_MAX_PARAMS + 1];
        for (int i = 0; i <= EC_MAX_PARAMS; i++) many[i] = (ec_param_def){"p", 1, 0, 2, 1, "a param"};
        ec_solver_impl big_impl = test_impl;
        big_impl.params = many;
        big_impl.nparams = EC_MAX_PARAMS + 1;
        CHECK_RC(ec__params_parse(&big_impl, "", v, msg, sizeof msg), EC_E_INTERNAL);
        char want[96];
        snprintf(want, sizeof want, "declares %d params, more than the core's %d", EC_MAX_PARAMS + 1, EC_MAX_PARAMS);
        CHECK(strstr(msg, want) != NULL, "%s", msg);
    }
    {
        static char big[EC_MAX_PARAMS_CHARS + 10];
        memset(big, 'a', sizeof big - 1);
        CHECK_RC(ec__params_parse(&test_impl, big, v, msg, sizeof msg), EC_E_INPUT_SIZE);
    }
}

static void param_bounds(void)
{
    double v[EC_MAX_PARAMS];
    char msg[512];
    /* every bound exactly: a param at its minimum and maximum is read, one step beyond is
     * refused; a params text of exactly EC_MAX_PARAMS_CHARS (2,000) characters is read, one
     * more is refused */
    CHECK_RC(ec__params_parse(&test_impl, "population=2", v, msg, sizeof msg), EC_OK);
    CHECK(v[0] == 2, "population %g", v[0]);
    CHECK_RC(ec__params_parse(&test_impl, "population=10000,rate=1", v, msg, sizeof msg), EC_OK);
    CHECK(v[0] == 10000 && v[1] == 1, "%g %g", v[0], v[1]);
    CHECK_RC(ec__params_parse(&test_impl, "rate=0", v, msg, sizeof msg), EC_OK);
    CHECK_RC(ec__params_parse(&test_impl, "population=10001", v, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK_STR(msg, "parameter population must be from 2 to 10000; got 10001");
    CHECK_RC(ec__params_parse(&test_impl, "rate=1.0001", v, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK_STR(msg, "parameter rate must be from 0 to 1; got 1.0001");
    {
        static char text[2001 + 1];
        memset(text, ' ', 2000);
        memcpy(text, "population=80", 13);
        text[2000] = '\0';
        CHECK_RC(ec__params_parse(&test_impl, text, v, msg, sizeof msg), EC_OK);
        CHECK(v[0] == 80, "population %g", v[0]);
        text[2000] = ' ';
        text[2001] = '\0';
        CHECK_RC(ec__params_parse(&test_impl, text, v, msg, sizeof msg), EC_E_INPUT_SIZE);
        CHECK_STR(msg, "the params text is longer than 2000 characters");
    }
}

static void unknown_solver(void)
{
    char msg[512];
    ec_solver *h = NULL;
    /* unknown solver names the solver; invalid cubes get their fault before anything */
    CHECK_RC(ec_solver_new("nope", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 1, "", &h, msg, sizeof msg),
             EC_E_SOLVER_UNKNOWN);
    CHECK(strstr(msg, "unknown solver \"nope\"") != NULL && h == NULL, "%s", msg);
    CHECK_RC(ec_solver_step(NULL, 1), EC_E_NULL);
}

static void step_of_no_work(void)
{
    char msg[512];
    ec_solver *h = NULL;
    /* a step of no work (or less) is refused and runs nothing */
    {
        char f[EC_FACELETS_SIZE];
        ec_facelets_apply(NULL, "R U", f, sizeof f, NULL, 0);
        REQUIRE_RC(ec_solver_new("greedy", f, 1, "", &h, msg, sizeof msg), EC_OK);
        CHECK_RC(ec_solver_step(h, 0), EC_E_RANGE);
        CHECK_RC(ec_solver_step(h, -1), EC_E_RANGE);
        CHECK(ec_solver_progress_pending(h) == 0 && ec_solver_status(h) == EC_RUNNING, "%d records, status %d",
              ec_solver_progress_pending(h), ec_solver_status(h));
        CHECK_RC(ec_solver_step(h, 1), EC_RUNNING);
        CHECK(ec_solver_progress_pending(h) == 1, "one unit: %d records", ec_solver_progress_pending(h));
        ec_solver_free(h);
        h = NULL;
    }
}

static void queue_reclaims_read_part(void)
{
    /* records emitted while older ones are still unread (the queue reclaims its read part):
     * 64 in, 10 read, 40 more in, then all read: 11..104 in order, none lost or repeated */
    {
        ec_solver *q = handle_for("R U");
        ec_progress r, out[128];
        int n = 0, next = 1, ok = 1;
        memset(&r, 0, sizeof r);
        for (int g = 1; g <= 64; g++) {
            r.gen = g;
            ec__emit(q, &r);
        }
        CHECK_RC(ec_solver_progress(q, out, 10, &n), EC_OK);
        for (int k = 0; k < n; k++) ok &= out[k].gen == next++;
        for (int g = 65; g <= 104; g++) {
            r.gen = g;
            ec__emit(q, &r);
        }
        CHECK(ec_solver_progress_pending(q) == 94, "%d pending", ec_solver_progress_pending(q));
        CHECK_RC(ec_solver_progress(q, out, 128, &n), EC_OK);
        CHECK(n == 94, "%d read", n);
        for (int k = 0; k < n; k++) ok &= out[k].gen == next++;
        CHECK(ok && next == 105, "records out of order or lost (next %d)", next);
        ec_solver_free(q);
    }
}

static void progress_queue_then_phases(void)
{
    ec_solver *h = NULL;
    char buf[600];
    /* progress queue: 1,000 records in, 1,000 out in order, through small buffers */
    h = handle_for("R U");
    for (int g = 1; g <= 1000; g++) {
        ec_progress r;
        memset(&r, 0, sizeof r);
        r.gen = g;
        r.best = g * 0.5;
        r.n_moves = 2;
        r.moves[0] = 3;
        r.moves[1] = 0;
        snprintf(r.phase_name, sizeof r.phase_name, "phase \"%d\"", g % 3);
        CHECK_RC(ec__emit(h, &r), EC_OK);
    }
    CHECK(ec_solver_progress_pending(h) == 1000, "%d pending", ec_solver_progress_pending(h));
    int got = 0, in_order = 1;
    while (ec_solver_progress_pending(h) > 0) {
        int n = 0;
        CHECK_RC(ec_solver_progress_json(h, buf, sizeof buf, &n), EC_OK);
        if (n <= 0) break;
        const char *p = buf;
        for (int k = 0; k < n; k++) {
            int gen = atoi(strstr(p, "\"gen\":") + 6);
            if (gen != got + 1) in_order = 0;
            got++;
            p = strchr(p, '\n') + 1;
        }
    }
    CHECK(got == 1000 && in_order, "got %d records, in order %d", got, in_order);
    {
        ec_progress r;
        memset(&r, 0, sizeof r);
        ec__emit(h, &r);
        int n;
        CHECK_RC(ec_solver_progress_json(h, buf, 20, &n), EC_E_BUFFER); /* not even one fits */
        CHECK(ec_solver_progress_pending(h) == 1, "the record stays queued");
        ec_progress out[4];
        CHECK_RC(ec_solver_progress(h, out, 4, &n), EC_OK);
        CHECK(n == 1 && ec_solver_progress_pending(h) == 0, "struct form drains");
    }
    {
        ec_progress r;
        memset(&r, 0, sizeof r);
        strcpy(r.phase_name, "a\"b");
        ec__emit(h, &r);
        int n;
        ec_solver_progress_json(h, buf, sizeof buf, &n);
        CHECK(strstr(buf, "\"phaseName\":\"a\\\"b\"") != NULL, "%s", buf);
    }

    /* a solution asked for before the run ends is a state error */
    CHECK_RC(ec_solver_solution(h, buf, sizeof buf), EC_E_STATE);

    /* phases compose, simplify and verify: R U is undone by U' R' (as two phases) */
    uint8_t p1[] = {2, 6, 8}; /* U' F F' (redundant pair simplified away) */
    uint8_t p2[] = {5};       /* R' */
    CHECK_RC(ec__add_phase(h, "first", p1, 3, 4), EC_OK);
    CHECK_RC(ec__add_phase(h, "second", p2, 1, 2), EC_OK);
    CHECK_RC(ec__finish(h), EC_DONE);
    CHECK_RC(ec_solver_solution(h, buf, sizeof buf), EC_OK);
    CHECK_STR(buf, "U' R'");
    CHECK_RC(ec_solver_result_json(h, buf, sizeof buf), EC_OK);
    CHECK(strstr(buf, "\"solved\":true") && strstr(buf, "\"length\":2") &&
              strstr(buf, "{\"name\":\"first\",\"solution\":\"U'\",\"length\":1,\"generations\":4}"),
          "%s", buf);
    ec_solver_free(h);
}

static void corrupted_solution(void)
{
    ec_solver *h = NULL;
    char buf[600];
    /* a corrupted solution is refused: not reported solved, no solution given out */
    h = handle_for("R U");
    uint8_t wrong[] = {5, 2}; /* R' U': the wrong order */
    ec__add_phase(h, "only", wrong, 2, 1);
    CHECK_RC(ec__finish(h), EC_E_NOT_SOLVED);
    CHECK(ec_solver_status(h) == EC_GAVE_UP, "status %d", ec_solver_status(h));
    CHECK_RC(ec_solver_solution(h, buf, sizeof buf), EC_E_STATE);
    CHECK_RC(ec_solver_result_json(h, buf, sizeof buf), EC_OK);
    CHECK(strstr(buf, "\"solved\":false") && strstr(buf, "\"solution\":\"\""), "%s", buf);
    ec_solver_free(h);
}

static void non_face_turn_phase(void)
{
    ec_solver *h = NULL;
    /* a phase with a non-face-turn code is refused too */
    h = handle_for("R");
    uint8_t slice[] = {54}; /* M: not a face turn */
    ec__add_phase(h, "only", slice, 1, 1);
    CHECK_RC(ec__finish(h), EC_E_NOT_FACE_TURNS);
    CHECK(ec_solver_status(h) == EC_GAVE_UP, "refused run is not running or solved");
    ec_solver_free(h);
}

/* a finished run of `name` (seed, params) on the cube of `scramble`, its records drained */
static ec_solver *run_to_end(const char *name, const char *scramble, uint32_t seed, const char *params)
{
    static ec_progress recs[256];
    char f[EC_FACELETS_SIZE], msg[256];
    ec_solver *h = NULL;
    ec_facelets_apply(NULL, scramble, f, sizeof f, NULL, 0);
    REQUIRE_RC(ec_solver_new(name, f, seed, params, &h, msg, sizeof msg), EC_OK);
    int rc, n;
    while ((rc = ec_solver_step(h, 256)) == EC_RUNNING)
        while (ec_solver_progress(h, recs, 256, &n) == EC_OK && n > 0) {}
    CHECK_RC(rc, EC_DONE);
    return h;
}

/* words separated by single spaces ("" has none) */
static int words(const char *t)
{
    int n = 0;
    for (; *t; t++) n += *t != ' ' && (t[1] == ' ' || !t[1]);
    return n;
}

/* the descriptors' paper_length, each counted here the paper's way from the run itself: twes's
 * phases' moves joined with same-face merges only (not the handle's R L R -> R2 L), macro-ga's
 * raw tokens from its solving individual's parts (the start turns, each macro's tokens as
 * printed and the rotations before it, a migrant's turns); both runs chosen where that count
 * differs from the simplified length. Every other solver counts as the handle does (none). */
static void paper_lengths(void)
{
    static const char *const R5 = "L' B2 D2 L2 F2 U2 R B2 D2 B2 L2 F L D' F2 R' F' R F' U'";
    int hooks = 0;
    for (int i = 0; i < EC_COUNT(registered); i++) hooks += registered[i]->paper_length != NULL;
    CHECK(hooks == 2, "%d solvers count lengths their paper's way (twes and macro-ga do)", hooks);

    ec_solver *h = run_to_end("twes", R5, 3, "preset=small");
    REQUIRE_RC(h->impl->paper_length != NULL, 1); /* twes has one */
    uint8_t st[EC_MAX_ALG_MOVES];
    int k = 0;
    for (int i = 0; i < h->nphases; i++)
        for (int j = 0; j < h->phases[i].n; j++) {
            int m = h->phases[i].moves[j], f = m / 3, q = m % 3 + 1;
            if (k && st[k - 1] / 3 == f) {
                int t = (st[k - 1] % 3 + 1 + q) & 3;
                if (!t) k--;
                else st[k - 1] = (uint8_t)(f * 3 + t - 1);
            } else {
                st[k++] = (uint8_t)m;
            }
        }
    CHECK(h->impl->paper_length(h) == k && k > h->solution_len, "twes: paper length %d, same-face merges %d, length %d",
          h->impl->paper_length(h), k, h->solution_len);
    ec_solver_free(h);

    h = run_to_end("macro-ga", "R U F' L2 D B", 2, "preset=fast");
    REQUIRE_RC(h->impl->paper_length != NULL, 1); /* macro-ga has one */
    int raw = 0;
    for (int i = 0; i < h->nparts; i++) {
        const ec_part *p = &h->parts[i];
        if (p->label[0] == 'M') raw += words(ec__macro_ga_macro(atoi(p->label + 1) - 1)) + words(p->rotation);
        else raw += p->n; /* start, migrant: face turns */
    }
    CHECK(h->nparts > 1 && h->impl->paper_length(h) == raw && raw > h->solution_len,
          "macro-ga: paper length %d, tokens of its %d parts %d, length %d", h->impl->paper_length(h), h->nparts, raw,
          h->solution_len);
    ec_solver_free(h);
}

static void solver_list_json(void)
{
    /* the solver list is valid JSON text (an array) */
    static char list[1 << 16];
    CHECK_RC(ec_solver_list_json(list, sizeof list), EC_OK);
    CHECK(list[0] == '[' && list[strlen(list) - 1] == ']', "%.200s", list);
    CHECK_RC(ec_solver_list_json(list, 8), EC_E_BUFFER);
}

int main(void)
{
    RUN(registered_facts);
    RUN(params_parse);
    RUN(param_bounds);
    RUN(unknown_solver);
    RUN(step_of_no_work);
    RUN(queue_reclaims_read_part);
    RUN(progress_queue_then_phases);
    RUN(corrupted_solution);
    RUN(non_face_turn_phase);
    RUN(solver_list_json);
    RUN(paper_lengths);
    DONE();
}
