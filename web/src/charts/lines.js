// charts/lines.js — chosen columns of a matrix drawn across its rows: one line per dimension, x = position.
import * as Plot from '@observablehq/plot';
import { plot } from './plot.js';
import { px, chartHeight } from '../ui/text-size.js';
import { language } from '../i18n.js';
import { linearTicks, yTickRoom } from './axes.js';

/**
 * matrix: {rows, cols, data}; dims: column indices (already checked < cols); count: rows to draw;
 * labels: {x, y, legend, aria, description, dim(d) → series name}.
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
  const height = chartHeight(width, 0.45, 280, 380);

  return plot({
    width,
    height,
    marginLeft: yTickRoom({ domain: [-1.05, 1.05], height: height - 80 }),
    marginBottom: px(46),
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '14px', color: 'currentColor', background: 'transparent' },
    x: {
      label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: px(40), domain: [0, Math.max(1, count - 1)],
      // Positions: whole-number ticks, grouped as the reader's language writes them (no "1,000" in Spanish).
      ...linearTicks({ domain: [0, Math.max(1, count - 1)], length: width - 80, spacing: 80, lang: language(), integer: true }),
    },
    y: { label: labels.y, labelAnchor: 'center', labelArrow: 'none', domain: [-1.05, 1.05], grid: true },
    color: { legend: true, domain: names, scheme: 'observable10' },
    marks: [
      Plot.ruleY([0], { stroke: 'currentColor', strokeOpacity: 0.4 }),
      Plot.line(data, { x, y, z, stroke: z, strokeWidth: 1.75 }),
      // Points too when there are few positions: a 1- or 2-position "line" would be invisible otherwise.
      count <= 40 ? Plot.dot(data, { x, y, fill: z, r: 2.5 }) : null,
    ],
  });
}
