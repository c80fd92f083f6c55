// paste.mjs - what a cuber pastes into the scramble box, recognised before it is parsed as
// moves (no DOM; the page's scramble box and the tests use it):
//   notation        anything else: the core parses it (SiGN, commutators, // comments)
//   facelet string  54 letters, Kociemba's order (U R F D L B faces, each read as the page's
//                   Facelets line prints it), 9 of each of U R F D L B; or the same with
//                   colour letters W Y G B R O in the standard scheme (white U, red R, green
//                   F, yellow D, orange L, blue B), 9 of each; a string mixing the two
//                   alphabets is neither (R and B would be ambiguous)
//   link            a whole URL from Twizzle (twizzle.net /edit/, /explore/), alg.cubing.net
//                   (also csTimer's reconstruction links to it) or evocube itself, read by
//                   readShare as the page reads its own address; a link for another puzzle,
//                   from another site, or that carries no cube gets its own message
// recognise(text, origin) -> {kind: 'notation', note?} | {kind: 'facelets', facelets, label}
//   | {kind: 'link', shared, label, own} | {kind: 'bad', message}
// setupPlusAlg(core, shared): Twizzle's setup + alg read as Twizzle shows it (see there).
import { readShare } from './share-link.mjs';

const FACES = 'URFDLB';
const SCHEME = { W: 'U', R: 'R', G: 'F', Y: 'D', O: 'L', B: 'B' };

const nine = (s, letters) => [...letters].every((c) => s.split(c).length - 1 === 9);

// A 54-letter facelet string in face letters (URFDLB) or colour letters (WYGBRO), spaces
// ignored: {facelets, colours} or null.
export function readFacelets(text) {
  const s = String(text).replace(/\s+/g, '');
  if (s.length !== 54) return null;
  if (/^[URFDLB]+$/.test(s)) return nine(s, FACES) ? { facelets: s, colours: false } : null;
  if (!/^[WYGBRO]+$/.test(s) || !nine(s, 'WYGBRO')) return null;
  return { facelets: [...s].map((c) => SCHEME[c]).join(''), colours: true };
}

const SITES = [
  { re: /(^|\.)twizzle\.net$/, name: 'Twizzle', paths: /^\/(edit|explore)\/?$/, pathsText: '/edit/ or /explore/' },
  { re: /^alg\.cubing\.net$/, name: 'alg.cubing.net', paths: /^\/?$/, pathsText: '/' },
];

// What a link carries, for its label: "setup + alg", "setup", "alg", "facelets".
function parts(shared) {
  if (shared.facelets != null) return shared.solution != null ? 'facelets + solution' : 'facelets';
  if (shared.scramble != null) return shared.solution != null ? `${shared.setupAlg ? 'setup' : 'scramble'} + ${shared.setupAlg ? 'alg' : 'solution'}` : 'setup';
  return shared.solution != null ? 'alg' : '';
}

export function recognise(text, origin = '') {
  const t = String(text).trim();
  if (/^(https?:\/\/|(www\.|alpha\.)?(twizzle\.net|alg\.cubing\.net)\/)/i.test(t) && !/\s/.test(t)) return readLink(t, origin);
  const f = readFacelets(t);
  if (f) return { kind: 'facelets', facelets: f.facelets, label: f.colours ? 'facelet string (colour letters)' : 'facelet string' };
  if (/^[URFDLB]{54}$/.test(t.replace(/\s+/g, ''))) return { kind: 'notation', note: 'read as 54 moves: a facelet string has 9 of each letter' };
  return { kind: 'notation' };
}

function readLink(text, origin) {
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
  if (site && !site.paths.test(url.pathname)) {
    return { kind: 'bad', message: `This ${site.name} link is to ${url.pathname}; evocube reads ${site.name}'s ${site.pathsText} links only.` };
  }
  const puzzle = url.searchParams.get('puzzle');
  if (puzzle && !/^3x3x3$/i.test(puzzle)) {
    return { kind: 'bad', message: `This ${site ? site.name : 'evocube'} link is for the ${puzzle.slice(0, 30)}; evocube solves the 3x3x3 only.` };
  }
  // alg.cubing.net's own escape of '-' (&#45;, sent percent-encoded), then the page's reading
  const shared = readShare(url.search.replace(/%26%2345%3B/gi, '-'));
  const what = parts(shared);
  if (!what) return { kind: 'bad', message: `This ${site ? site.name : 'evocube'} link carries no cube (no alg, setup, scramble or facelets).` };
  return { kind: 'link', shared, own, label: `${site ? site.name : 'evocube'} link: ${what}` };
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
  const setup = shared.scramble.trim(), alg = shared.solution.trim();
  const { solution, ...rest } = shared;
  return { ...rest, scramble: `${setup}${setup.includes('//') ? '\n' : ' '}${alg}`, played: { setup, alg } };
}

// The notice for setupPlusAlg's reading.
export function playedText({ setup, alg }) {
  const cut = (s) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);
  return `The link's alg (${cut(alg)}) does not solve its setup (${cut(setup)}), so the cube is the setup followed by the alg, as Twizzle shows it.`;
}
