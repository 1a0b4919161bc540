// format.js — how numbers are printed: five significant digits, with an exponent for small magnitudes,
// the way the documents' PyTorch output looked (0.84147, 1.0000, 1.0000e-04, 4.6416e-06), so a student can
// compare digit by digit. The decimal mark stays a point in both languages for the same reason.

export function formatValue(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return '0';
  const magnitude = Math.abs(x);
  if (magnitude < 1e-2 || magnitude >= 1e5) {
    const [mantissa, exponent] = x.toExponential(4).split('e');
    const sign = exponent[0] === '-' ? '-' : '+';
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
  }
  return x.toPrecision(5);
}
