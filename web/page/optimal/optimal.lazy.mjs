// optimal.lazy.mjs - the optimum beside a result, loaded on demand (optimal-line.mjs): the
// line "optimal: 18 (this solution +6)" (web/lib/run/numbers.mjs's optimalText), computed in
// the background by the optimal worker (web/optimal-worker.mjs) when a table is stored;
// otherwise "needs a table" and, asked for ("Build or load a table"), the table's controls:
// its size (levels with the memory and storage each takes; the device's memory suggests one),
// "Build the table" (a progress bar, the share done, an ETA and the memory it takes; Cancel),
// and "Load a table file" (a stored table, e.g. the CLI's cache file, checked before it is
// used). A quota refusal or out-of-memory says so and offers the next smaller size. The search
// runs on the device's cores when the page is cross-origin isolated (the threaded module), else
// on one thread; the line below the controls says which and why (web/lib/optimal/threads.mjs).
// What the browser cannot keep (no origin private file system: IndexedDB; no storage at all:
// not stored; no Web Locks) is said in the line.
// Costs: the page looks for a stored table itself (web/lib/optimal/stored.mjs: a directory
// listing); the worker and the optimal module (about 300 kB) load only when a table is stored
// or the controls are opened. Cancel and a new result terminate the worker (freed at once; a
// new one reads the stored table back in about a second).
import { el, clear } from '../common/dom.mjs';
import { etaText, optimalText } from '../../lib/run/numbers.mjs';
import { OptimalClient } from '../../lib/optimal/client.mjs';
import { storageLimits, storedTables } from '../../lib/optimal/stored.mjs';
import { hereThreads } from '../../lib/optimal/threads.mjs';

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;

export class OptimalView {
  constructor(root, { notify }) {
    Object.assign(this, { root, notify });
    this.threads = hereThreads();
    this.client = new OptimalClient(new URL('../../optimal-worker.mjs', import.meta.url), { threads: this.threads.threads });
    this.sizes = null;
    this.level = null;
    this.target = null;
  }

  // a request to the worker: a promise of its 'done' reply; onEvent(progress | note)
  request(msg, onEvent = null) { return this.client.request(msg, onEvent); }

  // end the worker and every request (cancel, a new result, a failure)
  stop(reason) { this.client.stop(reason); }

  clear() {
    this.stop();
    this.target = null;
    clear(this.root).hidden = true;
  }

  // children, then the search's threads (and why only one)
  render(...children) {
    clear(this.root).hidden = false;
    this.root.append(...children, el('p', { class: 'optimal-threads', dataset: { testid: 'optimal-threads' } }, this.threads.text));
  }

  line(text) { return el('p', { class: 'optimal-line', dataset: { testid: 'optimal-line' } }, text); }

  async show(facelets, length) {
    this.stop();
    const target = { facelets, length };
    this.target = target;
    this.render(this.line('optimal: looking for the table…'));
    try {
      // the page's own look first: no worker, no optimal module, when nothing is stored
      const kept = await storedTables();
      if (this.target !== target) return;
      if (!kept.length) { this.offer(target); return; }
      if (!kept.some((k) => k.level === this.level)) this.level = kept[0].level;
      const t = await this.request({ type: 'table', level: this.level, build: false }, (ev) => this.onNote(ev));
      if (this.target !== target) return;
      if (t.missing) this.offer(target);
      else await this.solve(target);
    } catch (e) {
      if (this.target === target) this.failed(e, target);
    }
  }

  onNote(ev) { if (ev.type === 'note') this.notify(ev.text, 'warn'); }

  async solve(target) {
    this.render(this.line('optimal: searching…'), this.cancelButton());
    const r = await this.request({ type: 'solve', facelets: target.facelets });
    if (this.target !== target) return;
    this.render(el('p', { class: 'optimal-line', dataset: { testid: 'optimal-line' }, title: `an optimal solution: ${r.solution}` }, optimalText(r.length, target.length)));
  }

  cancelButton() {
    return el('button', { type: 'button', class: 'quiet small', dataset: { testid: 'optimal-cancel' }, onclick: () => { this.stop(); if (this.target) this.offer(this.target, 'cancelled'); } }, 'Cancel');
  }

