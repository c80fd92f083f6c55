// protocol-fuzz.test.mjs - a seeded fuzz of the worker protocol (web/lib/worker-api.mjs) in Node,
// with no Worker: random message shapes, types, ids, huge and nested values (cycles too, as
// structured cloning allows), and messages out of order (cancel before solve, two solves with
// one id, controls for ended runs). Checked after every message and every slice:
//   - handle() never throws, and no reply is E_CRASH;
//   - every request ends with exactly one `result` or `error` for its id: at once for a
//     malformed message (id null), an unknown type, a control for no running solve, a
//     duplicate solve, a refused solve, memory/warm/scramble; later for a started solve (its
//     result, its error, or the E_CANCELLED answering a cancel); pause/resume/step of a
//     running solve end nothing; no reply ends an id that has nothing open;
//   - nothing hangs: a bounded number of slices, then every open solve is cancelled;
//   - memory stays flat: the core's bytes in use (the `memory` message's inUse) after each
//     round equal those before it.
// Seeded: a failure names the seed and the message, and EC_PROTOCOL_FUZZ_SEED=s reproduces
// it. The short form runs in npm test; EC_PROTOCOL_FUZZ_ROUNDS=n makes it longer.
import { createHash } from 'node:crypto';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { createWorkerApi } from '../../web/lib/worker-api.mjs';
import { REQUEST, REPLY, ERROR } from '../../web/lib/protocol.mjs';

const core = await loadCoreNode();
const ROUNDS = Number(process.env.EC_PROTOCOL_FUZZ_ROUNDS || 6);
const FIRST_SEED = Number(process.env.EC_PROTOCOL_FUZZ_SEED || 1);
const MESSAGES = 60; // a round: this many messages, interleaved with slices
const fuzzFactory = { current: createWorkerApi }; // the API under test (swapped by one test)
const tally = {}; // replies by type and code, printed with EC_PROTOCOL_FUZZ_TALLY=1
afterAll(() => { if (process.env.EC_PROTOCOL_FUZZ_TALLY) console.log(JSON.stringify(tally, null, 1)); });

// A seeded stream of numbers in [0, 1): SHA-256 of "seed:counter" (Node's own hash, so the
// test writes no PRNG of its own).
function prng(seed) {
  let i = 0;
  return () => createHash('sha256').update(`${seed}:${i++}`).digest().readUInt32LE(0) / 4294967296;
}

const SOLVED = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';

function generator(rand) {
  const pick = (a) => a[Math.floor(rand() * a.length)];
  const nested = (depth) => (depth <= 0 ? pick([1, 'x', null, true]) : rand() < 0.5 ? [nested(depth - 1), nested(depth - 1)] : { a: nested(depth - 1), b: nested(depth - 1) });
  const cyclic = () => { const o = { a: 1 }; o.self = o; o.list = [o]; return o; };
  const huge = () => pick(['R '.repeat(30000), 'U'.repeat(200000), 'x'.repeat(1 << 20)]);
  const weird = () => pick([undefined, null, NaN, Infinity, -0, -1, 2 ** 53, 1e300, 10n, true, '', ' ', '\u0000', 'R\u0000U',
    '\uD800', '\u202E', nested(6), cyclic(), huge(), [], {}, new Uint8Array(3), new Date(0), new Map([[1, 2]]), /re/]);
  const ids = ['a', 'b', 'c', 0, 1, -0, NaN, 'x'.repeat(64)];
  const id = () => (rand() < 0.85 ? pick(ids) : pick([undefined, null, {}, [], 'x'.repeat(65), 1.5, true, weird()]));
  const solver = () => (rand() < 0.9 ? pick(['twophase', 'hugo', 'twes', 'macro-ga', 'pso', 'greedy', 'aco', 'dkho']) : weird());
  const cube = () => {
    const r = rand();
    if (r < 0.6) return { scramble: pick(["R U R' U'", 'F2 D', "R U F' D2 L B", "R U F' D2 L B R2 U' F", '', 'R U Q', '(R U', 'x y M']) };
    if (r < 0.72) return { facelets: pick([SOLVED, core.apply('R U'), 'UUU', SOLVED.replace('U', '\u0000')]) };
    if (r < 0.8) return { scramble: "R U R' U'", facelets: core.apply('F') };
    return rand() < 0.5 ? { scramble: weird() } : { facelets: weird() };
  };
  const params = () => (rand() < 0.5 ? undefined : pick(['', 'preset=fast', 'maxLength=22,budget=0', { preset: 'small' },
    { population: 3 }, { population: '1e9' }, { 'a,b': 1 }, { x: '1,y=2' }, 'budget=-1', 'nope=1', weird()]));
  const seed = () => (rand() < 0.85 ? Math.floor(rand() * 100) : weird());
  return () => {
    const r = rand();
    if (r < 0.07) return weird(); // not even a message
    if (r < 0.4) return { type: REQUEST.SOLVE, id: id(), solver: solver(), ...cube(), seed: seed(), params: params(), paused: rand() < 0.3 };
    if (r < 0.7) return { type: pick([REQUEST.PAUSE, REQUEST.RESUME, REQUEST.STEP, REQUEST.CANCEL]), id: id() };
    if (r < 0.78) return { type: REQUEST.MEMORY, id: id() };
    if (r < 0.86) return { type: REQUEST.SCRAMBLE, id: id(), kind: pick(['moves', 'random-state', weird()]), seed: seed(), n: pick([0, 5, 25, 4001, -1, 2.5, weird()]) };
    if (r < 0.9) return { type: pick(['bogus', '', 'constructor', '__proto__', 'x'.repeat(5000)]), id: id() };
    const m = { type: pick(Object.values(REQUEST)), id: id(), extra: nested(8) };
    if (rand() < 0.5) m.type = weird();
    return m;
  };
}

