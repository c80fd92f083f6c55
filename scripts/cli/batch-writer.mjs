// batch-writer.mjs - the ordered writer of `evocube batch`: each job's line (jobRecord: id,
// cube_index, cube, sweep, then the solve's record or error) is written in job order whatever
// the threads' timing (a finished job waits until every earlier one is written), so an output
// file is always a prefix of the whole run: --out resumes after it, and shards joined in
// order are the unsharded output byte for byte (with --no-time). Also the progress bar on
// stderr, and the exit code the lines add up to: 0 every solve solved, 1 some solve gave up,
// 2 some input line was bad or a solve failed. A failed write (a full disk) stops the batch:
// no line is written after it (writeFailure says what the file kept). Every line ends with
// `batch`, the digest of the batch's definition (batch-output.mjs's batchDigest).
import { jobRecord } from '../../web/lib/experiments/plan.mjs';
import { formatDuration } from '../../web/lib/format.mjs';
import { slim } from './batch-input.mjs';
import { writeFailure, writeWhole } from './batch-output.mjs';

// A progress bar of n solves on stderr (when tty), redrawn at most every 200 ms unless forced.
export function progressBar(tty, n) {
  const t0 = performance.now();
  let lastDraw = 0;
  return (finished, force = false) => {
    if (!tty) return;
    const now = performance.now();
    if (!force && now - lastDraw < 200) return;
    lastDraw = now;
    const frac = n ? finished / n : 1, width = 30;
    const rate = finished / ((now - t0) / 1000);
    const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '-');
    process.stderr.write(`\r[${bar}] ${finished}/${n} ${(frac * 100).toFixed(0)}% ${rate ? rate.toFixed(1) : '-'} solves/s ETA ${formatDuration(finished ? (n - finished) / rate : NaN)} \x1b[K`);
  };
}

// One line to --out (fd out, `size` bytes long now) or standard output. A line reaches --out
// whole or not at all (batch-output.mjs's writeWhole: a short write continued, a failed one cut
// back), so the lines counted as kept are the lines the file holds. TEST ONLY:
// EVOCUBE_TEST_DISK_FULL_AFTER=N makes the write of --out's line N+1 of this run fail as a
// full disk does, after half of it (tests/js/batch-output.test.mjs).
function lineWriter({ out, size, outPath, tty, resumed }) {
  const fullAfter = process.env.EVOCUBE_TEST_DISK_FULL_AFTER === undefined ? Infinity : Number(process.env.EVOCUBE_TEST_DISK_FULL_AFTER);
  let written = 0, at = size;
  return (line) => {
    if (out === undefined) {
      if (tty && process.stdout.isTTY) process.stderr.write('\r\x1b[K'); // the bar is redrawn under the line
      process.stdout.write(`${line}\n`);
      return;
    }
    try {
      at += writeWhole(out, `${line}\n`, at, written >= fullAfter);
    } catch (e) {
      throw writeFailure(e, outPath, { written, resumed });
    }
    written++;
  };
}

// The writer of the jobs `todo` (job numbers, in order) of a plan: finish(j, reply) takes a
// job's reply ({cube, record} or {error}) in any order and writes every line that is now
// next; `written` counts the lines of this run, `records` the slim records of the whole
// output (the resumed ones first), exitCode what they add up to, stopped() whether a write
// failed.
export function orderedWriter({ plan, todo, out, size = 0, outPath, tty, prevRecords }) {
  const writeLine = lineWriter({ out, size, outPath, tty, resumed: prevRecords.length });
  const draw = progressBar(tty, todo.length);
  const ready = new Map();
  const w = { written: 0, finished: 0, records: [...prevRecords], exitCode: 0, failure: null, draw };
  for (const r of prevRecords) w.exitCode = Math.max(w.exitCode, r.error !== undefined ? 2 : r.solved ? 0 : 1);
  w.flush = () => {
    while (w.written < todo.length && ready.has(todo[w.written])) {
      const r = ready.get(todo[w.written]);
      ready.delete(todo[w.written]);
      writeLine(JSON.stringify(r));
      w.records.push(slim(r));
      w.written++;
    }
  };
  w.stopped = () => w.failure !== null;
  w.finish = (j, reply) => {
    if (w.failure) return;
    const rec = { ...jobRecord(plan.jobAt(j), reply, plan.sweep && plan.sweep.param), batch: plan.digest };
    if (reply.error !== undefined) w.exitCode = 2;
    else if (!rec.solved) w.exitCode = Math.max(w.exitCode, 1);
    ready.set(j, rec);
    w.finished++;
    try {
      w.flush();
    } catch (e) {
      w.failure = e;
      throw e;
    }
    draw(w.finished);
  };
  return w;
}
