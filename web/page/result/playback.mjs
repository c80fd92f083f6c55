// playback.mjs - plays a solution back on the views: play/pause, step forward and back,
// speed (real moves per second, 0.25 to 20 on a logarithmic slider of readable stops,
// SPEED_STOPS, the slider's value being a stop's index: Play starts a move every 1/speed s, measured
// from the start of the one before; a turn animates for at most TURN_SHARE of that interval
// and MAX_TURN_MS, and under prefers-reduced-motion it lands at once and the pause keeps
// the pace; a move that starts late, or whose turn the view cannot draw in time, lands at once:
// the pace holds at every speed, frames are skipped, never moves), jump to a move by clicking it or dragging the timeline, and keyboard control
// (space, arrow keys, Home, End) when the focus is not in a text field.
// Steps asked for while a turn is animating are queued, not dropped (a long queue turns
// faster). Data: the moves (canonical tokens) and states[i] = the facelets after the first
// i moves (computed once by the core, so the views only animate and repaint); phaseOf[i] =
// the phase move i belongs to (phase colours in the list; a phase row of the Result panel
// plays from its first move). index = moves done. O(n + phases) core calls per load.
// Playback.mount() makes it on the Result panel's own elements (this feature owns the ids
// play, step-back, step-forward, speed, speed-out, play-counter, moves); focusPlay() is how
// another feature puts the focus on Play.
import { byId as $, el, clear, setText, isTyping } from '../common/dom.mjs';

