// locale.mjs - the one place that decides the locale tag numbers and dates are formatted with.
// A browser's navigator.language is not always a tag Intl accepts: WebKit under LANG=C.UTF-8
// reports "C", and Intl.NumberFormat("C") throws RangeError ("invalid language tag"); some
// embedded engines report "", "und" or nothing. safeLocale() returns the given tag when Intl
// takes it and can format with it, else 'en-US' (the fallback the page's own texts use), so
// no formatting call throws whatever the browser says. Works in the page, the worker and Node
// (globalThis.navigator where there is one).

export const FALLBACK_LOCALE = 'en-US';

const checked = new Map(); // tag -> the tag to use (each tag is tried once)

// The tag to format with: `tag` (default: the browser's navigator.language) when both
// Intl.NumberFormat and Intl.DateTimeFormat accept it and format a number, else 'en-US'.
export function safeLocale(tag = globalThis.navigator?.language) {
  const key = typeof tag === 'string' ? tag : '';
  if (checked.has(key)) return checked.get(key);
  let use = FALLBACK_LOCALE;
  if (key && key !== 'und') {
    try {
      new Intl.NumberFormat(key).format(1234.5);
      new Intl.DateTimeFormat(key).format(0);
      use = key;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  checked.set(key, use);
  return use;
}

// A number formatter for the browser's locale (safeLocale), e.g. for a chart's axes and legend.
export function numberFormat(options = undefined, tag = undefined) {
  return new Intl.NumberFormat(safeLocale(tag), options);
}
