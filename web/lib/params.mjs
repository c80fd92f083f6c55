// link-shapes.mjs - the shapes and bounds that everything read from a link is held to: a
// solver name, a param key and value, the query's length and param count. One copy for the
// share links (web/lib/share-link.mjs) and the experiment definitions (web/lib/experiments/plan.mjs), which the
// page's first load and the on-demand Experiments view both read.
export const MAX_QUERY = 6000;
export const MAX_PARAMS = 32;
export const SOLVER_RE = /^[A-Za-z0-9_-]{1,40}$/;
export const KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const VALUE_RE = /^[A-Za-z0-9_.+-]{1,40}$/;
