// charts/series.js — one or more series of (x, y) points as lines with dots, optional logarithmic y axis and
// highlighted points: wavelengths per pair, scores per offset, a training loss as it grows… Generic: the
// caller names the axes.
import * as Plot from '@observablehq/plot';
import { plot } from './plot.js';
import { px } from '../ui/text-size.js';

/**
 * series: [{name, x: number[], y: number[]}]; labels: {x, y, aria, description}; logY: log scale on y;
 * logX: log scale on x; marks: extra Plot marks (rules, highlighted dots) drawn on top; xDomain / yDomain: fixed axis ranges
 * (a curve that grows while a job runs keeps its axis); yZero: the y axis includes 0.
 */
export function seriesChart({ series, width, labels, logY = false, logX = false, marks = [], xDomain, yDomain, yZero = false }) {
  const points = series.flatMap((s) => s.x.map((x, i) => ({ series: s.name, x, y: s.y[i] })));
  const dense = points.length / Math.max(1, series.length) > 60;
  return plot({
    width,
    height: Math.round(Math.min(360, Math.max(260, width * 0.45))),
    marginLeft: px(70),
    marginBottom: px(46),
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '14px', color: 'currentColor', background: 'transparent' },
    x: { label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: px(40), domain: xDomain, type: logX ? 'log' : 'linear' },
    y: { label: labels.y, labelAnchor: 'center', labelArrow: 'none', type: logY ? 'log' : 'linear', grid: true, domain: yDomain, zero: yZero && !logY },
    color: series.length > 1 ? { legend: true, domain: series.map((s) => s.name), scheme: 'observable10' } : undefined,
    marks: [
      Plot.line(points, { x: 'x', y: 'y', z: 'series', stroke: series.length > 1 ? 'series' : 'currentColor', strokeWidth: 1.75 }),
      dense ? null : Plot.dot(points, { x: 'x', y: 'y', fill: series.length > 1 ? 'series' : 'currentColor', r: 2.5 }),
      ...marks,
    ],
  });
}
