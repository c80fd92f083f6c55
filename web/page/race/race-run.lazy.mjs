// lazy/race-run.mjs - one race of web/page/race/race-picker.mjs's panel, loaded on the first Start: every
// runner in its own warmed-up worker, a live row each, and once all end the board sorted
// by place with length and time bars, the solutions and their play buttons. It imports
// nothing: the page's helpers come from race.mjs (lib), so the bundler does not split the
// first load's shared modules into extra chunks for it.

let el;

// A bar cell: the value and a bar of width value / max. Styles go through the CSSOM (which
// the page's Content-Security-Policy allows, unlike a style attribute), so app.css, part of
// the first load, carries none of the board's.
function bar(text, frac, kind) {
  const b = el('span', { class: `race-bar ${kind}`, dataset: { frac: frac.toFixed(3) } });
  b.style.cssText = `display: inline-block; height: 8px; border-radius: 4px; max-width: calc(100% - 4.6em); background: var(${kind === 'time' ? '--accent' : '--good'})`;
  b.style.width = `${(frac * 100).toFixed(1)}%`;
  const v = el('span', { class: 'race-val' }, text);
  v.style.cssText = 'display: inline-block; min-width: 4.2em; font-family: var(--mono)';
  return [v, b];
}

// The full-width board below the page's columns (made at the first race).
function board() {
  const th = (t, num) => el('th', { class: num ? 'num' : null }, t);
  const b = el('section', { class: 'panel race-board', id: 'race-board', 'aria-labelledby': 'h-race-board', dataset: { testid: 'race-board' } },
    el('h2', { id: 'h-race-board' }, 'Race'),
    el('table', { class: 'race-table', id: 'race-table', dataset: { testid: 'race-table' } },
      el('thead', {}, el('tr', {}, th('#', true), th('Solver'), th('Status'), th('Gen.', true), th('Length'), th('Time'), th('Solution'))),
      el('tbody')));
  b.style.cssText = 'margin: 0 22px 18px; overflow-x: auto';
  return b;
}

// A runner's result into the Result panel like a run of the page (its Twizzle setup from
// the input when the input still is the race's cube), then played. page: {controller,
// input, results, playback, notify, clearResult, refresh, setResult}.
function playResult(page, facelets, r, name) {
  if (page.controller.busy) { page.notify('A solve is running; play the race result after it.', 'warn'); return; }
  const { input, results } = page;
  const same = facelets === input.cube.facelets && input.mode === 'scramble';
  page.clearResult();
  results.show({ kind: 'solved', input: { facelets, mode: same ? 'scramble' : 'paint', setup: same ? input.setup() : '' }, result: r });
  results.result.race = name; // another solver's: the share link carries no solution=
  page.setResult(results.result);
  const summary = document.getElementById('result-summary');
  summary.textContent = `race: ${name} · ${summary.textContent}`;
  page.refresh();
  page.playback.play();
}

// Run a race of panel's picked solvers on its cube and seed (panel: a RacePanel).
// lib: {ERROR, el, byId, clear, setText, fmtNum, fmtMs, SolverClient, solverInfo} (protocol.mjs,
// dom.mjs, client.mjs, ui/solver-info.mjs).
export async function runRace(panel, lib) {
  const { ERROR, byId, clear, setText, fmtNum, fmtMs, SolverClient, solverInfo } = lib;
  ({ el } = lib);
  const cube = panel.cube();
  const seed = panel.seed();
  const names = panel.picked();
  if (panel.running || !cube.ok || !seed.ok || !names.length) return;
  panel.running = true;
  panel.stopped = false;
  byId('race-cancel').disabled = false;
  panel.onChange();
  if (!byId('race-board')) document.querySelector('main').after(board());
  const table = byId('race-table');
  const body = table.tBodies[0];
  clear(body);
  if (table.caption) table.caption.remove();
  delete table.dataset.done;
  table.hidden = false;
  let place = 0;

  // Every runner gets its own worker, warmed up (module loaded, tables built) before the
  // start, so the race compares solving, not start-up. Time = wall time from the start.
  panel.entries = names.map((name) => {
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
  await Promise.all(panel.entries.map((e) => e.client.ready.then(() => e.client.warmed).catch(() => null)));

  const t0 = performance.now();
  for (const entry of panel.entries) {
    const { name, client, cells, row } = entry;
    if (panel.stopped) {
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
        if (panel.page) {
          cells.status.append(' ', el('button', {
            type: 'button', class: 'quiet small', title: 'show this result in the Result panel and play it on the cube',
            'aria-label': `play ${name}'s solution`, dataset: { testid: 'race-play' },
            onclick: () => playResult(panel.page, cube.facelets, r, name),
          }, '▶'));
        }
      }
      row.dataset.wallMs = String(Math.round(entry.wallMs));
    }, (e) => {
      setText(cells.status, e.code === ERROR.CANCELLED ? 'stopped' : 'error');
      if (e.code !== ERROR.CANCELLED) row.title = e.message;
    }).finally(() => client.terminate());
  }
  await Promise.all(panel.entries.map((e) => e.done));
  const solved = panel.entries.filter((e) => e.result && e.result.stats.solved);
  // sorted by place (finishers in finishing order, then the rest in list order), with bars
  const ranked = [...panel.entries].sort((a, b) => (Number(a.cells.place.textContent) || Infinity) - (Number(b.cells.place.textContent) || Infinity));
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
      `shortest: ${best} moves · fastest: ${solverInfo(fastest.name).short} (${fmtMs(fastest.wallMs)}) · ${fmtNum(solved.length)} of ${panel.entries.length} solved`);
  }
  panel.running = false;
  byId('race-cancel').disabled = true;
  panel.onChange();
}
