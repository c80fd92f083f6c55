#!/usr/bin/env node
// golden-native.mjs - runs a native CLI build on the pinned golden runs
// (tests/data/golden-runs.json, written and checked by tests/js/golden.test.mjs) and compares
// each result (without its clock), record count and progress-stream SHA-256 with the pinned
// one. scripts/test.sh runs it on the sanitized build, so every registered solver runs end to
// end under ASan+UBSan and must still give the pinned run:
//
//   node scripts/golden-native.mjs [EXE=build/native/evocube_native] [--first]
//
// --first: only each solver's first pinned case (a 6-move scramble, default params).
// Exit 0 when every run equals its pinned one; 1 on a difference, a crash, a non-empty stderr
// (a sanitizer report) or an exit code other than 0 (solved) or 1 (gave up).
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const first = args.includes('--first');
const exe = args.find((a) => !a.startsWith('--')) || `${root}build/native/evocube_native`;
const golden = JSON.parse(readFileSync(`${root}tests/data/golden-runs.json`, 'utf8'));

const seen = new Set();
let runs = 0;
let failed = 0;
for (const [key, want] of Object.entries(golden)) {
  const [solver, scramble, seed, params] = key.split(' | '); // the key golden.test.mjs writes
  if (first && seen.has(solver)) continue;
  seen.add(solver);
  const argv = ['solve', '--solver', solver, '--scramble', scramble, '--seed', seed, '--progress', '--json'];
  if (params) argv.push('--param', params);
  const r = spawnSync(exe, argv, { encoding: 'utf8', maxBuffer: 1 << 30 });
  runs++;
  let why = null;
  if (r.error) why = r.error.message;
  else if (r.status !== 0 && r.status !== 1) why = `exit ${r.status ?? r.signal}`;
  else if (r.stderr) why = 'output on stderr';
  else {
    const lines = r.stdout.trim().split('\n');
    const { time_ms: _t, ...result } = JSON.parse(lines.pop());
    const recordsSha256 = createHash('sha256').update(lines.join('\n')).digest('hex');
    const got = { result, records: lines.length, recordsSha256 };
    if (JSON.stringify(got) !== JSON.stringify(want)) why = `differs from the golden run:\n  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`;
  }
  if (why) {
    failed++;
    console.log(`golden-native: ${key}: ${why}`);
    if (r.stderr) console.log(r.stderr.split('\n').slice(0, 40).join('\n'));
  }
}
console.log(`golden-native: ${runs - failed} of ${runs} runs (${seen.size} solvers) equal the golden runs (${exe})`);
process.exit(failed ? 1 : 0);
