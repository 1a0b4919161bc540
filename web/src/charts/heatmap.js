// charts/heatmap.js — a whole matrix as colours: rows down, columns across, a diverging red–blue map
// centred at 0 (red negative, white 0, blue positive, as matplotlib's RdBu in the course notes) and a legend;
// a matrix with no negative value gets a sequential white–blue map over [0, domain's top] instead, so half
// the colours are not spent on values that do not occur.
//
// Plot draws the axes, the frame and the legend; the cells themselves are painted on a <canvas> laid over
// the frame. Plot's raster mark turns every cell into a CSS colour string and parses it back, which takes
// about half a second for a full-screen 2048 × 1024 matrix; the canvas uses a 256-colour table taken from
// the very same Plot colour scale (so legend and cells agree) and paints a frame in a few milliseconds.
import * as Plot from '@observablehq/plot';
import { plot, legend } from './plot.js';
import { px, chartHeight } from '../ui/text-size.js';
import { titleOnTop, yTickRoom } from './axes.js';
import { downsample } from './downsample.js';
import { canvasPool } from './canvas-pool.js';
import { morphable } from './morph.js';

// Room for the axes' ticks and titles, grown with large text.
const margins = () => ({ top: px(8), right: px(12), bottom: px(46), left: px(62) });
const DIVERGING = { type: 'diverging', scheme: 'rdbu', pivot: 0 };
const SEQUENTIAL = { type: 'linear', scheme: 'blues' };
/** The colour scale for a matrix: diverging over `domain` when it has a negative value, else sequential from 0. */
function colourScale(matrix, domain) {
  // The first negative value decides (a positional matrix has one within its first rows).
  for (const v of matrix.data) if (v < 0) return { ...DIVERGING, domain };
  return { ...SEQUENTIAL, domain: [0, domain[1]] };
}
const STEPS = 256;

const tables = new Map();
/**
 * STEPS colours spread evenly over domain, from Plot's own colour scale, each packed as one opaque RGBA pixel
 * (bytes R, G, B, A in memory: a little-endian Uint32, as on every platform browsers run on).
 */
function colourTable(colour) {
  const { domain } = colour;
  const key = `${colour.type}|${domain.join()}`;
  if (!tables.has(key)) {
    const scale = Plot.scale({ color: colour });
    const packed = new Uint32Array(STEPS);
    for (let i = 0; i < STEPS; i++) {
      const value = domain[0] + ((domain[1] - domain[0]) * i) / (STEPS - 1);
      const [r, g, b] = scale.apply(value).match(/\d+/g).map(Number); // "rgb(r, g, b)"
      packed[i] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    }
    tables.set(key, packed);
  }
  return tables.get(key);
}
const OPAQUE_BLACK = 0xff000000; // a value that is not a number (never expected; visible if it happens)

const freshCanvas = canvasPool();

function paint(grid, colour) {
  const { domain } = colour;
  const canvas = freshCanvas();
  canvas.width = grid.cols;
  canvas.height = grid.rows;
  const context = canvas.getContext('2d');
  const image = context.createImageData(grid.cols, grid.rows);
  const colours = colourTable(colour);
  const pixels = new Uint32Array(image.data.buffer); // one write per cell instead of four
  const [lo, hi] = domain;
  const stretch = (STEPS - 1) / (hi - lo);
  const top = STEPS - 1;
  for (let k = 0; k < grid.data.length; k++) {
    const step = Math.round((grid.data[k] - lo) * stretch);
    pixels[k] = step > 0 ? colours[step < top ? step : top] : step <= 0 ? colours[0] : OPAQUE_BLACK;
  }
  context.putImageData(image, 0, 0);
  return canvas;
}

/**
 * Tick positions for n cells: at cell centres (j + 0.5), every 1, 2, 5, 10, 20, 50… cells, so that there
 * are at most `most` of them. Labels are the cell indices (0, 1, 2…), never fractions.
 */
