// core-errors.test.mjs - every error path of web/lib/core.mjs (scripts/js-error-coverage.mjs
// lists them) reached and checked: the code and the specific message. Through real input where
// the wasm core can give the error; where only a broken or exhausted module could (a malloc
// that fails, an export that returns an error it never returns for valid handles, a build
// without the two-phase solver), through a shim: the real module with one export replaced.
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { EC, EvocubeCore, EvocubeError, MAX_ALG_MOVES, MAX_MIGRANT_BYTES, SOLVED } from '../../web/lib/core.mjs';

const core = await loadCoreNode();
const M = core.raw();

// a core over the real module with some exports replaced (or removed: undefined)
function shimmed(overrides) {
  const shim = Object.create(M);
  for (const [k, v] of Object.entries(overrides)) Object.defineProperty(shim, k, { value: v, writable: true });
  return new EvocubeCore(shim);
}
const strerror = (code) => core.strerror(code);

function fails(f, code, message) {
  let e;
  try { f(); } catch (err) { e = err; }
  expect(e).toBeInstanceOf(EvocubeError);
  expect(`${e.codeName} ${e.message}`).toMatch(new RegExp(`^${Object.keys(EC).find((k) => EC[k] === code)} `));
  if (message) expect(e.message).toMatch(message);
  return e;
}

test('seeds and move counts out of range', () => {
  fails(() => core.parseSeed('1'.repeat(33)), EC.E_SEED, /^a seed of 33 characters is not an integer from 0 to 4294967295$/);
  fails(() => core.parseSeed('4294967296'), EC.E_SEED);
  for (const n of [-1, 1.5, MAX_ALG_MOVES + 1, NaN]) {
    fails(() => core.scrambleMoves(n, 1), EC.E_RANGE, new RegExp(`^the number of moves must be a whole number from 0 to ${MAX_ALG_MOVES} \\(got ${n}\\)$`));
  }
});

test('a build without the two-phase solver says so for random states and the distance oracle', () => {
  const bare = shimmed({ _ec_scramble_random_state_text: undefined, _ec_distance_facelets: undefined, _ec_twophase_init: undefined });
  fails(() => bare.randomStateScramble(1), EC.E_STATE, /^random-state scrambles need the two-phase solver, which this build does not have$/);
  fails(() => bare.distance(SOLVED), EC.E_STATE, /^the distance oracle needs the two-phase solver/);
  expect(bare.warm()).toBe(false);
});

test('the distance oracle refuses a bad cube with the core\'s message', () => {
  fails(() => core.distance('U'.repeat(54)), EC.E_COLOR_COUNT, /^colour U appears 54 times/);
  // a budget the C int cannot hold is refused by name, never run as 0 (the first solution)
  for (const b of [NaN, 2 ** 40, 2 ** 31, -1, 1.5, Infinity, '1000', null]) {
    fails(() => core.distance(SOLVED, b), EC.E_RANGE, /^the distance budget must be a whole number of search nodes from 0 to 2147483647 \(got /);
  }
});

test('an error code from an export becomes an EvocubeError with ec_strerror\'s text when the core wrote none', () => {
  const cases = [
    ['_ec_scramble_moves_text', EC.E_BUFFER, (c) => c.scrambleMoves(5, 1)],
    ['_ec_scramble_random_state_text', EC.E_BUFFER, (c) => c.randomStateScramble(1)],
    ['_ec_twophase_init', EC.E_NOMEM, (c) => c.warm()],
    ['_ec_solver_list_json', EC.E_BUFFER, (c) => c.solvers()],
  ];
  for (const [name, code, call] of cases) {
    const c = shimmed({ [name]: () => code });
    fails(() => call(c), code, new RegExp(`^${strerror(code).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  }
});

test('a text the core cannot copy in (malloc fails) is E_NOMEM naming its size', () => {
  const gate = { open: true }; // the constructor's own buffers are made; then malloc fails
  const c = shimmed({ _malloc: (n) => (gate.open ? M._malloc(n) : 0) });
  gate.open = false;
  fails(() => c.validate('R U'), EC.E_NOMEM, /^out of memory copying a text of 3 bytes into the core$/);
});

test('a solver run: stepped after free, a failing step, out of memory, migrants refused', () => {
  const run = core.createSolver('hugo', core.apply('R U'), 1, '');
  run.free();
  fails(() => run.step(), EC.E_STATE, /^this solver run has been freed$/);

  for (const [code, message] of [[EC.E_STATE, null], [EC.E_NOMEM, /^the solver ran out of memory: the run needs more than the 256 MB the core may use$/]]) {
    const c = shimmed({ _ec_solver_step: () => code });
    const r = c.createSolver('hugo', c.apply('R U'), 1, '');
    try { fails(() => r.step(), code, message); } finally { r.free(); }
  }

  const island = core.createSolver('hugo', core.apply('R U F'), 1, '', { island: 0, islands: 2 });
  try {
    fails(() => island.importMigrants(new Uint8Array(MAX_MIGRANT_BYTES + 1)), EC.E_MIGRANTS, new RegExp(`^a migrant buffer of ${MAX_MIGRANT_BYTES + 1} bytes is longer than ${MAX_MIGRANT_BYTES}$`));
    // before its epoch ends an island takes none: the core's own message
    fails(() => island.importMigrants(new Uint8Array([1, 2, 3])), EC.E_STATE, /^an island takes migrants only at the end of an epoch/);
  } finally {
    island.free();
  }
});

test('a solver run\'s readers: an error code from each export is thrown with its text', () => {
  const cases = [
    ['_ec_solver_migrants_export', EC.E_STATE, (r) => r.exportMigrants()],
    ['_ec_solver_progress_json', EC.E_BUFFER, (r) => { r.step(); return r.progress(); }],
    ['_ec_solver_progress', EC.E_BUFFER, (r) => { r.step(); return r.discard(); }],
    ['_ec_solver_result_json', EC.E_BUFFER, (r) => r.result()],
    ['_ec_solver_optima_json', EC.E_STATE, (r) => r.optima(10)],
  ];
  for (const [name, code, call] of cases) {
    const c = shimmed({ [name]: () => code });
    const r = c.createSolver('hugo', c.apply('R U'), 1, '');
    try {
      fails(() => call(r), code, new RegExp(`^${strerror(code).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    } finally {
      r.free();
    }
  }
});
