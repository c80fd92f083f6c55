// load-failure.mjs - the one way the page says in the console that an on-demand module did
// not load (the chart, the 3D view, the solver description, the copy module):
//   loadFailed('the chart', e)   console.error "evocube: the chart could not load: <why>",
//                                or, while the page is being left, a warning saying so
// Leaving a page cuts its loads short (Firefox fails them between beforeunload and pagehide,
// and the page's handlers still run): that is no fault of the page or the network, so the
// console of a page being left holds no false error. Each caller still shows its own note
// with a Retry, which matters if the navigation does not happen after all (a download, a 204).
// "Being left" lasts LEAVING_MS from beforeunload, and ends when the page is shown again from
// the back-forward cache.
const LEAVING_MS = 3000;
let leftAt = -Infinity;
if (typeof addEventListener === 'function') {
  addEventListener('beforeunload', () => { leftAt = performance.now(); });
  addEventListener('pageshow', () => { leftAt = -Infinity; });
}

export function leaving() {
  return performance.now() - leftAt < LEAVING_MS;
}

export function loadFailed(what, e) {
  const why = (e && e.message) || String(e);
  if (leaving()) console.warn(`evocube: ${what} did not load, as the page was being left: ${why}`);
  else console.error(`evocube: ${what} could not load: ${why}`);
}
