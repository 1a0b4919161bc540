// charts/xy.js — points on two numeric axes whose ranges follow the data: series of (x, y) points, each
// optionally joined in order and labelled, plus optional boxes. Used where values do not live in [-1, 1]
// (a token's encoding moving around its embedding, a cosine similarity close to 1).
import * as Plot from '@observablehq/plot';
import { legend } from './plot.js';
import { svgFrame, lineMark, dotMark, boxMark, textMark } from './svg-frame.js';
import { px, textScale, chartHeight } from '../ui/text-size.js';
import { titleOnTop, yTickRoom } from './axes.js';
import { placeLabels, labelGroups } from './point-labels.js';
import { morphable } from './morph.js';

/**
 * series: [{name, x: number[], y: number[], labels?: string[], connect?: boolean, symbol?: string}];
 * boxes: [{x1, x2, y1, y2, name}] drawn behind the points; labels: {x, y, aria, description};
 * equalAxes: one unit is as long on both axes (a 2-D slice of a vector space); xTicks: tick values or count.
 */
export function xyChart({ series, boxes = [], width, labels, equalAxes = false, yTickFormat, xTicks }) {
  const xs = series.flatMap((s) => s.x).concat(boxes.flatMap((b) => [b.x1, b.x2]));
  const ys = series.flatMap((s) => s.y).concat(boxes.flatMap((b) => [b.y1, b.y2]));
  const pad = (lo, hi) => {
    const span = hi - lo || Math.abs(hi) * 1e-6 || 1;
    return [lo - span * 0.08, hi + span * 0.08];
  };
  let xDomain = pad(Math.min(...xs), Math.max(...xs));
  let yDomain = pad(Math.min(...ys), Math.max(...ys));
  const height = chartHeight(width, 0.55, 280, 420);
  const marginBottom = px(46);
  // The y axis' title above the frame, broken into lines that fit (axes.js), and the top margin that holds it.
  const onTop = titleOnTop({ width, style: { fontSize: '14px' }, y: { label: labels.y, labelAnchor: 'center' } });
  const { marginTop = 20 } = onTop;
  const room = () => yTickRoom({ domain: yDomain, height: height - marginTop - marginBottom, tickFormat: yTickFormat });
  let marginLeft = room();
  if (equalAxes) {
    // Widen the shorter range so that x and y units have the same length on screen.
    const innerW = width - marginLeft - 20;
    const innerH = height - marginTop - marginBottom;
    const perPixel = Math.max((xDomain[1] - xDomain[0]) / innerW, (yDomain[1] - yDomain[0]) / innerH);
    const centre = (d) => (d[0] + d[1]) / 2;
    const cx = centre(xDomain);
    const cy = centre(yDomain);
    xDomain = [cx - (perPixel * innerW) / 2, cx + (perPixel * innerW) / 2];
    yDomain = [cy - (perPixel * innerH) / 2, cy + (perPixel * innerH) / 2];
    marginLeft = Math.max(marginLeft, room());
  }
  const names = series.map((s) => s.name);
  const points = series.flatMap((s) => s.x.map((x, i) => ({ x, y: s.y[i], name: s.name, label: s.labels ? s.labels[i] : ''})));
  const frame = { width, height, marginTop, marginRight: 20, marginBottom, marginLeft, xDomain, yDomain };
  const offsets = placeLabels(points, frame, () => 12 * textScale(), () => px(11));
  // The key is one of plot.js' kept legends: Plot made its swatches anew on every move of a slider.
  const colour = { domain: names, scheme: 'observable10' };
  const colourOf = Plot.scale({ color: colour });
  // The frame is the lab's own (svg-frame.js), the marks written as Plot's line, dot and text marks write them:
  // Plot's pipeline made both anew on every move, for a handful of points.
  const chart = svgFrame({
    width,
    height,
    margin: { top: marginTop, right: 20, bottom: marginBottom, left: marginLeft },
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    x: { label: labels.x, labelOffset: px(40), domain: xDomain, grid: true, ticks: xTicks, tickFormat: Array.isArray(xTicks) ? (d) => String(d) : undefined },
    y: { label: onTop.y.label, domain: yDomain, grid: true, tickFormat: yTickFormat },
  });
  const at = (p) => [chart.x(p.x), chart.y(p.y)];
  const of = (s) => points.filter((p) => p.name === s.name);
  const marks = [
    ...boxes.map((b) => boxMark([chart.x(b.x1), chart.y(b.y1)], [chart.x(b.x2), chart.y(b.y2)])),
    ...series.filter((s) => s.connect).map((s) => lineMark(of(s).map(at), colourOf.apply(s.name))),
    ...series.map((s) => dotMark(of(s).map(at), colourOf.apply(s.name), { symbol: s.symbol })),
    // Labels above their points, else beside or below, never touching one placed before (a path's first points
    // first): "1" and "2" of two close points would read as "12". One mark per offset.
    ...labelGroups(points, offsets).map((g) => textMark(g.points.map((p) => [...at(p), p.label]), { dx: g.dx, dy: g.dy })),
  ];
  const element = document.createElement('div');
  element.className = 'xy-chart';
  element.append(legend({ color: colour, style: { fontSize: '14px', color: 'currentColor', background: 'transparent' } }), chart.mark(marks));
  // Morphed into the chart on screen on a move (charts/morph.js): the axes and the grid mostly stay.
  return morphable(element);
}
