// charts/svg-frame.js — a chart written by the lab as Plot writes it, for the charts a slider redraws on every
// move: the frame (axes, their ticks and labels, the grid) and the marks of lines, dots, boxes, point labels, rules
// and the words on them.
// Plot built them anew on each move (its scales, its marks, its SVG nodes): most of such a chart's time on a phone's
// slower main thread, for a few lines and numbers. The markup is Plot's own, group by group (the same attributes,
// the data-mark names charts/figure.js' quietMarks leaves, the half-pixel offsets), and the ticks are d3's as
// Plot's are, so a chart looks, reads and saves as before: tests/js/svg-frame.test.mjs holds it against Plot.
import { scaleLinear, scaleLog } from 'd3-scale';
import { textScale } from '../ui/text-size.js';
import { escapeXml, plotOffset } from './canvas-layer.js';

const SVG = 'http://www.w3.org/2000/svg';
const TICK = 6; // a tick's length, as Plot draws it
const TICK_PADDING = 3;
const LABEL_INSET = 3; // y's title from the svg's top left corner

/** A number written into a path as Plot writes it (three decimals). */
const short = (v) => String(Math.round(v * 1000) / 1000);

/** ` transform="translate(dx,dy)"` with Plot's offset added, or nothing when that is (0, 0), as Plot leaves it. */
function translate(dx, dy, offset = plotOffset()) {
  const [x, y] = [dx + offset.x, dy + offset.y];
  return x || y ? ` transform="translate(${x},${y})"` : '';
}
const both = () => ({ x: plotOffset(), y: plotOffset() });
const across = () => ({ x: plotOffset(), y: 0 });
const up = () => ({ x: 0, y: plotOffset() });

/** <g attributes>children</g>, or nothing when there are no children (Plot writes no empty mark). */
const group = (attributes, children) => (children.length ? `<g${attributes}>${children.join('')}</g>` : '');

/**
 * One axis' scale, ticks and their texts. axis: {domain, type: 'linear' | 'log', ticks: values or a count,
 * tickFormat: a function or d3's format specifier}; range: [from, to] in pixels; spacing: pixels per tick when
 * no ticks are given (Plot's: 80 across, 35 up).
 */
function axisOf({ domain, type = 'linear', ticks, tickFormat }, range, spacing) {
  const scale = (type === 'log' ? scaleLog() : scaleLinear()).domain(domain).range(range);
  const count = Array.isArray(ticks) ? undefined : ticks ?? Math.abs(range[1] - range[0]) / spacing;
  const values = Array.isArray(ticks) ? ticks : scale.ticks(count);
  let format = typeof tickFormat === 'function' ? tickFormat : scale.tickFormat(count, tickFormat);
  if (type === 'log') {
    // d3's log format leaves the ticks it would crowd blank; Plot keeps them blank under the caller's format too.
    const shown = scale.tickFormat(count, typeof tickFormat === 'string' ? tickFormat : undefined);
    const own = format;
    format = (v) => (shown(v) === '' ? '' : own(v));
  }
  return { scale, ticks: values.map((v) => ({ at: scale(v), text: format(v) })) };
}

/**
 * An <svg> of width × height and its frame: x and y ({label, domain, type, ticks, tickFormat, grid} as Plot's
 * options; y's label is written above the frame, its lines already broken as charts/axes.js titleOnTop breaks
 * them; x's `labelOffset` under it), the margins around the frame, and the chart's aria-label and description.
 * fontSize: the chart's base size in CSS pixels, grown with large text as plot.js grows Plot's. x or y null:
 * nothing to frame yet (a curve before its run), an empty svg of that size, as Plot draws one without scales.
 * Returns {svg, x, y, mark, rule, note}: x and y map a value to its pixel; mark(marks) writes the frame and then
 * `marks` (markup from rule(), note() and the mark writers below, in the order drawn) into the svg and returns it.
 */
