// charts/labelled-heatmap.js — a small matrix as coloured cells with named rows and columns (words,
// positions) and each value printed in its cell: for matrices of a few rows, where every number matters.
// Diverging red–blue centred at 0 like heatmap.js, or sequential for values in [0, 1] (attention weights).
//
// Plot draws the axes and the legend; the cells and their numbers are painted on a <canvas> laid over the chart,
// at the places Plot's own band scales give them. As SVG, two 16 × 16 maps were about 1,000 nodes that the
// browser styled, laid out and painted again on every move of a slider (most of a phone's frame); a canvas is one
// element. Each cell's tooltip stays (the canvas' title follows the pointer), and the exact values are in the
// figure's table.
import * as Plot from '@observablehq/plot';
import { plot, legend } from './plot.js';
import { px, textScale } from '../ui/text-size.js';
import { textWidth } from './axes.js';
import { canvasPool } from './canvas-pool.js';
import { context2d, layered, setVector, FONT } from './canvas-layer.js';
import { morphable } from './morph.js';

/**
 * matrix: {rows, cols, data}; rowLabels, colLabels: unique strings; labels: {x, y, legend, aria, description};
 * scale: 'diverging' (domain ±max|value|, or `domain`) or 'weights' (0…1); digits: decimals printed in cells.
 */
// True minus signs (U+2212), as in the tables and Plot's ticks, not hyphens.
// A value that rounds to zero is 0.0, never −0.0.
const format = (v, places) => {
  if (v === -Infinity) return '−∞';
  const text = v.toFixed(places);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text.replace(/^-/, '−');
};
const MASKED = '#a3a3a3'; // a masked score's cell: grey, outside both colour scales
const freshCanvas = canvasPool();

