// islands.lazy.mjs - the island model's coordinator (web/lib/islands.mjs) and the live table of
// an island run (islands-table.mjs), fetched when a solve first runs on more than one island
// (web/page/run/solve.mjs), so the first load goes without them.
export { solveIslands } from '../../lib/islands.mjs';
export { IslandsTable } from './islands-table.mjs';
