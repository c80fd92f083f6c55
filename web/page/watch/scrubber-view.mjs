// scrubber-view.mjs - the Watch panel's generation scrubber: a slider over the run's bounded
// history (watch.history, a RecordLog with each record's index); the chosen record's best
// individual (its bestMoves applied to the run's cube, watch.facelets) is drawn on the cube
// (watch.stage), never on the input net, and while the slider is away from the latest record
// watch.scrubbing tells the live view to stop following. "latest" goes back to following.
// Loaded only through watch-views.lazy.mjs.
//   scrubberView(watch) -> {nodes, reset(), paint()}
// Test ids: scrubber (data-facelets, data-index: the record drawn), scrub-label, scrub-live,
// scrub-note.
import { el, setText } from '../common/dom.mjs';
import { fmtNum } from '../../lib/format.mjs';
import { nMoves } from './watch-draw.mjs';

const fitnessOf = (r) => (r.bestLength < 0 ? '–' : fmtNum(r.best));

export function scrubberView(watch) {
  const scrub = el('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, 'aria-label': 'recorded generation', dataset: { testid: 'scrubber' } });
  const out = el('output', { class: 'hint', dataset: { testid: 'scrub-label' } });
  const liveBtn = el('button', { type: 'button', class: 'quiet small', dataset: { testid: 'scrub-live' } }, 'latest');
  const note = el('p', { class: 'hint', dataset: { testid: 'scrub-note' } });
  let scrubIndex = null; // the index (in the whole run) of the record the slider is on

  function label(r) {
    setText(out, r ? `generation ${r.gen} · ${r.phaseName || `phase ${r.phase + 1}`} · fitness ${fitnessOf(r)} · ${r.bestLength < 0 ? 'no individual yet' : nMoves(r.bestLength)}` : '');
  }

  function paint() {
    const { history } = watch;
    const n = history.length;
    scrub.max = String(Math.max(0, n - 1));
    if (watch.scrubbing && scrubIndex != null) {
      // the history may have been thinned: keep the slider on the same record (or the nearest)
      let i = 0;
      while (i < n - 1 && history.at(i).index < scrubIndex) i++;
      scrub.value = String(i);
    } else scrub.value = String(Math.max(0, n - 1));
    label(history.at(Number(scrub.value)));
    setText(note, `${n} of ${history.seen} records kept${history.stride > 1 ? ` (every ${history.stride}th, and the latest)` : ''}.`);
  }

  function showAt(i) {
    const r = watch.history.at(i);
    if (!r) return;
    // the slider's right end follows the run (the history may have grown since the last paint)
    watch.scrubbing = i < Number(scrub.max);
    scrubIndex = r.index;
    label(r);
    if (r.bestLength < 0 || r.bestMoves == null || !watch.facelets) return;
    let f;
    try { f = watch.core.apply(r.bestMoves, watch.facelets); } catch { return; }
    scrub.dataset.facelets = f;
    scrub.dataset.index = String(r.index);
    watch.stage.show(f, `recorded best individual · generation ${r.gen} · fitness ${fitnessOf(r)}`);
  }
  scrub.addEventListener('input', () => showAt(Number(scrub.value)));
  liveBtn.addEventListener('click', () => { watch.scrubbing = false; paint(); showAt(Number(scrub.max)); });

  return {
    nodes: [el('div', { class: 'scrubber' }, el('label', { class: 'lbl' }, 'Generations ', scrub), out, liveBtn), note],
    reset() { scrubIndex = null; watch.scrubbing = false; },
    paint,
  };
}
