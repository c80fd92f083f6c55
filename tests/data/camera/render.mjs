// render.mjs - window.renderFaces(jobs): each job {facelets, face, colours, tilt: [a, b]
// (degrees about the face's two in-plane axes), roll (degrees about the view axis), distance}
// rendered by the app's CubeView on its own camera (the view's orbit camera is left alone)
// and read back as RGBA rows from the top, base64. Pixels outside the cube have alpha 0.
import * as THREE from '../../../web/vendor/three.module.js';
import { CubeView } from '../../../web/page/stage/cube3d.mjs';

const NORMAL = { U: [0, 1, 0], R: [1, 0, 0], F: [0, 0, 1], D: [0, -1, 0], L: [-1, 0, 0], B: [0, 0, -1] };
// the face's top as Kociemba reads it: U with B on top, D with F on top, the sides with U on top
const UP = { U: [0, 0, -1], D: [0, 0, 1], R: [0, 1, 0], F: [0, 1, 0], L: [0, 1, 0], B: [0, 1, 0] };

const view = new CubeView(document.getElementById('host'));
const size = 192;
const camera = new THREE.PerspectiveCamera(35, 1, 0.1, 100);

function base64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function renderOne(job) {
  const n = new THREE.Vector3(...NORMAL[job.face]);
  const up = new THREE.Vector3(...UP[job.face]);
  const side = new THREE.Vector3().crossVectors(up, n);
  for (let i = 0; i < 54; i++) view.stickers[i].material.color.set((job.paint && job.paint[i]) || job.colours[job.facelets[i]]);
  const dir = n.clone()
    .applyAxisAngle(side, THREE.MathUtils.degToRad(job.tilt[0]))
    .applyAxisAngle(up, THREE.MathUtils.degToRad(job.tilt[1]));
  const target = n.clone().multiplyScalar(1.5);
  camera.position.copy(target).addScaledVector(dir, job.distance);
  camera.up.copy(up);
  camera.lookAt(target);
  camera.rotateZ(THREE.MathUtils.degToRad(job.roll));
  camera.updateMatrixWorld();
  const r = view.renderer;
  r.render(view.scene, camera);
  const gl = r.getContext();
  const buf = new Uint8Array(size * size * 4);
  gl.readPixels(0, 0, size, size, gl.RGBA, gl.UNSIGNED_BYTE, buf);
  const rows = new Uint8Array(buf.length);
  for (let y = 0; y < size; y++) rows.set(buf.subarray((size - 1 - y) * size * 4, (size - y) * size * 4), y * size * 4);
  return base64(rows);
}

window.renderFaces = (jobs) => {
  if (!view.available) throw new Error(`no WebGL: ${view.reason}`);
  view.ro.disconnect(); // the harness sizes the canvas itself
  view.renderer.setPixelRatio(1);
  view.renderer.setSize(size, size, false);
  return jobs.map(renderOne);
};
window.renderSize = size;
document.body.dataset.ready = 'true';
