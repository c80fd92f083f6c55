// tempo.mjs - the pace of a run (no DOM; timers injected). A rate of null is full speed; a rate
// r > 0 holds the run's workers paused and sends them `step` messages (one work unit each: a
// generation or an iteration) r times a second (in ticks of at least 50 ms); 0 is step by step
// (held, only the run's step() advances it). Steps are the protocol's own, so a tempoed run
// does exactly the work of a full-speed one: same seed, same solution. The worker is never
// blocked: between steps it is idle and answers every message. The user's pause sits on top
// of the tempo's own holding: pause(on) holds the run whatever the rate, and resuming gives it
// back to the tempo.
//   const t = new Tempo(rate, timers);   timers: {setInterval, clearInterval} (the global ones)
//   t.attach(handle, held, paused)   handle: {pause, resume, step}; held: the workers started
//                 paused; paused: the user's pause from the start
//   t.pause(on)   the user's pause; t.set(rate); t.end()   (no timer left)
//   t.stepping    step by step (rate 0): the run's step() works without the user's pause
export class Tempo {
  constructor(rate = null, timers = globalThis) {
    this.rate = rate;
    this.timers = timers;
    this.h = null;
    this.timer = 0;
    this.userPaused = false;
    this.held = false;
  }

  get stepping() { return this.rate === 0; }

  attach(h, held, paused = false) {
    this.end();
    Object.assign(this, { h, held, userPaused: paused });
    this._apply();
  }

  pause(on) {
    this.userPaused = on;
    this._apply();
  }

  set(rate) {
    this.rate = rate;
    // a pause also drops steps the worker has not run yet, so a lower rate holds at once
    if (this.h && this.held) this.h.pause();
    this._apply();
  }

  end() {
    this._stop();
    this.h = null;
  }

  _stop() {
    if (this.timer) this.timers.clearInterval(this.timer);
    this.timer = 0;
  }

  _apply() {
    const { h } = this;
    this._stop();
    if (!h) return;
    const hold = this.userPaused || this.rate !== null;
    if (hold && !this.held) h.pause();
    else if (!hold && this.held) h.resume();
    this.held = hold;
    if (!this.userPaused && this.rate > 0) {
      const ms = Math.max(50, 1000 / this.rate);
      const n = Math.max(1, Math.round((this.rate * ms) / 1000));
      this.timer = this.timers.setInterval(() => { for (let i = 0; i < n; i++) h.step(); }, ms);
    }
  }
}
