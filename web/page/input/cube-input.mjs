// cube-input.mjs - the input cube: the Scramble and Paint tabs, the scramble field
// (web/page/input/alg-input.mjs), the painter (web/page/input/painter.mjs) on the input net, Random scramble and
// Clear, and the Camera tab (camera.lazy.mjs, loaded when opened; it ends in Paint). State:
// the mode ('scramble' | 'paint' | 'camera'), the open scan (camera) and the input cube {ok, facelets, alg,
// error?}. The input net shows the input cube only (never a live state or a playback).
//
// Interface:
//   new CubeInput({ core, net, randomScramble, onChange, onSubmit, onLink })
//     randomScramble() -> Promise<{scramble, kind, seed}>; onChange(cube) after every change;
//     onSubmit() on Ctrl+Enter in the field; onLink(r) when a link is pasted into the field
//     (r: web/lib/paste-link.mjs's readLink answer; the page loads it as its address)
// What the field is given is recognised first (web/lib/paste.mjs) and named under it: a
// facelet string goes to the Paint tab (the painter is the facelet editor), a link to onLink.
// On an error the net and the 3D cube are greyed (data-stale, app.css) and the Facelets line
// says why: what they show is the last valid cube, not this text.
//   cube, mode          the current input; pending: a Random scramble on its way (a promise) or null
//   setMode(mode), setScramble(text), setFacelets(facelets, validate); focus(): the field
//   note(text)          how the text was read (a pasted link's setup + alg), under the field;
//                       cleared by the next edit or setScramble
//   fields()            {scramble} or {facelets}: the input part of a share link
//   setup()             the scramble in canonical notation ('' in paint mode or on an error)
//   freeze(on)          a run is going: the input cannot change until it ends
import { byId as $, setText } from '../common/dom.mjs';
import { SOLVED } from '../../lib/core.mjs';
import { readShare } from '../../lib/share-link.mjs';
import { fmtMoves } from '../../lib/format.mjs';
import { wholeCubeNote } from '../../lib/cube-text.mjs';
import { AlgInput } from './alg-input.mjs';
import { Painter } from './painter.mjs';

