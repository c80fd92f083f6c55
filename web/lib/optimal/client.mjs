// client.mjs - the page's side of the optimal worker (web/optimal-worker.mjs, its messages in
// its header): one worker started on the first request, each request a promise of its 'done'
// reply (an 'error' reply rejects with {kind, message}), its progress and notes handed to
// onEvent. stop() terminates the worker at once (Cancel: its memory is freed with it) and
// rejects what was waiting with {kind: 'cancelled'}; the next request starts a new worker,
// which reads the stored table back. Used by the features that show an optimum (no DOM).
// url: the worker's script, named by the on-demand module that makes the client (its
// `new URL('../../optimal-worker.mjs', import.meta.url)`: the site's bundler rewrites it to
// the built worker relative to that module's own folder).
// threads: the search threads the worker's module is made for (threads.mjs; 1: the
// one-thread module), sent with every request (the worker loads its module on the first).
import { storedTables } from './stored.mjs';

export class OptimalClient {
  constructor(url, { threads = 1 } = {}) {
    this.url = url;
    this.threads = threads;
    this.worker = null;
    this.seq = 0;
    this.waiting = new Map();
  }

  request(msg, onEvent = null) {
    if (!this.worker) {
      this.worker = new Worker(this.url, { type: 'module' });
      this.worker.onmessage = ({ data }) => {
        const w = this.waiting.get(data.id);
        if (!w) return;
        if (data.type === 'done' || data.type === 'error') {
          this.waiting.delete(data.id);
          (data.type === 'done' ? w.resolve : w.reject)(data);
        } else if (w.onEvent) w.onEvent(data);
      };
      this.worker.onerror = (e) => this.stop({ kind: 'other', message: `the optimal worker failed: ${e.message || 'it could not load'}` });
    }
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onEvent });
      this.worker.postMessage({ id, threads: this.threads, ...msg });
    });
  }

  stop(reason = { kind: 'cancelled', message: 'cancelled' }) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const w of this.waiting.values()) w.reject(reason);
    this.waiting.clear();
  }

  // The optimum of each cube (a facelet string or a scramble) with a stored table, in order, onEach(i, length) as
  // each is found; null when no table is stored (nothing is built here; the worker is not
  // started when this browser lists no stored table, stored.mjs). The level: the largest
  // stored (by memory).
  async optima(cubes, onEach = () => {}, { deviceMemory } = {}) {
    if (!this.worker && !(await storedTables()).length) return null;
    const sizes = await this.request({ type: 'sizes', deviceMemory });
    if (!sizes.stored.length) return null;
    const largest = sizes.levels.filter((l) => sizes.stored.includes(l.level)).pop(); // listed smallest first
    await this.request({ type: 'table', level: largest.level, build: false });
    const out = [];
    for (let i = 0; i < cubes.length; i++) {
      out.push((await this.request({ type: 'solve', cube: cubes[i] })).length);
      onEach(i, out[i]);
    }
    return out;
  }
}
