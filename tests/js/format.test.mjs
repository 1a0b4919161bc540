// format.js: how numbers are written in sentences for the reader: whole numbers, decimals, quoted values, percentages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCount, formatInText, formatNumber, formatPercent } from '../../web/src/format.js';

test('formatCount groups by language: Spanish from five digits with a narrow no-break space, English with commas', () => {
  assert.equal(formatCount(2048, 'es'), '2048');
  assert.equal(formatCount(228395, 'es'), '228\u202f395');
  assert.equal(formatCount(2048, 'en'), '2,048');
  assert.equal(formatCount(-1234567, 'en'), '−1,234,567');
});

test('formatNumber: a decimal comma in Spanish, a decimal point in English, grouped whole part, true minus, × 10ⁿ', () => {
  assert.equal(formatNumber(0.3123, 'es', { decimals: 2 }), '0,31');
  assert.equal(formatNumber(0.3123, 'en', { decimals: 2 }), '0.31');
  assert.equal(formatNumber(60611.4, 'es', { decimals: 1 }), '60\u202f611,4');
  assert.equal(formatNumber(60611.4, 'en', { decimals: 1 }), '60,611.4');
  assert.equal(formatNumber(-2.9155, 'es'), '−2,9155');
  assert.equal(formatNumber(6.3384e-8, 'es', { significant: 2 }), '6,3 × 10⁻⁸');
  assert.equal(formatNumber(6.3384e-8, 'en', { significant: 2 }), '6.3 × 10⁻⁸');
  assert.equal(formatNumber(0.8600013, 'es', { significant: 7 }), '0,8600013');
  assert.equal(formatNumber(0, 'es', { significant: 2 }), '0');
  assert.equal(formatNumber(0, 'en', { decimals: 2 }), '0.00');
  assert.equal(formatNumber(-Infinity, 'en'), '−∞');
});

test('formatInText groups numbers and decimal text (a 64-bit seed), uses a true minus, leaves other text alone', () => {
  assert.equal(formatInText(65530, 'en'), '65,530');
  assert.equal(formatInText(-5, 'es'), '−5');
  assert.equal(formatInText('18446744073709551615', 'en'), '18,446,744,073,709,551,615');
  assert.equal(formatInText(0.5, 'es'), '0,5');
  assert.equal(formatInText(-0.5, 'en'), '−0.5');
  assert.equal(formatInText('abc', 'es'), 'abc');
  assert.equal(formatInText(undefined, 'es'), undefined);
});

test('formatPercent: 40 % with a no-break space in Spanish, 40% in English; the decimal mark of each', () => {
  assert.equal(formatPercent('40', 'es'), '40\u00a0%');
  assert.equal(formatPercent(40, 'en'), '40%');
  assert.equal(formatPercent('82.3', 'en'), '82.3%');
  assert.equal(formatPercent('82.3', 'es'), '82,3\u00a0%');
  assert.equal(formatPercent('0.0', 'es'), '0,0\u00a0%');
});
