// format-torch.js — numbers printed the way PyTorch and NumPy print them, so a student can hold the lab's
// figures next to a notebook's output digit by digit (document 000 prints both: tensors, then NumPy arrays).

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
    const [mantissa, exponent] = x.toExponential(4).split('e');
    const sign = exponent[0] === '-' ? '-' : '+';
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
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
        const [mantissa, exponent] = Number(text).toExponential(Math.max(0, digits - 1)).split('e');
        const sign = exponent[0] === '-' ? '-' : '+';
        return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
      }
      const plain = String(Number(text));
      return plain.includes('.') || plain.includes('e') ? plain : `${plain}.`;
    }
  }
  return String(x);
}
