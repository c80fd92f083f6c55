// cube3d.mjs - the three.js view: 26 cubies (a dark body each) carrying the 54 stickers,
// orbit controls (orbit.mjs: mouse and touch), on-demand rendering, and
// animated turns. State model: the cubies always rest at their home positions; a turn
// parents the moving layer to a pivot, rotates it with easing, then puts the cubies back
// home and repaints every sticker from the facelet string the core computed for the new
// state. So the view never keeps its own cube model; the core stays the only authority.
// When WebGL is unavailable the constructor leaves `available` false and the page keeps
// the flat net as its view. Costs: 26 bodies + 54 stickers (two shared geometries).
import * as THREE from '../../vendor/three.module.js';
import { Orbit } from './orbit.mjs';
import { FACELETS, CUBIES, COLORS, moveTurn } from '../../lib/geometry.mjs';

const GAP = 1.0;
const BODY = 0.97;
const STICKER = 0.84;

function webglAvailable() {
  try {
    const c = document.createElement('canvas');
    return !!(c.getContext('webgl2') || c.getContext('webgl'));
  } catch {
    return false;
  }
}

function roundedSquare(size, radius) {
  const s = size / 2, r = radius;
  const shape = new THREE.Shape();
  shape.moveTo(-s + r, -s);
  shape.lineTo(s - r, -s);
  shape.quadraticCurveTo(s, -s, s, -s + r);
  shape.lineTo(s, s - r);
  shape.quadraticCurveTo(s, s, s - r, s);
  shape.lineTo(-s + r, s);
  shape.quadraticCurveTo(-s, s, -s, s - r);
  shape.lineTo(-s, -s + r);
  shape.quadraticCurveTo(-s, -s, -s + r, -s);
  return new THREE.ShapeGeometry(shape, 4);
}

// prefers-reduced-motion: turns land at once, the view does not glide after a drag
const reducedMotion = () => !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);

const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

export class CubeView {
  constructor(host) {
    this.host = host;
    this.available = false;
    this.queue = Promise.resolve();
    this.pending = 0;
    this.current = null; // the running turn
    this.frameCost = 0; // ms, smoothed
    if (!webglAvailable()) { this.reason = 'WebGL is not available in this browser'; return; }
    try {
      this.renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    } catch (e) {
      this.reason = `WebGL could not start (${e.message})`;
      return;
    }
    this.available = true;
    const r = this.renderer;
    r.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    r.domElement.setAttribute('role', 'img');
    r.domElement.setAttribute('aria-label', '3D cube: drag to turn the view');
    r.domElement.dataset.testid = 'cube-canvas';
    host.append(r.domElement);

    this.scene = new THREE.Scene();
    this.camera = new THREE.PerspectiveCamera(35, 1, 0.1, 100);
    this.camera.position.set(5.2, 4.4, 6.6);
    this.camera.lookAt(0, 0, 0);
    this.scene.add(new THREE.AmbientLight(0xffffff, 1.6));
    const key = new THREE.DirectionalLight(0xffffff, 1.6);
    key.position.set(4, 8, 6);
    this.scene.add(key);
    const fill = new THREE.DirectionalLight(0xffffff, 0.6);
    fill.position.set(-6, -3, -4);
    this.scene.add(fill);

    this._cubies();

    this.controls = new Orbit(this.camera, r.domElement);
    this.controls.enableDamping = !reducedMotion();
    this.controls.minDistance = 5;
    this.controls.maxDistance = 20;
    this.controls.addEventListener('change', () => { this.dirty = true; });

    this.ro = new ResizeObserver(() => this.resize());
    this.ro.observe(host);
    this.resize();
    this.dirty = true;
    const loop = () => {
      requestAnimationFrame(loop);
      const moved = this.controls.update();
      if (this.current) this._advance(performance.now());
      if (moved || this.dirty || this.current) {
        this.dirty = false;
        const t = performance.now();
        this.renderer.render(this.scene, this.camera);
        // smoothed cost of a frame: large under software rendering, which the page uses
        // to repaint live states less often
        this.frameCost = 0.8 * this.frameCost + 0.2 * (performance.now() - t);
      }
    };
    requestAnimationFrame(loop);
  }

