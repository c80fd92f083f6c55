// alg-input.mjs - the scramble field: every edit is parsed by the C core (core.apply); a
// bad alg shows the core's own message inline, with the text echoed below the field and
// the bad token marked at the position the message names ("at character N").
// Positions: the core and the page count characters as Unicode code points, from 1
// (c/core/util.c ec__column counts UTF-8 lead bytes). A typographic prime ’ (3 UTF-8
// bytes) is one character, so is an emoji such as 😀 (4 UTF-8 bytes, 2 UTF-16 units of a
// JS string). A lone surrogate (a JS string can hold one) is sent as U+FFFD, one character
// and one UTF-16 unit, so indices do not move (sent as is, the wasm glue's UTF-8 encoder
// would fold it with the next character). This file turns code points into JS string
// indices (UTF-16 units) and nothing else does.
// Before parsing, the text is recognised (web/lib/paste.mjs): a facelet string or a link is
// not parsed as moves but handed on in state.paste for the input to load.
// Built with DOM nodes only (the text is user input).
import { el, clear } from '../common/dom.mjs';
import { recognise } from '../../lib/paste.mjs';

// text with each lone surrogate replaced by U+FFFD (same length, same indices)
export const wellFormed = (text) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

// The JS string index (UTF-16 units) of 1-based code point position `pos` in `text`, or -1
// when the text has fewer code points.
export function codePointIndex(text, pos) {
  if (!Number.isInteger(pos) || pos < 1) return -1;
  let i = 0;
  for (let n = 1; n < pos; n++) {
    if (i >= text.length) return -1;
    i += text.codePointAt(i) > 0xffff ? 2 : 1;
  }
  return i < text.length ? i : -1;
}

// The [start, end) range in `text` (JS string indices) of the token at 1-based code point
// position `pos`, or null. `token`, when the message quotes it, fixes the token's extent
// (the core's own word, e.g. "Qx" in "Qx,U"); otherwise the token runs to the next space,
// parenthesis or bracket (a parenthesis or bracket alone is a token: the "]" of a commutator
// whose expansion is too long). A position past the end marks the last character.
export function tokenRange(text, pos, token = null) {
  if (!Number.isInteger(pos) || pos < 1) return null;
  const start = codePointIndex(text, pos);
  if (start < 0) {
    if (!text.length) return null;
    const last = text.length - (text.length > 1 && /[\udc00-\udfff]/.test(text[text.length - 1]) ? 2 : 1);
    return { start: last, end: text.length };
  }
  if (token && text.startsWith(token, start)) return { start, end: start + token.length };
  if ('()[]'.includes(text[start])) return { start, end: start + 1 };
  let end = start;
  while (end < text.length && !/[\s()[\]]/.test(text[end])) end++;
  return { start, end: Math.max(end, start + (text.codePointAt(start) > 0xffff ? 2 : 1)) };
}

// The position a core message names ("at character N"), or null.
export function errorPosition(message) {
  const m = /at character (\d+)/.exec(message || '');
  return m ? Number(m[1]) : null;
}

// The token a core message quotes just before its position ('unknown move "Qx" at character
// 4' -> 'Qx'), or null.
export function errorToken(message) {
  const m = /"([^"]+)" at character \d+/.exec(message || '');
  return m ? m[1] : null;
}

export class AlgInput {
  // onChange({ok, alg, facelets, paste} | {ok:false, alg, error?, paste}); paste: recognise's answer
  constructor({ input, errorBox, core, onChange }) {
    this.input = input;
    this.errorBox = errorBox;
    this.core = core;
    this.onChange = onChange;
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
    if (paste.kind !== 'notation') {
      // a facelet string or link is the input's to load (cube-input.mjs)
      state = { ok: false, alg, paste, error: new Error(`not moves: a ${paste.kind === 'link' ? 'link' : paste.label}`) };
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
    clear(box);
    this.input.toggleAttribute('aria-invalid', !!err);
    this.input.classList.toggle('invalid', !!err);
    box.hidden = !err;
    if (!err) return;
    const range = tokenRange(text, errorPosition(err.message), errorToken(err.message));
    if (range && text.length <= 400) {
      const echo = el('code', { class: 'echo' },
        text.slice(0, range.start),
        el('mark', { dataset: { testid: 'scramble-error-token' } }, text.slice(range.start, range.end)),
        text.slice(range.end));
      box.append(echo);
    }
    box.append(el('span', { class: 'msg', dataset: { testid: 'scramble-error-message' } }, err.message));
  }
}
