// online.mjs - says when the network is gone: the header's badge (#net-state) reads
// "offline" while the browser reports no network (navigator.onLine and its online/offline
// events), with a title saying what still works; it is hidden while online.
import { byId } from './dom.mjs';

export function showOnline() {
  const badge = byId('net-state');
  const set = () => { badge.hidden = navigator.onLine !== false; };
  window.addEventListener('online', set);
  window.addEventListener('offline', set);
  set();
}
