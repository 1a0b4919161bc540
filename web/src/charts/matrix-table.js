// charts/matrix-table.js — a matrix as the accessible table under its chart: one row per row of the matrix
// (a position, a word), one column per column, in a box that scrolls sideways on a phone. Large matrices show
// their top-left window and say so through `windowed`.
import { formatValue } from '../format.js';
import { dataTable, scrollBox } from './table.js';

/**
 * matrix: {rows, cols, data}; caption, corner: texts. rowHeader(i) / columns: the labels (by default the
 * indices). rowLimit, colLimit: the window shown. rowClass(i) → extra fields of row i (e.g. {className}).
 * makeFormat(shown, matrix) → (value) → text: how the numbers print, from the values shown (PyTorch picks its
 * notation from them, NumPy from the whole array); by default the lab's shortest round-trip digits. printed:
 * numbers set as a document printed them (monospace, right-aligned).
 * Returns {element, windowed, shownRows, shownCols}.
 */
export function matrixTable({
  matrix, caption, corner = '', rowHeader = String, columns, rowLimit = Infinity, colLimit = Infinity, rowClass,
  makeFormat = () => formatValue, printed = false,
}) {
  const rows = Math.min(matrix.rows, rowLimit);
  const cols = Math.min(matrix.cols, colLimit);
  const at = (i, j) => matrix.data[i * matrix.cols + j];
  const shown = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) shown.push(at(i, j));
  const format = makeFormat(shown, matrix);
  const body = [];
  for (let i = 0; i < rows; i++) {
    const cells = new Array(cols);
    for (let j = 0; j < cols; j++) cells[j] = format(at(i, j));
    body.push({ header: rowHeader(i), cells, ...(rowClass ? rowClass(i) : {}) });
  }
  const table = dataTable({ caption, corner, columns: columns ?? Array.from({ length: cols }, (_, j) => String(j)), rows: body });
  if (printed) table.classList.add('matrix-numbers');
  return {
    element: scrollBox(table, caption),
    windowed: rows < matrix.rows || cols < matrix.cols,
    shownRows: rows,
    shownCols: cols,
  };
}
