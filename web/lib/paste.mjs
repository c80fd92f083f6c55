// paste.mjs - what a cuber pastes into the scramble box, recognised before it is parsed as
// moves (no DOM; the page's scramble box and the tests use it):
//   notation        anything else: the core parses it (SiGN, commutators, // comments)
//   facelet string  text that web/lib/cube-text.mjs's rule calls one (only facelet letters,
//                   face U R F D L B or colour W Y G B R O, about 54 of them): a cube when it
//                   is clean, else 'near' with its fault named (never read as moves)
//   link            a whole URL from Twizzle (twizzle.net /edit/, /explore/), alg.cubing.net
//                   (also csTimer's reconstruction links to it) or evocube itself, read by
//                   readShare as the page reads its own address; a link for another puzzle,
//                   from another site, or that carries no cube gets its own message
// recognise(text) -> {kind: 'notation'} | {kind: 'facelets', facelets, label}
//   | {kind: 'near', message} | {kind: 'link', url}: a link is read by
//   web/lib/paste-link.mjs's readLink, which only the on-demand side of the page loads (a paste
//   of a link is rare; the first load is not)
import { readCubeText } from './cube-text.mjs';

export function recognise(text) {
  const t = String(text).trim();
  // a link copied with spaces left in its query (the URL parser encodes them) is still a link
  if (/^(https?:\/\/|(www\.|alpha\.)?(twizzle\.net|alg\.cubing\.net)\/)/i.test(t)) return { kind: 'link', url: t };
  const r = readCubeText(text);
  if (r.kind === 'facelets') return { kind: 'facelets', facelets: r.facelets, label: r.colours ? 'facelet string (colour letters)' : 'facelet string' };
  return r;
}
