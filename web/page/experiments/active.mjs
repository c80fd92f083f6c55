// active.mjs - the running experiment's id, kept in localStorage so that a reload resumes
// it: written by the Experiments view (experiments-view.lazy.mjs), read at boot by open.mjs
// to know whether to open the view at once. Storage may be off (a private window): then
// nothing is kept and nothing resumes, never an error.
const ACTIVE_KEY = 'evocube.experiment';

export function getActive() {
  try { return localStorage.getItem(ACTIVE_KEY); } catch { return null; }
}

export function setActive(id) {
  try { if (id) localStorage.setItem(ACTIVE_KEY, id); else localStorage.removeItem(ACTIVE_KEY); } catch { /* no storage */ }
}
