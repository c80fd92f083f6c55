// link-solution.lazy.mjs - a link's solution (share-tools.mjs fetches this only for a link
// that carries one): checked by the core on the link's own cube (checkLinkSolution), shown
// without running in the Result panel, playback (phases from a Twizzle link's // comments)
// and the Twizzle link. A link made from a run (it names the solver and the seed) is offered
// "Re-run to see how it was found", beside the empty chart and in the Result panel: the same
// solver, seed, params and islands run again (a run is deterministic, so it is the same run),
// its chart drawn live; afterwards drawComparison says plainly whether the re-run found the
// link's solution. A link without a run behind it (a Twizzle or alg.cubing.net one) is offered
// a solve with the chosen settings and the same comparison. Twizzle's setup + alg whose alg
// does not solve the setup is no solution: the cube is the setup then the alg, as Twizzle
// shows it. Plain DOM (textContent only).
import { byId as $ } from '../common/dom.mjs';
import { setupPlusAlg, playedText } from '../../lib/paste-link.mjs';
import { fmtMoves } from '../../lib/format.mjs';
import { solverInfo } from '../common/solver-info.mjs';

// the link names the run that found its solution: its solver and seed (the rest is the defaults)
export const fromRun = (shared) => !!(shared.solver && shared.seed != null);

// The phases of a solution written as twizzleUrl writes it, one phase a line
// ("R U F // phase 1 (3)"): [{name, solution}], or [] when the text is not in that form.
export function phasesFromComments(text) {
  const lines = String(text).split('\n').map((l) => l.trim()).filter(Boolean);
  const out = [];
  for (const line of lines) {
    const m = /^([^/]*?)\s*\/\/\s*(.{1,60}?)(?:\s*\(\d+\))?$/.exec(line);
    if (!m) return [];
    out.push({ name: m[2], solution: m[1] });
  }
  return out.length > 1 ? out : [];
}

// A link's solution= checked by the core on the link's own cube before anything is shown:
// {ok: true, facelets, solution (canonical), moves} or {ok: false, message}. A solution
// that does not parse, or does not solve this cube (a forged one, or one copied from
// another cube's link), is refused with the core's words. core is web/lib/core.mjs's core.
// algOnly (alg= without setup=): the cube is the one the solution solves, reached by its
// inverse, which is returned as scramble.
export function checkLinkSolution(core, { scramble, facelets, solution, algOnly = false }) {
  const fail = (why) => ({ ok: false, message: `The solution in the link was not shown: ${why}.` });
  let start;
  if (algOnly) {
    try { scramble = core.invert(solution); } catch (e) { return fail(e.message); }
  }
  try {
    if (facelets != null && !algOnly) {
      core.validate(facelets);
      start = facelets;
    } else {
      start = core.apply(scramble ?? '');
    }
  } catch (e) {
    return fail(`the link's cube is not valid (${e.message})`);
  }
  let canonical;
  try {
    canonical = core.canonical(solution);
  } catch (e) {
    return fail(e.message);
  }
  let v;
  try {
    v = core.verify(start, solution);
  } catch (e) {
    return fail(e.message);
  }
  if (!v.solved) return fail(`it does not solve the link's cube, so it is wrong or belongs to another cube (${v.message.replace(/^the solution does not solve the cube: /, '')})`);
  return { ok: true, facelets: start, ...(algOnly ? { scramble } : {}), solution: canonical, moves: canonical ? canonical.split(' ').length : 0 };
}

// A link's solution (readShare's shared) restored on the page (ctx: {core, input, results,
// playback, notify, twizzleUrl, onShown(), onRerun()}; onShown after results.result is set;
// results.showLinkSolution shows it in the Result panel, whose elements this module leaves
// to it);
// checkLinkSolution's answer when it was shown, else null.
export function restoreLink(shared, ctx) {
  const { core, input, results, playback, notify } = ctx;
  // Twizzle's setup + alg whose alg does not solve the setup: the cube is both, no solution
  const played = setupPlusAlg(core, shared);
  if (played !== shared) {
    input.setScramble(played.scramble);
    input.note(playedText(played.played)); // under the box, not a notice over the cube
    return null;
  }
  const checked = checkLinkSolution(core, shared);
  if (!checked.ok) { notify(checked.message, 'warn'); return null; }
  if (shared.algOnly) input.setScramble(checked.scramble);
  if (checked.facelets !== input.cube.facelets) {
    notify('The solution in the link was not shown: the link\'s cube could not be set up.', 'warn');
    return null;
  }
  results.result = { solution: checked.solution, length: checked.moves, facelets: checked.facelets, phases: [], stats: { solved: true }, fromLink: true };
  ctx.onShown();
  playback.load(checked.facelets, checked.solution, phasesFromComments(shared.solution));
  results.showLinkSolution({
    solution: checked.solution,
    summary: `${fmtMoves(checked.moves)} (HTM) · from the link, not re-run on this page`,
    verified: '✓ verified on this page: the link\'s solution solves the link\'s cube',
    twizzle: ctx.twizzleUrl(input.mode === 'paint' ? core.invert(checked.solution) : input.setup(), [], checked.solution),
  });
  offerRerun(ctx.onRerun, fromRun(shared) ? shared.solver : null);
  notify(`The link's solution (${fmtMoves(checked.moves)}) was verified on this cube; press play to watch it.`, 'info', 4000);
  return checked;
}

// The re-run offers beside a shown link's solution. onRerun: runs the solve; solver: the
// solver the link names with its seed (the run that found the solution), or null
export function offerRerun(onRerun, solver = null) {
  const button = (testid, cls) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = cls;
    b.dataset.testid = testid;
    b.textContent = solver ? 'Re-run to see how it was found' : 'Solve here and compare';
    b.addEventListener('click', onRerun);
    return b;
  };
  const box = $('link-compare');
  delete box.dataset.same;
  const name = solver ? solverInfo(solver).short : '';
  box.replaceChildren(button('rerun-compare', 'small'), solver
    ? ` runs ${name} again with the link's seed and settings (the same run: a run is deterministic), draws its chart live, and checks that it finds this solution.`
    : ' runs the chosen solver on this cube and compares its solution with the link\'s.');
  box.hidden = false;
  // beside the chart, empty until a run: the run behind the solution, one press away
  const by = $('link-rerun');
  if (solver) {
    by.replaceChildren(`This link carries ${name}'s solution but not the run that found it. `, button('rerun-chart', 'primary'),
      ' runs it again here and draws its chart as it goes.');
    by.hidden = false;
  } else by.hidden = true;
}

// theirs: {solution} from the link; result: the re-run's worker result. Returns whether the
// re-run found the link's solution (the comparison is also drawn in the Result panel).
export function drawComparison(theirs, result) {
  const box = $('link-compare');
  const a = theirs.solution ? theirs.solution.split(' ').length : 0;
  const solved = result.stats.solved;
  const same = solved && result.solution === theirs.solution;
  const b = result.length;
  box.dataset.same = String(same);
  box.replaceChildren(same
    ? `Same solution as the link's (${fmtMoves(a)}): this run is the one that found it, and the chart shows how.`
    : !solved
      ? `Not the link's solution: this run found no solution; the link's has ${fmtMoves(a)}.`
      : `Not the link's solution: this run found a different one, ${fmtMoves(b)}, the link's ${a}${b === a ? '' : ` (${b < a ? 'this run\'s' : 'the link\'s'} is shorter by ${Math.abs(a - b)})`}, so the chart is not of the run that found the link's. The link's: ${theirs.solution}`);
  box.hidden = false;
  return same;
}