function cellTicks(n, most) {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];
  const step = steps.find((s) => n / s <= most) || Math.ceil(n / most);
  const ticks = [];
  for (let j = 0; j < n; j += step) ticks.push(j + 0.5);
  return ticks;
}
const cellLabel = (position) => String(position - 0.5);

/**
 * matrix: {rows, cols, data}; width: CSS pixels; labels: {x, y, legend, aria, description}.
 * Returns a <div> holding the legend and the chart; its data-averaged attribute says whether cells were
 * averaged into blocks to fit the pixels.
 */
export function heatmap({ matrix, width, labels, domain = [-1, 1] }) {
  const height = chartHeight(width, 0.55, 300, 440);
  // The canvas must sit exactly on Plot's frame, so the margins are the final ones: the y title above the frame
  // (axes.js) and a left margin as wide as the longest row index.
  const margin = margins();
  margin.top = titleOnTop({ width, marginTop: margin.top, style: { fontSize: '14px' }, y: { label: labels.y, labelAnchor: 'center' } }).marginTop;
  const innerHeight = height - margin.top - margin.bottom;
  const yTicks = cellTicks(matrix.rows, Math.max(2, Math.floor(innerHeight / px(32))));
  margin.left = yTickRoom({ domain: [0, matrix.rows], height: innerHeight, ticks: yTicks, tickFormat: cellLabel });
  const innerWidth = width - margin.left - margin.right;
  // One grid cell per device pixel at most: more would be invisible work.
  const scale = window.devicePixelRatio || 1;
  const grid = downsample(matrix, innerWidth * scale, innerHeight * scale);
  const colour = colourScale(matrix, domain);

  const key = legend({
    color: { ...colour, label: labels.legend },
    // Room on the left so the first tick label (−1.0) is not cut off.
    marginLeft: px(16),
    width: 276,
    style: { fontSize: '13px', color: 'currentColor', background: 'transparent' },
  });
  const chart = plot({
    width,
    height,
    marginTop: margin.top,
    marginRight: margin.right,
    marginBottom: margin.bottom,
    marginLeft: margin.left,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '14px', color: 'currentColor', background: 'transparent' },
    x: {
      domain: [0, matrix.cols],
      ticks: cellTicks(matrix.cols, Math.max(2, Math.floor(innerWidth / px(56)))),
      tickFormat: cellLabel,
      label: labels.x,
      labelAnchor: 'center',
      labelArrow: 'none',
      labelOffset: px(40),
    },
    y: {
      domain: [0, matrix.rows],
      reverse: true,
      ticks: yTicks,
      tickFormat: cellLabel,
      label: labels.y,
      labelAnchor: 'center',
      labelArrow: 'none',
    },
    marks: [Plot.frame({ stroke: 'currentColor', strokeOpacity: 0.3 })],
  });

  const canvas = paint(grid, colour);
  canvas.className = 'heatmap-cells';
  canvas.setAttribute('aria-hidden', 'true'); // the chart's aria-label and the table describe it
  // Percentages keep the cells on the frame even if the chart is scaled down by CSS.
  Object.assign(canvas.style, {
    left: `${(100 * margin.left) / width}%`,
    top: `${(100 * margin.top) / height}%`,
    width: `${(100 * innerWidth) / width}%`,
    height: `${(100 * innerHeight) / height}%`,
    // Blocky cells for small matrices (each block is one value); smooth when cells are finer than pixels.
    imageRendering: grid.cols < innerWidth || grid.rows < innerHeight ? 'pixelated' : 'auto',
  });

  const frame = document.createElement('div');
  frame.className = 'heatmap-frame';
  frame.append(chart, canvas);
  const element = document.createElement('div');
  element.append(key, frame);
  element.dataset.averaged = String(grid.rows < matrix.rows || grid.cols < matrix.cols);
  // A move changes the axes little and the legend rarely: the drawing on screen is morphed into this one.
  return morphable(element);
}
