// charts/heatmap.js — a whole matrix as colours: rows down, columns across, a diverging red–blue map
// centred at 0 (red negative, white 0, blue positive, as matplotlib's RdBu in document 002) and a legend.
import * as Plot from '@observablehq/plot';
import { downsample } from './downsample.js';

const margin = { top: 8, right: 12, bottom: 40, left: 48 };

/**
 * matrix: {rows, cols, data}; width: CSS pixels; labels: {x, y, legend, aria, description}.
 * Returns the element Plot made (a <figure> holding the legend and the <svg>); its data-averaged attribute
 * says whether cells were averaged into blocks to fit the pixels.
 */
export function heatmap({ matrix, width, labels, domain = [-1, 1] }) {
  const height = Math.round(Math.min(440, Math.max(220, width * 0.55)));
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  // One grid cell per device pixel at most: more would be invisible work.
  const scale = window.devicePixelRatio || 1;
  const grid = downsample(matrix, innerWidth * scale, innerHeight * scale);
  // Blocky cells for small matrices (each cell is a value); smooth when cells are smaller than pixels.
  const blocky = grid.cols < innerWidth || grid.rows < innerHeight;

  const plot = Plot.plot({
    width,
    height,
    ...margin,
    marginTop: margin.top,
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '13px', color: 'currentColor', background: 'transparent' },
    x: { domain: [0, matrix.cols], label: labels.x, labelAnchor: 'center', labelArrow: 'none' },
    y: { domain: [0, matrix.rows], reverse: true, label: labels.y, labelAnchor: 'center', labelArrow: 'none' },
    color: { type: 'diverging', scheme: 'rdbu', domain, pivot: 0, legend: true, label: labels.legend },
    marks: [
      Plot.raster(grid.data, {
        width: grid.cols,
        height: grid.rows,
        x1: 0,
        x2: matrix.cols,
        y1: 0,
        y2: matrix.rows,
        imageRendering: blocky ? 'pixelated' : 'auto',
      }),
      Plot.frame({ stroke: 'currentColor', strokeOpacity: 0.3 }),
    ],
  });
  plot.dataset.averaged = String(grid.rows < matrix.rows || grid.cols < matrix.cols);
  return plot;
}
