// stored.mjs - where this browser keeps the optimal search's tables, and which are kept, read
// without the optimal module (no wasm, no worker, no DOM): the page asks here before it starts
// the optimal worker, so a result shown with no table stored fetches nothing more.
//
// Layout: a table of level L is the file optimal-L.tbl of the origin private file system
// (OPFS) where the browser has one (navigator.storage.getDirectory); else, where it has
// IndexedDB, the database `evocube-optimal`: store `tables` holds one record a kept table
// {name, level, bytes, chunks} (written last, after every piece), store `pieces` its stored
// form in pieces of at most PIECE bytes keyed [name, index]. Else nothing is kept.
// Invariants: a table is listed only when its whole stored form was written (an OPFS file of
// some bytes, an IndexedDB record); what is listed is still only a candidate: the optimal
// worker checks its size and checksum before it uses it (web/lib/optimal/table-store.mjs).
// Costs: one directory listing or one IndexedDB read of the small records.

export const fileName = (level) => `optimal-${level}.tbl`;
const FILE = /^optimal-(\d+)\.tbl$/;
export const DB_NAME = 'evocube-optimal';
export const PIECE = 1 << 24;

// this context's storage facilities: {where: 'opfs' | 'indexeddb' | null, locks: boolean}
export function storageKind(g = globalThis) {
  const nav = g.navigator;
  const opfs = !!(nav && nav.storage && typeof nav.storage.getDirectory === 'function');
  const where = opfs ? 'opfs' : g.indexedDB ? 'indexeddb' : null;
  return { where, locks: !!(nav && nav.locks) };
}

// What this browser cannot do for the tables, said plainly ('' when nothing is missing).
export function storageLimits(kind = storageKind()) {
  const out = [];
  if (kind.where === 'indexeddb') out.push('this browser has no origin private file system: the table is kept in IndexedDB');
  if (kind.where === null) out.push('this browser keeps no files for the site: the table is not stored and must be built or loaded again after a reload');
  if (!kind.locks) out.push('this browser has no Web Locks: two tabs may build the same table at once');
  return out.join('; ');
}

// The IndexedDB database of the tables (made on first use).
export function openDb(idb = globalThis.indexedDB) {
  return new Promise((resolve, reject) => {
    const req = idb.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore('tables', { keyPath: 'name' });
      req.result.createObjectStore('pieces');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('the table database is held open by an older version of this page in another tab'));
  });
}

// A request's result as a promise.
export const done = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });

// The tables kept now, largest level first: [{level, bytes}] (none where nothing is kept).
export async function storedTables(g = globalThis) {
  const { where } = storageKind(g);
  const out = [];
  if (where === 'opfs') {
    const dir = await g.navigator.storage.getDirectory();
    for await (const [name, handle] of dir.entries()) {
      const m = FILE.exec(name);
      if (!m || handle.kind !== 'file') continue;
      const bytes = (await handle.getFile()).size;
      if (bytes > 0) out.push({ level: Number(m[1]), bytes });
    }
  } else if (where === 'indexeddb') {
    const db = await openDb(g.indexedDB);
    try {
      for (const r of await done(db.transaction('tables').objectStore('tables').getAll())) out.push({ level: r.level, bytes: r.bytes });
    } finally {
      db.close();
    }
  }
  return out.sort((a, b) => b.level - a.level);
}
