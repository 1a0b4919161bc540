// charts/labelled-heatmap.js — a small matrix as coloured cells with named rows and columns (words,
// positions) and each value printed in its cell: for matrices of a few rows, where every number matters.
// Diverging red–blue centred at 0 like heatmap.js, or sequential for values in [0, 1] (attention weights).
import * as Plot from '@observablehq/plot';
import { plot, legend } from './plot.js';
import { px, textScale } from '../ui/text-size.js';
import { textWidth } from './axes.js';

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
  const written = [...(places === undefined ? [] : cells.filter((d) => d.value !== -Infinity)), ...(fitsCell('−∞') ? masked : [])];
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
    x: { domain: colLabels, ticks: colLabels.filter((_, i) => i % every === 0), label: labels.x, labelAnchor: 'center', labelArrow: 'none', axis: 'bottom', tickSize: 0 },
    y: { domain: rowLabels, label: labels.y, labelAnchor: 'center', labelArrow: 'none', tickSize: 0 },
    color,
    marks: [
      Plot.cell(cells.filter((d) => d.value !== -Infinity), { x: 'col', y: 'row', fill: (d) => (Number.isFinite(d.value) ? d.value : NaN), inset: 0.5, title: (d) => `${d.row} · ${d.col}: ${show(d.value)}` }),
      Plot.cell(masked, { x: 'col', y: 'row', fill: MASKED, inset: 0.5, title: (d) => `${d.row} · ${d.col}: −∞` }),
      Plot.text(written, {
        x: 'col',
        y: 'row',
        text: (d) => format(d.value, places ?? digits),
        // Dark text on pale cells, white on strong ones.
        fill: (d) => (Number.isFinite(d.value) && Math.abs(d.value) / Math.max(Math.abs(bound[0]), Math.abs(bound[1])) > 0.6 ? 'white' : 'black'),
        fontSize: 12,
      }),
    ],
  });
  const element = document.createElement('div');
  element.className = 'labelled-heatmap';
  element.append(key, chart);
  return element;
}
