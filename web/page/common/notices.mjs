// notices.mjs - the page's notices (bottom right): notify(text, kind, ms, action) adds
// one; kind 'info' | 'warn' | 'error' | 'update'; ms 0 keeps it until dismissed; action
// {label, run} adds a button that runs it and closes the notice. Returns the element.
import { byId, el } from './dom.mjs';

export function notify(text, kind = 'info', ms = 9000, action = null) {
  const n = el('div', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status', dataset: { testid: `notice-${kind}` } },
    el('span', {}, text),
    action ? el('button', { type: 'button', class: 'small', dataset: { testid: 'notice-action' }, onclick: () => { n.remove(); action.run(); } }, action.label) : null,
    el('button', { type: 'button', class: 'quiet small', 'aria-label': 'dismiss', onclick: () => n.remove() }, '×'));
  byId('notices').append(n);
  if (ms) setTimeout(() => n.remove(), ms);
  return n;
}
