// live-tiles.mjs - the stat tiles of a running solve: phase, generation, best and mean
// fitness, best length, evaluations per second, time; it feeds the fitness chart, and
// optionally puts the best individual's state on the cube. Records are counted as they
// arrive (every one goes to the chart); the tiles repaint at most once per animation frame
// from the latest record, so a solver streaming thousands of generations a second costs
// one paint a frame. A new best individual is drawn at most ~8 times a second, and less
// often when a 3D frame is costly (software rendering), so drawing never takes more than
// ~1/8 of the time; the tiles, the caption and the cube always show the same record (the
// tiles wait for the cube's pace while the best individual changes; the same individual a
// later generation only moves the caption: show(null, record)). The Phase tile holds a short
// label ("1 of 3") and the line under the tiles the phase's name and goal in full
// (phase(record) -> {short, full}); the sentence under them (story()) is repainted with them.
import { byId as $, setText } from '../common/dom.mjs';
import { fmtNum, fmtMs } from '../../lib/format.mjs';

export class LiveTiles {
  // core: EvocubeCore; chart: FitnessChart; view: CubeView-like ({frameCost}); show(facelets,
  // record): put the best individual of `record` on stage; wantsBest(): show it now?; run():
  // the current run or null (run.input.facelets: its cube); elapsed(): the run's ms
  constructor({ core, chart, view, show, wantsBest, run, elapsed, story = () => null, phase = (r) => ({ short: `${r.phase + 1}`, full: r.phaseName || '' }) }) {
    Object.assign(this, { core, chart, view, show, wantsBest, run, elapsed, story, phase });
    this.reset();
  }

  reset() {
    clearTimeout(this.trailing);
    Object.assign(this, { last: null, records: 0, pending: false, evalT: performance.now(), evalN: 0, rate: null, shownAt: 0, shownMoves: null, trailing: 0 });
    for (const id of ['phase', 'best-fitness', 'mean-fitness', 'best-length', 'evals-per-sec', 'elapsed']) setText($(id), '–');
    setText($('generation'), '0');
    setText($('phase-goal'), '');
    $('generation').dataset.records = '0';
    this.chart.reset();
  }

  add(records) {
    if (!records.length) return;
    this.records += records.length;
    this.last = records[records.length - 1];
    this.chart.add(records);
    if (!this.pending) { this.pending = true; requestAnimationFrame(() => this.paint()); }
  }

  // force: paint now whatever the cube's pace (the run's end)
  paint(force = false) {
    this.pending = false;
    const r = this.last;
    const run = this.run();
    if (run) setText($('elapsed'), fmtMs(this.elapsed()));
    if (!r) return;
    // the tiles, the caption and the cube show one record: while a new best individual must
    // wait for the cube's pace, so do the tiles (the last record is painted when it may be,
    // also when no record follows: a pause)
    const now = performance.now();
    const draw = run && r.bestMoves != null && this.wantsBest();
    const every = Math.max(120, 8 * (this.view.frameCost || 0));
    if (!force && draw && r.bestMoves !== this.shownMoves && now - this.shownAt < every) {
      if (!this.trailing) this.trailing = setTimeout(() => { this.trailing = 0; this.paint(); }, every - (now - this.shownAt));
      return;
    }
    const ph = this.phase(r);
    setText($('phase'), ph.short);
    setText($('phase-goal'), ph.full);
    setText($('generation'), fmtNum(r.gen));
    $('generation').dataset.records = String(this.records);
    const none = r.bestLength < 0; // no individual yet: the fitness fields are placeholders
    setText($('best-fitness'), none ? '–' : fmtNum(r.best));
    setText($('mean-fitness'), none ? '–' : fmtNum(r.mean));
    setText($('best-length'), none ? '–' : String(r.bestLength));
    if (now - this.evalT >= 500) {
      this.rate = ((r.evaluations - this.evalN) * 1000) / (now - this.evalT);
      this.evalT = now;
      this.evalN = r.evaluations;
    }
    if (this.rate != null) setText($('evals-per-sec'), fmtNum(Math.round(this.rate)));
    const told = this.story();
    if (told != null) setText($('run-story'), told);
    // the same individual a later generation only moves the caption, which costs no frame
    if (!draw) return;
    try {
      if (r.bestMoves === this.shownMoves) this.show(null, r);
      else {
        this.show(this.core.apply(r.bestMoves, run.input.facelets), r);
        this.shownAt = now;
        this.shownMoves = r.bestMoves;
      }
    } catch { /* a partial record */ }
  }

  // The run's final figures from the worker's result stats.
  final(st) {
    clearTimeout(this.trailing);
    this.trailing = 0;
    this.paint(true);
    setText($('generation'), fmtNum(this.last ? this.last.gen : st.generations));
    setText($('elapsed'), fmtMs(st.timeMs));
    if (st.timeMs > 0 && st.evaluations > 0) setText($('evals-per-sec'), fmtNum(Math.round((st.evaluations * 1000) / st.timeMs)));
  }
}
