// optimal-client.test.mjs - web/lib/optimal/client.mjs, the page's side of the optimal worker,
// over fake workers (no Worker, no module): requests answered in order with their events; a
// worker whose module does not say 'started' in time replaced by a new one that is sent what
// was waiting; the last try's end said as an error; stop() rejecting what waits and the next
// request starting afresh.
import { OptimalClient } from '../../web/lib/optimal/client.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A fake worker: records what it is sent; `starts` says whether it ever reports its module
// started; once started it answers each request {id, type: 'echo', ...} with a progress event
// and 'done' (or 'error' for type 'fail').
function fakes(plan) {
  const made = [];
  const spawn = (url) => {
    const w = { url, sent: [], terminated: false, starts: plan[made.length] ?? true, said: false, onmessage: null, onerror: null };
    const reply = (data) => { if (!w.terminated) w.onmessage({ data }); };
    w.terminate = () => { w.terminated = true; };
    w.postMessage = (m) => {
      w.sent.push(m);
      if (!w.starts) return;
      setTimeout(() => {
        if (!w.said) { w.said = true; reply({ type: 'started' }); }
        reply({ id: m.id, type: 'progress', share: 0.5 });
        reply(m.type === 'fail' ? { id: m.id, type: 'error', kind: 'table', message: 'refused' } : { id: m.id, type: 'done', echo: m.value, threads: m.threads });
      }, 1);
    };
    made.push(w);
    return w;
  };
  return { made, spawn };
}

test('requests answered in order, with their events and the threads; an error reply rejects', async () => {
  const { made, spawn } = fakes([true]);
  const c = new OptimalClient('w.mjs', { threads: 3, startMs: [50, 50], spawn });
  const events = [];
  const a = c.request({ type: 'echo', value: 'a' }, (ev) => events.push(ev.share));
  const b = c.request({ type: 'echo', value: 'b' });
  expect(await a).toMatchObject({ type: 'done', echo: 'a', threads: 3 });
  expect(await b).toMatchObject({ type: 'done', echo: 'b' });
  expect(events).toEqual([0.5]);
  await expect(c.request({ type: 'fail' })).rejects.toMatchObject({ kind: 'table', message: 'refused' });
  await sleep(120); // past the start time: a worker that said 'started' is kept
  expect(made.length).toBe(1);
  expect(made[0].terminated).toBe(false);
  expect(made[0].url).toBe('w.mjs');
});

test('a worker whose module does not start in time is replaced, and the new one is sent what was waiting', async () => {
  const { made, spawn } = fakes([false, true]);
  const c = new OptimalClient('w.mjs', { startMs: [40, 200], spawn });
  const events = [];
  const a = c.request({ type: 'echo', value: 'a' }, (ev) => events.push(ev.share));
  const b = c.request({ type: 'echo', value: 'b' });
  expect(await a).toMatchObject({ echo: 'a' });
  expect(await b).toMatchObject({ echo: 'b' });
  expect(events).toEqual([0.5]);
  expect(made.length).toBe(2);
  expect(made[0].terminated).toBe(true);
  expect(made[0].sent.map((m) => m.id)).toEqual([1, 2]);
  expect(made[1].sent.map((m) => [m.id, m.value])).toEqual([[1, 'a'], [2, 'b']]);
  expect(made[1].terminated).toBe(false);
});

test('after the last try, what was waiting is rejected with a message; stop() cancels; the next request starts afresh', async () => {
  const { made, spawn } = fakes([false, false, false, true]);
  const c = new OptimalClient('w.mjs', { startMs: [20, 30], spawn });
  const a = c.request({ type: 'echo', value: 'a' });
  const b = c.request({ type: 'echo', value: 'b' });
  await expect(a).rejects.toMatchObject({ kind: 'other', message: "the optimal search's module did not start (2 tries, the last given 0 s); reload the page to try again" });
  await expect(b).rejects.toMatchObject({ kind: 'other' });
  expect(made.length).toBe(2);
  expect(made.every((w) => w.terminated)).toBe(true);
  expect(c.worker).toBe(null);
  // a new request: a new worker with every try again (this one does not start either), then stop
  const d = c.request({ type: 'echo', value: 'd' });
  c.stop();
  await expect(d).rejects.toMatchObject({ kind: 'cancelled' });
  expect(made.length).toBe(3);
  expect(made[2].terminated).toBe(true);
  await sleep(60); // a stopped worker's start time ends without another worker
  expect(made.length).toBe(3);
  // and the next request's worker starts and answers
  expect(await c.request({ type: 'echo', value: 'e' })).toMatchObject({ echo: 'e' });
  expect(made.length).toBe(4);
});
