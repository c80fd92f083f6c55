/* test_param_names.c - enumerated params: every registered solver's named values parse to
 * their numbers (in any letter case), the numbers still work, an unknown name or a number out
 * of range is refused with the allowed names in the message, presets and the solver list
 * carry the names. Walks the registry through ec_solver_list_json, so a solver added with
 * named values is covered without a change here. */
#include <ctype.h>
#include <stdlib.h>

#include "check.h"
#include "evocube.h"
#include "solver/solver.h"

static const ec_param_def test_params[] = {
    {"population", 50, 2, 10000, 1, "individuals"},
    {"oracle", 0, 0, 2, 1, "mode", "exact|first20|other"},
};
static const ec_preset test_presets[] = {{"thesis", "oracle=first20", "the thesis's oracle"}};
static const ec_solver_impl test_impl = {.name = "test",
                                         .title = "test solver",
                                         .work_unit = "generation",
                                         .params = test_params,
                                         .nparams = EC_COUNT(test_params),
                                         .presets = test_presets,
                                         .npresets = EC_COUNT(test_presets)};

/* the k-th name of names ("a|b"), copied to out; 0 when there is none */
static int nth_name(const char *names, int k, char *out, size_t size)
{
    const char *p = names;
    for (int i = 0; i < k; i++) {
        p = strchr(p, '|');
        if (!p) return 0;
        p++;
    }
    size_t n = strcspn(p, "|");
    if (n + 1 > size) return 0;
    memcpy(out, p, n);
    out[n] = '\0';
    return 1;
}

/* every named value of every named param of impl, by name, upper-cased name and number */
static int check_impl(const ec_solver_impl *impl)
{
    double v[EC_MAX_PARAMS];
    char text[160], name[64], msg[512];
    int named = 0;
    for (int i = 0; i < impl->nparams; i++) {
        const ec_param_def *d = &impl->params[i];
        if (!d->names) continue;
        named++;
        CHECK(d->min == 0 && d->integer, "%s %s: a named param counts from 0 in whole numbers", impl->name, d->key);
        int k = 0;
        for (; nth_name(d->names, k, name, sizeof name); k++) {
            snprintf(text, sizeof text, "%s=%s", d->key, name);
            CHECK_RC(ec__params_parse(impl, text, v, msg, sizeof msg), EC_OK);
            CHECK(v[i] == k, "%s %s: %g, want %d", impl->name, text, v[i], k);
            for (char *c = name; *c; c++) *c = (char)toupper((unsigned char)*c);
            snprintf(text, sizeof text, "%s=%s", d->key, name);
            CHECK_RC(ec__params_parse(impl, text, v, msg, sizeof msg), EC_OK);
            CHECK(v[i] == k, "%s %s: %g, want %d", impl->name, text, v[i], k);
            snprintf(text, sizeof text, "%s=%d", d->key, k);
            CHECK_RC(ec__params_parse(impl, text, v, msg, sizeof msg), EC_OK);
            CHECK(v[i] == k, "%s %s: %g, want %d", impl->name, text, v[i], k);
        }
        CHECK(k == (int)d->max + 1, "%s %s: %d names for values 0..%g", impl->name, d->key, k, d->max);
        /* an unknown name: refused, every allowed name in the message */
        snprintf(text, sizeof text, "%s=nonsense", d->key);
        CHECK_RC(ec__params_parse(impl, text, v, msg, sizeof msg), EC_E_PARAM_VALUE);
        for (int j = 0; nth_name(d->names, j, name, sizeof name); j++)
            CHECK(strstr(msg, name) != NULL, "%s: \"%s\" does not name %s", impl->name, msg, name);
        /* one past the last number: the range, and the names again */
        snprintf(text, sizeof text, "%s=%d", d->key, k);
        CHECK_RC(ec__params_parse(impl, text, v, msg, sizeof msg), EC_E_PARAM_RANGE);
        CHECK(nth_name(d->names, 0, name, sizeof name) && strstr(msg, name) != NULL, "%s", msg);
    }
    return named;
}

int main(void)
{
    double v[EC_MAX_PARAMS];
    char msg[512];

    /* exact messages on a test implementation */
    CHECK_RC(ec__params_parse(&test_impl, "oracle=first20", v, msg, sizeof msg), EC_OK);
    CHECK(v[1] == 1, "%g", v[1]);
    CHECK_RC(ec__params_parse(&test_impl, "oracle=Other population=9", v, msg, sizeof msg), EC_OK);
    CHECK(v[1] == 2 && v[0] == 9, "%g %g", v[1], v[0]);
    CHECK_RC(ec__params_parse(&test_impl, "oracle=first2", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK_STR(msg, "parameter oracle: \"first2\" is none of its values: exact (0), first20 (1), other (2)");
    CHECK_RC(ec__params_parse(&test_impl, "oracle=first200", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK_RC(ec__params_parse(&test_impl, "oracle=", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK_RC(ec__params_parse(&test_impl, "oracle=3", v, msg, sizeof msg), EC_E_PARAM_RANGE);
    CHECK_STR(msg, "parameter oracle must be from 0 to 2 (its values: exact (0), first20 (1), other (2)); got 3");
    CHECK_RC(ec__params_parse(&test_impl, "oracle=1.5", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK_RC(ec__params_parse(&test_impl, "population=exact", v, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK_STR(msg, "parameter population: \"exact\" is not a number");
    CHECK_RC(ec__params_parse(&test_impl, "preset=thesis", v, msg, sizeof msg), EC_OK);
    CHECK(v[1] == 1, "a preset's named value: %g", v[1]);
    CHECK(check_impl(&test_impl) == 1, "the test implementation has one named param");

    /* every registered solver: opened once, its param table walked */
    static char list[1 << 17];
    CHECK_RC(ec_solver_list_json(list, sizeof list), EC_OK);
    char solved[EC_FACELETS_SIZE];
    ec_facelets_apply(NULL, "R U F", solved, sizeof solved, NULL, 0);
    int solvers = 0, named = 0, listed = 0;
    for (const char *p = list; (p = strstr(p, "{\"name\":\"")) != NULL;) {
        p += 9;
        const char *q = strchr(p, '"');
        if (strncmp(q, "\",\"title\"", 9)) continue; /* a preset's name */
        char kind[64];
        snprintf(kind, sizeof kind, "%.*s", (int)(q - p), p);
        ec_solver *h = NULL;
        CHECK_RC(ec_solver_new(kind, solved, 1, "", &h, msg, sizeof msg), EC_OK);
        if (!h) continue;
        solvers++;
        named += check_impl(h->impl);
        ec_solver_free(h);
    }
    for (const char *p = list; (p = strstr(p, "\"names\":[")) != NULL; p++) listed++;
    CHECK(solvers >= 2, "%d solvers in the list", solvers);
    CHECK(named >= 4 && named == listed, "%d named params in the tables, %d listed", named, listed);
    CHECK(strstr(list, "\"key\":\"oracle\"") && strstr(list, "\"names\":[\"exact\",\"first20\"]"),
          "the list names the oracle's values");

    /* through the public entry: the greedy solver opened with the thesis oracle by name */
    ec_solver *h = NULL;
    CHECK_RC(ec_solver_new("greedy", solved, 1, "oracle=first20", &h, msg, sizeof msg), EC_OK);
    if (h) ec_solver_free(h);
    CHECK_RC(ec_solver_new("greedy", solved, 1, "oracle=nonsense", &h, msg, sizeof msg), EC_E_PARAM_VALUE);
    CHECK_STR(msg, "parameter oracle: \"nonsense\" is none of its values: exact (0), first20 (1)");
    DONE();
}
