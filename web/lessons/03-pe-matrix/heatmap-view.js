// The whole matrix as a heatmap (E002-5), with its numbers (or a window of them) in a table underneath.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { heatmap } from '../../src/charts/heatmap.js';
import { matrixGrid, matrixTable } from '../../src/charts/matrix-table.js';

// Big enough to read a pattern, small enough to scroll through on a phone.
const WINDOW_ROWS = 32;
const WINDOW_COLS = 16;

export function heatmapView() {
  const figure = chartFigure('heatmap');

  function draw(matrix, view, width) {
    const variant = t(`peMatrix.variantShort.${view.variant}`);
    const vars = { maxLen: matrix.rows, dModel: matrix.cols, variant };
    const drawing = heatmap({
      matrix,
      width,
      labels: {
        x: t('peMatrix.heatmap.x'),
        y: t('peMatrix.heatmap.y'),
        legend: t('peMatrix.heatmap.legend'),
        aria: t('peMatrix.heatmap.aria', vars),
        description: t('peMatrix.heatmap.description'),
      },
    });
    const numbers = { corner: t('peMatrix.table.corner'), matrix, caption: t('peMatrix.table.caption', vars) };
    // More cells than pixels: say so, the picture is an average of blocks (see charts/downsample.js).
    figure.update({
      title: t('peMatrix.heatmap.title', vars),
      drawing,
      noteText: drawing.dataset.averaged === 'true' ? t('peMatrix.heatmap.averaged') : '',
      table: () => {
        const result = matrixTable({ ...numbers, rowLimit: WINDOW_ROWS, colLimit: WINDOW_COLS });
        const box = document.createElement('div');
        if (result.windowed) {
          const note = document.createElement('p');
          note.className = 'table-note';
          note.textContent = t('peMatrix.table.window', { rows: result.shownRows, cols: result.shownCols, ...vars });
          box.append(note);
        }
        box.append(result.element);
        return box;
      },
      csv: () => matrixGrid(numbers),
      fileKey: `${matrix.rows}x${matrix.cols}-${view.variant}`,
    });
  }

  return { element: figure.element, width: figure.width, draw };
}
