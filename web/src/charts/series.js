// charts/series.js — one line through (x, y) points, for curves that grow as a job runs (a training loss).
import * as Plot from '@observablehq/plot';

/** points: [{x, y}]; xDomain: [min, max] of the x axis; labels: {x, y, aria, description}. */
export function seriesChart({ points, width, labels, xDomain }) {
  const height = Math.round(Math.min(300, Math.max(200, width * 0.35)));
  return Plot.plot({
    width,
    height,
    marginLeft: 56,
    marginBottom: 44,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '14px', color: 'currentColor', background: 'transparent' },
    x: { label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: 38, domain: xDomain },
    y: { label: labels.y, labelAnchor: 'center', labelArrow: 'none', labelOffset: 46, grid: true, zero: true },
    marks: [Plot.line(points, { x: 'x', y: 'y', strokeWidth: 2 }), points.length < 40 ? Plot.dot(points, { x: 'x', y: 'y', r: 2 }) : null],
  });
}
