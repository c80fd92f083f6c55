// params.mjs - the one home of solver params on the JavaScript side, and of the shapes and
// bounds that everything read from a link is held to. The core (c/solver/params.c) is the
// authority on names, ranges and values; this module only moves params between their two
// forms and refuses what could smuggle a separator or an oversized text past it:
//   text    "key=value,key=value" (the core's params text, CLI --param, batch lines)
//   object  {key: value} (the page's fields, links' p.key=value, experiment definitions)
// Also the one check of an island count (the page's field, links, the CLI's --islands,
// batch) with its one message. Used by the page, the worker API, the CLI and the tests.
import { EC, EvocubeError, MAX_ISLANDS } from './core.mjs';

export const MAX_QUERY = 6000; // characters of a link's query
export const MAX_PARAMS = 32; // params in a link or an experiment definition
export const SOLVER_RE = /^[A-Za-z0-9_-]{1,40}$/;
export const KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const VALUE_RE = /^[A-Za-z0-9_.+-]{1,40}$/;

// "a=1,b=2" (also separated by ';' or spaces) -> {a: '1', b: '2'}; parts without a key are
// skipped (the core names a malformed text when it reads it).
export function parseParamsText(text) {
  const out = {};
  for (const part of String(text || '').split(/[,; ]+/)) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

// {key: value} or a params text -> the params text, each key and value checked for shape
// (KEY_RE, VALUE_RE: no separator can be smuggled in). Throws EvocubeError E_PARAM_VALUE.
export function paramsText(params) {
  if (params == null || params === '') return '';
  if (typeof params === 'string') return params;
  const parts = [];
  for (const [k, v] of Object.entries(params)) {
    const value = String(v);
    if (!KEY_RE.test(k) || !VALUE_RE.test(value)) {
      throw new EvocubeError(EC.E_PARAM_VALUE, `parameter ${JSON.stringify(k.slice(0, 40))} has a malformed value ${JSON.stringify(value.slice(0, 40))}`);
    }
    parts.push(`${k}=${value}`);
  }
  return parts.join(',');
}

// The value a run uses for one param of a solver: its own value in `params` ({key: value}, a
// value name or a number), else the value its preset there sets, else the descriptor's default;
// a value name read as its index in the param's names. null when the solver has no such param.
export function effectiveParam(descriptor, params, key) {
  const p = descriptor && (descriptor.params || []).find((q) => q.key === key);
  if (!p) return null;
  const preset = params && params.preset != null ? (descriptor.presets || []).find((q) => q.name === params.preset) : null;
  const raw = params && params[key] != null ? params[key] : preset ? parseParamsText(preset.params)[key] : undefined;
  if (raw == null) return p.default;
  const named = (p.names || []).indexOf(String(raw));
  return named >= 0 ? named : Number(raw);
}

// A param key as the core reads it: names are camelCase, and an old snake_case name from a
// link (twes's max_generations) means its camelCase form (maxGenerations), as in params.c.
export function camelKey(key) {
  return String(key).replace(/(?!^)_([a-z0-9])/gi, (m, c) => c.toUpperCase());
}

// An island count from a text (a field, a link, a CLI option) or a number: {ok: true, k} or
// {ok: false, error} naming `what` (the field, the link's param, the CLI option), the range
// and what was given.
export function parseIslands(value, what = 'islands') {
  const t = typeof value === 'number' ? String(value) : String(value ?? '').trim();
  const k = Number(t);
  if (/^\d{1,2}$/.test(t) && k >= 1 && k <= MAX_ISLANDS) return { ok: true, k };
  const shown = t.length > 20 ? `${t.slice(0, 20)}…` : t;
  return { ok: false, error: `${what} must be a whole number from 1 to ${MAX_ISLANDS} (got "${shown}")` };
}

// The page's default number of islands: every core but one for the page itself, at least 1.
export function defaultIslands(hardwareConcurrency) {
  const n = Number.isInteger(hardwareConcurrency) ? hardwareConcurrency - 1 : 1;
  return Math.min(MAX_ISLANDS, Math.max(1, n));
}
