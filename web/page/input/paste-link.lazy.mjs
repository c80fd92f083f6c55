// paste-link.lazy.mjs - a link pasted into the scramble box, fetched on such a paste: read by
// web/lib/paste-link.mjs (readShare is the caller's, already in the first load), then loaded
// by onLink (the page's link loading) and named under the box, or refused inline with its
// own message. input: the CubeInput; text: the box's text when the paste was seen (a later
// edit wins).
import { byId as $, setText } from '../common/dom.mjs';
import { readLink } from '../../lib/paste-link.mjs';

export function loadLink(input, url, text, onLink, readShare) {
  if (input.algInput.value !== text || input.frozen || input.mode !== 'scramble') return;
  const r = readLink(url, readShare, location.origin);
  if (r.kind !== 'link') {
    const error = new Error(r.message);
    input.algInput.showError(error, text);
    input._set({ ok: false, alg: text, error });
    return;
  }
  onLink(r);
  setText($('scramble-kind'), r.label);
  // a link with facelets= went to the Paint tab: the box keeps no link behind it
  if (input.mode === 'paint') {
    input.algInput.set('', false);
    setText($('paint-kind'), `Pasted: ${r.label}`);
  }
}
