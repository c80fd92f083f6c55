// error-echo.lazy.mjs - the scramble field's error echo (web/page/input/alg-input.mjs fetches
// it on the first error): the text with the token at the position the core's message names
// ("at character N") marked. Positions are code points from 1, as the core counts; this file
// turns them into JS string indices (UTF-16 units) and nothing else does. DOM nodes only (the
// text is user input).
import { el } from '../common/dom.mjs';

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

// The echo: <code class="echo">text with the bad token in a <mark></code>, or null when the
// message names no position.
export function echo(text, message) {
  const range = tokenRange(text, errorPosition(message), errorToken(message));
  if (!range) return null;
  return el('code', { class: 'echo' },
    text.slice(0, range.start),
    el('mark', { dataset: { testid: 'scramble-error-token' } }, text.slice(range.start, range.end)),
    text.slice(range.end));
}
