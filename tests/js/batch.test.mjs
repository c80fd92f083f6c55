// batch.test.mjs - `evocube batch` (scripts/cli/batch.mjs) through the CLI: one line per solve in
// job order whatever the threads, shards that join into the unsharded output byte for byte,
// a killed run resumed without repeats, a bad line reported by number while the rest runs.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, appendFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../scripts/cli/evocube.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evocube-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args, input) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: 60000, maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const lines = (text) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l));

// 5 random states x 1 solver x 2 seeds = 10 jobs, two-phase (fast once its tables are built)
const BASE = ['batch', '--solver', 'twophase', '--random-state', '5', '--seed-from', '11', '--seeds', '1..2', '--no-time'];
let whole = null; // BASE on 2 threads (the first test)

test('one JSON line per solve, in job order, the same on 1 and 2 threads; each is solve --json plus its id', () => {
  const one = run([...BASE, '--jobs', '1']);
  const two = run([...BASE, '--jobs', '2']);
  expect(one.code).toBe(0);
  expect(two.code).toBe(0);
  expect(two.out).toBe(one.out);
  whole = two;
  const recs = lines(one.out);
  expect(recs.map((r) => r.id)).toEqual(['1', '2', '3', '4', '5'].flatMap((c) => [`${c}:twophase:1`, `${c}:twophase:2`]));
  expect(recs.every((r) => r.solved && r.length <= 20 && !('time_ms' in r))).toBe(true);
  // cube 3 is the random state of seed 11 + 2, and its line is `solve --json` on it
  const scramble = run(['scramble', '--random-state', '--seed', '13']).out.trim();
  expect(recs[4].cube).toBe(scramble);
  const solo = JSON.parse(run(['solve', '--solver', 'twophase', '--scramble', scramble, '--seed', '1', '--json']).out);
  delete solo.time_ms;
  const { id, cube_index: index, cube, batch, ...rest } = recs[4];
  expect([id, index, cube]).toEqual(['3:twophase:1', 3, scramble]);
  expect(batch).toMatch(/^[0-9a-f]{16}$/); // the batch's definition digest, on every line
  expect(recs.every((r) => r.batch === batch)).toBe(true);
  expect(rest).toEqual(solo);
  expect(one.err).toMatch(/^batch: 10 solves, 10 solved, 0 not solved, 0 with an error; length mean [\d.]+ \(95% \+-[\d.]+\) median [\d.]+ sd [\d.]+; generations mean [\d.]+; time mean - ms$/m);
  // with time: time_ms after solved, as in solve --json
  const timed = lines(run(['batch', '--solver', 'twophase', '--random-state', '1', '--jobs', '1']).out);
  expect(Object.keys(timed[0]).slice(3, 10)).toEqual(['solver', 'seed', 'solution', 'length', 'solved', 'time_ms', 'generations']);
}, 60000);

test('shards concatenated in shard order equal the unsharded run byte for byte', () => {
  expect(whole.code).toBe(0);
  const two = [1, 2].map((i) => run([...BASE, '--jobs', '1', '--shard', `${i}/2`]));
  expect(two.map((r) => r.code)).toEqual([0, 0]);
  expect(lines(two[0].out).length).toBe(5);
  expect(two[0].out + two[1].out).toBe(whole.out);
  // uneven blocks (10 jobs in 3 shards: 3, 3, 4), to files
  const outs = [1, 2, 3].map((i) => {
    const f = join(dir, `shard-${i}.jsonl`);
    expect(run([...BASE, '--jobs', '1', '--shard', `${i}/3`, '--out', f]).code).toBe(0);
    return readFileSync(f, 'utf8');
  });
  expect(outs.map((o) => lines(o).length)).toEqual([3, 3, 4]);
  expect(outs.join('')).toBe(whole.out);
}, 60000);

