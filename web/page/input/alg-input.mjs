// alg-input.mjs - the scramble field: every edit is parsed by the C core (core.apply); a
// bad alg shows the core's own message inline, with the text echoed below the field and
// the bad token marked at the position the message names ("at character N"; the echo is
// web/page/input/error-echo.lazy.mjs's, fetched on the first error).
// Positions: the core and the page count characters as Unicode code points, from 1
// (c/core/util.c ec__column counts UTF-8 lead bytes). A typographic prime ’ (3 UTF-8
// bytes) is one character, so is an emoji such as 😀 (4 UTF-8 bytes, 2 UTF-16 units of a
// JS string). A lone surrogate (a JS string can hold one) is sent as U+FFFD, one character
// and one UTF-16 unit, so indices do not move (sent as is, the wasm glue's UTF-8 encoder
// would fold it with the next character). error-echo.lazy.mjs turns code points into JS
// string indices (UTF-16 units) and nothing else does.
// Before parsing, the text is recognised (web/lib/paste.mjs): a facelet string or a link is
// not parsed as moves but handed on in state.paste for the input to load; facelet letters
// with a fault ('near') show that fault as the error.
// Built with DOM nodes only (the text is user input).
import { el, clear } from '../common/dom.mjs';
import { recognise } from '../../lib/paste.mjs';

// text with each lone surrogate replaced by U+FFFD (same length, same indices)
export const wellFormed = (text) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

export class AlgInput {
  // onChange({ok, alg, facelets, paste} | {ok:false, alg, error?, paste}); paste: recognise's answer
  constructor({ input, errorBox, core, onChange }) {
    this.input = input;
    this.errorBox = errorBox;
    this.core = core;
    this.onChange = onChange;
    this.shown = 0; // showError calls: an echo that arrives after a later one is dropped
    input.addEventListener('input', () => this.update());
  }

  get value() { return this.input.value; }

  set(text, notify = true) {
    this.input.value = text;
    return this.update(notify);
  }

  update(notify = true) {
    const alg = this.input.value;
    const paste = recognise(alg);
    let state;
    if (paste.kind === 'near') {
      // facelet letters only, with a fault: named, never parsed as moves (web/lib/cube-text.mjs)
      state = { ok: false, alg, paste, error: new Error(paste.message) };
      this.showError(state.error, alg);
    } else if (paste.kind !== 'notation') {
      // a facelet string or link is the input's to load (cube-input.mjs)
      state = { ok: false, alg, paste, error: new Error(paste.kind) };
      this.showError(null);
    } else {
      try {
        state = { ok: true, alg, facelets: this.core.apply(wellFormed(alg)), paste };
        this.showError(null);
      } catch (e) {
        state = { ok: false, alg, error: e, paste };
        this.showError(e, alg);
      }
    }
    this.state = state;
    if (notify && this.onChange) this.onChange(state);
    return state;
  }

  showError(err, text = '') {
    const box = this.errorBox;
    const shown = ++this.shown;
    clear(box);
    this.input.toggleAttribute('aria-invalid', !!err);
    this.input.classList.toggle('invalid', !!err);
    box.hidden = !err;
    if (!err) return;
    box.append(el('span', { class: 'msg', dataset: { testid: 'scramble-error-message' } }, err.message));
    // the text echoed with the bad token marked comes on demand (only an error needs it)
    if (text.length <= 400) {
      import('./error-echo.lazy.mjs').then(({ echo }) => {
        const e = shown === this.shown && echo(text, err.message);
        if (e) box.prepend(e);
      }, () => {});
    }
  }
}
