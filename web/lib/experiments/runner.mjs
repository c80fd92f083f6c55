// runner.mjs - how an experiment's jobs run: solveJob (one job: its cube, the solve, the
// solution verified, its record), runJobs (K lanes, each taking the next job) and
// ExperimentRunner (an experiment over K solver clients: start, stop, resume, finish; each
// finished solve kept in the store at once, so a reload resumes where it was). No DOM: the
// page's Experiments view (web/page/experiments/experiments-view.lazy.mjs) shows it and gives
// it Web Workers (web/lib/client.mjs); tests/js/experiment-runner.test.mjs gives it fake
// clients. solveJob also serves a thread that solves on its own core (core.run), as a batch
// worker thread does.
import { EvocubeError, EC } from '../core.mjs';
import { ERROR } from '../protocol.mjs';
import { makePlan, experimentCubes, solveJson, jobRecord, recordOf } from './plan.mjs';
import { paramsText } from '../params.mjs';
import { resumePlan } from './store.mjs';

const round1 = (x) => Math.round(x * 10) / 10;
const messageOf = (e) => (e && e.message ? e.message : String(e));

// The cube of a plan job (makePlan's job.cube) as {cube (its text, or null), facelets}:
// facelets given ({cube, facelets}) are used as they are, a scramble ({cube}) is applied, a
// random state ({stateSeed}) is made by scramble(stateSeed) (by default
// core.randomStateScramble, the same as `evocube scramble --random-state --seed S`) and
// applied. cache: an object kept between calls that holds the last random state (a batch
// worker solves one state with each solver and seed in turn).
export async function jobCube(core, job, { scramble = null, cache = null } = {}) {
  const c = job.cube;
  if (c.facelets !== undefined) return { cube: c.cube ?? null, facelets: c.facelets };
  if (c.stateSeed === undefined) return { cube: c.cube, facelets: core.apply(c.cube) };
  if (cache && cache.stateSeed === c.stateSeed) return { cube: cache.cube, facelets: cache.facelets };
  const cube = scramble ? await scramble(c.stateSeed) : core.randomStateScramble(c.stateSeed);
  const made = { cube, facelets: core.apply(cube) };
  if (cache) Object.assign(cache, { stateSeed: c.stateSeed, ...made });
  return made;
}

// One job solved: solveJob(core, job, options) -> Promise<{cube, record}>.
//   core: this thread's EvocubeCore: it makes the cube (jobCube) and verifies the solution
//     against the exact facelets solved.
//   job: makePlan's jobAt(j): {solver, seed, params, cube: {stateSeed} | {cube} | {cube, facelets}}.
//   options:
//     solve(request) -> {promise}: the solve runs elsewhere (a SolverClient's solve, or
//       web/lib/islands.mjs's solveIslands) and resolves to a worker's result, flattened by
//       plan.mjs's recordOf; time_ms is the worker's solving time (stats.timeMs), or the wall
//       time around it with wallTime. Without solve, core.run solves here and time_ms is the
//       wall time of core.run.
//     scramble(stateSeed) -> text (or a promise of it): how a random state is made; cache: jobCube's.
//     noTime: time_ms left out (outputs that do not depend on the machine).
//     lastRecord (core.run only): the run's last progress record, bestMoves left out, as
//       last_record.
// record is plan.mjs's solveJson (a run on islands adds islands, island and epochs). It
// rejects when the cube cannot be made, the solve fails (a SolverClient's SolveError, with
// code ERROR.CANCELLED when cancelled) or the solution does not solve the cube (EvocubeError
// E_NOT_SOLVED); the caller writes the error line (jobRecord(job, {cube, error})).
export async function solveJob(core, job, { solve = null, scramble = null, cache = null, noTime = false, lastRecord = false, wallTime = false } = {}) {
  const { cube, facelets } = await jobCube(core, job, { scramble, cache });
  const request = { solver: job.solver, facelets, seed: job.seed, params: job.params };
  const t0 = performance.now();
  let res, timeMs, extra = {};
  if (solve) {
    const r = await solve(request).promise;
    res = recordOf(r, job.solver);
    timeMs = wallTime ? performance.now() - t0 : r.stats.timeMs;
    if (res.islands !== undefined) extra = { islands: res.islands, island: res.island, epochs: res.epochs };
  } else {
    let last = null;
    const onRecords = lastRecord ? (recs) => { last = recs[recs.length - 1]; } : null;
    res = core.run(request, { onRecords }).result;
    timeMs = performance.now() - t0;
    if (lastRecord) {
      const { bestMoves, ...rest } = last || {}; // the moves are the solution's, or a long non-solution
      extra = { last_record: last ? rest : null };
    }
  }
  if (res.solved) {
    const v = core.verify(facelets, res.solution);
    if (!v.solved) throw new EvocubeError(EC.E_NOT_SOLVED, `internal error: the solver's solution does not solve the cube (${v.message})`);
  }
  return { cube, record: solveJson(res, job.seed, noTime ? null : round1(timeMs), extra) };
}

