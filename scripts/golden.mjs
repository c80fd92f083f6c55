#!/usr/bin/env node
// golden.mjs - the pinned golden runs (tests/data/golden-runs.json): every registered solver
// on fixed cubes, seeds and params, pinned by its result (without the clock), its record count
// and a SHA-256 of its whole progress stream. The file was written from the code before the
// c/ tree was split into layers, so a refactor that changes one byte of a run fails.
// tests/js/golden.test.mjs checks them natively and in wasm; scripts/test.sh runs each solver's
// first case through the sanitized CLI:
//
//   node scripts/golden.mjs [EXE=build/native/evocube_native] [--first] [--write]
//
// --first: only each solver's first case (a 6-move scramble, default params). --write rewrites
// the file from EXE's runs: only for an intended change of behaviour, said in the commit.
// Exit 0 when every run equals its pinned one; 1 on a difference, a crash, output on stderr
// (a sanitizer report) or an exit code other than 0 (solved) or 1 (gave up).
//
// One intended change since the file was written: progress records gained `solvedShare` (the
// swarm solvers' share of solved agents, which they used to report as `diversity`; their
// `diversity` is now the share of distinct agent states, as for every other solver). Streams
// are hashed in the old shape (oldShape below), so everything else is still pinned. Likewise
// hugo's, twes's and macro-ga's records gained `popFit` (their population's 17 fitness
// quantiles), left out of the old shape after a check of its shape (17 sorted values, the best
// at the solver's end of them). And macro-ga's solved results gained `parts` (its solving
// individual's macros with their face turns), left out of the pinned result after a check of
// its shape (partsShape below): the rest of the result is pinned as before, and any other
// solver with `parts` fails. And HuGO!'s block choice (plan=1) runs in work units of its own,
// each with a record that repeats the last generation's but for its phaseName ("2x2x3 block
// choice 5/108"); those are left out after that check (generationsOnly below), so the stream
// of generations is pinned as before. Its exact tables, when a plan run finds them unbuilt,
// are built in the run's first units, each with a record of generation 0 with no individual
// ("2x2x3 block exact tables 3/9", bestLength -1), left out too: they depend on what the
// process ran before. And the optimal solver's runs were rewritten when one thread began to
// search as several do (each depth from 2 on by its two-move prefixes, the later depths in the
// order of their nodes): the same solutions, other node counts (its evaluations).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const GOLDEN_FILE = `${root}tests/data/golden-runs.json`;
export const NATIVE = `${root}build/native/evocube_native`;

// A 6-move scramble, a random state, a rotated cube (centres moved) with non-default params.
const RANDOM5 = "L' B2 D2 L2 F2 U2 R B2 D2 B2 L2 F L D' F2 R' F' R F' U'";
const ROTATED = "x R U' y2 F D2 z L B'";
// solver -> [scramble, seed, params]; twes's third case keeps the old snake_case names
export const CASES = {
  twophase: [["R U F' L2 D B", 3, ''], [RANDOM5, 11, ''], [ROTATED, 99, 'directions=1,budget=5000'],
    [RANDOM5, 4, 'preset=fast']],
  hugo: [["R U F' L2 D B", 3, ''], [ROTATED, 99, 'preset=integrity300'],
    ["D B2 R' U L F2 D' R", 5, 'population=30,length=20,rawSelection=1,eliteParent=1,pairWeight2=3'], [RANDOM5, 11, 'preset=fast']],
  twes: [["R U F' L2 D B", 3, ''], [RANDOM5, 11, 'preset=small'], [ROTATED, 99, 'preset=small,axis_merge=1,phase_end=0']],
  'macro-ga': [["R U F' L2 D B", 3, ''], [RANDOM5, 11, 'preset=fast'], [ROTATED, 99, 'population=100,elitism=10,resets=2']],
  greedy: [["R U F' L2 D B", 3, ''], [RANDOM5, 11, ''], [ROTATED, 99, 'iterations=50,budget=0']],
  pso: [["R U F' L2 D B", 3, ''], [RANDOM5, 11, ''], [ROTATED, 99, 'particles=10,iterations=30,finish=1']],
  aco: [["R U F' L2 D B", 3, ''], [RANDOM5, 11, 'ants=8,iterations=40'], [ROTATED, 99, 'ants=5,iterations=20,finish=1,evaporation=0.1']],
  dkho: [["R U F' L2 D B", 3, ''], [RANDOM5, 11, ''], [ROTATED, 99, 'krill=10,iterations=30,finish=1']],
  // native builds only (its table is too big for the main wasm module); a random state takes
  // minutes, so: short cubes, and a budget that runs out
  optimal: [["R U F' L2 D B", 3, ''], [ROTATED, 99, ''], ["R U F' L2 D B R' U2 F D' L B2", 5, 'budget=2000']],
};

