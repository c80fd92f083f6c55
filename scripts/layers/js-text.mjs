// js-text.mjs - reading JavaScript source without a parser, for the layer check's JS passes
// (js-imports.mjs, js-code.mjs): the code with comments and literal contents blanked, the
// string literals with their offsets, the tokens around an offset, function bodies and their
// lengths. Offsets are those of the original text (blanking keeps every character's place and
// every newline), so a position gives its line. Costs: one linear scan per file.

// The code of a JS file with comments and the contents of strings, template literals and
// regular-expression literals blanked (newlines kept); a template's ${...} parts stay code.
// `strings` lists each string and template literal: {start (offset of the quote), end (offset
// after the closing quote), text (the contents, escapes as written), template (true for
// `...`), plain (no ${} in it)}.
export function scan(src) {
  const st = { src, out: [], strings: [], i: 0 };
  scanCode(st, false);
  return { code: st.out.join(''), strings: st.strings };
}

const blank = (text) => text.replace(/[^\n]/g, ' ');

// code up to the end (or, inside a template's ${, up to its closing brace)
function scanCode(st, inExpr) {
  const { src, out } = st;
  let prev = ''; // the last significant character of code (for telling a regex from a division)
  let depth = 0;
  while (st.i < src.length) {
    const i = st.i, c = src[i], d = src[i + 1];
    if (inExpr && c === '{') depth++;
    if (inExpr && c === '}' && depth-- === 0) return;
    if (c === '/' && d === '/') {
      const end = src.indexOf('\n', i); const stop = end < 0 ? src.length : end;
      out.push(blank(src.slice(i, stop))); st.i = stop; continue;
    }
    if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2); const stop = end < 0 ? src.length : end + 2;
      out.push(blank(src.slice(i, stop))); st.i = stop; continue;
    }
    if (c === '`') { scanTemplate(st); prev = 'x'; continue; }
    if (c === '"' || c === "'" || (c === '/' && /^$|[(,=:[!&|?{};+\-*%<>~^]$/.test(prev))) {
      const j = literalEnd(src, i);
      const text = src.slice(i + 1, j);
      if (c !== '/') st.strings.push({ start: i, end: j + 1, text, template: false, plain: true });
      out.push(c + blank(text) + (j < src.length ? src[j] : ''));
      st.i = j + 1; prev = 'x'; continue;
    }
    out.push(c);
    if (!/\s/.test(c)) prev = c;
    st.i++;
  }
}

// a template literal from its opening backtick: text blanked, each ${...} scanned as code
function scanTemplate(st) {
  const { src, out } = st;
  const start = st.i;
  let plain = true;
  out.push('`');
  st.i++;
  while (st.i < src.length) {
    const e = src[st.i];
    if (e === '\\') { out.push(blank(src.slice(st.i, st.i + 2))); st.i += 2; continue; }
    if (e === '`') { out.push('`'); st.i++; break; }
    if (e === '$' && src[st.i + 1] === '{') {
      plain = false;
      out.push('${');
      st.i += 2;
      scanCode(st, true);
      if (st.i < src.length) { out.push('}'); st.i++; }
      continue;
    }
    out.push(e === '\n' ? '\n' : ' ');
    st.i++;
  }
  st.strings.push({ start, end: st.i, text: src.slice(start + 1, st.i - 1), template: true, plain });
}

// the offset of the closing quote (or slash) of the literal opening at i
function literalEnd(src, i) {
  const c = src[i];
  let j = i + 1; let inClass = false;
  while (j < src.length) {
    const e = src[j];
    if (e === '\\') { j += 2; continue; }
    if (c === '/' && e === '[') inClass = true;
    else if (c === '/' && e === ']') inClass = false;
    else if (e === c && !inClass) break;
    else if (c !== '`' && e === '\n') break;
    j++;
  }
  return j;
}

export const codeOnly = (src) => scan(src).code;

export const lineAt = (src, offset) => src.slice(0, offset).split('\n').length;

