// charts/plot.js — Plot.plot and Plot.legend as every chart of the lab calls them: with "large text" on
// (ui/text-size.js) the chart's base font and every mark's own font size grow by the same factor. Margins and
// label offsets are the caller's, written with px() so they grow too.
import * as Plot from '@observablehq/plot';
import { textScale } from '../ui/text-size.js';
import { titleOnTop } from './axes.js';
import { whole } from './morph.js';
import './plot.css';

const grow = (size, scale) => Math.round(parseFloat(size) * scale * 10) / 10;

function scaled(draw, options) {
  const scale = textScale();
  const style = options.style ?? {};
  const element = draw({ ...options, style: { ...style, fontSize: `${grow(style.fontSize ?? '10px', scale)}px` } });
  // Plot writes its few base rules in a <style> inside each chart; the site's CSP (no 'unsafe-inline') would
  // refuse it and report a violation, so it goes before the chart reaches the page: plot.css has the rules.
  for (const node of element.querySelectorAll('style')) node.remove();
  if (scale !== 1) {
    // Text marks carry their size as an attribute (fontSize: 12 → font-size="12"); grow those too.
    for (const node of element.querySelectorAll('[font-size]')) node.setAttribute('font-size', String(grow(node.getAttribute('font-size'), scale)));
  }
  return element;
}

export const plot = (options) => scaled(Plot.plot, titleOnTop(options));

// A colour ramp is drawn on a canvas and encoded as a PNG each time Plot makes it (about a third of a
// pe-matrix redraw), yet its options rarely change while a slider moves: the last few are kept. A copy that is
// not on the page is handed out as it is (a fresh copy's image would be decoded again, every frame); one handed
// out stays reserved until the next frame, so two drawings made in one frame never share a copy.
const legends = new Map(); // key → copies of one legend
const reserved = new Set();
const LEGENDS_KEPT = 24;
const COPIES_KEPT = 8;

export function legend(options) {
  const key = `${textScale()}|${JSON.stringify(options)}`;
  let copies = legends.get(key);
  if (!copies) {
    copies = [scaled(Plot.legend, options)];
    legends.set(key, copies);
    if (legends.size > LEGENDS_KEPT) legends.delete(legends.keys().next().value);
  }
  let copy = copies.find((c) => !c.isConnected && !reserved.has(c));
  if (!copy) {
    copy = copies[0].cloneNode(true);
    if (copies.length < COPIES_KEPT) copies.push(copy);
  }
  reserved.add(copy);
  requestAnimationFrame(() => reserved.delete(copy));
  // Kept copies are shared: a drawing morphed into another (charts/morph.js) must not change one in place.
  return whole(copy);
}
