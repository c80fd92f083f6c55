// share-panel.mjs - the first-load side of the Result panel's sharing tools (issue 17 item
// 5); each does its work in a web/lazy/ module fetched when first needed: Copy solution and
// Copy link (lazy/copy.mjs), a link's solution checked and shown without running with
// Re-run and compare (lazy/link-solution.mjs), and the JSON/CSV export of the run's log
// (lazy/export.mjs; the log is lazy/run-log.mjs, loaded by Solve).
import { byId as $ } from './dom.mjs';

// Copy text with its fallbacks (web/lazy/copy.mjs, fetched on the first copy): resolves
// to 'clipboard', 'selection' or 'manual'.
export async function copyText(text, notify, what = 'Solution') {
  const { copyText: copy } = await import('./lazy/copy.mjs');
  return copy(text, notify, what);
}

// A link's solution, verified by the core (checkLinkSolution), shown without running
// anything, with Re-run and compare (web/lazy/link-solution.mjs does both; only a link with
// a solution fetches it). compareWithLink after a run of that cube.
const link = { shown: null, comparing: null }; // {solution, facelets} shown; the same while re-run

// shared: readShare's answer with a solution; ctx: see restoreLink, plus solve()
export async function showLinkSolution(shared, ctx) {
  const { restoreLink } = await import('./lazy/link-solution.mjs');
  const checked = restoreLink(shared, { ...ctx, onRerun: () => { link.comparing = link.shown; ctx.solve(); } });
  if (checked) link.shown = { solution: checked.solution, facelets: checked.facelets };
}

export async function compareWithLink(result, facelets) {
  const theirs = link.comparing;
  link.comparing = null;
  if (!theirs || theirs.facelets !== facelets) return;
  const { drawComparison } = await import('./lazy/link-solution.mjs');
  drawComparison(theirs, result);
}

export function clearLinkSolution() {
  const box = $('link-compare');
  box.hidden = true;
  box.replaceChildren();
  delete box.dataset.same;
  link.shown = null;
}

// The export buttons: the export module is fetched on the first click (web/lazy/).
// getRun() -> the RunLog to export (the running one, or the last run's) or null.
export function wireExport(getRun, notify) {
  for (const kind of ['json', 'csv']) {
    $(`export-${kind}`).addEventListener('click', () => {
      const run = getRun();
      if (!run) notify('Run a solve first.', 'warn');
      else import('./lazy/export.mjs').then((m) => m.exportRun(run, kind), (e) => notify(`The export could not load (${e.message}).`, 'error'));
    });
  }
}
