// race.mjs - the race: the same cube and seed handed to several solvers at once, each in
// its own worker (its own SolverClient, warmed up before the start so table building is
// not raced), with a live row per solver (status, generation) and, as they finish, length,
// time from the start (wall clock; the tooltip splits solving and start-up) and the
// finishing place; the shortest and the fastest are marked. The comparison is a
// full-width board (index.html's race-board): once the race ends its rows are sorted by
// place, with length and time bars scaled to the longest and slowest, each solution in
// full, and a play button that shows that result in the Result panel. Solvers that finish
// in seconds are picked by default (QUICK), never hugo. Workers end with the race.
import { ERROR } from './protocol.mjs';
import { el, byId, clear, setText, fmtNum, fmtMs } from './dom.mjs';
import { SolverClient } from './client.mjs';

// the default runners: solvers that finish a random state in seconds
export const QUICK = ['twophase', 'twes', 'aco'];

// A bar cell: the value and a bar of width value / max (set through the CSSOM, which the
// page's Content-Security-Policy allows, unlike a style attribute).
function bar(text, frac, kind) {
  const b = el('span', { class: `race-bar ${kind}`, dataset: { frac: frac.toFixed(3) } });
  b.style.width = `${(frac * 100).toFixed(1)}%`;
  return [el('span', { class: 'race-val' }, text), b];
}

export class RacePanel {
  constructor({ solvers, notify, cube, seed, onChange, onPlay }) {
    this.onPlay = onPlay; // (facelets, solution, solver): show a finished solution on the cube
    this.solvers = solvers;
    this.notify = notify;
    this.cube = cube;
    this.seed = seed;
    this.onChange = onChange;
    this.running = false;
    this.entries = [];
    const pick = byId('race-pick');
    this.boxes = solvers.map((s, i) => {
      const box = el('input', { type: 'checkbox', value: s.name, dataset: { testid: `race-pick-${s.name}` } });
      box.checked = QUICK.includes(s.name);
      box.addEventListener('change', () => this.onChange());
      pick.append(el('label', { class: 'check', title: s.title }, box, ` ${s.name}`));
      return box;
    });
    if (!solvers.length) pick.append(el('span', { class: 'hint' }, 'No solver is registered in this build yet.'));
    byId('race-start').addEventListener('click', () => this.start());
    byId('race-cancel').addEventListener('click', () => this.stop());
  }

  picked() { return this.boxes.filter((b) => b.checked).map((b) => b.value); }

