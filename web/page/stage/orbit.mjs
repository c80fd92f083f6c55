// orbit.mjs - the 3D view's camera control: drag (mouse, pen or one finger) turns the camera
// around the cube, the wheel or a two-finger pinch moves it nearer or farther; no pan. It
// replaces three's OrbitControls, which is ten times its size in the first load, for what the
// stage uses of it.
//
// State: the camera's position in spherical coordinates around the origin (radius, polar
// angle phi from +y, azimuth theta), the pending turn and zoom not yet applied (spent by
// update(), at once, or a share per frame with damping: the glide after a drag), and the
// position it started from (reset()). The polar angle stays inside (0.01, pi - 0.01) and the
// radius inside [minDistance, maxDistance].
// Interface (the part of OrbitControls the stage used): new Orbit(camera, element);
// enableDamping, minDistance, maxDistance; addEventListener('change', f); update() -> whether
// the camera moved; reset(). Vertical touch moves stay the page's (CSS touch-action: pan-y).
const TAU = 2 * Math.PI;
const EPS = 0.01;
const DAMPING = 0.05; // the share of the pending turn spent per frame with damping

export class Orbit extends EventTarget {
  constructor(camera, element) {
    super();
    Object.assign(this, { camera, element, enableDamping: true, minDistance: 0, maxDistance: Infinity });
    this.start = camera.position.clone();
    this.pending = { theta: 0, phi: 0, zoom: 1 };
    this.pointers = new Map(); // pointerId -> {x, y}
    element.addEventListener('pointerdown', (e) => this._down(e));
    element.addEventListener('pointermove', (e) => this._move(e));
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) element.addEventListener(type, (e) => this.pointers.delete(e.pointerId));
    element.addEventListener('wheel', (e) => { e.preventDefault(); this._zoom(e.deltaY < 0 ? 1 / 0.95 : 0.95); }, { passive: false });
  }

  _down(e) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.element.setPointerCapture?.(e.pointerId);
  }

  _move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    const h = this.element.clientHeight || 1;
    if (this.pointers.size === 2) { // a pinch: the fingers' distance before and after
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX; p.y = e.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      if (before > 0 && after > 0) this._zoom(after / before);
      return;
    }
    this.pending.theta -= (TAU * (e.clientX - p.x)) / h;
    this.pending.phi -= (TAU * (e.clientY - p.y)) / h;
    p.x = e.clientX; p.y = e.clientY;
    this._changed();
  }

  _zoom(factor) {
    this.pending.zoom *= factor;
    this._changed();
  }

  _changed() { this.dispatchEvent(new Event('change')); }

  // Apply the pending turn and zoom; true when the camera moved.
  update() {
    const { theta, phi, zoom } = this.pending;
    if (Math.abs(theta) < 1e-6 && Math.abs(phi) < 1e-6 && zoom === 1) return false;
    const share = this.enableDamping ? DAMPING : 1;
    const pos = this.camera.position;
    const r0 = pos.length();
    let az = Math.atan2(pos.x, pos.z) + theta * share;
    let pol = Math.acos(Math.min(1, Math.max(-1, pos.y / r0))) + phi * share;
    pol = Math.min(Math.PI - EPS, Math.max(EPS, pol));
    const r = Math.min(this.maxDistance, Math.max(this.minDistance, r0 / zoom));
    pos.set(r * Math.sin(pol) * Math.sin(az), r * Math.cos(pol), r * Math.sin(pol) * Math.cos(az));
    this.camera.lookAt(0, 0, 0);
    this.pending = share === 1 ? { theta: 0, phi: 0, zoom: 1 } : { theta: theta * (1 - share), phi: phi * (1 - share), zoom: 1 };
    return true;
  }

  // Back to the starting position, nothing pending (Reset view).
  reset() {
    this.pending = { theta: 0, phi: 0, zoom: 1 };
    this.camera.position.copy(this.start);
    this.camera.lookAt(0, 0, 0);
    this._changed();
  }
}
