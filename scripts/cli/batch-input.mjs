// batch-input.mjs - what `evocube batch` reads: the cubes of a file or standard input (one
// scramble or facelet string a line, told apart by web/lib/cube-text.mjs's rule, each checked
// by the core), bounded at MAX_BATCH_INPUT bytes; and the slim record the summary keeps of an
// output line.
import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import { UsageError, readStdin } from './options.mjs';
import { EC, EvocubeError, MAX_ALG_CHARS } from '../../web/lib/core.mjs';
import { cubeOf } from '../../web/lib/cube-text.mjs';

export const MAX_BATCH_INPUT = 16 << 20; // bytes of cubes read from a file or stdin

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }); // a BOM is kept: the rule names it

// A bad line's text as its error record keeps it: at most SHOWN_LINE characters, then a note of
// its whole length (a 10 MB line is not copied into its record).
export const SHOWN_LINE = 200;
export function shownLine(t, bytes) {
  if (t === null || t.length <= SHOWN_LINE) return t;
  return `${t.slice(0, SHOWN_LINE)}… (cut: the line has ${bytes} bytes)`;
}

// The end of the line that starts at `start`: the first \n or \r (a lone \r ends a line, as old
// Mac files and some exports have it; \r\n is one line end). Returns [end, next line's start].
function lineEnd(bytes, start) {
  for (let i = start; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) return [i, i + 1];
    if (bytes[i] === 0x0d) return [i, bytes[i + 1] === 0x0a ? i + 2 : i + 1];
  }
  return [bytes.length, bytes.length + 1];
}

// The cubes of a file or stdin: one scramble or 54-letter facelet string a line (lines end at
// \n, \r\n or \r, so a // comment ends with its line whichever the file uses); blank lines
// and lines starting with # skipped. Each is checked by the core here; a bad one becomes
// {line, error} (its jobs get error lines, the rest runs). Returns [{index, cube, facelets} |
// {index, cube: null, error}].
export function cubesFromBytes(core, bytes) {
  const cubes = [];
  // a UTF-8 byte-order mark opening the file marks its encoding, not a line's text; anywhere
  // else one is text, named by the facelet rule (trim() would drop it silently)
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let line = 1; start <= bytes.length; line++) {
    const [end, next] = lineEnd(bytes, start);
    const raw = bytes.subarray(start, end);
    start = next;
    let text = null;
    try { text = utf8.decode(raw); } catch { /* the core names the bad byte below */ }
    const t = text === null ? null : text.replace(/^[^\S\ufeff]+|[^\S\ufeff]+$/gu, '');
    if (t === '' || (t !== null && t.startsWith('#'))) continue;
    try {
      if (raw.length > MAX_ALG_CHARS) throw new EvocubeError(EC.E_INPUT_SIZE, `the line has ${raw.length} bytes, more than the ${MAX_ALG_CHARS} a scramble may have`);
      // a facelet string or moves, by the rule the page and the other commands use
      cubes.push({ index: line, cube: t, facelets: cubeOf(core, t === null ? raw : t) });
    } catch (e) {
      if (!(e instanceof EvocubeError)) throw e;
      cubes.push({ index: line, cube: shownLine(t, raw.length), error: e.message });
    }
  }
  return cubes;
}

// The first `size` bytes of an open file (fewer if it is shorter).
function readWhole(fd, size) {
  const buf = Buffer.alloc(size);
  let n = 0;
  while (n < size) {
    let got;
    try { got = readSync(fd, buf, n, size - n, null); } catch (e) { if (e.code === 'EAGAIN') continue; throw e; }
    if (!got) break;
    n += got;
  }
  return buf.subarray(0, n);
}

export function readAll(path) {
  if (path === '-') return readStdin(MAX_BATCH_INPUT);
  const name = `"${path.length > 200 ? `${path.slice(0, 200)}…` : path}"`;
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    const why = { ENOENT: 'it does not exist', EACCES: 'permission denied', EPERM: 'permission denied', ENOTDIR: 'a part of the path is not a folder', ENAMETOOLONG: 'the name is too long' }[e.code];
    throw new UsageError(`cannot read the cube file ${name}: ${why ? `${why} (${e.code})` : e.code || e.message}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new UsageError(`the cube file ${name} is a folder; give a file with one cube a line`);
    // a pipe or /dev/stdin has no size: read up to the bound, and one byte more to see it passed
    const buf = readWhole(fd, st.isFile() ? Math.min(st.size, MAX_BATCH_INPUT + 1) : MAX_BATCH_INPUT + 1);
    if (buf.length > MAX_BATCH_INPUT) throw new UsageError(`the cube file has more than the ${MAX_BATCH_INPUT} bytes read; split it (one batch per part, or --shard)`);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  } finally { closeSync(fd); }
}

// What the summary reads of a line (a run of a million lines keeps no phases in memory).
export const slim = (r) => ({ id: r.id, solver: r.solver, sweep: r.sweep, solved: r.solved, length: r.length, generations: r.generations, time_ms: r.time_ms, error: r.error });