  async start() {
    const cube = this.cube();
    const seed = this.seed();
    const names = this.picked();
    if (this.running || !cube.ok || !seed.ok || !names.length) return;
    this.running = true;
    this.stopped = false;
    byId('race-cancel').disabled = false;
    this.onChange();
    const table = byId('race-table');
    byId('race-board').hidden = false;
    const body = table.tBodies[0];
    clear(body);
    if (table.caption) table.caption.remove();
    delete table.dataset.done;
    table.hidden = false;
    let place = 0;

    // Every runner gets its own worker, warmed up (module loaded, tables built) before the
    // start, so the race compares solving, not start-up. Time = wall time from the start.
    this.entries = names.map((name) => {
      const cells = {
        status: el('td', { dataset: { testid: 'race-status' } }, 'warming up'),
        gen: el('td', { class: 'num', dataset: { testid: 'race-generation' } }, '0'),
        length: el('td', { class: 'bar-cell', dataset: { testid: 'race-length' } }, '–'),
        time: el('td', { class: 'bar-cell', dataset: { testid: 'race-time' } }, '–'),
        place: el('td', { class: 'num', dataset: { testid: 'race-place' } }, ''),
        solution: el('td', {}, el('code', { class: 'long', dataset: { testid: 'race-solution' } })),
      };
      const row = el('tr', { dataset: { testid: `race-row-${name}`, solver: name } },
        cells.place, el('td', {}, name), cells.status, cells.gen, cells.length, cells.time, cells.solution);
      body.append(row);
      const client = new SolverClient({ name: `evocube race ${name}`, warm: true });
      return { name, client, row, cells, result: null, h: null };
    });
    await Promise.all(this.entries.map((e) => e.client.ready.then(() => e.client.warmed).catch(() => null)));

    const t0 = performance.now();
    for (const entry of this.entries) {
      const { name, client, cells, row } = entry;
      if (this.stopped) {
        setText(cells.status, 'stopped');
        entry.done = Promise.resolve();
        client.terminate();
        continue;
      }
      entry.h = client.solve({ solver: name, facelets: cube.facelets, seed: seed.seed }, {
        onProgress: (recs) => { if (recs.length) setText(cells.gen, String(recs[recs.length - 1].gen)); },
        onState: (state) => { if (!entry.result) setText(cells.status, state); },
      });
      entry.done = entry.h.promise.then((r) => {
        entry.result = r;
        entry.wallMs = performance.now() - t0;
        const solved = r.stats.solved;
        setText(cells.status, solved ? 'solved' : r.stats.status);
        setText(cells.gen, String(r.stats.generations));
        setText(cells.time, fmtMs(entry.wallMs));
        cells.time.title = `solving ${fmtMs(r.stats.timeMs)}, start-up ${fmtMs(r.stats.setupMs || 0)}`;
        if (solved) {
          setText(cells.length, String(r.length));
          setText(cells.place, String(++place));
          setText(cells.solution.firstChild, r.solution || '(already solved)');
          row.dataset.solution = r.solution;
          if (this.onPlay) {
            cells.status.append(' ', el('button', {
              type: 'button', class: 'quiet small', title: 'show this result in the Result panel and play it on the cube',
              'aria-label': `play ${name}'s solution`, dataset: { testid: 'race-play' },
              onclick: () => this.onPlay(cube.facelets, r, name),
            }, '▶'));
          }
        }
        row.dataset.wallMs = String(Math.round(entry.wallMs));
      }, (e) => {
        setText(cells.status, e.code === ERROR.CANCELLED ? 'stopped' : 'error');
        if (e.code !== ERROR.CANCELLED) row.title = e.message;
      }).finally(() => client.terminate());
    }
    await Promise.all(this.entries.map((e) => e.done));
    const solved = this.entries.filter((e) => e.result && e.result.stats.solved);
    // sorted by place (finishers in finishing order, then the rest in list order), with bars
    const ranked = [...this.entries].sort((a, b) => (Number(a.cells.place.textContent) || Infinity) - (Number(b.cells.place.textContent) || Infinity));
    for (const e of ranked) table.tBodies[0].append(e.row);
    if (solved.length) {
      const maxLen = Math.max(1, ...solved.map((e) => e.result.length));
      const maxMs = Math.max(1, ...solved.map((e) => e.wallMs));
      for (const e of solved) {
        e.cells.length.replaceChildren(...bar(String(e.result.length), e.result.length / maxLen, 'len'));
        e.cells.time.replaceChildren(...bar(fmtMs(e.wallMs), e.wallMs / maxMs, 'time'));
      }
    }
    if (solved.length) {
      const best = Math.min(...solved.map((e) => e.result.length));
      for (const e of solved) e.row.classList.toggle('shortest', e.result.length === best);
      const fastest = solved.reduce((a, b) => (a.wallMs <= b.wallMs ? a : b));
      fastest.row.classList.add('fastest');
      table.dataset.done = 'true';
      setText(table.createCaption(),
        `shortest: ${best} moves · fastest: ${fastest.name} (${fmtMs(fastest.wallMs)}) · ${fmtNum(solved.length)} of ${this.entries.length} solved`);
    }
    this.running = false;
    byId('race-cancel').disabled = true;
    this.onChange();
  }

  stop() {
    this.stopped = true;
    for (const e of this.entries) if (e.h) e.h.cancel();
  }
}