test('a killed run resumes from its --out file: no id repeated or missing, a half-written last line redone', async () => {
  // 12 states, two-phase to at most 19 moves: some tenths of a second each, long enough to kill
  const args = ['batch', '--solver', 'twophase', '--param', 'maxLength=19', '--random-state', '12', '--seed-from', '3', '--no-time', '--jobs', '1'];
  const out = join(dir, 'killed.jsonl');
  const child = spawn(process.execPath, [CLI, ...args, '--out', out], { stdio: 'ignore' });
  const exited = new Promise((r) => child.on('exit', r));
  const t0 = Date.now();
  let n = 0;
  while (Date.now() - t0 < 50000) {
    await new Promise((r) => setTimeout(r, 10));
    n = existsSync(out) ? readFileSync(out, 'utf8').split('\n').length - 1 : 0;
    if (n >= 2) break;
  }
  child.kill('SIGKILL');
  await exited;
  const before = lines(readFileSync(out, 'utf8'));
  expect(before.length).toBeGreaterThanOrEqual(2);
  expect(before.length).toBeLessThan(12); // killed mid-run, not after the end
  appendFileSync(out, '{"id":"9:twophase:1","cube_ind'); // a half-written line, as a kill can leave
  const again = run([...args, '--out', out]);
  expect(again.code).toBe(0);
  expect(again.err).toMatch(/dropped a half-written last line \(\d+ bytes\)/);
  expect(again.err).toMatch(new RegExp(`${12 - before.length} run now \\(${before.length} resumed from the output file\\)`));
  const text = readFileSync(out, 'utf8');
  const ids = lines(text).map((r) => r.id);
  expect(ids).toEqual(Array.from({ length: 12 }, (_, c) => `${c + 1}:twophase:1`));
  expect(text.startsWith(before.map((r) => JSON.stringify(r)).join('\n'))).toBe(true);
  expect(again.err).toMatch(/^batch: 12 solves, 12 solved/m); // the summary covers the whole file
  // a finished file: nothing is run again
  const third = run([...args, '--out', out]);
  expect(third.code).toBe(0);
  expect(third.err).toMatch(/0 run now \(12 resumed/);
  expect(readFileSync(out, 'utf8')).toBe(text);
}, 90000);

test('an output file of another batch is refused, not mixed into', () => {
  const out = join(dir, 'other.jsonl');
  // a line of this batch's definition (its digest) with an id the batch does not make
  const digest = lines(run([...BASE, '--shard', '1/10']).out)[0].batch;
  writeFileSync(out, `${JSON.stringify({ id: '1:hugo:1', batch: digest })}\n`);
  const r = run([...BASE, '--out', out]);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/^error: the output file ".*other\.jsonl" holds id 1:hugo:1, which this batch .* does not make/);
  writeFileSync(out, 'not json\n');
  expect(run([...BASE, '--out', out]).err).toMatch(/has a line that is not a batch record \(line 1\)/);
});

test('a bad line in the middle is reported with its line number and the rest still runs (exit 2)', () => {
  const input = ['R U', "R U R'", '# a comment', '', 'F2 D', 'B L', 'R U Q', "U' F", ''].join('\n');
  const r = run(['batch', '--solver', 'twophase', '-', '--jobs', '2', '--no-time'], input);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/^error: line 7: unknown move "Q" at character 5$/m);
  const recs = lines(r.out);
  expect(recs.map((x) => x.cube_index)).toEqual([1, 2, 5, 6, 7, 8]);
  expect(recs[4]).toEqual({ id: '7:twophase:1', cube_index: 7, cube: 'R U Q', solver: 'twophase', seed: 1, error: 'line 7: unknown move "Q" at character 5', batch: recs[0].batch });
  expect(recs[5]).toMatchObject({ id: '8:twophase:1', cube: "U' F", solution: "F' U", solved: true });
  expect(recs.filter((x) => x.solved).length).toBe(5);
  // the summary, recomputed from the lines (solved runs; sample sd; 95% interval of the mean:
  // Student's t for 4 degrees of freedom, 2.776, times sd / sqrt n)
  const ok = recs.filter((x) => x.solved);
  const L = ok.map((x) => x.length).sort((a, b) => a - b);
  const mean = L.reduce((a, b) => a + b, 0) / L.length;
  const sd = Math.sqrt(L.reduce((a, x) => a + (x - mean) ** 2, 0) / (L.length - 1));
  expect(sd).toBeGreaterThan(0);
  const gens = ok.reduce((a, x) => a + x.generations, 0) / ok.length;
  expect(r.err).toContain(`batch: 6 solves, 5 solved, 0 not solved, 1 with an error; length mean ${mean.toFixed(2)} (95% +-${(2.776 * sd / Math.sqrt(5)).toFixed(2)}) median ${L[2].toFixed(1)} sd ${sd.toFixed(2)}; generations mean ${gens.toFixed(1)}; time mean - ms\n`);
  // a file, facelet lines, a byte that is not UTF-8 named by position
  const f = join(dir, 'cubes.txt');
  writeFileSync(f, Buffer.concat([Buffer.from('UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\nR '), Buffer.from([0xff]), Buffer.from('\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBU\nD\n')]));
  const g = run(['batch', '--solver', 'twophase', '--file', f, '--jobs', '1', '--no-time']);
  expect(g.code).toBe(2);
  expect(g.err).toMatch(/^error: line 2: .*byte 0xFF at character 3/m);
  expect(g.err).toMatch(/^error: line 3: This is read as a facelet string \(54 letters .*\), but U appears 10 times, B 8; each letter appears 9 times\.$/m);
  expect(lines(g.out).map((x) => [x.cube_index, x.solved ?? 'error'])).toEqual([[1, true], [2, 'error'], [3, 'error'], [4, true]]);
  // 54 letters are a facelet string: a bad letter is named as the validator names it
  const x = run(['batch', '--solver', 'twophase', '-', '--no-time'], 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBX\n');
  expect(x.err).toMatch(/^error: line 1: This is read as a facelet string .*, but "X" at character 54 is not a facelet letter \(U R F D L B, or W Y G B R O\)\.$/m);
}, 60000);

