// stats.test.mjs - web/lib/stats.mjs against hand-computed values: mean, the median of an
// odd and an even count, the quantile rule (linear between order statistics, as R's and
// NumPy's default), sd, standard error, Student's t for small samples and the mean's 95%
// interval, describe and histograms.
import { mean, median, quantile, sd, se, t95, ci95, describe as describeStats, histogram } from '../../web/lib/stats.mjs';

const close = (a, b, eps = 1e-9) => expect(Math.abs(a - b)).toBeLessThan(eps);

test('mean and median: odd count the middle value, even count the average of the middle two; empty is NaN', () => {
  expect(mean([2, 4, 9])).toBe(5);
  expect(median([9, 2, 4])).toBe(4);
  expect(median([10, 1, 3, 2])).toBe(2.5);
  expect(median([1, 2, 4, 100])).toBe(3);
  expect(median([7])).toBe(7);
  for (const f of [mean, median, (a) => quantile(a, 0.9)]) expect(Number.isNaN(f([]))).toBe(true);
  const a = [5, 3, 1];
  median(a); quantile(a, 0.9);
  expect(a).toEqual([5, 3, 1]); // the input is not sorted in place
});

test('quantile: rank (n - 1) q, linear between the two order statistics around it', () => {
  // 1..4: ranks 0..3; q = 0.9 is rank 2.7: 3 + 0.7 x (4 - 3); q = 0.25 is rank 0.75
  close(quantile([4, 1, 3, 2], 0.9), 3.7);
  close(quantile([1, 2, 3, 4], 0.25), 1.75);
  // 10..50: q = 0.9 is rank 3.6: 40 + 0.6 x 10
  close(quantile([50, 10, 40, 20, 30], 0.9), 46);
  expect(quantile([50, 10, 40, 20, 30], 0.5)).toBe(30);
  // the ends are the minimum and maximum, q outside [0, 1] is clamped
  expect(quantile([3, 1, 2], 0)).toBe(1);
  expect(quantile([3, 1, 2], 1)).toBe(3);
  expect(quantile([3, 1, 2], 1.5)).toBe(3);
  // quantile 0.5 is the median, to the bit, for odd and even counts
  for (const a of [[0.1, 0.7], [0.3, 0.1, 0.2], [1e-9, 3, 7.25, 1 / 3], [2, 2, 2, 5, 9, 11]]) expect(quantile(a, 0.5)).toBe(median(a));
});

test('sd, standard error and the mean\'s 95% interval by Student\'s t', () => {
  // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squares 9+1+1+1+0+0+4+16 = 32, variance 32/7
  const a = [2, 4, 4, 4, 5, 5, 7, 9];
  close(sd(a), Math.sqrt(32 / 7));
  close(se(a), Math.sqrt(32 / 7) / Math.sqrt(8));
  close(ci95(a), 2.365 * Math.sqrt(32 / 7) / Math.sqrt(8)); // t(7) = 2.365
  // two values 1 and 3: sd sqrt(2), t(1) = 12.706
  close(ci95([1, 3]), 12.706 * Math.sqrt(2) / Math.sqrt(2));
  expect(Number.isNaN(sd([4]))).toBe(true);
  expect(Number.isNaN(se([4]))).toBe(true);
  expect(Number.isNaN(ci95([4]))).toBe(true);
  // t for small samples (printed tables): 1, 2, 3, 5, 10 and 30 degrees of freedom
  expect([1, 2, 3, 5, 10, 30].map(t95)).toEqual([12.706, 4.303, 3.182, 2.571, 2.228, 2.042]);
  expect(Number.isNaN(t95(0))).toBe(true);
  // beyond the table, the expansion: within 0.001 of t(31) = 2.0395, falling to the normal 1.960
  close(t95(31), 2.0395, 0.001);
  expect(t95(31)).toBeLessThan(t95(30));
  expect(t95(1e6).toFixed(3)).toBe('1.960');
});

test('mean, median, sample sd and the mean\'s 95% interval (Student\'s t) against hand-computed values', () => {
  // 19..23: mean 21, median 21, squares 4+1+0+1+4 = 10, variance 10/4, t(4) = 2.776
  const a = describeStats([20, 22, 19, 21, 23]);
  expect(a).toMatchObject({ n: 5, mean: 21, median: 21, min: 19, max: 23 });
  close(a.sd, Math.sqrt(2.5));
  close(a.ci95, 2.776 * Math.sqrt(2.5) / Math.sqrt(5));
  expect(a.ci95.toFixed(3)).toBe('1.963');
  // even count: median between the middle two; squares 9+4+1+36 = 50, variance 50/3, t(3) = 3.182
  const b = describeStats([10, 1, 3, 2]);
  expect(b).toMatchObject({ n: 4, mean: 4, median: 2.5 });
  // quartiles at ranks 0.75 and 2.25 of 1, 2, 3, 10: 1.75 and 3 + 0.25 x 7
  expect([b.q1, b.q3]).toEqual([1.75, 4.75]);
  close(b.sd, Math.sqrt(50 / 3));
  expect(b.ci95.toFixed(4)).toBe((3.182 * Math.sqrt(50 / 3) / 2).toFixed(4));
  // one value: no spread; none: nothing; non-numbers are left out
  expect(describeStats([7])).toMatchObject({ n: 1, mean: 7, median: 7 });
  expect(Number.isNaN(describeStats([7]).sd)).toBe(true);
  expect(describeStats([]).n).toBe(0);
  expect(describeStats([3, undefined, null, NaN, 5]).mean).toBe(4);
  // t beyond the table: 2.021 at 40, 2.000 at 60, 1.980 at 120 (printed tables)
  expect(t95(9)).toBe(2.262);
  expect(t95(40).toFixed(3)).toBe('2.021');
  expect(t95(60).toFixed(3)).toBe('2.000');
  expect(t95(120).toFixed(3)).toBe('1.980');
});

test('histograms: one bin per integer when they fit, equal bins otherwise, every value counted once', () => {
  expect(histogram([3, 5, 5, 4, 3, 3])).toEqual([{ lo: 3, hi: 3, count: 3 }, { lo: 4, hi: 4, count: 1 }, { lo: 5, hi: 5, count: 2 }]);
  const h = histogram([0, 0.5, 1, 9.99, 10], 4);
  expect(h.map((b) => b.count)).toEqual([3, 0, 0, 2]);
  expect(h[0].lo).toBe(0);
  expect(h[3].hi).toBe(10);
  expect(histogram([])).toEqual([]);
});

