// state.js's number kind: the parameter that takes decimals (lesson 17's factor s), as a field and a link read it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { param, parseParam, formatParam, fieldText } from '../../web/src/state.js';

const factor = param.number({ min: 1, max: 64, step: 0.25, def: 2, argument: 'factor' });

test('a number field takes decimals with a point or a comma, whole numbers, and any value in range (the step is the slider\'s)', () => {
  for (const [text, value] of [['2.5', 2.5], ['2,5', 2.5], ['3.0', 3], [' 2.30 ', 2.3], ['64', 64], ['1', 1], ['1.', 1], ['1,', 1], ['2,75', 2.75]]) {
    assert.deepEqual(parseParam('factor', factor, text), { ok: true, value }, text);
  }
  assert.equal(formatParam(factor, 2.5), '2.5');
  assert.equal(formatParam(factor, 3), '3');
  // The field writes the reader's mark; the link keeps the point.
  assert.equal(fieldText(factor, 2.5, 'es'), '2,5');
  assert.equal(fieldText(factor, 2.5, 'en'), '2.5');
  assert.equal(fieldText(factor, 3, 'es'), '3');
});

test('a number field refuses two marks, exponents, words and values out of range, each with its own code', () => {
  const code = (text) => {
    const parsed = parseParam('factor', factor, text);
    assert.equal(parsed.ok, false, text);
    return parsed.error.code;
  };
  assert.equal(code('2,5,1'), 'not_decimal');
  assert.equal(code('1.2.3'), 'not_decimal');
  assert.equal(code('2.5,1'), 'not_decimal');
  assert.equal(code('1e1'), 'not_decimal');
  assert.equal(code('Infinity'), 'not_decimal');
  assert.equal(code('dos'), 'not_decimal');
  assert.equal(code(''), 'empty');
  assert.equal(code('0.5'), 'out_of_range');
  assert.equal(code('64.25'), 'out_of_range');
  assert.equal(code('-2'), 'out_of_range');
});
