// batch-output.mjs - the output file of `evocube batch --out FILE`: where it may be written,
// who writes it, what a line of it belongs to, and how a line reaches it. Each problem is
// said in words with exit 2 (UsageError), never as a stack.
//  - The path: a regular file or none yet, in a folder that exists and can be written (a
//    folder, a device, a pipe, a read-only path refused by name); made (empty) before it is
//    locked, so every name of it leads to one file.
//  - One writer: the lock is FILE.lock beside the file's real path (symbolic links resolved,
//    so every symlinked name shares it); a file with more than one hard link is refused (a
//    lock beside one of its names would not cover the others). The lock holds the writer's
//    process id from its first instant: it is written to a temporary file, then linked into
//    place (link(2) fails if a lock exists), never visible empty. A lock whose process is gone
//    is taken over under a second lock (FILE.lock.takeover, made the same way): its holder
//    checks that the lock is still the dead one (the same inode) before removing it and links
//    its own, so of racing resumes exactly one goes on. A lock path that is a folder or
//    cannot be written (a full disk) is named.
//  - What a line belongs to: every line carries `batch`, the digest of the batch's definition
//    (batchDigest: solvers, params, seeds, sweep, the cubes, islands, the line's options); a
//    resume reads the file's lines (readOutput) and refuses a file holding another digest,
//    lines without one, an id twice or a line that is not a record.
//  - A line reaches the file whole or not at all (writeWhole): a short write is continued;
//    a failed one is cut back to the last whole line, so the count of lines said is the
//    count kept.
// Costs: one SHA-256 pass over the definition (the cubes' texts or seeds) per batch, about
// 0.7 s for a million random states (measured on the loaded 2-core machine); a resume reads
// the whole output file once.
import { createHash } from 'node:crypto';
import {
  closeSync, existsSync, fstatSync, ftruncateSync, linkSync, lstatSync, openSync, readFileSync, readSync, realpathSync, statSync, unlinkSync, writeSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';
import { UsageError } from './options.mjs';

const shown = (path) => `"${path.length > 200 ? `${path.slice(0, 200)}…` : path}"`;

// An fs error on `path` as the user's words.
export function pathProblem(e, path, doing) {
  const words = {
    ENOENT: existsSync(dirname(path)) ? 'it cannot be made there' : `its folder ${shown(dirname(path))} does not exist`,
    ENOTDIR: `a part of the path is not a folder`,
    EISDIR: 'it is a folder; give a file in it, e.g. ' + shown(`${path.replace(/\/+$/, '')}/results.jsonl`),
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'it is on a read-only file system',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    ENAMETOOLONG: 'the name is too long',
    ELOOP: 'it is a loop of symbolic links',
    EMLINK: 'the folder has too many links',
  }[e && e.code];
  return new UsageError(`cannot ${doing} ${shown(path)}: ${words || (e && (e.code || e.message))}${words && e.code ? ` (${e.code})` : ''}`);
}

// ---------------------------------------------------------------- the batch's definition

// The digest every line of a batch carries (`batch`): 16 hex digits of SHA-256 over the
// definition that decides the lines, in a fixed order: solvers, params, seeds ('cube' or the
// list), sweep (param and values), islands, the line options (no-time, last-record), then
// every cube: a random state's index and seed (--random-state N --seed-from S), or an input
// line's number and text (its error for a bad line). The shard is left out: the shards of one
// batch carry one digest (by which files are checked to belong to one batch). Two
// definitions that differ in any of these give different digests.
export function batchDigest({ solvers, params, seeds, sweep, islands, noTime, lastRecord, cubes }) {
  const h = createHash('sha256');
  h.update(JSON.stringify({
    v: 1, solvers, params, seeds, sweep: sweep ? { param: sweep.param, values: sweep.values } : null, islands, noTime: !!noTime, lastRecord: !!lastRecord,
  }));
  let text = '';
  for (const c of cubes) {
    text += `\n${c.stateSeed !== undefined ? `[${c.index},${c.stateSeed}]` : JSON.stringify([c.index, c.cube ?? null, c.error ?? null])}`;
    if (text.length > 65536) h.update(text), text = '';
  }
  h.update(text);
  return h.digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------- the path

// --out's path before anything is read or written: null when it does not exist yet, else its
// stat (a regular file, to be resumed); a folder, a device (/dev/null), a pipe or a socket is
// refused by name.
export function checkOut(path) {
  if (path === '' || path === '-') throw new UsageError('--out needs a file name (without --out the lines go to standard output)');
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    if (e.code !== 'ENOENT') throw pathProblem(e, path, 'use the output file');
    // a missing folder (a folder that is a file gives ENOTDIR above)
    if (!existsSync(dirname(path))) throw pathProblem(e, path, 'write the output file');
    return null;
  }
  if (st.isDirectory()) throw pathProblem({ code: 'EISDIR' }, path, 'write the output file');
  if (!st.isFile()) {
    throw new UsageError(`--out ${shown(path)} is not a regular file (a device, pipe or socket): the output file is resumed from and locked; to discard the lines, leave out --out and send standard output where you like`);
  }
  try {
    closeSync(openSync(path, 'r+')); // writable? (a read-only file or file system says so here)
  } catch (e) {
    throw pathProblem(e, path, 'write the output file');
  }
  return st;
}

// ---------------------------------------------------------------- writing whole

// TEST ONLY hooks (tests/js/batch-output.test.mjs, batch-integrity.test.mjs); no option
// reaches them: EVOCUBE_TEST_SHORT_WRITES=K makes every write to --out or a lock write at
// most K bytes (a short write, as a nearly full disk or a signal gives); with
// EVOCUBE_TEST_DISK_FULL_AFTER=N the write of --out's line N+1 of this run writes half the
// line and then fails as a full disk does; EVOCUBE_TEST_LOCK_DISK_FULL=1 makes the lock's
// write fail so.
const testEnv = (name) => (process.env[name] === undefined ? undefined : Number(process.env[name]));

// Writes all of `text` to fd at the file's end, continuing after short writes. On a failure it
// cuts the file back to `start` (the byte length before this text) and throws the failure,
// with `cut: false` on it when even the cut failed (part of the text is left at the end).
// `tornAfter`: TEST ONLY, fail with ENOSPC after half the text.
export function writeWhole(fd, text, start, tornAfter = false) {
  const buf = Buffer.from(text, 'utf8');
  const most = testEnv('EVOCUBE_TEST_SHORT_WRITES');
  let off = 0;
  try {
    while (off < buf.length) {
      if (tornAfter && off >= buf.length >> 1) throw Object.assign(new Error('no space left on device (simulated)'), { code: 'ENOSPC' });
      let len = buf.length - off;
      if (most > 0) len = Math.min(len, most);
      if (tornAfter) len = Math.min(len, (buf.length >> 1) - off);
      const n = writeSync(fd, buf, off, len);
      if (!(n > 0)) throw Object.assign(new Error('the write wrote nothing'), { code: 'EIO' });
      off += n;
    }
  } catch (e) {
    if (off > 0) {
      try { ftruncateSync(fd, start); } catch { e.cut = false; }
    }
    throw e;
  }
  return buf.length;
}

// ---------------------------------------------------------------- the lock

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM'; // someone else's process: alive
  }
};

