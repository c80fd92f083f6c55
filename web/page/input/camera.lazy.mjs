// camera.lazy.mjs - the Camera tab: the user shows the six faces of their cube to the camera
// in a fixed order and orientation; the colours are read jointly (web/lib/scan-colours.mjs)
// and the scan ends in the Paint tab with the 54 colours and each sticker's confidence shown,
// so every correction tool there works; nothing is solved until the user presses Solve.
//
// Flow: getUserMedia (the rear camera on phones) -> a live picture with a 3x3 grid (the
// centred square of 80% of the picture's shorter side, the grid sampleFace reads) -> every
// 200 ms a small frame is sampled; a face is captured when its nine cells have been steady for
// STEADY_MS after the picture moved (or on a tap of Capture) -> its nine colours go at once on
// the small net, and the page says which face comes next and how to turn the cube -> after the
// sixth, the camera is released and the joint reading is handed to the Paint tab. A tap on a
// sticker there pins its colour and re-runs the joint reading (Painter's onPaint hook).
// Frames never leave the page and none is kept: only the 54 averaged samples are.
// Failures (no camera, permission denied, the camera in use, an insecure page) each get their
// own message, and the Paint tab. The camera is released whenever the tab or the page is left.
// State: one Scan at a time (input.camera); costs: one 160-px frame read per tick.
import { el, clear, setText } from '../common/dom.mjs';
import { FACES, COLOR_NAMES } from '../../lib/geometry.mjs';
import { sampleFace, readCube, centredGrid, checkReading, linearToByte } from '../../lib/scan-colours.mjs';

export const GRID_FRACTION = 0.8;
const TICK_MS = 200;
const STEADY_MS = 900;
const STILL = 0.012; // the largest change of a cell's linear RGB between ticks that counts as still
const MOVED = 0.05; // a change this large means the cube was turned
const FRAME = 160; // the sampled frame's shorter side, in pixels
const UNSURE = 0.2; // a confidence below this is outlined on the net (about 1 right sticker in 100)
const OUTLINED = 6; // the least confident of them, at most this many

// The scan order: the face shown, the face on top, and how to get there from the last face.
// Each face then arrives as the core reads it (Kociemba's order: U with B on top, D with F on
// top, the sides with U on top).
const ORDER = [
  { face: 'U', top: 'B', how: 'Hold the cube with white facing the camera and blue on top.' },
  { face: 'F', top: 'U', how: 'Tip the cube away from you (its top goes back): green faces the camera, white on top.' },
  { face: 'R', top: 'U', how: 'Turn the cube a quarter to the left (its right side comes to the front): red faces the camera, white still on top.' },
  { face: 'B', top: 'U', how: 'Another quarter to the left: blue faces the camera, white on top.' },
  { face: 'L', top: 'U', how: 'Another quarter to the left: orange faces the camera, white on top.' },
  { face: 'D', top: 'F', how: 'Turn a quarter to the left again (green in front), then tip it away from you (its top goes back): yellow faces the camera, green on top.' },
];

// A getUserMedia failure in the user's words.
export function cameraProblem(e) {
  const name = e && e.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The camera permission was denied. Allow the camera for this site in the browser\'s settings, or paint the cube by hand.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'No camera was found on this device. Paint the cube by hand instead.';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'The camera is in use by another app or tab. Close it there and try again, or paint the cube by hand.';
  return `The camera could not start (${(e && e.message) || 'no reason given'}). Paint the cube by hand instead.`;
}

function insecureProblem() {
  if (!globalThis.isSecureContext) return 'The camera works only on a secure page (https, or this computer\'s own address). Paint the cube by hand instead.';
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return 'This browser gives pages no camera. Paint the cube by hand instead.';
  return null;
}

function linkStyle() {
  if (document.querySelector('link[data-camera-style]')) return;
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('./camera.css', import.meta.url).href, dataset: { cameraStyle: '' } }));
}

