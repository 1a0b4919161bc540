// charts/axes.js: the y axis' room and title placement that keep charts readable at 360 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linearTicks, logTickFormat, textWidth, titleOnTop, wrapText, yTickRoom } from '../../web/src/charts/axes.js';

test('a log axis uses one notation: powers of ten when it spans past 0.001 … 10⁴, never SI prefixes', () => {
  const wide = logTickFormat([1e-7, 10]);
  assert.deepEqual([1e-6, 1e-4, 0.01, 1, 10].map(wide), ['10⁻⁶', '10⁻⁴', '10⁻²', '10⁰', '10¹']);
  assert.equal(logTickFormat([10, 1e9])(2e8), '2×10⁸');
  const plain = logTickFormat([0.01, 1000]);
  assert.deepEqual([0.01, 0.5, 1, 500, 1000].map(plain), ['0.01', '0.5', '1', '500', '1000']);
  assert.equal(wide(0), '');
});

test('wrapText breaks a long title at spaces into lines that fit', () => {
  const title = 'Error del ángulo ÷ paso a la posición siguiente';
  const lines = wrapText(title, 300, 14);
  assert.ok(lines.length === 2, lines.join('|'));
  assert.equal(lines.join(' '), title);
  for (const line of lines) assert.ok(textWidth(line, 14) <= 300, line);
  assert.deepEqual(wrapText('short', 300, 14), ['short']);
});

test('titleOnTop moves a centred y title above the frame with room for its lines, once', () => {
  const options = { width: 320, style: { fontSize: '14px' }, y: { label: 'Error del ángulo ÷ paso a la posición siguiente', labelAnchor: 'center', labelOffset: 50 } };
  const moved = titleOnTop(options);
  assert.equal(moved.y.labelAnchor, 'top');
  assert.equal(moved.y.labelOffset, undefined);
  assert.equal(moved.y.label.split('\n').length, 2);
  assert.ok(moved.marginTop >= 2 * 14 * 1.15, `marginTop ${moved.marginTop}`);
  assert.deepEqual(titleOnTop(moved), moved, 'idempotent');
  // Band scales (a heat map's named rows) keep their rotated title.
  const band = { width: 320, y: { label: 'rows', labelAnchor: 'center', domain: ['a', 'b'] } };
  assert.equal(titleOnTop(band), band);
});

test('yTickRoom fits the widest tick Plot draws: wider for −0.125 than for 1', () => {
  const narrow = yTickRoom({ domain: [0, 1], height: 200 });
  const wide = yTickRoom({ domain: [-0.125, 0.125], height: 400 });
  assert.ok(wide > narrow, `${wide} > ${narrow}`);
  // d3 gives ticks −0.12 … 0.12 in steps of 0.02: "−0.12" is 5 glyphs with a true minus.
  assert.ok(wide >= textWidth('−0.12', 14) + 9, `${wide}`);
  assert.equal(yTickRoom({ domain: [Infinity, -Infinity], height: 200 }), 32, 'no data: the minimum');
  // A log axis counts only the ticks it labels, in the caller's format.
  const log = yTickRoom({ domain: [1e-7, 10], type: 'log', height: 250, tickFormat: logTickFormat([1e-7, 10]) });
  assert.ok(log < 80, `${log}`);
});

test('linearTicks: d3 ticks written in the reader\'s language, whole-number axes without half ticks', () => {
  const es = linearTicks({ domain: [0, 20000], length: 300, spacing: 80, lang: 'es' });
  assert.deepEqual(es.ticks.map(es.tickFormat), ['0', '5000', '10\u202f000', '15\u202f000', '20\u202f000']);
  const en = linearTicks({ domain: [-0.5, 1.25], length: 300, spacing: 35, lang: 'en' });
  assert.equal(en.tickFormat(-0.4), '−0.4');
  const whole = linearTicks({ domain: [0, 5], length: 600, spacing: 80, lang: 'en', integer: true });
  assert.deepEqual(whole.ticks.map(whole.tickFormat), ['0', '1', '2', '3', '4', '5']);
});
