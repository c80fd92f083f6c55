// jest-times.mjs - a Jest reporter (package.json "reporters"): after the run, one line per
// test file with its wall time, slowest first ("jest-times:   12.3 s  tests/e2e/solve.test.mjs"),
// and the total. scripts/test.sh repeats the slowest in its summary.
import { relative } from 'node:path';

export default class JestTimes {
  constructor(globalConfig) { this.root = globalConfig.rootDir; }

  onRunComplete(_contexts, results) {
    const rows = results.testResults.map((r) => ({
      file: relative(this.root, r.testFilePath),
      secs: (r.perfStats.end - r.perfStats.start) / 1000,
      failed: r.numFailingTests > 0 || !!r.testExecError,
    })).sort((a, b) => b.secs - a.secs);
    if (!rows.length) return;
    const lines = rows.map((r) => `jest-times: ${r.secs.toFixed(1).padStart(7)} s  ${r.file}${r.failed ? '  (FAILED)' : ''}`);
    const total = (Date.now() - results.startTime) / 1000;
    lines.push(`jest-times: ${total.toFixed(1).padStart(7)} s  in all (${rows.length} files)`);
    process.stderr.write(`\n${lines.join('\n')}\n`);
  }
}
