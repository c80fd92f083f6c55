// islands.test.mjs - the island coordinator (web/lib/islands.mjs) in Node with no Worker: each
// island's SolverClient (web/lib/client.mjs) talks to its own worker inside API
// (web/lib/worker-api.mjs) over the wasm core, messages delivered later by a seeded scheduler that
// shuffles their timing. The result depends only on (cube, solver, params, seed, K): the same
// twice, under other timings, and equal to the native model of the rule (tests/c/
// test_islands.c --run, the C core natively); K = 1 is the plain run; cancel mid-epoch leaves
// no job behind and the next solve gives the same result; pause/step/resume act on all.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { EC } from '../../web/lib/core.mjs';
import { SolverClient } from '../../web/lib/client.mjs';
import { createWorkerApi, readyMessage } from '../../web/lib/worker-api.mjs';
import { REPLY, ERROR } from '../../web/lib/protocol.mjs';
import { solveIslands, defaultIslands } from '../../web/lib/islands.mjs';

const core = await loadCoreNode();
const NATIVE = new URL('../../build/native/test_islands', import.meta.url).pathname;
const SCRAMBLE = "R U F' L2 D B";

// A worker in-process: messages cross after a delay of 0..jitter turns of the event loop,
// drawn from a seeded generator (order within one direction of one worker is kept, as a
// real MessagePort keeps it).
function fakeSpawn(jitterSeed, apis) {
  let x = jitterSeed >>> 0;
  const rand = () => { x = (x * 1103515245 + 12345) >>> 0; return x >>> 16; };
  const later = (jitter) => {
    let last = Promise.resolve();
    return (f) => {
      const turns = jitter ? rand() % jitter : 0;
      last = last.then(() => new Promise((res) => { let k = turns; const go = () => (k-- > 0 ? setImmediate(go) : res()); go(); })).then(f);
    };
  };
  return () => {
    const toPage = later(jitterSeed ? 6 : 0), toWorker = later(jitterSeed ? 6 : 0);
    const port = { onmessage: null, onerror: null, onmessageerror: null, terminate() { port.dead = true; } };
    const api = createWorkerApi(core, { post: (m) => { const c = structuredClone(m); toPage(() => !port.dead && port.onmessage && port.onmessage({ data: c })); }, schedule: setImmediate });
    apis.push(api);
    port.postMessage = (m) => { const c = structuredClone(m); toWorker(() => !port.dead && api.handle(c)); };
    toPage(() => port.onmessage && port.onmessage({ data: structuredClone(readyMessage(core)) }));
    return port;
  };
}

function clients(k, jitterSeed = 0) {
  const apis = [];
  const cs = Array.from({ length: k }, () => new SolverClient({ url: 'x', spawn: fakeSpawn(jitterSeed, apis) }));
  return { cs, apis, start: (i, req, cb) => cs[i].solve(req, cb), close: () => cs.forEach((c) => c.terminate()) };
}

async function solve(k, request, jitterSeed = 0, callbacks = {}) {
  const c = clients(k, jitterSeed);
  try {
    const run = solveIslands(c.start, request, { islands: k, ...callbacks });
    return await run.promise;
  } finally {
    c.close();
  }
}

const pick = (r) => ({ solution: r.solution, length: r.length, island: r.stats.island, epochs: r.stats.epochs, generations: r.stats.generations, perIsland: r.stats.perIsland });

const CASES = [
  ['hugo', 5, 'epoch=50'],
  ['twes', 7, 'preset=small'],
  ['macro-ga', 7, 'preset=fast'],
];
// seeds of quick runs (HuGO! has a heavy tail even on this scramble: seed 3 with K = 2 takes
// 2,918 epochs, about 25 s natively; seed 5 ends in its 10th epoch, so migrants still cross)
const K1 = [['hugo', 1, 'epoch=50'], ['twes', 7, 'preset=small'], ['macro-ga', 7, 'preset=fast']];

test('defaultIslands: every core but one, at least 1, at most 64', () => {
  expect(defaultIslands(8)).toBe(7);
  expect(defaultIslands(2)).toBe(1);
  expect(defaultIslands(1)).toBe(1);
  expect(defaultIslands(undefined)).toBe(1);
  expect(defaultIslands(200)).toBe(64);
});

test('island seeds: island 0 keeps the run seed, the others are the core\'s pure derivation', () => {
  expect(core.islandSeed(42, 0)).toBe(42);
  expect(core.islandSeed(42, 1)).not.toBe(42);
  expect(core.islandSeed(42, 1)).toBe(core.islandSeed(42, 1));
  expect(core.islandSeed(42, 2)).not.toBe(core.islandSeed(42, 1));
});

