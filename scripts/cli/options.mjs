// options.mjs - the command line's words for every verb of scripts/cli/evocube.mjs: the
// usage error (exit 2), options parsing, values given as "-" (standard input, byte for byte),
// and the checks of the numeric options (--islands, --jobs, --shard, --sweep), each with one
// message naming the option, its range and what was given.
import { readSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { parseIslands } from '../../web/lib/params.mjs';

// Bad input on the command line: printed as "error: <message>", exit 2.
export class UsageError extends Error {}

// the most worker threads --jobs may start
export const MAX_JOBS_THREADS = 64;

// Read at most `max` bytes of stdin; a longer input is refused without reading the rest.
// Returns the bytes themselves (not decoded: the core checks every one and names a bad one),
// without one final line break (\n or \r\n).
export function readStdin(max) {
  const buf = Buffer.alloc(max + 1);
  let n = 0;
  for (;;) {
    let got = 0;
    try {
      got = readSync(0, buf, n, buf.length - n, null);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      throw e;
    }
    if (got === 0) break;
    n += got;
    if (n > max) throw new UsageError(`the input on stdin is longer than ${max} characters`);
  }
  if (n > 0 && buf[n - 1] === 0x0a) n -= n > 1 && buf[n - 2] === 0x0d ? 2 : 1;
  return new Uint8Array(buf.buffer, buf.byteOffset, n);
}

// Node decodes the command line as UTF-8 and puts U+FFFD where a byte is not UTF-8, before
// this program sees it: such an argument is refused (the byte is lost, so it is not guessed).
export function checkArgs(args) {
  args.forEach((a, i) => {
    const at = a.indexOf('\uFFFD');
    if (at >= 0) {
      throw new UsageError(`argument ${i + 1} has U+FFFD at character ${[...a.slice(0, at)].length + 1}: a byte that is not UTF-8 (or the replacement character itself); give the text as UTF-8, or through "-" on standard input`);
    }
  });
}

// Standard input is one stream: the first value given as "-" reads all of it, so a second
// "-" would silently read nothing; it is refused, naming both.
let stdinTakenBy = null;
export function value(text, max, what) {
  if (text === '-') {
    if (stdinTakenBy) throw new UsageError(`only one value can come from standard input: the ${stdinTakenBy} is read from "-" already, so the ${what} cannot be; give it on the command line`);
    stdinTakenBy = what;
    return readStdin(max);
  }
  if (text.length > max) throw new UsageError(`the ${what} is longer than ${max} characters (it has ${text.length})`);
  return text;
}

// Parse "--key value" options; flags listed in `flags` take no value; --param and the keys in
// `repeat` repeat (a list).
export function parseOptions(args, known, flags = [], repeat = []) {
  const opts = { param: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) throw new UsageError(`unexpected argument "${a.slice(0, 40)}"`);
    const key = a.slice(2);
    if (flags.includes(key)) { opts[key] = true; continue; }
    if (!known.includes(key)) throw new UsageError(`unknown option "${a.slice(0, 40)}"`);
    if (i + 1 >= args.length) throw new UsageError(`option ${a} needs a value`);
    const v = args[++i];
    if (key === 'param') opts.param.push(v);
    else if (repeat.includes(key)) (opts[key] ??= []).push(v);
    else if (key in opts) throw new UsageError(`option ${a} is given twice`);
    else opts[key] = v;
  }
  return opts;
}

// The solver threads one command may start (--islands x --jobs): THREADS_PER_CORE per core,
// and no more than half the machine's memory allows at THREAD_MEMORY each (a thread holds its
// own wasm core: its heap, the solver's tables and population). More threads than that only
// slow each other down (64 islands on 2 cores: 92 s and 1.25 GB for "R U"), so they are
// refused with this cap named.
export const THREADS_PER_CORE = 4;
export const THREAD_MEMORY = 64 << 20;
export function machine() {
  return { cores: availableParallelism ? availableParallelism() : cpus().length, memory: totalmem() };
}
export function threadCap({ cores, memory } = machine()) {
  const byCores = THREADS_PER_CORE * cores;
  const byMemory = Math.max(1, Math.floor(memory / 2 / THREAD_MEMORY));
  return byCores <= byMemory
    ? { max: byCores, why: `${THREADS_PER_CORE} per core on ${cores} core${cores === 1 ? '' : 's'}` }
    : { max: byMemory, why: `${THREAD_MEMORY >> 20} MB each in half of this machine's ${Math.round(memory / 2 ** 30)} GB` };
}

// --islands K (default 1), at most the thread cap
export function islandsOption(opts, host = machine()) {
  if (opts.islands === undefined) return 1;
  const v = parseIslands(opts.islands, '--islands');
  if (!v.ok) throw new UsageError(v.error);
  const cap = threadCap(host);
  if (v.k > cap.max) throw new UsageError(`--islands ${v.k} would start ${v.k} solver threads, more than the ${cap.max} this machine allows (${cap.why}); give --islands ${cap.max} or fewer`);
  return v.k;
}

// --jobs K (default: the cores, fewer when K x islands would pass the thread cap); K x islands
// threads at most the cap
export function jobsOption(opts, cores, islands = 1, host = { ...machine(), cores }) {
  const cap = threadCap(host);
  if (opts.jobs === undefined) return Math.max(1, Math.min(cores, Math.floor(cap.max / islands)));
  if (!/^\d{1,3}$/.test(opts.jobs) || Number(opts.jobs) < 1 || Number(opts.jobs) > MAX_JOBS_THREADS) {
    throw new UsageError(`--jobs must be a whole number from 1 to ${MAX_JOBS_THREADS} (got "${opts.jobs.slice(0, 20)}")`);
  }
  const jobs = Number(opts.jobs);
  if (jobs * islands > cap.max) {
    throw new UsageError(`--jobs ${jobs}${islands > 1 ? ` x --islands ${islands}` : ''} would start ${jobs * islands} solver threads, more than the ${cap.max} this machine allows (${cap.why}); give --jobs ${Math.max(1, Math.floor(cap.max / islands))} or fewer`);
  }
  return jobs;
}

// --threads N of the optimal search (its search threads on the one shared table): 1 to
// MAX_SEARCH_THREADS; default the machine's cores (at most MAX_SEARCH_THREADS)
export const MAX_SEARCH_THREADS = 64;
export function searchThreadsOption(text, cores = machine().cores) {
  if (text === undefined) return Math.max(1, Math.min(cores, MAX_SEARCH_THREADS));
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > MAX_SEARCH_THREADS) {
    throw new UsageError(`--threads must be a whole number from 1 to ${MAX_SEARCH_THREADS} (got "${String(text).slice(0, 20)}")`);
  }
  return Number(text);
}

// "i/n" with 1 <= i <= n -> {i, n}
export function parseShard(text) {
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(String(text));
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) {
    throw new UsageError(`--shard must be i/n with 1 <= i <= n, e.g. --shard 2/8 (got "${String(text).slice(0, 20)}")`);
  }
  return { i: Number(m[1]), n: Number(m[2]) };
}
