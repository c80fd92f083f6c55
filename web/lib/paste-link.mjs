// paste-link.mjs - a link pasted into the scramble box (web/lib/paste.mjs recognises it as
// one): Twizzle (twizzle.net /edit/, /explore/), alg.cubing.net (also csTimer's links to
// it) and evocube's own links, read by readShare as the page reads its own address; a link
// for another puzzle, from another site, or that carries no cube gets its own message. And
// Twizzle's setup + alg (and its setup-anchor) read as Twizzle shows it (setupPlusAlg). No DOM; only on-demand
// modules of the page import this.
//   readLink(url, readShare, origin) -> {kind: 'link', shared, label, own} | {kind: 'bad', message}
//   readShare: web/lib/share-link.mjs's, passed in by the caller (the page has it in its first
//   load; imported here, it would be split into a chunk of its own)

import { showHidden } from './cube-text.mjs';

const SITES = [
  { re: /(^|\.)twizzle\.net$/, name: 'Twizzle', paths: /^\/(edit|explore)\/?$/, pathsText: '/edit/ or /explore/' },
  { re: /^alg\.cubing\.net$/, name: 'alg.cubing.net', paths: /^\/?$/, pathsText: '/' },
];

// What a link carries, for its label: "setup + alg", "setup", "alg", "facelets".
function parts(shared) {
  if (shared.facelets != null) return shared.solution != null ? 'facelets + solution' : 'facelets';
  if (shared.scramble) return shared.solution != null ? `${shared.setupAlg ? 'setup' : 'scramble'} + ${shared.setupAlg ? 'alg' : 'solution'}` : 'setup';
  return shared.solution != null ? 'alg' : '';
}

export function readLink(text, readShare, origin = '') {
  let url;
  try {
    url = new URL(/^https?:/i.test(text) ? text : `https://${text}`);
  } catch {
    return { kind: 'bad', message: 'This looks like a link but is not a valid URL; paste the whole address.' };
  }
  const host = url.hostname.replace(/^www\./, '');
  const site = SITES.find((s) => s.re.test(host));
  const own = !site && ((origin && url.origin === origin) || ['scramble', 'facelets', 'solver', 'solution'].some((k) => url.searchParams.has(k)));
  if (!site && !own) {
    return { kind: 'bad', message: `A link to ${host} is not one evocube reads: paste a Twizzle (alpha.twizzle.net/edit/ or /explore/), alg.cubing.net or evocube link, or the moves themselves.` };
  }
  const name = site ? site.name : 'evocube';
  if (site && !site.paths.test(url.pathname)) {
    return { kind: 'bad', message: `This ${name} link is to ${url.pathname}; evocube reads ${name}'s ${site.pathsText} links only.` };
  }
  const q = url.searchParams;
  const puzzle = q.get('puzzle');
  if (puzzle && !/^3x3x3$/i.test(puzzle)) {
    return { kind: 'bad', message: `This ${name} link is for the ${showHidden(puzzle.slice(0, 30))}; evocube solves the 3x3x3 only.` };
  }
  // the query as the link has it (never re-encoded: its length is the link's); Twizzle's '-'
  // is a hyphen (SiGN's 2-3Rw) and its prime "'" (decodeAlg)
  const twizzle = name === 'Twizzle';
  const shared = readShare(url.search, { hyphens: twizzle });
  if (twizzle) {
    const anchor = q.get('setup-anchor');
    if (anchor != null && anchor !== 'start' && anchor !== 'end') {
      return { kind: 'bad', message: `This Twizzle link's setup-anchor is "${showHidden(anchor.slice(0, 20))}"; Twizzle's are start and end.` };
    }
    twizzleAnchor(shared, anchor === 'end');
  }
  if (site) shared.site = name;
  const what = parts(shared);
  if (!what) {
    return { kind: 'bad', message: shared.problems.length
      ? `This ${name} link was not read: ${shared.problems.join('; ')}.`
      : `This ${name} link carries no cube (no alg, setup, scramble or facelets).` };
  }
  return { kind: 'link', shared, own, label: `${name} link: ${what}` };
}

// Twizzle's setup-anchor (cubing.js's TwistyPlayer): with "start" (the default) the alg is
// played from the setup, with "end" it ends at the setup (it starts at setup then the alg's
// inverse). An alg alone with "end" is a solution of the cube it solves (algOnly, as an
// alg.cubing.net link's); otherwise the cube starts at the start, and end (setupPlusAlg's
// cube when the alg does not solve the start) is where the alg ends.
function twizzleAnchor(shared, end) {
  if (shared.solution == null) return;
  const setup = (shared.scramble ?? '').trim(), alg = shared.solution;
  delete shared.algOnly;
  if (end && !setup) {
    shared.algOnly = true;
    delete shared.setupAlg;
    return;
  }
  shared.setupAlg = true;
  shared.scramble = end ? `${setup}\n(${alg}\n)'` : setup;
  if (end) shared.end = { scramble: setup, anchor: 'end' };
}

// Twizzle's setup + alg: when the alg solves the setup it is the solution to show (shared as
// is); otherwise Twizzle shows the setup followed by the alg, so that is the cube:
// {...shared, scramble: setup then alg, solution: none, played: {setup, alg}}. Only a link
// whose alg came from alg= (setupAlg) is read so; an evocube link's solution= that fails
// is refused where it is checked. core: web/lib/core.mjs's core.
export function setupPlusAlg(core, shared) {
  if (!shared.setupAlg || shared.solution == null || shared.scramble == null) return shared;
  try {
    if (core.verify(core.apply(shared.scramble), shared.solution).solved) return shared;
    core.apply(shared.solution); // an alg that does not parse is refused where it is checked
  } catch {
    return shared;
  }
  const alg = shared.solution.trim();
  const { solution, end, ...rest } = shared;
  if (end) return { ...rest, scramble: end.scramble, played: { setup: end.scramble, alg, site: shared.site, anchor: 'end' } };
  const setup = shared.scramble.trim();
  return { ...rest, scramble: setup ? `${setup}${setup.includes('//') ? '\n' : ' '}${alg}` : alg, played: { setup, alg, site: shared.site } };
}

// The notice for setupPlusAlg's reading (site: where the link is from, Twizzle when unknown).
export function playedText({ setup, alg, site = 'Twizzle', anchor = 'start' }) {
  const cut = (s) => showHidden(s.length > 60 ? `${s.slice(0, 60)}…` : s);
  if (anchor === 'end') return `The link's alg (${cut(alg)}) ends at its setup (${cut(setup)}, setup-anchor=end) without solving the cube it starts from, so the cube is the setup, where the alg ends, as ${site} shows it.`;
  if (!setup) return `The link has an alg (${cut(alg)}) and no setup, so the cube is the alg played from the solved cube, as ${site} shows it.`;
  return `The link's alg (${cut(alg)}) does not solve its setup (${cut(setup)}), so the cube is the setup followed by the alg, as ${site} shows it.`;
}
