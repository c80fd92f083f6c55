// optimal-table.mjs - the optimal search's table for the Node CLI: held once in the optimal
// module's core (web/gen/optimal.*, loaded by the CLI when a solver it is asked for lives
// only there), read from the user's cache folder or built and written there.
//
// Cache: $XDG_CACHE_HOME/evocube/optimal-<level>.tbl, else $HOME/.cache/evocube/... : the
// same file, in the same stored form (ec_optimal_table_export), as the native tool's
// (c/tools/optimal_tool.h), so either one's build serves both. The file is read in pieces
// straight into the table (the core's streaming import: no second copy in memory) and the
// core checks header and checksum; a refused file (truncated, corrupted, another build) is
// reported on stderr with the core's reason, never used, rebuilt and rewritten. A new file is
// written to a temporary name in the same folder and renamed, so a reader never sees half a
// file (two processes building at once each rename a whole file). A write failure is a
// warning: the table is still held.
// Costs: level 0 reads 73.5 MB (about a second) or builds (~15 s on two threads natively; the
// largest, 1.1 GB, about 5 minutes: docs/BENCHMARKS.md, optimal).
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { EC, EvocubeError } from '../../web/lib/core.mjs';

const HEADER = 80;
const CHUNK = 1 << 24;

// the cache file of a level, or null when neither XDG_CACHE_HOME nor HOME is set
export function cachePath(level, env = process.env) {
  const base = env.XDG_CACHE_HOME || (env.HOME ? join(env.HOME, '.cache') : null);
  return base ? join(base, 'evocube', `optimal-${level}.tbl`) : null;
}

// Read a stored table from `path` into core: true when held; false when there is no file;
// throws EvocubeError E_TABLE (the core's reason) when the file is refused.
export function importFile(core, path) {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    if (e.code === 'ENOENT') return false;
    throw new EvocubeError(EC.E_TABLE, `the table file ${path} cannot be read (${e.code || e.message})`);
  }
  try {
    const total = statSync(path).size;
    const buf = Buffer.alloc(Math.min(CHUNK, Math.max(total, HEADER)));
    const header = buf.subarray(0, readSync(fd, buf, 0, HEADER, 0));
    core.tableImportBegin(header, total);
    for (let at = header.length; at < total;) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, total - at), at);
      if (n === 0) break; // shorter than its size said: the end's check names it
      core.tableImportChunk(buf.subarray(0, n));
      at += n;
    }
    core.tableImportEnd();
    return true;
  } finally {
    closeSync(fd);
  }
}

// Write the held table of `level` to path (temporary name, then rename).
export function exportFile(core, level, path) {
  mkdirSync(join(path, '..'), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    core.tableExport(level, (bytes) => { writeSync(fd, bytes); });
    closeSync(fd);
    renameSync(tmp, path);
  } catch (e) {
    try { closeSync(fd); } catch { /* closed already */ }
    rmSync(tmp, { force: true });
    throw e;
  }
}

// Build the table of `level` in core on `threads` threads (the module's: loadOptimalCoreNode's
// count); progress(share) after each slice.
export function buildTable(core, level, progress = null, threads = 1) {
  core.tableBegin(level);
  while (!core.tableBuildStep(2000 * threads, threads)) if (progress) progress(core.tableProgress().share);
}

// Make the table of `level` held in core: from the cache, else built and cached. note(text)
// gets what a person should know (a refused file, a build, a failed write). Returns
// {path, built}. build(core, level, progress, threads): how a missing table is made
// (buildTable).
export function ensureTable(core, level, { note = (t) => process.stderr.write(`${t}\n`), progress = null, env = process.env, build = buildTable, threads = 1 } = {}) {
  const held = core.tableProgress();
  if (held.level === level && held.share >= 1) return { path: null, built: false };
  const path = cachePath(level, env);
  if (path) {
    try {
      if (importFile(core, path)) return { path, built: false };
    } catch (e) {
      if (!(e instanceof EvocubeError) || e.code !== EC.E_TABLE) throw e;
      note(`warning: the cached table ${path} was refused (${e.message}); building it again`);
    }
  }
  const { memory } = core.tableBytes(level);
  note(`building the optimal search's table (level ${level}, ${(memory / 1e6).toFixed(1)} MB, ${threads} thread${threads > 1 ? 's' : ''}; seconds for the smallest levels, minutes for the largest)${path ? `; it is then kept in ${path}` : ''}`);
  build(core, level, progress, threads);
  if (path) {
    try {
      exportFile(core, level, path);
    } catch (e) {
      note(`warning: the table could not be written to ${path} (${e.message}); it is used all the same`);
    }
  }
  return { path, built: true };
}
