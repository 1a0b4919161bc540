// Document 001's two figures (E001-2): the sine columns of position 2 and of position 10 across the
// dimensions (x = column), next to lesson 03's "one column across positions". The positions are fields under
// the figure; d_model and the formula are the lesson's, in the strip that stays in view over this figure.
import { t } from '../../src/i18n.js';
import { formatValue } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { textField } from '../../src/ui/fields.js';
import { fieldsUnder } from '../../src/ui/control-panel.js';
import { params } from '../../src/pe-matrix/params.js';

const key = (name) => `peMatrix.fields.${name}`;

export function acrossView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel across';
  const make = (name) => textField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v) });
  const fields = { posA: make('posA'), posB: make('posB') };
  const figure = chartFigure('across-chart');
  fieldsUnder(figure, fields);
  element.append(figure.element);

  /** matrix: the encoding with rows 0 … max(posA, posB), at the lesson's d_model and formula. */
  function draw(matrix, view, width) {
    const columns = Array.from({ length: matrix.cols / 2 }, (_, k) => 2 * k);
    const row = (pos) => columns.map((j) => matrix.data[pos * matrix.cols + j]);
    const vars = { a: view.posA, b: view.posB, dModel: matrix.cols, variant: t(`peMatrix.variantShort.${view.variant}`) };
    const series = [view.posA, view.posB].map((pos) => ({ name: t('peMatrix.across.series', { pos }), x: columns, y: row(pos) }));
    figure.update({
      title: t('peMatrix.across.title', vars),
      drawing: seriesChart({
        series,
        width,
        yDomain: [-1.05, 1.05],
        labels: { x: t('peMatrix.across.x'), y: t('peMatrix.across.y'), aria: t('peMatrix.across.aria', vars), description: t('peMatrix.across.description') },
      }),
      noteText: t('peMatrix.across.note', vars),
      table: () => {
        const caption = t('peMatrix.across.title', vars);
        const [a, b] = [row(view.posA), row(view.posB)];
        return scrollBox(dataTable({
          caption,
          corner: t('peMatrix.across.x'),
          columns: series.map((s) => s.name),
          rows: columns.map((j, k) => ({ header: String(j), cells: [formatValue(a[k]), formatValue(b[k])] })),
        }), caption);
      },
      fileKey: `pos${view.posA}-${view.posB}-d${matrix.cols}-${view.variant}`,
    });
  }
  const relabel = () => Object.values(fields).forEach((f) => f.relabel());
  return { element, fields, draw, width: figure.width, relabel };
}
