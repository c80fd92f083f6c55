// share-panel.mjs - the first-load side of the Result panel's sharing tools (issue 17 item
// 5); each does its work in a web/lazy/ module fetched when first needed: Copy solution and
// Copy link (lazy/copy.mjs), a link's solution checked and shown without running with
// Re-run and compare (lazy/link-solution.mjs), and the JSON/CSV export (lazy/export.mjs)
// of the run's log (RunLog, here: a solve keeps one).
import { byId as $ } from '../common/dom.mjs';

// A run's progress records, bounded: all of them up to `max`; past that every other kept
// record is dropped and only every stride-th new one is kept (an even decimation that
// keeps the first); the last record seen is always kept apart, so the final generation is
// in every export. seen counts them all. A run on K islands logs every island's records,
// each tagged {island: i, ...}, decimated per island (island i's kept records are its
// 0th, stride-th, 2 stride-th ... and its last).
export class RunLog {
  constructor(request, version, max = 20000) {
    Object.assign(this, { request, version, max, records: [], seen: 0, stride: 1, last: null, result: null, ended: 'running' }); // ended: why there is no result
    this.seq = []; // records[j] is its island's seq[j]-th record
    this.seenBy = new Map(); // island (null: a run without islands) -> records seen
    this.lasts = new Map(); // island -> its last record
  }

  add(records, island = null) {
    for (const r0 of records) {
      const r = island == null ? r0 : { island, ...r0 };
      const n = this.seenBy.get(island) || 0;
      this.seenBy.set(island, n + 1);
      this.seen++;
      if (n % this.stride === 0) {
        this.records.push(r);
        this.seq.push(n);
      }
      this.last = r;
      this.lasts.set(island, r);
      if (this.records.length >= this.max) {
        this.stride *= 2;
        const keep = this.seq.map((q) => q % this.stride === 0);
        this.records = this.records.filter((_, j) => keep[j]);
        this.seq = this.seq.filter((_, j) => keep[j]);
      }
    }
  }

  // the run's end (RunController's outcome): its result, or why there is none
  end(outcome) {
    this.result = outcome.result || null;
    this.ended = outcome.result ? null : outcome.kind === 'error' ? `error: ${outcome.error.message}` : outcome.kind;
    return this;
  }

  // the kept records, then each island's last record seen (when it was not kept)
  all() {
    const out = this.records.slice();
    const kept = new Set(out);
    for (const r of this.lasts.values()) if (!kept.has(r)) out.push(r);
    return out;
  }
}

// A link's solution, verified by the core (checkLinkSolution), shown without running
// anything, with Re-run and compare (web/page/share/link-solution.lazy.mjs does both; only a link with
// a solution fetches it). compareWithLink after a run of that cube.
const link = { shown: null, comparing: null }; // {solution, facelets} shown; the same while re-run

// shared: readShare's answer with a solution; ctx: see restoreLink, plus solve()
export async function showLinkSolution(shared, ctx) {
  const { restoreLink } = await import('./link-solution.lazy.mjs');
  const checked = restoreLink(shared, { ...ctx, onRerun: () => { link.comparing = link.shown; ctx.solve(); } });
  if (checked) link.shown = { solution: checked.solution, facelets: checked.facelets };
}

export async function compareWithLink(result, facelets) {
  const theirs = link.comparing;
  link.comparing = null;
  if (!theirs || theirs.facelets !== facelets) return;
  const { drawComparison } = await import('./link-solution.lazy.mjs');
  drawComparison(theirs, result);
}

export function clearLinkSolution() {
  $('link-compare').hidden = true;
  link.shown = null;
}

// The export buttons: the export module is fetched on the first click (web/lazy/).
// getRun() -> the RunLog to export (the running one, or the last run's) or null.
export function wireExport(getRun, notify) {
  for (const kind of ['json', 'csv']) {
    $(`export-${kind}`).addEventListener('click', () => {
      const run = getRun();
      if (!run) notify('Run a solve first.', 'warn');
      else import('./export.lazy.mjs').then((m) => m.exportRun(run, kind), (e) => notify(`export: ${e.message}`, 'error'));
    });
  }
}