export class CubeInput {
  constructor({ core, net, randomScramble, onChange, onSubmit, notify, onLink }) {
    Object.assign(this, { core, net, onChange, notify });
    // the kind named under the field is the user's last paste; cleared on their next edit
    // (registered before the field's parser, which names the new kind)
    $('scramble').addEventListener('input', () => { setText($('scramble-kind'), ''); this.note(''); });
    this.mode = 'scramble';
    this.cube = { ok: true, facelets: SOLVED, alg: '' };
    this.frozen = false;
    this.algInput = new AlgInput({
      input: $('scramble'), errorBox: $('scramble-error'), core,
      onChange: (st) => {
        if (this.mode !== 'scramble') return;
        const { paste } = st;
        if (paste.kind === 'facelets') {
          this.algInput.set('', false);
          this.painter.set(paste.facelets);
          this.setMode('paint');
          setText($('paint-kind'), `Pasted: ${paste.label}`);
          return;
        }
        if (paste.kind === 'link') {
          import('./paste-link.lazy.mjs').then((m) => m.loadLink(this, paste.url, st.alg, onLink, readShare), (e) => notify(e.message, 'warn'));
          return;
        }
        let info = '';
        if (st.ok && st.alg.trim()) {
          try {
            const m = core.metrics(st.alg);
            const whole = wholeCubeNote(st.alg);
            info = `${fmtMoves(m.htm)} (HTM) · ${m.qtm} QTM · ${m.stm} STM${whole ? ` · ${whole}` : ''}`;
          } catch { /* shown inline */ }
        }
        setText($('scramble-info'), info);
        this._set(fromAlg(st));
      },
    });
    this.painter = new Painter({
      core, net, palette: $('palette'), message: $('paint-validation'),
      onChange: (st) => { if (this.mode === 'paint') { setText($('paint-kind'), ''); this._set(st); } },
    });
    $('tab-scramble').addEventListener('click', () => this.setMode('scramble'));
    $('tab-paint').addEventListener('click', () => this.setMode('paint'));
    $('tab-camera').addEventListener('click', () => this.setMode('camera'));
    $('paint-solved').addEventListener('click', () => this.painter.set(SOLVED));
    $('paint-from-scramble').addEventListener('click', () => {
      const st = this.algInput.update(false);
      if (st.ok) this.painter.set(st.facelets);
      else notify('The scramble has an error; fix it first.', 'warn');
    });
    $('scramble').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); onSubmit(); }
    });
    $('clear-scramble').addEventListener('click', () => { this.setScramble(''); $('scramble').focus(); });
    $('random-scramble').addEventListener('click', () => {
      this.pending = this._random(randomScramble).finally(() => { this.pending = null; });
    });
  }

  // Random scramble: busy (the worker may still be building its tables) until it is in the field
  async _random(randomScramble) {
    const btn = $('random-scramble');
    btn.disabled = true;
    btn.setAttribute('aria-busy', 'true');
    setText($('scramble-kind'), 'making a random scramble…');
    try {
      const r = await randomScramble();
      if (this.frozen) return;
      if (this.mode !== 'scramble') this.setMode('scramble');
      this.setScramble(r.scramble);
      setText($('scramble-kind'), r.kind === 'random-state'
        ? `random-state scramble (seed ${r.seed})` : `25 random moves (seed ${r.seed})`);
    } finally {
      btn.disabled = this.frozen;
      btn.removeAttribute('aria-busy');
      if ($('scramble-kind').textContent.endsWith('…')) setText($('scramble-kind'), '');
    }
  }

  _set(cube) {
    this.cube = cube;
    const stale = !cube.ok && this.mode === 'scramble';
    setText($('facelets'), stale ? 'none: the scramble has an error' : cube.facelets || '');
    $('cube-input').dataset.stale = String(stale);
    if (cube.facelets && (cube.ok || this.mode === 'paint')) this.net.set(cube.facelets);
    this.onChange(cube);
  }

  setMode(mode) {
    if (this.mode === mode) return;
    this.mode = mode;
    $('cube-input').dataset.mode = mode;
    for (const m of ['scramble', 'paint', 'camera']) {
      $(`tab-${m}`).setAttribute('aria-selected', String(mode === m));
      $(`${m}-pane`).hidden = mode !== m;
    }
    this.net.setPaintable(mode === 'paint' && !this.frozen);
    if (this.camera && mode !== 'camera') this.camera.close(); // the camera is released
    if (mode === 'camera') {
      import('./camera.lazy.mjs').then((m) => m.openCamera(this, $('camera-pane')), (e) => this.notify(`The camera scan could not load (${e.message}).`, 'warn'));
    } else if (mode === 'paint') {
      const st = this.algInput.state;
      if (!this.painter.touched) this.painter.set(st && st.ok ? st.facelets : SOLVED);
      this._set(this.painter.state());
    } else {
      this.net.mark([]);
      this._set(fromAlg(this.algInput.update(false)));
    }
  }

  setScramble(text) { this.note(''); this.algInput.set(text); }

  // A note on how the box's text was read (a link's setup and alg), under the box, where it
  // covers nothing; the next edit, paste or scramble clears it.
  note(text) {
    setText($('scramble-note'), text);
    $('scramble-note').hidden = !text;
  }

  focus() { $('scramble').focus(); }

  setFacelets(facelets, validate) { this.painter.set(facelets, validate); }

  fields() { return this.mode === 'paint' ? { facelets: this.cube.facelets } : { scramble: this.algInput.value }; }

  setup() {
    if (this.mode === 'paint') return '';
    try { return this.core.canonical(this.algInput.value); } catch { return ''; }
  }

  // While a run goes, the input is read-only: the run's outputs are for the cube it started
  // from, and the page never pairs them with another.
  freeze(on) {
    this.frozen = on;
    $('scramble').readOnly = on;
    $('scramble').title = on ? 'The cube is locked while its run goes: Cancel, or wait for the result, to change it.' : '';
    for (const id of ['random-scramble', 'clear-scramble', 'tab-scramble', 'tab-paint', 'tab-camera', 'paint-solved', 'paint-from-scramble']) $(id).disabled = on;
    for (const b of $('palette').querySelectorAll('button')) b.disabled = on;
    this.net.setPaintable(this.mode === 'paint' && !on);
    $('cube-input').dataset.frozen = String(on);
  }
}

function fromAlg(st) {
  return st.ok ? { ok: true, facelets: st.facelets, alg: st.alg } : { ok: false, alg: st.alg, error: st.error };
}
