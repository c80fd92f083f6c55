// batch-output.test.mjs - the CLI against hostile input and a hostile machine, through the real
// command: where `batch --out` may write (a folder, a missing folder, /dev/null, a read-only
// path, a full disk: each a specific message and exit 2, the full disk naming what was kept),
// one writer per output file (a lock), another shard's file refused, thread caps named
// (--islands, --jobs x --islands), a second "-" refused, duplicate --sweep values refused, a
// 10 MB bad line cut in its error record, CR-only and CRLF line ends, and the exit code of a
// resumed batch whose earlier lines gave up.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadCap } from '../../scripts/cli/options.mjs';

const CLI = fileURLToPath(new URL('../../scripts/cli/evocube.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evocube-batch-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args, input, env = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: 60000, maxBuffer: 1 << 26, env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const lines = (text) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
const BATCH = ['batch', '--solver', 'twophase', '--random-state', '4', '--no-time', '--jobs', '1'];

test('--out naming a folder, a missing folder, /dev/null or a read-only path: a specific message, exit 2, no stack', () => {
  const cases = [
    [dir, /cannot write the output file ".*": it is a folder; give a file in it/],
    [join(dir, 'no-such-folder', 'out.jsonl'), /cannot write the output file ".*out.jsonl": its folder ".*no-such-folder" does not exist/],
    ['/dev/null', /--out "\/dev\/null" is not a regular file \(a device, pipe or socket\)/],
    // read-only for everyone, root included (procfs): refused when opened for writing, or when
    // its lock file cannot be made beside it
    ['/proc/version', /cannot (write the output file|make the lock file) "\/proc\/version(\.lock)?": (permission denied|it is on a read-only file system|it cannot be made there)/],
    [join(dir, 'a-file', 'below'), /a part of the path is not a folder/],
    ['', /--out needs a file name/],
  ];
  // a sysfs file without a write operation: refused even to root when opened for writing
  const sysRO = '/sys/kernel/mm/transparent_hugepage/hpage_pmd_size';
  if (existsSync(sysRO)) cases.push([sysRO, /cannot write the output file ".*hpage_pmd_size": permission denied \(EACCES\)/]);
  writeFileSync(join(dir, 'a-file'), 'x');
  for (const [out, msg] of cases) {
    const r = run([...BATCH, '--out', out]);
    expect(`${out}: ${r.code}`).toBe(`${out}: 2`);
    expect(r.err).toMatch(msg);
    expect(r.err).not.toMatch(/internal failure|\n\s+at /);
  }
});

test('bad batch options each named: no solver, params too long, a malformed --sweep, --random-state 0, --seed-from without it, a cube file over 16 MB', () => {
  const cases = [
    [['--solver', ',', '--random-state', '1'], /^error: batch needs --solver NAME/],
    [['--solver', 'twophase', '--random-state', '1', '--param', `budget=${'1'.repeat(2001)}`], /^error: the params are longer than 2000 characters/],
    [['--solver', 'twophase', '--random-state', '1', '--sweep', 'budget'], /^error: --sweep must be key=v1,v2,\.\.\./],
    [['--solver', 'twophase', '--random-state', '0'], /^error: --random-state must be a whole number of cubes from 1 to 1000000 \(got "0"\)/],
    [['--solver', 'twophase', '--file', '/dev/null', '--seed-from', '3'], /^error: --seed-from goes with --random-state/],
    [['--solver', 'twophase', 'stray'], /^error: unexpected argument "stray"/],
    [['--solver'], /^error: option --solver needs a value/],
    [['--solver', 'twophase', '--random-state', '1', '--jobs', '1', '--jobs', '1'], /^error: option --jobs is given twice/],
  ];
  for (const [args, msg] of cases) {
    const r = run(['batch', ...args]);
    expect(`${args.join(' ').slice(0, 60)}: ${r.code}`).toBe(`${args.join(' ').slice(0, 60)}: 2`);
    expect(r.err).toMatch(msg);
  }
  const big = join(dir, 'big.txt');
  writeFileSync(big, Buffer.alloc((16 << 20) + 1, 0x0a));
  const r = run(['batch', '--solver', 'twophase', '--file', big]);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/^error: the cube file has more than the 16777216 bytes read; split it/);
  rmSync(big);
});

test('--file naming a folder, a missing file or /dev/null: a specific message, exit 2', () => {
  const cases = [
    [dir, /the cube file ".*" is a folder/],
    [join(dir, 'missing.txt'), /cannot read the cube file ".*missing.txt": it does not exist/],
    ['/dev/null', /the cube input has no cubes/],
  ];
  for (const [file, msg] of cases) {
    const r = run(['batch', '--solver', 'twophase', '--file', file, '--jobs', '1']);
    expect(`${file}: ${r.code}`).toBe(`${file}: 2`);
    expect(r.err).toMatch(msg);
    expect(r.err).not.toMatch(/internal failure|\n\s+at /);
  }
});

test('a full disk stops the batch with exit 2, naming the lines kept; the same command resumes from them', () => {
  const f = join(dir, 'full.jsonl');
  const r = run([...BATCH, '--out', f], undefined, { EVOCUBE_TEST_DISK_FULL_AFTER: '2' });
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/error: cannot write to the output file ".*full.jsonl": the disk is full \(ENOSPC\); it keeps the 2 finished lines before the failed one \(2 from this run\), and the same command resumes from them/);
  expect(r.err).not.toMatch(/internal failure|\n\s+at /);
  // the count said is the count kept: two whole lines, the failed one cut back off
  const kept = readFileSync(f, 'utf8');
  expect(kept.endsWith('\n')).toBe(true);
  expect(lines(kept).map((l) => l.id)).toEqual(['1:twophase:1', '2:twophase:1']);
  expect(existsSync(`${f}.lock`)).toBe(false); // the lock is released on the way out
  const again = run([...BATCH, '--out', f]);
  expect(again.code).toBe(0);
  expect(again.err).not.toMatch(/dropped a half-written last line/);
  expect(again.err).toMatch(/2 run now \(2 resumed/);
  expect(lines(readFileSync(f, 'utf8')).map((l) => l.id)).toEqual([1, 2, 3, 4].map((i) => `${i}:twophase:1`));
  expect(readFileSync(f, 'utf8')).toBe(run(BATCH).out);
});

test('two batches on one --out: the second is refused by the lock (exit 2) while the first runs; a stale lock is taken over', async () => {
  const f = join(dir, 'shared.jsonl');
  const long = ['batch', '--solver', 'twophase', '--random-state', '200', '--no-time', '--jobs', '1', '--out', f];
  const first = spawn(process.execPath, [CLI, ...long], { stdio: ['ignore', 'ignore', 'pipe'] });
  let firstErr = '';
  first.stderr.on('data', (d) => { firstErr += d; });
  const firstDone = new Promise((r) => first.on('exit', (code) => r(code)));
  try {
    for (let t = 0; !existsSync(`${f}.lock`) && t < 300; t++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(`${f}.lock`)).toBe(true);
    const second = run(long);
    expect(second.code).toBe(2);
    expect(second.err).toMatch(new RegExp(`error: another batch \\(process ${first.pid}\\) is writing ".*shared.jsonl": one batch at a time writes an output file`));
  } finally {
    first.kill('SIGINT');
  }
  expect(await firstDone).toBe(130);
  expect(firstErr).toMatch(/interrupted/);
  expect(existsSync(`${f}.lock`)).toBe(false);
  // a lock left by a process that is gone (kill -9): taken over with a note
  writeFileSync(join(dir, 'stale2.jsonl.lock'), '999999999\n');
  const s = run(BATCH.concat(['--out', join(dir, 'stale2.jsonl')]));
  expect(s.code).toBe(0);
  expect(s.err).toMatch(/took over the lock ".*stale2.jsonl.lock" left by process 999999999, which is gone/);
});

test('--shard 2/2 --out naming shard 1\'s file is refused, and the file is left as it was', () => {
  const f = join(dir, 'shard1.jsonl');
  expect(run([...BATCH, '--shard', '1/2', '--out', f]).code).toBe(0);
  const before = readFileSync(f, 'utf8');
  const r = run([...BATCH, '--shard', '2/2', '--out', f]);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/the output file ".*shard1.jsonl" holds id 1:twophase:1, which this batch \(these cubes, solvers, seeds and shard\) does not make; give a new --out file/);
  expect(readFileSync(f, 'utf8')).toBe(before);
});

