// report-batch.mjs - does a set of shard files make one `evocube batch` run, whole? Given every
// file's parsed lines (report-files.mjs), checks that the files belong to one batch
// (sameBatch), then finds the batch's jobs from what the lines carry and names the jobs no
// file holds (missing) and the ids two lines hold (duplicated).
//
// What a line says of its batch: its id, cube_index, cube, solver, sweep and seed. A batch's
// jobs are cubes x (solver, sweep value, seed), the same set for every cube (batch-plan.mjs),
// and a shard file is one contiguous block of them, so every cube strictly between a file's
// first and last is whole in it. From that:
//   - batchKey(record): what every line of a batch shares (its sweep's param). sameBatch(a, b)
//     compares two files' profiles: the same key, the same cube text at a cube number both
//     hold, and neither has a (solver, sweep value, seed) that the other, holding a whole
//     cube, lacks. Two batches with the same solvers, seeds and sweep over different cubes
//     of the same numbering (other --seed-from, another cube file) agree on all of that
//     where they do not overlap; the batch-definition digest every line carries (`batch`,
//     scripts/cli/batch-output.mjs's batchDigest) tells them apart: a file's lines must share
//     one, and two files with different ones are two batches (checked first).
//   - the batch's jobs: every cube number from the lowest to the highest seen, times the
//     union of the (solver, sweep value, seed) sets. A cube file's blank or comment line
//     between cubes reads as a missing cube, and a lost last cube (every one of its jobs) is
//     not seen; both need the definition the lines do not carry.
// Costs: O(lines) with a hash set of ids; sorting the records O(n log n).
import { UsageError } from './options.mjs';

// What every line of one batch shares, from the line alone: the sweep's param ('' without).
export function batchKey(record) {
  return record.sweep && typeof record.sweep === 'object' ? Object.keys(record.sweep)[0] ?? '' : '';
}

// a job's place within its cube: solver, sweep value, seed ('=' for a seed that is the cube's
// number, in a batch whose every seed is: --seeds cube)
const jobKey = (r, perCube) => JSON.stringify([r.solver, r.sweep ? Object.values(r.sweep)[0] : null, perCube ? '=' : r.seed]);

// A file's profile: {file, key, cubes: Map(number -> cube text), jobs: Set(jobKey), whole:
// whether a cube lies strictly inside the file (then `jobs` is the batch's whole set)}.
function profile(file, entries, perCube) {
  const p = { file, key: null, digest: undefined, cubes: new Map(), jobs: new Set(), whole: false, lo: Infinity, hi: -Infinity };
  for (const { line, record: r } of entries) {
    if (p.digest === undefined) p.digest = r.batch ?? null;
    else if ((r.batch ?? null) !== p.digest) throw new UsageError(`${file}:${line}: this line's batch digest (${String(r.batch ?? 'none').slice(0, 40)}) is not the file's (${p.digest ?? 'none'}): the file holds lines of two batches`);
    const k = batchKey(r);
    if (p.key === null) p.key = k;
    else if (k !== p.key) throw new UsageError(`${file}:${line}: this line's sweep (${k || 'none'}) is not the file's (${p.key || 'none'}): the file holds lines of two batches`);
    const c = p.cubes.get(r.cube_index);
    if (c === undefined) p.cubes.set(r.cube_index, r.cube ?? null);
    else if (c !== (r.cube ?? null)) throw new UsageError(`${file}:${line}: cube ${r.cube_index} is "${String(r.cube).slice(0, 80)}" here and "${String(c).slice(0, 80)}" on an earlier line: the file holds lines of two batches`);
    p.jobs.add(jobKey(r, perCube));
    p.lo = Math.min(p.lo, r.cube_index);
    p.hi = Math.max(p.hi, r.cube_index);
  }
  p.whole = p.hi - p.lo >= 2;
  return p;
}

const solverSeed = (k) => {
  const [solver, value, seed] = JSON.parse(k);
  return `solver ${solver}${value === null ? '' : `, sweep value ${value}`}, seed ${seed === '=' ? 'the cube\'s number' : seed}`;
};

