// playback.mjs - plays a solution back on the views: play/pause, step forward and back,
// speed (moves per second), jump to a move by clicking it, and keyboard control (space,
// arrow keys) when the focus is not in a text field. Data: the moves (canonical tokens)
// and states[i] = the facelets after the first i moves (computed once by the core, so the
// views only animate and repaint). index = moves done. O(n) core calls per load.
import { el, clear, setText } from './dom.mjs';

export class Playback {
  constructor({ core, view, net, list, buttons, speedInput, speedOut, counter, onState }) {
    this.core = core;
    this.view = view; // CubeView (may be unavailable)
    this.net = net;
    this.list = list;
    this.b = buttons; // {play, back, forward}
    this.speedInput = speedInput;
    this.speedOut = speedOut;
    this.counter = counter;
    this.onState = onState;
    this.moves = [];
    this.states = [];
    this.index = 0;
    this.playing = false;
    this.busy = false;
    this.speed = Number(speedInput.value) || 2;
    speedInput.addEventListener('input', () => {
      this.speed = Number(speedInput.value) || 2;
      setText(speedOut, String(this.speed));
    });
    this.b.play.addEventListener('click', () => this.toggle());
    this.b.back.addEventListener('click', () => { this.pause(); this.stepBack(); });
    this.b.forward.addEventListener('click', () => { this.pause(); this.stepForward(); });
    document.addEventListener('keydown', (e) => this._key(e));
    this._render();
  }

  _key(e) {
    if (!this.moves.length || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    const typing = t && (t.isContentEditable || /^(TEXTAREA|SELECT)$/.test(t.tagName)
      || (t.tagName === 'INPUT' && !/^(range|checkbox|radio|button)$/.test(t.type)));
    if (typing) return;
    if (e.key === ' ' || e.code === 'Space') {
      if (t && t.tagName === 'BUTTON' && t !== this.b.play) return; // let the focused button act
      e.preventDefault();
      this.toggle();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      this.pause();
      this.stepForward();
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      this.pause();
      this.stepBack();
    }
  }

  get ms() { return Math.max(60, Math.min(600, 800 / this.speed)); }

  // Load a solution (text of face turns) to play from `start` facelets; shows the start.
  load(start, solution) {
    this.pause();
    const tokens = solution.trim() ? solution.trim().split(/\s+/) : [];
    this.moves = tokens;
    this.states = [start];
    let f = start;
    for (const m of tokens) { f = this.core.apply(m, f); this.states.push(f); }
    this.index = 0;
    this._show(start);
    this._list();
    this._render();
  }

  clear() {
    this.pause();
    this.moves = [];
    this.states = [];
    this.index = 0;
    this._list();
    this._render();
  }

  _show(f) {
    if (this.view) this.view.setState(f);
    if (this.onState) this.onState(f);
  }

  async _animate(token, after) {
    this.busy = true;
    try {
      if (this.view && this.view.available) await this.view.turn(token, after, this.ms);
      else { await new Promise((r) => setTimeout(r, Math.min(this.ms, 150))); this._show(after); }
      if (this.onState) this.onState(after);
    } finally {
      this.busy = false;
    }
  }

  async stepForward() {
    if (this.busy || this.index >= this.moves.length) return false;
    const i = this.index++;
    this._render();
    await this._animate(this.moves[i], this.states[i + 1]);
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
    if (this.view) await this.view.flush();
    this.index = Math.max(0, Math.min(this.moves.length, i));
    this._show(this.states[this.index]);
    this._render();
  }

  async play() {
    if (this.playing || !this.moves.length) return;
    if (this.index >= this.moves.length) await this.goTo(0);
    this.playing = true;
    this._render();
    while (this.playing && this.index < this.moves.length) {
      await this.stepForward();
      if (this.playing) await new Promise((r) => setTimeout(r, this.ms * 0.15));
    }
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
      const li = el('li', { dataset: { i: String(i) } }, el('button', { type: 'button', class: 'mv', title: `go to after move ${i + 1}` }, m));
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
    (this.items || []).forEach((li, i) => {
      li.classList.toggle('done', i < this.index);
      li.classList.toggle('next', i === this.index);
    });
  }
}