test('--sweep runs each value of one param, named in the id and the record, summed up per value', () => {
  const r = run(['batch', '--solver', 'twophase', '--random-state', '2', '--sweep', 'maxLength=21,19', '--jobs', '2', '--no-time']);
  expect(r.code).toBe(0);
  const recs = lines(r.out);
  expect(recs.map((x) => x.id)).toEqual(['1:twophase:maxLength=21:1', '1:twophase:maxLength=19:1', '2:twophase:maxLength=21:1', '2:twophase:maxLength=19:1']);
  expect(recs.map((x) => x.sweep.maxLength)).toEqual([21, 19, 21, 19]);
  expect(recs.every((x) => x.solved && x.length <= x.sweep.maxLength)).toBe(true);
  expect(r.err).toMatch(/^ {2}twophase maxLength=21: 2 solves, 2 solved/m);
  expect(r.err).toMatch(/^ {2}twophase maxLength=19: 2 solves, 2 solved/m);
  expect(run(['batch', '--solver', 'twophase', '--random-state', '1', '--sweep', 'maxLength=20,x']).err).toMatch(/--sweep: "x" is not a number/);
  expect(run(['batch', '--solver', 'twophase', '--random-state', '1', '--sweep', 'maxLength=20', '--param', 'maxLength=21']).err).toMatch(/--sweep maxLength is also given as a --param/);
}, 60000);

test('--islands K: each solve on K island threads, the line is solve --islands K --json plus its id', () => {
  const r = run(['batch', '--solver', 'hugo', '-', '--islands', '2', '--seeds', '3', '--jobs', '1', '--no-time'], 'R U F D L B\n');
  expect(r.code).toBe(0);
  const [rec] = lines(r.out);
  const solo = JSON.parse(run(['solve', '--solver', 'hugo', '--scramble', 'R U F D L B', '--islands', '2', '--seed', '3', '--json']).out);
  delete solo.time_ms;
  const { id, cube_index: index, cube, batch, ...rest } = rec;
  expect([id, index, cube]).toEqual(['1:hugo:3', 1, 'R U F D L B']);
  expect(batch).toMatch(/^[0-9a-f]{16}$/);
  expect(rest).toEqual(solo);
  expect(rest).toMatchObject({ islands: 2, solved: true });
  expect(r.err).toMatch(/on 2 threads \(1 x 2 islands\)/);
  expect(run(['batch', '--solver', 'twophase', '--random-state', '1', '--islands', '2']).err).toMatch(/^error: solver twophase has no island model/);
}, 60000);

