// Lesson 05's attention scores (web/lessons/05-embedding-to-position/scores.js): q·k/√d with identity projections,
// by hand on a small matrix, and how scaling the rows scales the scores.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { largestEntry, selfScores } from '../../web/lessons/05-embedding-to-position/scores.js';

test('q·k/√d of every pair of rows, with W_q = W_k = I', () => {
  // Rows (1, 2, 0, 2), (0, 1, 1, 0) and (3, 0, 0, 4); √d = 2.
  const x = { rows: 3, cols: 4, data: Float32Array.of(1, 2, 0, 2, 0, 1, 1, 0, 3, 0, 0, 4) };
  const s = selfScores(x);
  assert.deepEqual([s.rows, s.cols], [3, 3]);
  assert.deepEqual([...s.data], [9 / 2, 2 / 2, 11 / 2, 2 / 2, 2 / 2, 0, 11 / 2, 0, 25 / 2]);
  assert.deepEqual(largestEntry(s), { row: 2, col: 2, value: 12.5 });
  // Every row twice as long: every score four times as large.
  const doubled = selfScores({ ...x, data: x.data.map((v) => 2 * v) });
  doubled.data.forEach((v, i) => assert.equal(v, 4 * s.data[i]));
});

test('the largest entry is the first of equals, by rows', () => {
  assert.deepEqual(largestEntry({ rows: 2, cols: 2, data: [1, 3, 3, -1] }), { row: 0, col: 1, value: 3 });
});
