// batch-integrity.test.mjs - a batch output file means one batch, one writer, whole lines,
// through the real command. Each case ends with the same check of the file: readable (every
// line a JSON record ending in a line feed), no id lost, none twice, every line of one batch.
//  - the definition: a resume with other params, another --seed-from, an edited cube file, a
//    sweep or another --no-time is refused by name (exit 2) with the file byte for byte as it
//    was; a file without digests (written before lines carried one) is refused; an id twice
//    is refused; the same command resumes; shards of one batch carry one digest.
//  - short and failed writes (test hooks): every write cut to 7 bytes gives the same file; a
//    disk that fills mid-line leaves the whole lines before it and nothing else.
//  - aliased paths: a batch through a symbolic link while another writes the file is refused
//    by the one lock; a hard-linked file is refused by name.
//  - racing resumes on a stale lock, fresh simultaneous starts (a lock never seen empty), an
//    empty lock taken over, a lock path that is a folder, a full disk while the lock is made.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchDigest } from '../../scripts/cli/batch-output.mjs';

const CLI = fileURLToPath(new URL('../../scripts/cli/evocube.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evocube-batch-int-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args, input, env = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: 120000, maxBuffer: 1 << 26, env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
function start(args, env = {}) {
  const p = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let err = '';
  p.stderr.on('data', (d) => { err += d; });
  return { p, done: new Promise((r) => p.on('exit', (code) => r({ code, err }))) };
}
const BATCH = ['batch', '--solver', 'twophase', '--random-state', '6', '--no-time', '--jobs', '1'];
const IDS = [1, 2, 3, 4, 5, 6].map((i) => `${i}:twophase:1`);
let whole; // the batch's whole output on stdout
beforeAll(() => { whole = run(BATCH).out; });

// readable, no id lost, none twice, one batch: the file is the whole output, byte for byte
function intact(f, ids = IDS, text = whole) {
  const t = readFileSync(f, 'utf8');
  expect(t.endsWith('\n')).toBe(true);
  const recs = t.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  expect(recs.map((r) => r.id)).toEqual(ids);
  expect(new Set(recs.map((r) => r.batch)).size).toBe(1);
  if (text !== undefined) expect(t).toBe(text);
}
const firstLines = (n) => `${whole.split('\n').slice(0, n).join('\n')}\n`;

test('a resume of another definition is refused by name, the file untouched; the same definition resumes', () => {
  const f = join(dir, 'def.jsonl');
  writeFileSync(f, firstLines(2));
  const other = [
    ['--seed-from', '1000'],
    ['--param', 'maxLength=20'],
    ['--last-record'],
  ];
  for (const extra of other) {
    const r = run([...BATCH, ...extra, '--out', f]);
    expect(`${extra.join(' ')}: ${r.code}`).toBe(`${extra.join(' ')}: 2`);
    expect(r.err).toMatch(/^error: the output file ".*def\.jsonl" holds lines of another batch \(line 1 has batch [0-9a-f]{16}, this batch is [0-9a-f]{16}\): its solvers, params, seeds, sweep, cubes \(file text, random states, --seed-from\)/);
    expect(readFileSync(f, 'utf8')).toBe(firstLines(2));
  }
  // without --no-time the lines differ (time_ms): another definition too
  expect(run(['batch', '--solver', 'twophase', '--random-state', '6', '--jobs', '1', '--out', f]).code).toBe(2);
  // the same definition: the 4 missing lines run, the file is the whole output
  const r = run([...BATCH, '--out', f]);
  expect(r.code).toBe(0);
  expect(r.err).toMatch(/4 run now \(2 resumed/);
  intact(f);
});

test('an edited cube file, or another sweep, is another batch; the shards of one batch carry one digest', () => {
  const cubes = join(dir, 'cubes.txt');
  writeFileSync(cubes, "R U\nF2 D'\nB L\n");
  const f = join(dir, 'edited.jsonl');
  const args = ['batch', '--solver', 'twophase', '--file', cubes, '--no-time', '--jobs', '1', '--out', f];
  expect(run([...args, '--shard', '1/3']).code).toBe(0);
  const before = readFileSync(f, 'utf8');
  writeFileSync(cubes, "R U\nF2 D\nB L\n"); // line 2 edited: the old line 1 is no longer this batch's
  const r = run(args);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/holds lines of another batch/);
  expect(readFileSync(f, 'utf8')).toBe(before);
  // a sweep's values are part of the definition
  const s = join(dir, 'sweep.jsonl');
  const sweep = ['batch', '--solver', 'twophase', '-', '--no-time', '--jobs', '1', '--out', s];
  expect(run([...sweep, '--sweep', 'maxLength=25,30', '--shard', '1/2'], 'R U\n').code).toBe(0);
  expect(run([...sweep, '--sweep', 'maxLength=25,29'], 'R U\n').err).toMatch(/holds lines of another batch/);
  // shards of one batch: one digest, the one batchDigest gives for its definition
  const d1 = JSON.parse(run([...BATCH, '--shard', '1/2']).out.split('\n')[0]).batch;
  const d2 = JSON.parse(run([...BATCH, '--shard', '2/2']).out.split('\n')[0]).batch;
  expect(d1).toBe(d2);
  expect(d1).toBe(JSON.parse(whole.split('\n')[0]).batch);
  const cubesOf = (n, from) => Array.from({ length: n }, (_, k) => ({ index: k + 1, stateSeed: from + k }));
  const def = { solvers: ['twophase'], params: '', seeds: [1], sweep: null, islands: 1, noTime: true, lastRecord: false };
  expect(batchDigest({ ...def, cubes: cubesOf(6, 1) })).toBe(d1);
  for (const change of [{ cubes: cubesOf(6, 2) }, { cubes: cubesOf(5, 1) }, { params: 'maxLength=20' }, { seeds: [2] }, { solvers: ['hugo'] },
    { sweep: { param: 'a', values: [1] } }, { islands: 2 }, { noTime: false }, { lastRecord: true }]) {
    expect(batchDigest({ ...def, cubes: cubesOf(6, 1), ...change })).not.toBe(d1);
  }
});

test('a file without digests, or with an id twice, is refused by name and left as it was', () => {
  const f = join(dir, 'old.jsonl');
  const old = whole.split('\n').filter(Boolean).slice(0, 2).map((l) => { const r = JSON.parse(l); delete r.batch; return `${JSON.stringify(r)}\n`; }).join('');
  writeFileSync(f, old);
  const r = run([...BATCH, '--out', f]);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/^error: the output file ".*old\.jsonl" has a line without a batch digest \(line 1, id 1:twophase:1\): it was written before batch lines carried their definition/);
  expect(readFileSync(f, 'utf8')).toBe(old);
  const g = join(dir, 'twice.jsonl');
  const twice = `${firstLines(2)}${whole.split('\n')[1]}\n`;
  writeFileSync(g, twice);
  const t = run([...BATCH, '--out', g]);
  expect(t.code).toBe(2);
  expect(t.err).toMatch(/^error: the output file ".*twice\.jsonl" holds id 2:twophase:1 twice \(lines 2 and 3\)/);
  expect(readFileSync(g, 'utf8')).toBe(twice);
});

test('short writes are continued: every write cut to 7 bytes gives the same file', () => {
  const f = join(dir, 'short.jsonl');
  const r = run([...BATCH, '--out', f], undefined, { EVOCUBE_TEST_SHORT_WRITES: '7' });
  expect(r.code).toBe(0);
  intact(f);
});

test('a disk that fills mid-line keeps the whole lines before it and nothing else; a resume then completes', () => {
  const f = join(dir, 'torn.jsonl');
  for (const after of [0, 3]) {
    rmSync(f, { force: true });
    const r = run([...BATCH, '--out', f], undefined, { EVOCUBE_TEST_DISK_FULL_AFTER: String(after), EVOCUBE_TEST_SHORT_WRITES: '50' });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`the disk is full \\(ENOSPC\\); it keeps the ${after} finished lines? before the failed one`));
    expect(readFileSync(f, 'utf8')).toBe(after ? firstLines(after) : '');
    const again = run([...BATCH, '--out', f]);
    expect(again.code).toBe(0);
    expect(again.err).not.toMatch(/half-written/);
    intact(f);
  }
});

