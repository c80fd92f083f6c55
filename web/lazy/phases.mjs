// lazy/phases.mjs - a solution's phases in playback (web/playback.mjs), loaded with the first
// result that has phases: where each phase begins in the move list, and the Result panel's
// phase rows that play their phase from its first move. No imports.

// Phase k ends where the solution reaches the state after phases 1..k; when moves of two
// phases cancel at their seam that state is never reached, and the phase joins the next.
// states[i]: the facelets after i moves (playback's). Returns {phases: [{name, start, end,
// joined?}], phaseOf: [phase index of move i, or -1]}.
export function phaseSpans(core, start, states, phases) {
  const n = states.length - 1;
  const out = [];
  const phaseOf = new Array(n).fill(-1);
  let at = 0;
  let f = start;
  phases.forEach((p, k) => {
    try { f = core.apply(p.solution || '', f); } catch { return; }
    const end = k === phases.length - 1 ? n : states.indexOf(f, at);
    if (end < 0) { out.push({ name: p.name, start: at, end: at, joined: true }); return; }
    for (let i = at; i < end; i++) phaseOf[i] = k;
    out.push({ name: p.name, start: at, end });
    at = end;
  });
  return { phases: out, phaseOf };
}

// Rows of a phase table (one per phase, in order): each plays its phase from its first move.
export function bindPhaseRows(playback, rows) {
  [...rows].forEach((tr, k) => {
    const p = playback.phases[k];
    if (!p) return;
    tr.classList.add('phase-row', `ph${k % 6}`);
    tr.dataset.phaseStart = String(p.start);
    tr.tabIndex = 0;
    tr.title = p.joined ? `${p.name}: its moves cancel into the next phase; plays from move ${p.start + 1}` : `play from move ${p.start + 1} (${p.name})`;
    const go = async () => { await playback.goTo(p.start); if (p.end > p.start) playback.play(); };
    tr.addEventListener('click', go);
    tr.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } });
  });
}
