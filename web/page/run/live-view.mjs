// live-view.mjs - the live view of a run, a subscriber of the run model (web/lib/run/run.mjs):
// the stat tiles and the best individual on stage (live-tiles.mjs), the fitness chart
// (chart.mjs, fed the followed island's records), the sentence under the tiles
// (run-story.lazy.mjs, fetched with the first run), the islands table (islands-table.mjs) and
// the clock. Every number it shows is read from the model through web/lib/run/numbers.mjs
// (both reach it in run.lazy.mjs, fetched at the first Solve, which also brings the chart: it
// is made at the first run it follows); it keeps no records of its own
// (the chart's buckets and the sentence's phase are what they draw, not a log).
//
// Interface:
//   new LiveView({ core, stage, wantsBest })   wantsBest(): draw the best individual now?
//   chart             the FitnessChart (null until the first run)
//   chartState        the chart, or what it starts from before the first run (test surface)
//   follow(run, m)    show this run (clears everything; m: run.lazy.mjs, the texts, the
//                     FitnessChart and the IslandsTable); the view follows it to its end
//   setSolver(descriptor)   say what the chosen solver's fitness is and which way is better
//                     (the line under the tiles, the tiles' titles, the chart's axis)
import { byId as $, setText } from '../common/dom.mjs';
import { direction } from '../common/solver-info.mjs';
import { LiveTiles } from './live-tiles.mjs';

const TICK_MS = 250;

export class LiveView {
  constructor({ core, stage, wantsBest }) {
    this.descriptor = null;
    this.chart = null; // made at the first run (run.lazy.mjs brings it)
    this.axis = { normal: false, yLabel: 'fitness' }; // the chosen solver's, for the chart
    this.islands = null; // the IslandsTable, made at the first island run
    this.tiles = new LiveTiles({ core, view: stage.view, stage, wantsBest, story: () => (this.story ? this.story.text() : null) });
    this.tick = 0;
    this.offs = [];
  }

  follow(run, m) {
    for (const off of this.offs) off();
    this.run = run;
    if (!this.chart) {
      this.chart = new m.FitnessChart($('chart'));
      this._axis();
    }
    this.chart.reset();
    this.tiles.follow(run, m);
    this.story = null;
    setText($('run-story'), '');
    if (run.descriptor) {
      import('./run-story.lazy.mjs').then((m) => { if (this.run === run) this.story = new m.RunStory(run.descriptor, run.request.params); })
        .catch(() => { /* no sentence: the tiles still tell the run */ });
    }
    if (run.islands > 1 && !this.islands) this.islands = new m.IslandsTable();
    if (this.islands) this.islands.follow(run);
    this.offs = [
      run.on('progress', ({ island, records }) => {
        if (island !== run.follow) return;
        if (this.story) this.story.add(records);
        this.chart.add(records);
        this.tiles.schedule();
      }),
      run.on('end', () => this._end(run)),
    ];
    clearInterval(this.tick);
    this.tick = setInterval(() => setText($('elapsed'), m.tileTexts(run).time), TICK_MS);
  }

  _end(run) {
    clearInterval(this.tick);
    // an island run ends on its winner: the chart draws the winner's kept records, as the
    // tiles and the caption show its last one
    if (run.islands > 1 && run.follow !== 0) {
      this.chart.reset();
      this.chart.add(run.log.island(run.follow).all());
    }
    this.tiles.paint(true);
  }

  setSolver(d) {
    if (d === this.descriptor) return;
    this.descriptor = d;
    const name = d ? d.name : '';
    const dir = direction(name);
    // several phases that are sub-goals (optima), each with its own fitness scale, lower
    // better: the chart shows each phase as a percentage of its start, so every phase starts
    // at 100 and better is down in all of them
    const normal = !!d && d.better === 'lower' && d.phases.length > 1 && !!d.optima;
    setText($('fitness-def'), `Fitness of ${name}: ${(d && d.fitness) || 'fitness'}${dir ? `; ${dir}` : ''}.${normal ? ' Each phase has its own scale: the chart shows a phase\'s fitness as a percentage of where the phase began (100), so better is down in every phase.' : ''}`);
    for (const id of ['best-fitness', 'mean-fitness']) $(id).previousElementSibling.title = dir ? `fitness: ${dir}` : 'fitness';
    // short enough for the axis at any chart height: the line under the tiles says it in words
    this.axis = { normal, yLabel: d && d.better ? `${normal ? '% of phase start' : 'fitness'} (${d.better === 'lower' ? '↓' : '↑'} better)` : 'fitness' };
    this._axis();
  }

  // the chart as the page's test surface shows it: the chart, or before the first run (which
  // brings its code) what it will start from: no records, no plot, the chosen solver's axis
  get chartState() {
    return this.chart ?? { records: 0, points: 0, plot: null, yLabel: this.axis.yLabel, normal: this.axis.normal, buckets: { records: 0, list: [], phases: [] } };
  }

  _axis() {
    if (!this.chart) return;
    this.chart.setNormal(this.axis.normal);
    this.chart.setYLabel(this.axis.yLabel);
  }
}
