// painter.mjs - the sticker painter: a palette of the six colours (named by the face
// letter whose centre has that colour) and a 54-letter facelet string the user edits by
// clicking stickers of the flat net. After every change the C core validates the cube and
// its specific message is shown ("two edges are swapped..." etc.); state().ok is true
// only for a possible cube, which is what enables Solve. The stickers the message names are
// outlined on the net.
import { el, setText } from '../common/dom.mjs';
import { FACES, FACELETS, COLOR_NAMES } from '../../lib/geometry.mjs';
import { SOLVED } from '../../lib/core.mjs';

// The core's message with its colour letters named as the net names them ("colour U appears
// 8 times, R 10 times" -> "white appears 8 times, red 10"); sticker places (U5) stay.
export function colourWords(msg) {
  const n = (c) => COLOR_NAMES[c];
  return msg.replace(/colour ([URFDLB]) appears (\d+) times/, (_, c, k) => `${n(c)} appears ${k} times`)
    .replace(/, ([URFDLB]) (\d+) times/g, (_, c, k) => `, ${n(c)} ${k}`)
    .replace(/(colours? )([URFDLB](?:(?:, | and )[URFDLB])*)\b/g, (_, w, list) => w + list.replace(/[URFDLB]/g, n));
}

export class Painter {
  constructor({ core, net, palette, message, onChange }) {
    this.core = core;
    this.net = net;
    this.message = message;
    this.onChange = onChange;
    this.colour = 'U';
    this.facelets = SOLVED;
    this.touched = false;
    this.swatches = FACES.map((f) => {
      const b = el('button', {
        type: 'button', role: 'radio', class: `swatch c-${f}`, 'aria-checked': String(f === this.colour),
        'aria-label': `${COLOR_NAMES[f]} (${f})`, title: `${COLOR_NAMES[f]} (${f})`, dataset: { testid: `paint-${f}`, face: f },
      }, f); // the letter the core's messages use for this colour
      b.addEventListener('click', () => this.pick(f));
      palette.append(b);
      return b;
    });
  }

  pick(f) {
    this.colour = f;
    for (const b of this.swatches) b.setAttribute('aria-checked', String(b.dataset.face === f));
  }

  paint(i) {
    if (i < 0 || i >= 54) return;
    this.facelets = this.facelets.slice(0, i) + this.colour + this.facelets.slice(i + 1);
    this.touched = true;
    this._changed();
  }

  set(facelets, notify = true) {
    this.facelets = String(facelets).slice(0, 54).padEnd(54, '?');
    this.touched = true;
    this._changed(notify);
  }

  state() {
    try {
      this.core.validate(this.facelets);
      return { ok: true, facelets: this.facelets };
    } catch (e) {
      return { ok: false, facelets: this.facelets, error: e };
    }
  }

  _changed(notify = true) {
    const st = this.state();
    this.net.set(this.facelets);
    this.net.mark([]);
    if (!st.ok) {
      const msg = st.error.message;
      import('./outline.lazy.mjs').then(({ stickersNamed }) => {
        if (this.message.textContent === colourWords(msg)) this.net.mark(stickersNamed(msg, FACELETS));
      }, (e) => console.warn(`evocube: the sticker outline could not load (${e.message}); the message above names the fault`));
    }
    setText(this.message, st.ok ? 'This cube is possible: ready to solve.' : colourWords(st.error.message));
    this.message.dataset.ok = String(st.ok);
    if (notify && this.onChange) this.onChange(st);
  }
}
