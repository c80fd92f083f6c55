// stage.mjs - the cube on stage: the 3D view (web/page/stage/cube3d.mjs, loaded on demand) or,
// without WebGL, the flat net moved into its place, and a caption saying what is shown
// (the input cube, a run's best individual, a playback). The net in the input panel shows
// the input cube only; with WebGL it never shows a live or playback state.
// The net's host's (`#net-host`) data-shown is the facelet string on stage (the e2e tests
// read it).
//
// Interface:
//   await Stage.create({ net, inputMode, solve }) -> stage   inputMode(): 'scramble' | 'paint';
//                     solve(): start a solve (presentation mode's Enter key)
//   stage.view        the CubeView, or {available: false, reason}
//   show(facelets, caption)    put a state on stage, with what it is
//   caption(text)     change the caption alone
//   bringIntoView()   scroll the stage's panel to the top when the cube, the live numbers, the
//                     run's sentence or the playback bar is cut (a run starts, Play)
//   resetView()       the default camera
// The Present button (index.html's header) turns presentation mode on and off. This feature
// owns the ids view3d, view-caption, view-note, present and reset-view.
import { byId as $, setText } from '../common/dom.mjs';

export class Stage {
  static async create({ net, inputMode, solve }) {
    let view;
    const host = $('view3d');
    try {
      const { CubeView } = await import('./cube3d.mjs');
      view = new CubeView(host);
    } catch (e) {
      // the module did not load or the view could not start (WebGL off is not this: the view
      // then says so itself): the note over the net says why, and the console has it
      console.error(`evocube: the 3D view could not load: ${e.message}`);
      view = { available: false, reason: `the 3D view could not load (${e.message})` };
    }
    return new Stage({ view, net, inputMode, solve });
  }

  constructor({ view, net, inputMode, solve }) {
    Object.assign(this, { view, net, inputMode });
    this.shown = '';
    if (!view.available) {
      $('view3d').classList.add('unavailable');
      const note = $('view-note');
      note.hidden = false;
      note.textContent = `${view.reason || 'WebGL is not available'}: the flat net shows the cube.`;
      note.before(net.host); // the net becomes the view
    }
    // presentation mode (present.lazy.mjs, fetched at the first press)
    $('present').addEventListener('click', () => import('./present.lazy.mjs').then((m) => m.togglePresent(solve))
      .catch((e) => setText($('view-note'), `Presentation mode could not load (${e.message}).`)));
    const reset = $('reset-view');
    reset.hidden = !view.available || !view.resetView;
    reset.addEventListener('click', () => view.resetView());
  }

  show(facelets, caption) {
    this.shown = facelets;
    if (this.view.available) this.view.setState(facelets);
    else if (this.inputMode() !== 'paint') this.net.set(facelets);
    this.net.host.dataset.shown = facelets;
    if (caption != null) this.caption(caption);
  }

  // the stage's panel in view from its top (the run bar) down to the run's lines and the
  // playback bar (its children marked .keep-in-view): when any is cut, the panel's top is
  // scrolled to the window's top (the layout fits them under it at every supported size)
  bringIntoView() {
    const section = $('view3d').closest('section');
    const parts = [$('view3d'), ...section.querySelectorAll('.keep-in-view')];
    const cut = parts.some((e) => {
      const box = e.getBoundingClientRect();
      return box.height > 0 && (box.top < 0 || box.bottom > window.innerHeight);
    });
    if (!cut) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }

  caption(text) {
    setText($('view-caption'), text);
    const canvas = this.view.available && this.view.renderer.domElement;
    if (canvas) canvas.setAttribute('aria-label', `3D cube, ${text}: drag to turn the view`);
  }
}
