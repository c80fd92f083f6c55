// download.mjs - text saved as a file by the browser (an export): a Blob URL clicked through
// a temporary link. The URL is revoked 10 s later, not at once: a browser may still be
// reading it when click() returns.
export function downloadText(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
