// c-includes.mjs - the include pass of scripts/check-layers.mjs, on the source text of c/:
//
// Every `#include "X"` under c/ names its folder relative to c/ ("core/cube.h"), or is the
// public header "evocube.h" (allowed everywhere). Layers rank core 0 < search 1 < solver 2 <
// solvers 3 < tools 4; a file may include its own layer or a lower one, never a higher one.
// Inside c/solvers/, a family folder (c/solvers/<family>/) includes no other family's files
// and none of the registry's (c/solvers/*.c, solvers.def); the registry (c/solvers/registry.c)
// includes no family's files: it knows the families only through the ec_solver_impl symbols
// solvers.def names. Each library layer's sources.cmake lists exactly the .c files of its
// folder, and each solver family's folder has its own sources.cmake listing its files (so
// every file is compiled into the library, and so is link-checked by c-links.mjs). No file of
// c/ is over MAX_C_LINES lines (a file a newcomer can hold in their head: split it by concept).
// Costs: one read of each file of c/.
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { walk, posix } from './files.mjs';

export const LAYERS = { core: 0, search: 1, solver: 2, solvers: 3, tools: 4 };
export const MAX_C_LINES = 700;

// the file's folder group: its layer, and for c/solvers/ the family or the registry
export function place(file) {
  const parts = file.split('/'); // c/<layer>/...
  const layer = parts[1];
  if (!(layer in LAYERS)) return null;
  let group = layer;
  let family = null;
  if (layer === 'solvers') {
    if (parts.length > 3) family = parts[2];
    group = family ? `solvers/${family}` : 'solvers (registry)';
  }
  return { layer, rank: LAYERS[layer], group, family };
}

// the rule an include breaks, or null
function includeProblem(file, from, inc, root) {
  const to = place(`c/${inc}`);
  if (!to || !existsSync(join(root, 'c', inc))) return 'an include names its folder relative to c/ (core/, search/, solver/, solvers/, tools/) or is "evocube.h"';
  if (to.rank > from.rank) return `up-include: ${from.layer} (layer ${from.rank}) must not include ${to.layer} (layer ${to.rank}); layers point one way, core <- search <- solver <- solvers <- tools`;
  if (from.layer !== 'solvers' || to.layer !== 'solvers' || from.group === to.group) return null;
  if (from.family && to.family) return `family ${from.family} must not include family ${to.family}'s files (families are independent; share code through a lower layer)`;
  if (from.family) return `family ${from.family} must not include the registry's files (the registry knows the families, not the other way)`;
  if (inc === 'solvers/solvers.def') return null;
  return `the registry must not include family ${to.family}'s files (it knows them only through solvers.def's extern ec_solver_impl symbols)`;
}

// each layer's (and family's) sources.cmake lists exactly the .c files of its folder
function checkSources(root, sources, report) {
  const families = readdirSync(join(root, 'c', 'solvers')).filter((d) => statSync(join(root, 'c', 'solvers', d)).isDirectory());
  for (const layer of ['core', 'search', 'solver', 'solvers', ...families.map((f) => `solvers/${f}`)]) {
    const cm = `c/${layer}/sources.cmake`;
    if (!existsSync(join(root, cm))) { report(`sources ${cm}`, `${cm} is missing: each family folder lists its own sources`); continue; }
    const text = readFileSync(join(root, cm), 'utf8').replace(/#.*$/gm, '');
    const listed = new Set([...text.matchAll(/c\/[\w./-]+\.c\b/g)].map((m) => m[0]));
    for (const f of listed) {
      if (!f.startsWith(`c/${layer}/`) || (layer === 'solvers' && f.split('/').length !== 3)) report(`sources ${cm} ${f}`, `${cm}: lists ${f}, a file of another folder (each layer lists its own files)`);
      else if (!existsSync(join(root, f))) report(`sources ${cm} ${f}`, `${cm}: lists ${f}, which does not exist`);
    }
    const own = (x) => x.startsWith(`c/${layer}/`) && (layer !== 'solvers' || x.split('/').length === 3);
    for (const f of sources.filter((x) => own(x) && x.endsWith('.c')))
      if (!listed.has(f)) report(`sources ${cm} ${f}`, `${f}: not listed in ${cm} (it would be neither built nor checked)`);
  }
}

// The pass: every include of c/, then the sources.cmake lists. Returns its summary line.
export function checkIncludes({ root, report }) {
  let nIncludes = 0;
  const sources = walk(join(root, 'c')).map((p) => posix(relative(root, p))).filter((f) => /\.(c|h|def)$/.test(f));
  for (const file of sources) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const n = lines.length - (lines[lines.length - 1] === '' ? 1 : 0);
    if (n > MAX_C_LINES) report(`long-c ${file}`, `${file}: ${n} lines, over ${MAX_C_LINES}: split it by concept into files of its folder`);
    const from = place(file);
    if (!from) continue; // c/include/evocube.h: the public header
    lines.forEach((line, i) => {
      const m = /^\s*#\s*include\s*"([^"]+)"/.exec(line);
      if (!m) return;
      nIncludes++;
      if (m[1] === 'evocube.h') return;
      const problem = includeProblem(file, from, m[1], root);
      if (problem) report(`include ${file} -> ${m[1]}`, `${file}:${i + 1}: #include "${m[1]}": ${problem}`);
    });
  }
  checkSources(root, sources, report);
  return `includes: ${sources.length} files, ${nIncludes} includes checked`;
}
