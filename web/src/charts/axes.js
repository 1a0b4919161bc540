// charts/axes.js — room for a chart's y axis, computed instead of guessed, so that nothing is cut or touches on
// a 360 px phone, on a projector with large text or on a desktop:
//   - the y axis' title is written horizontally above the frame (a rotated title is cut when it is longer than
//     the chart is tall, and touches the tick labels when they are wide), broken into lines that fit the width;
//   - the left margin is as wide as the widest tick label Plot will draw there (same ticks, same format).
// The widths are estimates from DejaVu Sans, the widest common sans-serif font, so they err on the roomy side.
import { scaleLinear, scaleLog } from 'd3-scale';
import { textScale } from '../ui/text-size.js';
import { formatCount, powerOfTen } from '../format.js';

const EM = { '.': 0.32, ',': 0.32, ' ': 0.32, '\u202f': 0.2, '−': 0.84, '-': 0.36, '∞': 0.84, '×': 0.84, '·': 0.32 };
const LINE_HEIGHT = 1.15;
const TICK = 6 + 3; // Plot's tick length and padding

/** About how wide `text` is, in pixels, at `size` px. */
export function textWidth(text, size) {
  let em = 0;
  for (const c of String(text)) em += EM[c] ?? (c >= '0' && c <= '9' ? 0.64 : 0.66);
  return em * size;
}

/** `text` broken at spaces into lines no wider than `width` pixels (a word longer than that keeps its line). */
export function wrapText(text, width, size) {
  const lines = [];
  for (const word of String(text).split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && textWidth(`${lines[last]} ${word}`, size) <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

const fontSizeOf = (options) => parseFloat(options.style?.fontSize ?? '10px') * textScale();

/**
 * Plot options with a continuous y axis' centred title moved above the frame, horizontally, wrapped to the
 * chart's width, and the top margin grown to hold it. Idempotent (the title is then anchored at the top), so
 * a chart that needs its final margins first (scatter.js places labels with them) may call it before plot().
 */
export function titleOnTop(options) {
  const y = options.y;
  if (!y?.label || y.labelAnchor !== 'center' || typeof y.domain?.[0] === 'string') return options;
  const size = fontSizeOf(options);
  const lines = wrapText(y.label, options.width - 6, size);
  const marginTop = Math.max(options.marginTop ?? 20, Math.ceil((lines.length * LINE_HEIGHT + 0.6) * size + 4));
  return { ...options, marginTop, y: { ...y, label: lines.join('\n'), labelAnchor: 'top', labelOffset: undefined, labelArrow: 'none' } };
}

/**
 * The left margin the y axis' tick labels need: Plot's ticks for this domain (about one per 35 px of height, or
 * `ticks`), in Plot's format (d3's tickFormat, or `tickFormat`), the widest one plus the tick and its padding.
 */
export function yTickRoom({ domain, type = 'linear', height, ticks, tickFormat, fontSize = 14, minimum = 32 }) {
  const [lo, hi] = domain;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return minimum;
  const scale = (type === 'log' ? scaleLog() : scaleLinear()).domain([lo, hi]);
  const count = Array.isArray(ticks) ? undefined : ticks ?? Math.max(2, height / 35);
  const values = Array.isArray(ticks) ? ticks : scale.ticks(count);
  // A log scale's tickFormat leaves most ticks blank, with or without the caller's format: ask it as Plot does.
  const format = typeof tickFormat === 'function' && type !== 'log' ? tickFormat : scale.tickFormat(count, tickFormat);
  const size = fontSize * textScale();
  const widest = Math.max(0, ...values.map((v) => textWidth(format(v), size)));
  return Math.max(minimum, Math.ceil(widest + TICK + 4));
}

/**
 * A logarithmic axis' tick format as a student reads it, one notation per axis: plain numbers (0.001 … 1000)
 * when the whole domain lies there, else every tick as a power of ten (10⁻⁶, 10⁰, 2×10⁸); never d3's SI
 * prefixes (10m, 100µ, 1M read as units).
 */
export function logTickFormat(domain) {
  const [lo, hi] = [Math.min(...domain), Math.max(...domain)];
  const plain = lo >= 1e-3 && hi <= 1e4;
  return (v) => {
    if (!(v > 0)) return '';
    if (plain) return String(Number(v.toPrecision(6)));
    const e = Math.floor(Math.log10(v) + 1e-9);
    const m = Number((v / 10 ** e).toPrecision(6));
    const power = powerOfTen(e);
    return m === 1 ? power : `${m}×${power}`;
  };
}

/**
 * A linear axis' ticks and their format in the reader's language: d3's ticks (about one per `spacing` px of
 * `length`) and d3's precision for them, but whole numbers of five digits or more grouped as formatCount does
 * (Spanish 10 000 with a narrow no-break space; English 10,000), never d3's en-US "1,000" on a Spanish page,
 * where the comma is read as a decimal mark.
 */
export function linearTicks({ domain, length, spacing, lang, integer = false }) {
  const [lo, hi] = domain;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return {};
  const scale = scaleLinear().domain([lo, hi]);
  const count = Math.max(2, length / spacing);
  // Whole-number axes (positions, steps) never get ticks at 0.5, 1.5…
  const ticks = scale.ticks(count).filter((v) => !integer || Number.isInteger(v));
  const plain = scale.tickFormat(count, 'f');
  const tickFormat = (v) => {
    const text = plain(v);
    return Number.isInteger(v) && (integer || Math.abs(v) >= 1000) ? formatCount(v, lang) : text.replace(/^-/, '−');
  };
  return { ticks, tickFormat };
}