// the first batch is slow enough (200 cubes) to be running while the second starts
async function whileWriting(f, second) {
  const long = ['batch', '--solver', 'twophase', '--random-state', '200', '--no-time', '--jobs', '1', '--out', f];
  const first = start(long);
  try {
    for (let t = 0; !(existsSync(f) && readFileSync(f, 'utf8').includes('\n')) && t < 600; t++) await new Promise((r) => setTimeout(r, 50));
    return second(long);
  } finally {
    first.p.kill('SIGINT');
    expect((await first.done).code).toBe(130);
  }
}

test('aliased paths: a symbolic link shares the lock, a hard link is refused; the file keeps each id once', async () => {
  const f = join(dir, 'real.jsonl'), sym = join(dir, 'sym.jsonl');
  symlinkSync(f, sym);
  const r = await whileWriting(f, (long) => run([...long.slice(0, -1), sym]));
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/^error: another batch \(process \d+\) is writing ".*sym\.jsonl": one batch at a time writes an output file/);
  const t = readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).id);
  expect(t).toEqual(Array.from({ length: t.length }, (_, k) => `${k + 1}:twophase:1`));
  // a second name (hard link) for a file: refused by name, whichever name is given
  const g = join(dir, 'one.jsonl'), hard = join(dir, 'two.jsonl');
  writeFileSync(g, firstLines(2));
  linkSync(g, hard);
  for (const name of [g, hard]) {
    const h = run([...BATCH, '--out', name]);
    expect(h.code).toBe(2);
    expect(h.err).toMatch(/^error: the output file ".*(one|two)\.jsonl" has 2 names \(hard links\)/);
  }
  expect(readFileSync(g, 'utf8')).toBe(firstLines(2));
}, 120000);

