// share-link.mjs - share links and the Twizzle link (DESIGN.md, "Share links").
// A link: ?scramble=R_U_R-_F2&solver=hugo&seed=42&preset=fast&p.population=50, spaces as
// '_' (or '+'), "'" as '-', or percent-encoded; facelets= instead of scramble= for painted
// cubes; islands=K (2..64) runs K islands (a link without it means K = 1, web/lib/islands.mjs);
// solution= a solution to show, which the core verifies on the link's cube first
// (checkLinkSolution, web/page/share/link-solution.lazy.mjs). alg.cubing.net and Twizzle forms read as they mean it: setup= or
// setup-alg= is the scramble and alg= a solution of it; alg= alone (alg.cubing.net's default,
// Twizzle's setup-anchor=end) is a solution of the cube it solves, so the scramble is its
// inverse (readShare marks that with algOnly; the page inverts it with the core). Everything read here is untrusted:
// the query is length-bounded, every value is bounded and shape-checked, and the alg and
// facelets are handed to the C core to parse (the page never inserts them as HTML). A value
// given twice (a param, or the scramble under two of its names) is named among the problems.
// An experiment definition's check (validateExperiment) is in web/lib/experiments/definition.mjs.



import { MAX_QUERY, MAX_PARAMS, SOLVER_RE, KEY_RE, VALUE_RE, parseIslands } from './params.mjs';
import { camelKey } from './params.mjs';
import { showHidden } from './cube-text.mjs';

export { MAX_QUERY, MAX_PARAMS };
export const MAX_SCRAMBLE = 3000;