// moves per second at each stop of the speed slider: about x1.4 a stop (evenly spaced on a
// log scale), rounded to numbers a person reads at a glance
export const SPEED_STOPS = [0.25, 0.35, 0.5, 0.7, 1, 1.4, 2, 3, 4, 6, 8, 10, 14, 20];
export const TURN_SHARE = 0.8;
export const MAX_TURN_MS = 700;
export const MAX_DEBT_MS = 1000; // the most a replay behind its pace catches up at once
const wait = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export class Playback {
  // the Result panel's playback on its own elements (the play button, the move list, the speed
  // slider, the counter: this feature owns their ids); view: the CubeView or null
  static mount({ core, view, net, onState, onPlay }) {
    return new Playback({
      core, view, net, onState, onPlay, list: $('moves'), buttons: { play: $('play'), back: $('step-back'), forward: $('step-forward') },
      speedInput: $('speed'), speedOut: $('speed-out'), counter: $('play-counter'),
    });
  }

  // focus the play button when a solution can be played; whether it did
  focusPlay() {
    if (this.b.play.disabled) return false;
    this.b.play.focus({ preventScroll: true }); // the page stays where the run left it
    return true;
  }

  constructor({ core, view, net, list, buttons, speedInput, speedOut, counter, onState, onPlay }) {
    this.core = core;
    this.view = view; // CubeView (may be unavailable)
    this.net = net;
    this.list = list;
    this.b = buttons; // {play, back, forward}
    this.speedInput = speedInput;
    this.speedOut = speedOut;
    this.counter = counter;
    this.onState = onState;
    this.onPlay = onPlay; // Play pressed: the page brings the cube into view
    this.moves = [];
    this.states = [];
    this.index = 0;
    this.playing = false;
    this.busy = false;
    this.queue = []; // +1 / -1 steps waiting for the turn on screen to end
    this.phases = []; // [{name, start, end}] in move indices
    this.phaseOf = [];
    this.timeline = el('input', {
      type: 'range', min: '0', max: '0', step: '1', value: '0', class: 'timeline',
      'aria-label': 'timeline', dataset: { testid: 'timeline' },
    });
    this.timeline.addEventListener('input', () => this.goTo(Number(this.timeline.value)));
    list.before(this.timeline);
    Object.assign(speedInput, { min: '0', max: String(SPEED_STOPS.length - 1), step: '1' });
    const readSpeed = () => {
      this.speed = SPEED_STOPS[Math.round(Number(speedInput.value))] ?? 2;
      setText(speedOut, String(this.speed));
      speedInput.setAttribute('aria-valuetext', `${this.speed} moves per second`);
    };
    readSpeed();
    speedInput.addEventListener('input', readSpeed);
    this.b.play.addEventListener('click', () => this.toggle());
    this.b.back.addEventListener('click', () => this.step(-1));
    this.b.forward.addEventListener('click', () => this.step(1));
    document.addEventListener('keydown', (e) => this._key(e));
    this._render();
  }

  _key(e) {
    if (!this.moves.length || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (isTyping(t)) return;
    if (e.key === ' ' || e.code === 'Space') {
      if (t && t.tagName === 'BUTTON' && t !== this.b.play) return; // let the focused button act
      e.preventDefault();
      this.toggle();
    } else if (t === this.speedInput && /^(Arrow|Home$|End$|Page)/.test(e.key)) {
      // the speed slider's own keys: a stop slower or faster, the slowest or the fastest
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      if (t === this.timeline) return; // the range moves itself
      e.preventDefault();
      this.step(e.key === 'ArrowRight' ? 1 : -1);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      this.goTo(e.key === 'Home' ? 0 : this.moves.length);
    }
  }

  // ms from the start of one move to the next while playing
  get interval() { return 1000 / this.speed; }

  // the turn's duration; a backlog of queued steps plays faster so it never lags far behind
  get ms() { return Math.min(MAX_TURN_MS, TURN_SHARE * this.interval) / (this.queue.length > 1 ? 3 : 1); }

  // Step by d (+1 forward, -1 back) after any turn now animating and the steps queued before.
  step(d) {
    this.pause();
    if (this.queue.length < 64) this.queue.push(d); // at most 64 waiting
    if (!this.draining) this._drain();
  }

  async _drain() {
    this.draining = true;
    try {
      while (this.queue.length) {
        const d = this.queue.shift();
        await (d > 0 ? this.stepForward() : this.stepBack());
      }
    } finally {
      this.draining = false;
    }
  }

  // Load a solution (text of face turns) to play from `start` facelets; shows the start.
  // phases: the result's [{name, solution}] (optional): where each phase's moves begin.
  load(start, solution, phases = []) {
    this.pause();
    this.queue = [];
    const tokens = solution.trim() ? solution.trim().split(/\s+/) : [];
    this.moves = tokens;
    this.states = [start];
    let f = start;
    for (const m of tokens) { f = this.core.apply(m, f); this.states.push(f); }
    this.index = 0;
    this._phases(start, phases || []);
    this._show(start);
    this._list();
    this._render();
  }

  // Phase k ends where the solution reaches the state after phases 1..k; when moves of two
  // phases cancel at their seam that state is never reached, and the phase joins the next.
  _phases(start, phases) {
    this.phases = [];
    this.phaseOf = new Array(this.moves.length).fill(-1);
    let at = 0;
    let f = start;
    phases.forEach((p, k) => {
      try { f = this.core.apply(p.solution || '', f); } catch { return; }
      const end = k === phases.length - 1 ? this.moves.length : this.states.indexOf(f, at);
      if (end < 0) { this.phases.push({ name: p.name, start: at, end: at }); return; }
      for (let i = at; i < end; i++) this.phaseOf[i] = k;
      this.phases.push({ name: p.name, start: at, end });
      at = end;
    });
  }

  // Rows of a phase table (one per phase, in order): each plays its phase from its first move.
  bindPhaseRows(rows) {
    [...rows].forEach((tr, k) => {
      const p = this.phases[k];
      if (!p) return;
      tr.className = `phase-row ph${k % 5}`;
      tr.dataset.phaseStart = String(p.start);
      tr.tabIndex = 0;
      const go = async () => { await this.goTo(p.start); if (p.end > p.start) this.play(); };
      tr.onclick = go;
      tr.onkeydown = (e) => { if (e.key === 'Enter') go(); };
    });
  }

  clear() {
    this.pause();
    this.queue = [];
    this.moves = [];
    this.states = [];
    this.phases = [];
    this.phaseOf = [];
    this.index = 0;
    this._list();
    this._render();
  }

  _show(f) {
    if (this.view) this.view.setState(f);
    if (this.onState) this.onState(f);
  }

  // instant: the turn lands at once (a replay behind its pace skips the animation, not the move)
  async _animate(token, after, instant = false) {
    this.busy = true;
    try {
      if (this.view && this.view.available) await this.view.turn(token, after, instant ? 0 : this.ms);
      else { await new Promise((r) => setTimeout(r, Math.min(this.ms, 150))); this._show(after); }
      if (this.onState) this.onState(after);
    } finally {
      this.busy = false;
    }
  }

  async stepForward(instant = false) {
    if (this.busy || this.index >= this.moves.length) return false;
    const i = this.index++;
    this._render();
    await this._animate(this.moves[i], this.states[i + 1], instant);
    return true;
  }

  async stepBack() {
    if (this.busy || this.index <= 0) return false;
    const i = --this.index;
    this._render();
    await this._animate(this.core.invert(this.moves[i]), this.states[i]);
    return true;
  }

  async goTo(i) {
    this.pause();
    this.queue = [];
    if (this.view) await this.view.flush();
    this.index = Math.max(0, Math.min(this.moves.length, i));
    this._show(this.states[this.index]);
    this._render();
  }

  async play() {
    if (this.playing || !this.moves.length) return;
    if (this.index >= this.moves.length) await this.goTo(0);
    if (this.onPlay) this.onPlay();
    this.playing = true;
    this._render();
    // move k starts at `due`, one interval after move k - 1's; a move that starts over half an
    // interval late, or whose turn is shorter than two of the view's frames (software
    // rendering), lands at once, and the moves already due follow it without waiting (no
    // frame is drawn between them): the pace holds, frames are skipped, never moves. The debt
    // is at most MAX_DEBT_MS (a hidden tab does not fast-forward far when it comes back).
    let due = performance.now();
    const id = this.playId = (this.playId || 0) + 1; // a Play after a Pause ends the loop before it
    while (this.playing && this.playId === id && this.index < this.moves.length) {
      const now = performance.now();
      const frame = (this.view && this.view.frameCost) || 0;
      await this.stepForward(now - due > this.interval / 2 || 2 * frame > this.ms);
      due = Math.max(due + this.interval, performance.now() - MAX_DEBT_MS);
      if (this.playing && this.index < this.moves.length && due > performance.now()) await wait(due - performance.now());
    }
    if (this.playId !== id) return; // a later Play's loop goes on
    this.playing = false;
    this._render();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this._render();
  }

  toggle() { if (this.playing) this.pause(); else this.play(); }

  _list() {
    clear(this.list);
    this.items = this.moves.map((m, i) => {
      const k = this.phaseOf[i];
      const li = el('li', { class: k >= 0 ? `ph${k % 5}` : null, dataset: { i: String(i), phase: String(k) } },
        el('button', { type: 'button', class: 'mv', title: `go to after move ${i + 1}` }, m));
      li.firstChild.addEventListener('click', () => this.goTo(i + 1));
      this.list.append(li);
      return li;
    });
  }

  _render() {
    const n = this.moves.length;
    this.b.play.disabled = n === 0;
    this.b.back.disabled = n === 0 || this.index === 0;
    this.b.forward.disabled = n === 0 || this.index >= n;
    this.b.play.setAttribute('aria-label', this.playing ? 'pause' : 'play');
    this.b.play.dataset.state = this.playing ? 'playing' : 'paused';
    setText(this.counter, `${this.index} / ${n}`);
    this.timeline.max = String(n);
    this.timeline.value = String(this.index);
    this.timeline.disabled = n === 0;
    (this.items || []).forEach((li, i) => {
      li.classList.toggle('done', i < this.index);
      li.classList.toggle('next', i === this.index);
      li.ariaCurrent = i === this.index ? 'step' : null; // ARIA reflection: the attribute
    });
  }
}
