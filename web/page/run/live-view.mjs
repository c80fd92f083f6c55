// live-view.mjs - the live view of a run: the stat tiles and the best individual on
// stage (web/page/run/live-tiles.mjs), the fitness chart (web/page/run/chart.mjs), the
// islands table (web/page/run/islands-table.mjs, through islands.lazy.mjs at the first
// island run) and the clock, fed by one run's progress records.
//
// Interface:
//   new LiveView({ core, stage, wantsBest, run, elapsed })
//     wantsBest(): draw the best individual now?; run(): the current run or null;
//     elapsed(): the run's ms
//   chart             the FitnessChart
//   start(k, descriptor?, params?, islandsModule?)   a new run on k islands (clears
//                     everything, starts the clock); with the solver's descriptor and the
//                     request's params, a sentence under the tiles tells the run (phase, budget
//                     used, plateau); k > 1 needs islands.lazy.mjs (its IslandsTable)
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
import { LiveTiles } from './live-tiles.mjs';
import { solverInfo, direction, phaseWords } from '../common/solver-info.mjs';

export class LiveView {
  constructor({ core, stage, wantsBest, run, elapsed }) {
    this.elapsed = elapsed;
    this.solver = '';
    this.chart = new FitnessChart($('chart'));
    this.islands = null; // the IslandsTable, made at the first island run
    this.tiles = new LiveTiles({
      core, chart: this.chart, view: stage.view, run, wantsBest, elapsed,
      story: () => (this.story ? this.story.text() : null),
      phase: (r) => phaseWords(this.solver, r),
      show: (facelets, record) => (facelets == null ? stage.caption(this.caption(record)) : stage.show(facelets, this.caption(record))),
    });
    this.tick = 0;
  }

  // descriptor, params: the solver's entry of the core's list and the request's params, for
  // the sentence under the tiles (run-story.lazy.mjs, fetched with the first run; the records
  // before it arrives are told from the next ones)
  start(k, descriptor = null, params = {}, islandsModule = null) {
    this.tiles.reset();
    this.story = null;
    setText($('run-story'), '');
    if (descriptor) {
      const run = {};
      this.storyRun = run;
      import('./run-story.lazy.mjs').then((m) => { if (this.storyRun === run) this.story = new m.RunStory(descriptor, params); })
        .catch(() => { /* no sentence: the tiles still tell the run */ });
    }
    if (k > 1 && islandsModule && !this.islands) this.islands = new islandsModule.IslandsTable();
    if (this.islands) this.islands.reset(k, solverInfo(this.solver).better);
    clearInterval(this.tick);
    this.tick = setInterval(() => setText($('elapsed'), fmtMs(this.elapsed())), 250);
  }

  add(i, records) {
    if (i === 0 && this.story) this.story.add(records);
    if (i === 0) this.tiles.add(records);
    if (this.islands && this.islands.rows.length > 1) this.islands.add(i, records);
  }

  setSolver(name) {
    if (name === this.solver) return;
    this.solver = name;
    const info = solverInfo(name);
    const dir = direction(name);
    // several phases that are sub-goals (optima), each with its own fitness scale, lower
    // better: the chart shows each phase as a percentage of its start, so every phase starts
    // at 100 and better is down in all of them
    const normal = info.better === 'lower' && info.phases.length > 1 && info.optima;
    setText($('fitness-def'), `Fitness of ${name}: ${info.fitness}${dir ? `; ${dir}` : ''}.${normal ? ' Each phase has its own scale: the chart shows a phase\'s fitness as a percentage of where the phase began (100), so better is down in every phase.' : ''}`);
    for (const id of ['best-fitness', 'mean-fitness']) $(id).previousElementSibling.title = dir ? `fitness: ${dir}` : 'fitness';
    // short enough for the axis at any chart height: the line under the tiles says it in words
    this.chart.setNormal(normal);
    this.chart.setYLabel(info.better ? `${normal ? '% of phase start' : 'fitness'} (${info.better === 'lower' ? '↓' : '↑'} better)` : 'fitness');
  }

  caption(r) {
    const dir = direction(this.solver);
    return `best individual · generation ${fmtNum(r.gen)} · fitness ${fmtNum(r.best)}${dir ? `, ${dir}` : ''}`;
  }

  setEpoch(epoch) { if (this.islands) this.islands.setEpoch(epoch); }

  stop(stats) {
    clearInterval(this.tick);
    // an island run: the tiles end on the island whose solution the result is
    const won = stats && stats.islands > 1 && this.islands && this.islands.last ? this.islands.last[stats.island] : null;
    if (won) this.tiles.last = won;
    if (stats) this.tiles.final(stats);
    else this.tiles.paint();
  }
}
