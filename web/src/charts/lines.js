// charts/lines.js — chosen columns of a matrix drawn across its rows, one small row per dimension (x = position),
// all on the same position axis: six waves of different speeds overlaid in one frame tangle into a knot, while
// stacked they read top to bottom as a slowing down.
import * as Plot from '@observablehq/plot';
import { plot } from './plot.js';
import { px, textScale } from '../ui/text-size.js';
import { language } from '../i18n.js';
import { linearTicks, yTickRoom, textWidth } from './axes.js';

const Y_DOMAIN = [-1.1, 1.1];
const Y_TICKS = [-1, 1];
// Whole numbers need no decimals, in either language ("−1", not "−1.0"): the rows' ticks stay apart.
const tickFormat = (v) => (v < 0 ? `−${-v}` : String(v));

/**
 * matrix: {rows, cols, data}; dims: column indices (already checked < cols); count: rows to draw;
 * labels: {x, y, aria, description, dim(d) → the row's name}.
 */
export function lines({ matrix, dims, count, width, labels }) {
  const n = dims.length * count;
  // Column-oriented channels (typed arrays) instead of one object per point: 12 lines × 2048 positions
  // is redrawn on every slider frame.
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const z = new Array(n);
  const names = dims.map((d) => labels.dim(d));
  let k = 0;
  dims.forEach((d, s) => {
    for (let p = 0; p < count; p++, k++) {
      x[k] = p;
      y[k] = matrix.data[p * matrix.cols + d];
      z[k] = names[s];
    }
  });
  const data = { length: n };
  // Short rows, so the default six and the fields under them fit one screen with the lesson's strip; each row's
  // −1 and 1 are labelled and its zero is a line.
  const rowHeight = px(dims.length > 6 ? 36 : 44);
  const marginTop = px(30);
  const marginBottom = px(46);
  const height = dims.length * rowHeight + marginTop + marginBottom;
  const marginRight = Math.ceil(Math.max(...names.map((name) => textWidth(name, 14 * textScale()))) + px(12));

  return plot({
    width,
    height,
    marginTop,
    marginLeft: yTickRoom({ domain: Y_DOMAIN, ticks: Y_TICKS, tickFormat, height: rowHeight }),
    marginRight,
    marginBottom,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '14px', color: 'currentColor', background: 'transparent' },
    x: {
      label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: px(40), domain: [0, Math.max(1, count - 1)],
      // Positions: whole-number ticks, grouped as the reader's language writes them (no "1,000" in Spanish).
      ...linearTicks({ domain: [0, Math.max(1, count - 1)], length: width - 80, spacing: 80, lang: language(), integer: true }),
    },
    // The value's name sits over the top row; each row has its own −1 … 1 scale.
    y: { label: labels.y, labelAnchor: 'top', labelArrow: 'none', domain: Y_DOMAIN, ticks: Y_TICKS, tickFormat, grid: true },
    // The rows are named on the right, so the names never meet the value ticks on the left.
    fy: { domain: names, label: null, axis: 'right', padding: 0.22 },
    color: { domain: names, scheme: 'observable10' },
    marks: [
      Plot.frame({ stroke: 'currentColor', strokeOpacity: 0.15 }),
      Plot.ruleY([0], { stroke: 'currentColor', strokeOpacity: 0.4 }),
      Plot.line(data, { x, y, z, fy: z, stroke: z, strokeWidth: 1.5 }),
      // Points too when there are few positions: each is one number of the matrix, and a 1- or 2-position
      // "line" would be invisible otherwise.
      count <= 60 ? Plot.dot(data, { x, y, fy: z, fill: z, r: 2 }) : null,
    ],
  });
}
