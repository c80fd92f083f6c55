// copy.mjs - the first-load side of copying a text (Copy solution, Copy link): the body,
// with its fallbacks, is copy.lazy.mjs, fetched on the first copy. Resolves to 'clipboard',
// 'selection' or 'manual' (a notice holding the text to copy by hand).
export async function copyText(text, notify, what = 'Solution') {
  const { copyText: copy } = await import('./copy.lazy.mjs');
  return copy(text, notify, what);
}
