// c-links.mjs - the link pass of scripts/check-layers.mjs, on the object files of the native
// core library (build/native/CMakeFiles/evocube_core.dir/c/**.o):
//
// `nm` reads each object for its defined and undefined global symbols; file A depends on
// file B when A uses a symbol B defines. On that graph: a dependency on a higher layer, or
// from one family to another family (or from a family to the registry), is an error; the
// registry uses a family only through the ec_solver_impl symbols solvers.def names. The
// strongly connected components (Tarjan) are the cycles: a cycle whose files lie in
// different folders is an error, and the folder graph (core, search, solver, the registry,
// each family, tools) must have no cycle either. A cycle between files of one folder (e.g.
// two files of one family that call each other) is also an error: a folder's files form a
// dependency order like the layers do, so a module can be read, tested and replaced without
// its siblings' internals. Every cycle is printed with the symbols that make each edge.
// Costs: one `nm` per object (about 80).
import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execFileSync } from 'node:child_process';
import { walk, posix } from './files.mjs';
import { place } from './c-includes.mjs';

// the dependency graph: {files, edges: from -> (to -> [symbols])}; objects of sources that no
// longer exist are skipped (a moved or deleted file's old object stays in the build)
function linkGraph(root, objRoot, report) {
  const objects = walk(objRoot).filter((p) => p.endsWith('.o') && existsSync(join(root, 'c', relative(objRoot, p).replace(/\.o$/, ''))));
  const defs = new Map(); // symbol -> file
  const undefs = new Map(); // file -> [symbols]
  for (const obj of objects) {
    const file = 'c/' + posix(relative(objRoot, obj)).replace(/\.o$/, '');
    const u = [];
    for (const line of execFileSync('nm', ['-P', '-g', obj], { encoding: 'utf8' }).split('\n')) {
      const [sym, type] = line.trim().split(/\s+/);
      if (!sym || !type) continue;
      if (type === 'U') u.push(sym);
      else if (/^[A-Z]$/.test(type) && type !== 'N') {
        if (defs.has(sym) && defs.get(sym) !== file) report(`duplicate ${sym}`, `link: symbol ${sym} is defined by both ${defs.get(sym)} and ${file}`);
        defs.set(sym, file);
      }
    }
    undefs.set(file, u);
  }
  const files = [...undefs.keys()].sort();
  const edges = new Map(files.map((f) => [f, new Map()]));
  for (const f of files) {
    for (const s of undefs.get(f)) {
      const t = defs.get(s);
      if (!t || t === f) continue; // libc, libm
      if (!edges.get(f).has(t)) edges.get(f).set(t, []);
      edges.get(f).get(t).push(s);
    }
  }
  return { files, edges };
}

// Tarjan's strongly connected components over a graph given as node -> iterable of nodes
export function scc(nodes, next) {
  let index = 0;
  const idx = new Map(), low = new Map(), on = new Set(), stack = [], comps = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      comps.push(c.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return comps;
}

// one cycle through start inside comp, by breadth-first search back to start
function cycleThrough(start, comp, next) {
  const inComp = new Set(comp);
  const prev = new Map();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of next(v)) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0]));
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

// each edge against the layers, the families and the registry
function checkEdges({ files, edges }, registered, symbolsOf, report) {
  let n = 0;
  for (const f of files) {
    const from = place(f);
    for (const t of [...edges.get(f).keys()].sort()) {
      n++;
      const to = place(t);
      const what = `link: ${f} uses ${symbolsOf(f, t)} from ${t}`;
      const key = `link ${f} -> ${t}`;
      if (to.rank > from.rank) {
        report(key, `${what}: ${from.layer} (layer ${from.rank}) depends on ${to.layer} (layer ${to.rank}), a higher layer`);
      } else if (from.layer === 'solvers' && to.layer === 'solvers' && from.group !== to.group && from.family) {
        report(key, `${what}: ${from.group} depends on ${to.group}; a family depends on no other family and not on the registry`);
      } else if (from.layer === 'solvers' && !from.family && to.family) {
        const other = edges.get(f).get(t).filter((s) => !registered.has(s));
        if (other.length) report(key, `link: ${f} uses ${other.join(', ')} from ${t}: the registry uses a family only through the ec_solver_impl symbols solvers.def names`);
      }
    }
  }
  return n;
}

// the cycles between files, then the folder graph's
function checkCycles({ files, edges }, symbolsOf, report) {
  const fileNext = (f) => [...edges.get(f).keys()].sort();
  for (const comp of scc(files, fileNext)) {
    if (comp.length < 2) continue;
    const groups = [...new Set(comp.map((f) => place(f).group))];
    const cyc = cycleThrough(comp[0], comp, fileNext);
    const shown = cyc.map((f, i) => (i ? ` -> (${symbolsOf(cyc[i - 1], f)}) ${f}` : f)).join('');
    const key = comp.length === 2 ? `cycle ${comp[0]} <-> ${comp[1]}` : `cycle ${comp.join(' ')}`;
    if (groups.length > 1) report(key, `link cycle between folders ${groups.join(', ')}: ${shown}`);
    else report(key, `link cycle inside ${groups[0]} (files of one folder must not call each other both ways): ${shown}`);
  }
  const groupEdges = new Map();
  for (const f of files)
    for (const t of edges.get(f).keys()) {
      const a = place(f).group, b = place(t).group;
      if (a === b) continue;
      if (!groupEdges.has(a)) groupEdges.set(a, new Map());
      if (!groupEdges.get(a).has(b)) groupEdges.get(a).set(b, `${f} -> ${t}`);
    }
  const groups = [...new Set(files.map((f) => place(f).group))].sort();
  const groupNext = (g) => [...(groupEdges.get(g) || new Map()).keys()].sort();
  for (const comp of scc(groups, groupNext)) {
    if (comp.length < 2) continue;
    const cyc = cycleThrough(comp[0], comp, groupNext);
    const shown = cyc.map((g, i) => (i ? ` -> ${g} (${groupEdges.get(cyc[i - 1]).get(g)})` : g)).join('');
    report(`folder cycle ${comp.join(' ')}`, `link cycle between folders: ${shown}`);
  }
  return groups.length;
}

// The pass. Returns its summary line, or null when the objects are missing (build first).
export function checkLinks({ root, buildDir, report }) {
  const objRoot = join(buildDir, 'CMakeFiles', 'evocube_core.dir', 'c');
  if (!existsSync(objRoot)) return null;
  const graph = linkGraph(root, objRoot, report);
  // the implementations solvers.def registers: the only symbols the registry takes from families
  const registered = new Set(
    [...readFileSync(join(root, 'c', 'solvers', 'solvers.def'), 'utf8').matchAll(/^\s*EC_SOLVER\((\w+)\)/gm)].map((m) => m[1]),
  );
  const symbolsOf = (a, b) => {
    const s = graph.edges.get(a).get(b) || [];
    return s.slice(0, 3).join(', ') + (s.length > 3 ? `, +${s.length - 3} more` : '');
  };
  const nEdges = checkEdges(graph, registered, symbolsOf, report);
  const nGroups = checkCycles(graph, symbolsOf, report);
  return `links: ${graph.files.length} objects, ${nEdges} file dependencies, ${nGroups} folders`;
}
