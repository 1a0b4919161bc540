// The most frequent words on the plane of their first two principal components.
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { scatterChart } from '../../src/charts/scatter.js';
import { dataTable } from '../../src/charts/table.js';
import { formatValue } from '../../src/format.js';
import { el } from '../../src/ui/dom.js';

/** The most frequent words on the plane of their first two principal components. */
export function projectionView() {
  const figure = chartFigure('w2v-projection');
  let last = null;
  function draw(data) {
    last = data;
    const labels = { x: t('w2v.projection.x'), y: t('w2v.projection.y'), aria: t('w2v.projection.aria'), description: t('w2v.projection.description') };
    if (!data) {
      figure.update({ title: t('w2v.projection.title', { count: 0 }), drawing: el('p', 'chart-empty', t('w2v.similarity.empty')), table: null });
      return;
    }
    const points = data.projection.words.map((w, i) => ({
      x: data.projection.points[2 * i], y: data.projection.points[2 * i + 1], label: w, highlight: data.highlight.includes(w),
    }));
    figure.update({
      title: t('w2v.projection.title', { count: points.length }),
      drawing: scatterChart({ points, width: figure.width(), labels }),
      noteText: t('w2v.projection.note'),
      table: () => dataTable({
        caption: t('w2v.projection.title', { count: points.length }),
        corner: t('w2v.corpus.word'),
        columns: [t('w2v.projection.x'), t('w2v.projection.y')],
        rows: points.map((p) => ({ header: p.label, cells: [formatValue(p.x), formatValue(p.y)] })),
      }),
    });
  }
  draw(null);
  return { element: figure.element, draw, relabel: () => draw(last), width: () => figure.width() };
}