// A solver without cases of its own here (a new one) gets these: the 6-move scramble, the
// random state and the rotated cube, default params. Its runs are pinned by --write.
export const DEFAULT_CASES = [["R U F' L2 D B", 3, ''], [RANDOM5, 11, ''], [ROTATED, 99, '']];

// The registered solvers (the solver list of EXE, or of the core) with their cases.
export const casesOf = (names) => names.map((name) => [name, CASES[name] ?? DEFAULT_CASES]);
export function registered(exe = NATIVE) {
  return solverList(exe).map((s) => s.name);
}
function solverList(exe) {
  const r = spawnSync(exe, ['solvers'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${exe} solvers: exit ${r.status} ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// a solver's descriptor (what its records carry, its order of better), from the native CLI
let descriptors = null;
function descriptorOf(solver) {
  descriptors ??= new Map(solverList(NATIVE).map((s) => [s.name, s]));
  return descriptors.get(solver) ?? {};
}

export const caseKey = (solver, [scramble, seed, params]) => `${solver} | ${scramble} | ${seed} | ${params}`;
export const readGolden = () => JSON.parse(readFileSync(GOLDEN_FILE, 'utf8'));

// the solvers whose results have `parts`, and the labels a part may have (a data table)
const PARTS = { 'macro-ga': /^(start|migrant|M([1-9]|1[0-5]))$/ };
const sha = (lines) => createHash('sha256').update(lines.join('\n')).digest('hex');

// A record in the shape the golden file was written from (see the header).
// Agents' solvers (the descriptor's records "agents") reported solvedShare as diversity;
// population solvers' popFit has its best at the end the descriptor's `better` names.
function oldShape(solver, r) {
  const d = descriptorOf(solver);
  const agents = d.records === 'agents';
  if (agents) {
    if (!(r.diversity >= 0 && r.diversity <= 1)) throw new Error(`${solver}: diversity ${r.diversity}`);
  } else if (r.solvedShare !== 0) {
    throw new Error(`${solver}: solvedShare ${r.solvedShare} in a solver without agents`);
  }
  const q = r.popFit, end = d.records === 'population' ? d.better : undefined;
  if (!end !== (q === undefined)) throw new Error(`${solver}: popFit ${JSON.stringify(q)}`);
  if (end && !(q.length === 17 && q.every((v, k) => !k || q[k - 1] <= v) && r.best === q[end === 'higher' ? 16 : 0]))
    throw new Error(`${solver}: popFit ${JSON.stringify(q)} with best ${r.best}`);
  const { gen, phase, phaseName, best, mean, bestLength, evaluations, restarts, found, bestMoves } = r;
  const diversity = agents ? r.solvedShare : r.diversity;
  return JSON.stringify({ gen, phase, phaseName, best, mean, bestLength, diversity, evaluations, restarts, found, bestMoves });
}

// macro-ga's `parts` (evocube.h, ec_solver_result_json): "start" then macros "M1".."M15"
// (or "migrant"), at least as many face turns in all as the solution; no other solver has it.
function partsShape(solver, result) {
  const p = result.parts;
  if (p === undefined) return;
  const moves = (t) => (t ? t.split(' ').length : 0);
  const labels = PARTS[solver];
  const ok = labels && result.solved && p.length > 0 && p[0].label === 'start'
    && p.every((q) => labels.test(q.label) && moves(q.moves) === q.length)
    && p.reduce((n, q) => n + q.length, 0) >= result.length;
  if (!ok) throw new Error(`${solver}: parts ${JSON.stringify(p).slice(0, 300)}`);
}

// The records of generations: a record with the previous one's generation is a unit that is
// not one (HuGO!'s block choice), which must equal that record but for its phaseName, a
// choice's "... choice k/N" or "... exact tables k/N", or equal it whole (the wait for an
// exact optimum after the choice's phase); a record of generation 0 with no individual before
// any other is a unit before the first generation ("... exact tables k/N", "... choice 1/1");
// both are left out.
function generationsOnly(solver, records) {
  const out = [];
  const but = (r) => JSON.stringify({ ...r, phaseName: '' });
  for (const r of records) {
    const prev = out[out.length - 1];
    if (!prev && r.gen === 0) {
      if (r.bestLength !== -1 || !/ (choice|exact tables) \d+\/\d+$/.test(r.phaseName)) throw new Error(`${solver}: record of generation 0: ${JSON.stringify(r).slice(0, 300)}`);
      continue;
    }
    if (!prev || r.gen !== prev.gen) {
      out.push(r);
      continue;
    }
    if (but(r) !== but(prev) || (r.phaseName !== prev.phaseName && !/ (choice|exact tables) \d+\/\d+$/.test(r.phaseName))) throw new Error(`${solver}: record of generation ${r.gen} again: ${JSON.stringify(r).slice(0, 300)}`);
  }
  return out;
}

// What a run is pinned by: the result without its clock (and parts, see the header), the
// record count and stream hash.
export function summary(solver, result, records) {
  const lines = generationsOnly(solver, records).map((r) => oldShape(solver, r));
  partsShape(solver, result);
  const { time_ms: _t, parts: _p, ...rest } = result;
  return { result: rest, records: lines.length, recordsSha256: sha(lines) };
}

// One case through a native CLI build: its summary, or throws with the reason (also when
// it runs past timeoutMs: it is killed).
// The optimal solver's table is cached under build/cache (XDG_CACHE_HOME), not the user's folder.
export function nativeRun(exe, solver, [scramble, seed, params], { timeoutMs = 600000 } = {}) {
  const argv = ['solve', '--solver', solver, '--scramble', scramble, '--seed', String(seed), '--progress', '--json'];
  if (params) argv.push('--param', params);
  const env = { ...process.env, XDG_CACHE_HOME: `${root}build/cache` };
  const r = spawnSync(exe, argv, { encoding: 'utf8', maxBuffer: 1 << 30, timeout: timeoutMs, killSignal: 'SIGKILL', env });
  if (r.error) throw new Error(r.error.code === 'ETIMEDOUT' ? `killed after its limit of ${timeoutMs} ms` : r.error.message);
  if (r.status !== 0 && r.status !== 1) throw new Error(`exit ${r.status ?? r.signal}: ${r.stderr.slice(0, 4000)}`);
  if (r.stderr) throw new Error(`output on stderr:\n${r.stderr.split('\n').slice(0, 40).join('\n')}`);
  const records = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  const result = records.pop();
  return summary(solver, result, records);
}

function main(args) {
  const first = args.includes('--first');
  const write = args.includes('--write');
  const exe = args.find((a) => !a.startsWith('--')) || NATIVE;
  const golden = write ? {} : readGolden();
  let runs = 0;
  let failed = 0;
  const solvers = casesOf(registered(exe));
  for (const [solver, cases] of solvers) {
    for (const c of first ? cases.slice(0, 1) : cases) {
      const key = caseKey(solver, c);
      runs++;
      let why = null;
      try {
        const got = nativeRun(exe, solver, c);
        if (write) golden[key] = got;
        else if (JSON.stringify(got) !== JSON.stringify(golden[key])) {
          why = `differs from the golden run:\n  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(golden[key])}`;
        }
      } catch (e) {
        why = e.message;
      }
      if (why) {
        failed++;
        console.log(`golden: ${key}: ${why}`);
      }
    }
  }
  if (write && !failed) writeFileSync(GOLDEN_FILE, `${JSON.stringify(golden, null, 1)}\n`);
  console.log(`golden: ${runs - failed} of ${runs} runs (${solvers.length} solvers) ${write ? 'written' : 'equal the golden runs'} (${exe})`);
  return failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main(process.argv.slice(2)));
