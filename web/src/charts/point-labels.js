// charts/point-labels.js — where each point's label goes so that no two labels touch: above its point, else
// below, right or left of it; a label that fits nowhere is left out (its point keeps the label in its tooltip
// and in the figure's table). The caller orders the points by importance, since the first ones choose first.
import * as Plot from '@observablehq/plot';
import { textWidth } from './axes.js';

/**
 * points: [{x, y, label}]; frame: the chart's {width, height, marginTop, marginRight, marginBottom, marginLeft,
 * inset?, xDomain?, yDomain?} (domains default to the points' extent, as Plot's); sizeOf(p): a label's font size in
 * px (bold text counts as 10 % larger); lift(p): how far from its point a label's centre sits.
 * Returns a Map from each labelled point to its label's offset {dx, dy} in px.
 */
export function placeLabels(points, frame, sizeOf, lift) {
  const extent = (key) => [Math.min(...points.map((p) => p[key])), Math.max(...points.map((p) => p[key]))];
  const inset = frame.inset ?? 0;
  const x = Plot.scale({ x: { domain: frame.xDomain ?? extent('x'), range: [frame.marginLeft + inset, frame.width - frame.marginRight - inset] } });
  const y = Plot.scale({ y: { domain: frame.yDomain ?? extent('y'), range: [frame.height - frame.marginBottom - inset, frame.marginTop + inset] } });
  const placed = [];
  const offsets = new Map();
  for (const p of points) {
    if (!p.label) continue;
    const size = sizeOf(p);
    const w = textWidth(p.label, size) + 4;
    const h = size + 2;
    const d = lift(p);
    const px = x.apply(p.x);
    const py = y.apply(p.y);
    for (const offset of [{ dx: 0, dy: -d }, { dx: 0, dy: d }, { dx: d / 2 + w / 2, dy: 0 }, { dx: -d / 2 - w / 2, dy: 0 }]) {
      const cx = px + offset.dx;
      const cy = py + offset.dy;
      const box = { left: cx - w / 2, right: cx + w / 2, top: cy - h / 2, bottom: cy + h / 2 };
      const inside = box.left >= 0 && box.right <= frame.width && box.top >= 0 && box.bottom <= frame.height;
      if (inside && !placed.some((b) => box.left < b.right && b.left < box.right && box.top < b.bottom && b.top < box.bottom)) {
        placed.push(box);
        offsets.set(p, offset);
        break;
      }
    }
  }
  return offsets;
}

/** Plot text marks for placed labels: one mark per offset (Plot's dx and dy are constants, not channels). */
export function labelMarks(points, offsets, options) {
  const groups = new Map();
  for (const p of points) {
    const o = offsets.get(p);
    if (!o) continue;
    const key = `${o.dx},${o.dy}`;
    if (!groups.has(key)) groups.set(key, { ...o, points: [] });
    groups.get(key).points.push(p);
  }
  return [...groups.values()].map((g) => Plot.text(g.points, { x: 'x', y: 'y', text: 'label', ...options, dx: g.dx, dy: g.dy }));
}
