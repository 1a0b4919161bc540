// charts/scatter.js — labelled points on a plane (a 2-D projection of word vectors); chosen points stand out.
// Labels never run into each other: the chosen points' labels are placed first, then the others in the order
// given (the caller's most important first); a label that would touch one already placed is left out, and
// that point keeps its word in its tooltip and in the figure's table.
import * as Plot from '@observablehq/plot';
import { plot } from './plot.js';
import { px, textScale } from '../ui/text-size.js';

const FONT = 13; // the chart's text size before large text
const MARGIN_TOP = 20; // Plot's default
const MARGIN_RIGHT = 20;
const INSET = 24;

/** The points whose labels fit without overlapping, given the chart's size and margins (pixel boxes). */
function placeLabels(points, { width, height, marginLeft, marginBottom }) {
  const extent = (key) => [Math.min(...points.map((p) => p[key])), Math.max(...points.map((p) => p[key]))];
  const x = Plot.scale({ x: { domain: extent('x'), range: [marginLeft + INSET, width - MARGIN_RIGHT - INSET] } });
  const y = Plot.scale({ y: { domain: extent('y'), range: [height - marginBottom - INSET, MARGIN_TOP + INSET] } });
  const size = FONT * textScale();
  const placed = [];
  const shown = new Set();
  for (const p of [...points.filter((q) => q.highlight), ...points.filter((q) => !q.highlight)]) {
    const w = p.label.length * size * (p.highlight ? 0.66 : 0.6) + 4;
    const cx = x.apply(p.x);
    const cy = y.apply(p.y) - px(p.highlight ? 12 : 9);
    const box = { left: cx - w / 2, right: cx + w / 2, top: cy - size / 2 - 1, bottom: cy + size / 2 + 1 };
    const clash = placed.some((b) => box.left < b.right && b.left < box.right && box.top < b.bottom && b.top < box.bottom);
    if (!clash) {
      placed.push(box);
      shown.add(p);
    }
  }
  return shown;
}

/** points: [{x, y, label, highlight}]; labels: {x, y, aria, description}. */
export function scatterChart({ points, width, labels }) {
  const height = Math.round(Math.min(520, Math.max(300, width * 0.6)));
  const marginLeft = px(72);
  const marginBottom = px(44);
  const shown = points.length ? placeLabels(points, { width, height, marginLeft, marginBottom }) : new Set();
  const plain = points.filter((p) => !p.highlight);
  const marked = points.filter((p) => p.highlight);
  return plot({
    width,
    height,
    inset: INSET,
    marginTop: MARGIN_TOP,
    marginRight: MARGIN_RIGHT,
    marginLeft,
    marginBottom,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: `${FONT}px`, color: 'currentColor', background: 'transparent' },
    x: { label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: px(38), ticks: 5 },
    y: { label: labels.y, labelAnchor: 'center', labelArrow: 'none', labelOffset: px(62), ticks: 5, grid: true },
    marks: [
      Plot.dot(plain, { x: 'x', y: 'y', r: 3, fill: 'currentColor', fillOpacity: 0.55, title: 'label' }),
      Plot.text(plain.filter((p) => shown.has(p)), { x: 'x', y: 'y', text: 'label', dy: -px(9), fillOpacity: 0.8 }),
      Plot.dot(marked, { x: 'x', y: 'y', r: 6, fill: '#c2410c', title: 'label' }),
      Plot.text(marked.filter((p) => shown.has(p)), { x: 'x', y: 'y', text: 'label', dy: -px(12), fontWeight: 'bold', fill: '#c2410c' }),
    ],
  });
}
