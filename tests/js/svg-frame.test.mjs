// charts/svg-frame.js against its peer: the frame and the marks it writes must be what Observable Plot writes for
// the same chart (Plot renders here into linkedom's document, as it would on a server), group by group, attribute
// by attribute, with the lab's data-mark names for Plot's aria-labels (charts/figure.js quietMarks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';
import * as Plot from '@observablehq/plot';

const { document } = parseHTML('<!doctype html><html><body></body></html>');
globalThis.document = document;
// Plot, loaded with no window, draws without its half-pixel offset (what it does on a screen of more than one
// pixel per CSS pixel): the lab's frame is asked on such a screen too.
globalThis.window = { devicePixelRatio: 2 };
const { svgFrame, lineMark, dotMark, boxMark, textMark } = await import('../../web/src/charts/svg-frame.js');

/** An element as [tag, {attributes}, children…], sorted attributes, text trimmed; Plot's aria-label → data-mark. */
function canonical(node) {
  if (node.nodeType === 3) return node.textContent;
  const attributes = {};
  for (const { name, value } of node.attributes) {
    if (name === 'aria-label' && node.tagName.toLowerCase() === 'g') attributes['data-mark'] = value;
    else attributes[name] = value;
  }
  const children = [...node.childNodes].filter((c) => c.nodeType === 1 || (c.nodeType === 3 && c.textContent !== '')).map(canonical);
  return [node.tagName.toLowerCase(), Object.fromEntries(Object.entries(attributes).sort()), ...children];
}

/** Plot's chart for the same options, without its <style> (plot.js removes it too). */
function plotted(options) {
  const svg = Plot.plot({ document, ...options });
  for (const style of svg.querySelectorAll('style')) style.remove();
  return svg;
}

const groups = (svg) => [...svg.children].map(canonical);

test('a frame with given x ticks, a fixed-decimals y axis and a y title on two lines is Plot\'s', () => {
  const [width, height, margin] = [370, 280, { top: 45, right: 20, bottom: 46, left: 72 }];
  const x = { label: 'Position', labelOffset: 40, domain: [-0.32, 4.32], grid: true, ticks: [0, 1, 2, 3, 4], tickFormat: (d) => String(d) };
  const y = { label: 'Cosine similarity\n× 1000', domain: [999.8812, 1000.0093], grid: true, tickFormat: 'f' };
  const ours = svgFrame({ width, height, margin, x, y, ariaLabel: 'a chart', fontSize: 14 }).mark();
  const theirs = plotted({
    width, height, marginTop: margin.top, marginRight: margin.right, marginBottom: margin.bottom, marginLeft: margin.left,
    x: { ...x, labelAnchor: 'center', labelArrow: 'none' },
    y: { ...y, labelAnchor: 'top', labelArrow: 'none' },
  });
  assert.deepEqual(groups(ours), groups(theirs));
  for (const name of ['width', 'height', 'viewBox', 'font-size', 'font-family', 'text-anchor', 'fill']) assert.equal(ours.getAttribute(name), theirs.getAttribute(name), name);
});

