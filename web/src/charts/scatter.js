// charts/scatter.js — labelled points on a plane (a 2-D projection of word vectors); chosen points stand out.
import * as Plot from '@observablehq/plot';

/** points: [{x, y, label, highlight}]; labels: {x, y, aria, description}. */
export function scatterChart({ points, width, labels }) {
  const height = Math.round(Math.min(520, Math.max(300, width * 0.6)));
  const plain = points.filter((p) => !p.highlight);
  const marked = points.filter((p) => p.highlight);
  return Plot.plot({
    width,
    height,
    inset: 24,
    marginLeft: 72,
    marginBottom: 44,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '13px', color: 'currentColor', background: 'transparent' },
    x: { label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: 38, ticks: 5 },
    y: { label: labels.y, labelAnchor: 'center', labelArrow: 'none', labelOffset: 62, ticks: 5, grid: true },
    marks: [
      Plot.dot(plain, { x: 'x', y: 'y', r: 3, fill: 'currentColor', fillOpacity: 0.55 }),
      Plot.text(plain, { x: 'x', y: 'y', text: 'label', dy: -9, fillOpacity: 0.8 }),
      Plot.dot(marked, { x: 'x', y: 'y', r: 6, fill: '#c2410c' }),
      Plot.text(marked, { x: 'x', y: 'y', text: 'label', dy: -12, fontWeight: 'bold', fill: '#c2410c' }),
    ],
  });
}
