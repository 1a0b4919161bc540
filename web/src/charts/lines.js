// charts/lines.js — chosen columns of a matrix drawn across its rows, one small row per dimension (x = position),
// all on the same position axis: six waves of different speeds overlaid in one frame tangle into a knot, while
// stacked they read top to bottom as a slowing down.
//
// Plot draws the rows' frames, zero lines and axes; the waves are painted on a canvas behind them
// (charts/canvas-layer.js) where Plot's scales put them: 12 lines of 2,048 positions were paths of thousands of
// points that the browser built, styled and painted again on every frame of a slider.
import * as Plot from '@observablehq/plot';
import { plot } from './plot.js';
import { px, textScale } from '../ui/text-size.js';
import { language } from '../i18n.js';
import { linearTicks, yTickRoom, textWidth } from './axes.js';
import { canvasPool } from './canvas-pool.js';
import { morphable } from './morph.js';
import { context2d, layered, plotOffset, round, setVector } from './canvas-layer.js';

const STROKE = 1.5;
const RADIUS = 2;
const freshCanvas = canvasPool();

const Y_DOMAIN = [-1.1, 1.1];
const Y_TICKS = [-1, 1];
// Whole numbers need no decimals, in either language ("−1", not "−1.0"): the rows' ticks stay apart.
const tickFormat = (v) => (v < 0 ? `−${-v}` : String(v));

/**
 * matrix: {rows, cols, data}; dims: column indices (already checked < cols); count: rows to draw;
 * labels: {x, y, aria, description, dim(d) → the row's name}.
 */
export function lines({ matrix, dims, count, width, labels }) {
  const names = dims.map((d) => labels.dim(d));
  // Short rows, so the default six and the fields under them fit one screen with the lesson's strip; each row's
  // −1 and 1 are labelled and its zero is a line.
  const rowHeight = px(dims.length > 6 ? 36 : 44);
  const marginTop = px(30);
  const marginBottom = px(46);
  const height = dims.length * rowHeight + marginTop + marginBottom;
  const marginRight = Math.ceil(Math.max(...names.map((name) => textWidth(name, 14 * textScale()))) + px(12));
  const xDomain = [0, Math.max(1, count - 1)];

  const svg = plot({
    width,
    height,
    marginTop,
    marginLeft: yTickRoom({ domain: Y_DOMAIN, ticks: Y_TICKS, tickFormat, height: rowHeight }),
    marginRight,
    marginBottom,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '14px', color: 'currentColor', background: 'transparent' },
    // One row per dimension; the frame and the zero line are drawn in each.
    facet: { data: names, y: (name) => name },
    x: {
      label: labels.x, labelAnchor: 'center', labelArrow: 'none', labelOffset: px(40), domain: xDomain,
      // Positions: whole-number ticks, grouped as the reader's language writes them (no "1,000" in Spanish).
      ...linearTicks({ domain: xDomain, length: width - 80, spacing: 80, lang: language(), integer: true }),
    },
    // The value's name sits over the top row; each row has its own −1 … 1 scale.
    y: { label: labels.y, labelAnchor: 'top', labelArrow: 'none', domain: Y_DOMAIN, ticks: Y_TICKS, tickFormat, grid: true },
    // The rows are named on the right, so the names never meet the value ticks on the left.
    fy: { domain: names, label: null, axis: 'right', padding: 0.22 },
    marks: [
      Plot.frame({ stroke: 'currentColor', strokeOpacity: 0.15 }),
      Plot.ruleY([0], { stroke: 'currentColor', strokeOpacity: 0.4 }),
    ],
  });
  const canvas = freshCanvas();
  paint(canvas, { width, height, svg, matrix, dims, names, count });
  const element = document.createElement('div');
  element.className = 'lines-chart';
  element.append(layered(svg, canvas, { under: true }));
  return morphable(element);
}

/**
 * Each dimension's wave in its row, in the colour Plot would give it, with a dot on each position when there are
 * few (each is one number of the matrix, and a 1- or 2-position "line" would be invisible otherwise).
 */
function paint(canvas, { width, height, svg, matrix, dims, names, count }) {
  const context = context2d(canvas, width, height);
  const [x, y, fy] = [svg.scale('x'), svg.scale('y'), svg.scale('fy')];
  // A row's y scale runs inside the row: Plot moves each row down to where the fy scale puts it.
  const offset = plotOffset();
  const top = Math.min(...y.range) - offset;
  const colour = Plot.scale({ color: { domain: names, scheme: 'observable10' } });
  const xs = Float64Array.from({ length: count }, (_, p) => x.apply(p) + offset);
  const dots = count <= 60;
  context.lineWidth = STROKE;
  context.lineJoin = 'round';
  context.lineCap = 'round';
  const rows = dims.map((d, s) => {
    const shift = fy.apply(names[s]) - top;
    const ys = Float64Array.from({ length: count }, (_, p) => shift + y.apply(matrix.data[p * matrix.cols + d]));
    const stroke = colour.apply(names[s]);
    context.strokeStyle = stroke;
    context.fillStyle = stroke;
    context.beginPath();
    context.moveTo(xs[0], ys[0]);
    for (let p = 1; p < count; p++) context.lineTo(xs[p], ys[p]);
    context.stroke();
    if (dots) {
      context.beginPath();
      for (let p = 0; p < count; p++) {
        context.moveTo(xs[p] + RADIUS, ys[p]);
        context.arc(xs[p], ys[p], RADIUS, 0, 2 * Math.PI);
      }
      context.fill();
    }
    return { name: names[s], colour: stroke, ys, row: [shift + y.range[1], shift + y.range[0]] };
  });
  setVector(canvas, width, height, () => rows.flatMap(({ colour: stroke, ys }) => {
    const at = (p) => `${round(xs[p])},${round(ys[p])}`;
    const path = `<path d="M${Array.from(ys, (_, p) => at(p)).join('L')}" fill="none" stroke="${stroke}" stroke-width="${STROKE}" stroke-linejoin="round" stroke-linecap="round"/>`;
    return [path, ...(dots ? Array.from(ys, (_, p) => `<circle cx="${round(xs[p])}" cy="${round(ys[p])}" r="${RADIUS}" fill="${stroke}"/>`) : [])];
  }));
  // What the canvas shows, for the tests: each row's name, colour, its points' heights in the chart's pixels and
  // the row's top and bottom (Plot's −1.1 and 1.1).
  canvas.lines = rows.map(({ name, colour: stroke, ys, row }) => ({ name, colour: stroke, x: xs, y: ys, row, dots }));
}
