// format.js — how numbers are printed. Two conventions, never mixed:
// - tables of values print as the documents' PyTorch output did (formatValue: 0.84147, 1.0000e-04, a
//   decimal point and a hyphen-minus in both languages), so a student can compare digit by digit with a notebook;
// - sentences write numbers as the reader's language does (formatNumber, formatCount, formatPercent,
//   formatInText): in Spanish a decimal comma and 228 395, in English a decimal point and 228,395; a true minus
//   sign, and a power of ten as × 10⁻⁸ rather than e-08.

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
 * What formatValue prints, written inside a sentence: the same five significant digits, with the reader's
 * decimal mark and a true minus, and × 10⁻⁷ for what a table prints as e-07 (5,7000 × 10⁻⁷ in Spanish).
 */
export function formatValueInText(x, lang) {
  const magnitude = Math.abs(x);
  if (!Number.isFinite(x) || x === 0) return formatNumber(x, lang);
  if (magnitude < 1e-2 || magnitude >= 1e5) {
    const [mantissa, exponent] = x.toExponential(4).split('e');
    return `${formatNumber(Number(mantissa), lang, { decimals: 4 })} × ${powerOfTen(Number(exponent))}`;
  }
  return formatNumber(x, lang, { significant: 5 });
}

/**
 * A whole number with its thousands grouped for the reader: 228,395 in English; in Spanish 228 395 with a
 * narrow no-break space (as the RAE and the SI write it: neither a point nor a comma, which is the decimal
 * mark), and 4-digit numbers ungrouped (2048).
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
 * them, also when they come as decimal text (a seed up to 2^64 − 1 is not exact as a JavaScript number), other
 * numbers with the language's decimal mark, and a true minus sign; any other text is left as it is.
 */
export function formatInText(v, lang) {
  if (typeof v === 'number') return formatNumber(v, lang);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return (v.startsWith('-') ? '−' : '') + groupDigits(v.replace(/^-/, ''), lang);
  return v;
}

const SUPERSCRIPT = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** A power of ten as it is written in a sentence or on an axis: 10⁻⁸, 10⁰, 10¹². */
export const powerOfTen = (exponent) => `10${[...String(exponent)].map((c) => SUPERSCRIPT[c]).join('')}`;

/**
 * A number inside a sentence, as the reader's language writes it: 0,31 and 90 156 in Spanish, 0.31 and 90,156
 * in English, −2 with a true minus, 6,3 × 10⁻⁸ for what JavaScript writes 6.3e-8. `decimals` fixes the digits
 * after the mark (as toFixed), `significant` the significant digits (as toPrecision); with neither, the
 * shortest digits that give the number back.
 */
export function formatNumber(x, lang, { decimals, significant } = {}) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  if (x === 0 && decimals === undefined) return '0';
  const text = decimals !== undefined ? x.toFixed(decimals) : significant !== undefined ? x.toPrecision(significant) : String(x);
  const [, minus, whole, fraction, exponent] = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  const mark = lang === 'es' ? ',' : '.';
  const mantissa = `${minus ? '−' : ''}${groupDigits(whole, lang)}${fraction ? mark + fraction : ''}`;
  return exponent ? `${mantissa} × ${powerOfTen(Number(exponent))}` : mantissa;
}

/**
 * Numbers listed in a sentence, separated as each language separates them: "0,41212; −0,91113" in Spanish, whose
 * decimal mark is the comma, "0.41212, −0.91113" in English. `options` as formatNumber's.
 */
export const formatNumbers = (values, lang, options) =>
  Array.from(values, (v) => formatNumber(v, lang, options)).join(lang === 'es' ? '; ' : ', ');

/**
 * A percentage as each language writes it: 82,3 % in Spanish (a no-break space, as the RAE asks), 82.3% in
 * English. `value` is the number of percent, or its digits as toFixed gives them ("82.3").
 */
export function formatPercent(value, lang) {
  const text = formatNumber(Number(value), lang, typeof value === 'string' ? { decimals: value.split('.')[1]?.length ?? 0 } : {});
  return lang === 'es' ? `${text}\u00a0%` : `${text}%`;
}
