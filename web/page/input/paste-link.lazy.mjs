// paste-link.lazy.mjs - the link reader (web/lib/paste-link.mjs), fetched when a link is
// pasted into the scramble box.
export { readLink } from '../../lib/paste-link.mjs';
