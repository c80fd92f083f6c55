// painter.mjs - the sticker painter: a palette of the six colours (named by the face
// letter whose centre has that colour) and a 54-letter facelet string the user edits by
// clicking stickers of the flat net. After every change the C core validates the cube and
// its specific message is shown ("two edges are swapped..." etc.); state().ok is true
// only for a possible cube, which is what enables Solve. The stickers the message names are
// outlined on the net. onPaint(i, letter), when set (a camera scan's session), may take a
// click over: it returns true when it repainted the cube itself.
import { el, setText } from '../common/dom.mjs';
import { FACES, FACELETS, COLOR_NAMES } from '../../lib/geometry.mjs';
import { SOLVED } from '../../lib/core.mjs';

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
    if (i < 0 || i >= 54 || (this.onPaint && this.onPaint(i, this.colour))) return;
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
      // the outline and the message's colour names (as the net names them) come on demand
      const msg = st.error.message;
      import('./outline.lazy.mjs').then(({ stickersNamed, colourWords }) => {
        if (this.message.textContent !== msg) return;
        setText(this.message, colourWords(msg, COLOR_NAMES));
        this.net.mark(stickersNamed(msg, FACELETS));
      }, (e) => console.warn(`evocube: the sticker outline could not load (${e.message}); the message above names the fault`));
    }
    setText(this.message, st.ok ? 'This cube is possible: ready to solve.' : st.error.message);
    this.message.dataset.ok = String(st.ok);
    if (notify && this.onChange) this.onChange(st);
  }
}
