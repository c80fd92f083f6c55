// tempo.mjs - the pace of a run as the page shows it. A rate of null is full speed; a rate r > 0
// holds the worker paused and sends it `step` messages (one work unit each: a generation or
// an iteration) r times a second (in ticks of at least 50 ms); 0 is step by step (held, only
// the Step button advances it). Steps are the protocol's own, so a tempoed run does exactly
// the work of a full-speed one: same seed, same solution. The worker is never blocked: between
// steps it is idle and answers every message. wrap() gives the page a run handle whose
// pause/resume are the user's; the tempo's own holding is underneath.
export class Tempo {
  constructor() {
    this.rate = null;
    this.h = null;
    this.timer = 0;
  }

  // h: {pause, resume, step, cancel, ...}; paused: the user's start paused; held: the worker
  // was started paused (the user's, or this tempo's from the first generation)
  wrap(h, paused = false, held = paused) {
    this.end();
    Object.assign(this, { h, userPaused: paused, held });
    this._apply();
    return {
      ...h,
      pause: () => { this.userPaused = true; this._apply(); },
      resume: () => { this.userPaused = false; this._apply(); },
    };
  }

  set(rate) {
    this.rate = rate;
    // a pause also drops steps the worker has not run yet, so a lower rate holds at once
    if (this.h && this.held) this.h.pause();
    this._apply();
  }

  end() {
    clearInterval(this.timer);
    this.timer = 0;
    this.h = null;
  }

  _apply() {
    const { h } = this;
    clearInterval(this.timer);
    this.timer = 0;
    if (!h) return;
    const hold = this.userPaused || this.rate !== null;
    if (hold && !this.held) h.pause();
    else if (!hold && this.held) h.resume();
    this.held = hold;
    if (!this.userPaused && this.rate > 0) {
      const ms = Math.max(50, 1000 / this.rate);
      const n = Math.max(1, Math.round((this.rate * ms) / 1000));
      this.timer = setInterval(() => { for (let i = 0; i < n; i++) h.step(); }, ms);
    }
  }
}
