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
  return (n < 0 ? '−' : '') + groupDigits(String(Math.round(Math.abs(n))), lang);
}

function groupDigits(digits, lang) {
  if (lang === 'es') return digits.length <= 4 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, '\u202f');
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A number quoted inside a sentence (an error's value and range): whole numbers grouped as formatCount groups
 * them, also when they come as decimal text (a seed up to 2^64 − 1 is not exact as a JavaScript number), and
 * a true minus sign; other numbers keep their digits; any other text is left as it is.
 */
export function formatInText(v, lang) {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return formatCount(v, lang);
  if (typeof v === 'number') return String(v).replace(/^-/, '−');
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return (v.startsWith('-') ? '−' : '') + groupDigits(v.replace(/^-/, ''), lang);
  return v;
}

/** A percentage as each language writes it: 40 % in Spanish (a no-break space, as the RAE asks), 40% in English. */
export const formatPercent = (text, lang) => (lang === 'es' ? `${text}\u00a0%` : `${text}%`);
