// Document 001's split of the matrix (E001-5): the sine columns pe[:, 0::2] and the cosine columns pe[:, 1::2]
// as two halves, each max_len × d_model/2, side by side: the same angles, one read through the sine and one
// through the cosine.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { heatmap } from '../../src/charts/heatmap.js';
import { matrixGrid, matrixTable } from '../../src/charts/matrix-table.js';

const WINDOW_ROWS = 12;
const WINDOW_COLS = 8;

/** Every other column of a row-major matrix, from `first`: pe[:, first::2]. */
export function everyOther(matrix, first) {
  const cols = matrix.cols / 2;
  const data = new Float32Array(matrix.rows * cols);
  for (let r = 0; r < matrix.rows; r++) for (let k = 0; k < cols; k++) data[r * cols + k] = matrix.data[r * matrix.cols + 2 * k + first];
  return { rows: matrix.rows, cols, data };
}

export function halvesView() {
  const element = document.createElement('div');
  element.className = 'halves';
  const figures = [chartFigure('halves-sin'), chartFigure('halves-cos')];
  element.append(...figures.map((f) => f.element));

  function draw(matrix, view, width) {
    ['sin', 'cos'].forEach((kind, first) => {
      const part = everyOther(matrix, first);
      const vars = { maxLen: part.rows, cols: part.cols, slice: first ? 'pe[:, 1::2]' : 'pe[:, 0::2]' };
      const numbers = { corner: t('peMatrix.table.corner'), matrix: part, caption: t(`peMatrix.halves.${kind}`, vars) };
      figures[first].update({
        title: t(`peMatrix.halves.${kind}`, vars),
        drawing: heatmap({
          matrix: part,
          width,
          labels: {
            x: t('peMatrix.halves.x'),
            y: t('peMatrix.heatmap.y'),
            legend: t('peMatrix.heatmap.legend'),
            aria: t('peMatrix.halves.aria', { ...vars, kind: t(`peMatrix.halves.kind.${kind}`) }),
            description: t('peMatrix.halves.description'),
          },
        }),
        table: () => matrixTable({ ...numbers, rowLimit: WINDOW_ROWS, colLimit: WINDOW_COLS }).element,
        csv: () => matrixGrid(numbers),
        fileKey: `${part.rows}x${part.cols}-${view.variant}`,
      });
    });
  }
  return { element, width: figures[0].width, draw };
}
