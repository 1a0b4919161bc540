// The broadcast sum for the whole batch as a heatmap; when the tables do not broadcast, PyTorch's error instead.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { heatmap } from '../../src/charts/heatmap.js';
import { el } from '../../src/ui/dom.js';
import { ROWS, LENGTH, COLS_SHOWN, numbersTable, tokenLabel } from './batch.js';
import { matrixGrid } from '../../src/charts/matrix-table.js';
import { layoutWidth } from '../../src/ui/layout-width.js';

export function heatmapView() {
  const figure = chartFigure('lp-heatmap');
  const failure = el('p', 'lp-failure');
  failure.setAttribute('role', 'status');
  failure.hidden = true;
  const element = el('div');
  element.append(figure.element, failure);

  /** tables: kernel.learnedPositions' result; width: the drawing's width in CSS pixels. */
  function draw(tables, { dModel: d, contextLength }, width) {
    // A table of another size than the windows: PyTorch's RuntimeError is the result, not a made-up sum.
    figure.element.hidden = Boolean(tables.failure);
    failure.hidden = !tables.failure;
    if (tables.failure) {
      failure.textContent = t('learnedPositions.failure', { message: tables.failure.message, length: LENGTH, rows: contextLength });
      return;
    }
    const rows = ROWS * LENGTH;
    const labels = {
      x: t('learnedPositions.heatmap.x'),
      y: t('learnedPositions.heatmap.y'),
      legend: t('learnedPositions.heatmap.legend'),
      aria: t('learnedPositions.heatmap.aria', { rows, d }),
      description: t('learnedPositions.heatmap.description'),
    };
    const title = t('learnedPositions.heatmap.title', { rows, d });
    figure.update({
      title,
      drawing: heatmap({ matrix: tables.sum, width, labels, domain: [-3, 3] }),
      noteText: t('learnedPositions.heatmap.note'),
      table: () => numbersTable(tables.sum, 0, rows, t('learnedPositions.heatmap.tableCaption', { cols: Math.min(COLS_SHOWN, d) }), tokenLabel),
      csv: () => matrixGrid({ matrix: tables.sum, caption: title, corner: t('learnedPositions.numbers.corner'), rowHeader: tokenLabel }),
      fileKey: `${rows}x${d}`,
    });
  }

  // Measured on the box, which stays in the page while the figure is hidden behind a failure.
  const width = () => layoutWidth(element) || figure.width();
  return { element, width, draw };
}
