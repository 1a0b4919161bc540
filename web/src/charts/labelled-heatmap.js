// charts/labelled-heatmap.js — a small matrix as coloured cells with named rows and columns (words,
// positions) and each value printed in its cell: for matrices of a few rows, where every number matters.
// Diverging red–blue centred at 0 like heatmap.js, or sequential for values in [0, 1] (attention weights).
import * as Plot from '@observablehq/plot';

/**
 * matrix: {rows, cols, data}; rowLabels, colLabels: unique strings; labels: {x, y, legend, aria, description};
 * scale: 'diverging' (domain ±max|value|, or `domain`) or 'weights' (0…1); digits: decimals printed in cells.
 */
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
  const cellWidth = Math.max(30, Math.min(64, (width - 90) / matrix.cols));
  const height = 40 + matrix.rows * Math.min(44, Math.max(30, cellWidth * 0.8)) + 36;
  // The exact values are in the figure's table. A masked score (−∞) is drawn as an empty cell marked −∞.
  const show = (v) => (v === -Infinity ? '−∞' : v.toFixed(digits));
  const legend = Plot.legend({ color, width: 240, marginLeft: 16, style: { fontSize: '13px', color: 'currentColor', background: 'transparent' } });
  const chart = Plot.plot({
    width: Math.min(width, 90 + cellWidth * matrix.cols),
    height,
    marginLeft: 90,
    marginBottom: 36,
    marginTop: 8,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '13px', color: 'currentColor', background: 'transparent' },
    x: { domain: colLabels, label: labels.x, labelAnchor: 'center', labelArrow: 'none', axis: 'bottom', tickSize: 0 },
    y: { domain: rowLabels, label: labels.y, labelAnchor: 'center', labelArrow: 'none', tickSize: 0 },
    color,
    marks: [
      Plot.cell(cells, { x: 'col', y: 'row', fill: (d) => (Number.isFinite(d.value) ? d.value : NaN), inset: 0.5 }),
      Plot.text(cells, {
        x: 'col',
        y: 'row',
        text: (d) => show(d.value),
        // Dark text on pale cells, white on strong ones.
        fill: (d) => (Number.isFinite(d.value) && Math.abs(d.value) / Math.max(Math.abs(bound[0]), Math.abs(bound[1])) > 0.6 ? 'white' : 'black'),
        fontSize: cellWidth < 40 ? 10 : 12,
      }),
    ],
  });
  const element = document.createElement('div');
  element.className = 'labelled-heatmap';
  element.append(legend, chart);
  return element;
}
