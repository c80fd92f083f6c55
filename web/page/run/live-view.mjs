// live-view.mjs - the live view of a run: the stat tiles and the best individual on
// stage (web/page/run/live-tiles.mjs), the fitness chart (web/page/run/chart.mjs), the islands table
// (web/page/run/islands-table.mjs) and the clock, fed by one run's progress records.
//
// Interface:
//   new LiveView({ core, stage, wantsBest, run, elapsed })
//     wantsBest(): draw the best individual now?; run(): the current run or null;
//     elapsed(): the run's ms
//   chart             the FitnessChart
//   start(k, solverName)   a new run on k islands (clears everything, starts the clock)
//   add(i, records)   island i's records (island 0 feeds the tiles and the chart)
//   setEpoch(epoch)   an island run's epoch
//   setSolver(name)   say what the chosen solver's fitness is and which way is better
//                     (the line under the tiles, the tiles' titles, the chart's axis)
//   caption(record)   the stage's caption for a record's best individual
//   stop(stats?)      the run ended (stats: the result's, for the final figures; after an
//                     island run the tiles show the winning island's last record)
import { byId as $, setText } from '../common/dom.mjs';
import { fmtMs, fmtNum } from '../../lib/format.mjs';
import { FitnessChart } from './chart.mjs';
import { IslandsTable } from './islands-table.mjs';
import { LiveTiles } from './live-tiles.mjs';
import { solverInfo, direction } from '../common/solver-info.mjs';

export class LiveView {
  constructor({ core, stage, wantsBest, run, elapsed }) {
    this.elapsed = elapsed;
    this.solver = '';
    this.chart = new FitnessChart($('chart'));
    this.islands = new IslandsTable();
    this.islands.reset(0);
    this.tiles = new LiveTiles({
      core, chart: this.chart, view: stage.view, run, wantsBest, elapsed,
      show: (facelets, record) => stage.show(facelets, this.caption(record)),
    });
    this.tick = 0;
  }

  start(k) {
    this.tiles.reset();
    this.islands.reset(k, solverInfo(this.solver).better);
    clearInterval(this.tick);
    this.tick = setInterval(() => setText($('elapsed'), fmtMs(this.elapsed())), 250);
  }

  add(i, records) {
    if (i === 0) this.tiles.add(records);
    if (this.islands.rows.length > 1) this.islands.add(i, records);
  }

  setSolver(name) {
    if (name === this.solver) return;
    this.solver = name;
    const info = solverInfo(name);
    const dir = direction(name);
    setText($('fitness-def'), `Fitness of ${name}: ${info.fitness}${dir ? `; ${dir}` : ''}.`);
    for (const id of ['best-fitness', 'mean-fitness']) $(id).previousElementSibling.title = dir ? `fitness: ${dir}` : 'fitness';
    // short enough for the axis at any chart height: the line under the tiles says it in words
    this.chart.setYLabel(info.better ? `fitness (${info.better === 'lower' ? '↓' : '↑'} better)` : 'fitness');
  }

  caption(r) {
    const dir = direction(this.solver);
    return `best individual · generation ${r.gen} · fitness ${fmtNum(r.best)}${dir ? `, ${dir}` : ''}`;
  }

  setEpoch(epoch) { this.islands.setEpoch(epoch); }

  stop(stats) {
    clearInterval(this.tick);
    // an island run: the tiles end on the island whose solution the result is
    const won = stats && stats.islands > 1 && this.islands.last ? this.islands.last[stats.island] : null;
    if (won) this.tiles.last = won;
    if (stats) this.tiles.final(stats);
    else this.tiles.paint();
  }
}
