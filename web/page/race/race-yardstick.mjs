// race-yardstick.mjs - the race board's yardstick row: the race cube's optimum (the optimal
// search on the table stored in this browser, web/lib/optimal/client.mjs) in the board's
// foot, each runner's length then reads against it; on the device's cores where the page may
// (threads.mjs), as the Result panel's optimum. Without a stored table the row says
// where one is made (the Result panel, after a solve); nothing is built here. Imported by
// race-run.lazy.mjs only (loaded with the race, never in the first load).
import { el, clear } from '../common/dom.mjs';
import { OptimalClient } from '../../lib/optimal/client.mjs';
import { hereThreads } from '../../lib/optimal/threads.mjs';

// table: the board's table; facelets: the race cube; url: the optimal worker's script (named
// by the on-demand module). Returns the client (its stop() ends the search).
export function yardstick(table, facelets, url) {
  const foot = table.tFoot || table.createTFoot();
  const cell = el('td', { class: 'num', dataset: { testid: 'race-optimal' } }, 'computing…');
  clear(foot).append(el('tr', { class: 'race-yardstick', dataset: { testid: 'race-yardstick' } },
    el('td', {}), el('td', {}, 'optimal'), el('td', {}, 'yardstick'), el('td', {}), cell, el('td', {}), el('td', {})));
  const client = new OptimalClient(url, { threads: hereThreads().threads });
  client.optima([facelets]).then((got) => {
    cell.textContent = got === null ? 'no table stored (build or load one in the Result panel)' : String(got[0]);
  }, (e) => {
    cell.textContent = e.kind === 'cancelled' ? 'cancelled' : `failed: ${e.message}`;
  }).finally(() => client.stop());
  return client;
}
