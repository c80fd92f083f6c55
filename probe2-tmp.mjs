import { Alg, Move } from 'cubing/alg';
import { KPuzzle } from 'cubing/kpuzzle';
import { cube3x3x3 } from 'cubing/puzzles';
import { getPuzzleGeometryByName, ExperimentalPGNotation } from 'cubing/puzzle-geometry';
const pg = getPuzzleGeometryByName('3x3x3', { allMoves: true, orientCenters: true, addRotations: true });
const def = pg.getKPuzzleDefinition(true);
const nt = new ExperimentalPGNotation(pg, pg.getOrbitsDef(true));
const k = new KPuzzle(nt.remapKPuzzleDefinition(def), { experimentalPGNotation: nt });
const off = await cube3x3x3.kpuzzle();
const basics = [];
for (const b of ['U','R','F','D','L','B','Uw','Rw','Fw','Dw','Lw','Bw','M','E','S','x','y','z']) for (const s of ['', '2', "'"]) basics.push(b+s);
const tr = (m) => { try { return k.algToTransformation(m); } catch (e) { return null; } };
for (const m of process.argv.slice(2)) {
  const t = tr(m);
  if (!t) { console.log(m, 'PG refuses'); continue; }
  const eq = basics.filter(b => tr(b) && tr(b).isIdentical(t));
  const ide = t.isIdentical(k.identityTransformation());
  console.log(m.padEnd(8), eq.join(',') || (ide ? 'identity' : 'NONE'), basics.filter(b=>!tr(b)).join(' '));
}
