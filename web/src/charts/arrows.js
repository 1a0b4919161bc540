// charts/arrows.js — vectors in the plane drawn as arrows on equal axes (a unit circle optional): a 2-D
// embedding plus its positional encoding, or a RoPE pair turning with the position.
//
// Plot draws the frame, the grid, the axes at 0 and the circle; the arrows and their labels are painted on a
// canvas laid over it, where Plot's scales put them, with Plot's own arrowheads. A slider moves the arrows and
// rarely the axes: given the drawing on screen (`reuse`), a chart whose axes are the same only paints its canvas
// again, and the figure keeps the same element (charts/figure.js), so a move neither builds nor lays out the
// axes anew (in rope they were a quarter of a move's work, and Plot's arrows most of the rest).
import * as Plot from '@observablehq/plot';
import { plot, legend } from './plot.js';
import { px, textScale } from '../ui/text-size.js';
import { canvasPool } from './canvas-pool.js';
import { context2d, escapeXml, inkColour, layered, plotOffset, setVector, FONT } from './canvas-layer.js';

const STROKE = 2.5; // the arrows' width, as Plot.arrow's strokeWidth
const HEAD = 10; // Plot.arrow's headLength: the wings are HEAD / 1.5 stroke widths long, at ±30° from the shaft
const freshCanvas = canvasPool();

/**
 * arrows: [{x1, y1, x2, y2, name, text?}] (name picks the colour and the legend entry; text is written
 * at the tip); extent: half-width of the square view; circle: draw the unit circle;
 * labels: {x, y, aria, description}; reuse: the drawing this figure shows now, kept if its axes are the same.
 */
export function arrowChart({ arrows, width, labels, extent = 2, circle = false, reuse = null }) {
  const size = Math.min(width, px(420));
  const names = [...new Set(arrows.map((a) => a.name))];
  const key = JSON.stringify([size, extent, circle, labels.x, labels.y, textScale()]);
  const chart = reuse?.arrowChart?.key === key ? reuse : axesChart({ size, extent, circle, labels, key });
  const { svg, canvas } = chart.arrowChart;
  svg.setAttribute('aria-label', labels.aria);
  svg.setAttribute('aria-description', labels.description);
  // The colour key above the chart when there is more than one name, made again only when the names change.
  const colour = { domain: names, scheme: 'observable10' };
  if (chart.arrowChart.names !== names.join('\n')) {
    chart.arrowChart.names = names.join('\n');
    chart.querySelector(':scope > .arrow-key')?.remove();
    if (names.length > 1) {
      const key = legend({ color: colour, style: { fontSize: '13px' } });
      key.classList.add('arrow-key');
      chart.prepend(key);
    }
  }
  paint(canvas, chart.arrowChart, arrows, Plot.scale({ color: colour }));
  return chart;
}

/** The chart without its arrows: Plot's frame, grid and axes, and the canvas laid over them. */
function axesChart({ size, extent, circle, labels, key }) {
  const ring = Array.from({ length: 121 }, (_, i) => ({ x: Math.cos((i / 60) * Math.PI), y: Math.sin((i / 60) * Math.PI) }));
  const svg = plot({
    width: size,
    height: size,
    marginLeft: px(46),
    marginBottom: px(40),
    style: { fontSize: '13px', color: 'currentColor', background: 'transparent' },
    x: { domain: [-extent, extent], label: labels.x, grid: true },
    y: { domain: [-extent, extent], label: labels.y, grid: true },
    marks: [
      Plot.ruleX([0], { strokeOpacity: 0.4 }),
      Plot.ruleY([0], { strokeOpacity: 0.4 }),
      circle ? Plot.line(ring, { x: 'x', y: 'y', strokeOpacity: 0.35, strokeDasharray: '4,3' }) : null,
    ],
  });
  const canvas = freshCanvas();
  const element = document.createElement('div');
  element.className = 'arrow-chart';
  element.append(layered(svg, canvas));
  element.arrowChart = { key, svg, canvas, size, x: svg.scale('x'), y: svg.scale('y') };
  return element;
}

/** The arrows and their labels on the canvas, with the same shapes as SVG for a saved figure (export.js). */
function paint(canvas, { size, x: xScale, y: yScale }, arrows, colour) {
  // Where Plot's arrow and text marks would put a value: its scale, moved by Plot's half pixel.
  const offset = plotOffset();
  const x = (v) => xScale.apply(v) + offset;
  const y = (v) => yScale.apply(v) + offset;
  const context = context2d(canvas, size, size);
  context.lineWidth = STROKE;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  const vector = [];
  for (const a of arrows) {
    const [x1, y1, x2, y2] = [x(a.x1), y(a.y1), x(a.x2), y(a.y2)];
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (!(length > 0)) continue;
    // Plot.arrow's head: wings of min(HEAD / 1.5 × stroke width, a third of the arrow), 30° either side.
    const wing = Math.min((HEAD / 1.5) * STROKE, length / 3);
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const [x3, y3, x4, y4] = [x2 - wing * Math.cos(angle + Math.PI / 6), y2 - wing * Math.sin(angle + Math.PI / 6), x2 - wing * Math.cos(angle - Math.PI / 6), y2 - wing * Math.sin(angle - Math.PI / 6)];
    const stroke = colour.apply(a.name);
    context.strokeStyle = stroke;
    context.beginPath();
    context.moveTo(x1, y1);
    context.lineTo(x2, y2);
    context.moveTo(x3, y3);
    context.lineTo(x2, y2);
    context.lineTo(x4, y4);
    context.stroke();
    vector.push(`<path d="M${x1},${y1}L${x2},${y2}M${x3},${y3}L${x2},${y2}L${x4},${y4}" fill="none" stroke="${stroke}" stroke-width="${STROKE}" stroke-linecap="round" stroke-linejoin="round"/>`);
  }
  // Each label just past its arrow's tip (Plot.text at 1.12 times the tip), in the page's text colour.
  const fontSize = Math.round(12 * textScale() * 10) / 10;
  const ink = inkColour();
  context.font = `${fontSize}px ${FONT}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = ink;
  for (const a of arrows.filter((arrow) => arrow.text)) {
    const [tx, ty] = [x(a.x2 * 1.12), y(a.y2 * 1.12)];
    context.fillText(a.text, tx, ty);
    vector.push(`<text x="${tx}" y="${ty}" fill="${ink}" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central">${escapeXml(a.text)}</text>`);
  }
  setVector(canvas, size, size, vector);
  // What the canvas shows, for the tests: each arrow's ends in the chart's pixels and in its units, and its label.
  canvas.arrows = arrows.map((a) => ({ from: [x(a.x1), y(a.y1)], to: [x(a.x2), y(a.y2)], tip: [a.x2, a.y2], text: a.text ?? null }));
}
