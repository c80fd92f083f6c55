// race-run.lazy.mjs - one race of web/page/race/race-picker.mjs's RacePicker, loaded on the
// first Start: every runner a run (web/lib/run/run.mjs) in its own warmed-up worker, its live
// row a subscriber of the run (status, generation; the board is brought into view at the
// start), and once all end the board sorted by length (shortest first, ties by finishing
// place; the unsolved last) or, on request, by time (finishing place), with length and time
// bars, the solutions and their play buttons (the picker's onPlay). The board's look is
// BOARD_CSS, added with the first board (on a phone each runner is a card: name and status;
// generation, length, time; the solution across, so the board never scrolls sideways); a
// bar's width is set through the CSSOM (which the page's Content-Security-Policy allows,
// unlike a style attribute).
import { ERROR, STATUS } from '../../lib/protocol.mjs';
import { el, byId, clear, setText, adoptStyle } from '../common/dom.mjs';
import { fmtNum, fmtMs } from '../../lib/format.mjs';
import { SolverClient } from '../../lib/client.mjs';
import { Run } from '../../lib/run/run.mjs';
import { solverInfo } from '../common/solver-info.mjs';
import { yardstick } from './race-yardstick.mjs';

// 1 -> '1st', 2 -> '2nd', 11 -> '11th': a finishing place, never mistaken for the row's rank
export function ordinal(n) {
  const t = n % 100, u = n % 10;
  return `${n}${t >= 11 && t <= 13 ? 'th' : u === 1 ? 'st' : u === 2 ? 'nd' : u === 3 ? 'rd' : 'th'}`;
}

// A bar cell: the value and a bar of width value / max (kind: 'len' or 'time').
function bar(text, frac, kind) {
  const b = el('span', { class: `race-bar ${kind}`, dataset: { frac: frac.toFixed(3) } });
  b.style.width = `${(frac * 100).toFixed(1)}%`;
  return [el('span', { class: 'race-val' }, text), b];
}

const BOARD_CSS = `.race-table { font-size: 12.5px; }
.race-table th, .race-table td { padding: 4px 5px; }
.race-table td button.small { padding: 0 6px; font-size: 11px; }
.race-table td.bar-cell { min-width: 10em; }
@media (max-width: 600px) {
  .race-table thead { display: none; }
  .race-table tr { display: grid; grid-template-columns: 1.4em repeat(3, minmax(0, 1fr)); gap: 2px 8px; padding: 6px 0; border-top: 1px solid var(--line); }
  .race-table td, .race-table td.bar-cell { padding: 0; min-width: 0; }
  .race-table td:first-child { grid-row: span 3; }
  .race-table td.race-name { grid-column: span 2; font-weight: 600; }
  .race-table td[data-testid="race-generation"] { text-align: left; }
  .race-table td[data-testid="race-generation"]::before { content: 'gen. '; color: var(--muted); }
  .race-table tr > td:last-child { grid-column: 2 / -1; }
}
.race-table tr.shortest td[data-testid="race-length"] { color: var(--good); font-weight: 600; }
.race-table tr.fastest td[data-testid="race-time"] { color: var(--good); font-weight: 600; }
.race-board { margin: 6px 16px; overflow-x: auto; scroll-margin-top: 6px; }
.race-val { display: inline-block; min-width: 4.2em; font-family: var(--mono); }
.race-bar { display: inline-block; height: 8px; border-radius: 4px; max-width: calc(100% - 4.6em); background: var(--good); }
.race-bar.time { background: var(--accent); }
.race-head { display: flex; align-items: baseline; gap: 8px; }
.race-head h2 { margin-right: auto; }
.race-head select { width: auto; padding: 2px 6px; }
`;

// The full-width board above the page's columns (made at the first race, with its look).
function board() {
  adoptStyle(BOARD_CSS);
  const th = (t, num) => el('th', { class: num ? 'num' : null }, t);
  const sort = el('select', { id: 'race-sort', dataset: { testid: 'race-sort' } },
    el('option', { value: 'length' }, 'length'), el('option', { value: 'time' }, 'time'));
  const b = el('section', { class: 'panel race-board', id: 'race-board', 'aria-labelledby': 'h-race-board', dataset: { testid: 'race-board' } },
    el('div', { class: 'race-head' }, el('h2', { id: 'h-race-board' }, 'Race'),
      el('label', { class: 'hint', for: 'race-sort' }, 'sort by '), sort),
    el('table', { class: 'race-table', id: 'race-table', dataset: { testid: 'race-table' } },
      el('thead', {}, el('tr', {}, el('th', { class: 'num', title: 'the order in which the runners finished: 1st finished first (the rows are sorted by the select above)' }, 'Finished'), th('Solver'), th('Status'), th('Gen.', true), th('Length'), th('Time'), th('Solution'))),
      el('tbody')));
  return b;
}

