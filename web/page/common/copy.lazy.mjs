// copy.lazy.mjs - copy a text (copy.mjs's copyText, loaded on the first copy): the async
// clipboard; where it is refused (no permission, an insecure origin), a selected read-only
// field and execCommand('copy'); where that fails too, a notice holding the text to copy by
// hand.
export async function copyText(text, notify, what) {
  try {
    await navigator.clipboard.writeText(text);
    notify(`${what} copied.`, 'info', 2500);
    return 'clipboard';
  } catch { /* fall back below */ }
  const box = document.createElement('textarea');
  box.readOnly = true;
  box.style.position = 'fixed'; // off screen (CSSOM: allowed by the page's CSP)
  box.style.left = '-9999px';
  box.setAttribute('aria-hidden', 'true');
  box.value = text;
  document.body.append(box);
  box.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  box.remove();
  if (ok) { notify(`${what} copied.`, 'info', 2500); return 'selection'; }
  notify(`Copy this ${what.toLowerCase()}: ${text}`, 'info', 0);
  return 'manual';
}
