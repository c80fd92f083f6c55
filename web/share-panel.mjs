// share-panel.mjs - the Result panel's sharing tools that must be there at first load
// (issue 17 item 5): Copy solution (the clipboard, else a selected text field, else a
// notice holding the text), a link's verified solution shown without running (with
// Re-run and compare), and the run's log of progress records that the JSON/CSV export
// (web/lazy/export.mjs, loaded on the first click) writes out. DOM through dom.mjs only.
import { byId as $, el, setText } from './dom.mjs';

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
// running anything; Re-run and compare runs the solve (onRerun), and compareWithLink then
// says how the run's solution compares with the link's.
let linkSolution = null; // {solution, facelets} shown from the link
let comparing = null; // the same, while its re-run is going

export function showLinkSolution(checked, onRerun) {
  setText($('solution'), checked.solution || '(already solved)');
  $('solution').dataset.solution = checked.solution;
  setText($('result-summary'), `${checked.moves} moves (HTM) · from the link, not re-run on this page`);
  setText($('verified'), '✓ verified on this page: the link\'s solution solves the link\'s cube');
  $('verified').dataset.ok = 'true';
  linkSolution = { solution: checked.solution, facelets: checked.facelets };
  const box = $('link-compare');
  box.replaceChildren(el('button', {
    type: 'button', class: 'small', dataset: { testid: 'rerun-compare' },
    onclick: () => { comparing = linkSolution; onRerun(); },
  }, 'Re-run and compare'), ' runs the solver with the link\'s settings and compares its solution with this one.');
  box.hidden = false;
}

// After a run of the link's cube: how its solution compares with the link's.
export function compareWithLink(result, facelets) {
  const theirs = comparing;
  comparing = null;
  if (!theirs || theirs.facelets !== facelets) return;
  const box = $('link-compare');
  const a = theirs.solution ? theirs.solution.split(' ').length : 0;
  const solved = result.stats.solved;
  const same = solved && result.solution === theirs.solution;
  const b = result.length;
  box.dataset.same = String(same);
  box.replaceChildren(same
    ? `This run found the link's solution again (${a} moves): the link reproduces its run.`
    : !solved
      ? `This run found no solution; the link's has ${a} moves.`
      : `This run found a different solution: ${b} moves, the link's ${a}${b === a ? '' : ` (${b < a ? 'this run' : 'the link\'s'} is shorter by ${Math.abs(a - b)})`}. The link's: ${theirs.solution}`);
  box.hidden = false;
}

export function clearLinkSolution() {
  const box = $('link-compare');
  box.hidden = true;
  box.replaceChildren();
  delete box.dataset.same;
  linkSolution = null;
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
