// The module panel of lesson positional-module (web/lessons/06-positional-module/buffer.js): which rows of document
// 002's buffer it reads, and the shown cell where the module's float32 value and the exact one differ most.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bufferRows, largestGap, layoutRow, sampledRows } from '../../web/lessons/06-positional-module/buffer.js';

test('20 rows of a 5000-row buffer: 0, 1, 2, then evenly to 4999; the layouts table reads row 3 as well', () => {
  const rows = sampledRows(5000);
  assert.equal(rows.length, 20);
  assert.deepEqual(rows.slice(0, 4), [0, 1, 2, 294]);
  assert.equal(rows[19], 4999);
  assert.equal(layoutRow(5000), 3);
  assert.deepEqual(bufferRows(5000), [0, 1, 2, 3, ...rows.slice(3)]);
  // A buffer shorter than 20 rows shows every row, and the layouts table its last one.
  assert.deepEqual(sampledRows(3), [0, 1, 2]);
  assert.equal(layoutRow(3), 2);
  assert.deepEqual(bufferRows(1), [0]);
});

test('the largest gap is looked for in the shown rows and columns only', () => {
  // Three rows of d = 4 read (0, 3 and 7); rows 0 and 7 shown, 2 columns. The gaps: row 0 col 1 = 0.25,
  // row 7 col 0 = 0.5; larger ones outside (row 3, and column 3) must not count.
  const pe = {
    rows: [0, 3, 7],
    d: 4,
    f32: Float32Array.of(0, 1.25, 0, 9, /* row 3 */ 5, 5, 5, 5, /* row 7 */ -0.5, 2, 0, 9),
    exact: Float64Array.of(0, 1, 0, 0, /* row 3 */ 0, 0, 0, 0, /* row 7 */ 0, 2, 0, 0),
  };
  assert.deepEqual(largestGap(pe, [0, 7], 2), { row: 7, col: 0, f32: -0.5, exact: 0, gap: 0.5 });
  assert.deepEqual(largestGap(pe, [0], 2), { row: 0, col: 1, f32: 1.25, exact: 1, gap: 0.25 });
});