test.each(CASES)('%s, K = 2: the same result twice, under other message timings, and natively', async (solver, seed, params) => {
  const request = { solver, scramble: SCRAMBLE, seed, params };
  const a = pick(await solve(2, request));
  const b = pick(await solve(2, request, 12345));
  const c = pick(await solve(2, request, 999));
  expect(a.length).toBeGreaterThan(0);
  expect(b).toEqual(a);
  expect(c).toEqual(a);
  expect(core.verify(core.apply(SCRAMBLE), a.solution).solved).toBe(true);
  expect(a.perIsland).toHaveLength(2);
  if (existsSync(NATIVE)) {
    const n = JSON.parse(execFileSync(NATIVE, ['--run', solver, String(seed), '2', params, SCRAMBLE], { encoding: 'utf8' }));
    expect({ solution: a.solution, island: a.island, epochs: a.epochs }).toEqual({ solution: n.result.solution, island: n.winner, epochs: n.epochs });
  }
});

test('K = 3 with migrants along the ring equals the native model too', async () => {
  const request = { solver: 'twes', scramble: SCRAMBLE, seed: 5, params: 'preset=small,epoch=2,migrants=20' };
  const a = pick(await solve(3, request, 77));
  if (existsSync(NATIVE)) {
    const n = JSON.parse(execFileSync(NATIVE, ['--run', 'twes', '5', '3', request.params, SCRAMBLE], { encoding: 'utf8' }));
    expect({ solution: a.solution, island: a.island, epochs: a.epochs }).toEqual({ solution: n.result.solution, island: n.winner, epochs: n.epochs });
  }
  expect(pick(await solve(3, request))).toEqual(a);
});

test.each(K1)('%s, K = 1 is the plain run', async (solver, seed, params) => {
  const plain = core.run({ solver, facelets: core.apply(SCRAMBLE), seed, params }).result;
  const r = await solve(1, { solver, scramble: SCRAMBLE, seed, params });
  expect({ solution: r.solution, generations: r.stats.generations, island: r.stats.island })
    .toEqual({ solution: plain.solution, generations: plain.generations, island: 0 });
});

test('every island reports progress and epochs; the whole is their sum', async () => {
  const seen = new Map();
  const epochs = [];
  const r = await solve(2, { solver: 'hugo', scramble: SCRAMBLE, seed: 5, params: 'epoch=50' }, 0, {
    onProgress: (i, recs) => seen.set(i, (seen.get(i) || 0) + recs.length),
    onEpoch: (e) => epochs.push(e.epoch),
  });
  expect([...seen.keys()].sort()).toEqual([0, 1]);
  expect(epochs).toEqual(Array.from({ length: r.stats.epochs - 1 }, (_, k) => k + 1));
  expect(r.stats.generations).toBe(r.stats.perIsland.reduce((a, p) => a + p.generations, 0));
  expect(r.stats.generations).toBe(seen.get(0) + seen.get(1));
});

test('cancel mid-epoch: E_CANCELLED, no job left on any island, and the next solve gives the same result', async () => {
  const request = { solver: 'hugo', scramble: SCRAMBLE, seed: 5, params: 'epoch=50' };
  const want = pick(await solve(2, request));
  const c = clients(2, 4242);
  let records = 0, epochs = 0, run;
  const cancelled = new Promise((res) => {
    run = solveIslands(c.start, request, {
      islands: 2,
      onProgress: (i, recs) => { records += recs.length; if (records > 40) res(); }, // epoch 1: 50 + 50
      onEpoch: () => { epochs++; },
    });
  });
  await cancelled;
  run.cancel();
  expect(epochs).toBe(0); // cancelled inside the first epoch
  await expect(run.promise).rejects.toMatchObject({ code: 'E_CANCELLED' });
  for (let k = 0; k < 40; k++) await new Promise((r) => setImmediate(r));
  for (const api of c.apis) expect(api.jobs.size).toBe(0);
  const again = solveIslands(c.start, request, { islands: 2 });
  expect(pick(await again.promise)).toEqual(want);
  c.close();
});

test('pause and step act on every island; resume gives the same result', async () => {
  const request = { solver: 'macro-ga', scramble: SCRAMBLE, seed: 7, params: 'preset=fast,epoch=3' };
  const want = pick(await solve(2, request));
  const c = clients(2);
  const gens = [0, 0];
  const run = solveIslands(c.start, request, { islands: 2, onProgress: (i, recs) => { gens[i] = recs[recs.length - 1].gen; } });
  run.pause();
  const settle = async () => { for (let k = 0; k < 60; k++) await new Promise((r) => setImmediate(r)); };
  await settle();
  const paused = [...gens];
  await settle();
  expect(gens).toEqual(paused);
  run.step();
  await settle();
  expect(gens).toEqual(paused.map((g) => g + 1));
  run.resume();
  expect(pick(await run.promise)).toEqual(want);
  c.close();
});

