// run-story.lazy.mjs - a running solve told in a plain sentence, from its progress records and the
// solver's descriptor (the core's solver list: phases, params with defaults, presets), with
// no DOM, so that Node tests can feed it a fake stream (tests/js/run-story.test.mjs). What it
// says, each part only when the records or the params give it:
//   the phase of a solver with several, with its goal (the descriptor's goals): "phase 2 of 3,
//     two-generator, to reduce to the two free faces' turns: 415,210 generations in it";
//   the budget used: "generation 506,110 of at most 20,000,000 (2.5 %)" (the solver's
//     budget param: maxGenerations or iterations, as the request sets it, else its preset's,
//     else its default); restarts so far ("started over 2 times");
//   a plateau: "the best has not changed for 80,000 generations", with what the population
//     does meanwhile (how much of it is near the best, how far its median is), and when most of the
//     population is within 1 of the best (the record's popFit quantiles), "the population has
//     converged: about 94 % of its 50 individuals are within 1 of the best; it waits for a
//     lucky mutation".
// Every part that counts generations moves with every record, so a long run says something
// new in every few seconds of it, even on a plateau.
//   new RunStory(descriptor, params)   params: the request's {preset?, key: value}
//   add(records)   the run's records in order (any island's stream: one story per stream)
//   text()         the sentence now ('' before the first record)
//   converged      the last record showed a converged population on a plateau
import { parseParamsText } from '../../lib/params.mjs';
import { fmtNum } from '../../lib/format.mjs';

// the params that bound a run's work units, and those that count its individuals, in order
const BUDGET = ['maxGenerations', 'iterations'];
const POPULATION = ['population', 'mu', 'particles', 'ants', 'krill'];
// a plateau worth a sentence: this many work units without a better best, and this share of
// the phase so far
const PLATEAU_MIN = 20;
const PLATEAU_SHARE = 0.25;
// converged: at least this share of the population within 1 of the best
const CONVERGED_SHARE = 0.75;

// The value of param `key` for a request: the request's, its preset's, or the default.
export function paramValue(descriptor, params, key) {
  const p = descriptor.params.find((x) => x.key === key);
  if (!p) return null;
  if (params && params[key] != null) return Number(params[key]);
  const preset = params && params.preset && descriptor.presets.find((x) => x.name === params.preset);
  const set = preset ? parseParamsText(preset.params) : {};
  return set[key] != null ? Number(set[key]) : Number(p.default);
}

// The share of a population within `d` of the best, from its fitness quantiles (popFit:
// evenly spaced, worst to best or best to worst), by the direction of better.
export function shareNear(popFit, best, higher, d = 1) {
  if (!Array.isArray(popFit) || popFit.length < 2) return null;
  const near = popFit.filter((f) => (higher ? best - f : f - best) <= d).length;
  return (near - 1) / (popFit.length - 1);
}

export class RunStory {
  constructor(descriptor, params = {}) {
    this.d = descriptor;
    this.higher = descriptor.better === 'higher';
    this.budgetKey = BUDGET.find((k) => descriptor.params.some((p) => p.key === k)) || null;
    this.budget = this.budgetKey ? paramValue(descriptor, params, this.budgetKey) : null;
    const popKey = POPULATION.find((k) => descriptor.params.some((p) => p.key === k));
    this.population = popKey ? paramValue(descriptor, params, popKey) : null;
    this.last = null;
    this.phase = null; // {index, startGen, best, bestGen}
    this.converged = false;
  }

  add(records) {
    for (const r of records) {
      const better = (a, b) => (this.higher ? a > b : a < b);
      if (!this.phase || r.phase !== this.phase.index || (this.last && r.gen < this.last.gen)) {
        this.phase = { index: r.phase, startGen: this.last && r.gen >= this.last.gen ? this.last.gen : r.gen - 1, best: r.best, bestGen: r.gen };
      } else if (r.bestLength >= 0 && better(r.best, this.phase.best)) {
        this.phase.best = r.best;
        this.phase.bestGen = r.gen;
      }
      this.last = r;
    }
  }

  text() {
    const r = this.last;
    if (!r) return '';
    const parts = [];
    const n = this.d.phases ? this.d.phases.length : 0;
    const inPhase = r.gen - this.phase.startGen;
    const name = r.phaseName || `phase ${r.phase + 1}`;
    const goal = this.d.goals && this.d.goals[r.phase];
    const named = /^phase \d+$/i.test(name) ? '' : `, ${name}`; // "phase 1 of 2, phase 1" says it twice
    if (n > 1) parts.push(`phase ${r.phase + 1} of ${n}${named}${goal ? `, to ${goal}` : ''}: ${fmtNum(inPhase)} ${this._unit(inPhase)} in it`);
    if (this.budget) {
      const pct = (100 * r.gen) / this.budget;
      parts.push(`${this._unit(1)} ${fmtNum(r.gen)} of at most ${fmtNum(this.budget)} (${pct < 1 ? pct.toFixed(2) : pct < 10 ? pct.toFixed(1) : Math.round(pct)} % of the budget)`);
    }
    if (r.restarts > 0) parts.push(`started over ${r.restarts === 1 ? 'once' : `${fmtNum(r.restarts)} times`}`);
    const still = r.gen - this.phase.bestGen;
    const plateau = still >= PLATEAU_MIN && still >= PLATEAU_SHARE * inPhase;
    const share = shareNear(r.popFit, r.best, this.higher);
    this.converged = plateau && share != null && share >= CONVERGED_SHARE;
    let s = parts.length ? `${parts.join('; ')}.` : `${fmtNum(r.gen)} ${this._unit(r.gen)}.`;
    s = s[0].toUpperCase() + s.slice(1);
    if (this.converged) {
      const who = this.population ? `its ${fmtNum(this.population)} individuals` : 'the individuals';
      s += ` The population has converged: about ${Math.round(share * 100)} % of ${who} are within 1 of the best, which has not changed for ${fmtNum(still)} ${this._unit(still)}; it waits for a lucky mutation.`;
    } else if (plateau) {
      s += ` The best has not changed for ${fmtNum(still)} ${this._unit(still)}${this._searching(r, share)}.`;
    }
    return s;
  }

  // what a population on a plateau that has not converged is doing: from its quantiles, the
  // share near the best and how far its median is; else its mean fitness now
  _searching(r, share) {
    const who = this.population ? `its ${fmtNum(this.population)} individuals` : 'the population';
    if (share != null) {
      const q = r.popFit, median = q[Math.floor(q.length / 2)];
      const pct = Math.round(share * 100);
      return `; the population still searches around it, not converged: ${pct ? `about ${pct} %` : 'almost none'} of ${who} are within 1 of the best, the median individual ${fmtNum(Math.abs(median - r.best))} from it`;
    }
    return Number.isFinite(r.mean) && r.bestLength >= 0 ? `; the population searches around it (mean fitness ${fmtNum(r.mean)})` : '';
  }

  // "generation(s)" or the solver's own work unit ("iteration(s)")
  _unit(k) {
    const u = /iteration/.test(this.d.workUnit || '') ? 'iteration' : 'generation';
    return k === 1 ? u : `${u}s`;
  }
}
