// stats.mjs - the statistics, one of each: mean, median, quantile, sample standard deviation,
// standard error, Student's t for the mean's 95% interval, a summary of a list (describe) and
// histograms. Read by the page's Experiments view, `evocube batch`'s summary, the papers'
// figures and every benchmark (scripts/bench/). No DOM, no Node.
//
// Inputs are arrays of numbers and are never modified. mean, median, quantile, sd, se and
// ci95 take the list as given (NaN when it is too short: empty, or one value for sd, se and
// ci95); describe and histogram first drop what is not a finite number.
//
// Quantiles interpolate linearly between the two nearest order statistics: with the values
// sorted s[0] <= ... <= s[n-1], quantile(q) is at rank h = (n - 1) q, between s[floor h] and
// s[floor h + 1] (Hyndman and Fan's definition 7, the default of R and NumPy). So quantile 0
// is the minimum, 1 the maximum, and 0.5 the median: the middle value, or the average of the
// middle two when n is even.

const ascending = (a) => [...a].sort((x, y) => x - y);

export function mean(a) {
  return a.length ? a.reduce((s, x) => s + x, 0) / a.length : NaN;
}

// q in [0, 1] of values sorted ascending (the rule above).
function quantileSorted(s, q) {
  if (!s.length) return NaN;
  const h = (s.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(h), f = h - lo;
  // (1 - f) a + f b: exactly a at f = 0, exactly (a + b) / 2 at f = 0.5
  return f === 0 ? s[lo] : (1 - f) * s[lo] + f * s[lo + 1];
}

export function quantile(a, q) {
  return quantileSorted(ascending(a), q);
}

export function median(a) {
  return quantileSorted(ascending(a), 0.5);
}

// The sample standard deviation (divisor n - 1).
export function sd(a) {
  if (a.length < 2) return NaN;
  const m = mean(a);
  return Math.sqrt(a.reduce((s, x) => s + (x - m) ** 2, 0) / (a.length - 1));
}

// The standard error of the mean: sd / sqrt(n).
export function se(a) {
  return sd(a) / Math.sqrt(a.length);
}

// Student's t, two-sided 95%, for 1..30 degrees of freedom; above 30 the Cornish-Fisher
// expansion around the normal quantile (within 0.001 of the exact value).
const T95 = [NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
  2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042];
export function t95(df) {
  if (!(df >= 1)) return NaN;
  if (df <= 30) return T95[Math.floor(df)];
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

// The half width of the mean's 95% interval from n values with sample sd `s`.
const halfWidth = (s, n) => t95(n - 1) * s / Math.sqrt(n);

// The half width of the mean's 95% interval (Student's t with n - 1 degrees of freedom): the
// interval is mean(a) +- ci95(a).
export function ci95(a) {
  return halfWidth(sd(a), a.length);
}

// n, mean, median, the quartiles q1 and q3 (quantiles 0.25 and 0.75, the rule above), sample
// sd, the half width of the mean's 95% interval, min and max of the finite numbers among `values`.
export function describe(values) {
  const a = ascending(values.filter((x) => typeof x === 'number' && Number.isFinite(x)));
  const n = a.length;
  if (!n) return { n: 0, mean: NaN, median: NaN, q1: NaN, q3: NaN, sd: NaN, ci95: NaN, min: NaN, max: NaN };
  const s = sd(a);
  return {
    n, mean: mean(a), median: quantileSorted(a, 0.5), q1: quantileSorted(a, 0.25), q3: quantileSorted(a, 0.75),
    sd: s, ci95: halfWidth(s, n), min: a[0], max: a[n - 1],
  };
}

// Counts of values in `bins` equal bins from min to max (integers: one bin per value when
// they fit): [{lo, hi, count}] (hi exclusive but for the last bin).
export function histogram(values, bins = 12) {
  const a = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
  if (!a.length) return [];
  let lo = Math.min(...a), hi = Math.max(...a);
  const ints = a.every(Number.isInteger);
  if (ints && hi - lo + 1 <= bins) {
    const out = [];
    for (let v = lo; v <= hi; v++) out.push({ lo: v, hi: v, count: 0 });
    for (const x of a) out[x - lo].count++;
    return out;
  }
  if (hi === lo) hi = lo + 1;
  const w = (hi - lo) / bins;
  const out = Array.from({ length: bins }, (_, i) => ({ lo: lo + i * w, hi: lo + (i + 1) * w, count: 0 }));
  for (const x of a) out[Math.min(bins - 1, Math.floor((x - lo) / w))].count++;
  return out;
}
