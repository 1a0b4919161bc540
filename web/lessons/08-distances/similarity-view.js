// The whole position × position cosine-similarity matrix as a heatmap, and one row of it as a curve: the
// similarity of position a1 with every other position.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { heatmap } from '../../src/charts/heatmap.js';
import { matrixGrid } from '../../src/charts/matrix-table.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatValue } from '../../src/format.js';

const WINDOW = 24;

export function similarityView() {
  const element = document.createElement('section');
  element.className = 'panel similarity';
  const heat = chartFigure('heatmap similarity-heatmap');
  const row = chartFigure('similarity-row');
  element.append(heat.element, row.element);

  function draw({ matrix, dModel, a1 }, width) {
    const n = matrix.rows;
    const vars = { maxLen: n, dModel, pos: a1 };
    const table = (rows, caption, cols = Math.min(n, WINDOW)) => {
      return scrollBox(
        dataTable({
          caption,
          corner: t('distances.similarity.corner'),
          columns: Array.from({ length: cols }, (_, j) => String(j)),
          rows: rows.map((i) => ({ header: String(i), cells: Array.from({ length: cols }, (_, j) => formatValue(matrix.data[i * n + j])) })),
        }),
        caption,
      );
    };
    heat.update({
      title: t('distances.similarity.title', vars),
      drawing: heatmap({
        matrix,
        width,
        labels: { x: t('distances.similarity.x'), y: t('distances.similarity.y'), legend: t('distances.similarity.legend'), aria: t('distances.similarity.aria', vars), description: t('distances.similarity.description') },
      }),
      noteText: n > WINDOW ? t('distances.similarity.window', { rows: WINDOW, ...vars }) : '',
      table: () => table(Array.from({ length: Math.min(n, WINDOW) }, (_, i) => i), t('distances.similarity.title', vars)),
      csv: () => matrixGrid({ matrix, caption: t('distances.similarity.title', vars), corner: t('distances.similarity.corner') }),
      fileKey: `${n}x${n}-d${dModel}`,
    });
    if (a1 >= n) {
      row.update({ title: t('distances.row.missing', { ...vars, last: n - 1 }), drawing: document.createElement('div'), table: null });
      return;
    }
    const x = Array.from({ length: n }, (_, j) => j);
    const y = Array.from(matrix.data.subarray(a1 * n, (a1 + 1) * n));
    row.update({
      title: t('distances.row.title', vars),
      drawing: seriesChart({
        series: [{ name: 'cos', x, y }],
        width,
        // From 1 down to the row's lowest value (or 0): a row that stays positive does not spend half the
        // chart on an empty −1 … 0.
        yDomain: [Math.min(0, ...y) - 0.05, 1.05],
        labels: { x: t('distances.row.x'), y: t('distances.row.y', vars), aria: t('distances.row.aria', vars), description: t('distances.row.description') },
        rules: [{ x: a1, dash: '4,3', opacity: 0.6 }],
      }),
      table: () => table([a1], t('distances.row.title', vars)),
      csv: () => table([a1], t('distances.row.title', vars), n),
      fileKey: `pos${a1}-${n}-d${dModel}`,
    });
  }
  return { element, draw, width: heat.width };
}