test('--islands and --jobs x --islands are capped by the machine, the cap named; the default --jobs stays under it', () => {
  const cap = threadCap({ cores: availableParallelism(), memory: totalmem() });
  if (cap.max < 64) {
    const r = run(['solve', '--solver', 'hugo', '--scramble', 'R U', '--islands', '64']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^error: --islands 64 would start 64 solver threads, more than the ${cap.max} this machine allows \\(${cap.why.replace(/[()]/g, '\\$&')}\\); give --islands ${cap.max} or fewer`));
  }
  const b = run(['batch', '--solver', 'hugo', '--random-state', '1', '--islands', '2', '--jobs', '64']);
  expect(b.code).toBe(2);
  expect(b.err).toMatch(new RegExp(`^error: --jobs 64 x --islands 2 would start 128 solver threads, more than the ${cap.max} this machine allows .*; give --jobs ${Math.floor(cap.max / 2)} or fewer`));
  // --jobs within the cap on its own, but not times the islands
  if (cap.max <= 64) {
    const j = run(['batch', '--solver', 'macro-ga', '--param', 'generations=1,population=2', '--random-state', '1', '--islands', '2', '--jobs', String(cap.max)]);
    expect(j.code).toBe(2);
    expect(j.err).toMatch(new RegExp(`^error: --jobs ${cap.max} x --islands 2 would start ${2 * cap.max} solver threads`));
  }
  // the rule itself: 4 threads per core, and memory for 64 MB each in half of it
  expect(threadCap({ cores: 2, memory: 24 * 2 ** 30 })).toEqual({ max: 8, why: '4 per core on 2 cores' });
  expect(threadCap({ cores: 64, memory: 2 * 2 ** 30 })).toEqual({ max: 16, why: '64 MB each in half of this machine\'s 2 GB' });
});

test('a second "-" is refused with a message (standard input is read once)', () => {
  const r = run(['verify', '--scramble', '-', '--solution', '-'], "R U\n");
  expect(r.code).toBe(2);
  expect(r.err).toBe('error: only one value can come from standard input: the scramble is read from "-" already, so the solution cannot be; give it on the command line\n');
});

test('duplicate --sweep values are refused', () => {
  const r = run(['batch', '--solver', 'twophase', '--random-state', '1', '--sweep', 'maxLength=21,20,21.0']);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/^error: --sweep gives the value 21 twice/);
});

test('a bad 10 MB line is cut in its error record, with a note of its length', () => {
  const big = 'R '.repeat(5 << 20); // 10 MB of moves: longer than a scramble may be
  const r = run(['batch', '--solver', 'twophase', '-', '--jobs', '1', '--no-time'], `R U\n${big}\n`);
  expect(r.code).toBe(2);
  const [ok, bad] = lines(r.out);
  expect(ok.solved).toBe(true);
  expect(bad.error).toMatch(/^line 2: /);
  expect(bad.cube.length).toBeLessThan(400);
  expect(bad.cube).toMatch(new RegExp(`… \\(cut: the line has ${big.length} bytes\\)$`));
  expect(r.out.length).toBeLessThan(4000);
});

test('CR-only line ends split lines (a // comment ends at its CR); a CRLF line loses its CR', () => {
  const r = run(['batch', '--solver', 'twophase', '-', '--jobs', '1', '--no-time'], "R // x\rU\r\nF\r\n");
  expect(r.code).toBe(0);
  expect(lines(r.out).map((l) => [l.id, l.cube])).toEqual([['1:twophase:1', 'R // x'], ['2:twophase:1', 'U'], ['3:twophase:1', 'F']]);
  // a value on stdin: its CRLF line end is dropped whole
  expect(run(['facelets', '-'], "R U\r\n").out).toBe(`${run(['facelets', 'R U']).out}`);
  expect(run(['verify', '--scramble', 'R U', '--solution', '-'], "U' R'\r\n")).toMatchObject({ code: 0, out: 'solved\n' });
});

test('a resumed batch whose earlier lines gave up exits 1, not 0', () => {
  const f = join(dir, 'gaveup.jsonl');
  // macro-ga with one generation of two: every solve gives up
  const args = ['batch', '--solver', 'macro-ga', '--param', 'generations=1,population=2,resets=0', '--random-state', '2', '--no-time', '--jobs', '1', '--out', f];
  expect(run(args).code).toBe(1);
  const recs = lines(readFileSync(f, 'utf8'));
  expect(recs.map((x) => x.solved)).toEqual([false, false]);
  // every line kept, nothing left to run: the kept lines that gave up decide the code
  const done = run(args);
  expect(done.err).toMatch(/0 run now \(2 resumed from the output file\)/);
  expect(done.code).toBe(1);
  // and with one line kept, the other run again
  writeFileSync(f, `${JSON.stringify(recs[0])}\n`);
  const again = run(args);
  expect(again.err).toMatch(/1 run now \(1 resumed from the output file\)/);
  expect(again.code).toBe(1);
});