  sizeSelect() {
    const select = el('select', { dataset: { testid: 'optimal-size' }, 'aria-label': 'table size', onchange: () => { this.level = Number(select.value); } },
      this.sizes.levels.map((l) => el('option', { value: l.level, selected: l.level === this.level }, `level ${l.level}: ${mb(l.memory)} memory, ${mb(l.stored)} stored${l.level === this.sizes.suggested ? ' (suggested for this device)' : ''}`)));
    return select;
  }

  // no table: the line, and "Build or load a table", which opens the controls (their sizes
  // come from the optimal module: the worker starts then); `why`: what happened before (the
  // controls are shown open)
  offer(target, why = '') {
    const limits = storageLimits();
    const body = el('div', { class: 'optimal-controls' });
    const offer = el('details', { dataset: { testid: 'optimal-offer' }, open: !!why }, el('summary', {}, 'Build or load a table'), body);
    const fill = async () => {
      if (body.childElementCount) return;
      body.append(el('p', {}, 'reading the table sizes…'));
      try {
        this.sizes ??= await this.request({ type: 'sizes', deviceMemory: navigator.deviceMemory });
      } catch (e) {
        if (this.target === target) this.failed(e, target, false, false);
        return;
      }
      if (this.target !== target || !body.isConnected) return;
      if (!this.sizes.levels.some((l) => l.level === this.level)) this.level = this.sizes.suggested;
      const file = el('input', { type: 'file', dataset: { testid: 'optimal-file' }, 'aria-label': 'a stored table file', onchange: () => { if (file.files[0]) this.load(target, file.files[0]); } });
      clear(body).append(el('p', {}, this.sizeSelect(), ' ',
        el('button', { type: 'button', class: 'small', dataset: { testid: 'optimal-build' }, onclick: () => this.build(target) }, 'Build the table'), ' ',
        el('label', {}, 'or load a table file ', file)));
    };
    offer.addEventListener('toggle', () => { if (offer.open) fill(); });
    this.render(this.line(`optimal: ${why ? `${why}; ` : ''}needs a table (${limits || 'kept in this browser once built'})`), offer);
    if (why) fill();
  }

  async build(target) {
    const size = this.sizes.levels.find((l) => l.level === this.level);
    const bar = el('progress', { max: 1, value: 0, dataset: { testid: 'optimal-progress' } });
    const text = el('span', { dataset: { testid: 'optimal-eta' } }, `building the table: takes ${mb(size.memory)} of memory, ${mb(size.stored)} stored`);
    this.render(this.line('optimal: building the table…'), el('p', {}, bar, ' ', text, ' ', this.cancelButton()));
    try {
      await this.request({ type: 'table', level: this.level, build: true }, (ev) => {
        if (ev.type !== 'progress') { this.onNote(ev); return; }
        bar.value = ev.share;
        const eta = etaText(ev.share, ev.elapsedMs);
        const on = this.threads.threads > 1 ? ` · on ${this.threads.threads} threads` : '';
        text.textContent = `building the table: ${Math.floor(ev.share * 100)}%${eta ? ` · ${eta}` : ''} · ${mb(size.memory)} of memory${on}`;
      });
      if (this.target === target) await this.solve(target);
    } catch (e) {
      if (this.target === target) this.failed(e, target);
    }
  }

  async load(target, file) {
    this.render(this.line(`optimal: checking the table file ${file.name}…`));
    try {
      const t = await this.request({ type: 'import', file });
      this.level = t.level;
      if (this.target === target) await this.solve(target);
    } catch (e) {
      if (this.target === target) this.failed(e, target, false);
    }
  }

  // a failure said plainly; quota and memory offer the next smaller size (of a build: a
  // file's table is the size it is; the sizes are listed smallest first)
  failed(e, target, smallerHelps = true, reopen = true) {
    if (e.kind === 'cancelled') return;
    const list = this.sizes ? this.sizes.levels : [];
    const at = list.findIndex((l) => l.level === this.level);
    const smaller = smallerHelps && (e.kind === 'quota' || e.kind === 'memory') && at > 0 ? list[at - 1].level : null;
    const what = e.kind === 'quota' ? 'not enough storage' : e.kind === 'memory' ? 'not enough memory' : e.kind === 'table' ? 'the table file was refused' : 'failed';
    if (smaller !== null) this.level = smaller;
    const why = `${what}: ${e.message}${smaller !== null ? `; try the smaller level ${smaller}` : ''}`;
    if (reopen) this.offer(target, why);
    else this.render(this.line(`optimal: ${why}`));
  }
}