// The id a reply is for, as the API reads it from the request (null for a malformed one).
const idOf = (m) => (m && typeof m === 'object' && typeof m.type === 'string' &&
  (typeof m.id === 'string' || typeof m.id === 'number') && String(m.id).length <= 64 ? m.id : null);
const key = (id) => (Object.is(id, -0) ? 0 : id); // the Map of jobs treats -0 as 0
const terminal = (m) => m.type === REPLY.RESULT || m.type === REPLY.ERROR;
const label = (m) => { try { return JSON.stringify(m, (k, v) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'string' && v.length > 40 ? `${v.slice(0, 40)}...(${v.length})` : v)); } catch { return String(m && m.type); } };

function fuzzRound(seed) {
  const rand = prng(seed);
  const next = generator(rand);
  const sent = [];
  const slices = [];
  let clock = 0;
  const api = fuzzFactory.current(core, { post: (m) => sent.push(structuredClone(m)), schedule: (f) => slices.push(f), now: () => ++clock });
  const open = new Set(); // ids of started solves not ended yet (the model)
  const fail = (what, m) => { throw new Error(`seed ${seed}: ${what}; message ${label(m)}`); };

  // Deliver one message as a Worker would (structured clone), then check what it ended.
  const deliver = (m) => {
    let msg;
    try { msg = structuredClone(m); } catch { return; } // not cloneable: a page cannot send it
    const before = sent.length;
    try { api.handle(msg); } catch (e) { fail(`handle() threw ${e}`, m); }
    const replies = sent.slice(before);
    if (replies.some((r) => r.code === ERROR.CRASH)) fail('an E_CRASH reply', m);
    const ends = replies.filter(terminal);
    const id = idOf(msg);
    if (id === null) {
      if (ends.length !== 1 || ends[0].id !== null || ends[0].code !== ERROR.PROTOCOL) fail(`malformed message: ${ends.length} ends`, m);
      return;
    }
    if (ends.some((r) => !Object.is(key(r.id), key(id)))) fail('a reply for another id', m);
    const running = open.has(key(id));
    const control = [REQUEST.PAUSE, REQUEST.RESUME, REQUEST.STEP].includes(msg.type);
    if (msg.type === REQUEST.SOLVE && !running) {
      if (ends.length > 1) fail(`a solve ended ${ends.length} times`, m);
      if (ends.length === 0) open.add(key(id)); // started: it ends later
    } else if (control && running) {
      if (ends.length) fail('pause/resume/step ended a running solve', m);
    } else {
      if (ends.length !== 1) fail(`${ends.length} ends, want exactly 1`, m);
      if (msg.type === REQUEST.CANCEL && running) {
        if (ends[0].code !== ERROR.CANCELLED) fail('cancel not answered E_CANCELLED', m);
        open.delete(key(id));
      }
    }
  };
  // Run one slice; each solve it ends must be open, and ends once.
  const slice = () => {
    const before = sent.length;
    slices.shift()();
    for (const r of sent.slice(before)) {
      if (r.code === ERROR.CRASH) fail('an E_CRASH reply from a slice', r);
      if (!terminal(r)) continue;
      if (!open.has(key(r.id))) fail('a slice ended a solve that was not open', r);
      open.delete(key(r.id));
    }
  };

  for (let k = 0; k < MESSAGES; k++) {
    deliver(next());
    const n = Math.floor(rand() * 4);
    for (let s = 0; s < n && slices.length; s++) slice();
  }
  for (let s = 0; s < 200 && slices.length; s++) slice(); // bounded: no run needs to finish
  for (const id of [...open]) deliver({ type: REQUEST.CANCEL, id });
  while (slices.length) slice(); // what is left is a scheduled wake with nothing to run
  if (open.size || api.jobs.size) fail(`${open.size} solves still open, ${api.jobs.size} jobs`, null);
  for (const r of sent) if (terminal(r)) tally[`${r.type} ${r.code || (r.stats ? r.stats.status : 'ok')}`] = (tally[`${r.type} ${r.code || (r.stats ? r.stats.status : 'ok')}`] || 0) + 1;
  return sent.length;
}

