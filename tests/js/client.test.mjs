// client.test.mjs - web/lib/client.mjs's worker starts in Node over stand-in workers: the
// workers of one page start one after another (each once the one before said ready or
// failed), what is posted to a client before its worker exists reaches the worker once it
// does, a client terminated before its start never spawns one, and a failed start holds up
// no one. (WebKit loses module workers started together under a service worker.)
import { SolverClient } from '../../web/lib/client.mjs';
import { REPLY, REQUEST } from '../../web/lib/protocol.mjs';

const READY = { type: REPLY.READY, version: 'test', solvers: [], randomState: true };

// a stand-in Worker per spawn: it logs its spawn, the messages it gets and its end, and
// says ready (or fails to load, the way a Worker whose script did not load does) after `ms`
function spawner(log, { fail = () => false, ms = 15 } = {}) {
  return (url, { name }) => {
    log.push(`spawn ${name}`);
    const port = {
      postMessage: (m) => log.push(`${name} got ${m.type}`),
      terminate: () => log.push(`${name} ended`),
    };
    setTimeout(() => {
      if (fail(name)) { log.push(`${name} failed`); port.onerror({ message: '' }); } else { log.push(`${name} ready`); port.onmessage({ data: READY }); }
    }, ms);
    return port;
  };
}

const settle = (clients) => Promise.all(clients.map((c) => c.ready.catch(() => null)));

test('workers start one after another; a message posted before the spawn arrives after it', async () => {
  const log = [];
  const spawn = spawner(log);
  const cs = ['a', 'b', 'c'].map((name) => new SolverClient({ name, spawn }));
  cs[2].memory().catch(() => {}); // posted before c's worker exists
  expect(log).toEqual([]); // nothing spawned in the constructor's turn
  await settle(cs);
  expect(log).toEqual(['spawn a', 'a ready', 'spawn b', 'b ready', 'spawn c', `c got ${REQUEST.MEMORY}`, 'c ready']);
  expect(cs.map((c) => c.worker.real !== null)).toEqual([true, true, true]);
  cs.forEach((c) => c.terminate());
});

test('a worker that fails to load holds up no one; one terminated before its start never spawns', async () => {
  const log = [];
  const crashes = [];
  const spawn = spawner(log, { fail: (name) => name === 'x' });
  const x = new SolverClient({ name: 'x', spawn, onCrash: (c) => crashes.push(c) });
  const y = new SolverClient({ name: 'y', spawn });
  const z = new SolverClient({ name: 'z', spawn });
  y.terminate();
  await settle([x, y, z]);
  expect(log).toEqual(['spawn x', 'x failed', 'x ended', 'spawn z', 'z ready']);
  expect(crashes).toEqual([{ message: 'the solver worker could not start: its scripts did not load', restarted: false, load: true }]);
  await expect(x.memory()).rejects.toThrow(/could not start/);
  await expect(y.ready).rejects.toThrow(/stopped/);
  expect(y.worker.real).toBeNull();
  z.terminate();
});