// null when the files of profiles a and b can be shards of one batch, else why not.
export function sameBatch(a, b) {
  if (a.digest !== b.digest) return `its lines are batch ${b.digest ?? '(no digest)'} and ${a.file}'s are batch ${a.digest ?? '(no digest)'}: another definition (solvers, params, seeds, sweep, cubes or options)`;
  if (a.key !== b.key) return `${a.file} sweeps ${a.key || 'nothing'} and ${b.file} sweeps ${b.key || 'nothing'}`;
  const [small, large] = a.cubes.size <= b.cubes.size ? [a, b] : [b, a];
  for (const [n, cube] of small.cubes) {
    if (large.cubes.has(n) && large.cubes.get(n) !== cube) return `cube ${n} is "${String(cube).slice(0, 60)}" in ${small.file} and "${String(large.cubes.get(n)).slice(0, 60)}" in ${large.file}`;
  }
  for (const [x, y] of [[a, b], [b, a]]) {
    if (!x.whole) continue;
    const extra = [...y.jobs].find((k) => !x.jobs.has(k));
    if (extra !== undefined) return `${y.file} has solves (${solverSeed(extra)}) that ${x.file} does not run for any of its cubes`;
  }
  return null;
}

// Checks `shards` ([{file, entries: [{file, line, record}]}]) make one batch; returns {records
// (in job order, the first of a duplicated id only), total, missing: [id], duplicated: [{id,
// where: ['file:line', ...]}]}. Throws UsageError (exit 2) when the files are not one batch,
// or when two files hold the same jobs (two files claiming one shard).
export function checkBatch(shards) {
  const all = shards.flatMap((s) => s.entries);
  if (!all.length) throw new UsageError(`the files hold no lines: ${shards.map((s) => s.file).join(', ')} (shards whose batch has not started yet?)`);
  const perCube = all.every(({ record: r }) => r.seed === r.cube_index);
  const profiles = shards.filter((s) => s.entries.length).map((s) => profile(s.file, s.entries, perCube));
  for (let i = 0; i < profiles.length; i++) {
    for (let j = i + 1; j < profiles.length; j++) {
      const why = sameBatch(profiles[i], profiles[j]);
      if (why) throw new UsageError(`${profiles[j].file} is not a shard of the batch of ${profiles[i].file}: ${why}`);
    }
  }
  const { kept, duplicated } = findDuplicates(shards);
  // the batch's jobs within a cube, in the order the files give them (the plan's order)
  const order = new Map();
  for (const { record: r } of all) { const k = jobKey(r, perCube); if (!order.has(k)) order.set(k, order.size); }
  const lo = Math.min(...profiles.map((p) => p.lo)), hi = Math.max(...profiles.map((p) => p.hi));
  const have = new Set(kept.map((r) => r.id));
  const missing = [];
  for (let n = lo; n <= hi; n++) {
    for (const k of order.keys()) {
      const [solver, value, seed] = JSON.parse(k);
      const sw = value === null ? '' : `${profiles[0].key}=${value}:`;
      const id = `${n}:${solver}:${sw}${seed === '=' ? n : seed}`;
      if (!have.has(id)) missing.push(id);
    }
  }
  const rank = (r) => (r.cube_index - lo) * order.size + order.get(jobKey(r, perCube));
  const records = kept.sort((x, y) => rank(x) - rank(y));
  return { records, total: (hi - lo + 1) * order.size, missing, duplicated };
}

// The records with each id once (its first line), and the ids held twice with where. Two
// files whose every line is in the other (the same shard given twice, under two names, or
// two runs of one shard) are refused.
function findDuplicates(shards) {
  const where = new Map();
  const kept = [];
  const dupFiles = new Map();
  for (const { file, line, record } of shards.flatMap((s) => s.entries)) {
    const first = where.get(record.id);
    if (first === undefined) {
      where.set(record.id, [`${file}:${line}`]);
      kept.push(record);
      continue;
    }
    first.push(`${file}:${line}`);
    const pair = `${first[0].slice(0, first[0].lastIndexOf(':'))}\n${file}`;
    dupFiles.set(pair, (dupFiles.get(pair) ?? 0) + 1);
  }
  const sizes = new Map(shards.map((s) => [s.file, s.entries.length]));
  for (const [pair, n] of dupFiles) {
    const [a, b] = pair.split('\n');
    if (a !== b && (n === sizes.get(a) || n === sizes.get(b))) {
      throw new UsageError(`${a} and ${b} claim the same shard: every line of ${n === sizes.get(b) ? b : a} (${n}) has its job in the other too; give each shard's file once`);
    }
  }
  const duplicated = [...where].filter(([, w]) => w.length > 1).map(([id, w]) => ({ id, where: w }));
  return { kept, duplicated };
}