// the lock file's state: null when it is gone, else {pid (NaN: unreadable), ino}; a folder or
// another non-file in its place is refused by name
function readLock(lock, path) {
  let st, text;
  try {
    st = lstatSync(lock);
    if (st.isFile()) text = readFileSync(lock, 'utf8');
  } catch (e) {
    if (e.code === 'ENOENT') return null;
    throw pathProblem(e, lock, 'read the lock file');
  }
  if (!st.isFile()) {
    throw new UsageError(`cannot lock the output file ${shown(path)}: its lock path ${shown(lock)} is ${st.isDirectory() ? 'a folder' : 'not a regular file'}, not a lock file; remove it, or give another --out`);
  }
  const first = text.split('\n')[0].trim();
  return { pid: /^\d{1,10}$/.test(first) ? Number(first) : NaN, ino: st.ino };
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// `target` made as a hard link to the file tmp (which holds this pid): true, or false when a
// file is there already (link(2) never replaces, so this is the atomic test-and-set)
function linkInto(tmp, target) {
  try {
    linkSync(tmp, target);
    return true;
  } catch (e) {
    if (e.code === 'EEXIST') return false;
    throw pathProblem(e, target, 'make the lock file');
  }
}

// --out made if missing (empty; never truncated), its real path (symbolic links resolved),
// and refused when it has other hard links.
function realOut(path) {
  try {
    closeSync(openSync(path, 'a'));
  } catch (e) {
    throw pathProblem(e, path, 'write the output file');
  }
  const real = realpathSync(path);
  const st = statSync(real);
  if (st.nlink > 1) {
    throw new UsageError(`the output file ${shown(path)} has ${st.nlink} names (hard links): one batch writes a file through one lock beside one name, so a file with other names cannot be locked; give a file with one name (copy it, or give a new --out)`);
  }
  return real;
}

// Lock `path` for this process (making the file if missing): FILE.lock beside its real path,
// holding the pid. Returns {release, real}. A lock whose process is gone (a kill -9, a power
// cut) is taken over with a note on stderr; a live one refuses this batch.
export function lockOut(path) {
  const real = realOut(path);
  const lock = `${real}.lock`, guard = `${lock}.takeover`;
  const tmp = `${lock}.${process.pid}.tmp`;
  let fd;
  try {
    fd = openSync(tmp, 'w');
    writeWhole(fd, `${process.pid}\n`, 0, testEnv('EVOCUBE_TEST_LOCK_DISK_FULL') === 1);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    try { unlinkSync(tmp); } catch { /* not made */ }
    throw pathProblem(e, lock, 'make the lock file');
  }
  closeSync(fd);
  try {
    const ino = acquire(path, lock, guard, tmp);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      try {
        if (lstatSync(lock).ino === ino) unlinkSync(lock); // only a dead process's lock is ever removed by another
      } catch { /* gone already: nothing to release */ }
    };
    process.once('exit', release);
    return { release, real };
  } finally {
    try { unlinkSync(tmp); } catch { /* linked or not, the temporary name goes */ }
  }
}

