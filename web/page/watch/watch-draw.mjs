// watch-draw.mjs - what the Watch panel's views (scrubber-view.mjs, population-view.mjs,
// swarm-view.mjs) share to draw: SVG elements styled by presentation attributes (fill,
// stroke, so app.css needs no rules for them), their colours, the agent value that marks a
// neighbour not looked at, and "n moves". Loaded only with those views, through
// watch-views.lazy.mjs (never in the first load).
const SVG = 'http://www.w3.org/2000/svg';

export const svg = (tag, attrs = {}) => {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
};

// an element whose text is `text` (SVG <text>, <title>)
export const svgText = (tag, attrs, text) => {
  const n = svg(tag, attrs);
  n.textContent = text;
  return n;
};

// a record's agent value for a neighbour its solver did not evaluate (common.h: agents'
// fitness is clamped to 0..255, and no distance reaches 255)
export const NOT_LOOKED = 255;
export const GREEN = '#5ad19a';
export const TEXT = { 'text-anchor': 'middle', fill: '#9aa4b5', 'font-size': 9 };

export const nMoves = (n) => `${n} move${n === 1 ? '' : 's'}`;
