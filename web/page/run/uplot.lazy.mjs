// uplot.lazy.mjs - uPlot (the fitness chart's plotting library, about 20 kB gzip) on demand:
// web/page/run/chart.mjs imports this when a run first draws, so the first load does not carry it
// (scripts/build-site.mjs: web/lazy/ modules are precached for offline, not first-loaded).
export { default } from '../../vendor/uPlot.esm.js';
