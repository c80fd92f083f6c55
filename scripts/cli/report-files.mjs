// report-files.mjs - what `evocube report` reads: its FILE arguments (shard files, glob
// patterns the shell left as they are, or folders: a folder's *.jsonl files) expanded to a list
// of files in a fixed order, and each file's lines parsed as `evocube batch` records. Read only:
// a file is opened for reading, never written, truncated or locked.
//
// Every fault is a UsageError (exit 2) naming the file and, for a line, its number: a path
// that does not exist, a pattern that matches nothing, a folder without *.jsonl files, a line
// that is not JSON or not a batch record, a last line without its line end (a batch still
// writing, or killed mid-line: `evocube batch` with the same --out finishes it). Cost: each
// file read whole once (a million lines: some hundred MB of memory).
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from './options.mjs';

const shown = (path) => `"${path.length > 200 ? `${path.slice(0, 200)}…` : path}"`;

// "*" and "?" of a pattern's last part as a regular expression (the shell's meaning; no "**")
function patternRe(glob) {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}

function listFolder(dir) {
  try {
    return readdirSync(dir).sort();
  } catch (e) {
    throw new UsageError(`cannot read the folder ${shown(dir)}: ${e.code || e.message}`);
  }
}

// One argument as files: a file, a folder's *.jsonl files, or a pattern's matches.
function expandOne(arg) {
  let st = null;
  try { st = statSync(arg); } catch (e) { if (e.code !== 'ENOENT') throw new UsageError(`cannot read ${shown(arg)}: ${e.code || e.message}`); }
  if (st && st.isDirectory()) {
    const files = listFolder(arg).filter((n) => n.endsWith('.jsonl')).map((n) => join(arg, n));
    if (!files.length) throw new UsageError(`the folder ${shown(arg)} has no *.jsonl files (a report reads the shard files \`evocube batch --out\` wrote; give them, or their folder)`);
    return files;
  }
  if (st) return [arg];
  if (/[*?]/.test(basename(arg)) && !/[*?]/.test(dirname(arg))) {
    const re = patternRe(basename(arg));
    const files = listFolder(dirname(arg)).filter((n) => re.test(n)).map((n) => join(dirname(arg), n));
    if (!files.length) throw new UsageError(`no file matches ${shown(arg)}`);
    return files;
  }
  throw new UsageError(`${shown(arg)} does not exist`);
}

// The arguments as a list of files, each once (the same file named twice is read once).
export function expandArgs(args) {
  if (!args.length) throw new UsageError('report needs the shard files of a batch (files, patterns or a folder), e.g. evocube report results/*.jsonl');
  const seen = new Set();
  const out = [];
  for (const a of args) {
    for (const f of expandOne(a)) {
      const real = realpathSync(f);
      if (seen.has(real)) continue;
      seen.add(real);
      out.push(f);
    }
  }
  return out;
}

// Is `r` a line `evocube batch` writes? Its id is "<cube_index>:<solver>:[<key>=<value>:]<seed>".
function recordProblem(r) {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'is not a JSON object';
  if (typeof r.id !== 'string' || typeof r.solver !== 'string' || !Number.isInteger(r.cube_index) || !Number.isInteger(r.seed)) {
    return 'is not an `evocube batch` record (it needs id, cube_index, solver and seed)';
  }
  const sw = r.sweep && typeof r.sweep === 'object' ? Object.entries(r.sweep) : [];
  const id = `${r.cube_index}:${r.solver}:${sw.length ? `${sw[0][0]}=${sw[0][1]}:` : ''}${r.seed}`;
  if (id !== r.id) return `has the id "${r.id.slice(0, 80)}", which its cube_index, solver, sweep and seed do not make ("${id.slice(0, 80)}")`;
  if (r.error === undefined && (typeof r.solved !== 'boolean' || !Number.isFinite(r.length) || !Number.isFinite(r.generations))) {
    return 'is not an `evocube batch` record (a solve needs solved, length and generations)';
  }
  return null;
}

// A shard file's records: [{file, line, record}]. Throws UsageError on the first bad line.
export function readShard(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${shown(path)}: ${e.code || e.message}`);
  }
  const lines = text.split('\n');
  const last = lines.pop(); // '' when the file ends with a line end
  if (last !== '') {
    throw new UsageError(`${path}:${lines.length + 1}: the last line is cut off (${Buffer.byteLength(last)} bytes without a line end): its batch is still writing, or was stopped mid-line; run the same \`evocube batch --out\` command again to finish it`);
  }
  return lines.map((line, i) => {
    let r;
    try { r = JSON.parse(line); } catch { throw new UsageError(`${path}:${i + 1}: not a JSON line${line.trim() === '' ? ' (an empty line)' : ''}; a report reads the JSON lines of \`evocube batch --out\``); }
    const problem = recordProblem(r);
    if (problem) throw new UsageError(`${path}:${i + 1}: the line ${problem}`);
    return { file: path, line: i + 1, record: r };
  });
}
