// format-torch.js — numbers printed the way PyTorch and NumPy print them, so a student can hold the lab's
// figures next to a notebook's output digit by digit (document 000 prints both: tensors, then NumPy arrays).
import { twoDigitExponent } from './format.js';

/**
 * A formatter for the values of one tensor, as `print(tensor)` shows them: four decimals (`-1.1258`), or
 * scientific notation (`1.0000e-04`) for the whole tensor when its largest and smallest non-zero magnitudes
 * are more than 1000 apart or the largest exceeds 1e8 (torch._tensor_str's rule).
 */
export function tensorFormatter(values) {
  let max = 0;
  let min = Infinity;
  for (const v of values) {
    const a = Math.abs(v);
    if (a > 0 && Number.isFinite(a)) {
      if (a > max) max = a;
      if (a < min) min = a;
    }
  }
  const scientific = max > 0 && (max / min > 1000 || max > 1e8);
  return (x) => {
    if (!scientific) return x.toFixed(4);
    return twoDigitExponent(x.toExponential(4));
  };
}

/**
 * A float32 value with the fewest digits that still name it exactly — what NumPy prints for a float32 array
 * element (`0.68958026`, `-1.4398044`, `9.9897385e-05`).
 */
export function float32Repr(x) {
  if (x === 0) return Object.is(x, -0) ? '-0.' : '0.';
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  for (let digits = 1; digits <= 9; digits++) {
    const text = x.toPrecision(digits);
    if (Math.fround(Number(text)) === x) {
      const magnitude = Math.abs(x);
      if (magnitude < 1e-4 || magnitude >= 1e16) {
        return twoDigitExponent(Number(text).toExponential(Math.max(0, digits - 1)));
      }
      const plain = String(Number(text));
      return plain.includes('.') || plain.includes('e') ? plain : `${plain}.`;
    }
  }
  return String(x);
}

/** The fewest significant digits (1 … 9) that name the float32 value x exactly. */
function shortestDigits(x) {
  for (let digits = 1; digits < 9; digits++) if (Math.fround(Number(x.toPrecision(digits))) === x) return digits;
  return 9;
}

/** NumPy's scientific form: `9.9897385e-05`, the exponent with at least two digits, the sign of −0 kept. */
function scientific(x, decimals) {
  const negative = x < 0 || Object.is(x, -0);
  const [mantissa, exponent] = twoDigitExponent(Math.abs(x).toExponential(decimals)).split('e');
  return `${negative ? '-' : ''}${mantissa}${decimals === 0 ? '.' : ''}e${exponent}`;
}

/** NumPy's positional form: the shortest digits that name x, at most 8 decimals, a bare point for whole numbers. */
function positional(x) {
  if (x === 0) return Object.is(x, -0) ? '-0.' : '0.';
  let text = String(Number(x.toPrecision(shortestDigits(x))));
  const point = text.indexOf('.');
  if (point >= 0 && text.length - point - 1 > 8) text = x.toFixed(8).replace(/0+$/, '');
  return text.includes('.') ? text : `${text}.`;
}

/**
 * A formatter for the elements of one float32 array (rows × cols, row-major) as NumPy prints the array with
 * its default options (numpy.core.arrayprint, floatmode 'maxprec', precision 8). The notation is chosen for
 * the whole array, not per value: scientific when the largest non-zero magnitude is ≥ 1e8, the smallest is
 * < 1e-4 or their ratio is over 1000 — and then every value has the same number of decimals, the most any
 * value needs. Otherwise each value keeps its own shortest digits. Arrays of more than 1000 elements are
 * summarised, and NumPy then looks only at what it shows: 3 rows and 3 columns at each edge.
 */
export function numpyArrayFormatter(values, rows, cols) {
  const summarised = values.length > 1000;
  const edge = (n) => (!summarised || n <= 6 ? Array.from({ length: n }, (_, i) => i) : [0, 1, 2, n - 3, n - 2, n - 1]);
  const shown = [];
  for (const i of edge(rows)) for (const j of edge(cols)) shown.push(values[i * cols + j]);
  let max = 0;
  let min = Infinity;
  for (const v of shown) {
    const a = Math.abs(v);
    if (a > 0 && Number.isFinite(a)) {
      if (a > max) max = a;
      if (a < min) min = a;
    }
  }
  const special = (x) => (Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf');
  if (!(max > 0 && (max >= 1e8 || min < 1e-4 || max / min > 1000))) return (x) => (Number.isFinite(x) ? positional(x) : special(x));
  let decimals = 0;
  for (const v of shown) if (Number.isFinite(v) && v !== 0) decimals = Math.max(decimals, shortestDigits(v) - 1);
  return (x) => (Number.isFinite(x) ? scientific(x, Math.min(decimals, 8)) : special(x));
}