function inUse() {
  const sent = [];
  createWorkerApi(core, { post: (m) => sent.push(m), schedule: () => {} }).handle({ type: REQUEST.MEMORY, id: 'm' });
  return sent[0].memory.inUse;
}

test(`${ROUNDS} seeded rounds of ${MESSAGES} random messages: one end per request, no crash or hang, flat memory`, () => {
  // build every lazily made table first (two-phase tables, the near-goal table) so memory
  // in use changes only if a run leaks
  core.run({ solver: 'pso', facelets: core.apply("R U R' U' F"), seed: 1, params: '' }, { stop: () => true });
  core.randomStateScramble(1);
  // and the exact reference optima's tables (c/search/optima.c: block and stage tables, built
  // on first use), which the worker computes after a solved hugo or twes run
  for (const solver of ['twes', 'hugo']) {
    const run = core.createSolver(solver, core.apply("R U F'"), 1, '');
    try {
      while (run.advance(1000, false).status === 'running');
      expect(run.result().solved).toBe(true);
      run.optima();
    } finally { run.free(); }
  }
  fuzzRound(FIRST_SEED);
  const base = inUse();
  let replies = 0;
  for (let r = 1; r < ROUNDS; r++) {
    replies += fuzzRound(FIRST_SEED + r);
    const now = inUse();
    if (now !== base) throw new Error(`seed ${FIRST_SEED + r}: bytes in use ${base} -> ${now} after the round`);
  }
  expect(replies).toBeGreaterThan(ROUNDS * 20);
});

test('the checks catch a protocol fault: a cancel that ends nothing is reported with its seed', () => {
  // the fuzz's own model, fed a broken API (cancel answered twice): it must fail, naming the seed
  const original = createWorkerApi;
  let caught = null;
  const broken = (c, io) => {
    const api = original(c, io);
    return { ...api, handle: (m) => { api.handle(m); if (m && m.type === REQUEST.CANCEL) io.post({ type: REPLY.ERROR, id: m.id, code: 'E_STATE', message: 'again' }); } };
  };
  try { fuzzWith(broken, 7); } catch (e) { caught = e; }
  expect(caught && caught.message).toMatch(/^seed 7: .*ends, want exactly 1|^seed 7: /);
});

// fuzzRound with another API factory (for the test above)
function fuzzWith(factory, seed) {
  const saved = fuzzFactory.current;
  fuzzFactory.current = factory;
  try { return fuzzRound(seed); } finally { fuzzFactory.current = saved; }
}
