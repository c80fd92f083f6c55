// live-tiles.mjs - the stat tiles of a run: status aside, phase, generation, best and mean
// fitness, best length, evaluations per second, time (the workers' CPU time beside it at the
// end), the phase's goal and the sentence under them; and the best individual on the cube,
// with its caption. Every text is web/lib/run/numbers.mjs's tileTexts of the run model
// (web/lib/run/run.mjs; both reach it through run.lazy.mjs), read when painting: the tiles, the caption and the cube show one
// record, the model's `shown`, and keep none of their own. The tiles repaint at most once per
// animation frame (schedule()), so a solver streaming thousands of generations a second
// costs one paint a frame. A new best individual is drawn at most ~8 times a second, and less
// often when a 3D frame is costly (software rendering), so drawing never takes more than
// ~1/8 of the time; while a new best individual waits for the cube's pace, so do the tiles
// (the same individual a later generation only moves the caption: stage.caption).
import { byId as $, el, setText } from '../common/dom.mjs';

const NONE = '–';

const LENGTH_TITLE = {
  'Best length': 'the best individual\'s moves from the start cube: the phases done and this phase\'s best so far (the returned solution takes, in each phase, the best individual that reached its goal, simplified)',
  'Solution length': 'the returned solution\'s length (HTM)',
};

export class LiveTiles {
  // core: EvocubeCore; view: CubeView-like ({frameCost}); stage: {show(facelets, caption),
  // caption(text)}; wantsBest(): show the best individual now?; story(): the sentence, or null
  constructor({ core, view, stage, wantsBest, story }) {
    Object.assign(this, { core, view, stage, wantsBest, story });
    this.run = null;
  }

  // run: the run model; m: run.lazy.mjs (tileTexts, captionText)
  follow(run, m) {
    clearTimeout(this.trailing);
    Object.assign(this, { run, m, pending: false, shownAt: 0, shownMoves: null, trailing: 0 });
    for (const id of ['phase', 'best-fitness', 'mean-fitness', 'best-length', 'evals-per-sec', 'elapsed']) setText($(id), NONE);
    setText($('generation'), '0');
    setText($('phase-goal'), '');
    $('generation').dataset.records = '0';
  }

  schedule() {
    if (!this.pending) { this.pending = true; requestAnimationFrame(() => this.paint()); }
  }

  // force: paint now whatever the cube's pace (the run's end)
  paint(force = false) {
    this.pending = false;
    const { run } = this;
    if (!run) return;
    const r = run.shown;
    const now = performance.now();
    const draw = !run.ended && !!r && r.bestMoves != null && this.wantsBest();
    const every = Math.max(120, 8 * (this.view.frameCost || 0));
    if (!force && draw && r.bestMoves !== this.shownMoves && now - this.shownAt < every) {
      if (!this.trailing) this.trailing = setTimeout(() => { this.trailing = 0; this.paint(); }, every - (now - this.shownAt));
      return;
    }
    clearTimeout(this.trailing);
    this.trailing = 0;
    const { tileTexts, captionText } = this.m;
    const t = tileTexts(run);
    for (const [id, key] of [['phase', 'phase'], ['phase-goal', 'phaseGoal'], ['generation', 'generation'], ['best-fitness', 'bestFitness'],
      ['mean-fitness', 'meanFitness'], ['best-length', 'bestLength'], ['evals-per-sec', 'evalsPerSec'], ['elapsed', 'time']]) setText($(id), t[key]);
    $('generation').dataset.records = t.records;
    const len = $('best-length').previousElementSibling;
    setText(len, t.lengthLabel);
    len.title = LENGTH_TITLE[t.lengthLabel];
    if (t.cpu) $('elapsed').append(el('small', { title: 'the workers\' solving time (CPU), start-up and pauses left out' }, ` · ${t.cpu}`));
    const told = this.story();
    if (told != null) setText($('run-story'), told);
    if (!draw) return;
    // the same individual a later generation only moves the caption, which costs no frame
    try {
      if (r.bestMoves === this.shownMoves) this.stage.caption(captionText(run.descriptor, r));
      else {
        this.stage.show(this.core.apply(r.bestMoves, run.request.facelets), captionText(run.descriptor, r));
        this.shownAt = now;
        this.shownMoves = r.bestMoves;
      }
    } catch { /* a partial record */ }
  }
}
