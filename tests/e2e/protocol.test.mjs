// protocol.test.mjs - the worker protocol of DESIGN.md, spoken directly to web/worker.mjs
// in real Chromium (no page UI): ready first; every request ends with exactly one result
// or error; unknown types, unknown solvers, bad cubes and bad params get errors carrying
// the core's specific message; progress records arrive in order, every generation once,
// batched at most ~30 messages a second; pause/step/resume/cancel act on a running solve.
import { setup, pickSolver } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

test('the worker speaks the protocol', async () => {
  const quick = pickSolver(env.core, ['twophase', 'greedy', 'twes', 'hugo']);
  if (!quick) { console.warn('SKIPPED: no solver is registered in this build'); return; }
  const busy = pickSolver(env.core, ['twophase']) === 'twophase'
    ? { solver: 'twophase', params: { maxLength: 0, budget: 1000000000 } } : { solver: quick, params: {} };
  const page = await env.open();
  const bad = 'UUUUUUUURURRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';
  const out = await page.evaluate(async ({ quick, busy, bad }) => {
    const w = new Worker('web/worker.mjs', { type: 'module' });
    const msgs = [];
    const waiters = [];
    w.onmessage = (e) => {
      msgs.push({ ...e.data, t: performance.now() });
      for (const f of waiters.splice(0)) f();
    };
    const until = async (pred, ms = 30000) => {
      const end = performance.now() + ms;
      while (!pred()) {
        if (performance.now() > end) throw new Error('timeout');
        await new Promise((r) => { waiters.push(r); setTimeout(r, 50); });
      }
    };
    const ended = (id) => msgs.some((m) => m.id === id && (m.type === 'result' || m.type === 'error'));
    await until(() => msgs.some((m) => m.type === 'ready'));
    w.postMessage({ type: 'bogus', id: 'a' });
    w.postMessage({ type: 'solve', id: 'b', solver: 'nosuch', scramble: 'R' });
    w.postMessage({ type: 'solve', id: 'c', solver: quick, scramble: "R U F' D2", seed: 3 });
    w.postMessage({ type: 'solve', id: 'd', solver: quick, facelets: bad });
    w.postMessage({ type: 'solve', id: 'e', solver: quick, scramble: 'R U Q' });
    w.postMessage({ type: 'solve', id: 'f', solver: quick, scramble: 'R', params: { nosuchparam: 1 } });
    w.postMessage({ type: 'pause', id: 'nope' });
    await until(() => ['a', 'b', 'c', 'd', 'e', 'f', 'nope'].every(ended));
    // a long solve: pause, one step, resume, cancel
    w.postMessage({ type: 'solve', id: 'g', solver: busy.solver, scramble: "L B' D2 U2 R2 L U' R' B D' B' L D L F2 D F2 U D F L D' L2 F' B'", seed: 1, params: busy.params });
    const gen = () => Math.max(0, ...msgs.filter((m) => m.id === 'g' && m.type === 'progress').flatMap((m) => m.records.map((r) => r.gen)));
    await until(() => gen() > 3);
    w.postMessage({ type: 'pause', id: 'g' });
    await until(() => msgs.some((m) => m.id === 'g' && m.type === 'state' && m.state === 'paused'));
    // a round trip: the worker answers messages in order, so whatever it posted before its
    // answer has arrived by then (no sleeping and hoping)
    let trips = 0;
    const roundTrip = async () => {
      const id = `m${++trips}`;
      w.postMessage({ type: 'memory', id });
      await until(() => ended(id));
    };
    const g1 = gen(); // the pause flushed every record before its answer
    await roundTrip();
    const g2 = gen();
    const before = msgs.length;
    w.postMessage({ type: 'step', id: 'g' });
    await until(() => gen() > g2);
    await roundTrip();
    const g3 = gen();
    const stepMessages = msgs.slice(before).filter((m) => m.id === 'g' && m.type === 'progress').length;
    w.postMessage({ type: 'resume', id: 'g' });
    await until(() => gen() > g3);
    const g4 = gen();
    // run on for 30 more progress messages (about a second when batched), so the message
    // rate below is counted over a span long enough to tell batching from none
    const resumed = msgs.length;
    await until(() => msgs.slice(resumed).filter((m) => m.id === 'g' && m.type === 'progress').length >= 30);
    w.postMessage({ type: 'cancel', id: 'g' });
    await until(() => ended('g'));
    await roundTrip(); // anything the worker posted after the cancel would be here by now
    w.terminate();
    return { msgs, g1, g2, g3, g4, stepMessages };
  }, { quick, busy, bad });

  const { msgs } = out;
  expect(msgs[0].type).toBe('ready');
  expect(msgs[0].solvers.map((s) => s.name)).toEqual(env.core.solvers().map((s) => s.name));
  const terminal = (id) => msgs.filter((m) => m.id === id && (m.type === 'result' || m.type === 'error'));
  for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'nope']) expect(terminal(id)).toHaveLength(1);
  const err = (id) => terminal(id)[0];
  expect(err('a')).toMatchObject({ type: 'error', code: 'E_PROTOCOL' });
  expect(err('b')).toMatchObject({ type: 'error', code: 'E_SOLVER_UNKNOWN' });
  expect(err('b').message).toMatch(/unknown solver "nosuch"/);
  let expected;
  try { env.core.validate(bad); } catch (e) { expected = e; }
  expect(err('d')).toMatchObject({ type: 'error', code: expected.codeName, message: expected.message });
  expect(err('e')).toMatchObject({ type: 'error', code: 'E_TOKEN', message: 'unknown move "Q" at character 5' });
  expect(err('f')).toMatchObject({ type: 'error', code: 'E_PARAM_UNKNOWN' });
  expect(err('nope')).toMatchObject({ type: 'error', code: 'E_STATE' });

  // the quick solve: a verified solution, and its records are generations 1..n in order
  const c = err('c');
  expect(c.type).toBe('result');
  expect(c.stats.solved).toBe(true);
  expect(env.core.verify(env.core.apply("R U F' D2"), c.solution).solved).toBe(true);
  expect(c.length).toBe(env.core.metrics(c.solution).htm);
  const recs = msgs.filter((m) => m.id === 'c' && m.type === 'progress').flatMap((m) => m.records);
  expect(recs.map((r) => r.gen)).toEqual(recs.map((_, i) => i + 1));
  expect(recs.length).toBe(c.stats.generations);
  for (const k of ['gen', 'phase', 'phaseName', 'best', 'mean', 'bestLength', 'diversity', 'evaluations', 'bestMoves']) {
    expect(recs[0]).toHaveProperty(k);
  }

  // the long solve: no records while paused, one step's worth after step (one work unit; a
  // search solver may log a found solution too) in one message, more after resume
  expect(out.g2).toBe(out.g1);
  expect(out.g3 - out.g2).toBeGreaterThanOrEqual(1);
  expect(out.g3 - out.g2).toBeLessThanOrEqual(busy.solver === 'twophase' ? 2 : 1);
  expect(out.stepMessages).toBe(1);
  expect(out.g4).toBeGreaterThan(out.g3);
  expect(err('g')).toMatchObject({ type: 'error', code: 'E_CANCELLED' });
  const g = msgs.filter((m) => m.id === 'g' && m.type === 'progress');
  const gens = g.flatMap((m) => m.records.map((r) => r.gen));
  expect(gens).toEqual(gens.map((_, i) => i + 1)); // none dropped, in order
  // at most ~30 messages a second, counted over the run rather than timed pair by pair (the
  // page's thread may receive two batches together): one per 33 ms of the run, plus the
  // flushes that answer the pause, the step and the cancel, plus one
  const span = g[g.length - 1].t - g[0].t;
  expect(g.length).toBeLessThanOrEqual(Math.floor(span / 33) + 1 + 3 + 1);
  expect(g.length).toBeLessThan(gens.length); // batched: fewer messages than records
  expect(msgs.some((m) => m.id === 'g' && m.type === 'progress' && m.t > msgs.find((x) => x.id === 'g' && (x.type === 'error')).t)).toBe(false);
  await page.close();
});