// The board's rows in order: by 'length' (shortest first, ties by finishing place) or 'time'
// (finishing place); the unsolved after the solved, in list order.
export function raceOrder(entries, by) {
  const place = (e) => Number(e.cells.place.dataset.place) || Infinity;
  const key = (e) => (e.result && e.result.stats.solved ? [0, by === 'time' ? 0 : e.result.length, place(e)] : [1, 0, 0]);
  return entries.map((e, i) => [key(e), i, e]).sort(([a, i], [b, j]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || i - j).map((x) => x[2]);
}

function sortBoard(table, entries, by) {
  for (const e of raceOrder(entries, by)) table.tBodies[0].append(e.row);
  table.dataset.sort = by;
}

// One runner: a run (web/lib/run/run.mjs) on its own client, its row a subscriber of the run;
// its time is the wall time from the race's common start t0 to its end (so places follow the
// times), the tooltip the run's own wall time, CPU time and start-up.
function runner(picker, entry, cube, seed, t0) {
  const { name, client, cells, row } = entry;
  const run = new Run({ request: { solver: name, facelets: cube.facelets, seed: seed.seed }, input: { facelets: cube.facelets }, client: () => client, descriptor: picker.solvers.find((s) => s.name === name) || null });
  entry.h = run;
  run.on('progress', () => setText(cells.gen, fmtNum(run.shown.gen)));
  run.on('state', () => setText(cells.status, run.status));
  return run.start().then((outcome) => {
    if (outcome.kind === STATUS.CANCELLED || outcome.kind === STATUS.ERROR) {
      setText(cells.status, outcome.kind === STATUS.CANCELLED ? STATUS.STOPPED : STATUS.ERROR);
      if (outcome.kind === STATUS.ERROR) row.title = outcome.error.message;
      return;
    }
    const r = outcome.result;
    entry.result = r;
    entry.wallMs = performance.now() - t0;
    setText(cells.gen, fmtNum(r.stats.generations));
    setText(cells.time, fmtMs(entry.wallMs));
    cells.time.title = `from the race's start; the run: ${fmtMs(run.wallMs())}, solving (CPU) ${fmtMs(run.cpuMs)}, start-up ${fmtMs(r.stats.setupMs || 0)}`;
    if (r.stats.solved) {
      setText(cells.length, String(r.length));
      cells.place.dataset.place = String(++picker.place);
      setText(cells.place, ordinal(picker.place));
      setText(cells.solution.firstChild, r.solution || '(already solved)');
      row.dataset.solution = r.solution;
      if (picker.onPlay) {
        cells.status.append(' ', el('button', {
          type: 'button', class: 'quiet small', title: 'show this result in the Result panel and play it on the cube',
          'aria-label': `play ${name}'s solution`, dataset: { testid: 'race-play' },
          onclick: () => picker.onPlay({ ...r, race: name }),
        }, '▶'));
      }
    }
    row.dataset.wallMs = String(Math.round(entry.wallMs));
  });
}

// Run a race of the picker's solvers on its cube and seed (picker: a RacePicker).
export async function runRace(picker) {
  const cube = picker.cube();
  const seed = picker.seed();
  const names = picker.picked();
  if (picker.running || !cube.ok || !seed.ok || !names.length) return;
  picker.running = true;
  picker.stopped = false;
  byId('race-cancel').disabled = false;
  picker.onChange();
  // the board above the page's columns, so that scrolled to the top it shows every row
  if (!byId('race-board')) document.querySelector('main').before(board());
  byId('race-board').scrollIntoView({ block: 'start' });
  const table = byId('race-table');
  const body = table.tBodies[0];
  clear(body);
  if (table.caption) table.caption.remove();
  if (table.tFoot) table.tFoot.remove(); // the last race's yardstick
  delete table.dataset.done;
  table.hidden = false;
  picker.place = 0;

  // Every runner gets its own worker, warmed up (module loaded, tables built) before the
  // start, so the race compares solving, not start-up. Time = wall time from the start.
  picker.entries = names.map((name) => {
    const cells = {
      status: el('td', { dataset: { testid: 'race-status' } }, 'warming up'),
      gen: el('td', { class: 'num', dataset: { testid: 'race-generation' } }, '0'),
      length: el('td', { class: 'bar-cell', dataset: { testid: 'race-length' } }, '–'),
      time: el('td', { class: 'bar-cell', dataset: { testid: 'race-time' } }, '–'),
      place: el('td', { class: 'num', dataset: { testid: 'race-place' } }, ''),
      solution: el('td', {}, el('code', { class: 'long', dataset: { testid: 'race-solution' } })),
    };
    const row = el('tr', { dataset: { testid: `race-row-${name}`, solver: name } },
      cells.place, el('td', { class: 'race-name', title: `${solverInfo(name).label} (${name})` }, solverInfo(name).short), cells.status, cells.gen, cells.length, cells.time, cells.solution);
    body.append(row);
    const client = new SolverClient({ name: `evocube race ${name}`, warm: true });
    return { name, client, row, cells, result: null, h: null };
  });
  await Promise.all(picker.entries.map((e) => e.client.ready.then(() => e.client.warmed).catch(() => null)));

  const t0 = performance.now();
  for (const entry of picker.entries) {
    if (picker.stopped) {
      setText(entry.cells.status, STATUS.STOPPED);
      entry.done = Promise.resolve();
      entry.client.terminate();
      continue;
    }
    entry.done = runner(picker, entry, cube, seed, t0).finally(() => entry.client.terminate());
  }
  await Promise.all(picker.entries.map((e) => e.done));
  const solved = picker.entries.filter((e) => e.result && e.result.stats.solved);
  // sorted by length or by time (the sort select), with bars
  const sort = byId('race-sort');
  sort.onchange = () => sortBoard(table, picker.entries, sort.value);
  sortBoard(table, picker.entries, sort.value);
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
    yardstick(table, cube.facelets, new URL('../../optimal-worker.mjs', import.meta.url));
    setText(table.createCaption(),
      `shortest: ${best} moves · fastest: ${solverInfo(fastest.name).short} (${fmtMs(fastest.wallMs)}) · ${fmtNum(solved.length)} of ${picker.entries.length} solved`);
  }
  picker.running = false;
  byId('race-cancel').disabled = true;
  picker.onChange();
}
