// core.mjs - the JavaScript face of the wasm core, shared by the worker, the page, the CLI
// and the tests. It owns the string marshalling: texts go in as UTF-8 bytes WITH THEIR
// LENGTH (the core's `_n` functions read every byte and name a NUL or control character, never
// stopping at it), results come back through caller-owned buffers, and every negative status becomes an
// EvocubeError carrying the C code and the core's specific message.
import { STATUS } from './protocol.mjs';

export const EC = Object.freeze({
  OK: 0, RUNNING: 1, DONE: 2, GAVE_UP: 3, EPOCH: 4, BOUND: 5,
  E_NULL: -1, E_BUFFER: -2, E_RANGE: -3, E_NOMEM: -4, E_INPUT_SIZE: -5, E_CHAR: -6, E_INTERNAL: -7,
  E_FACELETS_LENGTH: -10, E_FACELETS_CHAR: -11, E_COLOR_COUNT: -12, E_CENTERS: -13,
  E_CENTERS_MIRROR: -14, E_EDGE_INVALID: -15, E_EDGE_DUPLICATE: -16, E_CORNER_INVALID: -17,
  E_CORNER_DUPLICATE: -18, E_FLIP: -19, E_TWIST: -20, E_PARITY: -21,
  E_TOKEN: -30, E_PAREN_OPEN: -31, E_PAREN_CLOSE: -32, E_REPEAT: -33, E_ALG_MOVES: -34,
  E_NESTING: -35, E_NOT_FACE_TURNS: -36,
  E_SOLVER_UNKNOWN: -40, E_PARAM_UNKNOWN: -41, E_PARAM_VALUE: -42, E_PARAM_RANGE: -43,
  E_STATE: -44, E_NOT_SOLVED: -45, E_SEED: -46, E_MIGRANTS: -47, E_GROUP: -48, E_TABLE: -49,
});

// Limits of the C boundary (evocube.h), checked here too so a huge string is refused
// before it is copied into wasm memory.
export const MAX_ALG_CHARS = 20000;
export const MAX_PARAMS_CHARS = 2000;
export const MAX_ALG_MOVES = 4000;
export const MEMORY_MAX = 268435456; // EC_MEMORY_MAX: the module's memory grows to at most this
export const SOLVED = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';
export const MAX_ISLANDS = 64; // EC_MAX_ISLANDS
// The largest migrant buffer the JS side passes (1000 macro-ga migrants of 4,000 moves fit).
export const MAX_MIGRANT_BYTES = 1 << 23;

const CODE_NAMES = Object.fromEntries(Object.entries(EC).map(([k, v]) => [v, k]));

export class EvocubeError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'EvocubeError';
    this.code = code;
    this.codeName = CODE_NAMES[code] || 'E_UNKNOWN';
  }
}

const utf8 = new TextEncoder();

// A text as UTF-8 bytes, losing nothing: a Uint8Array is taken as it is (the CLI's standard
// input, byte for byte); a string is encoded with a lone UTF-16 surrogate written as its
// three-byte form (ED A0..BF xx) instead of U+FFFD, so the core names it
// (TextEncoder would replace it, Emscripten's stringToUTF8 would swallow the next character).
export function textBytes(text) {
  if (text instanceof Uint8Array) return text;
  const s = String(text);
  if (s.isWellFormed ? s.isWellFormed() : !/[\uD800-\uDFFF]/.test(s)) return utf8.encode(s);
  const out = new Uint8Array(s.length * 3);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    const d = s.charCodeAt(i + 1);
    if (c >= 0xD800 && c <= 0xDBFF && d >= 0xDC00 && d <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00);
      i++;
    }
    if (c < 0x80) out[n++] = c;
    else if (c < 0x800) { out[n++] = 0xC0 | (c >> 6); out[n++] = 0x80 | (c & 63); }
    else if (c < 0x10000) { out[n++] = 0xE0 | (c >> 12); out[n++] = 0x80 | ((c >> 6) & 63); out[n++] = 0x80 | (c & 63); }
    else {
      out[n++] = 0xF0 | (c >> 18); out[n++] = 0x80 | ((c >> 12) & 63);
      out[n++] = 0x80 | ((c >> 6) & 63); out[n++] = 0x80 | (c & 63);
    }
  }
  return out.subarray(0, n);
}

