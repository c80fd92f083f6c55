// share-panel.mjs - the Result panel's sharing tools that must be there at first load
// (issue 17 item 5): Copy solution (the clipboard, else a selected text field, else a
// notice holding the text), a link's verified solution shown without running (with
// Re-run and compare), and the run's log of progress records that the JSON/CSV export
// (web/lazy/export.mjs, loaded on the first click) writes out. DOM through dom.mjs only.
import { byId as $, el } from './dom.mjs';

// A run's progress records, bounded: all of them up to `max`; past that every other kept
// record is dropped and only every stride-th new one is kept (an even decimation that
// keeps the first); the last record seen is always kept apart, so the final generation is
// in every export. seen counts them all.
export class RunLog {
  constructor(request, max = 20000) {
    Object.assign(this, { request, max, records: [], seen: 0, stride: 1, last: null });
  }

  add(records) {
    for (const r of records) {
      if (this.seen++ % this.stride === 0) this.records.push(r);
      this.last = r;
      if (this.records.length >= this.max) {
        this.records = this.records.filter((_, i) => i % 2 === 0);
        this.stride *= 2;
      }
    }
  }

  // the kept records with the last one seen at the end
  all() {
    const out = this.records.slice();
    if (this.last && out[out.length - 1] !== this.last) out.push(this.last);
    return out;
  }
}

// Copy text: the async clipboard; where it is refused (no permission, an insecure origin),
// a selected read-only field and execCommand('copy'); where that fails too, a notice holding
// the text to copy by hand. Resolves to how it went: 'clipboard', 'selection' or 'manual'.
export async function copyText(text, notify, what = 'Solution') {
  try {
    await navigator.clipboard.writeText(text);
    notify(`${what} copied.`, 'info', 2500);
    return 'clipboard';
  } catch { /* fall back below */ }
  const box = el('textarea', { readonly: true, class: 'copy-fallback', 'aria-hidden': 'true' });
  box.value = text;
  document.body.append(box);
  box.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  box.remove();
  if (ok) { notify(`${what} copied.`, 'info', 2500); return 'selection'; }
  notify(`Copy this ${what.toLowerCase()}: ${text}`, 'info', 0);
  return 'manual';
}

// A link's solution, verified by checkLinkSolution, shown in the Result panel without
// running anything, with Re-run and compare (web/lazy/link-solution.mjs draws both; only a
// link with a solution fetches it). compareWithLink after a run of that cube.
const link = { shown: null, comparing: null }; // {solution, facelets} shown; the same while re-run

export async function showLinkSolution(checked, onRerun) {
  link.shown = { solution: checked.solution, facelets: checked.facelets };
  const { drawLinkSolution } = await import('./lazy/link-solution.mjs');
  drawLinkSolution(checked, () => { link.comparing = link.shown; onRerun(); });
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
export function wireExport(getRun, notify) {
  for (const kind of ['json', 'csv']) {
    $(`export-${kind}`).addEventListener('click', async () => {
      const run = getRun();
      if (!run) { notify('Run a solve first: the export holds a run\'s records and result.', 'warn'); return; }
      try {
        const { exportRun } = await import('./lazy/export.mjs');
        exportRun(run, kind);
      } catch (e) {
        notify(`The export could not load (${e.message}).`, 'error');
      }
    });
  }
}
