// optimal-stored.test.mjs - web/lib/optimal/stored.mjs, the page's look for a stored table
// before it starts the optimal worker: which storage a context has (OPFS, else IndexedDB,
// else none) and what the page says it cannot do; the tables an OPFS directory lists (only
// optimal-<level>.tbl files with bytes, largest level first).
import { storageKind, storageLimits, storedTables } from '../../web/lib/optimal/stored.mjs';

// a fake origin private file system: name -> size (a size of null: a directory)
function opfs(files) {
  const entries = Object.entries(files).map(([name, size]) => [name, size === null ? { kind: 'directory' } : { kind: 'file', getFile: async () => ({ size }) }]);
  return { getDirectory: async () => ({ async* entries() { yield* entries; } }) };
}

test('the storage a context has, and what the page says it cannot do', () => {
  expect(storageKind({ navigator: { storage: opfs({}), locks: {} }, indexedDB: {} })).toEqual({ where: 'opfs', locks: true });
  // WebKitGTK as shipped: no navigator.storage, IndexedDB and Web Locks present
  const webkit = storageKind({ navigator: { locks: {} }, indexedDB: {} });
  expect(webkit).toEqual({ where: 'indexeddb', locks: true });
  expect(storageLimits(webkit)).toBe('this browser has no origin private file system: the table is kept in IndexedDB');
  expect(storageLimits({ where: 'opfs', locks: true })).toBe('');
  const none = storageKind({ navigator: {} });
  expect(none).toEqual({ where: null, locks: false });
  expect(storageLimits(none)).toBe('this browser keeps no files for the site: the table is not stored and must be built or loaded again after a reload; this browser has no Web Locks: two tabs may build the same table at once');
});

test('the stored tables an OPFS directory lists', async () => {
  const g = { navigator: { storage: opfs({ 'optimal-0.tbl': 73500000, 'optimal-2.tbl': 900, 'optimal-1.tbl': 0, 'optimal-3.tbl.tmp': 5, 'optimal-4.tbl': null, 'other.bin': 7 }) } };
  expect(await storedTables(g)).toEqual([{ level: 2, bytes: 900 }, { level: 0, bytes: 73500000 }]);
  expect(await storedTables({ navigator: { storage: opfs({}) } })).toEqual([]);
  expect(await storedTables({ navigator: {} })).toEqual([]);
});