// the lock linked into place; returns its inode
function acquire(path, lock, guard, tmp) {
  for (let tries = 0; tries < 400; tries++) {
    if (linkInto(tmp, lock)) return lstatSync(lock).ino;
    const held = readLock(lock, path);
    if (held === null) continue; // released meanwhile: try again
    if (Number.isInteger(held.pid) && held.pid > 0 && held.pid !== process.pid && alive(held.pid)) {
      throw new UsageError(`another batch (process ${held.pid}) is writing ${shown(path)}: one batch at a time writes an output file (the lock is ${shown(basename(lock))}); wait for it, or give another --out`);
    }
    // a dead process's lock: taken over under the guard, so only one resume removes it
    if (!linkInto(tmp, guard)) {
      const g = readLock(guard, path);
      if (g !== null && !(Number.isInteger(g.pid) && g.pid > 0 && alive(g.pid))) {
        throw new UsageError(`cannot lock the output file ${shown(path)}: a takeover of its lock was left unfinished by process ${Number.isNaN(g.pid) ? '(unreadable)' : g.pid}, which is gone (${shown(guard)}); if no batch is writing the file, remove that file and run again`);
      }
      sleep(5); // another resume is taking the lock over: see what it made
      continue;
    }
    try {
      let now = null;
      try { now = lstatSync(lock); } catch (e) { if (e.code !== 'ENOENT') throw pathProblem(e, lock, 'read the lock file'); }
      if (now !== null && now.ino !== held.ino) continue; // replaced meanwhile: look again
      if (now !== null) unlinkSync(lock);
      if (!linkInto(tmp, lock)) continue; // a fresh start got in first: look again
      process.stderr.write(`batch: took over the lock ${shown(lock)} left by process ${Number.isNaN(held.pid) ? '(unreadable)' : held.pid}, which is gone\n`);
      return lstatSync(lock).ino;
    } finally {
      try { unlinkSync(guard); } catch { /* ours; gone only if removed by hand */ }
    }
  }
  throw new UsageError(`cannot lock ${shown(path)}: its lock file ${shown(lock)} keeps changing; another batch may be starting on it`);
}

