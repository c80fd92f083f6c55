// slurm.test.mjs - `evocube batch` on a real Slurm scheduler, as scripts/cluster/slurm-array.sh
// runs it: a single-node cluster started for the test in a temporary folder
// (scripts/cluster/slurm-local.sh: munged, slurmctld, slurmd, no systemd), a 4-shard array of
// 300 two-phase solves, one task requeued while it runs (it must resume its shard from its
// file), then the dependent `evocube report` job. Checked: the report finds every job once, the
// shard files joined equal a one-machine run of the batch byte for byte (--no-time), and a
// line deleted from a shard file makes the report name that job and exit 1. The daemons it
// started are stopped by their pids and the folder removed.
// Where the machine cannot run Slurm (not Linux, not root, the packages missing: scripts/setup.sh
// --test installs them), the test is skipped with the reason in its name and on stderr.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'scripts/cli/evocube.mjs');
const LOCAL = join(ROOT, 'scripts/cluster/slurm-local.sh');
const ARRAY = join(ROOT, 'scripts/cluster/slurm-array.sh');
// 75 random states x 4 seeds = 300 jobs, 75 a shard
const BATCH = ['--solver', 'twophase', '--random-state', '75', '--seed-from', '5', '--seeds', '1..4', '--no-time', '--jobs', '1'];
const SHARD = 75;

function cannotRun() {
  if (process.platform !== 'linux') return 'Slurm runs on Linux only';
  if (process.getuid() !== 0) return 'not root (slurmd starts jobs as their users; run the tests as root)';
  const missing = ['/usr/sbin/munged', '/usr/sbin/slurmctld', '/usr/sbin/slurmd', '/usr/bin/sbatch'].filter((p) => !existsSync(p));
  return missing.length ? `${missing.join(', ')} not installed (scripts/setup.sh --test installs munge, slurmctld, slurmd and slurm-client)` : null;
}
const reason = cannotRun();
if (reason) process.stderr.write(`slurm.test.mjs: skipped: ${reason}\n`);

const dir = reason ? null : mkdtempSync(join(tmpdir(), 'evocube-slurm-'));
const env = dir && { ...process.env, SLURM_CONF: join(dir, 'cluster', 'slurm.conf') };
const sh = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', env, timeout: 60000, ...opts });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const countLines = (f) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').length - 1 : 0);
// wait until check() is truthy (polled every 50 ms), at most `ms`
async function until(check, ms, what) {
  const t0 = Date.now();
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}
const jobState = (id) => (sh('scontrol', ['-o', 'show', 'job', id]).stdout.match(/JobState=(\S+)/) || [])[1];

beforeAll(() => {
  if (reason) return;
  chmodSync(dir, 0o755); // munged runs as the munge user, in a folder below this one
  mkdirSync(join(dir, 'cluster'));
  const r = sh('bash', [LOCAL, 'start', join(dir, 'cluster')]);
  if (r.status !== 0) throw new Error(`the single-node Slurm did not start: ${r.stderr}`);
});

afterAll(() => {
  if (reason) return;
  const pids = ['slurmd.pid', 'slurmctld.pid', 'munge/munged.pid'].map((f) => join(dir, 'cluster', f)).filter(existsSync).map((f) => Number(readFileSync(f, 'utf8')));
  sh('bash', [LOCAL, 'stop', join(dir, 'cluster')]);
  rmSync(dir, { recursive: true, force: true });
  // nothing left: the daemons it started are gone, and so is their folder
  for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  expect(existsSync(dir)).toBe(false);
});

