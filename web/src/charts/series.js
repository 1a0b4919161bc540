// charts/series.js — one or more series of (x, y) points as lines with dots, optional logarithmic y axis and
// highlighted points: wavelengths per pair, scores per offset, a training loss as it grows… Generic: the
// caller names the axes.
//
// The frame (axes, grid) and the caller's rules and notes (a dashed rule, a word on it) are written as Plot writes
// them (charts/svg-frame.js); the lines and their dots are painted on a canvas behind them
// (charts/canvas-layer.js), where the frame's scales put them, as Plot's line and dot marks would draw them. Four
// series of 64 points were some 300 SVG nodes rebuilt on every move of a slider, and Plot's frame most of the rest.
import * as Plot from '@observablehq/plot';
import { legend } from './plot.js';
import { svgFrame } from './svg-frame.js';
import { px, chartHeight } from '../ui/text-size.js';
import { language } from '../i18n.js';
import { linearTicks, logTickFormat, titleOnTop, yTickRoom } from './axes.js';
import { canvasPool } from './canvas-pool.js';
import { morphable } from './morph.js';
import { context2d, inkColour, layered, plotOffset, round, setVector } from './canvas-layer.js';

const STROKE = 1.75; // the lines' width
const DASH = [6, 5]; // a dashed series' pattern
const RADIUS = 2.5; // the dots'
const freshCanvas = canvasPool();
const finite = (values) => values.filter(Number.isFinite);
const decades = ([lo, hi]) => [10 ** Math.floor(Math.log10(lo) + 1e-9), 10 ** Math.ceil(Math.log10(hi) - 1e-9)];

/**
 * series: [{name, x: number[], y: number[], dashed}]; labels: {x, y, aria, description}; logY: log scale on y;
 * logX: log scale on x; rules: lines across the frame over the data ([{x} or {y}, dash, width, opacity], see
 * svg-frame.js rule()); notes: words against the frame's top or bottom edge at an x ([{x, text, anchor, dx, dy, side}],
 * svg-frame.js note()); xDomain / yDomain: fixed axis ranges (a curve that grows while a job runs keeps its axis);
 * yZero: the y axis includes 0; xInclude / yInclude: values the axes must reach besides the data's (where a rule
 * stands), as Plot's own domain would;
 * yDecades: a log y axis spans whole decades, so that it stays put (its ticks are not redrawn one by one) while a
 * slider moves data that spans several of them.
 * A `dashed` series is drawn dashed, over the solid ones: where it lies on another series, both still show.
 */
export function seriesChart({ series, width, labels, logY = false, logX = false, rules = [], notes = [], xDomain, yDomain, yZero = false, xInclude = [], yInclude = [], yDecades = false }) {
  const count = series.reduce((n, s) => n + s.x.length, 0);
  const dense = count / Math.max(1, series.length) > 60;
  const height = chartHeight(width, 0.45, 260, 360);
  // The ranges as Plot would take them from the marks: the given domain, else the values' extent (with 0 when
  // asked); a log axis leaves out what it cannot show.
  const extentOf = (values, log, zero) => {
    const shown = finite(values).filter((v) => !log || v > 0);
    if (zero && !log) shown.push(0);
    return shown.length ? [Math.min(...shown), Math.max(...shown)] : undefined;
  };
  const xs = series.flatMap((s) => s.x);
  const xExtent = xDomain ?? extentOf(xs.concat(xInclude), logX, false);
  const dataY = yDomain ?? extentOf(series.flatMap((s) => s.y).concat(yInclude), logY, yZero);
  const yExtent = yDecades && logY && !yDomain && dataY ? decades(dataY) : dataY;
  const type = logY ? 'log' : 'linear';
  // Linear axes: d3's ticks in the reader's language (no "1,000" on a Spanish page); whole-number x values
  // (positions, steps, distances) get whole-number ticks only.
  const xAxis = !xExtent ? {} : logX
    ? { tickFormat: logTickFormat(xExtent) }
    : linearTicks({ domain: xExtent, length: width - 90, spacing: 80, lang: language(), integer: finite(xs).every(Number.isInteger) });
  const yAxis = !yExtent ? {} : logY
    ? { tickFormat: logTickFormat(yExtent) }
    : linearTicks({ domain: yExtent, length: height - 80, spacing: 35, lang: language() });
  // The y axis' title above the frame, broken into lines that fit (axes.js), and the top margin that holds it.
  const onTop = titleOnTop({ width, style: { fontSize: '14px' }, y: { label: labels.y, labelAnchor: 'center' } });
  const chart = svgFrame({
    width,
    height,
    margin: { top: onTop.marginTop ?? 20, right: 20, bottom: px(46), left: yExtent ? yTickRoom({ domain: yExtent, type, height: height - 80, ...yAxis }) : 40 },
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    // No data yet (a curve before its run): a frame with no axes, as Plot draws one without scales.
    x: xExtent && yExtent ? { label: labels.x, labelOffset: px(40), domain: xExtent, type: logX ? 'log' : 'linear', ...xAxis } : null,
    y: xExtent && yExtent ? { label: onTop.y.label, type, ...yAxis, grid: true, domain: yExtent } : null,
  });
  const svg = chart.mark(xExtent && yExtent ? [...rules.map(chart.rule), ...notes.map(chart.note)] : []);
  const names = series.map((s) => s.name);
  const colour = series.length > 1 ? { domain: names, scheme: 'observable10' } : null;
  const canvas = freshCanvas();
  if (xExtent && yExtent) paint(canvas, { width, height, x: chart.x, y: chart.y, series, dense, colourOf: colour ? Plot.scale({ color: colour }) : null });
  else context2d(canvas, width, height);
  const element = document.createElement('div');
  element.className = 'series-chart';
  if (colour) element.append(legend({ color: colour, style: { fontSize: '14px', color: 'currentColor', background: 'transparent' } }));
  element.append(layered(svg, canvas, { under: true }));
  return morphable(element);
}

