// report.test.mjs - `evocube report` (scripts/cli/report.mjs) through the CLI: the shard files of
// one batch give the same numbers as the Experiments view's code on the same lines; a lost line
// is named (exit 1, --partial reports the rest); bad input (another batch's shard, a cut last
// line, two files claiming one shard, an empty folder, a line that is not JSON) is named by file
// and line with exit 2; a paper's figures stand beside the batch's; no file is written.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, readdirSync, statSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportData } from '../../web/page/experiments/experiments-results.mjs';
import { paperRows } from '../../web/lib/experiments/table.mjs';
import { HUGO_INTEGRITY, HUGO_TABLE7, TABLE7, T7 } from '../../web/lib/experiments/papers.mjs';

const CLI = fileURLToPath(new URL('../../scripts/cli/evocube.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evocube-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60000, maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const lines = (text) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
// 4 random states x 2 solvers x 2 seeds = 16 jobs, in 3 shards (blocks of 5, 5, 6)
const BATCH = ['batch', '--solver', 'twophase,aco', '--random-state', '4', '--seed-from', '7', '--seeds', '1..2', '--no-time', '--jobs', '1', '--no-progress'];
const shards = join(dir, 'shards');
let whole;

beforeAll(() => {
  mkdirSync(shards);
  for (let i = 1; i <= 3; i++) expect(run([...BATCH, '--shard', `${i}/3`, '--out', join(shards, `s${i}.jsonl`)]).code).toBe(0);
  whole = run(BATCH);
  expect(whole.code).toBe(0);
});

// every file under `d` with its bytes and modification time
const snapshot = (d) => Object.fromEntries(readdirSync(d).map((n) => [n, [readFileSync(join(d, n), 'utf8'), statSync(join(d, n)).mtimeMs]]));

test('the shards\' report has the Experiments view\'s numbers for the one-machine run\'s lines; no file is written', () => {
  const before = snapshot(shards);
  const r = run(['report', shards, '--format', 'json']);
  expect(r.code).toBe(0);
  const rep = JSON.parse(r.out);
  expect([rep.jobs, rep.records, rep.missing, rep.duplicated]).toEqual([16, 16, [], []]);
  // the view's JSON export of the same lines, read from the unsharded run
  const view = JSON.parse(exportData('json', { recs: lines(whole.out), definition: { solvers: ['twophase', 'aco'] }, total: 16, base: 'http://x/' }).text).summary;
  expect(rep.groups.map((g) => g.group)).toEqual(['twophase', 'aco', 'all']);
  for (const g of rep.groups) {
    const v = view[g.group];
    expect([g.count, g.solved, g.errors]).toEqual([v.count, v.solved, v.errors]);
    for (const m of ['length', 'generations']) {
      for (const k of ['n', 'mean', 'median', 'q1', 'q3', 'sd', 'ci95', 'min', 'max']) expect(g.measures[m][k]).toBe(v[m][k]);
    }
    if (g.group !== 'all') v.phases.forEach((p, k) => expect(g.measures[`phase${k + 1}`].mean).toBe(p.length.mean));
  }
  expect(rep.groups[0].measures.length.max).toBeLessThanOrEqual(20);
  // markdown and CSV carry the same figures
  const md = run(['report', join(shards, 's*.jsonl')]);
  expect(md.code).toBe(0);
  expect(md.out).toContain(`| aco | 8 | 8 | 0 | length (HTM) | 8 | ${view.aco.length.mean.toFixed(2)} | ${view.aco.length.ci95.toFixed(2)} |`);
  const csv = run(['report', ...readdirSync(shards).map((n) => join(shards, n)), '--format', 'csv']).out.split('\r\n');
  expect(csv[0]).toBe('group,solves,solved,errors,measure,n,mean,ci95,median,q1,q3,min,max,sd');
  expect(csv.find((l) => l.startsWith('all,16,16,0,generations,16,'))).toContain(`,${view.all.generations.mean},`);
  expect(snapshot(shards)).toEqual(before);
});

test('a lost line is named, exit 1; --partial reports the rest; a job held twice is named', () => {
  const lost = join(dir, 'lost');
  mkdirSync(lost);
  for (const n of readdirSync(shards)) copyFileSync(join(shards, n), join(lost, n));
  const text = readFileSync(join(lost, 's2.jsonl'), 'utf8').split('\n');
  const gone = JSON.parse(text[2]).id;
  writeFileSync(join(lost, 's2.jsonl'), text.filter((_, i) => i !== 2).join('\n'));
  const r = run(['report', lost]);
  expect(r.code).toBe(1);
  expect(r.out).toBe('');
  expect(r.err).toContain(`1 of 16 jobs missing: ${gone}\n`);
  const p = run(['report', lost, '--partial', '--format', 'json']);
  expect(p.code).toBe(0);
  expect(JSON.parse(p.out)).toMatchObject({ jobs: 16, records: 15, missing: [gone] });
  // a file that overlaps two shards (a line of each): both jobs named as held twice, exit 1
  const one = (n, i) => readFileSync(join(shards, n), 'utf8').split('\n')[i];
  const over = join(dir, 'overlap.jsonl');
  writeFileSync(over, `${one('s1.jsonl', 4)}\n${one('s2.jsonl', 0)}\n`);
  const d = run(['report', shards, over]);
  expect(d.code).toBe(1);
  expect(d.err).toContain(`job ${JSON.parse(one('s1.jsonl', 4)).id} is held twice: ${join(shards, 's1.jsonl')}:5 and ${over}:1\n`);
  expect(d.err).toContain(`job ${JSON.parse(one('s2.jsonl', 0)).id} is held twice: ${join(shards, 's2.jsonl')}:1 and ${over}:2\n`);
});

test('bad input is named by file and line, exit 2', () => {
  const s = (i) => join(shards, `s${i}.jsonl`);
  const bad = join(dir, 'bad');
  mkdirSync(bad);
  const put = (name, text) => { writeFileSync(join(bad, name), text); return join(bad, name); };
  const second = readFileSync(s(2), 'utf8');
  const cases = [
    [[s(1), put('cut.jsonl', second.slice(0, -40)), s(3)], /cut\.jsonl:5: the last line is cut off/],
    [[s(1), put('text.jsonl', `${second.split('\n')[0]}\nsolved in 20 moves\n`)], /text\.jsonl:2: not a JSON line/],
    [[s(1), put('copy.jsonl', second), s(2), s(3)], /claim the same shard/],
    [[put('odd.jsonl', '{"id":"1:twes:9","cube_index":1,"solver":"twes","seed":1,"solved":true,"length":3,"generations":1}\n')], /odd\.jsonl:1: the line has the id "1:twes:9"/],
    [[mkdirSync(join(bad, 'empty'), { recursive: true }) ?? join(bad, 'empty')], /the folder ".*empty" has no \*\.jsonl files/],
    [[join(bad, 'none-*.jsonl')], /no file matches/],
  ];
  // another batch's shard: the same solvers and seeds over other random states
  const other = run([...BATCH.map((a) => (a === '7' ? '8' : a)), '--shard', '2/3']);
  cases.push([[s(1), put('other.jsonl', other.out), s(3)], /other\.jsonl is not a shard of the batch of .*s1\.jsonl: its lines are batch [0-9a-f]{16} and .*s1\.jsonl's are batch [0-9a-f]{16}: another definition/]);
  // shards of two batches that share no cube (--seed-from 7 and 8, cubes 1-2 and 3-4): told apart by the digest only
  const other3 = run([...BATCH.map((a) => (a === '7' ? '8' : a)), '--shard', '3/3']);
  cases.push([[s(1), put('other3.jsonl', other3.out)], /other3\.jsonl is not a shard of the batch of .*s1\.jsonl: its lines are batch/]);
  // a file whose lines mix two digests
  const mixed = `${readFileSync(s(1), 'utf8')}${other3.out.split('\n')[0]}\n`;
  cases.push([[put('mixed.jsonl', mixed)], /mixed\.jsonl:6: this line's batch digest \([0-9a-f]{16}\) is not the file's/]);
  for (const [args, message] of cases) {
    const r = run(['report', ...args]);
    expect([r.code, r.err]).toEqual([2, expect.stringMatching(message)]);
    expect(r.out).toBe('');
  }
  expect(run(['report', shards, '--format', 'xml']).code).toBe(2);
  expect(run(['report', shards, '--paper', 'hugo-table8']).err).toMatch(/hugo-table7, hugo-integrity/);
});

test('--paper hugo-table7 puts Table 7\'s figures beside the batch\'s, as the view computes them', () => {
  // a Table 7 batch's lines (6 scrambles x 2 seeds; made up here: the report reads lines, it runs nothing)
  const recs = TABLE7.flatMap((t, c) => [1, 2].map((seed) => {
    const p = [t.p[0] + seed, t.p[1], t.p[2] - 1];
    return { id: `${c + 1}:hugo:${seed}`, cube_index: c + 1, cube: t.scramble, solver: 'hugo', seed, solution: '', length: p[0] + p[1] + p[2], solved: true,
      generations: t.gens + seed, evaluations: 1, phases: p.map((length, k) => ({ name: `phase ${k + 1}`, solution: '', length, generations: 1 })) };
  }));
  const file = join(dir, 'table7.jsonl');
  writeFileSync(file, recs.map((r) => `${JSON.stringify(r)}\n`).join(''));
  const r = run(['report', file, '--paper', 'hugo-table7', '--format', 'json']);
  expect(r.code).toBe(0);
  const got = JSON.parse(r.out).paper.figures;
  const want = paperRows(HUGO_TABLE7.figures(), recs);
  expect(got.map((f) => [f.value, f.ours.mean, f.ours.ci95])).toEqual(want.map((w) => [w.figure.value, w.stat.mean, w.stat.ci95]));
  expect(got.map((f) => f.value)).toEqual([T7.turns, ...T7.p, T7.gens]);
  const md = run(['report', file, '--paper', 'hugo-table7']).out;
  expect(md).toContain(`| phase 1 length (HTM) (mean) | ${want[1].stat.mean.toFixed(2)} ± ${want[1].stat.ci95.toFixed(2)} (n = 12) | ${T7.p[0]} |`);
  // an experiment's row: HuGO!'s Table 5 test 2
  const t2 = JSON.parse(run(['report', file, '--paper', 'hugo-integrity:2', '--format', 'json']).out).paper.figures;
  expect(t2.map((f) => f.value)).toEqual([HUGO_INTEGRITY[1].paper[0], HUGO_INTEGRITY[1].paper[4], HUGO_INTEGRITY[1].paper[8]]);
  expect(run(['report', file, '--paper', 'hugo-integrity:9']).err).toMatch(/takes :1 to :4/);
});