test('racing resumes on a stale lock: one runs, the others are refused or find it done; no id lost or twice', async () => {
  const f = join(dir, 'race.jsonl');
  writeFileSync(f, firstLines(1));
  writeFileSync(`${f}.lock`, '999999999\n');
  const racers = Array.from({ length: 4 }, () => start([...BATCH, '--out', f]));
  const ends = await Promise.all(racers.map((x) => x.done));
  const took = ends.filter((e) => /took over the lock/.test(e.err));
  expect(took.length).toBe(1);
  for (const e of ends) {
    if (e.code === 0) continue;
    expect(e.code).toBe(2);
    expect(e.err).toMatch(/^error: another batch \(process \d+\) is writing/);
  }
  intact(f);
  expect(existsSync(`${f}.lock`)).toBe(false);
}, 120000);

test('fresh simultaneous starts: a lock is never seen empty (no takeover), one batch writes; no id lost or twice', async () => {
  for (let round = 0; round < 3; round++) {
    const f = join(dir, `fresh${round}.jsonl`);
    const ends = await Promise.all(Array.from({ length: 4 }, () => start([...BATCH, '--out', f]).done));
    for (const e of ends) expect(e.err).not.toMatch(/took over/);
    expect(ends.filter((e) => e.code === 0).length).toBeGreaterThanOrEqual(1);
    intact(f);
  }
}, 180000);

test('an empty lock is taken over; a lock path that is a folder, an unfinished takeover, or a full disk while the lock is made: a specific message, exit 2', () => {
  const f = join(dir, 'empty.jsonl');
  writeFileSync(`${f}.lock`, '');
  const r = run([...BATCH, '--out', f]);
  expect(r.code).toBe(0);
  expect(r.err).toMatch(/took over the lock ".*empty\.jsonl\.lock" left by process \(unreadable\), which is gone/);
  intact(f);
  const g = join(dir, 'folder.jsonl');
  mkdirSync(`${g}.lock`);
  const d = run([...BATCH, '--out', g]);
  expect(d.code).toBe(2);
  expect(d.err).toMatch(/^error: cannot lock the output file ".*folder\.jsonl": its lock path ".*folder\.jsonl\.lock" is a folder, not a lock file; remove it, or give another --out\n/);
  expect(d.err).not.toMatch(/took over|internal failure|\n\s+at /);
  // a takeover left unfinished by a dead process: named, with what to do; nothing removed
  const u = join(dir, 'unfinished.jsonl');
  writeFileSync(`${u}.lock`, '999999999\n');
  writeFileSync(`${u}.lock.takeover`, '999999998\n');
  const t = run([...BATCH, '--out', u]);
  expect(t.code).toBe(2);
  expect(t.err).toMatch(/^error: cannot lock the output file ".*unfinished\.jsonl": a takeover of its lock was left unfinished by process 999999998, which is gone \(".*unfinished\.jsonl\.lock\.takeover"\); if no batch is writing the file, remove that file and run again\n/);
  expect(readFileSync(`${u}.lock`, 'utf8')).toBe('999999999\n');
  const h = join(dir, 'nospace.jsonl');
  const n = run([...BATCH, '--out', h], undefined, { EVOCUBE_TEST_LOCK_DISK_FULL: '1' });
  expect(n.code).toBe(2);
  expect(n.err).toMatch(/^error: cannot make the lock file ".*nospace\.jsonl\.lock": the disk is full \(ENOSPC\)\n/);
  expect(n.err).not.toMatch(/took over|internal failure|\n\s+at /);
  expect(existsSync(`${h}.lock`)).toBe(false);
});
