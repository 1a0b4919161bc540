// charts/labelled-heatmap.js — a small matrix as coloured cells with named rows and columns (words,
// positions) and each value printed in its cell: for matrices of a few rows, where every number matters.
// Diverging red–blue centred at 0 like heatmap.js, or sequential for values in [0, 1] (attention weights).
import * as Plot from '@observablehq/plot';
import { plot, legend } from './plot.js';
import { px, textScale } from '../ui/text-size.js';

/**
 * matrix: {rows, cols, data}; rowLabels, colLabels: unique strings; labels: {x, y, legend, aria, description};
 * scale: 'diverging' (domain ±max|value|, or `domain`) or 'weights' (0…1); digits: decimals printed in cells.
 */
const format = (v, places) => (v === -Infinity ? '−∞' : v.toFixed(places));

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
  const cellWidth = Math.max(30, Math.min(64, (width - px(90)) / matrix.cols));
  const height = 40 + matrix.rows * Math.min(44, Math.max(30, cellWidth * 0.8)) + 36;
  // Values are printed only where the widest one fits its cell at a readable size (12 px, or larger with large
  // text), with one decimal fewer if that is what it takes; else not at all, as they would run into each other.
  // The exact values are always in the figure's table and in each cell's tooltip. A masked score (−∞) is drawn
  // as an empty cell marked −∞.
  const fits = (places) => Math.max(...cells.map((d) => format(d.value, places).length)) * 0.62 * 12 * textScale() + 6 <= cellWidth;
  const places = (digits > 1 ? [digits, digits - 1] : [digits]).find(fits);
  const show = (v) => format(v, digits);
  const key = legend({ color, width: 240, marginLeft: px(16), style: { fontSize: '13px', color: 'currentColor', background: 'transparent' } });
  const chart = plot({
    width: Math.min(width, px(90) + cellWidth * matrix.cols),
    height,
    marginLeft: px(90),
    marginBottom: px(36),
    marginTop: px(8),
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '13px', color: 'currentColor', background: 'transparent' },
    x: { domain: colLabels, label: labels.x, labelAnchor: 'center', labelArrow: 'none', axis: 'bottom', tickSize: 0 },
    y: { domain: rowLabels, label: labels.y, labelAnchor: 'center', labelArrow: 'none', tickSize: 0 },
    color,
    marks: [
      Plot.cell(cells, { x: 'col', y: 'row', fill: (d) => (Number.isFinite(d.value) ? d.value : NaN), inset: 0.5, title: (d) => `${d.row} · ${d.col}: ${show(d.value)}` }),
      // A masked cell keeps its short −∞ mark even when the values do not fit.
      Plot.text(places ? cells : cells.filter((d) => d.value === -Infinity), {
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
