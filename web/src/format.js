// format.js — how numbers are printed: five significant digits, with an exponent for small magnitudes,
// the way the documents' PyTorch output looked (0.84147, 1.0000, 1.0000e-04, 4.6416e-06), so a student can
// compare digit by digit. The decimal mark stays a point in both languages for the same reason.

/** JavaScript's exponential text with the exponent written as Python and PyTorch write it: 1.0000e-4 → 1.0000e-04. */
export function twoDigitExponent(text) {
  const [mantissa, exponent] = text.split('e');
  const sign = exponent[0] === '-' ? '-' : '+';
  return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
}

export function formatValue(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return '0';
  const magnitude = Math.abs(x);
  if (magnitude < 1e-2 || magnitude >= 1e5) {
    return twoDigitExponent(x.toExponential(4));
  }
  return x.toPrecision(5);
}

/**
 * A whole number with its thousands grouped for the reader: 228,395 in English; in Spanish 228 395 with a
 * narrow no-break space (as the RAE and the SI write it: a point there would read as the decimal mark, which
 * stays a point in this lab), and 4-digit numbers ungrouped (2048).
 */
export function formatCount(n, lang) {
  const digits = String(Math.round(Math.abs(n)));
  const sign = n < 0 ? '−' : '';
  if (lang === 'es') return sign + (digits.length <= 4 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, '\u202f'));
  return sign + digits.replace(/\B(?=(\d{3})+$)/g, ',');
}
