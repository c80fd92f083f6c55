// locale.test.mjs - web/lib/locale.mjs: the tag numbers are formatted with is the browser's
// where Intl takes it, and en-US where Intl refuses it ("C", "C.UTF-8", the POSIX names WebKit
// reports under LANG=C.UTF-8), for "und" and for no tag at all; a formatter made from it never
// throws.
import { safeLocale, numberFormat, FALLBACK_LOCALE } from '../../web/lib/locale.mjs';

test('a tag Intl refuses, "und", "" and none give en-US; a good tag is kept', () => {
  for (const bad of ['C', 'C.UTF-8', 'en_US.UTF-8', 'und', '', undefined, null, 42]) {
    expect(`${String(bad)}: ${safeLocale(bad)}`).toBe(`${String(bad)}: ${FALLBACK_LOCALE}`);
  }
  // the refused ones really are refused by this Intl (else the test would prove nothing)
  for (const bad of ['C', 'C.UTF-8', 'en_US.UTF-8']) expect(() => new Intl.NumberFormat(bad)).toThrow(RangeError);
  for (const good of ['en-US', 'de-DE', 'fr', 'ja-JP']) expect(safeLocale(good)).toBe(good);
});

test('numberFormat formats under any tag, en-US style where the tag is refused', () => {
  expect(numberFormat(undefined, 'C').format(1234.5)).toBe('1,234.5');
  expect(numberFormat(undefined, 'C.UTF-8').format(-0.25)).toBe('-0.25');
  expect(numberFormat(undefined, 'de-DE').format(1234.5)).toBe(new Intl.NumberFormat('de-DE').format(1234.5));
});
