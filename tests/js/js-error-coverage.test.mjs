// js-error-coverage.test.mjs - scripts/js-error-coverage.mjs reads V8's block coverage right:
// its error sites are the throw statements and _fail( calls outside comments, and a site's
// count is that of the innermost range holding it (a branch not taken inside a called
// function is not reached; a function never called is not reached), summed over processes.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorSites, siteCounts, report } from '../../scripts/js-error-coverage.mjs';

const SRC = `// a throw in a comment is no site
export function f(x) {
  if (x) throw new Error('taken');
  if (!x) throw new Error('not taken');
  return 1;
}
export function g() { this._fail(-3); }
export const h = (problems) => { problems.push('x'); return { ok: false }; };
`;

test('error sites: throw statements, _fail( calls, returned refusals; not comments', () => {
  expect(errorSites(SRC).map((s) => [s.line, s.text.slice(0, 12)])).toEqual([[3, "if (x) throw"], [4, "if (!x) thro"], [7, 'export funct'], [8, 'export const'], [8, 'export const']]);
});

test('counts: the innermost range decides, processes add up, an uncalled function is not reached', () => {
  const root = mkdtempSync(join(tmpdir(), 'evocube-jscov-test-'));
  try {
    mkdirSync(join(root, 'cov'));
    writeFileSync(join(root, 'm.mjs'), SRC);
    const [s3, s4] = errorSites(SRC);
    const fStart = SRC.indexOf('export function f'), fEnd = SRC.indexOf('export function g');
    const url = pathToFileURL(join(root, 'm.mjs')).href;
    const cover = (ranges) => ({ result: [{ url, functions: [
      { ranges: [{ startOffset: 0, endOffset: SRC.length, count: 1 }] },
      { ranges: [{ startOffset: fStart, endOffset: fEnd, count: 2 }, ...ranges] },
      { ranges: [{ startOffset: fEnd, endOffset: SRC.length - 1, count: 0 }] },
    ] }] });
    // process 1: the line-4 throw's branch not taken; process 2: the line-3 one not taken
    writeFileSync(join(root, 'cov', 'a.json'), JSON.stringify(cover([{ startOffset: s4.offset - 8, endOffset: s4.offset + 30, count: 0 }])));
    writeFileSync(join(root, 'cov', 'b.json'), JSON.stringify(cover([{ startOffset: s3.offset - 7, endOffset: s3.offset + 26, count: 0 }])));
    const counts = siteCounts(join(root, 'cov'), ['m.mjs'], root)['m.mjs'].map((s) => [s.line, s.count]);
    expect(counts).toEqual([[3, 2], [4, 2], [7, 0], [8, 0], [8, 0]]);
    // only process 1: line 4 never reached
    rmSync(join(root, 'cov', 'b.json'));
    const one = siteCounts(join(root, 'cov'), ['m.mjs'], root);
    expect(one['m.mjs'].map((s) => [s.line, s.count])).toEqual([[3, 2], [4, 0], [7, 0], [8, 0], [8, 0]]);
    expect(report(one).text).toMatch(/m\.mjs: 1 of 5 error sites reached[\s\S]*NOT reached m\.mjs:4/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
