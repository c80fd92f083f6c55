// table-store.mjs - the optimal search's table kept in the browser (no DOM: it runs in the
// optimal worker, web/optimal-worker.mjs): the stored form (ec_optimal_table_export) in the
// origin private file system (OPFS) as optimal-<level>.tbl, read and written through a sync
// access handle in pieces straight between the file and the core's table (no second copy).
//
// Invariants: a stored file is only ever used through the core's streaming import, which
// checks its header and checksum (EvocubeError E_TABLE names a truncated, corrupted or
// other-build file): such a file is deleted and reported, never used. A build is stored
// after it is complete; a tab closed mid-write leaves a short file, which the next load
// refuses by its size. One build or load of a level at a time across the origin's tabs: the
// caller holds the Web Lock tableLock(level) (a second tab waits, then finds the stored table).
// Quota: before writing, navigator.storage.estimate() is asked; too little room is a
// QuotaError (its message says how much is needed and free), as is the browser's own refusal.
// Costs: level 0 reads or writes 73.5 MB in 16 MB pieces.
import { EC, EvocubeError } from '../core.mjs';

const HEADER = 80;
const CHUNK = 1 << 24;

export const fileName = (level) => `optimal-${level}.tbl`;
export const tableLock = (level) => `evocube-optimal-table-${level}`;

export class QuotaError extends Error {
  constructor(message) {
    super(message);
    this.name = 'QuotaError';
  }
}

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;

// The level a device should build: the largest whose table takes at most a quarter of the
// device's memory (navigator.deviceMemory, in GB, capped at 8 by browsers; unknown: 4).
export function levelFor(core, deviceMemoryGb, levels) {
  const budget = (deviceMemoryGb || 4) * 1e9 / 4;
  let best = 0;
  for (let l = 0; l < levels; l++) if (core.tableBytes(l).memory <= budget) best = l;
  return best;
}

async function root(storage) {
  if (!storage || typeof storage.getDirectory !== 'function') throw new QuotaError('this browser cannot store files for the site (no origin private file system)');
  return storage.getDirectory();
}

// Read the stored table of `level` into core. Returns 'loaded', 'missing', or
// {refused: reason} (the file was deleted).
export async function loadStored(core, level, storage) {
  const dir = await root(storage);
  let file;
  try {
    file = await dir.getFileHandle(fileName(level));
  } catch (e) {
    if (e && e.name === 'NotFoundError') return 'missing';
    throw e;
  }
  const h = await file.createSyncAccessHandle();
  let refused = null;
  try {
    const total = h.getSize();
    const buf = new Uint8Array(Math.min(CHUNK, Math.max(total, HEADER)));
    const head = buf.subarray(0, h.read(buf.subarray(0, HEADER), { at: 0 }));
    core.tableImportBegin(head, total);
    for (let at = head.length; at < total;) {
      const n = h.read(buf.subarray(0, Math.min(buf.length, total - at)), { at });
      if (n === 0) break;
      core.tableImportChunk(buf.subarray(0, n));
      at += n;
    }
    core.tableImportEnd();
  } catch (e) {
    if (!(e instanceof EvocubeError) || e.code !== EC.E_TABLE) throw e;
    refused = e.message;
  } finally {
    h.close();
  }
  if (refused === null) return 'loaded';
  await dir.removeEntry(fileName(level));
  return { refused };
}

// Write the held table of `level`; QuotaError when there is no room (nothing is left behind).
export async function store(core, level, storage) {
  const { stored } = core.tableBytes(level);
  if (typeof storage.estimate === 'function') {
    const { quota, usage } = await storage.estimate();
    if (Number.isFinite(quota) && quota - (usage || 0) < stored) {
      throw new QuotaError(`the browser allows this site ${mb(Math.max(0, quota - (usage || 0)))} more storage; the table needs ${mb(stored)}`);
    }
  }
  const dir = await root(storage);
  const file = await dir.getFileHandle(fileName(level), { create: true });
  const h = await file.createSyncAccessHandle();
  try {
    h.truncate(0);
    let at = 0;
    core.tableExport(level, (bytes) => { at += h.write(bytes, { at }); });
    h.flush();
  } catch (e) {
    h.truncate(0);
    h.close();
    await dir.removeEntry(fileName(level)).catch(() => {});
    if (e && (e.name === 'QuotaExceededError' || /quota/i.test(e.message))) throw new QuotaError(`the browser refused to store the table (${mb(stored)}): ${e.message}`);
    throw e;
  }
  h.close();
}

// The levels stored now (for the size list): [{level, bytes}]
export async function storedLevels(storage, levels) {
  const dir = await root(storage);
  const out = [];
  for (let l = 0; l < levels; l++) {
    try {
      const f = await (await dir.getFileHandle(fileName(l))).getFile();
      out.push({ level: l, bytes: f.size });
    } catch { /* not stored */ }
  }
  return out;
}
