// load-failure.test.mjs - the page's one message for an on-demand module that did not load
// (web/page/common/load-failure.mjs), with no browser: the window's events and clock are
// stand-ins. A failure is a console error, except from beforeunload until LEAVING_MS later
// (a navigation cutting the page's loads short), when it is a warning; shown again from the
// back-forward cache, the page is no longer being left.
const handlers = {};
let now = 1000;
globalThis.addEventListener = (type, fn) => { handlers[type] = fn; };
const realPerformance = globalThis.performance;
Object.defineProperty(globalThis, 'performance', { value: { now: () => now }, configurable: true, writable: true });
const { loadFailed, leaving } = await import('../../web/page/common/load-failure.mjs');

afterAll(() => {
  delete globalThis.addEventListener;
  Object.defineProperty(globalThis, 'performance', { value: realPerformance, configurable: true, writable: true });
});

function said(fn) {
  const out = [];
  const { error, warn } = console;
  console.error = (m) => out.push(['error', m]);
  console.warn = (m) => out.push(['warn', m]);
  try { fn(); } finally { Object.assign(console, { error, warn }); }
  return out;
}

test('a failure is an error, a warning while the page is being left, and an error again after', () => {
  const e = new TypeError('error loading dynamically imported module: uplot.js');
  expect(leaving()).toBe(false);
  expect(said(() => loadFailed('the chart', e))).toEqual([['error', 'evocube: the chart could not load: error loading dynamically imported module: uplot.js']]);

  handlers.beforeunload();
  now += 20;
  expect(leaving()).toBe(true);
  expect(said(() => loadFailed('the chart', e))).toEqual([['warn', 'evocube: the chart did not load, as the page was being left: error loading dynamically imported module: uplot.js']]);

  // a navigation that did not happen (a download, a 204): leaving ends after LEAVING_MS
  now += 3000;
  expect(leaving()).toBe(false);
  expect(said(() => loadFailed('the 3D view', 'no module'))[0]).toEqual(['error', 'evocube: the 3D view could not load: no module']);

  // back from the back-forward cache: not being left
  handlers.beforeunload();
  expect(leaving()).toBe(true);
  handlers.pageshow();
  expect(leaving()).toBe(false);
});
