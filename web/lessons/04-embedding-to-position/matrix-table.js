// A small matrix as an accessible table, printed as the document printed it: tensors with four decimals,
// NumPy arrays by NumPy's own rules (one notation for the whole array). Wide matrices show their first
// columns and say so.
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { tensorFormatter, numpyArrayFormatter } from '../../src/format-torch.js';

/**
 * matrix: {rows, cols, data}; style: 'tensor' | 'numpy'; rowHeader(i) → text; colLimit: columns shown.
 * Returns {element, windowed}.
 */
export function matrixTable({ matrix, caption, corner = '', style = 'numpy', rowHeader = (i) => String(i), rowLimit = Infinity, colLimit = 8 }) {
  const rows = Math.min(matrix.rows, rowLimit);
  const cols = Math.min(matrix.cols, colLimit);
  const shown = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) shown.push(matrix.data[i * matrix.cols + j]);
  const format = style === 'tensor' ? tensorFormatter(shown) : numpyArrayFormatter(matrix.data, matrix.rows, matrix.cols);
  const body = [];
  for (let i = 0; i < rows; i++) {
    const cells = new Array(cols);
    for (let j = 0; j < cols; j++) cells[j] = format(matrix.data[i * matrix.cols + j]);
    body.push({ header: rowHeader(i), cells });
  }
  const columns = Array.from({ length: cols }, (_, j) => String(j));
  const table = dataTable({ caption, corner, columns, rows: body });
  table.classList.add('matrix-numbers');
  return { element: scrollBox(table, caption), windowed: cols < matrix.cols || rows < matrix.rows };
}
