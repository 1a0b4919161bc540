// charts/scatter.js — labelled points on a plane (a 2-D projection of word vectors); chosen points stand out.
// Labels never run into each other: the chosen points' labels are placed first, then the others in the order
// given (the caller's most important first), each above its point or else below or beside it; one that fits
// nowhere is left out, and that point keeps its word in its tooltip and in the figure's table.
import * as Plot from '@observablehq/plot';
import { plot } from './plot.js';
import { px, textScale, chartHeight } from '../ui/text-size.js';
import { titleOnTop, yTickRoom } from './axes.js';
import { labelMarks, placeLabels } from './point-labels.js';

const FONT = 13; // the chart's text size before large text
const MARGIN_RIGHT = 20;
const INSET = 24;

/** points: [{x, y, label, highlight}]; labels: {x, y, aria, description}. */
export function scatterChart({ points, width, labels }) {
  const height = chartHeight(width, 0.6, 300, 520);
  const marginBottom = px(44);
  const style = { fontSize: `${FONT}px`, color: 'currentColor', background: 'transparent' };
  const yLabel = { label: labels.y, labelAnchor: 'center', labelArrow: 'none', ticks: 5, grid: true };
  const { marginTop = 20, y } = titleOnTop({ width, style, y: yLabel });
  const extent = (key) => [Math.min(...points.map((p) => p[key])), Math.max(...points.map((p) => p[key]))];
  const marginLeft = points.length ? yTickRoom({ domain: extent('y'), height, ticks: 5, fontSize: FONT }) : px(40);
  // Ticks about 80 px apart: five on a phone would run into each other.
  const xTicks = Math.max(2, Math.min(5, Math.floor((width - marginLeft - MARGIN_RIGHT) / px(80))));
  const frame = { width, height, marginTop, marginRight: MARGIN_RIGHT, marginBottom, marginLeft, inset: INSET };
  // The chosen points' labels first, then the others in the order given.
  const ordered = [...points.filter((q) => q.highlight), ...points.filter((q) => !q.highlight)];
  const size = FONT * textScale();
  const offsets = placeLabels(ordered, frame, (p) => (p.highlight ? size * 1.1 : size), (p) => px(p.highlight ? 12 : 9), (p) => (p.highlight ? 6 : 3.5));
  const plain = points.filter((p) => !p.highlight);
  const marked = points.filter((p) => p.highlight);
  return plot({
    width,
    height,
    inset: INSET,
    marginTop,
    marginRight: MARGIN_RIGHT,
    marginLeft,
    marginBottom,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style,
    x: { label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: px(38), ticks: xTicks },
    y,
    marks: [
      Plot.dot(plain, { x: 'x', y: 'y', r: 3, fill: 'currentColor', fillOpacity: 0.55, title: 'label' }),
      ...labelMarks(plain, offsets, { fillOpacity: 0.8 }),
      Plot.dot(marked, { x: 'x', y: 'y', r: 6, fill: '#c2410c', title: 'label' }),
      ...labelMarks(marked, offsets, { fontWeight: 'bold', fill: '#c2410c' }),
    ],
  });
}
