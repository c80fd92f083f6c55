// run.lazy.mjs - what a run needs, fetched at the first Solve (web/page/run/run-controls.mjs),
// so the first load goes without it: the run model (web/lib/run/run.mjs, with the island
// coordinator, the tempo and the record log), the texts every view of a run shows
// (web/lib/run/numbers.mjs), the fitness chart (chart.mjs; uPlot itself loads when it first
// draws) and the live table of an island run (islands-table.mjs).
export { Run } from '../../lib/run/run.mjs';
export { tileTexts, captionText, islandRows } from '../../lib/run/numbers.mjs';
export { IslandsTable } from './islands-table.mjs';
export { FitnessChart } from './chart.mjs';
