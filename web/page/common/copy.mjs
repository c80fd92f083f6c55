// copy.mjs - the first-load side of copying a text (Copy solution, Copy link): the body,
// with its fallbacks, is copy.lazy.mjs, fetched on the first copy. Resolves to 'clipboard',
// 'selection' or 'manual' (a notice holding the text to copy by hand).
// A copy module that does not load (offline before the service worker cached it) is said in
// an error notice with a Retry, and logged; resolves to 'failed' then.
export async function copyText(text, notify, what = 'Solution') {
  let copy;
  try {
    ({ copyText: copy } = await import('./copy.lazy.mjs'));
  } catch (e) {
    console.error(`evocube: the copy module could not load: ${e.message}`);
    notify(`${what} not copied: the copy module could not load (${e.message}).`, 'error', 0, { label: 'Retry', run: () => copyText(text, notify, what) });
    return 'failed';
  }
  return copy(text, notify, what);
}
