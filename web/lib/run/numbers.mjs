// numbers.mjs - what the page shows of a run, as text, with no DOM: the live tiles, the cube's
// caption and the islands table, each a function of the run model (web/lib/run/run.mjs) and
// the solver's descriptor alone, so the views (web/page/run/) and the Node tests compute the
// same strings, and every number agrees with the model by definition:
//  - the tiles, the caption and the cube show one record, run.shown (the followed island's
//    latest: island 0 while an island run goes, the winner after it);
//  - Best length is run.length: the best individual's moves from the start cube (the phases
//    done and this phase's best) while it runs, the returned solution's length once it
//    returned one (then the tile says "Solution length");
//  - Time is run.wallMs() (wall time, pauses left out, never decreasing), with the workers'
//    CPU time beside it at the end; Evaluations/s is run.evaluations over that wall time, the
//    same definition while running and at the end;
//  - the islands table's "all" row is the leading island's (run.leader(): the furthest phase,
//    then the best fitness by the solver's direction), named, and the total generations.
//  - the chart's legend writes fitness with fitnessText, the tiles' text, and its latest point
//    is the bucket's last record (web/page/run/chart-data.mjs), so both say the same number.
// A number not known yet is '–', never "undefined", NaN or a negative time.
import { fmtNum, fmtMs, NONE, fitnessText } from '../format.mjs';

// the none mark and a fitness's text are format.mjs's (the chart's legend, in the first load,
// writes with them too); they are this module's texts as well
export { NONE, fitnessText };

// "lower is better" | "higher is better" | ''
export const direction = (d) => (d && d.better ? `${d.better} is better` : '');

// A record's phase in words: {short: "1 of 3" (a solver with several phases; else the
// record's own name, "attempt 2"), full: its name and goal ("2x2x3 block DL: build a 2x2x3
// block"; a name that only numbers the phase, or repeats the solver's, is left out)}.
export function phaseWords(d, r) {
  const phases = (d && d.phases) || [], goals = (d && d.goals) || [];
  const title = r.phaseName || `phase ${r.phase + 1}`;
  const goal = goals[r.phase] || '';
  const plain = /^phase \d+$/i.test(title) || title === (d && d.name);
  return {
    short: phases.length > 1 ? `${r.phase + 1} of ${phases.length}` : title,
    full: goal ? (plain ? goal[0].toUpperCase() + goal.slice(1) : `${title}: ${goal}`) : title,
  };
}

const individual = (r) => !!r && r.bestLength >= 0;

// A fitness value as the tiles and the chart's legend show it (the same text for the same
// record: the legend's latest point is the tiles' record).
const lengthText = (n) => (n == null ? NONE : String(n));

// The cube's caption for a record's best individual.
export function captionText(d, r) {
  const dir = direction(d);
  return `best individual · generation ${fmtNum(r.gen)} · fitness ${fmtNum(r.best)}${dir ? `, ${dir}` : ''}`;
}

// the run's evaluations per wall second, or null before there are any
export function evalsPerSec(run) {
  const ms = run.wallMs(), n = run.evaluations;
  return ms >= 1 && n > 0 ? Math.round((n * 1000) / ms) : null;
}

// The tiles: {status, phase, phaseGoal, generation, records, bestFitness, meanFitness,
// bestLength, lengthLabel, evalsPerSec, time, cpu ('' until the end)}.
export function tileTexts(run) {
  const r = run.shown, d = run.descriptor;
  const ph = r ? phaseWords(d, r) : { short: NONE, full: '' };
  const rate = evalsPerSec(run);
  return {
    status: run.status,
    phase: ph.short,
    phaseGoal: ph.full,
    generation: r ? fmtNum(r.gen) : '0',
    records: String(run.log.count(run.islands > 1 ? run.follow : null)),
    bestFitness: individual(r) ? fitnessText(r.best) : NONE,
    meanFitness: individual(r) ? fitnessText(r.mean) : NONE,
    bestLength: lengthText(run.length),
    lengthLabel: run.result && run.result.stats?.solved ? 'Solution length' : 'Best length',
    evalsPerSec: rate == null ? NONE : fmtNum(rate),
    time: run.t0 == null ? NONE : fmtMs(run.wallMs()),
    cpu: run.cpuMs == null ? '' : `CPU ${fmtMs(run.cpuMs)}`,
  };
}

// The islands table: {rows: [{phase, gen, best, length}] (one per island), all: {leader
// ('island 2 leads · two-generator', 'island 2 won · ...'; '' before any individual), island
// (its index or null), gen (every island's generations together), total (that number), best,
// length}, epoch}.
export function islandRows(run) {
  const lead = run.leader();
  const solved = run.result && run.result.stats?.solved;
  const row = (r, i) => ({
    phase: r ? r.phaseName || `phase ${r.phase + 1}` : NONE,
    gen: r ? fmtNum(r.gen) : '0',
    best: individual(r) ? fmtNum(r.best) : NONE,
    length: solved && i === lead ? String(run.result.length) : individual(r) ? String(r.bestLength) : NONE,
  });
  const latest = Array.from({ length: run.islands }, (_, i) => run.latest(i));
  const rows = latest.map(row);
  let gen = latest.reduce((a, r) => a + (r ? r.gen : 0), 0);
  if (run.result && Number.isFinite(run.result.stats?.generations)) gen = run.result.stats.generations;
  const top = lead == null ? { best: NONE, length: NONE } : rows[lead];
  return {
    rows,
    all: { leader: lead == null ? '' : `island ${lead + 1} ${solved ? 'won' : 'leads'} · ${top.phase}`, island: lead, gen: fmtNum(gen), total: gen, best: top.best, length: top.length },
    epoch: run.islands > 1 ? `epoch ${fmtNum(run.epoch)}` : '',
  };
}

// The optimum beside a solution's length (the optimal search's, web/page/optimal/):
// "optimal: 18 (this solution +6)", "optimal: 18 (this solution is optimal)", or with no
// solution length "optimal: 18"; a length below the optimum cannot be (a solution is verified
// and the optimum proven) and is said as an error rather than a negative excess.
export function optimalText(optimum, length) {
  if (!Number.isInteger(optimum) || optimum < 0) return `optimal: ${NONE}`;
  if (!Number.isInteger(length)) return `optimal: ${optimum}`;
  if (length < optimum) return `optimal: ${optimum} (error: this solution's ${length} is shorter)`;
  return `optimal: ${optimum} (this solution ${length === optimum ? 'is optimal' : `+${length - optimum}`})`;
}

// What a table build has left, from its share done and the time so far: "about 1 min 20 s
// left" (the share grows unevenly, pass by pass: an estimate), '' before it can be told.
export function etaText(share, elapsedMs) {
  if (!(share > 0.01) || !(elapsedMs > 1000) || share >= 1) return '';
  const left = Math.round((elapsedMs * (1 - share)) / share / 1000);
  return `about ${left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`} left`;
}