test('the worker refuses a migrate out of turn or with malformed bytes, ending that solve once', () => {
  const sent = [];
  const slices = [];
  const api = createWorkerApi(core, { post: (m) => sent.push(structuredClone(m)), schedule: (f) => slices.push(f), now: () => 0 });
  const pump = () => { while (slices.length) slices.shift()(); };
  const facelets = core.apply(SCRAMBLE);
  api.handle({ type: 'solve', id: 'a', solver: 'hugo', facelets, seed: 3, params: 'epoch=5', island: 0, islands: 2 });
  api.handle({ type: 'migrate', id: 'a', migrants: [] });
  expect(sent.filter((m) => m.id === 'a' && m.type === REPLY.ERROR)).toEqual([expect.objectContaining({ code: 'E_STATE' })]);
  expect(api.jobs.size).toBe(0);
  api.handle({ type: 'solve', id: 'b', solver: 'hugo', facelets, seed: 3, params: 'epoch=5', island: 1, islands: 2 });
  pump();
  const ep = sent.filter((m) => m.id === 'b' && m.type === REPLY.EPOCH);
  expect(ep).toHaveLength(1);
  expect(ep[0].epoch).toBe(1);
  expect(ep[0].migrants.slice(0, 4)).toEqual([...'ECM1'].map((ch) => ch.charCodeAt(0)));
  api.handle({ type: 'migrate', id: 'b', migrants: [1, 2, 300] });
  expect(sent.filter((m) => m.id === 'b' && m.type === REPLY.ERROR)).toEqual([expect.objectContaining({ code: 'E_MIGRANTS' })]);
  api.handle({ type: 'solve', id: 'c', solver: 'hugo', facelets, seed: 3, params: 'epoch=5', island: 1, islands: 2 });
  pump();
  const bad = [...ep[0].migrants];
  bad[24] = 40; // a gene out of range
  api.handle({ type: 'migrate', id: 'c', migrants: bad });
  const err = sent.filter((m) => m.id === 'c' && m.type === REPLY.ERROR);
  expect(err).toEqual([expect.objectContaining({ code: 'E_MIGRANTS', message: expect.stringContaining('payload byte 0 (40)') })]);
  expect(api.jobs.size).toBe(0);
  expect(EC.EPOCH).toBe(4);
  // a solver without islands, or K out of range, is refused by the core with its message
  api.handle({ type: 'solve', id: 'd', solver: 'twophase', facelets, seed: 3, island: 0, islands: 2 });
  expect(sent.filter((m) => m.id === 'd')).toEqual([expect.objectContaining({ type: REPLY.STATE }), expect.objectContaining({ code: 'E_RANGE', message: expect.stringContaining('no island model') })]);
  expect(() => solveIslands(() => null, {}, { islands: 65 })).toThrow(/from 1 to 64/);
  expect(ERROR.CANCELLED).toBe('E_CANCELLED');
});

test('CLI: solve --islands 2 runs worker threads and gives the rule\'s solution; bad K and solvers without islands exit 2', () => {
  const cli = new URL('../../scripts/cli/evocube.mjs', import.meta.url).pathname;
  const run = (...a) => { try { return { code: 0, out: execFileSync('node', [cli, ...a], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) }; } catch (e) { return { code: e.status, out: String(e.stdout), err: String(e.stderr) }; } };
  const r = run('solve', '--solver', 'hugo', '--scramble', SCRAMBLE, '--seed', '5', '--param', 'epoch=50', '--islands', '2', '--json');
  expect(r.code).toBe(0);
  const j = JSON.parse(r.out);
  expect(j).toMatchObject({ solver: 'hugo', seed: 5, solved: true, islands: 2 });
  if (existsSync(NATIVE)) {
    const n = JSON.parse(execFileSync(NATIVE, ['--run', 'hugo', '5', '2', 'epoch=50', SCRAMBLE], { encoding: 'utf8' }));
    expect({ solution: j.solution, island: j.island, epochs: j.epochs }).toEqual({ solution: n.result.solution, island: n.winner, epochs: n.epochs });
  }
  expect(run('solve', '--solver', 'hugo', '--scramble', 'R U', '--islands', '0')).toMatchObject({ code: 2, err: expect.stringContaining('--islands must be a whole number from 1 to 64 (got "0")') });
  expect(run('solve', '--solver', 'twophase', '--scramble', 'R U', '--islands', '2')).toMatchObject({ code: 2, err: expect.stringContaining('solver twophase has no island model') });
});