const textLength = (text) => (text instanceof Uint8Array ? text.length : String(text).length);

const OUT_SIZE = 1 << 20;
export const MSG_SIZE = 512;
const SCRATCH_RECORDS = 64; // progress records drained at once by discard()
const RECORD_BYTES = 2048;  // more than sizeof(ec_progress) (about 1.1 KB)

export class EvocubeCore {
  constructor(Module) {
    this.M = Module;
    this.out = Module._malloc(OUT_SIZE);
    this.msg = Module._malloc(MSG_SIZE);
    this.cell = Module._malloc(16);
    this.scratch = Module._malloc(SCRATCH_RECORDS * RECORD_BYTES);
  }

  // Copy a text's bytes (textBytes) into fresh wasm memory, NUL-ended for the few exports
  // that still take C strings; the caller frees it. Returns [pointer, length in bytes].
  _str(text) {
    const M = this.M;
    const bytes = textBytes(text);
    const p = M._malloc(bytes.length + 1);
    if (!p) throw new EvocubeError(EC.E_NOMEM, `out of memory copying a text of ${bytes.length} bytes into the core`);
    M.HEAPU8.set(bytes, p);
    M.HEAPU8[p + bytes.length] = 0;
    return [p, bytes.length];
  }

  _msg() { return this.M.UTF8ToString(this.msg); }
  _outText() { return this.M.UTF8ToString(this.out); }

  _fail(rc) {
    let text = this._msg();
    if (!text) text = this.strerror(rc);
    throw new EvocubeError(rc, text);
  }

  // Run f(pointer, length, pointer, length, ...) with the texts copied in (a null text is
  // pointer 0, length 0), freeing them afterwards: what the `_n` exports take.
  _withLen(texts, f) {
    const cells = [];
    this.M.HEAPU8[this.msg] = 0;
    try {
      for (const t of texts) cells.push(...(t == null ? [0, 0] : this._str(t)));
      return f(...cells);
    } finally {
      for (let i = 0; i < cells.length; i += 2) if (cells[i]) this.M._free(cells[i]);
    }
  }

  // Run f(...pointers) with NUL-ended copies: only for exports without an `_n` form
  // (ec_distance_facelets, a benchmark's and a test's, never fed user text).
  _with(texts, f) {
    return this._withLen(texts, (...cells) => f(...cells.filter((_, i) => i % 2 === 0)));
  }

  _checkSize(text, max, what) {
    if (text != null && textLength(text) > max) {
      throw new EvocubeError(EC.E_INPUT_SIZE,
        `the ${what} is longer than ${max} characters (it has ${textLength(text)})`);
    }
  }

  strerror(code) {
    this.M._ec_strerror(code, this.out, OUT_SIZE);
    return this._outText();
  }

  // Bytes allocated by the C core right now (soak tests), and the wasm memory size.
  memory() {
    return { inUse: this.M._ec_memory_in_use(), heap: this.M.HEAPU8.length };
  }

  // TEST ONLY (no page, link or CLI argument reaches it): allocate every free byte of the
  // module's memory, growing it to its maximum (EC_MEMORY_MAX), and keep it, so the next
  // allocation of a running solver fails as on a real exhaustion. Returns the bytes taken.
  exhaustMemoryForTest() {
    let taken = 0;
    for (let size = 1 << 24; size >= 16;) {
      if (this.M._malloc(size)) taken += size;
      else size >>= 1;
    }
    return taken;
  }

  version() {
    this.M._ec_version(this.out, OUT_SIZE);
    return this._outText();
  }

