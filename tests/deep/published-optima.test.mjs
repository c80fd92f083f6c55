// published-optima.test.mjs - the deep tier (`npm run test:deep`, not part of `npm test`: its
// positions take from seconds to many minutes each): the optimal solver (the native CLI,
// `evocube_native solve --solver optimal`, on two threads) against positions whose optimal
// face-turn lengths are published, each found at exactly its published length, its solution
// applied by the CLI (which prints only verified solutions) and again here by cubejs (an
// independent cube model):
//  - the superflip, 20 (Reid 1995, the first position proved to need 20 face turns);
//  - the cube20.org position Kociemba's optimal solver documents as the hardest there, 20;
//  - ten random states Kociemba solved optimally for his optimal solver's documentation
//    (hkociemba/RubiksCube-OptimalSolver, README "Performance results"): eight of 18, two of 17;
//  - a random state of 19: the first of the random states that Chen Shuang's benchmark of
//    optimal solvers files under depth 19 (cs0x7f/cube_solver_test,
//    dataset/random_state_depth19.txt; given there as a scramble, here as its facelets).
// A 20 proves the whole depth-19 tree has no solution, so the superflip alone is ~9 G nodes.
// The table: level EC_DEEP_LEVEL (default 8, 246 MB: on the superflip twice as fast as the
// 1.1 GB level 10, whose nodes cost twice as much), read from the user's cache folder or
// built there once (c/tools/optimal_tool.h). Each position's time and nodes
// are printed, for docs/BENCHMARKS.md's "Published positions".
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Cube from 'cubejs';

const ROOT = new URL('../..', import.meta.url).pathname;
const NATIVE = join(ROOT, 'build', 'native', 'evocube_native');
const LEVEL = Number(process.env.EC_DEEP_LEVEL ?? 8);
const HOUR = 3600000;

// facelets in Kociemba's order (U, R, F, D, L, B), published optimum
const POSITIONS = [
  ['superflip', 'UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB', 20],
  ['cube20.org 20f*', 'RBFLURBFLBUUFRBBDDRUURFLRDDBFLLDRRBFFUUBLFFDDLUULBRLDD', 20],
  ['Kociemba random 1', 'FDDLURBFDRFRLRDFBRLDBRFFBBLURDBDLLFBUUDDLUFULFBRLBRUUU', 18],
  ['Kociemba random 2', 'FFDFUUBBDRBFLRRLUURDBFFUBBBURDBDFFDLULURLDDLLLRRUBDFLR', 18],
  ['Kociemba random 3', 'BLRBUDDLBUFULRUURBBDLDFBDLLLUFUDFRURRRLDLBFRFFFUBBRDFD', 18],
  ['Kociemba random 4', 'DULDULDDLFUBDRFBBRRRDDFBURLFUURDLRBUFLBLLFBBLDFRRBFFUU', 17],
  ['Kociemba random 5', 'DBDBUFURUBLFBRLFFLFDRRFUBLDDDRBDURUUBDLDLFULRLRLUBFBRF', 18],
  ['Kociemba random 6', 'RBBRURRDLDFLLRUUFDDLBFFFRDLUBFBDUFBFBDFRLDRUBULDLBULRU', 18],
  ['Kociemba random 7', 'UDLRURDBBDFUBRLFDRBLRBFUFLURULRDBFDUBDLFLRLUDBFRFBUFLD', 18],
  ['Kociemba random 8', 'BRFRULFUBUFLLRBBRRULLLFBBDDDFLBDULRFRDRULDFURDFUDBFDBU', 18],
  ['Kociemba random 9', 'FUBFUBBBDRLDFRFBDRURBBFUUDUFLRUDRFFURLLULDLRLLBDRBLFDD', 17],
  ['Kociemba random 10', 'BRLLUFLDRBUUURLDUFURDDFBLLFDFLLDRRFRRUFBLFFBBBBUDBDURD', 18],
  ['cube_solver_test 19 #1', 'LBRFUUUFDBLBRRBFUFRRLFFDDBDRLRDDRDRUBUFDLLFLBUUUDBFLBL', 19],
];

beforeAll(() => {
  // the table held in the cache (built there once, on two threads, when missing)
  const r = spawnSync(NATIVE, ['optimal-table', '--level', String(LEVEL), '--threads', '2'], { encoding: 'utf8', timeout: HOUR });
  if (r.status !== 0) throw new Error(`evocube_native optimal-table --level ${LEVEL} failed: ${r.stderr || r.error}`);
}, HOUR);

test.each(POSITIONS)('%s (%s) is %i face turns from solved', (name, facelets, want) => {
  const t = Date.now();
  const r = spawnSync(NATIVE, ['solve', '--solver', 'optimal', '--facelets', facelets, '--param', `table=${LEVEL}`,
    '--param', 'threads=2', '--threads', '2', '--json'], { encoding: 'utf8', timeout: 3 * HOUR });
  if (r.status !== 0) throw new Error(`evocube_native solve failed on ${name}: ${r.stderr || r.error}`);
  const out = JSON.parse(r.stdout);
  expect(out.solved).toBe(true);
  expect(out.length).toBe(want);
  expect(out.solution.split(' ')).toHaveLength(want);
  const cube = Cube.fromString(facelets);
  cube.move(out.solution);
  expect(cube.isSolved()).toBe(true);
  console.log(`${name}: ${out.length} in ${((Date.now() - t) / 1000).toFixed(1)} s, ${out.evaluations} nodes (level ${LEVEL}, 2 threads): ${out.solution}`);
}, 3 * HOUR);
