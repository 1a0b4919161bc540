// E004-2: the document's first batch (max_length=4, stride=4, batch_size=8), as it printed it, and the table
// every view of the lesson shows its numbers in.
import { t } from '../../src/i18n.js';
import { matrixTable } from '../../src/charts/matrix-table.js';

export const BATCH = [[40, 367, 2885, 1464], [1807, 3619, 402, 271], [10899, 2138, 257, 7026], [15632, 438, 2016, 257],
  [922, 5891, 1576, 438], [568, 340, 373, 645], [1049, 5975, 284, 502], [284, 3285, 326, 11]];
export const ROWS = BATCH.length;
export const LENGTH = BATCH[0].length;
// Enough dimensions to see that rows differ, few enough for a phone.
export const COLS_SHOWN = 6;

/** The name of row `row` of the flattened batch (window × LENGTH + position): its window, position and id. */
export function tokenLabel(row) {
  const windowIndex = Math.floor(row / LENGTH);
  const pos = row % LENGTH;
  return t('learnedPositions.numbers.token', { window: windowIndex, pos, id: BATCH[windowIndex][pos] });
}

/** The first COLS_SHOWN columns of rows `from … to − 1` of a matrix, as a table; rowHeader(r) names row r. */
export function numbersTable(matrix, from, to, caption, rowHeader) {
  const rows = { rows: to - from, cols: matrix.cols, data: matrix.data.subarray(from * matrix.cols, to * matrix.cols) };
  const corner = t('learnedPositions.numbers.corner');
  return matrixTable({ matrix: rows, caption, corner, rowHeader: (i) => rowHeader(from + i), colLimit: COLS_SHOWN }).element;
}
