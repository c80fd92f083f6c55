/*
 * test_params.c - the params parser's edge values on a small solver description of its own
 * (no tables, no run): decimal forms read, and hex, hex floats, nan, inf, overflow, a key
 * or a preset given twice each refused with its own message naming the param; ranges,
 * whole numbers, presets and the snake_case spelling around them.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "solver/solver.h"

static const ec_param_def defs[] = {
    {"size", 10, 1, 100, 1, "a whole number"},
    {"rate", 0.5, -2, 2, 0, "a fraction"},
    {"maxSteps", 1000, 0, 1e9, 1, "a large whole number"},
};
static const ec_preset presets[] = {
    {"big", "size=90,rate=1.5", "a preset"},
    {"loop", "preset=big", "a preset that names a preset (refused)"},
};
static const ec_solver_impl impl = {.name = "toy",
                                    .title = "a params test",
                                    .work_unit = "steps",
                                    .params = defs,
                                    .nparams = EC_COUNT(defs),
                                    .presets = presets,
                                    .npresets = EC_COUNT(presets)};

/* parse text; values[] after it; the status; msg must contain want_text when given */
static int parse(const char *text, double *v, const char *want_text)
{
    char msg[300] = "";
    int rc = ec__params_parse(&impl, text, v, msg, sizeof msg);
    if (want_text) CHECK(strstr(msg, want_text) != NULL, "\"%s\": message \"%s\" lacks \"%s\"", text, msg, want_text);
    return rc;
}

static void accepts(const char *text, int idx, double want)
{
    double v[EC_MAX_PARAMS];
    int rc = parse(text, v, NULL);
    CHECK(rc == EC_OK && v[idx] == want, "\"%s\": status %d, %s = %g, want %g", text, rc, defs[idx].key, v[idx], want);
}

static void refuses(const char *text, int want, const char *want_text)
{
    double v[EC_MAX_PARAMS];
    int rc = parse(text, v, want_text);
    CHECK(rc == want, "\"%s\": status %d, want %d", text, rc, want);
}

int main(void)
{
    /* decimal forms */
    accepts("size=20", 0, 20);
    accepts("size=+20", 0, 20);
    accepts("size=2e1", 0, 20);
    accepts("size=20.0", 0, 20);
    accepts("rate=-1.25", 1, -1.25);
    accepts("rate=.5e-1", 1, 0.05);
    accepts("maxSteps=1e9", 2, 1e9);
    accepts("max_steps=7", 2, 7);
    accepts("", 0, 10); /* defaults */

    /* hex and hex floats: strtod reads them, the parser must not */
    refuses("size=0x10", EC_E_PARAM_VALUE, "parameter size: \"0x10\" is hexadecimal");
    refuses("size=0X10", EC_E_PARAM_VALUE, "hexadecimal");
    refuses("size=+0x10", EC_E_PARAM_VALUE, "hexadecimal");
    refuses("rate=-0x1p-1", EC_E_PARAM_VALUE, "parameter rate: \"-0x1p-1\" is hexadecimal");
    refuses("size=0x1p3", EC_E_PARAM_VALUE, "hexadecimal");
    refuses("rate=0x.8", EC_E_PARAM_VALUE, "hexadecimal");

    /* not a number: nan in its spellings (each would pass a range check, nan compares false) */
    refuses("rate=nan", EC_E_PARAM_VALUE, "parameter rate: \"nan\" is not a number");
    refuses("rate=NAN", EC_E_PARAM_VALUE, "is not a number");
    refuses("rate=-nan", EC_E_PARAM_VALUE, "is not a number");
    refuses("rate=nan(1)", EC_E_PARAM_VALUE, "is not a number");
    refuses("size=nan", EC_E_PARAM_VALUE, "is not a number");
    refuses("size=", EC_E_PARAM_VALUE, "is not a number");
    refuses("size=12abc", EC_E_PARAM_VALUE, "is not a number");

    /* not finite: inf in its spellings and overflow */
    refuses("maxSteps=inf", EC_E_PARAM_VALUE, "parameter maxSteps: \"inf\" is not a finite number");
    refuses("maxSteps=INFINITY", EC_E_PARAM_VALUE, "is not a finite number");
    refuses("rate=-inf", EC_E_PARAM_VALUE, "is not a finite number");
    refuses("maxSteps=1e400", EC_E_PARAM_VALUE, "is not a finite number");

    /* a key given twice, also as its snake_case twin; a preset given twice */
    refuses("size=20,size=20", EC_E_PARAM_VALUE, "parameter size is given twice");
    refuses("size=20 rate=1 size=30", EC_E_PARAM_VALUE, "parameter size is given twice");
    refuses("maxSteps=5,max_steps=6", EC_E_PARAM_VALUE, "parameter maxSteps is given twice");
    refuses("preset=big,preset=big", EC_E_PARAM_VALUE, "preset is given twice");
    /* a preset's value overridden by a key is not a repeat */
    accepts("preset=big,size=3", 0, 3);
    accepts("size=3,preset=big", 0, 3);
    accepts("preset=big", 1, 1.5);

    /* the faults that were already refused keep their codes */
    refuses("size=101", EC_E_PARAM_RANGE, "parameter size must be from 1 to 100");
    refuses("size=1.5", EC_E_PARAM_VALUE, "whole number");
    refuses("colour=3", EC_E_PARAM_UNKNOWN, "no parameter \"colour\"");
    refuses("preset=small", EC_E_PARAM_VALUE, "no preset \"small\"");
    refuses("size", EC_E_PARAM_VALUE, "key=value");
    refuses("preset=loop", EC_E_PARAM_VALUE, "a preset cannot name another preset");
    char longer[200] = "size=";
    memset(longer + 5, '1', 140);
    refuses(longer, EC_E_PARAM_VALUE, "is too long");
    DONE();
}
