// share-tools.mjs - the first-load side of the Result panel's sharing tools; each does its
// work in an on-demand module fetched when first needed: a link's solution checked and shown
// without running, with Re-run and compare (link-solution.lazy.mjs), and the JSON/CSV export
// (export.lazy.mjs) of a run (web/lib/run/run.mjs exportData(): its request, records and
// result); and the Copy solution button (copying: web/page/common/copy.mjs).
import { byId as $ } from '../common/dom.mjs';
import { copyText } from '../common/copy.mjs';

// getResult() -> the shown result or null
export function wireCopySolution(getResult, notify) {
  $('copy-solution').addEventListener('click', () => {
    const r = getResult();
    if (r && r.stats.solved) copyText(r.solution, notify);
    else notify('No solution yet.', 'warn');
  });
}

// A link's solution, verified by the core (checkLinkSolution), shown without running
// anything, with "Re-run to see how it was found" (link-solution.lazy.mjs does both; only a
// link with a solution fetches it). compareWithLink after a run of that cube says whether the
// re-run found the link's solution, in the Result panel and in a notice.
const link = { shown: null, comparing: null, notify: null }; // {solution, facelets} shown; the same while re-run

// shared: readShare's answer with a solution; ctx: see restoreLink, plus solve()
export async function showLinkSolution(shared, ctx) {
  const { restoreLink } = await import('./link-solution.lazy.mjs');
  link.notify = ctx.notify;
  const checked = restoreLink(shared, { ...ctx, onRerun: () => { link.comparing = link.shown; ctx.solve(); } });
  if (checked) link.shown = { solution: checked.solution, facelets: checked.facelets };
}

export async function compareWithLink(result, facelets) {
  const theirs = link.comparing;
  link.comparing = null;
  if (!theirs || theirs.facelets !== facelets) return;
  const { drawComparison } = await import('./link-solution.lazy.mjs');
  const same = drawComparison(theirs, result);
  if (link.notify) link.notify(same ? 'The re-run found the link\'s solution: the chart shows how it was found.' : 'The re-run did not find the link\'s solution; the Result panel says how they differ.', same ? 'info' : 'warn', same ? 5000 : 0);
}

export function clearLinkSolution() {
  $('link-compare').hidden = true;
  $('link-rerun').hidden = true;
  link.shown = null;
}

// The export buttons: the export module is fetched on the first click.
// getRun() -> the run to export (the running one, or the last run: its records so far) or null.
export function wireExport(getRun, notify) {
  for (const kind of ['json', 'csv']) {
    $(`export-${kind}`).addEventListener('click', () => {
      const run = getRun();
      if (!run) notify('Run a solve first.', 'warn');
      else import('./export.lazy.mjs').then((m) => m.exportRun(run.exportData(), kind), (e) => notify(`export: ${e.message}`, 'error'));
    });
  }
}
