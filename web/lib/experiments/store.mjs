// store.mjs - where an experiment's results live: an in-memory backend (tests, a browser
// without storage) and an IndexedDB one (the page), the ExperimentStore over either, and
// resumePlan (what is left of an experiment after what is stored). No DOM: the runner
// (runner.mjs) writes through it; tests/js/experiment.test.mjs uses memoryBackend.
//
// Records are stored one by one as solves finish, keyed by (experiment, job number): a reload
// finds every finished solve and runs only the others (resumePlan), and a job is stored at
// most once (add, never overwrite: a late duplicate is refused, not written over the first).
// A backend: {putExp(exp), getExp(id), listExps(), deleteExp(id) (with its records),
// addRecord(id, j, record) -> true | false (already there), getRecords(id) -> [{j, record}],
// countRecords(id)}.

export const DB_NAME = 'evocube-experiments';

// ---------------------------------------------------------------- backends

export function memoryBackend() {
  const exps = new Map();
  const recs = new Map(); // id -> Map(j -> record)
  const copy = (x) => JSON.parse(JSON.stringify(x));
  return {
    async putExp(exp) { exps.set(exp.id, copy(exp)); },
    async getExp(id) { return exps.has(id) ? copy(exps.get(id)) : null; },
    async listExps() { return [...exps.values()].map(copy); },
    async deleteExp(id) { exps.delete(id); recs.delete(id); },
    async addRecord(id, j, record) {
      if (!recs.has(id)) recs.set(id, new Map());
      const m = recs.get(id);
      if (m.has(j)) return false;
      m.set(j, copy(record));
      return true;
    },
    async getRecords(id) { return [...(recs.get(id) || new Map())].map(([j, record]) => ({ j, record: copy(record) })); },
    async countRecords(id) { return recs.has(id) ? recs.get(id).size : 0; },
  };
}

const req = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
const done = (tx) => new Promise((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = () => reject(tx.error); tx.onabort = () => reject(tx.error); });

// IndexedDB: object stores "experiments" (key: id) and "records" (key: [exp, j], index exp).
export async function idbBackend(idb = globalThis.indexedDB, name = DB_NAME) {
  if (!idb) throw new Error('this browser has no IndexedDB, so experiments cannot be kept');
  const open = idb.open(name, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore('experiments', { keyPath: 'id' });
    db.createObjectStore('records', { keyPath: ['exp', 'j'] }).createIndex('exp', 'exp');
  };
  const db = await req(open);
  const store = (names, mode = 'readonly') => db.transaction(names, mode);
  return {
    async putExp(exp) { const tx = store(['experiments'], 'readwrite'); tx.objectStore('experiments').put(exp); await done(tx); },
    async getExp(id) { return (await req(store(['experiments']).objectStore('experiments').get(id))) ?? null; },
    async listExps() { return req(store(['experiments']).objectStore('experiments').getAll()); },
    async deleteExp(id) {
      const tx = store(['experiments', 'records'], 'readwrite');
      tx.objectStore('experiments').delete(id);
      tx.objectStore('records').delete(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
      await done(tx);
    },
    async addRecord(id, j, record) {
      const tx = store(['records'], 'readwrite');
      const r = tx.objectStore('records').add({ exp: id, j, record });
      try {
        await req(r);
        await done(tx);
        return true;
      } catch (e) {
        if (e && e.name === 'ConstraintError') return false; // already stored: keep the first
        throw e;
      }
    },
    async getRecords(id) {
      const rows = await req(store(['records']).objectStore('records').index('exp').getAll(id));
      return rows.map((x) => ({ j: x.j, record: x.record }));
    },
    async countRecords(id) { return req(store(['records']).objectStore('records').index('exp').count(id)); },
    close() { db.close(); },
  };
}

// ---------------------------------------------------------------- the store

export class ExperimentStore {
  constructor(backend) { this.b = backend; }

  // A new experiment: {id, definition, total, created, state: 'running'}.
  async create({ definition, total, now = Date.now(), id = null }) {
    const exp = { id: id ?? `e${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`, definition, total, created: now, state: 'running' };
    await this.b.putExp(exp);
    return exp;
  }

  get(id) { return this.b.getExp(id); }

  async list() { return (await this.b.listExps()).sort((a, b) => b.created - a.created); }

  async setState(id, state) {
    const exp = await this.b.getExp(id);
    if (!exp) return null;
    exp.state = state;
    await this.b.putExp(exp);
    return exp;
  }

  remove(id) { return this.b.deleteExp(id); }

  // Store job j's record; false when job j was stored already (the first one is kept).
  add(id, j, record) { return this.b.addRecord(id, j, record); }

  // How many records are kept (without reading them).
  count(id) { return this.b.countRecords(id); }

  // The stored records in job order: [{j, record}].
  async records(id) { return (await this.b.getRecords(id)).sort((a, b) => a.j - b.j); }
}

// What is left of an experiment of `total` jobs after `stored` ([{j, record}]): {done (the
// set of finished job numbers), todo (the others, in order), problems}. plan.jobAt(j).id must
// match each stored record's id: a record of another plan (a changed definition) is a problem.
export function resumePlan(plan, stored) {
  const doneJ = new Set();
  const problems = [];
  for (const { j, record } of stored) {
    if (!Number.isInteger(j) || j < 0 || j >= plan.total) problems.push(`a stored record has job number ${j}, outside 0..${plan.total - 1}`);
    else if (plan.jobAt(j).id !== record.id) problems.push(`stored job ${j} is "${String(record.id).slice(0, 60)}", but this experiment's job ${j} is "${plan.jobAt(j).id}"`);
    else doneJ.add(j);
  }
  const todo = [];
  for (let j = 0; j < plan.total; j++) if (!doneJ.has(j)) todo.push(j);
  return { done: doneJ, todo, problems };
}
