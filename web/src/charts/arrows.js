// charts/arrows.js — vectors in the plane drawn as arrows on equal axes (a unit circle optional): a 2-D
// embedding plus its positional encoding, or a RoPE pair turning with the position.
import * as Plot from '@observablehq/plot';
import { plot } from './plot.js';
import { px } from '../ui/text-size.js';

/**
 * arrows: [{x1, y1, x2, y2, name, text?}] (name picks the colour and the legend entry; text is written
 * at the tip); extent: half-width of the square view; circle: draw the unit circle;
 * labels: {x, y, aria, description}.
 */
export function arrowChart({ arrows, width, labels, extent = 2, circle = false }) {
  const size = Math.min(width, px(420));
  const names = [...new Set(arrows.map((a) => a.name))];
  const ring = Array.from({ length: 121 }, (_, i) => ({ x: Math.cos((i / 60) * Math.PI), y: Math.sin((i / 60) * Math.PI) }));
  return plot({
    width: size,
    height: size,
    marginLeft: px(46),
    marginBottom: px(40),
    ariaLabel: labels.aria,
    ariaDescription: labels.description,
    style: { fontSize: '13px', color: 'currentColor', background: 'transparent' },
    x: { domain: [-extent, extent], label: labels.x, grid: true },
    y: { domain: [-extent, extent], label: labels.y, grid: true },
    color: { legend: names.length > 1, domain: names, scheme: 'observable10' },
    marks: [
      Plot.ruleX([0], { strokeOpacity: 0.4 }),
      Plot.ruleY([0], { strokeOpacity: 0.4 }),
      circle ? Plot.line(ring, { x: 'x', y: 'y', strokeOpacity: 0.35, strokeDasharray: '4,3' }) : null,
      Plot.arrow(arrows, { x1: 'x1', y1: 'y1', x2: 'x2', y2: 'y2', stroke: 'name', strokeWidth: 2.5, headLength: 10 }),
      Plot.text(arrows.filter((a) => a.text), { x: (a) => a.x2 * 1.12, y: (a) => a.y2 * 1.12, text: 'text', fontSize: 12 }),
    ],
  });
}