// Open the Camera tab's scan in pane (the input's #camera-pane). input: the CubeInput.
export function openCamera(input, pane) {
  linkStyle();
  if (input.camera) input.camera.close();
  input.camera = new Scan(input, pane);
  return input.camera.start();
}

class Scan {
  constructor(input, pane) {
    this.input = input;
    this.pane = pane;
    this.faces = {}; // face letter -> its nine samples
    this.stream = null;
    this.timer = 0;
    this.build();
  }

  build() {
    clear(this.pane);
    this.video = el('video', { playsinline: true, muted: true, autoplay: true, dataset: { testid: 'camera-video' }, 'aria-label': 'camera picture' });
    this.video.muted = true;
    this.grid = el('div', { class: 'camera-grid', 'aria-hidden': 'true' }, Array.from({ length: 9 }, () => el('span')));
    this.step = el('p', { class: 'camera-step', role: 'status', dataset: { testid: 'camera-step' } });
    this.mini = el('div', { class: 'camera-net', dataset: { testid: 'camera-net' }, 'aria-label': 'faces read so far' },
      // laid out as the input's flat net is (its row and column classes)
      this.input.net.stickers.map((b) => el('span', { class: `cn ${b.className.match(/\br\d+ k\d+\b/)[0]}` })));
    this.capture = el('button', { type: 'button', dataset: { testid: 'camera-capture' }, onclick: () => this.take() }, 'Capture');
    const stop = el('button', { type: 'button', class: 'quiet', dataset: { testid: 'camera-stop' }, onclick: () => this.giveUp('The scan was stopped; paint the cube by hand or scan again.') }, 'Stop');
    const view = el('div', { class: 'camera-view' }, this.video, this.grid);
    this.video.addEventListener('loadedmetadata', () => view.classList.toggle('portrait', this.video.videoHeight > this.video.videoWidth));
    this.pane.append(
      view,
      this.step,
      el('div', { class: 'row' }, this.capture, stop, this.mini),
      el('p', { class: 'hint' }, 'The picture stays in this browser: nothing is sent or stored.'),
    );
  }

  async start() {
    const bad = insecureProblem();
    if (bad) return this.giveUp(bad);
    setText(this.step, 'Starting the camera…');
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
    } catch (e) {
      return this.giveUp(cameraProblem(e));
    }
    if (this.closed) { this.release(); return; }
    this.video.srcObject = this.stream;
    await this.video.play().catch(() => {});
    this.canvas = document.createElement('canvas');
    this.ctx = this.canvas.getContext('2d', { willReadFrequently: true });
    this.pane.dataset.live = 'true';
    addEventListener('pagehide', this.onHide = () => this.close(), { once: true });
    this.prompt();
    this.pane.scrollIntoView({ block: 'start' });
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  prompt() {
    const k = Object.keys(this.faces).length;
    const o = ORDER[k];
    setText(this.step, `Face ${k + 1} of 6: the ${COLOR_NAMES[o.face]} centre (${o.face}), ${COLOR_NAMES[o.top]} on top. ${o.how} Hold it inside the grid until it is taken, or tap Capture.`);
    this.pane.dataset.face = o.face;
  }

  // the nine cells of the current frame (linear RGB), or null before the first frame
  frame() {
    const v = this.video;
    if (!this.ctx || !v.videoWidth || !v.videoHeight) return null;
    const s = FRAME / Math.min(v.videoWidth, v.videoHeight);
    const w = Math.round(v.videoWidth * s), h = Math.round(v.videoHeight * s);
    if (this.canvas.width !== w || this.canvas.height !== h) Object.assign(this.canvas, { width: w, height: h });
    this.ctx.drawImage(v, 0, 0, w, h);
    const img = this.ctx.getImageData(0, 0, w, h);
    return sampleFace(img, centredGrid(w, h, GRID_FRACTION));
  }

