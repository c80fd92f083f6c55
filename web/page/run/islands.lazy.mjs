// islands.lazy.mjs - the island model's coordinator (web/lib/islands.mjs), fetched when a solve
// first runs on more than one island (web/page/run/solve.mjs), so the first load goes without it.
export { solveIslands } from '../../lib/islands.mjs';
