// boot.mjs - the page's start and its outcome, apart from what it starts (web/main.mjs):
//   bootFailed(e) -> why   the core could not load: say why in plain words, switch every
//                   control off so none looks usable, and mark the page failed
//                   (body[data-ready="failed"]); the run's status and Solve's tooltip are the
//                   run feature's to set (web/page/run/run-controls.mjs runUnavailable(why))
//   bootDone()      the page is ready: the boot line goes, body[data-ready="true"]
//   testSurface(get, names)   the read-only object the console and the e2e tests read as
//                   window.evocube: one getter per name, each reading get()[name] when asked
//                   (so a part made later, or replaced, is always the current one)
import { loadFailureText } from '../../lib/core.mjs';
import { byId as $, setText } from './dom.mjs';
import { notify } from './notices.mjs';

export function bootFailed(e) {
  const why = loadFailureText(e);
  setText($('boot'), 'the solver core could not load');
  for (const c of document.querySelectorAll('main button, main input, main select, main textarea')) c.disabled = true;
  notify(`The solver core could not load: ${why}. This page cannot read or solve cubes without it; check your connection and reload the page.`, 'error', 0);
  document.body.dataset.ready = 'failed';
  return why;
}

export function bootDone() {
  setText($('boot'), '');
  $('boot').hidden = true;
  document.body.dataset.ready = 'true';
}

export function testSurface(get, names) {
  const surface = {};
  for (const name of names) Object.defineProperty(surface, name, { get: () => get()[name], enumerable: true });
  return Object.freeze(surface);
}
