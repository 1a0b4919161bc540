// charts/point-labels.js — where each point's label goes so that no two labels touch: above its point, else
// below, right or left of it; a label that fits nowhere is left out (its point keeps the label in its tooltip
// and in the figure's table). The caller orders the points by importance, since the first ones choose first.
import * as Plot from '@observablehq/plot';
import { textWidth } from './axes.js';

/**
 * points: [{x, y, label}]; frame: the chart's {width, height, marginTop, marginRight, marginBottom, marginLeft,
 * inset?, xDomain?, yDomain?} (domains default to the points' extent, as Plot's); sizeOf(p): a label's font size in
 * px (bold text counts as 10 % larger); lift(p): how far from its point a label's centre sits; dotRadius(p):
 * its dot's radius (no label covers another point's dot either, except a chosen point's: `highlight`).
 * Returns a Map from each labelled point to its label's offset {dx, dy} in px.
 */
export function placeLabels(points, frame, sizeOf, lift, dotRadius = () => 4.5) {
  // No label to place (a chart redrawn on every move of a slider, whose points are unnamed): no scales to make.
  if (!points.some((p) => p.label)) return new Map();
  const extent = (key) => [Math.min(...points.map((p) => p[key])), Math.max(...points.map((p) => p[key]))];
  const inset = frame.inset ?? 0;
  const x = Plot.scale({ x: { domain: frame.xDomain ?? extent('x'), range: [frame.marginLeft + inset, frame.width - frame.marginRight - inset] } });
  const y = Plot.scale({ y: { domain: frame.yDomain ?? extent('y'), range: [frame.height - frame.marginBottom - inset, frame.marginTop + inset] } });
  const dots = points.map((p) => {
    const cx = x.apply(p.x);
    const cy = y.apply(p.y);
    const r = dotRadius(p);
    return { left: cx - r, right: cx + r, top: cy - r, bottom: cy + r };
  });
  const touches = (box, b) => box.left < b.right && b.left < box.right && box.top < b.bottom && b.top < box.bottom;
  const placed = [];
  const offsets = new Map();
  points.forEach((p, i) => {
    if (!p.label) return;
    const size = sizeOf(p);
    const w = textWidth(p.label, size) + 4;
    const h = size + 2;
    const d = lift(p);
    const px = x.apply(p.x);
    const py = y.apply(p.y);
    const candidates = [{ dx: 0, dy: -d }, { dx: 0, dy: d }, { dx: d + w / 2, dy: 0 }, { dx: -d - w / 2, dy: 0 }];
    const fits = (offset, overDots) => {
      const cx = px + offset.dx;
      const cy = py + offset.dy;
      const box = { left: cx - w / 2, right: cx + w / 2, top: cy - h / 2, bottom: cy + h / 2 };
      const inside = box.left >= 0 && box.right <= frame.width && box.top >= 0 && box.bottom <= frame.height;
      return inside && !placed.some((b) => touches(box, b)) && (overDots || !dots.some((b, j) => j !== i && touches(box, b))) ? box : null;
    };
    // A chosen point (highlight) keeps its label even over other dots; the others only where they cover none.
    for (const overDots of p.highlight ? [false, true] : [false]) {
      const offset = candidates.find((o) => fits(o, overDots));
      if (offset) {
        placed.push(fits(offset, overDots));
        offsets.set(p, offset);
        break;
      }
    }
  });
  return offsets;
}

/**
 * The placed labels grouped by their offset, in the order the offsets were first used: [{dx, dy, points}]. One
 * text mark each, since a mark's dx and dy are constants, not channels.
 */
export function labelGroups(points, offsets) {
  const groups = new Map();
  for (const p of points) {
    const o = offsets.get(p);
    if (!o) continue;
    const key = `${o.dx},${o.dy}`;
    if (!groups.has(key)) groups.set(key, { ...o, points: [] });
    groups.get(key).points.push(p);
  }
  return [...groups.values()];
}

/** Plot text marks for placed labels, one per offset. */
export const labelMarks = (points, offsets, options) =>
  labelGroups(points, offsets).map((g) => Plot.text(g.points, { x: 'x', y: 'y', text: 'label', ...options, dx: g.dx, dy: g.dy }));