  // "ok" or throws the cube's specific fault.
  validate(facelets) {
    this._checkSize(facelets, MAX_ALG_CHARS, 'facelet string');
    const rc = this._withLen([facelets], (f, fl) => this.M._ec_validate_n(f, fl, this.msg, MSG_SIZE));
    if (rc < 0) this._fail(rc);
    return 'ok';
  }

  // Facelets of `facelets` (default: solved) after `alg`.
  apply(alg, facelets = '') {
    this._checkSize(alg, MAX_ALG_CHARS, 'alg');
    this._checkSize(facelets, MAX_ALG_CHARS, 'facelet string');
    const rc = this._withLen([facelets, alg], (f, fl, a, al) =>
      this.M._ec_facelets_apply_n(f, fl, a, al, this.out, OUT_SIZE, this.msg, MSG_SIZE));
    if (rc < 0) this._fail(rc);
    return this._outText();
  }

  isSolved(facelets) {
    this._checkSize(facelets, MAX_ALG_CHARS, 'facelet string');
    const rc = this._withLen([facelets], (f, fl) => this.M._ec_facelets_is_solved_n(f, fl));
    if (rc < 0) this.validate(facelets);
    return rc === 1;
  }

  // {solved: true} or {solved: false, message}; throws for unparsable input.
  verify(facelets, solution) {
    this._checkSize(solution, MAX_ALG_CHARS, 'solution');
    this._checkSize(facelets, MAX_ALG_CHARS, 'facelet string');
    const rc = this._withLen([facelets, solution], (f, fl, s, sl) =>
      this.M._ec_verify_n(f, fl, s, sl, this.msg, MSG_SIZE));
    if (rc === EC.E_NOT_SOLVED) return { solved: false, message: this._msg() };
    if (rc < 0) this._fail(rc);
    return { solved: true, message: 'solved' };
  }

  _algText(fn, alg) {
    this._checkSize(alg, MAX_ALG_CHARS, 'alg');
    const rc = this._withLen([alg], (a, al) => this.M[fn](a, al, this.out, OUT_SIZE, this.msg, MSG_SIZE));
    if (rc < 0) this._fail(rc);
    return this._outText();
  }

  canonical(alg) { return this._algText('_ec_alg_canonical_n', alg); }
  simplify(alg) { return this._algText('_ec_alg_simplify_n', alg); }
  invert(alg) { return this._algText('_ec_alg_invert_n', alg); }

  metrics(alg) {
    this._checkSize(alg, MAX_ALG_CHARS, 'alg');
    const rc = this._withLen([alg], (a, al) => this.M._ec_alg_metrics_n(a, al, this.cell, this.msg, MSG_SIZE));
    if (rc < 0) this._fail(rc);
    const h = this.M.HEAP32, i = this.cell >> 2;
    return { htm: h[i], qtm: h[i + 1], stm: h[i + 2] };
  }

  // A seed from text or number: an integer 0..4294967295, else EvocubeError(E_SEED).
  parseSeed(seed) {
    const text = seed instanceof Uint8Array ? seed : String(seed);
    if (text.length > 32) throw new EvocubeError(EC.E_SEED, `a seed of ${text.length} characters is not an integer from 0 to 4294967295`);
    const rc = this._withLen([text], (s, sl) => this.M._ec_seed_parse_n(s, sl, this.cell, this.msg, MSG_SIZE));
    if (rc < 0) this._fail(rc);
    return this.M.HEAPU32[this.cell >> 2];
  }

  scrambleMoves(n, seed) {
    if (!Number.isInteger(n) || n < 0 || n > MAX_ALG_MOVES) {
      throw new EvocubeError(EC.E_RANGE, `the number of moves must be a whole number from 0 to ${MAX_ALG_MOVES} (got ${n})`);
    }
    const s = this.parseSeed(seed);
    const rc = this.M._ec_scramble_moves_text(n, s, this.out, OUT_SIZE);
    if (rc < 0) this._fail(rc);
    return this._outText();
  }

