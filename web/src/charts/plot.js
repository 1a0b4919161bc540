// charts/plot.js — Plot.plot and Plot.legend as every chart of the lab calls them: with "large text" on
// (ui/text-size.js) the chart's base font and every mark's own font size grow by the same factor. Margins and
// label offsets are the caller's, written with px() so they grow too.
import * as Plot from '@observablehq/plot';
import { textScale } from '../ui/text-size.js';
import { titleOnTop } from './axes.js';
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
// pe-matrix redraw), yet its options rarely change while a slider moves: the last few are kept and cloned.
const legends = new Map();
const LEGENDS_KEPT = 24;

export function legend(options) {
  const key = `${textScale()}|${JSON.stringify(options)}`;
  let made = legends.get(key);
  if (!made) {
    made = scaled(Plot.legend, options);
    legends.set(key, made);
    if (legends.size > LEGENDS_KEPT) legends.delete(legends.keys().next().value);
  }
  return made.cloneNode(true);
}
