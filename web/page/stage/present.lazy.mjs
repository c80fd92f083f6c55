// present.lazy.mjs - presentation mode, for a projector or a class (fetched by the stage's
// Present button, web/page/stage/stage.mjs): the page goes full screen (when the browser
// allows it; otherwise it fills the window) and shows the run bar, a large cube and a large
// chart side by side, the live numbers in large type, the sentence that tells the run (with the
// phase and its goal) and the playback bar, all inside the screen; everything else is hidden. Keys: Enter solves, space pauses / resumes a run
// or plays a solution, → steps, Escape (or leaving full screen) ends the mode. Its look is a
// constructed style sheet added while presenting (the page's Content-Security-Policy
// allows the CSSOM), so the first load carries none of it.
//   togglePresent(solve)   enter or leave the mode (solve(): what Enter does); presenting():
//                     whether it is on
import { adoptStyle } from '../common/dom.mjs';

const CSS = `
body.presenting .top .tagline, body.presenting .col1, body.presenting .col1b, body.presenting .result, body.presenting .watch,
body.presenting .race, body.presenting .race-board, body.presenting .foot, body.presenting .first-hint,
body.presenting .moves, body.presenting .timeline, body.presenting .fitness-def, body.presenting .experiments { display: none !important; }
body.presenting .layout { grid-template-columns: minmax(0, 1.05fr) minmax(0, 1fr); gap: 16px; padding: 8px 16px; }
body.presenting .col { display: flex; }
body.presenting .col2 { grid-column: 1; grid-row: 1; }
body.presenting .col3 { grid-column: 2; grid-row: 1; display: flex; }
body.presenting .view3d { height: calc(100vh - 425px); max-height: none; aspect-ratio: auto; }
body.presenting .stats dt { font-size: 17px; }
body.presenting .stats dd { font-size: clamp(18px, 1.8vw, 30px); } /* "8,888,888" fits a tile at 1280 px */
body.presenting .phase-goal { display: none; } /* the run's sentence names the phase and its goal */
body.presenting .run-story { font-size: 20px; line-height: 1.35; }
body.presenting .view-caption { font-size: 18px; }
body.presenting .live h2 { font-size: 18px; }
body.presenting .chart .u-legend { font-size: 17px; }
body.presenting .live { min-height: calc(100vh - 90px); }
`;

let sheet = null;
let solveFn = () => {};
const on = () => document.body.classList.contains('presenting');

export function presenting() { return on(); }

function keys(e) {
  if (!on() || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'Escape') { e.preventDefault(); togglePresent(); }
  else if (e.key === 'Enter' && !/^(TEXTAREA|SELECT|BUTTON|INPUT)$/.test(e.target.tagName)) {
    e.preventDefault();
    solveFn();
  }
}

function left() { if (!document.fullscreenElement && on()) togglePresent(); }

export function togglePresent(solve = solveFn) {
  solveFn = solve;
  const button = document.getElementById('present');
  if (!on()) {
    if (!sheet) sheet = adoptStyle(CSS);
    document.body.classList.add('presenting');
    button.setAttribute('aria-pressed', 'true');
    document.addEventListener('keydown', keys);
    const fs = document.documentElement.requestFullscreen;
    if (fs) {
      document.documentElement.requestFullscreen().then(() => document.addEventListener('fullscreenchange', left), () => { /* the window, then */ });
    }
    window.scrollTo(0, 0);
  } else {
    document.body.classList.remove('presenting');
    button.setAttribute('aria-pressed', 'false');
    document.removeEventListener('keydown', keys);
    document.removeEventListener('fullscreenchange', left);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  }
  window.dispatchEvent(new Event('resize'));
}
