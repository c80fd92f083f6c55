// uplot.lazy.mjs - uPlot (the fitness chart's plotting library, about 20 kB gzip) and its
// stylesheet on demand: web/page/run/chart.mjs imports this when a run first draws, so the
// first load carries neither (scripts/build-site.mjs: web/lazy/ modules and the files they name
// are precached for offline, not first-loaded). `styled` settles when the stylesheet has
// loaded, or failed to (the plot then draws unstyled rather than not at all); the chart makes
// its plot after it.
export { default } from '../../vendor/uPlot.esm.js';

export const styled = new Promise((resolve) => {
  const href = new URL('../../vendor/uPlot.min.css', import.meta.url).href;
  if ([...document.styleSheets].some((s) => s.href === href)) { resolve(); return; }
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  link.onload = link.onerror = () => resolve();
  document.head.append(link);
});
