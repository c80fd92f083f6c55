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
// recognise(text) -> {kind: 'notation'} | {kind: 'facelets', facelets, label}
//   | {kind: 'link', url}: a link is read by web/lib/paste-link.mjs's readLink, which only
//   the on-demand side of the page loads (a paste of a link is rare; the first load is not)

const FACES = 'URFDLB';
const SCHEME = 'WRGYOB'; // the colour of each face of FACES

const nine = (s, letters) => [...letters].every((c) => s.split(c).length - 1 === 9);

// A 54-letter facelet string in face letters (URFDLB) or colour letters (WYGBRO), spaces
// ignored: {facelets, colours} or null.
export function readFacelets(text) {
  const s = String(text).replace(/\s+/g, '');
  if (s.length !== 54) return null;
  if (/^[URFDLB]+$/.test(s)) return nine(s, FACES) ? { facelets: s, colours: false } : null;
  if (!/^[WYGBRO]+$/.test(s) || !nine(s, SCHEME)) return null;
  return { facelets: [...s].map((c) => FACES[SCHEME.indexOf(c)]).join(''), colours: true };
}

export function recognise(text) {
  const t = String(text).trim();
  // a link copied with spaces left in its query (the URL parser encodes them) is still a link
  if (/^(https?:\/\/|(www\.|alpha\.)?(twizzle\.net|alg\.cubing\.net)\/)/i.test(t)) return { kind: 'link', url: t };
  const f = readFacelets(t);
  if (f) return { kind: 'facelets', facelets: f.facelets, label: f.colours ? 'facelet string (colour letters)' : 'facelet string' };
  return { kind: 'notation' };
}
