// ui/live-view.mjs - the live view of a run: the stat tiles and the best individual on
// stage (web/live-panel.mjs), the fitness chart (web/chart.mjs), the islands table
// (web/islands-panel.mjs) and the clock, fed by one run's progress records.
//
// Interface:
//   new LiveView({ core, stage, wantsBest, run, elapsed })
//     wantsBest(): draw the best individual now?; run(): the current run or null;
//     elapsed(): the run's ms
//   chart             the FitnessChart
//   start(k, solverName)   a new run on k islands (clears everything, starts the clock)
//   add(i, records)   island i's records (island 0 feeds the tiles and the chart)
//   setEpoch(epoch)   an island run's epoch
//   stop(stats?)      the run ended (stats: the result's, for the final figures)
import { byId as $, setText, fmtMs } from '../dom.mjs';
import { FitnessChart } from '../chart.mjs';
import { IslandsPanel } from '../islands-panel.mjs';
import { LivePanel } from '../live-panel.mjs';

export class LiveView {
  constructor({ core, stage, wantsBest, run, elapsed, caption }) {
    this.elapsed = elapsed;
    this.chart = new FitnessChart($('chart'));
    this.islands = new IslandsPanel();
    this.islands.reset(0);
    this.panel = new LivePanel({
      core, chart: this.chart, view: stage.view, run, wantsBest, elapsed,
      show: (facelets, record) => stage.show(facelets, caption(record)),
    });
    this.tick = 0;
  }

  start(k) {
    this.panel.reset();
    this.islands.reset(k);
    clearInterval(this.tick);
    this.tick = setInterval(() => setText($('elapsed'), fmtMs(this.elapsed())), 250);
  }

  add(i, records) {
    if (i === 0) this.panel.add(records);
    if (this.islands.rows.length > 1) this.islands.add(i, records);
  }

  setEpoch(epoch) { this.islands.setEpoch(epoch); }

  stop(stats) {
    clearInterval(this.tick);
    if (stats) this.panel.final(stats);
    else this.panel.paint();
  }
}