  tick() {
    const cells = this.frame();
    if (!cells) return;
    const now = performance.now();
    const change = this.last ? Math.max(...cells.map((c, k) => Math.max(...c.map((x, j) => Math.abs(x - this.last[k][j]))))) : 1;
    this.last = cells;
    if (change > MOVED) this.moved = true;
    if (change > STILL || !this.moved) { this.since = now; return; }
    if (now - this.since >= STEADY_MS) this.take(cells);
  }

  take(cells = this.frame()) {
    const k = Object.keys(this.faces).length;
    if (!cells || k >= 6) return;
    const f = FACES.indexOf(ORDER[k].face);
    this.faces[ORDER[k].face] = cells;
    cells.forEach((c, j) => { this.mini.children[f * 9 + j].style.backgroundColor = toCss(c); });
    this.mini.children[f * 9 + 4].dataset.done = 'true';
    this.moved = false;
    this.since = performance.now();
    if (k === 5) this.finish();
    else this.prompt();
  }

  finish() {
    this.close();
    const samples = FACES.flatMap((f) => this.faces[f]);
    session(this.input, samples, readCube(samples));
  }

  giveUp(message) {
    this.close();
    this.input.notify(message, 'warn');
    this.input.setMode('paint');
    setText(document.getElementById('paint-kind'), message);
  }

  release() {
    clearInterval(this.timer);
    this.timer = 0;
    if (this.stream) for (const t of this.stream.getTracks()) t.stop();
    this.stream = null;
    if (this.video) this.video.srcObject = null;
    delete this.pane.dataset.live;
  }

  close() {
    this.closed = true;
    if (this.onHide) removeEventListener('pagehide', this.onHide);
    this.release();
    if (this.input.camera === this) this.input.camera = null;
  }
}

// linear RGB -> a CSS colour for the small net (what the camera saw, before any reading)
function toCss(rgb) {
  return `rgb(${rgb.map(linearToByte).join(',')})`;
}

// The scan's reading in the Paint tab: the colours painted, each sticker's confidence on the
// net, the core's check; a tap on a sticker pins the chosen colour there and reads again.
function session(input, samples, reading) {
  const pins = {};
  const net = input.net;
  const show = (r) => {
    input.setMode('paint');
    input.painter.set(r.facelets);
    const check = checkReading(input.core, r);
    const least = [...r.confidence.keys()].filter((i) => r.confidence[i] < UNSURE)
      .sort((x, y) => r.confidence[x] - r.confidence[y]).slice(0, OUTLINED);
    net.stickers.forEach((b, i) => {
      b.dataset.confidence = r.confidence[i].toFixed(2);
      b.classList.toggle('unsure', least.includes(i) || check.suspects.includes(i));
      b.title = `${b.title} · read with ${Math.round(100 * r.confidence[i])}% confidence`;
    });
    setText(document.getElementById('paint-kind'), check.ok
      ? 'Scanned: check the outlined stickers (the least sure), then press Solve to accept the cube.'
      : `Scanned, but the cube is not possible (${check.message}). The outlined stickers are the least sure: pick the right colour and tap one.`);
    input.scanned = { facelets: r.facelets };
  };
  // the outlines and the pins belong to this reading: once the cube shown is another (Solved,
  // From scramble, a paste, a new scan), they go
  const watch = new MutationObserver(() => {
    if (input.scanned && net.root.dataset.facelets === input.scanned.facelets) return;
    for (const b of net.stickers) { b.classList.remove('unsure'); delete b.dataset.confidence; }
    input.scanned = null;
    watch.disconnect();
  });
  input.painter.onPaint = (i, letter) => {
    if (!input.scanned || input.painter.facelets !== input.scanned.facelets || i % 9 === 4) return false;
    pins[i] = letter;
    try {
      show(readCube(samples, { pins }));
    } catch (e) {
      delete pins[i];
      input.notify(e.message, 'warn');
      return false;
    }
    return true;
  };
  show(reading);
  watch.observe(net.root, { attributes: true, attributeFilter: ['data-facelets'] });
}
