// charts/series.js — one or more series of (x, y) points as lines with dots, optional logarithmic y axis and
// highlighted points: wavelengths per pair, scores per offset, a training loss as it grows… Generic: the
// caller names the axes.
import * as Plot from '@observablehq/plot';
import { plot } from './plot.js';
import { px, chartHeight } from '../ui/text-size.js';
import { language } from '../i18n.js';
import { linearTicks, logTickFormat, yTickRoom } from './axes.js';

/**
 * series: [{name, x: number[], y: number[], dashed}]; labels: {x, y, aria, description}; logY: log scale on y;
 * logX: log scale on x; marks: extra Plot marks (rules, highlighted dots) drawn on top; xDomain / yDomain: fixed axis ranges
 * (a curve that grows while a job runs keeps its axis); yZero: the y axis includes 0; yInclude: y values the axis
 * must reach besides the data's (a rule drawn among `marks`), as Plot's own domain would. A `dashed` series is
 * drawn dashed, over the solid ones: where it lies on another series, both still show.
 */
export function seriesChart({ series, width, labels, logY = false, logX = false, marks = [], xDomain, yDomain, yZero = false, yInclude = [] }) {
  const points = series.flatMap((s) => s.x.map((x, i) => ({ series: s.name, x, y: s.y[i], dashed: Boolean(s.dashed) })));
  const dense = points.length / Math.max(1, series.length) > 60;
  const height = chartHeight(width, 0.45, 260, 360);
  // The y range as Plot will take it: the given domain, else the values' extent (with 0 when asked).
  const ys = points.map((p) => p.y).concat(yInclude).filter((v) => Number.isFinite(v) && (!logY || v > 0));
  const extent = [Math.min(...ys, yZero && !logY ? 0 : Infinity), Math.max(...ys, yZero && !logY ? 0 : -Infinity)];
  const type = logY ? 'log' : 'linear';
  const xs = points.map((p) => p.x).filter((v) => Number.isFinite(v) && (!logX || v > 0));
  const xExtent = xDomain ?? [Math.min(...xs), Math.max(...xs)];
  // Linear axes: d3's ticks in the reader's language (no "1,000" on a Spanish page); whole-number x values
  // (positions, steps, distances) get whole-number ticks only.
  const xAxis = logX
    ? { tickFormat: logTickFormat(xExtent) }
    : linearTicks({ domain: xExtent, length: width - 90, spacing: 80, lang: language(), integer: xs.every(Number.isInteger) });
  const yAxis = logY
    ? { tickFormat: logTickFormat(yDomain ?? extent) }
    : linearTicks({ domain: yDomain ?? extent, length: height - 80, spacing: 35, lang: language() });
  return plot({
    width,
    height,
    marginLeft: yTickRoom({ domain: yDomain ?? extent, type, height: height - 80, ...yAxis }),
    marginBottom: px(46),
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '14px', color: 'currentColor', background: 'transparent' },
    x: { label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: px(40), domain: xDomain, type: logX ? 'log' : 'linear', ...xAxis },
    y: { label: labels.y, labelAnchor: 'center', labelArrow: 'none', type, ...yAxis, grid: true, domain: yDomain, zero: yZero && !logY },
    color: series.length > 1 ? { legend: true, domain: series.map((s) => s.name), scheme: 'observable10' } : undefined,
    marks: [
      ...[false, true].map((dashed) => Plot.line(points.filter((p) => p.dashed === dashed), {
        x: 'x', y: 'y', z: 'series', stroke: series.length > 1 ? 'series' : 'currentColor', strokeWidth: 1.75, strokeDasharray: dashed ? '6 5' : null,
      })),
      dense ? null : Plot.dot(points, { x: 'x', y: 'y', fill: series.length > 1 ? 'series' : 'currentColor', r: 2.5 }),
      ...marks,
    ],
  });
}
