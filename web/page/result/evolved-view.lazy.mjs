// evolved-view.lazy.mjs - the result area's "what evolved" and "solutions found" lists
// (web/lib/evolved.mjs builds the rows):
//  - #evolved: macro-ga's solving individual as its macros, one button per macro ("y2 · M7",
//    its length) with aria-expanded; click or Enter/Space expands it to its face turns (a
//    <code> beside it, aria-controls). Hidden for solvers without parts.
//  - #improving: twophase's improving solutions in the order found (22 → 21 → 20), each with
//    its moves and the search nodes at which it was found; hidden when there is none.
// Loaded on demand by result-view.mjs when a result has either. DOM only through el
// (textContent).
import { byId as $, el, clear } from '../common/dom.mjs';
import { fmtNum, fmtMoves } from '../../lib/format.mjs';
import { partRows, partText, partsSummary, improvingText } from '../../lib/evolved.mjs';

export function clearEvolved() {
  for (const id of ['evolved', 'improving']) {
    clear($(id));
    $(id).hidden = true;
  }
}

// r: the worker's result; improving: the run's improving solutions (addImproving), or [].
export function showEvolved(r, improving = []) {
  clearEvolved();
  const parts = r.stats.solved ? r.parts : null;
  if (parts && parts.length) {
    const box = $('evolved');
    const rows = partRows(parts);
    box.append(el('h3', {}, 'What evolved'), el('p', { class: 'hint' },
      `The solving individual: ${partsSummary(parts)}; together they simplify to the solution above (${fmtMoves(r.length)}). Open a macro to see its moves.`));
    const list = el('ol', { class: 'parts', 'data-testid': 'parts' });
    rows.forEach((p, i) => {
      const id = `part-moves-${i}`;
      const code = el('code', { id, class: 'long part-moves', 'data-testid': 'part-moves', hidden: true }, p.moves || '–');
      const button = el('button', {
        type: 'button', class: 'quiet small part', 'aria-expanded': 'false', 'aria-controls': id,
        title: p.title, 'data-testid': 'part', dataset: { name: p.name },
      }, partText(p));
      button.addEventListener('click', () => {
        const open = button.getAttribute('aria-expanded') !== 'true';
        button.setAttribute('aria-expanded', String(open));
        code.hidden = !open;
      });
      list.append(el('li', {}, button, ' ', code));
    });
    box.append(list);
    box.hidden = false;
  }
  if (r.stats.solved && improving.length) {
    const box = $('improving');
    box.append(el('h3', {}, 'Solutions found'), el('p', { class: 'hint' },
      improving.length > 1
        ? `Each shorter than the one before (${improvingText(improving)} moves), as Cube Explorer and csTimer list them; the search stops at the first short enough (maxLength, 20 unless asked for shorter).`
        : 'The first solution found was already short enough.'));
    const list = el('ol', { class: 'improving-list', 'data-testid': 'improving-list' });
    for (const s of improving) {
      list.append(el('li', { 'data-testid': 'improving-solution', dataset: { length: String(s.length) } },
        el('strong', {}, fmtMoves(s.length)), ` after ${fmtNum(s.evaluations)} nodes: `, el('code', { class: 'long' }, s.moves)));
    }
    box.append(list);
    box.hidden = false;
  }
}
