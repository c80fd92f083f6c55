// events.mjs - the run model's small event emitter (no DOM): subscribers by event name, called
// in the order they subscribed. A subscriber that throws never stops the others or the emitter
// (a view's fault must not break the run or its result): its error goes to onError, by default
// thrown again from a microtask, so it still surfaces as an uncaught error.
//   const e = new Emitter(onError?);  const off = e.on('progress', fn);  e.emit('progress', x);
//   off() (or e.off('progress', fn)) unsubscribes; a subscriber added during an emit is first
//   called at the next one.
// Cost: O(subscribers) per emit.
export class Emitter {
  constructor(onError = (e) => queueMicrotask(() => { throw e; })) {
    this.subs = new Map();
    this.onError = onError;
  }

  on(name, fn) {
    if (!this.subs.has(name)) this.subs.set(name, []);
    this.subs.get(name).push(fn);
    return () => this.off(name, fn);
  }

  off(name, fn) {
    const list = this.subs.get(name);
    if (list) this.subs.set(name, list.filter((f) => f !== fn));
  }

  emit(name, value) {
    for (const fn of this.subs.get(name) || []) {
      try { fn(value); } catch (e) { this.onError(e); }
    }
  }
}
