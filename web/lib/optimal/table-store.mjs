// table-store.mjs - the optimal search's table kept in the browser (no DOM: it runs in the
// optimal worker, web/optimal-worker.mjs), where web/lib/optimal/stored.mjs says (its layout):
// the stored form (ec_optimal_table_export) as the file optimal-<level>.tbl of the origin
// private file system (OPFS), read and written through a sync access handle in pieces straight
// between the file and the core's table (no second copy); where the browser has no OPFS (e.g.
// WebKitGTK, whose Storage API is off), in IndexedDB in pieces of 16 MB, the table's record
// written after its last piece.
//
// Invariants: a stored table is only ever used through the core's streaming import, which
// checks its header and checksum (EvocubeError E_TABLE names a truncated, corrupted or
// other-build file): such a table is deleted and reported, never used. A build is stored
// after it is complete; a tab closed mid-write leaves a short file (refused by its size on
// the next load) or pieces without a record (not listed, overwritten by the next store). One
// build or load of a level at a time across the origin's tabs: the caller holds the Web Lock
// tableLock(level) (a second tab waits, then finds the stored table).
// Quota: before writing, navigator.storage.estimate() is asked where there is one; too little
// room is a QuotaError (its message says how much is needed and free), as is the browser's
// own refusal, and a browser that keeps no files.
// `places`: {storage (navigator.storage or undefined), indexedDB (or undefined)}, this
// context's by default.
// Costs: level 0 reads or writes 73.5 MB in 16 MB pieces (IndexedDB: one copy of a piece more).
import { EC, EvocubeError } from '../core.mjs';
import { PIECE, done, fileName, openDb, storageLimits } from './stored.mjs';

const HEADER = 80;
const CHUNK = PIECE;

export { fileName };
export const tableLock = (level) => `evocube-optimal-table-${level}`;

export class QuotaError extends Error {
  constructor(message) {
    super(message);
    this.name = 'QuotaError';
  }
}

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;

// The level a device should build: the one with the largest table that takes at most a
// quarter of the device's memory (navigator.deviceMemory, in GB, capped at 8 by browsers;
// unknown: 4). Levels are not in order of size (c/search/optimal.h: a larger table prunes
// more), so the sizes decide; the smallest when none fits.
export function levelFor(core, deviceMemoryGb, levels) {
  const budget = (deviceMemoryGb || 4) * 1e9 / 4;
  const mem = Array.from({ length: levels }, (_, l) => core.tableBytes(l).memory);
  let best = -1;
  let smallest = 0;
  for (let l = 0; l < levels; l++) {
    if (mem[l] <= budget && (best < 0 || mem[l] > mem[best])) best = l;
    if (mem[l] < mem[smallest]) smallest = l;
  }
  return best < 0 ? smallest : best;
}

const here = () => ({ storage: globalThis.navigator && globalThis.navigator.storage, indexedDB: globalThis.indexedDB });
const hasOpfs = (places) => !!(places.storage && typeof places.storage.getDirectory === 'function');

// the backend of `places`: OPFS, else IndexedDB, else a QuotaError saying nothing is kept
function backend(places) {
  if (hasOpfs(places)) return OPFS;
  if (places.indexedDB) return IDB;
  throw new QuotaError(storageLimits({ where: null, locks: true }));
}

// the import of a stored form of `total` bytes from `pieces` (an iterable of byte arrays,
// in order; they may end early: the core refuses a short form): null when accepted, the
// core's reason when refused (E_TABLE); other failures are thrown
function importPieces(core, total, pieces) {
  try {
    let begun = false;
    for (const p of pieces) {
      let rest = p;
      if (!begun) {
        core.tableImportBegin(p.subarray(0, HEADER), total);
        begun = true;
        rest = p.subarray(HEADER);
      }
      if (rest.length) core.tableImportChunk(rest);
    }
    if (!begun) core.tableImportBegin(new Uint8Array(0), total);
    core.tableImportEnd();
    return null;
  } catch (e) {
    if (!(e instanceof EvocubeError) || e.code !== EC.E_TABLE) throw e;
    return e.message;
  }
}

// an OPFS sync access handle's bytes: the header, then pieces of at most CHUNK bytes (views of
// one buffer, each used before the next is read)
function* filePieces(h, total) {
  const buf = new Uint8Array(Math.min(CHUNK, Math.max(total, HEADER)));
  let at = h.read(buf.subarray(0, HEADER), { at: 0 });
  yield buf.subarray(0, at);
  while (at < total) {
    const n = h.read(buf.subarray(0, Math.min(buf.length, total - at)), { at });
    if (n === 0) return;
    yield buf.subarray(0, n);
    at += n;
  }
}

const refusedByBrowser = (e) => e && (e.name === 'QuotaExceededError' || /quota/i.test(e.message));