// Run the jobs `todo` on `lanes` workers at once: solve(j, lane) -> record (a promise), then
// onDone(j, record, lane) (awaited before the lane takes its next job). stop() hands out no
// more jobs; the ones under way finish and are passed to onDone (stopped: true hands out none
// at all). Returns {promise, stop}.
export function runJobs({ todo, lanes, solve, onDone, stopped = false }) {
  let k = 0;
  const lane = async (w) => {
    while (!stopped && k < todo.length) {
      const j = todo[k++];
      const record = await solve(j, w);
      await onDone(j, record, w);
    }
  };
  const promise = Promise.all(Array.from({ length: Math.max(1, lanes) }, (_, w) => lane(w))).then(() => ({ stopped, next: k }));
  return { promise, stop() { stopped = true; } };
}

// A random state made by a solver client's worker ({kind, scramble}).
async function clientScramble(client, seed) {
  const sc = await client.scramble({ kind: 'random-state', seed });
  if (sc.kind !== 'random-state') throw new Error('this build cannot make random states');
  return sc.scramble;
}

// An experiment run over `lanes` solver clients. Made once per view; it shows one experiment
// at a time.
//   core: this thread's core (createSolver, apply, verify): params are checked, cubes made and
//     solutions verified here, before anything is kept.
//   store: an ExperimentStore (store.mjs); it may be set later (runner.store), before open().
//   makeClient(k): the k-th solver client, made when first needed: {solve(request) ->
//     {promise, cancel}, scramble({kind, seed}) -> Promise<{kind, scramble}>} (a SolverClient).
//   lanes: how many clients solve at once.
//   hooks: onState(state) ('running', 'paused' or 'done'), onRecord(j, record) (a record was
//     kept), onActive(id | null) (the experiment to resume after a reload, or none),
//     onError(message) (the run stopped on a failure).
// Fields the view reads: exp ({id, definition, total, state} or null), resolved (its checked
// definition), plan, records (by job number), todo (the job numbers left), clients, session
// (this page's solves: ids run and kept, kept per lane, how many were kept at load).
export class ExperimentRunner {
  constructor({ core, store, makeClient, lanes = 1, hooks = {} }) {
    this.core = core;
    this.store = store;
    this.makeClient = makeClient;
    this.lanes = Math.max(1, lanes);
    this.hooks = { onState() {}, onRecord() {}, onActive() {}, onError() {}, ...hooks };
    this.clients = [];
    this.exp = null;
    this.resolved = null;
    this.plan = null;
    this.records = [];
    this.todo = [];
    this.jobs = null; // runJobs' handle while running
    this.inflight = new Map(); // lane -> the solve it is running (stop cancels it)
    this.session = { ran: [], solved: [], perWorker: [], resumedFrom: 0 };
  }

  running() { return !!this.jobs; }

  // The finished records, in job order.
  done() { return this.records.filter(Boolean); }

  // Solves per second kept since start(), or null before the first one.
  rate() {
    return this.running() && this.doneNow ? this.doneNow / ((performance.now() - this.t0) / 1000) : null;
  }

  // Every solver of a checked experiment with its params (and each sweep value) made once by
  // the core, as `evocube batch` does before it runs: a bad param is named now (the text), not
  // in every record; null when all are accepted.
  checkSolvers(experiment) {
    const e = experiment, solved = this.core.apply('');
    const { paramsWith } = makePlan({ cubes: [], solvers: e.solvers, seeds: [1], sweep: e.sweep ?? null, params: paramsText(e.params) });
    for (const s of e.solvers) {
      for (const value of e.sweep ? e.sweep.values : [null]) {
        const params = paramsWith(value);
        try { this.core.createSolver(s, solved, 1, params).free(); } catch (err) { return `${s}${params ? ` with ${params}` : ''}: ${err.message}`; }
      }
    }
    return null;
  }

