// Document 001's two figures (E001-2): the sine columns of position 2 and of position 10 across the
// dimensions (x = column), next to lesson 03's "one column across positions". The positions are fields; d_model
// is the lesson's, and so is the formula: the selector here is a second view of the lesson's one `variant`
// (lesson.js keeps the two in step), so the literal/paper switch sits next to the figure that needs it.
import { t } from '../../src/i18n.js';
import { formatValue } from '../../src/format.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { selectField, textField } from '../../src/ui/fields.js';
import { params } from './params.js';

const key = (name) => `peMatrix.fields.${name}`;

export function acrossView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel across';
  const make = (name) => textField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v) });
  const fields = { posA: make('posA'), posB: make('posB') };
  // Named acrossVariant in the page (data-field), but it reports the lesson's `variant`.
  const variantField = selectField({
    name: 'acrossVariant',
    decl: params.variant,
    labelKey: `${key('acrossVariant')}.label`,
    hintKey: `${key('acrossVariant')}.hint`,
    optionKey: (option) => `peMatrix.variants.${option}`,
    onValue: (v) => onValue('variant', v),
  });
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(fields.posA.element, fields.posB.element, variantField.element);
  const figure = chartFigure('across-chart');
  element.append(grid, figure.element);

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
  const relabel = () => [...Object.values(fields), variantField].forEach((f) => f.relabel());
  return { element, fields, variantField, draw, width: figure.width, relabel };
}