export function labelledHeatmap({ matrix, rowLabels, colLabels, width, labels, scale = 'diverging', domain, digits = 2 }) {
  // domain: pass the same one to heatmaps that are meant to be compared side by side.
  const cells = [];
  let largest = 0;
  for (let i = 0; i < matrix.rows; i++) {
    for (let j = 0; j < matrix.cols; j++) {
      const value = matrix.data[i * matrix.cols + j];
      if (Number.isFinite(value)) largest = Math.max(largest, Math.abs(value));
      cells.push({ row: rowLabels[i], col: colLabels[j], value });
    }
  }
  const bound = domain ?? (scale === 'weights' ? [0, 1] : [-(largest || 1), largest || 1]);
  const color =
    scale === 'weights'
      ? { type: 'linear', scheme: 'blues', domain: bound, label: labels.legend }
      : { type: 'diverging', scheme: 'rdbu', pivot: 0, domain: bound, label: labels.legend };
  const chartWidth = Math.min(width, px(90) + Math.max(30, Math.min(64, (width - px(90)) / matrix.cols)) * matrix.cols);
  // What a cell gets once the chart fits its width (Plot shares the frame between the columns).
  const cellWidth = (chartWidth - px(90)) / matrix.cols;
  const height = px(40) + matrix.rows * Math.min(px(44), Math.max(px(24), cellWidth * 0.8)) + px(36);
  // Values are printed only where the widest one fits its cell at a readable size (12 px, or larger with large
  // text), with one decimal fewer if that is what it takes; else not at all, as they would run into each other.
  // The exact values are always in the figure's table and in each cell's tooltip. A masked score (−∞) is a grey
  // cell, marked −∞ too when that fits.
  const size = 12 * textScale();
  const fitsCell = (text) => textWidth(text, size) + 6 <= cellWidth;
  const places = (digits > 1 ? [digits, digits - 1] : [digits]).find((p) => cells.every((d) => d.value === -Infinity || fitsCell(format(d.value, p))));
  const masked = cells.filter((d) => d.value === -Infinity);
  // Column names wider than a cell (a position·digit label on a phone) label every k-th column only.
  const every = Math.max(1, Math.ceil((Math.max(...colLabels.map((c) => textWidth(c, 13 * textScale()))) + 6) / cellWidth));
  const written = new Set([...(places === undefined ? [] : cells.filter((d) => d.value !== -Infinity)), ...(fitsCell('−∞') ? masked : [])]);
  const show = (v) => format(v, digits);
  const key = legend({ color, width: 240, marginLeft: px(16), style: { fontSize: '13px', color: 'currentColor', background: 'transparent' } });
  const chart = plot({
    width: chartWidth,
    height,
    marginLeft: px(90),
    marginBottom: px(36),
    marginTop: px(8),
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '13px', color: 'currentColor', background: 'transparent' },
    // Band scales with no padding, as Plot's cell mark had them: the canvas paints each cell in its band.
    x: { type: 'band', padding: 0, domain: colLabels, ticks: colLabels.filter((_, i) => i % every === 0), label: labels.x, labelAnchor: 'center', labelArrow: 'none', axis: 'bottom', tickSize: 0 },
    y: { type: 'band', padding: 0, domain: rowLabels, label: labels.y, labelAnchor: 'center', labelArrow: 'none', tickSize: 0 },
    marks: [],
  });
  const x = chart.scale('x');
  const y = chart.scale('y');
  const colourOf = Plot.scale({ color });
  const fontSize = Math.round(12 * textScale() * 10) / 10; // as plot.js grows a text mark's 12 px
  const canvas = freshCanvas();
  const context = context2d(canvas, chartWidth, height);
  context.font = `${fontSize}px ${FONT}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const printed = Array.from({ length: matrix.rows }, () => Array(matrix.cols).fill(null));
  const vector = []; // the same cells and numbers as SVG, for a figure saved as SVG (export.js)
  cells.forEach((d, k) => {
    if (Number.isNaN(d.value)) return; // no colour for it, as Plot draws no cell for NaN
    const left = x.apply(d.col);
    const top = y.apply(d.row);
    // Plot's cell inset of 0.5 px on each side: a hairline of background between cells.
    context.fillStyle = d.value === -Infinity ? MASKED : colourOf.apply(d.value);
    context.fillRect(left + 0.5, top + 0.5, x.bandwidth - 1, y.bandwidth - 1);
    vector.push(`<rect x="${left + 0.5}" y="${top + 0.5}" width="${x.bandwidth - 1}" height="${y.bandwidth - 1}" fill="${context.fillStyle}"/>`);
    if (!written.has(d)) return;
    const text = format(d.value, places ?? digits);
    // Dark text on pale cells, white on strong ones.
    context.fillStyle = Number.isFinite(d.value) && Math.abs(d.value) / Math.max(Math.abs(bound[0]), Math.abs(bound[1])) > 0.6 ? 'white' : 'black';
    context.fillText(text, left + x.bandwidth / 2, top + y.bandwidth / 2);
    vector.push(`<text x="${left + x.bandwidth / 2}" y="${top + y.bandwidth / 2}" fill="${context.fillStyle}" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central">${text}</text>`);
    printed[Math.floor(k / matrix.cols)][k % matrix.cols] = text;
  });
  // What each cell shows, for the tests: the text printed in it (null where none fits).
  canvas.printed = printed;
  canvas.dataset.fontSize = String(fontSize);
  setVector(canvas, chartWidth, height, vector);
  // The cell under the pointer, in the chart's own coordinates (CSS may scale the chart down on a phone).
  canvas.onpointermove = (event) => {
    const box = canvas.getBoundingClientRect();
    const j = Math.floor((((event.clientX - box.left) * chartWidth) / box.width - x.apply(colLabels[0])) / x.bandwidth);
    const i = Math.floor((((event.clientY - box.top) * height) / box.height - y.apply(rowLabels[0])) / y.bandwidth);
    const d = i >= 0 && i < matrix.rows && j >= 0 && j < matrix.cols ? cells[i * matrix.cols + j] : null;
    canvas.title = d ? `${d.row} · ${d.col}: ${show(d.value)}` : '';
  };
  canvas.title = '';
  const element = document.createElement('div');
  element.className = 'labelled-heatmap';
  element.append(key, layered(chart, canvas));
  // A move mostly keeps the axes' words and places: the map on screen is morphed into this one (charts/morph.js).
  return morphable(element);
}
