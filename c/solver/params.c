/*
 * params.c - solver params from text: "key=value" pairs separated by commas, semicolons or
 * white space; "preset=name" applies one of the solver's presets first. Every key, value
 * and range fault gets a message naming the param. Values are decimal numbers: hex, hex
 * floats, nan and inf are refused, and so is a key (or preset) given twice.
 *
 * Names are camelCase everywhere (the page, links and CLI use them as written). A key with
 * underscores is read as its camelCase form (max_generations = maxGenerations), so links
 * and scripts written with the old snake_case names of twes keep working.
 * An enumerated param (ec_param_def.names, "exact|first20") takes a value's name, in any
 * letter case, or its number: oracle=first20 and oracle=1 are the same. A preset's name is
 * read in any letter case too (preset=SHORT is preset=short).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/solver.h"
#include "core/util.h"

static int is_sep(char c) { return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int find_exact(const ec_solver_impl *impl, const char *key)
{
    for (int i = 0; i < impl->nparams; i++)
        if (!strcmp(impl->params[i].key, key)) return i;
    return -1;
}

/* the param named key, or by key's camelCase form (a_b -> aB); -1 when neither exists */
static int find_param(const ec_solver_impl *impl, const char *key)
{
    int i = find_exact(impl, key);
    if (i >= 0 || !strchr(key, '_')) return i;
    char camel[128];
    size_t n = 0;
    for (const char *p = key; *p && n + 1 < sizeof camel; p++) {
        if (*p == '_' && p[1] && p != key) {
            p++;
            camel[n++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
        } else {
            camel[n++] = *p;
        }
    }
    camel[n] = '\0';
    return find_exact(impl, camel);
}

static int set_pairs(const ec_solver_impl *impl, const char *text, double *values, int allow_preset,
                     char *msg, int msgsize);

/* 1 when a and b are the same name, letter case ignored (preset names, as value names) */
static int same_name(const char *a, const char *b)
{
    while (*a && tolower((unsigned char)*a) == tolower((unsigned char)*b)) a++, b++;
    return !*a && !*b;
}

static int apply_preset(const ec_solver_impl *impl, const char *name, double *values, char *msg, int msgsize)
{
    for (int i = 0; i < impl->npresets; i++)
        if (same_name(impl->presets[i].name, name)) return set_pairs(impl, impl->presets[i].params, values, 0, msg, msgsize);
    char names[256] = "";
    for (int i = 0; i < impl->npresets; i++) {
        if (i) strncat(names, ", ", sizeof names - strlen(names) - 1);
        strncat(names, impl->presets[i].name, sizeof names - strlen(names) - 1);
    }
    return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "solver %s has no preset \"%.40s\"%s%s", impl->name, name,
                   impl->npresets ? "; its presets are: " : " (it has no presets)", names);
}

int ec__param_value_name(const ec_param_def *d, int k, char *out, int size)
{
    const char *p = d->names;
    for (int i = 0; p && i < k; i++) {
        p = strchr(p, '|');
        if (p) p++;
    }
    if (!p || k < 0 || size < 1) return 0;
    int n = (int)strcspn(p, "|");
    if (n >= size) n = size - 1;
    memcpy(out, p, (size_t)n);
    out[n] = '\0';
    return 1;
}

/* The value d's name val stands for (letter case ignored), or -1. */
static int name_index(const ec_param_def *d, const char *val)
{
    char name[64];
    for (int k = 0; ec__param_value_name(d, k, name, sizeof name); k++) {
        int j = 0;
        while (name[j] && tolower((unsigned char)val[j]) == tolower((unsigned char)name[j])) j++;
        if (!name[j] && !val[j]) return k;
    }
    return -1;
}

/* d's names as "a (0), b (1)" in out */
static void list_names(const ec_param_def *d, char *out, size_t size)
{
    char name[64];
    size_t pos = 0;
    out[0] = '\0';
    for (int k = 0; pos + 1 < size && ec__param_value_name(d, k, name, sizeof name); k++) {
        int w = snprintf(out + pos, size - pos, "%s%s (%d)", k ? ", " : "", name, k);
        if (w < 0) break;
        pos += (size_t)w;
    }
}