test('d3\'s default ticks both ways, negative values with a true minus, and boxes, lines, squares, dots and labels are Plot\'s', () => {
  const [width, height, margin] = [586, 322, { top: 29, right: 20, bottom: 46, left: 48 }];
  const x = { label: 'dimension 0', labelOffset: 40, domain: [-0.75, 4.2], grid: true };
  const y = { label: 'dimension 1', domain: [-1.9, 0.35], grid: true };
  const box = { x1: 0.6, x2: 2.6, y1: -1.8, y2: 0.2 };
  const path = [{ x: 1.6, y: 0.2 }, { x: 2.44, y: 0.19 }, { x: 2.5, y: 0.17 }, { x: 1.7, y: 0.15, label: '3' }, { x: 0.8, y: 0.12, label: '4' }];
  const home = [{ x: 1.6, y: -0.8 }];
  const chart = svgFrame({ width, height, margin, x, y });
  const at = (p) => [chart.x(p.x), chart.y(p.y)];
  const ours = chart.mark([
    boxMark(at({ x: box.x1, y: box.y1 }), at({ x: box.x2, y: box.y2 })),
    lineMark(path.map(at), '#efb118'),
    dotMark(home.map(at), '#4269d0', { symbol: 'square' }),
    dotMark(path.map(at), '#efb118'),
    textMark(path.filter((p) => p.label).map((p) => [...at(p), p.label]), { dx: -16.84, dy: -11 }),
  ]);
  const theirs = plotted({
    width, height, marginTop: margin.top, marginRight: margin.right, marginBottom: margin.bottom, marginLeft: margin.left,
    x: { ...x, labelAnchor: 'center', labelArrow: 'none' },
    y: { ...y, labelAnchor: 'top', labelArrow: 'none' },
    marks: [
      Plot.rect([box], { x1: 'x1', x2: 'x2', y1: 'y1', y2: 'y2', fill: 'currentColor', fillOpacity: 0.06, stroke: 'currentColor', strokeOpacity: 0.35, strokeDasharray: '4,3' }),
      Plot.line(path, { x: 'x', y: 'y', stroke: () => '#efb118', strokeWidth: 1.25, strokeOpacity: 0.6 }),
      Plot.dot(home, { x: 'x', y: 'y', fill: () => '#4269d0', symbol: 'square', r: 4.5 }),
      Plot.dot(path, { x: 'x', y: 'y', fill: () => '#efb118', r: 4.5 }),
      Plot.text(path.filter((p) => p.label), { x: 'x', y: 'y', text: 'label', fontSize: 12, fill: 'currentColor', dx: -16.84, dy: -11 }),
    ],
    color: { type: 'identity' },
  });
  assert.deepEqual(groups(ours), groups(theirs));
  assert.match(ours.textContent, /−1\.5/, 'd3 writes a true minus, as Plot shows it');
});

test('a log axis (d3\'s blank ticks kept blank under the caller\'s format), rules and notes against the frame\'s edges are Plot\'s', () => {
  const [width, height, margin] = [370, 260, { top: 29, right: 20, bottom: 46, left: 41 }];
  const format = (v) => String(Number(v.toPrecision(6)));
  for (const domain of [[1, 1e6], [0.5, 30]]) {
    const x = { label: 'pair i', labelOffset: 40, domain: [0, 63], ticks: [0, 20, 40, 60], tickFormat: (v) => String(v) };
    const y = { label: 'wavelength', type: 'log', domain, tickFormat: format, grid: true };
    const chart = svgFrame({ width, height, margin, x, y });
    const ours = chart.mark([
      chart.rule({ y: domain[1] / 4, dash: '4 3' }),
      chart.rule({ x: 10, dash: '1 3', width: 1.5, opacity: 0.6 }),
      chart.note({ x: 10, text: 'seen', anchor: 'bottom', dx: -4, dy: -6, side: 'end' }),
      chart.note({ x: 10, text: 'trained', anchor: 'top', dx: 4, dy: 6, side: 'start' }),
    ]);
    const theirs = plotted({
      width, height, marginTop: margin.top, marginRight: margin.right, marginBottom: margin.bottom, marginLeft: margin.left,
      x: { ...x, labelAnchor: 'center', labelArrow: 'none' },
      y: { ...y, labelAnchor: 'top', labelArrow: 'none' },
      marks: [
        Plot.ruleY([domain[1] / 4], { stroke: 'currentColor', strokeDasharray: '4 3' }),
        Plot.ruleX([10], { stroke: 'currentColor', strokeDasharray: '1 3', strokeWidth: 1.5, strokeOpacity: 0.6 }),
        Plot.text(['seen'], { x: 10, frameAnchor: 'bottom', dx: -4, textAnchor: 'end', dy: -6 }),
        Plot.text(['trained'], { x: 10, frameAnchor: 'top', dx: 4, dy: 6, textAnchor: 'start' }),
      ],
    });
    assert.deepEqual(groups(ours), groups(theirs), `log domain ${domain}`);
  }
});
