// open.mjs - the first-load side of the Experiments view: the view itself
// (experiments-view.lazy.mjs) is fetched when the user opens it, when a link carries an
// experiment definition (`?experiment=`), or at boot when an experiment was running when the
// page closed (active.mjs), so that it resumes.
import { byId as $ } from '../common/dom.mjs';
import { getActive } from './active.mjs';

// a link's definition, read when the page's modules load: before the address bar follows
// the settings (web/page/share/url-sync.mjs rewrites the query)
const LINK = new URLSearchParams(location.search).get('experiment');

// Wire the Experiments button; open the view now if a link or a running experiment asks for
// it. deps: {core, notify} for the view.
export function wireExperiments(deps) {
  const link = LINK;
  const open = (fromLink = null) => import('./experiments-view.lazy.mjs')
    .then((m) => m.openExperiments({ ...deps, link: fromLink }))
    .catch((e) => deps.notify(`The Experiments view could not load: ${e.message}`, 'error'));
  $('experiments-open').addEventListener('click', () => open());
  if (link !== null || getActive()) open(link);
}
