// charts/canvas-layer.js — a canvas laid over (or under) a chart Plot drew, for the marks a slider moves on every
// frame: Plot keeps the axes, the grid, the frame and the notes, which read best as SVG; the many shapes of the
// data (a heat map's cells, arrows, lines and their dots) are painted on one element instead of hundreds of SVG
// nodes that the browser styles, lays out and paints again on every move. The canvas also says what it paints
// as SVG (`canvas.vector`), so a saved figure stays vector (charts/export.js).

let ink = null; // the page's text colour (--ink): what Plot's currentColor is on the page

/** The colour Plot's `currentColor` marks take on the page, read once. */
export function inkColour() {
  ink ??= getComputedStyle(document.documentElement).getPropertyValue('--ink').trim() || '#1a1a1a';
  return ink;
}

export const FONT = 'system-ui, sans-serif'; // Plot's own font for a chart's text

/** Where Plot moves its lines and dots: half a pixel right and down on a screen of one pixel per CSS pixel (crisp). */
export const plotOffset = () => ((window.devicePixelRatio || 1) > 1 ? 0 : 0.5);

/** A coordinate written into a saved SVG: a hundredth of a pixel is plenty. */
export const round = (v) => Math.round(v * 100) / 100;

export const escapeXml = (text) => String(text).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

/**
 * `chart` (Plot's <svg>) and `canvas` in one frame the canvas covers exactly (charts.css .labelled-cells), so the
 * canvas follows the chart when CSS scales it down on a phone. `under`: the canvas sits behind the chart, so what
 * Plot draws (a dashed rule, a note on the line) stays on top of the data.
 */
export function layered(chart, canvas, { under = false } = {}) {
  canvas.classList.add('labelled-cells');
  canvas.setAttribute('aria-hidden', 'true'); // the chart's aria-label and its table describe what it paints
  const frame = document.createElement('div');
  frame.className = under ? 'heatmap-frame canvas-under' : 'heatmap-frame';
  if (under) frame.append(canvas, chart);
  else frame.append(chart, canvas);
  return frame;
}

/**
 * The canvas' 2-D context for a drawing of width × height CSS pixels at the screen's pixel density (sharp lines
 * and numbers on a phone), cleared. The canvas is sized only when its size changes: setting it, even to the
 * same value, clears it and makes it laid out again.
 */
export function context2d(canvas, width, height) {
  const ratio = window.devicePixelRatio || 1;
  const [w, h] = [Math.round(width * ratio), Math.round(height * ratio)];
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const context = canvas.getContext('2d');
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  return context;
}

/**
 * Records what a canvas shows as SVG of width × height, so the figure saved as SVG keeps it vector: `markup`, its
 * elements, or a function that writes them when a figure is saved (thousands of points need not be written out
 * on every frame of a slider).
 */
export function setVector(canvas, width, height, markup) {
  Object.defineProperty(canvas, 'vector', {
    configurable: true,
    get: () => ({ width, height, markup: (typeof markup === 'function' ? markup() : markup).join('') }),
  });
}