/**
 * The lines, dashed ones last, then the dots unless they are too many to tell apart: as Plot's line (a gap where
 * a value cannot be shown, round joins) and dot marks draw them.
 */
function paint(canvas, { width, height, x, y, series, dense, colourOf }) {
  const context = context2d(canvas, width, height);
  const ink = inkColour();
  const colours = series.map((s) => (colourOf ? colourOf.apply(s.name) : ink));
  const offset = plotOffset();
  const pixels = series.map((s) => s.x.map((v, i) => [x(v) + offset, y(s.y[i]) + offset]));
  const shown = ([px, py]) => Number.isFinite(px) && Number.isFinite(py);
  // A line breaks where a point cannot be shown (a zero on a log axis), as Plot's line does: its runs of points.
  const runs = pixels.map((points) => {
    const parts = [[]];
    for (const point of points) {
      if (shown(point)) parts.at(-1).push(point);
      else if (parts.at(-1).length) parts.push([]);
    }
    return parts.filter((part) => part.length);
  });
  const order = [false, true].flatMap((dashed) => series.map((s, k) => k).filter((k) => Boolean(series[k].dashed) === dashed));
  context.lineWidth = STROKE;
  context.lineJoin = 'round';
  context.lineCap = 'round';
  for (const k of order) {
    context.beginPath();
    for (const part of runs[k]) part.forEach(([px, py], i) => (i ? context.lineTo(px, py) : context.moveTo(px, py)));
    context.setLineDash(series[k].dashed ? DASH : []);
    context.strokeStyle = colours[k];
    context.stroke();
  }
  if (!dense) {
    pixels.forEach((points, k) => {
      context.fillStyle = colours[k];
      context.beginPath();
      for (const [px, py] of points.filter(shown)) {
        context.moveTo(px + RADIUS, py);
        context.arc(px, py, RADIUS, 0, 2 * Math.PI);
      }
      context.fill();
    });
  }
  setVector(canvas, width, height, () => [
    ...order.map((k) => {
      const d = runs[k].map((part) => `M${part.map(([px, py]) => `${round(px)},${round(py)}`).join('L')}`).join('');
      return `<path d="${d}" fill="none" stroke="${colours[k]}" stroke-width="${STROKE}" stroke-linejoin="round" stroke-linecap="round"${series[k].dashed ? ` stroke-dasharray="${DASH.join(' ')}"` : ''}/>`;
    }),
    ...(dense ? [] : pixels.flatMap((points, k) => points.filter(shown).map(([px, py]) => `<circle cx="${round(px)}" cy="${round(py)}" r="${RADIUS}" fill="${colours[k]}"/>`))),
  ]);
  // What the canvas shows, for the tests: each series' points in the chart's pixels, its colour, and its dots.
  canvas.series = series.map((s, k) => ({ name: s.name, colour: colours[k], dashed: Boolean(s.dashed), points: pixels[k].filter(shown), dots: !dense }));
}
