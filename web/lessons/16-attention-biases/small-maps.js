// Small multiples: one small heat map per head, side by side and wrapping, all on one colour scale (one legend
// above them). No values are printed in the cells (the figure's table holds them) and no axes are drawn on each
// map: the figure's note says which way i and j run. Red below zero, blue above, as the lab's other heat maps;
// values that are never positive (ALiBi's penalties) get a sequential scale from pale at 0 to deep red, so the
// key shows only the range they take; a masked score (−∞) is a grey cell.
import * as Plot from '@observablehq/plot';
import { legend } from '../../src/charts/plot.js';
import { px } from '../../src/ui/text-size.js';
import { el } from '../../src/ui/dom.js';
import { canvasPool } from '../../src/charts/canvas-pool.js';
import { morphable } from '../../src/charts/morph.js';

const MASKED = '#a3a3a3';
// Canvases of maps no longer on the page, painted again: up to 16 maps a frame while a slider moves.
const freshCanvas = canvasPool(32);

/**
 * maps: [{ lines: [title, subtitle?], matrix: {rows, cols, data}, aria }]; domain: [lo, hi] shared by every map
 * (diverging at 0 when it holds both signs, sequential when hi is 0); legendLabel: the colour key's title; width:
 * the figure's width in CSS pixels. Returns a <div> holding the key and the maps.
 */
export function smallMaps({ maps, domain, legendLabel, width }) {
  const color = domain[1] > 0
    ? { type: 'diverging', scheme: 'rdbu', pivot: 0, domain, label: legendLabel }
    : { type: 'linear', scheme: 'reds', reverse: true, domain, label: legendLabel };
  const scale = Plot.scale({ color });
  const colours = new Map(); // a bias repeats along its diagonals: each value is coloured once
  // One opaque pixel as the canvas stores it (bytes R, G, B, A: a little-endian Uint32).
  const pixel = (css) => {
    if (typeof css !== 'string') return 0; // a value with no colour (NaN): left transparent
    const [r, g, b] = css.startsWith('#') ? [1, 3, 5].map((k) => parseInt(css.slice(k, k + 2), 16)) : css.match(/\d+/g).map(Number);
    return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  };
  const colour = (v) => {
    let c = colours.get(v);
    if (c === undefined) {
      c = pixel(v === -Infinity ? MASKED : scale.apply(v));
      colours.set(v, c);
    }
    return c;
  };
  const key = legend({ color, width: 240, marginLeft: px(16), style: { fontSize: '13px', color: 'currentColor', background: 'transparent' } });
  const grid = el('div', 'small-maps');
  // As many maps a row as fit (biases.css: at least 5.5rem each), but rows of equal length where the count allows:
  // 8 heads in two rows of 4, not 7 and 1. Each map keeps the size it would have in a full row.
  if (width > 0) {
    const [least, gap] = [px(88), px(12)];
    const fit = Math.max(1, Math.floor((width + gap) / (least + gap)));
    const perRow = Math.ceil(maps.length / Math.ceil(maps.length / fit));
    grid.style.gridTemplateColumns = `repeat(${perRow}, minmax(0, ${(width + gap) / fit - gap}px))`;
  }
  for (const { lines, matrix, aria } of maps) {
    const { rows, cols, data } = matrix;
    // One canvas pixel per cell, enlarged by CSS without smoothing (as heatmap.js paints): up to 16 maps of 32 × 32
    // cells are redrawn on every frame of a slider, which 16,000 SVG rectangles would slow down.
    const canvas = freshCanvas();
    canvas.width = cols;
    canvas.height = rows;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', aria);
    const context = canvas.getContext('2d');
    const image = context.createImageData(cols, rows);
    const pixels = new Uint32Array(image.data.buffer); // one write per cell instead of four
    for (let k = 0; k < pixels.length; k++) pixels[k] = colour(data[k]);
    context.putImageData(image, 0, 0);
    const title = el('p', 'small-map-title');
    title.append(...lines.map((line) => el('span', '', line)));
    const item = el('div', 'small-map');
    item.append(title, canvas);
    grid.append(item);
  }
  const element = el('div', 'small-maps-figure');
  element.append(key, grid);
  // On a move the maps' titles and places mostly stay: the figure on screen is morphed into this one, its
  // canvases swapped for these.
  return morphable(element);
}
