// hint.mjs - the three-step hint shown on a first visit: "Got it" hides it for good
// (remembered in localStorage; a browser that refuses storage just shows it again) and calls
// done() (the page puts the focus on the scramble field).
//   firstVisitHint(done)
import { byId as $ } from './dom.mjs';

export const HINT_KEY = 'evocube.hint.dismissed';

export function firstVisitHint(done = () => {}) {
  const box = $('first-hint');
  let seen = false;
  try { seen = localStorage.getItem(HINT_KEY) === '1'; } catch { /* storage off */ }
  box.hidden = seen;
  $('hint-dismiss').addEventListener('click', () => {
    box.hidden = true;
    try { localStorage.setItem(HINT_KEY, '1'); } catch { /* storage off */ }
    done();
  });
}
