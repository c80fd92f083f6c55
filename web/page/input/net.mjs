// net.mjs - the flat net: the 54 stickers laid out as a cross (U above L F R B, D below),
// each a button whose class names its colour (c-U .. c-B), so no inline style is needed.
// The net shows any facelet string (invalid ones too, for the painter) and reports clicks
// when painting is on. 54 buttons, updated in place. Each face's centre carries its letter
// (U R F D L B), the names the core's messages use; mark() outlines the stickers a message
// names (web/page/input/outline.lazy.mjs reads them). FlatNet.mount() puts it in the page's
// #net-host (this feature owns that id; the stage moves it, and marks what is on stage on it,
// through net.host).
import { byId, el } from '../common/dom.mjs';
import { FACES, COLOR_NAMES } from '../../lib/geometry.mjs';

const ORIGIN = { U: [0, 3], L: [3, 0], F: [3, 3], R: [3, 6], B: [3, 9], D: [6, 3] };

export class FlatNet {
  static mount(options) { return new FlatNet(byId('net-host'), options); }

  constructor(container, { onSticker } = {}) {
    this.host = container;
    this.onSticker = onSticker;
    this.root = el('div', { class: 'net', role: 'group', 'aria-label': 'cube net', dataset: { testid: 'net' } });
    this.stickers = [];
    for (let i = 0; i < 54; i++) {
      const face = FACES[(i / 9) | 0];
      const k = i % 9;
      const [r0, c0] = ORIGIN[face];
      const b = el('button', {
        type: 'button',
        class: `st r${r0 + ((k / 3) | 0) + 1} k${c0 + (k % 3) + 1}`,
        dataset: { index: String(i), testid: `sticker-${i}` },
        tabindex: '-1',
      }, k === 4 ? el('span', { class: 'face-label' }, face) : null); // the button's aria-label names it
      b.addEventListener('click', () => { if (this.paintable && this.onSticker) this.onSticker(i); });
      this.stickers.push(b);
      this.root.append(b);
    }
    container.append(this.root);
    this.facelets = '';
    this.setPaintable(false);
  }

  set(facelets) {
    this.facelets = facelets;
    for (let i = 0; i < 54; i++) {
      const ch = facelets[i] || '?';
      const b = this.stickers[i];
      const cls = `c-${'URFDLB'.includes(ch) ? ch : 'X'}`;
      if (b.dataset.color !== cls) {
        if (b.dataset.color) b.classList.remove(b.dataset.color);
        b.classList.add(cls);
        b.dataset.color = cls;
      }
      const name = `${FACES[(i / 9) | 0]}${(i % 9) + 1}: ${COLOR_NAMES[ch] || 'unknown'}`;
      b.setAttribute('aria-label', name);
      b.title = name;
    }
    this.root.dataset.facelets = facelets;
  }

  setPaintable(on) {
    this.paintable = on;
    this.root.classList.toggle('paintable', on);
    for (const b of this.stickers) b.tabIndex = on ? 0 : -1;
  }

  // Outline stickers (indices) that the validator blames, or none.
  mark(indices = []) {
    const set = new Set(indices);
    this.stickers.forEach((b, i) => b.classList.toggle('blamed', set.has(i)));
  }
}
