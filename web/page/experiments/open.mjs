// open.mjs - the first-load side of the Experiments view: the view itself
// (experiments-view.lazy.mjs) is fetched when the user opens it, when a link carries an
// experiment definition (`?experiment=`), or at boot when an experiment was running when the
// page closed (its key in localStorage), so that it resumes.
import { byId as $ } from '../common/dom.mjs';

// the localStorage key under which the view keeps the running experiment's id
export const ACTIVE_KEY = 'evocube.experiment';

// a link's definition, read when the page's modules load: before the address bar follows
// the settings (web/page/share/url-sync.mjs rewrites the query)
const LINK = new URLSearchParams(location.search).get('experiment');

// Wire the Experiments button; open the view now if a link or a running experiment asks for
// it. deps: {core, notify, makeClient} for the view.
export function wireExperiments(deps) {
  const link = LINK;
  const open = (fromLink = null) => import('./experiments-view.lazy.mjs')
    .then((m) => m.openExperiments({ ...deps, link: fromLink }))
    .catch((e) => deps.notify(`The Experiments view could not load: ${e.message}`, 'error'));
  $('experiments-open').addEventListener('click', () => open());
  let active = null;
  try { active = localStorage.getItem(ACTIVE_KEY); } catch (e) { active = null; } // storage off (a private window): nothing to resume
  if (link !== null || active) open(link);
}