  // A scramble of at most 20 moves producing a uniformly random state (two-phase solver).
  randomStateScramble(seed) {
    if (typeof this.M._ec_scramble_random_state_text !== 'function') {
      throw new EvocubeError(EC.E_STATE, 'random-state scrambles need the two-phase solver, which this build does not have');
    }
    const s = this.parseSeed(seed);
    const rc = this.M._ec_scramble_random_state_text(s, this.out, OUT_SIZE);
    if (rc < 0) this._fail(rc);
    return this._outText();
  }

  // Whether this build has the two-phase tables (random states, twophase, the swarms' oracle).
  hasTwophase() { return typeof this.M._ec_twophase_init === 'function'; }
  hasRandomState() { return typeof this.M._ec_scramble_random_state_text === 'function'; }

  // Build the two-phase tables now (once per module; later calls return at once), so a first
  // solve or random-state scramble does not wait for them. Returns false when this build has
  // none.
  warm() {
    if (!this.hasTwophase()) return false;
    const rc = this.M._ec_twophase_init();
    if (rc < 0) this._fail(rc);
    return true;
  }

  // The two-phase distance oracle (ec_distance_facelets): the length of the solution found
  // within `budget` search nodes after the first (0: the first solution). Throws on a bad cube,
  // and on a budget that is not a whole number from 0 to 2^31-1 (the C int it crosses as: NaN or
  // 2**40 would arrive as 0, the first solution, without a word).
  distance(facelets, budget = 1000) {
    if (typeof this.M._ec_distance_facelets !== 'function') {
      throw new EvocubeError(EC.E_STATE, 'the distance oracle needs the two-phase solver, which this build does not have');
    }
    if (!Number.isInteger(budget) || budget < 0 || budget > 0x7fffffff) {
      throw new EvocubeError(EC.E_RANGE, `the distance budget must be a whole number of search nodes from 0 to ${0x7fffffff} (got ${typeof budget === 'number' ? budget : `a ${typeof budget}`})`);
    }
    this._checkSize(facelets, MAX_ALG_CHARS, 'cube');
    const d = this._with([facelets], (f) => this.M._ec_distance_facelets(f, budget, this.msg, MSG_SIZE));
    if (d < 0) this._fail(d);
    return d;
  }

  // Whether this module has the optimal search's table calls (web/gen/optimal.mjs's does;
  // web/lib/core-optimal.mjs's OptimalCore holds them).
  hasOptimalTable() { return typeof this.M._ec_optimal_table_begin === 'function'; }

  // The escape hatch for benchmarks and tests that time or probe a raw export (the wasm
  // Module itself): nothing in the page, the worker or the CLI calls it.
  raw() { return this.M; }

  solvers() {
    const rc = this.M._ec_solver_list_json(this.out, OUT_SIZE);
    if (rc < 0) this._fail(rc);
    return JSON.parse(this._outText());
  }

  // The one run loop: a solver run stepped to its end, `work` units a step, every record
  // drained after every step (the last one included) and handed to onRecords(records) and/or
  // kept (keep: true); stop() is asked after each step that leaves the run going and ends it
  // early (STATUS.STOPPED). The handle is freed on every path, errors included.
  // Returns {status: STATUS.SOLVED | GAVE_UP | STOPPED (protocol.mjs), result, records}.
  run({ solver, facelets, seed = 1, params = '' }, { work = 1, onRecords = null, keep = false, stop = null } = {}) {
    const run = this.createSolver(solver, facelets, seed, params);
    const records = [];
    try {
      for (;;) {
        const step = run.advance(work, !!(onRecords || keep));
        if (keep) for (const r of step.records) records.push(r);
        if (onRecords && step.records.length) onRecords(step.records);
        if (step.status !== STATUS.RUNNING) return { status: step.status, result: run.result(), records };
        if (stop && stop()) return { status: STATUS.STOPPED, result: run.result(), records };
      }
    } finally {
      run.free();
    }
  }