  // Show a kept experiment `exp`, its definition checked (`resolved`, definition.mjs's
  // resolveDefinition): its plan, the records kept and what is left to do. Returns {left} (the
  // number of jobs left) or {problem} when the kept records belong to another plan.
  async open(exp, resolved) {
    const x = resolved.experiment;
    const plan = makePlan({ cubes: experimentCubes(x), solvers: x.solvers, seeds: x.seeds, sweep: x.sweep ?? null, params: paramsText(x.params) });
    const stored = await this.store.records(exp.id);
    const left = resumePlan(plan, stored);
    if (left.problems.length) return { problem: `The kept results do not match the experiment: ${left.problems[0]}` };
    Object.assign(this, { exp, resolved, plan, records: [], todo: left.todo });
    for (const { j, record } of stored) this.records[j] = record;
    this.session.resumedFrom = stored.length;
    return { left: left.todo.length };
  }

  // Forget the experiment shown (not while it runs).
  detach() {
    if (this.running()) return;
    this.exp = null;
    this.records = [];
  }

  ensureClients() {
    while (this.clients.length < this.lanes) this.clients.push(this.makeClient(this.clients.length));
    return this.clients.slice(0, this.lanes);
  }

  // Run what is left of the experiment shown, until it is done or stopped; resolves to
  // runJobs' {stopped, next} when the lanes are idle again (null at once when it was running).
  // It runs from the call on: until the lanes start (after the store's answer), a handle that
  // only notes a stop stands in for runJobs', so that detach() or a second start() in the
  // meantime (a link opened at boot while a kept experiment resumes) cannot drop its records.
  async start() {
    if (this.jobs) return null;
    const exp = this.exp, plan = this.plan;
    let stopAsked = false;
    this.jobs = { stop() { stopAsked = true; } };
    this.hooks.onActive(exp.id);
    try {
      await this.store.setState(exp.id, 'running');
    } catch (e) {
      this.jobs = null;
      throw e;
    }
    exp.state = 'running';
    this.hooks.onState('running');
    const clients = this.ensureClients();
    this.session.perWorker = clients.map(() => 0);
    this.t0 = performance.now();
    this.doneNow = 0;
    const sweepParam = this.resolved.experiment.sweep ? this.resolved.experiment.sweep.param : null;
    this.jobs = runJobs({
      todo: this.todo, lanes: clients.length, stopped: stopAsked,
      solve: (j, w) => { this.session.ran.push(plan.jobAt(j).id); return this.solveOn(clients[w], plan.jobAt(j), sweepParam, w); },
      onDone: async (j, record, w) => {
        if (this.exp !== exp || record === null) return; // null: cancelled by stop, run again later
        if (await this.store.add(exp.id, j, record)) {
          this.records[j] = record;
          this.session.solved.push(record.id);
          this.session.perWorker[w]++;
          this.doneNow++;
        }
        this.hooks.onRecord(j, record);
      },
    });
    let out;
    try { out = await this.jobs.promise; } catch (e) { this.hooks.onError(`The experiment stopped: ${e.message}`); out = { stopped: true }; }
    this.jobs = null;
    const left = resumePlan(plan, this.records.map((record, j) => (record ? { j, record } : null)).filter(Boolean));
    this.todo = left.todo;
    if (!left.todo.length) await this.finish();
    else {
      await this.store.setState(exp.id, 'paused');
      exp.state = 'paused';
      this.hooks.onState('paused');
    }
    return out;
  }

  // One job on one lane's client: its record (an error line when it failed), or null when
  // stop() cancelled it (it stays to do).
  async solveOn(client, job, sweepParam, lane) {
    let cube = job.cube.cube;
    try {
      const made = await jobCube(this.core, job, { scramble: (seed) => clientScramble(client, seed) });
      cube = made.cube;
      const solve = (request) => { const run = client.solve(request); this.inflight.set(lane, run); return run; };
      return jobRecord(job, await solveJob(this.core, { ...job, cube: { ...job.cube, ...made } }, { solve }), sweepParam);
    } catch (e) {
      if (e && e.code === ERROR.CANCELLED) { this.session.ran.splice(this.session.ran.lastIndexOf(job.id), 1); return null; }
      return jobRecord(job, { cube, error: messageOf(e) }, sweepParam);
    } finally {
      this.inflight.delete(lane);
    }
  }

  // Pause: no job is handed out any more and the solves under way are cancelled (not kept:
  // resume runs them again). False when nothing was running.
  stop() {
    if (!this.jobs) return false;
    this.jobs.stop();
    for (const run of this.inflight.values()) run.cancel();
    return true;
  }

  // Run the rest of a paused experiment; false when there is nothing to resume.
  async resume() {
    if (this.running() || !this.exp || this.exp.state === 'done') return false;
    await this.start();
    return true;
  }

  // Mark the experiment shown done (every job kept).
  async finish() {
    this.hooks.onActive(null);
    if (this.exp) { await this.store.setState(this.exp.id, 'done'); this.exp.state = 'done'; }
    this.hooks.onState('done');
  }
}
