// lazy/link-solution.mjs - a link's verified solution in the Result panel, shown without
// running (web/share-panel.mjs fetches this only for a link that carries a solution), and
// after Re-run and compare, how the run's solution compares with the link's. Plain DOM
// (textContent only), no imports: sharing dom.mjs would split the first load into chunks.
const $ = (id) => document.getElementById(id);
const setText = (node, text) => { node.textContent = text; };

// checked: checkLinkSolution's answer; onRerun: runs the solve
export function drawLinkSolution(checked, onRerun) {
  setText($('solution'), checked.solution || '(already solved)');
  $('solution').dataset.solution = checked.solution;
  setText($('result-summary'), `${checked.moves} moves (HTM) · from the link, not re-run on this page`);
  setText($('verified'), '✓ verified on this page: the link\'s solution solves the link\'s cube');
  $('verified').dataset.ok = 'true';
  const box = $('link-compare');
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'small';
  b.dataset.testid = 'rerun-compare';
  b.textContent = 'Re-run and compare';
  b.addEventListener('click', onRerun);
  box.replaceChildren(b, ' runs the solver with the link\'s settings and compares its solution with this one.');
  box.hidden = false;
}

// theirs: {solution} from the link; result: the re-run's worker result
export function drawComparison(theirs, result) {
  const box = $('link-compare');
  const a = theirs.solution ? theirs.solution.split(' ').length : 0;
  const solved = result.stats.solved;
  const same = solved && result.solution === theirs.solution;
  const b = result.length;
  box.dataset.same = String(same);
  box.replaceChildren(same
    ? `This run found the link's solution again (${a} moves): the link reproduces its run.`
    : !solved
      ? `This run found no solution; the link's has ${a} moves.`
      : `This run found a different solution: ${b} moves, the link's ${a}${b === a ? '' : ` (${b < a ? 'this run' : 'the link\'s'} is shorter by ${Math.abs(a - b)})`}. The link's: ${theirs.solution}`);
  box.hidden = false;
}