export function svgFrame({ width, height, margin, x, y, ariaLabel, ariaDescription, fontSize = 14 }) {
  const { top, right, bottom, left } = margin;
  const parts = [];
  const svg = document.createElementNS(SVG, 'svg');
  const attributes = { class: 'lab-chart', fill: 'currentColor', 'font-family': 'system-ui, sans-serif', 'font-size': '10', 'text-anchor': 'middle', width, height, viewBox: `0 0 ${width} ${height}`, 'aria-label': ariaLabel, 'aria-description': ariaDescription, role: 'img' };
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) svg.setAttribute(name, String(value));
  // Through the CSSOM: the site's CSP refuses a style attribute written in markup.
  Object.assign(svg.style, { fontSize: `${Math.round(fontSize * textScale() * 10) / 10}px`, color: 'currentColor', background: 'transparent' });
  const mark = (marks = []) => {
    svg.innerHTML = parts.concat(marks).join('');
    return svg;
  };
  // No axes (nothing to frame yet): an empty chart of that size, as Plot draws one without scales.
  if (!x || !y) return { svg, mark };
  const X = axisOf(x, [left, width - right], 80);
  const Y = axisOf(y, [height - bottom, top], 35);
  if (y.grid) parts.push(group(` aria-hidden="true" stroke="currentColor" stroke-opacity="0.1"${translate(0, 0, up())} data-mark="y-grid"`, Y.ticks.map((t) => `<line x1="${left}" x2="${width - right}" y1="${t.at}" y2="${t.at}"></line>`)));
  parts.push(group(` aria-hidden="true" fill="none" stroke="currentColor"${translate(0, 0, up())} data-mark="y-axis tick"`, Y.ticks.map((t) => `<path transform="translate(${left},${t.at})" d="M0,0L-${TICK},0"></path>`)));
  parts.push(group(` text-anchor="end" font-variant="tabular-nums"${translate(-(TICK + TICK_PADDING), 0, both())} data-mark="y-axis tick label"`, Y.ticks.map((t) => `<text y="0.32em" transform="translate(${left},${t.at})">${escapeXml(t.text)}</text>`)));
  if (y.label) {
    // One line: the text is moved down by 0.71em; more: its first line is, the others follow 1em apart (Plot's).
    const lines = String(y.label).split('\n');
    const text = lines.length === 1
      ? `<text y="0.71em" transform="translate(${left},${top})">${escapeXml(lines[0])}</text>`
      : `<text transform="translate(${left},${top})">${lines.map((line, i) => `<tspan x="0" ${i ? 'dy="1em"' : 'y="0.71em"'}>${escapeXml(line)}</tspan>`).join('')}</text>`;
    parts.push(group(` text-anchor="start"${translate(-(left - LABEL_INSET), -(top - LABEL_INSET), both())} data-mark="y-axis label"`, [text]));
  }
  if (x.grid) parts.push(group(` aria-hidden="true" stroke="currentColor" stroke-opacity="0.1"${translate(0, 0, across())} data-mark="x-grid"`, X.ticks.map((t) => `<line x1="${t.at}" x2="${t.at}" y1="${top}" y2="${height - bottom}"></line>`)));
  parts.push(group(` aria-hidden="true" fill="none" stroke="currentColor"${translate(0, 0, across())} data-mark="x-axis tick"`, X.ticks.map((t) => `<path transform="translate(${t.at},${height - bottom})" d="M0,0L0,${TICK}"></path>`)));
  parts.push(group(` font-variant="tabular-nums"${translate(0, TICK + TICK_PADDING, both())} data-mark="x-axis tick label"`, X.ticks.map((t) => `<text y="0.71em" transform="translate(${t.at},${height - bottom})">${escapeXml(t.text)}</text>`)));
  if (x.label) parts.push(group(`${translate(0, x.labelOffset ?? 0, both())} data-mark="x-axis label"`, [`<text transform="translate(${(left + width - right) / 2},${height - bottom})">${escapeXml(x.label)}</text>`]));

  return {
    svg,
    x: X.scale,
    y: Y.scale,
    mark,
    /**
     * Plot.ruleX / ruleY's markup: a line across the frame at x (upright) or y, `dash` its dash array, `width` and
     * `opacity` its stroke's when given.
     */
    rule({ x: atX, y: atY, dash, width: strokeWidth, opacity }) {
      const stroke = `${strokeWidth === undefined ? '' : ` stroke-width="${strokeWidth}"`}${opacity === undefined ? '' : ` stroke-opacity="${opacity}"`}${dash ? ` stroke-dasharray="${dash}"` : ''}`;
      const line = atX === undefined
        ? `<line x1="${left}" x2="${width - right}" y1="${Y.scale(atY)}" y2="${Y.scale(atY)}"></line>`
        : `<line x1="${X.scale(atX)}" x2="${X.scale(atX)}" y1="${top}" y2="${height - bottom}"></line>`;
      return `<g stroke="currentColor"${stroke}${translate(0, 0, atX === undefined ? up() : across())} data-mark="rule">${line}</g>`;
    },
    /**
     * Plot.text's markup for words at x against the frame's top or bottom edge (`anchor`), moved by (dx, dy)
     * pixels, written from that point on (`side` 'start') or up to it ('end').
     */
    note({ x: atX, text, anchor = 'bottom', dx = 0, dy = 0, side = 'start' }) {
      const [y0, shift] = anchor === 'top' ? [top, ' y="0.71em"'] : [height - bottom, ''];
      return `<g text-anchor="${side}"${translate(dx, dy, both())} data-mark="text"><text${shift} transform="translate(${X.scale(atX)},${y0})">${escapeXml(text)}</text></g>`;
    },
  };
}

