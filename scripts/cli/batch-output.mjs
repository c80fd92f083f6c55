// batch-output.mjs - where `evocube batch --out FILE` writes, and what goes wrong there, each
// said in words with exit 2 (UsageError), never as a stack: the path must be a regular file or
// not exist yet, in a folder that exists and can be written; one batch at a time writes it (a
// lock file beside it, FILE.lock, holding the writer's process id, made with O_EXCL and removed
// when the batch ends: a second batch on the same --out is refused while the first runs, and a
// lock left by a process that is gone is taken over with a note); a write that fails (a full
// disk) names what the file kept, which the same command resumes from.
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
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
  }[e && e.code];
  return new UsageError(`cannot ${doing} ${shown(path)}: ${words || (e && (e.code || e.message))}${words && e.code ? ` (${e.code})` : ''}`);
}

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

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM'; // someone else's process: alive
  }
};

// Lock `path` for this process: FILE.lock made with O_EXCL, holding the pid. Returns release().
// A lock whose process is gone (a kill -9, a power cut) is taken over with a note on stderr.
export function lockOut(path) {
  const lock = `${path}.lock`;
  for (let tries = 0; tries < 2; tries++) {
    let fd;
    try {
      fd = openSync(lock, 'wx');
    } catch (e) {
      if (e.code !== 'EEXIST') throw pathProblem(e, lock, 'make the lock file');
      let pid = NaN;
      try { pid = Number(readFileSync(lock, 'utf8').trim()); } catch { /* removed meanwhile: try again */ }
      if (Number.isInteger(pid) && pid > 0 && alive(pid) && pid !== process.pid) {
        throw new UsageError(`another batch (process ${pid}) is writing ${shown(path)}: one batch at a time writes an output file (the lock is ${shown(basename(lock))}); wait for it, or give another --out`);
      }
      process.stderr.write(`batch: took over the lock ${shown(lock)} left by process ${Number.isNaN(pid) ? '(unreadable)' : pid}, which is gone\n`);
      rmSync(lock, { force: true });
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      try {
        if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
      } catch { /* gone already: nothing to release */ }
    };
    process.once('exit', release);
    return release;
  }
  throw new UsageError(`cannot lock ${shown(path)}: its lock file ${shown(lock)} keeps coming back; another batch may be starting on it`);
}

// open --out: 'a' to resume after its finished lines, 'w' for a new file
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
  return new UsageError(`${p.message}; it keeps the ${resumed + written} finished line${resumed + written === 1 ? '' : 's'} before the failed one (${written} from this run${resumed ? `, ${resumed} resumed` : ''}), and the same command resumes from them once the file can be written again`);
}
