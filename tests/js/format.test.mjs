// format.js: how whole numbers, quoted values and percentages are written for the reader (issue 14).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCount, formatInText, formatPercent } from '../../web/src/format.js';

test('formatCount groups by language: Spanish from five digits with a narrow no-break space, English with commas', () => {
  assert.equal(formatCount(2048, 'es'), '2048');
  assert.equal(formatCount(228395, 'es'), '228\u202f395');
  assert.equal(formatCount(2048, 'en'), '2,048');
  assert.equal(formatCount(-1234567, 'en'), '−1,234,567');
});

test('formatInText groups numbers and decimal text (a 64-bit seed), uses a true minus, leaves other text alone', () => {
  assert.equal(formatInText(65530, 'en'), '65,530');
  assert.equal(formatInText(-5, 'es'), '−5');
  assert.equal(formatInText('18446744073709551615', 'en'), '18,446,744,073,709,551,615');
  assert.equal(formatInText(0.5, 'es'), '0.5');
  assert.equal(formatInText('abc', 'es'), 'abc');
  assert.equal(formatInText(undefined, 'es'), undefined);
});

test('formatPercent: 40 % with a no-break space in Spanish, 40% in English', () => {
  assert.equal(formatPercent('40', 'es'), '40\u00a0%');
  assert.equal(formatPercent('82.3', 'en'), '82.3%');
});
