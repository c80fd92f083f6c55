// files.mjs - the file walk and path form the layer check's passes share (scripts/layers/).
import { readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

export const posix = (p) => p.split(sep).join('/');

// every file under dir, sorted by name at each level
export function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}