/** Plot.line's markup: one path through `points` ([x, y] pixels) in `stroke`, 1.25 px wide, 0.6 opaque. */
export const lineMark = (points, stroke) => (points.length
  ? `<g fill="none" stroke-width="1.25" stroke-opacity="0.6" stroke-linejoin="round" stroke-linecap="round"${translate(0, 0, both())} data-mark="line"><path stroke="${stroke}" d="M${points.map(([px, py]) => `${short(px)},${short(py)}`).join('L')}"></path></g>`
  : '');

/** Plot.dot's markup: a dot of radius r (a circle, or a square of the same area) at each [x, y], in `fill`. */
export function dotMark(points, fill, { r = 4.5, symbol = 'circle' } = {}) {
  const half = short((r * Math.sqrt(Math.PI)) / 2);
  const dot = ([cx, cy]) => (symbol === 'square'
    ? `<path transform="translate(${cx},${cy})" d="M-${half},-${half}h${2 * half}v${2 * half}h-${2 * half}Z" fill="${fill}"></path>`
    : `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"></circle>`);
  return group(`${translate(0, 0, both())} data-mark="dot"`, points.map(dot));
}

/** Plot.rect's markup for a dashed box washed in the text's colour, from corner [x1, y1] to [x2, y2] (pixels). */
export const boxMark = ([x1, y1], [x2, y2]) => `<g fill-opacity="0.06" stroke="currentColor" stroke-opacity="0.35" stroke-dasharray="4,3" data-mark="rect"><rect x="${Math.min(x1, x2)}" y="${Math.min(y1, y2)}" width="${Math.abs(x2 - x1)}" height="${Math.abs(y2 - y1)}"></rect></g>`;

/** Plot.text's markup: `texts` ([x, y, text]) moved by (dx, dy) pixels, at `fontSize` (grown with large text). */
export const textMark = (texts, { dx = 0, dy = 0, fontSize = 12 } = {}) => group(
  ` font-size="${Math.round(fontSize * textScale() * 10) / 10}"${translate(dx, dy, both())} data-mark="text"`,
  texts.map(([tx, ty, text]) => `<text y="0.32em" transform="translate(${tx},${ty})">${escapeXml(text)}</text>`),
);