static int set_one(const ec_solver_impl *impl, const char *key, const char *val, double *values,
                   unsigned char *given, char *msg, int msgsize)
{
    int i = find_param(impl, key);
    if (i < 0) {
        char names[600] = "";
        for (int k = 0; k < impl->nparams; k++) {
            if (k) strncat(names, ", ", sizeof names - strlen(names) - 1);
            strncat(names, impl->params[k].key, sizeof names - strlen(names) - 1);
        }
        return ec__msg(EC_E_PARAM_UNKNOWN, msg, msgsize, "solver %s has no parameter \"%.40s\"; its parameters are: %s",
                       impl->name, key, impl->nparams ? names : "(none)");
    }
    const ec_param_def *d = &impl->params[i];
    /* once per run: a second value would silently win (max_generations and maxGenerations
     * are one param) */
    if (given[i])
        return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter %s is given twice; give it once", d->key);
    given[i] = 1;
    /* decimal only: strtod would also read hex ("0x10"), hex floats ("0x1p3"), nan and inf */
    const char *digits = val + (val[0] == '+' || val[0] == '-');
    if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
        return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter %s: \"%.40s\" is hexadecimal; write it in decimal", key,
                       val);
    char *end = NULL;
    double v = strtod(val, &end);
    if (!val[0] || !end || *end) {
        if (!d->names)
            return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter %s: \"%.40s\" is not a number", key, val);
        int k = name_index(d, val);
        if (k < 0) {
            char allowed[256];
            list_names(d, allowed, sizeof allowed);
            return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter %s: \"%.40s\" is none of its values: %s", key,
                           val, allowed);
        }
        v = k;
    } else if (isnan(v)) {
        return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter %s: \"%.40s\" is not a number", key, val);
    } else if (!isfinite(v)) {
        return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter %s: \"%.40s\" is not a finite number", key, val);
    }
    if (d->integer && v != floor(v))
        return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter %s must be a whole number; got %.40s", key, val);
    if (v < d->min || v > d->max) {
        char allowed[256] = "";
        if (d->names) {
            strcpy(allowed, " (its values: ");
            list_names(d, allowed + strlen(allowed), sizeof allowed - strlen(allowed) - 1);
            strcat(allowed, ")");
        }
        return ec__msg(EC_E_PARAM_RANGE, msg, msgsize, "parameter %s must be from %g to %g%s; got %.40s", key, d->min,
                       d->max, allowed, val);
    }
    values[i] = v;
    return EC_OK;
}

static int set_pairs(const ec_solver_impl *impl, const char *text, double *values, int allow_preset,
                     char *msg, int msgsize)
{
    const char *p = text;
    unsigned char given[EC_MAX_PARAMS] = {0};
    int presets = 0;
    /* the preset goes first, wherever it is written */
    for (int pass = 0; pass < 2; pass++) {
        p = text;
        while (*p) {
            while (*p && is_sep(*p)) p++;
            if (!*p) break;
            const char *start = p;
            while (*p && !is_sep(*p)) p++;
            size_t len = (size_t)(p - start);
            char pair[128];
            if (len >= sizeof pair)
                return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter \"%.30s...\" is too long", start);
            memcpy(pair, start, len);
            pair[len] = '\0';
            char *eq = strchr(pair, '=');
            if (!eq || eq == pair)
                return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "parameter \"%s\" is not of the form key=value", pair);
            *eq = '\0';
            int is_preset = !strcmp(pair, "preset");
            if (is_preset && !allow_preset)
                return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "a preset cannot name another preset");
            int rc = EC_OK;
            if (pass == 0 && is_preset && presets++)
                return ec__msg(EC_E_PARAM_VALUE, msg, msgsize, "preset is given twice; give one preset");
            if (pass == 0 && is_preset) rc = apply_preset(impl, eq + 1, values, msg, msgsize);
            if (pass == 1 && !is_preset) rc = set_one(impl, pair, eq + 1, values, given, msg, msgsize);
            if (rc) return rc;
        }
    }
    return EC_OK;
}

int ec__params_parse_n(const ec_solver_impl *impl, const char *text, int len, double *values, char *msg,
                       int msgsize)
{
    if (impl->nparams < 0 || impl->nparams > EC_MAX_PARAMS) /* values holds EC_MAX_PARAMS (solver.h) */
        return ec__msg(EC_E_INTERNAL, msg, msgsize, "internal error: solver %s declares %d params, more than the core's %d",
                       impl->name, impl->nparams, EC_MAX_PARAMS);
    for (int i = 0; i < impl->nparams; i++) values[i] = impl->params[i].def;
    if (!text && len <= 0) return EC_OK;
    if (len > EC_MAX_PARAMS_CHARS)
        return ec__msg(EC_E_INPUT_SIZE, msg, msgsize, "the params text is longer than %d characters", EC_MAX_PARAMS_CHARS);
    int rc = ec__text_check(text, len, "params text", NULL, msg, msgsize);
    if (rc) return rc;
    char buf[EC_MAX_PARAMS_CHARS + 1]; /* no NUL inside (checked): read NUL-ended */
    if (len) memcpy(buf, text, (size_t)len);
    buf[len] = '\0';
    return set_pairs(impl, buf, values, 1, msg, msgsize);
}

int ec__params_parse(const ec_solver_impl *impl, const char *text, double *values, char *msg, int msgsize)
{
    return ec__params_parse_n(impl, text, text ? (int)ec__strnlen(text, EC_MAX_PARAMS_CHARS) : 0, values, msg,
                              msgsize);
}