// The code just before offset (skipping blanks), as the last `n` characters of significant
// code, and just after: used to see what a literal is compared with or passed to.
export function before(code, offset, n = 40) {
  let k = offset - 1;
  while (k >= 0 && /\s/.test(code[k])) k--;
  return code.slice(Math.max(0, k - n + 1), k + 1);
}
export function after(code, offset, n = 40) {
  let k = offset;
  while (k < code.length && /\s/.test(code[k])) k++;
  return code.slice(k, k + n);
}

// the offset of the bracket that closes the one opening at `open` ({, ( or [), in blanked code
export function closing(code, open) {
  const pairs = { '{': '}', '(': ')', '[': ']' };
  const stack = [];
  for (let k = open; k < code.length; k++) {
    const ch = code[k];
    if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === '}' || ch === ')' || ch === ']') {
      stack.pop();
      if (!stack.length) return k;
    }
  }
  return code.length - 1;
}

// the offset of the bracket that opens the one closing at `close`, in blanked code
function opening(code, close) {
  const pairs = { '}': '{', ')': '(', ']': '[' };
  let depth = 0;
  for (let k = close; k >= 0; k--) {
    const ch = code[k];
    if (pairs[ch]) depth++;
    else if (ch === '{' || ch === '(' || ch === '[') {
      depth--;
      if (!depth) return k;
    }
  }
  return 0;
}

const NOT_A_FUNCTION = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'await', 'in', 'of']);

// the offset of the last significant character before offset k (-1: none)
function lastSig(code, k) {
  let j = k - 1;
  while (j >= 0 && /\s/.test(code[j])) j--;
  return j;
}

// The name of the function whose body opens at `{` (offset open), or null when that brace
// opens no function body: an arrow's `=> {`, `function name(...) {`, a method `name(...) {`
// (with get, set, async, static), a `function(...) {` expression (named by `const x =` or
// `x:` before it when there is one). {name, from: the offset where its head starts}.
function functionAt(code, open) {
  const e = lastSig(code, open);
  if (e >= 1 && code[e] === '>' && code[e - 1] === '=') {
    const p = lastSig(code, e - 1);
    let from = p;
    if (code[p] === ')') from = opening(code, p);
    else while (from > 0 && /[\w$]/.test(code[from - 1])) from--;
    return { name: binding(code, from) ?? 'an arrow function', from };
  }
  if (code[e] !== ')') return null;
  const start = opening(code, e);
  const lead = code.slice(Math.max(0, start - 120), start).trimEnd();
  const m = /(?:\bfunction\s*\*?\s*([\w$]*)|([\w$]+))$/.exec(lead);
  if (!m) return null;
  const from = start - (lead.length - m.index) - (code.slice(Math.max(0, start - 120), start).length - lead.length);
  if (m[1] !== undefined) return { name: m[1] || binding(code, from) || 'a function', from };
  if (NOT_A_FUNCTION.has(m[2])) return null;
  if (/\bclass\s+[\w$]+\s+extends\s+[\w$.]*$/.test(lead)) return null;
  return { name: m[2], from };
}

// `const name = ` / `name: ` / `name = ` just before offset: the name a function is bound to
function binding(code, offset) {
  const m = /(?:\b(?:const|let|var)\s+)?([\w$]+)\s*(?:=|:)\s*(?:async\s*)?$/.exec(code.slice(Math.max(0, offset - 80), offset));
  return m ? m[1] : null;
}

// Every function body of a file: {name, line (of its first line), lines (first to closing
// brace, inclusive)}. Nested functions are listed too (an outer one's lines include theirs).
export function functionsOf(src, code = codeOnly(src)) {
  const out = [];
  for (let k = 0; k < code.length; k++) {
    if (code[k] !== '{') continue;
    const f = functionAt(code, k);
    if (!f) continue;
    const end = closing(code, k);
    const line = lineAt(src, f.from);
    out.push({ name: f.name, line, lines: lineAt(src, end) - line + 1 });
  }
  return out;
}
