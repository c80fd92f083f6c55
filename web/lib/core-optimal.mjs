// core-optimal.mjs - the optimal search's table calls (evocube.h, "optimal search") over the
// optimal module (web/gen/optimal.mjs: the main module's API and solvers plus `optimal` and the
// table exports). OptimalCore is EvocubeCore with them; the main module has none of these
// exports, so they live here, apart from the first load (the page's optimal worker and the
// Node CLI load this file). With web/lib/core.mjs, the only file that touches a wasm module.
// Sizes are byte counts below 2**53; the C side's int64_t arguments cross as (low, high)
// 32-bit halves (the module is built without BigInt integration).
import { EC, EvocubeCore, EvocubeError, MSG_SIZE, createCore } from './core.mjs';

export class OptimalCore extends EvocubeCore {
  _needTable() {
    if (!this.hasOptimalTable()) throw new EvocubeError(EC.E_STATE, 'this module has no optimal search (it is web/gen/optimal.mjs\'s)');
  }

  _i64(p) { return this.M.HEAPU32[p >> 2] + this.M.HEAPU32[(p >> 2) + 1] * 2 ** 32; }

  // {memory, stored}: the bytes the table of `level` takes in memory and stored.
  tableBytes(level) {
    this._needTable();
    const rc = this.M._ec_optimal_table_bytes(level, this.cell, this.cell + 8);
    if (rc < 0) this._fail(rc);
    return { memory: this._i64(this.cell), stored: this._i64(this.cell + 8) };
  }

  // Start building the table of `level` (frees any held); EvocubeError E_NOMEM when the
  // module cannot grow to hold it (here, or in a later step's small work list).
  tableBegin(level) {
    this._needTable();
    this.M.HEAPU8[this.msg] = 0;
    this.building = level;
    const rc = this.M._ec_optimal_table_begin(level);
    if (rc === EC.E_NOMEM) this._noMemory(level);
    if (rc < 0) this._fail(rc);
  }

  _noMemory(level) {
    const { memory } = this.tableBytes(level);
    throw new EvocubeError(EC.E_NOMEM, `out of memory: the table of level ${level} needs ${(memory / 1e6).toFixed(1)} MB, more than this device or the module would give`);
  }

  // One slice of the build (about `work` thousand entries in all): true once the table is
  // complete. threads > 1: the backward passes shared with the module's search threads (the
  // threaded module; the one-thread module runs them on this thread alone); the same bytes.
  tableBuildStep(work = 1000, threads = 1) {
    const rc = threads > 1 ? this.M._ec_optimal_table_build_step_threads(work, threads) : this.M._ec_optimal_table_build_step(work);
    if (rc === EC.E_NOMEM && this.building != null) this._noMemory(this.building);
    if (rc < 0) this._fail(rc);
    return rc === EC.DONE;
  }

  // {share (0..1 of the entries known), level (-1: none held or being built)}
  tableProgress() {
    this._needTable();
    const rc = this.M._ec_optimal_table_progress(this.cell, this.cell + 8);
    if (rc < 0) this._fail(rc);
    return { share: this.M.HEAPF64[this.cell >> 3], level: this.M.HEAP32[(this.cell + 8) >> 2] };
  }

  // The complete table's 64-bit checksum as 16 hex digits.
  tableChecksum() {
    const rc = this.M._ec_optimal_table_checksum(this.cell);
    if (rc < 0) this._fail(rc);
    const u = this.M.HEAPU32, i = this.cell >> 2;
    return u[i + 1].toString(16).padStart(8, '0') + u[i].toString(16).padStart(8, '0');
  }

  // The complete table's stored form, handed to sink(bytes) in pieces (views of a scratch
  // buffer in wasm memory; valid only during the call) of at most `chunk` bytes.
  tableExport(level, sink, chunk = 1 << 24) {
    const { stored } = this.tableBytes(level);
    const p = this.M._malloc(stored);
    if (!p) throw new EvocubeError(EC.E_NOMEM, `out of memory: exporting the table needs ${(stored / 1e6).toFixed(1)} MB more`);
    try {
      const rc = this.M._ec_optimal_table_export(p, stored >>> 0, Math.floor(stored / 2 ** 32));
      if (rc < 0) this._fail(rc);
      for (let at = 0; at < stored; at += chunk) sink(this.M.HEAPU8.subarray(p + at, p + Math.min(stored, at + chunk)));
    } finally {
      this.M._free(p);
    }
    return stored;
  }

  // Streaming import: tableImportBegin(first 80 bytes, total size), tableImportChunk(bytes)
  // in order, tableImportEnd() (checks the checksum). A refusal throws E_TABLE with the core's
  // reason and leaves no table held.
  tableImportBegin(header, total) {
    this._needTable();
    this._withBytes(header, (p, n) => this.M._ec_optimal_table_import_begin(p, total >>> 0, Math.floor(total / 2 ** 32), this.msg, MSG_SIZE));
  }

  tableImportChunk(bytes) {
    this._withBytes(bytes, (p, n) => this.M._ec_optimal_table_import_chunk(p, n, 0, this.msg, MSG_SIZE));
  }

  tableImportEnd() {
    this.M.HEAPU8[this.msg] = 0;
    const rc = this.M._ec_optimal_table_import_end(this.msg, MSG_SIZE);
    if (rc < 0) this._fail(rc);
  }

  // The threaded module's pool of thread Workers (Node: worker_threads), parked or running;
  // [] for the one-thread module.
  threadWorkers() {
    const P = this.M.PThread;
    return P ? [...P.unusedWorkers, ...P.runningWorkers] : [];
  }

  tableFree() {
    this._needTable();
    this.M._ec_optimal_table_free();
  }

  // f(pointer, length) with bytes copied into fresh wasm memory, freed afterwards; a
  // negative status throws.
  _withBytes(bytes, f) {
    const p = this.M._malloc(bytes.length || 1);
    if (!p) throw new EvocubeError(EC.E_NOMEM, `out of memory copying ${bytes.length} bytes into the core`);
    try {
      this.M.HEAPU8.set(bytes, p);
      this.M.HEAPU8[this.msg] = 0;
      const rc = f(p, bytes.length);
      if (rc < 0) this._fail(rc);
      return rc;
    } finally {
      this.M._free(p);
    }
  }
}

// Instantiate the optimal module from its Emscripten factory.
export const createOptimalCore = (factory, options = {}) => createCore(factory, options, OptimalCore);