test('a progress bar with ETA only on a terminal: none when stderr is piped, unless --progress', () => {
  const args = ['batch', '--solver', 'twophase', '--random-state', '2', '--jobs', '1', '--no-time'];
  const piped = run(args);
  expect(piped.code).toBe(0);
  expect(piped.err).not.toMatch(/ETA|\r/);
  const forced = run([...args, '--progress']);
  expect(forced.err).toMatch(/\r\[#{30}\] 2\/2 100% [\d.]+ solves\/s ETA 0:00 /);
  expect(forced.out).toBe(piped.out);
});

test('--seeds cube: one solve per cube, seeded by its number; --last-record adds the run\'s last progress record', () => {
  const r = run(['batch', '--solver', 'twes', '--random-state', '2', '--seed-from', '11', '--seeds', 'cube', '--last-record', '--jobs', '1', '--no-time']);
  expect(r.code).toBe(0);
  const recs = lines(r.out);
  expect(recs.map((x) => [x.id, x.seed])).toEqual([['1:twes:1', 1], ['2:twes:2', 2]]);
  // the same solve on its own, and its last --progress record (without the moves)
  const solo = run(['solve', '--solver', 'twes', '--scramble', recs[1].cube, '--seed', '2', '--progress']);
  const last = JSON.parse(solo.out.split('\n').filter((l) => l.startsWith('{')).pop());
  delete last.bestMoves;
  expect(recs[1].last_record).toEqual(last);
  expect(recs[1].last_record.restarts).toEqual(expect.any(Number));
  expect(lines(run(['batch', '--solver', 'twes', '--random-state', '1', '--seed-from', '11', '--no-time', '--jobs', '1']).out)[0].last_record).toBeUndefined();
  expect(run(['batch', '--solver', 'hugo', '--random-state', '1', '--last-record', '--islands', '2']).err).toMatch(/--last-record does not go with --islands/);
});

test('bad options are refused before anything runs', () => {
  const cases = [
    [['--seeds', '5..2'], /--seeds: the range "5..2" ends before it starts/],
    [['--seeds', '1,x'], /--seeds: "x" is not a seed or a range/],
    [['--shard', '3/2'], /--shard must be i\/n with 1 <= i <= n/],
    [['--jobs', '0'], /--jobs must be a whole number from 1 to 64/],
    [['--islands', '65'], /--islands must be a whole number from 1 to 64/],
    [['--param', 'maxLength=99'], /maxLength/],
    [['--solver', 'nosuch'], /nosuch/],
    [['--seeds', '1,1'], /seeds: a seed is listed twice/],
  ];
  for (const [extra, msg] of cases) {
    const r = run([...BASE.filter((a, i) => a !== '--seeds' && BASE[i - 1] !== '--seeds'), ...extra]);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toMatch(msg);
  }
  expect(run(['batch', '--solver', 'twophase']).err).toMatch(/exactly one of --random-state N/);
});

test('--sweep takes a named param\'s names (run as their numbers) and names them when refused', () => {
  const r = run(['batch', '--solver', 'greedy', '--random-state', '1', '--sweep', 'oracle=exact,first20', '--jobs', '1', '--no-time']);
  expect(r.code).toBe(0);
  const recs = lines(r.out);
  expect(recs.map((x) => x.sweep.oracle)).toEqual([0, 1]);
  expect(recs.every((x) => x.solved)).toBe(true);
  expect(run(['batch', '--solver', 'greedy', '--random-state', '1', '--sweep', 'oracle=exact,nope']).err).toMatch(/--sweep: "nope" is not a number or one of exact, first20/);
});

test('named values as --param reads them: --sweep by its snake_case key, value names in any case; a preset name in any case', () => {
  const r = run(['batch', '--solver', 'twes', '-', '--param', 'preset=small', '--sweep', 'phase_end=ARCHIVE,Generation', '--no-time', '--jobs', '1'], 'R U\n');
  expect(r.code).toBe(0);
  expect(lines(r.out).map((x) => [x.id, x.sweep])).toEqual([['1:twes:phaseEnd=0:1', { phaseEnd: 0 }], ['1:twes:phaseEnd=1:1', { phaseEnd: 1 }]]);
  // the same param in a --param list and the sweep: refused, whichever form names it
  const twice = run(['batch', '--solver', 'twes', '-', '--param', 'preset=small,phaseEnd=1', '--sweep', 'phase_end=0,1', '--jobs', '1'], 'R U\n');
  expect(twice.code).toBe(2);
  expect(twice.err).toMatch(/^error: --sweep phaseEnd is also given as a --param/);
  // preset=FAST is preset=fast
  const solve = (preset) => run(['solve', '--solver', 'twophase', '--scramble', "R U F D'", '--param', `preset=${preset}`, '--json']).out.replace(/"time_ms":[\d.]+,?/, '');
  expect(solve('FAST')).toBe(solve('fast'));
  expect(JSON.parse(solve('Fast')).solved).toBe(true);
});