(reason ? test.skip : test)(`a 4-shard array job with a task requeued mid-way: the report finds every job once, the lines equal one machine's${reason ? ` (skipped: ${reason})` : ''}`, async () => {
  const out = join(dir, 'run');
  // one machine's run of the batch, meanwhile
  const oneMachine = new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI, 'batch', ...BATCH, '--no-progress'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    p.stdout.on('data', (d) => { text += d; });
    p.on('close', (code) => resolve({ code, text }));
  });
  const sub = sh('bash', [ARRAY, '-n', '4', '-o', out, '--', ...BATCH]);
  expect(sub.status).toBe(0);
  const [, array, rep] = sub.stdout.match(/array job (\d+) .*report job (\d+)/);
  // task 1 (shard 2/4) requeued once it has written a line and before it has finished
  const file = join(out, 'shard-2-of-4.jsonl');
  const before = await until(() => { const n = countLines(file); return n > 0 && n; }, 40000, 'shard 2\'s first line');
  expect(sh('scontrol', ['requeue', `${array}_1`]).status).toBe(0);
  expect(before).toBeLessThan(SHARD);
  // a requeued job, once stopped, waits a while (its begin time) before it is eligible again; now
  const pending = () => sh('squeue', ['-h', '-j', `${array}_1`, '-o', '%T %r']).stdout.trim();
  await until(() => pending() === 'PENDING BeginTime', 20000, 'the requeued task to be pending');
  // slurmd revoked the stopped task's credential when it killed it, and a credential made in
  // the same second counts as revoked (the task then fails at once: "Job credential revoked");
  // a real requeue waits minutes, so the task is started again only two seconds later
  await new Promise((r) => setTimeout(r, 2000));
  await until(() => pending() !== 'PENDING BeginTime' || (sh('scontrol', ['update', `jobid=${array}_1`, 'StartTime=now']), false), 20000, 'the requeued task to start again');
  await until(() => ['COMPLETED', 'FAILED', 'CANCELLED'].includes(jobState(rep)) && jobState(rep), 50000, 'the report job');
  const repLog = join(out, `slurm-report-${rep}.log`);
  const logs = () => readdirSync(out).filter((n) => n.endsWith('.log')).sort().map((n) => `--- ${n}\n${readFileSync(join(out, n), 'utf8')}`).join('');
  const lines = () => readdirSync(out).filter((n) => n.endsWith('.jsonl')).sort().map((n) => `${n}: ${countLines(join(out, n))} lines`).join(', ');
  if (jobState(rep) !== 'COMPLETED' || !existsSync(repLog) || readFileSync(repLog, 'utf8') !== '') {
    throw new Error(`the report job ended ${jobState(rep)}; ${lines()}; the jobs' logs:\n${logs()}\nthe array's tasks now: ${sh('squeue', ['-h', '-r', '-j', array, '-t', 'all', '-o', '%i %T %r %S %e']).stdout}\nslurmctld's log, the end:\n${readFileSync(join(dir, 'cluster', 'slurmctld.log'), 'utf8').split('\n').slice(-60).join('\n')}`);
  }

  // the requeued task was stopped and resumed its file
  const log = readFileSync(join(out, `slurm-${array}_1.log`), 'utf8');
  expect(log).toMatch(/DUE TO JOB REQUEUE/);
  const resumed = Number(log.match(/\((\d+) resumed from the output file\)/)[1]);
  expect(resumed).toBeGreaterThanOrEqual(before);
  expect(resumed).toBeLessThan(SHARD);
  // the report job's table, and the report over the files: every job once
  expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/^# 300 of 300 jobs from 4 files\n/);
  const shards = readdirSync(out).filter((n) => n.endsWith('.jsonl')).sort();
  expect(shards).toEqual([1, 2, 3, 4].map((i) => `shard-${i}-of-4.jsonl`));
  const r = sh(process.execPath, [CLI, 'report', out, '--format', 'json']);
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ jobs: 300, records: 300, missing: [], duplicated: [] });
  // the same lines as one machine's run of the same batch
  const one = await oneMachine;
  expect(one.code).toBe(0);
  expect(shards.map((n) => readFileSync(join(out, n), 'utf8')).join('')).toBe(one.text);

  // a lost line: the report names its job, exit 1
  const lost = join(dir, 'lost');
  mkdirSync(lost);
  for (const n of shards) copyFileSync(join(out, n), join(lost, n));
  const text = readFileSync(join(lost, shards[2]), 'utf8').split('\n');
  const gone = JSON.parse(text[40]).id;
  writeFileSync(join(lost, shards[2]), text.filter((_, i) => i !== 40).join('\n'));
  const miss = sh(process.execPath, [CLI, 'report', lost]);
  expect(miss.status).toBe(1);
  expect(miss.stderr).toContain(`1 of 300 jobs missing: ${gone}\n`);
}, 110000);
