// result-view.mjs - what a run leaves: the result summary (web/page/result/result-summary.mjs), the
// solution's playback, the share link and the Twizzle link. Everything shown comes from the
// run's own input (outcome.input: its cube, its scramble in canonical notation), never
// from what the fields hold by then. A cancelled run or a give-up keeps its best
// individual so far as a labelled partial result (not a solution; it is not played back).
//
// Interface:
//   new ResultView({ core, playback, stage, notify })
//   result            the shown outcome's result, or null
//   facelets          the cube of what is shown (a result or a partial one), or null
//   show(outcome)     a finished run's outcome (RunController.begin's); an error is said in
//                     the summary (and in a notice unless the solver crashed: the crash
//                     has its own)
//   showRace(result, setup)   a race runner's result (result.race: its solver) as a
//                     result of the page, then played; setup: the input's scramble when the
//                     input still is the race's cube, else null
//   clear()
//   links(href, setup)  the share link of the current settings, and (with no result) the
//                     Twizzle link of the input's scramble
//   showLinkSolution({solution, summary, verified, twizzle})   a shared link's solution,
//                     checked by the core (web/page/share/link-solution.lazy.mjs), shown
//                     without a run: its notation, the summary and the check in words, and
//                     the Twizzle link
// This feature owns the ids of what it shows: solution, result-summary, verified,
// twizzle-link, share-link (and, through playback.mjs, play and the playback's controls);
// other features reach them only through these methods.
import { byId as $, setText } from '../common/dom.mjs';
import { fmtNum, fmtMoves } from '../../lib/format.mjs';
import { ResultSummary } from './result-summary.mjs';
import { ERROR, STATUS } from '../../lib/protocol.mjs';
import { twizzleUrl } from '../../lib/share-link.mjs';
import { copyText } from '../common/copy.mjs';
import { solverInfo } from '../common/solver-info.mjs';

export class ResultView {
  constructor({ core, playback, stage, notify }) {
    Object.assign(this, { core, playback, stage, notify });
    this.summary = new ResultSummary({ core });
    this.result = null;
    this.outcome = null;
    this.facelets = null; // the cube of what is shown (a result or a partial one)
    // one copy with its fallbacks (web/page/share/share-tools.mjs), shared with Copy solution
    $('copy-link').addEventListener('click', () => copyText($('share-link').href, notify, 'Link'));
  }

  clear() {
    this.result = null;
    this.outcome = null;
    this.facelets = null;
    this.summary.clear();
    for (const id of ['evolved', 'improving']) { $(id).replaceChildren(); $(id).hidden = true; }
    setText($('partial'), '');
    $('partial').hidden = true;
  }

  show(outcome) {
    if (outcome.kind === STATUS.ERROR) {
      const e = outcome.error;
      setText($('result-summary'), e.code === ERROR.CRASH ? `The solver crashed: ${e.message}` : e.message);
      if (e.code !== ERROR.CRASH) this.notify(e.message, 'error');
      return;
    }
    this.clear();
    const { input, result: r, best } = outcome;
    this.facelets = input.facelets;
    if (r) {
      this.result = { ...r, facelets: input.facelets };
      this.outcome = outcome;
      this.summary.show(r, input.facelets);
      // what evolved (macro-ga's parts) and the solutions found (a solver whose records are
      // improving solutions, the descriptor's records 'solutions': each record's best is a
      // solution's length): web/page/result/evolved-view.lazy.mjs, loaded when there is one
      const improving = solverInfo(r.stats.solver).records === 'solutions' ? outcome.improving || [] : [];
      if (r.stats.solved && (r.parts?.length || improving.length)) {
        const shown = this.outcome;
        import('./evolved-view.lazy.mjs').then((m) => { if (this.outcome === shown) m.showEvolved(r, improving); },
          (e) => this.notify(`the result's lists: ${e.message}`, 'error'));
      }
    }
    if (r && r.stats.solved) {
      // share: phase colours in the move list; a phase row plays from its first move
      this.playback.load(input.facelets, r.solution, r.phases);
      this.playback.bindPhaseRows($('phases').tBodies[0].rows);
      const setup = input.mode === 'paint' ? this.core.invert(r.solution) : input.setup;
      $('twizzle-link').href = twizzleUrl(setup, r.phases, r.solution);
      return;
    }
    // no solution: the input cube back on stage, and the best individual so far in words
    this.playback.clear();
    this.stage.show(input.facelets, 'your cube');
    if (best && (outcome.kind === STATUS.CANCELLED || outcome.kind === STATUS.GAVE_UP)) {
      const p = $('partial');
      p.hidden = false;
      setText(p, `Partial result (${outcome.kind}, not a solution): the best individual at generation ${fmtNum(best.gen)}, fitness ${fmtNum(best.best)}, ${fmtMoves(best.bestLength)}: ${best.bestMoves || '(none)'}`);
      p.dataset.moves = best.bestMoves;
    }
  }

  showLinkSolution({ solution, summary, verified, twizzle }) {
    setText($('solution'), solution || '(already solved)');
    $('solution').dataset.solution = solution;
    setText($('result-summary'), summary);
    setText($('verified'), verified);
    $('verified').dataset.ok = 'true';
    $('twizzle-link').href = twizzle;
  }

  showRace(r, setup) {
    const facelets = r.stats.facelets;
    const scramble = setup != null;
    this.show({ kind: STATUS.SOLVED, input: { facelets, mode: scramble ? 'scramble' : 'paint', setup: scramble ? setup : '' }, result: r });
    const summary = $('result-summary');
    setText(summary, `race: ${r.race} · ${summary.textContent}`);
  }

  links(href, setup) {
    $('share-link').href = href;
    if (!this.result) $('twizzle-link').href = twizzleUrl(setup, [], '');
  }
}
