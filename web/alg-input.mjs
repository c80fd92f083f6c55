// alg-input.mjs - the scramble field: every edit is parsed by the C core (core.apply); a
// bad alg shows the core's own message inline, with the text echoed below the field and
// the bad token marked at the position the message names ("at character N", counted in
// UTF-8 bytes from 1 by the core). Built with DOM nodes only (the text is user input).
import { el, clear } from './dom.mjs';

// The [start, end) range in `text` (JS string indices) of the token at 1-based UTF-8 byte
// position `pos`, or null.
export function tokenRange(text, pos) {
  if (!Number.isInteger(pos) || pos < 1) return null;
  const enc = new TextEncoder();
  let bytes = 0, start = -1;
  for (let i = 0; i < text.length; i++) {
    if (bytes === pos - 1) { start = i; break; }
    const cp = text.codePointAt(i);
    bytes += enc.encode(String.fromCodePoint(cp)).length;
    if (cp > 0xffff) i++;
  }
  if (start < 0) return text.length ? { start: Math.max(0, text.length - 1), end: text.length } : null;
  if ('()'.includes(text[start])) return { start, end: start + 1 };
  let end = start;
  while (end < text.length && !/[\s()]/.test(text[end])) end++;
  return { start, end: Math.max(end, start + 1) };
}

export function errorPosition(message) {
  const m = /at character (\d+)/.exec(message || '');
  return m ? Number(m[1]) : null;
}

export class AlgInput {
  // onChange({ok, alg, facelets} | {ok:false, alg, error})
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
    let state;
    try {
      const facelets = this.core.apply(alg);
      state = { ok: true, alg, facelets };
      this.showError(null);
    } catch (e) {
      state = { ok: false, alg, error: e };
      this.showError(e, alg);
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
    const range = tokenRange(text, errorPosition(err.message));
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
