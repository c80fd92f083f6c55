// client.mjs - the page's side of the optimal worker (web/optimal-worker.mjs, its messages in
// its header): one worker started on the first request, each request a promise of its 'done'
// reply (an 'error' reply rejects with {kind, message}), its progress and notes handed to
// onEvent. stop() terminates the worker at once (Cancel: its memory is freed with it) and
// rejects what was waiting with {kind: 'cancelled'}; the next request starts a new worker,
// which reads the stored table back. Used by the features that show an optimum (no DOM).
// A worker that has not said 'started' (its module loaded, or failed to) within startMs[0] is
// replaced by a new one, which is sent the requests still waiting (none of them ran: a request
// runs only after the module has loaded); within startMs[1] the same, and so on; after the
// last, what was waiting is rejected with {kind: 'other'} and a message saying so. Why: in
// Firefox ESR the threaded module's thread (a Worker nested in this one) now and then never
// reports loaded, and the module waits for it forever (seen once in about 40 reloads of a
// page with a stored table, and in about one worker in 15 started right after another; the
// module's files and the glue had loaded); a new worker starts in well under a second.
// url: the worker's script, named by the on-demand module that makes the client (its
// `new URL('../../optimal-worker.mjs', import.meta.url)`: the site's bundler rewrites it to
// the built worker relative to that module's own folder).
// threads: the search threads the worker's module is made for (threads.mjs; 1: the
// one-thread module), sent with every request (the worker loads its module on the first).
// spawn: makes the worker (a test passes its own).
import { storedTables } from './stored.mjs';

// the start times of the tries: a short first one (a module starts in under a second from
// the cache; a first download of its 300 kB on a slow line takes longer: the later tries)
export const START_MS = [10000, 30000, 90000];

export class OptimalClient {
  constructor(url, { threads = 1, startMs = START_MS, spawn = (u) => new Worker(u, { type: 'module' }) } = {}) {
    Object.assign(this, { url, threads, startMs, spawn });
    this.worker = null;
    this.tries = 0;
    this.timer = null;
    this.seq = 0;
    this.waiting = new Map();
  }

  request(msg, onEvent = null) {
    if (!this.worker) this.start();
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onEvent, msg });
      this.send(id, msg);
    });
  }

  // a request as the worker takes it (the module's threads with each)
  send(id, msg) { this.worker.postMessage({ id, threads: this.threads, ...msg }); }

  // a new worker, and the time its module has to start
  start() {
    const worker = this.spawn(this.url);
    this.worker = worker;
    worker.onmessage = ({ data }) => {
      if (data.type === 'started') { clearTimeout(this.timer); return; }
      const w = this.waiting.get(data.id);
      if (!w) return;
      if (data.type === 'done' || data.type === 'error') {
        this.waiting.delete(data.id);
        (data.type === 'done' ? w.resolve : w.reject)(data);
      } else if (w.onEvent) w.onEvent(data);
    };
    worker.onerror = (e) => this.stop({ kind: 'other', message: `the optimal worker failed: ${e.message || 'it could not load'}` });
    const ms = this.startMs[this.tries];
    this.timer = setTimeout(() => this.notStarted(worker, ms), ms);
  }

  // the worker's module did not start in time: a new worker with what was waiting, or the end
  notStarted(worker, ms) {
    if (worker !== this.worker) return;
    worker.terminate();
    this.worker = null;
    this.tries++;
    if (this.tries >= this.startMs.length) {
      this.stop({ kind: 'other', message: `the optimal search's module did not start (${this.tries} tries, the last given ${Math.round(ms / 1000)} s); reload the page to try again` });
      return;
    }
    this.start();
    for (const [id, w] of this.waiting) this.send(id, w.msg);
  }

  stop(reason = { kind: 'cancelled', message: 'cancelled' }) {
    clearTimeout(this.timer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.tries = 0;
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