  // A stepped solver run; see SolverRun. With islands > 1 it is island `island` of a run of
  // that many (evocube.h, "islands"): its step() says STATUS.EPOCH at each epoch's end.
  createSolver(kind, facelets, seed = 1, params = '', { island = 0, islands = 1 } = {}) {
    this._checkSize(kind, 64, 'solver name');
    this._checkSize(facelets, MAX_ALG_CHARS, 'facelet string');
    this._checkSize(params, MAX_PARAMS_CHARS, 'params text');
    const s = this.parseSeed(seed);
    // whole numbers the wasm's int arguments hold as they are (2**32 + 1 would wrap to 1); the
    // core checks the island model's own bounds
    const int = (x) => Number.isInteger(x) && x >= -0x80000000 && x <= 0x7fffffff;
    if (!int(islands) || !int(island)) {
      throw new EvocubeError(EC.E_RANGE, `islands and island must be whole numbers of at most ${0x7fffffff} (got ${String(islands).slice(0, 20)}, ${String(island).slice(0, 20)})`);
    }
    const rc = this._withLen([kind, facelets, params], (k, kl, f, fl, p, pl) =>
      this.M._ec_solver_new_island_n(k, kl, f, fl, s, p, pl, island, islands, this.cell, this.msg, MSG_SIZE));
    if (rc < 0) this._fail(rc);
    return new SolverRun(this, this.M.HEAPU32[this.cell >> 2]);
  }

  // Island i's seed for a run seed (ec_island_seed: i = 0 keeps it).
  islandSeed(seed, island) {
    return this.M._ec_island_seed(this.parseSeed(seed), island) >>> 0;
  }
}

// One solver handle. step() does `work` units and returns STATUS.RUNNING, SOLVED or GAVE_UP;
// progress() drains the queued generation records (none is dropped); free() must be called.
export class SolverRun {
  constructor(core, handle) {
    this.core = core;
    this.h = handle;
  }

  // One step of a run: `work` units, then every record queued so far drained (parsed, or
  // dropped unread when parse is false): {status, records}.
  advance(work = 1, parse = true) {
    const status = this.step(work);
    if (parse) return { status, records: this.progress() };
    this.discard();
    return { status, records: [] };
  }

  // STATUS.RUNNING, SOLVED, GAVE_UP, or (an island) EPOCH: waiting for importMigrants.
  step(work = 1) {
    if (!this.h) throw new EvocubeError(EC.E_STATE, 'this solver run has been freed');
    this.core.M.HEAPU8[this.core.msg] = 0; // a failed step writes no message: no stale one is shown
    const rc = this.core.M._ec_solver_step(this.h, work);
    if (rc === EC.E_NOMEM) {
      throw new EvocubeError(rc, `the solver ran out of memory: the run needs more than the ${MEMORY_MAX >> 20} MB the core may use`);
    }
    if (rc < 0) this.core._fail(rc);
    return rc === EC.RUNNING ? STATUS.RUNNING : rc === EC.DONE ? STATUS.SOLVED : rc === EC.EPOCH ? STATUS.EPOCH : STATUS.GAVE_UP;
  }

  // An island's best individuals as a migrant buffer (a Uint8Array copy).
  exportMigrants() {
    const { M } = this.core;
    for (let size = 1 << 16; ; size *= 4) {
      const p = M._malloc(size);
      try {
        const rc = M._ec_solver_migrants_export(this.h, p, size, this.core.cell);
        if (rc === EC.E_BUFFER && size < MAX_MIGRANT_BYTES) continue;
        if (rc < 0) this.core._fail(rc);
        const n = M.HEAP32[this.core.cell >> 2];
        return M.HEAPU8.slice(p, p + n);
      } finally {
        M._free(p);
      }
    }
  }

