// A matrix (or its top-left window) as an accessible table: one row per position, one column per dimension.
import { t } from '../../src/i18n.js';
import { formatValue } from '../../src/format.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';

/** Returns {element, windowed}; windowed is true when only the first rowLimit × colLimit cells are shown. */
export function matrixTable({ matrix, caption, rowLimit = Infinity, colLimit = Infinity, rowClass }) {
  const rows = Math.min(matrix.rows, rowLimit);
  const cols = Math.min(matrix.cols, colLimit);
  const columns = Array.from({ length: cols }, (_, j) => String(j));
  const body = [];
  for (let i = 0; i < rows; i++) {
    const cells = new Array(cols);
    for (let j = 0; j < cols; j++) cells[j] = formatValue(matrix.data[i * matrix.cols + j]);
    const extra = rowClass ? rowClass(i) : {};
    body.push({ header: String(i), cells, ...extra });
  }
  const table = dataTable({ caption, corner: t('peMatrix.table.corner'), columns, rows: body });
  return {
    element: scrollBox(table, caption),
    windowed: rows < matrix.rows || cols < matrix.cols,
    shownRows: rows,
    shownCols: cols,
  };
}
