// Small multiples: one small heat map per head, side by side and wrapping, all on one colour scale (one legend
// above them). No values are printed in the cells (the figure's table holds them) and no axes are drawn on each
// map: the figure's note says which way i and j run. Red below zero, blue above, as the lab's other heat maps;
// values that are never positive (ALiBi's penalties) get a sequential scale from pale at 0 to deep red, so the
// key shows only the range they take; a masked score (−∞) is a grey cell.
import * as Plot from '@observablehq/plot';
import { legend } from '../../src/charts/plot.js';
import { px } from '../../src/ui/text-size.js';
import { el } from '../../src/ui/dom.js';

const MASKED = '#a3a3a3';

/**
 * maps: [{ lines: [title, subtitle?], matrix: {rows, cols, data}, aria }]; domain: [lo, hi] shared by every map
 * (diverging at 0 when it holds both signs, sequential when hi is 0); legendLabel: the colour key's title. Returns
 * a <div> holding the key and the maps.
 */
export function smallMaps({ maps, domain, legendLabel }) {
  const color = domain[1] > 0
    ? { type: 'diverging', scheme: 'rdbu', pivot: 0, domain, label: legendLabel }
    : { type: 'linear', scheme: 'reds', reverse: true, domain, label: legendLabel };
  const scale = Plot.scale({ color });
  const colours = new Map(); // a bias repeats along its diagonals: each value is coloured once
  const colour = (v) => {
    if (v === -Infinity) return MASKED;
    let c = colours.get(v);
    if (c === undefined) {
      c = scale.apply(v);
      colours.set(v, c);
    }
    return c;
  };
  const key = legend({ color, width: 240, marginLeft: px(16), style: { fontSize: '13px', color: 'currentColor', background: 'transparent' } });
  const grid = el('div', 'small-maps');
  for (const { lines, matrix, aria } of maps) {
    const { rows, cols, data } = matrix;
    // One canvas pixel per cell, enlarged by CSS without smoothing (as heatmap.js paints): up to 16 maps of 32 × 32
    // cells are redrawn on every frame of a slider, which 16,000 SVG rectangles would slow down.
    const canvas = document.createElement('canvas');
    canvas.width = cols;
    canvas.height = rows;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', aria);
    const context = canvas.getContext('2d');
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        context.fillStyle = colour(data[i * cols + j]);
        context.fillRect(j, i, 1, 1);
      }
    }
    const title = el('p', 'small-map-title');
    title.append(...lines.map((line) => el('span', '', line)));
    const item = el('div', 'small-map');
    item.append(title, canvas);
    grid.append(item);
  }
  const element = el('div', 'small-maps-figure');
  element.append(key, grid);
  return element;
}