  // Import another island's migrant buffer (bytes: Uint8Array or an array of bytes) at the
  // end of an epoch, which starts the next one; returns how many migrants it took.
  importMigrants(bytes) {
    const { M } = this.core;
    const n = bytes.length;
    if (n > MAX_MIGRANT_BYTES) throw new EvocubeError(EC.E_MIGRANTS, `a migrant buffer of ${n} bytes is longer than ${MAX_MIGRANT_BYTES}`);
    const p = M._malloc(n || 1);
    try {
      M.HEAPU8.set(bytes, p);
      M.HEAPU8[this.core.msg] = 0;
      const rc = M._ec_solver_migrants_import(this.h, p, n, this.core.cell, this.core.msg, MSG_SIZE);
      if (rc < 0) this.core._fail(rc);
      return M.HEAP32[this.core.cell >> 2];
    } finally {
      M._free(p);
    }
  }

  progress() {
    const { M } = this.core;
    const records = [];
    while (this.h && M._ec_solver_progress_pending(this.h) > 0) {
      const rc = M._ec_solver_progress_json(this.h, this.core.out, OUT_SIZE, this.core.cell);
      if (rc < 0) this.core._fail(rc);
      for (const line of this.core._outText().split('\n')) if (line) records.push(JSON.parse(line));
    }
    return records;
  }

  // Drain the queued records without reading them (binary, no JSON): benchmarks.
  discard() {
    const { M } = this.core;
    while (this.h && M._ec_solver_progress_pending(this.h) > 0) {
      const rc = M._ec_solver_progress(this.h, this.core.scratch, SCRATCH_RECORDS, this.core.cell);
      if (rc < 0) this.core._fail(rc);
    }
  }

  result() {
    const rc = this.core.M._ec_solver_result_json(this.h, this.core.out, OUT_SIZE);
    if (rc < 0) this.core._fail(rc);
    return JSON.parse(this.core._outText());
  }

  // Exact reference optima of a solved run's phases (evocube.h, ec_solver_optima_json):
  // {start: {twophase, nodes}, phases: [{name, optimum, bound, ...}]}; searches stop at
  // `nodes` (then bound is true and the optimum is at least the number given).
  optima(nodes = 1000000) {
    const rc = this.core.M._ec_solver_optima_json(this.h, nodes, this.core.out, OUT_SIZE);
    if (rc < 0) this.core._fail(rc);
    return JSON.parse(this.core._outText());
  }

  free() {
    if (this.h) this.core.M._ec_solver_free(this.h);
    this.h = 0;
  }
}

// The Emscripten runtime's text for an abort or a trap, without its wrappers:
// "Aborted(RuntimeError: Aborted(x). Build with -s ASSERTIONS=1 for more info.)" -> "x".
export function plainFault(e) {
  let m = String(e && e.message ? e.message : e).replace(/\. Build with -s ASSERTIONS=1 for more info\./g, '');
  for (let k = 0; k < 4; k++) {
    const before = m;
    m = m.replace(/^(RuntimeError: )?Aborted\(([\s\S]*)\)$/, '$2').replace(/^RuntimeError: /, '');
    if (m === before) break;
  }
  return m.trim() || 'no detail';
}

// Why the wasm core did not load, in plain words (the page and the worker show this).
export function loadFailureText(e) {
  const m = plainFault(e);
  if (/no native wasm support/i.test(m)) return 'this browser does not support WebAssembly';
  if (/CompileError|LinkError|magic|section|invalid|expected/i.test(m)) {
    return `the file evocube.wasm is damaged: it is not valid WebAssembly (${m.replace(/^(CompileError|LinkError): /, '').slice(0, 160)})`;
  }
  if (/fetch|network|status code|not ok|both async and sync|failed to load/i.test(m)) {
    return 'the file evocube.wasm could not be downloaded (the network failed or the file is missing)';
  }
  return m.slice(0, 200);
}

// Instantiate from an Emscripten factory (web/gen/evocube.mjs's default export).
// Core: the class to make (web/lib/core-optimal.mjs's OptimalCore for the optimal module).
export async function createCore(factory, options = {}, Core = EvocubeCore) {
  const Module = await factory(options);
  return new Core(Module);
}