// Alg text as it appears in a link -> alg text: '_' a space, '-' a prime and &#45; a hyphen
// (SiGN's 2-3Rw), alg.cubing.net's convention; hyphens: true reads '-' as a hyphen (Twizzle's
// links, whose prime is "'" itself).
export function decodeAlg(text, { hyphens = false } = {}) {
  const spaced = text.replace(/_/g, ' ');
  return hyphens ? spaced : spaced.replace(/-/g, "'").replace(/&#45;/g, '-');
}

// Alg text -> link form (spaces '_', a hyphen &#45;, "'" '-'; newlines stay, percent-encoded
// later), so decodeAlg(encodeAlg(a)) === a for any alg without '_' or "&#45;".
export function encodeAlg(alg) {
  return alg.replace(/[ \t]+/g, '_').replace(/-/g, '&#45;').replace(/'/g, '-').replace(/\r/g, '');
}

// Parse a location.search into {scramble?, facelets?, solution?, algOnly?, setupAlg?, solver?, seed?,
// preset?, islands?, params, problems: [...]} ; problems lists what was ignored and why.
// hyphens: the alg texts use Twizzle's convention (decodeAlg). An empty alg= or solution= is no
// solution.
export function readShare(search, { hyphens = false } = {}) {
  const out = { params: {}, problems: [] };
  if (!search || search === '?') return out;
  if (search.length > MAX_QUERY) {
    out.problems.push(`the link is too long (its query has ${search.length} characters, at most ${MAX_QUERY} are read); it was ignored`);
    return out;
  }
  const q = new URLSearchParams(search); // any string parses (bad escapes are kept as text)
  const alg = q.get('scramble') ?? q.get('setup') ?? q.get('setup-alg');
  if (alg != null) {
    if (alg.length > MAX_SCRAMBLE) out.problems.push(`the scramble in the link has ${alg.length} characters, more than the ${MAX_SCRAMBLE} a link may carry; it was ignored`);
    else out.scramble = decodeAlg(alg, { hyphens });
  }
  // solution= (evocube's own) or alg= (alg.cubing.net, Twizzle): a solution of the scramble
  const sol = q.get('solution') ?? q.get('alg');
  if (sol != null && sol.trim()) {
    if (sol.length > MAX_SCRAMBLE) out.problems.push(`the solution in the link has ${sol.length} characters, more than the ${MAX_SCRAMBLE} a link may carry; it was ignored`);
    else {
      out.solution = decodeAlg(sol, { hyphens });
      if (alg == null && q.get('facelets') == null) out.algOnly = true;
      else if (q.get('solution') == null) out.setupAlg = true; // Twizzle's setup + alg (web/lib/paste.mjs)
    }
  }
  const f = q.get('facelets');
  if (f != null) {
    if (f.length > 60) out.problems.push(`the facelets in the link are too long (${f.length} characters; a cube has 54); they were ignored`);
    else out.facelets = f.trim();
  }
  const s = q.get('solver');
  if (s != null) {
    if (SOLVER_RE.test(s)) out.solver = s;
    else if (s.length > 40) out.problems.push(`the solver name in the link is too long (${s.length} characters, at most 40); it was ignored`);
    else out.problems.push('the solver name in the link is malformed; it was ignored');
  }
  const seed = q.get('seed');
  if (seed != null) {
    if (/^\d{1,10}$/.test(seed.trim())) out.seed = seed.trim();
    else if (seed.length > 10) out.problems.push(`the seed in the link is too long (${seed.length} characters; a seed is a whole number from 0 to 4294967295); it was ignored`);
    else out.problems.push('the seed in the link is not a whole number; it was ignored');
  }
  const preset = q.get('preset');
  if (preset != null) {
    if (KEY_RE.test(preset)) out.preset = preset;
    else if (preset.length > 40) out.problems.push(`the preset in the link is too long (${preset.length} characters, at most 40); it was ignored`);
    else out.problems.push('the preset in the link is malformed; it was ignored');
  }
  const islands = q.get('islands');
  if (islands != null) {
    const v = parseIslands(islands, 'the islands in the link');
    if (v.ok) out.islands = v.k;
    else out.problems.push(`${v.error}; one island is used`);
  }
  let n = 0;
  for (const [k, v] of q) {
    if (!k.startsWith('p.')) continue;
    const key = k.slice(2);
    if (++n > MAX_PARAMS) { out.problems.push(`more than ${MAX_PARAMS} params in the link; the rest were ignored`); break; }
    const name = showHidden(key.length > 40 ? `${key.slice(0, 40)}…` : key); // never a raw U+202E
    if (KEY_RE.test(key) && VALUE_RE.test(v)) {
      const first = Object.keys(out.params).find((x) => camelKey(x) === camelKey(key));
      if (first === undefined) out.params[key] = v;
      else out.problems.push(`param "${name}" is given twice in the link (p.${first}=${out.params[first]} and p.${key}=${v}); the first is used, the second was ignored`);
    }
    else if (key.length > 40 || v.length > 40) out.problems.push(`param "${name}" in the link is too long (${key.length + v.length + 1} characters, at most 40 for a name and 40 for a value); it was ignored`);
    else out.problems.push(`param "${name}" in the link is malformed; it was ignored`);
  }
  scrambleOnce(q, out);
  return out;
}

// A link gives its scramble once. scramble= (evocube's own name) wins over setup= and
// setup-alg= (alg.cubing.net's and Twizzle's); those two are the same field, so both with
// different texts, or one name repeated with different texts, are refused by name (neither is
// loaded, nor the solution that goes with them); the same text twice is read once.
function scrambleOnce(q, out) {
  const keys = q.has('scramble') ? ['scramble'] : ['setup', 'setup-alg'];
  const given = keys.flatMap((k) => q.getAll(k).map((v) => [k, v]));
  if (given.every(([, v]) => v === given[0][1])) return;
  const names = [...new Set(given.map(([k]) => `${k}=`))];
  out.problems.push(`the link gives the scramble ${names.length > 1 ? `as ${names.join(' and ')}` : `${given.length} times (${names[0]})`} with different texts; neither was loaded`);
  for (const k of ['scramble', 'solution', 'algOnly', 'setupAlg']) delete out[k];
}

// spaces trimmed, a byte-order mark kept (the facelet rule names it; trim() would drop it)
const trimText = (s) => s.replace(/^[^\S\ufeff]+|[^\S\ufeff]+$/gu, '');

// {scramble | facelets, solver, seed, preset, islands, params, solution} ->
// "?scramble=...&solver=..." (islands=K only when K > 1).
export function buildShare({ scramble, facelets, solver, seed, preset, islands = 1, params = {}, solution }) {
  const parts = [];
  const enc = (s) => encodeURIComponent(s);
  if (facelets) parts.push(`facelets=${enc(facelets)}`);
  else if (scramble != null && scramble.trim()) parts.push(`scramble=${enc(encodeAlg(trimText(scramble)))}`);
  if (solver) parts.push(`solver=${enc(solver)}`);
  if (seed != null && seed !== '') parts.push(`seed=${enc(String(seed))}`);
  if (preset) parts.push(`preset=${enc(preset)}`);
  if (Number.isInteger(islands) && islands > 1) parts.push(`islands=${islands}`);
  for (const [k, v] of Object.entries(params)) if (k !== 'preset') parts.push(`p.${enc(k)}=${enc(String(v))}`);
  if (solution != null && solution.trim()) parts.push(`solution=${enc(encodeAlg(solution.trim()))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

// Twizzle's editor with the cube set up and the solution split by phase as // comments.
export function twizzleUrl(setup, phases, solution) {
  const alg = phases && phases.length
    ? phases.map((p) => `${p.solution || ''} // ${p.name} (${p.length})`.trim()).join('\n')
    : solution;
  const q = new URLSearchParams();
  q.set('setup-alg', setup);
  q.set('alg', alg);
  return `https://alpha.twizzle.net/edit/?${q.toString()}`;
}

// A link's solution= is checked by the core on the link's own cube before it is shown:
// checkLinkSolution, in web/page/share/link-solution.lazy.mjs (only a link with a solution fetches it).
