// watch-views.lazy.mjs - loaded on demand (web/page/watch/watch.mjs imports it when the Watch
// panel opens): composes the panel's views, each its own file, all fed by the progress
// records (every record as it arrives, and the run's bounded history, watch.history, a
// RecordLog of web/lib/record-log.mjs, replayed on reset):
//   scrubber-view.mjs    the generation scrubber (a record's best individual on the cube)
//   population-view.mjs  what the records carry, the best individuals, the fitness histogram
//                        (histogram.mjs), the diversity
//   swarm-view.mjs       the agents per iteration or one agent's neighbours, the event log
// They read per-solver facts from the descriptor (web/page/common/solver-info.mjs), never a
// solver's name; their look is app.css's (#watch-views). The views repaint at most every
// PAINT_MS while records arrive, and at once at the end.
//   mountViews({host, watch}) -> {reset(solver), add(records), end()}
import { clear } from '../common/dom.mjs';
import { scrubberView } from './scrubber-view.mjs';
import { populationView } from './population-view.mjs';
import { swarmView } from './swarm-view.mjs';

const PAINT_MS = 250;

export function mountViews({ host, watch }) {
  clear(host);
  const views = [scrubberView(watch), populationView(watch), swarmView(watch)];
  host.append(...views.flatMap((v) => v.nodes));
  const take = (r) => { for (const v of views) if (v.take) v.take(r); };
  const paint = () => { for (const v of views) v.paint(); };
  let timer = 0;
  const schedule = () => { if (!timer) timer = setTimeout(() => { timer = 0; paint(); }, PAINT_MS); };
  return {
    // a new run of `solver` (or the views' first mount): the history so far is replayed
    reset(solver) {
      for (const v of views) v.reset(solver);
      const { history } = watch;
      for (let i = 0; i < history.length; i++) take(history.at(i));
      schedule();
    },
    add(records) {
      for (const r of records) take(r);
      schedule();
    },
    end() { if (timer) { clearTimeout(timer); timer = 0; } paint(); },
  };
}
