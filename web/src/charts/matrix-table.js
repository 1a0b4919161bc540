// charts/matrix-table.js — a matrix as the accessible table under its chart: one row per row of the matrix
// (a position, a word), one column per column, in a box that scrolls sideways on a phone. Large matrices show
// their top-left window and say so through `windowed`.
import { formatValue } from '../format.js';
import { dataTable, scrollBox } from './table.js';

/**
 * The rows and columns of `matrix` as dataTable's data ({caption, corner, columns, rows}) with text cells: the
 * table below, or, without limits, every number for a CSV. Options as matrixTable's.
 */
export function matrixGrid({
  matrix, caption, corner = '', rowHeader = String, columns, rowLimit = Infinity, colLimit = Infinity, rowClass,
  makeFormat,
}) {
  const rows = Math.min(matrix.rows, rowLimit);
  const cols = Math.min(matrix.cols, colLimit);
  const at = (i, j) => matrix.data[i * matrix.cols + j];
  // The values shown are gathered only for a format chosen from them (a 2048 × 1024 CSV would wait for nothing).
  const shown = () => {
    const values = [];
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) values.push(at(i, j));
    return values;
  };
  const format = makeFormat ? makeFormat(shown(), matrix) : formatValue;
  const body = [];
  for (let i = 0; i < rows; i++) {
    const cells = new Array(cols);
    for (let j = 0; j < cols; j++) cells[j] = format(at(i, j));
    body.push({ header: rowHeader(i), cells, ...(rowClass ? rowClass(i) : {}) });
  }
  return { caption, corner, columns: columns?.slice(0, cols) ?? Array.from({ length: cols }, (_, j) => String(j)), rows: body };
}

/**
 * matrix: {rows, cols, data}; caption, corner: texts. rowHeader(i) / columns: the labels (by default the
 * indices). rowLimit, colLimit: the window shown. rowClass(i) → extra fields of row i (e.g. {className}).
 * makeFormat(shown, matrix) → (value) → text: how the numbers print, from the values shown (PyTorch picks its
 * notation from them, NumPy from the whole array); by default the lab's shortest round-trip digits. printed:
 * numbers set as a document printed them (monospace, right-aligned).
 * Returns {element, table, windowed, shownRows, shownCols}: element is the table in its scroll box (showTable takes
 * the table itself).
 */
export function matrixTable({ printed = false, ...options }) {
  const grid = matrixGrid(options);
  const table = dataTable(grid);
  if (printed) table.classList.add('matrix-numbers');
  const { matrix } = options;
  const shownRows = grid.rows.length;
  const shownCols = grid.columns.length;
  return {
    element: scrollBox(table, grid.caption),
    table,
    windowed: shownRows < matrix.rows || shownCols < matrix.cols,
    shownRows,
    shownCols,
  };
}
