// paste-link.mjs - a link pasted into the scramble box (web/lib/paste.mjs recognises it as
// one): Twizzle (twizzle.net /edit/, /explore/), alg.cubing.net (also csTimer's links to
// it) and evocube's own links, read by readShare as the page reads its own address; a link
// for another puzzle, from another site, or that carries no cube gets its own message. And
// Twizzle's setup + alg read as Twizzle shows it (setupPlusAlg). No DOM; only on-demand
// modules of the page import this.
//   readLink(url, readShare, origin) -> {kind: 'link', shared, label, own} | {kind: 'bad', message}
//   readShare: web/lib/share-link.mjs's, passed in by the caller (the page has it in its first
//   load; imported here, it would be split into a chunk of its own)

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
  if (site && !site.paths.test(url.pathname)) {
    return { kind: 'bad', message: `This ${site.name} link is to ${url.pathname}; evocube reads ${site.name}'s ${site.pathsText} links only.` };
  }
  const puzzle = url.searchParams.get('puzzle');
  if (puzzle && !/^3x3x3$/i.test(puzzle)) {
    return { kind: 'bad', message: `This ${site ? site.name : 'evocube'} link is for the ${puzzle.slice(0, 30)}; evocube solves the 3x3x3 only.` };
  }
  // A hyphen in an alg (SiGN's 2-3Rw): readShare reads '-' as a prime, as evocube's and
  // alg.cubing.net's links write it; alg.cubing.net writes a hyphen as &#45;, and Twizzle's
  // '-' is always a hyphen (its prime is %27). Hyphens pass readShare as U+E000.
  const q = url.searchParams;
  for (const k of ['alg', 'setup', 'setup-alg']) {
    const v = q.get(k);
    if (v != null) q.set(k, v.replace(site && site.name === 'Twizzle' ? /-/g : /&#45;/g, '\ue000'));
  }
  const shared = readShare(`?${q}`);
  for (const k of ['scramble', 'solution']) if (shared[k] != null) shared[k] = shared[k].replace(/\ue000/g, '-');
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