  // the 26 cubies (a dark body each) and the 54 stickers on them, in their home places
  _cubies() {
    this.root = new THREE.Group();
    this.pivot = new THREE.Group();
    this.scene.add(this.root, this.pivot);
    const bodyGeo = new THREE.BoxGeometry(BODY, BODY, BODY);
    const bodyMat = new THREE.MeshStandardMaterial({ color: 0x14161c, roughness: 0.6 });
    const stickerGeo = roundedSquare(STICKER, 0.09);
    this.cubies = CUBIES.map((pos) => {
      const g = new THREE.Group();
      g.position.set(pos[0] * GAP, pos[1] * GAP, pos[2] * GAP);
      g.userData.home = pos;
      g.add(new THREE.Mesh(bodyGeo, bodyMat));
      this.root.add(g);
      return g;
    });
    this.stickers = FACELETS.map((f) => {
      const cubie = this.cubies.find((c) => c.userData.home.every((v, i) => v === f.pos[i]));
      const mat = new THREE.MeshStandardMaterial({ color: 0x777777, roughness: 0.35, side: THREE.DoubleSide });
      const m = new THREE.Mesh(stickerGeo, mat);
      const n = new THREE.Vector3(...f.normal);
      m.position.copy(n).multiplyScalar(BODY / 2 + 0.004);
      m.lookAt(n.clone().multiplyScalar(2));
      cubie.add(m);
      return m;
    });
  }

  resize() {
    if (!this.available) return;
    const w = Math.max(120, this.host.clientWidth), h = Math.max(120, this.host.clientHeight);
    this.renderer.setSize(w, h, false); // CSS sizes the canvas (.view3d canvas)
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.dirty = true;
  }

  // Back to the first camera position (the Reset view button).
  resetView() {
    if (!this.available) return;
    this.controls.reset();
    this.dirty = true;
  }

  // Paint every sticker from a 54-char facelet string (unknown letters grey).
  setState(facelets) {
    if (facelets === this.facelets) return; // nothing to repaint
    this.facelets = facelets;
    if (!this.available) return;
    for (let i = 0; i < 54; i++) this.stickers[i].material.color.set(COLORS[facelets[i]] || '#777777');
    this.dirty = true;
  }

  // Animate `token` (a canonical move) over ms, ending at facelets `after`. Turns queue up;
  // the promise resolves when this one is done. Without WebGL, or with ms <= 0 (a replay that
  // cannot animate at its pace), it just sets the state.
  turn(token, after, ms = 300) {
    if (!this.available) { this.setState(after); return Promise.resolve(); }
    const t = moveTurn(token);
    this.pending++;
    const p = this.queue.then(() => new Promise((resolve) => {
      if (!t || this.flushing || reducedMotion() || ms <= 0) { this.setState(after); resolve(); return; }
      const layer = this.cubies.filter((c) => t.layers.includes(c.userData.home[t.axis]));
      for (const c of layer) this.pivot.attach(c);
      this.current = { t, after, resolve, layer, start: performance.now(), ms: Math.max(1, ms * (Math.abs(t.angle) > 2 ? 1.5 : 1)) };
    })).finally(() => { this.pending--; });
    this.queue = p;
    return p;
  }

  _advance(now) {
    const a = this.current;
    const k = Math.min(1, (now - a.start) / a.ms);
    const angle = a.t.angle * (this.flushing ? 1 : ease(k));
    this.pivot.rotation.set(0, 0, 0);
    this.pivot.rotation[['x', 'y', 'z'][a.t.axis]] = angle;
    if (k >= 1 || this.flushing) this._land();
  }

  _land() {
    const a = this.current;
    this.current = null;
    this.pivot.rotation.set(0, 0, 0);
    for (const c of a.layer) {
      this.root.attach(c);
      const [x, y, z] = c.userData.home;
      c.position.set(x * GAP, y * GAP, z * GAP);
      c.rotation.set(0, 0, 0);
    }
    this.dirty = true;
    this.setState(a.after);
    a.resolve();
  }

  // Finish every queued turn at once (e.g. before jumping to another state).
  async flush() {
    if (!this.available) return;
    this.flushing = true;
    if (this.current) this._land();
    await this.queue;
    this.flushing = false;
  }

  get busy() { return this.pending > 0; }
}