// ---------------------------------------------------------------- reading it back

const readBytes = (path) => {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size, buf = Buffer.alloc(size);
    let n = 0;
    while (n < size) {
      const got = readSync(fd, buf, n, size - n, null);
      if (!got) break;
      n += got;
    }
    return buf.subarray(0, n);
  } finally { closeSync(fd); }
};

// An existing output file, to be resumed by the batch of digest `digest`: {keep: its byte
// length up to the last complete line (a half-written last line, from a kill, is cut off and
// redone), cut: the bytes after it, records: its complete lines, each parsed}. Refused (exit 2,
// the file untouched): a line that is not a record, a line without a digest (a file written
// before lines carried one: whether its lines are this batch's cannot be told), a line of
// another batch, an id twice.
export function readOutput(path, digest) {
  const buf = readBytes(path);
  const keep = buf.lastIndexOf(0x0a, buf.length - 1) + 1;
  const name = shown(path);
  const records = [];
  const ids = new Map();
  let lineNo = 0;
  for (const line of buf.subarray(0, keep).toString('utf8').split('\n')) {
    lineNo++;
    if (line === '') continue;
    let r;
    try { r = JSON.parse(line); } catch { r = null; }
    if (!r || typeof r !== 'object' || typeof r.id !== 'string') {
      throw new UsageError(`the output file ${name} has a line that is not a batch record (line ${lineNo}); give a new --out file`);
    }
    if (typeof r.batch !== 'string') {
      throw new UsageError(`the output file ${name} has a line without a batch digest (line ${lineNo}, id ${r.id.slice(0, 80)}): it was written before batch lines carried their definition, so whether it belongs to this batch cannot be told; give a new --out file`);
    }
    if (r.batch !== digest) {
      throw new UsageError(`the output file ${name} holds lines of another batch (line ${lineNo} has batch ${r.batch.slice(0, 40)}, this batch is ${digest}): its solvers, params, seeds, sweep, cubes (file text, random states, --seed-from), --islands, --no-time or --last-record differ; give a new --out file, or the first batch's options to resume it`);
    }
    if (ids.has(r.id)) {
      throw new UsageError(`the output file ${name} holds id ${r.id.slice(0, 80)} twice (lines ${ids.get(r.id)} and ${lineNo}): two writers may have written it; give a new --out file`);
    }
    ids.set(r.id, lineNo);
    records.push(r);
  }
  return { keep, cut: buf.length - keep, records };
}

// open --out to append after its finished lines
export function openOut(path, flags) {
  try {
    return openSync(path, flags);
  } catch (e) {
    throw pathProblem(e, path, 'write the output file');
  }
}

// A write to --out failed (ENOSPC: the disk is full): what the file kept, and how to go on.
export function writeFailure(e, path, { written, resumed }) {
  const p = pathProblem(e, path, 'write to the output file');
  const kept = resumed + written;
  const torn = e && e.cut === false ? '; part of the failed line is left after them (a resume drops it)' : '';
  return new UsageError(`${p.message}; it keeps the ${kept} finished line${kept === 1 ? '' : 's'} before the failed one (${written} from this run${resumed ? `, ${resumed} resumed` : ''})${torn}, and the same command resumes from them once the file can be written again`);
}