const OPFS = {
  async load(core, level, places) {
    const dir = await places.storage.getDirectory();
    let file;
    try {
      file = await dir.getFileHandle(fileName(level));
    } catch (e) {
      if (e && e.name === 'NotFoundError') return 'missing';
      throw e;
    }
    const h = await file.createSyncAccessHandle();
    let refused;
    try {
      const total = h.getSize();
      refused = importPieces(core, total, filePieces(h, total));
    } finally {
      h.close();
    }
    if (refused === null) return 'loaded';
    await dir.removeEntry(fileName(level));
    return { refused };
  },

  async store(core, level, places, stored) {
    const dir = await places.storage.getDirectory();
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
      if (refusedByBrowser(e)) throw new QuotaError(`the browser refused to store the table (${mb(stored)}): ${e.message}`);
      throw e;
    }
    h.close();
  },

  async levels(places, levels) {
    const dir = await places.storage.getDirectory();
    const out = [];
    for (let l = 0; l < levels; l++) {
      try {
        const f = await (await dir.getFileHandle(fileName(l))).getFile();
        out.push({ level: l, bytes: f.size });
      } catch { /* not stored */ }
    }
    return out;
  },
};

// a transaction's end as a promise (its error, or an abort, rejects)
const finished = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error);
  tx.onabort = () => reject(tx.error || new Error('the table\'s IndexedDB transaction was aborted'));
});

async function idbDelete(db, name) {
  const tx = db.transaction(['tables', 'pieces'], 'readwrite');
  tx.objectStore('tables').delete(name);
  tx.objectStore('pieces').delete(IDBKeyRange.bound([name, 0], [name, Infinity]));
  await finished(tx);
}

const IDB = {
  async load(core, level, places) {
    const name = fileName(level);
    const db = await openDb(places.indexedDB);
    try {
      const rec = await done(db.transaction('tables').objectStore('tables').get(name));
      if (!rec) return 'missing';
      // every piece read first (IndexedDB is asynchronous, the import is not): the pieces
      // are the stored form, at most `chunks` of PIECE bytes
      const tx = db.transaction('pieces');
      const pieces = await Promise.all(Array.from({ length: rec.chunks }, (_, i) => done(tx.objectStore('pieces').get([name, i]))));
      const missing = pieces.indexOf(undefined);
      const present = (missing < 0 ? pieces : pieces.slice(0, missing)).map((p) => new Uint8Array(p));
      const refused = importPieces(core, rec.bytes, present);
      if (refused === null) return 'loaded';
      await idbDelete(db, name);
      return { refused };
    } finally {
      db.close();
    }
  },

  async store(core, level, places, stored) {
    const name = fileName(level);
    const db = await openDb(places.indexedDB);
    try {
      await idbDelete(db, name);
      const tx = db.transaction('pieces', 'readwrite');
      const end = finished(tx);
      let chunks = 0;
      // each piece copied out of wasm memory (a view would clone the whole memory)
      core.tableExport(level, (bytes) => { tx.objectStore('pieces').put(bytes.slice().buffer, [name, chunks++]); }, PIECE);
      await end;
      const t2 = db.transaction('tables', 'readwrite');
      t2.objectStore('tables').put({ name, level, bytes: stored, chunks });
      await finished(t2);
    } catch (e) {
      await idbDelete(db, name).catch(() => {});
      if (refusedByBrowser(e)) throw new QuotaError(`the browser refused to store the table (${mb(stored)}): ${e.message}`);
      throw e;
    } finally {
      db.close();
    }
  },

  async levels(places, levels) {
    const db = await openDb(places.indexedDB);
    try {
      const all = await done(db.transaction('tables').objectStore('tables').getAll());
      return all.filter((r) => r.level < levels).map((r) => ({ level: r.level, bytes: r.bytes })).sort((a, b) => a.level - b.level);
    } finally {
      db.close();
    }
  },
};

// Read the stored table of `level` into core. Returns 'loaded', 'missing', or
// {refused: reason} (the stored table was deleted).
export async function loadStored(core, level, places = here()) {
  return backend(places).load(core, level, places);
}

// Write the held table of `level`; QuotaError when there is no room (nothing is left behind).
export async function store(core, level, places = here()) {
  const { stored } = core.tableBytes(level);
  const storage = places.storage;
  if (storage && typeof storage.estimate === 'function') {
    const { quota, usage } = await storage.estimate();
    if (Number.isFinite(quota) && quota - (usage || 0) < stored) {
      throw new QuotaError(`the browser allows this site ${mb(Math.max(0, quota - (usage || 0)))} more storage; the table needs ${mb(stored)}`);
    }
  }
  return backend(places).store(core, level, places, stored);
}

// The levels stored now (for the size list): [{level, bytes}]
export async function storedLevels(places = here(), levels = Infinity) {
  return backend(places).levels(places, levels);
}
