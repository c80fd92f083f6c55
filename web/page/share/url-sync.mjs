// url-sync.mjs - the page's address is always a share link (web/lib/share-link.mjs): the
// share link follows every change at once, and the address bar (history.replaceState, which
// browsers throttle) follows after a short pause in typing. The link carries the shown
// solution only when it is for the input cube and, when a run of this page found it, the
// settings are still the run's (a changed seed or param would re-run differently); a race
// runner's result is another solver's and is never carried.
//   new UrlSync({ settings, input, results, runFields })
//     settings.fields(), input.fields(): the link's parts; input.cube, input.setup();
//     results: {result, links(href, setup)} (web/page/result/result-view.mjs);
//     runFields(): JSON of the settings' fields the shown result ran with, or null
//   update()   after every change
// restoreFromLink({ settings, input, notify }, pasted?) at boot: the settings and the
// input cube from the address (readShare), a notice for each problem; with pasted (a link
// pasted into the scramble box, web/lib/paste-link.mjs's answer) the same from that link,
// whose settings are read only when it is evocube's own. Returns readShare's answer (its
// solution, when it has one, is for share-tools.mjs's showLinkSolution to check and show).
import { buildShare, readShare } from '../../lib/share-link.mjs';

const SETTLE_MS = 120;

export class UrlSync {
  constructor({ settings, input, results, runFields }) {
    Object.assign(this, { settings, input, results, runFields, timer: 0, href: null });
  }

  update() {
    const { settings, input, results } = this;
    const url = new URL(location.href);
    const r = results.result;
    const fields = settings.fields();
    const ran = this.runFields();
    const same = !ran || ran === JSON.stringify(fields);
    const solution = r && r.stats.solved && !r.race && same && r.facelets === input.cube.facelets ? r.solution : null;
    url.search = buildShare({ ...fields, ...input.fields(), solution });
    url.hash = '';
    this.href = url.href;
    results.links(url.href, input.setup());
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.href !== location.href) history.replaceState(null, '', this.href);
    }, SETTLE_MS);
  }
}

export function restoreFromLink({ settings, input, notify }, pasted = null) {
  const shared = pasted ? pasted.shared : readShare(location.search);
  for (const p of shared.problems) notify(p, 'warn');
  // share links live in the query; a fragment is never read (the address bar drops it)
  if (!pasted && location.hash.length > 1) notify(`The link has a part after "#" (${location.hash.length - 1} characters), which evocube links do not use; it was ignored.`, 'warn');
  if (!pasted || pasted.own) settings.restore(shared, !!pasted || location.search.length > 1);
  if (shared.facelets != null && shared.facelets.length !== 54) {
    // one message: the painter would add one about the padding the user never typed
    notify(`The facelets in the link have ${shared.facelets.length} letters, not 54; they were not loaded.`, 'warn');
    delete shared.solution;
  } else if (shared.facelets != null) {
    input.setFacelets(shared.facelets, false);
    input.setMode('paint');
  } else {
    input.setScramble(shared.scramble ?? '');
  }
  return shared;
}
