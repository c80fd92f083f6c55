// optimal-numbers.test.mjs - the optimum's words beside a length (web/lib/run/numbers.mjs:
// optimalText) and a table build's ETA (etaText), as the Result panel shows them.
import { optimalText, etaText, NONE } from '../../web/lib/run/numbers.mjs';

test('optimalText: the optimum and the excess of the solution', () => {
  expect(optimalText(18, 24)).toBe('optimal: 18 (this solution +6)');
  expect(optimalText(12, 12)).toBe('optimal: 12 (this solution is optimal)');
  expect(optimalText(0, 0)).toBe('optimal: 0 (this solution is optimal)');
  expect(optimalText(17, undefined)).toBe('optimal: 17');
  expect(optimalText(null, 20)).toBe(`optimal: ${NONE}`);
  expect(optimalText(-1, 20)).toBe(`optimal: ${NONE}`);
  // a solution shorter than a proven optimum is a contradiction, said as one, never "-2"
  expect(optimalText(14, 12)).toBe("optimal: 14 (error: this solution's 12 is shorter)");
});

test('etaText: the time left from the share done and the time so far', () => {
  expect(etaText(0.5, 30000)).toBe('about 30 s left');
  expect(etaText(0.25, 30000)).toBe('about 1 min 30 s left');
  expect(etaText(0.001, 30000)).toBe(''); // too early to tell
  expect(etaText(0.5, 500)).toBe('');
  expect(etaText(1, 30000)).toBe('');
  expect(etaText(NaN, 30000)).toBe('');
});
