// dom.mjs - small DOM helpers for the page. Everything text-like goes in through
// textContent or attributes set one by one, never through innerHTML, so strings that came
// from a user or a URL can never become markup.

// el('button', {class: 'x', dataset: {testid: 'solve'}, onclick: f}, 'Solve', child...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, '');
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function byId(id) {
  return document.getElementById(id);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export function setText(node, text) {
  if (node && node.textContent !== String(text)) node.textContent = String(text);
}

// A key pressed in target goes to the text there (a text field, a select, editable content),
// not to the page's shortcuts.
export function isTyping(t) {
  return !!t && (t.isContentEditable || /^(TEXTAREA|SELECT)$/.test(t.tagName)
    || (t.tagName === 'INPUT' && !/^(range|checkbox|radio|button)$/.test(t.type)));
}

// A style sheet added to the document from text (a constructed sheet: the page's
// Content-Security-Policy allows the CSSOM), for the look of views fetched on demand, so the
// first load's app.css does without it.
export function adoptStyle(text) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return sheet;
}
