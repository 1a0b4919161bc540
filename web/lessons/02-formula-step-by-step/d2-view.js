// Document 003's d = 2 example (E003-2): the embedding of «El», [0.5, 0.8], plus PE(pos) = [sin pos, cos pos],
// as numbers and as arrows; the arrows' ends are the figure's CSV.
import { t } from '../../src/i18n.js';
import { sliderField } from '../../src/ui/fields.js';
import { chartFigure } from '../../src/charts/figure.js';
import { arrowChart } from '../../src/charts/arrows.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { formatValue } from '../../src/format.js';
import { params } from './params.js';
import { fieldsUnder } from '../../src/ui/control-panel.js';

export function d2View({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel d2-example';
  const field = sliderField({ name: 'pos2', decl: params.pos2, labelKey: 'formulaSteps.fields.pos2.label', hintKey: 'formulaSteps.fields.pos2.hint', onValue: (v) => onValue('pos2', v) });
  // The numbers are a widget of their own (numbers): the text puts them under its sums, beside the arrows.
  const tableHost = document.createElement('div');
  tableHost.className = 'd2-numbers';
  const figure = chartFigure('d2-arrows');
  // The position changes the arrows and the numbers: its field sits under the arrows, in view with both.
  fieldsUnder(figure, { pos2: field });
  element.append(figure.element);

  /** embedding, pe, sum: two numbers each, from the kernel. */
  function draw({ pos, embedding, pe, sum }, width) {
    const show = (v) => `[${formatValue(v[0])}, ${formatValue(v[1])}]`;
    const caption = t('formulaSteps.d2.caption', { pos });
    showTable(tableHost, dataTable({
      caption,
      corner: t('formulaSteps.d2.vector'),
      columns: [t('formulaSteps.d2.values')],
      rows: [
        { header: t('formulaSteps.d2.embedding'), cells: [show(embedding)] },
        { header: t('formulaSteps.d2.pe', { pos }), cells: [show(pe)] },
        { header: t('formulaSteps.d2.sum', { pos }), cells: [show(sum)] },
      ],
    }), caption);
    const names = { embedding: t('formulaSteps.d2.embedding'), pe: t('formulaSteps.d2.pe', { pos }), sum: t('formulaSteps.d2.sum', { pos }) };
    const arrows = [
      { x1: 0, y1: 0, x2: embedding[0], y2: embedding[1], name: names.embedding },
      { x1: embedding[0], y1: embedding[1], x2: sum[0], y2: sum[1], name: names.pe },
      { x1: 0, y1: 0, x2: sum[0], y2: sum[1], name: names.sum },
    ];
    const title = t('formulaSteps.d2.figure', { pos });
    const axes = [t('formulaSteps.d2.x'), t('formulaSteps.d2.y')];
    figure.update({
      title,
      drawing: arrowChart({
        arrows,
        width,
        extent: 2.2,
        reuse: figure.host.firstElementChild,
        labels: { x: t('formulaSteps.d2.x'), y: t('formulaSteps.d2.y'), aria: t('formulaSteps.d2.aria', { pos }), description: t('formulaSteps.d2.description') },
      }),
      // The numbers are the table above the drawing: the arrows' ends go to the CSV only.
      table: () => dataTable({
        caption: title,
        corner: t('formulaSteps.d2.arrow'),
        columns: [...axes.map((axis) => t('formulaSteps.d2.start', { axis })), ...axes.map((axis) => t('formulaSteps.d2.end', { axis }))],
        rows: arrows.map((a) => ({ header: a.name, cells: [a.x1, a.y1, a.x2, a.y2].map(formatValue) })),
      }),
      tableShown: false,
      fileKey: `pos${pos}`,
    });
  }
  return { element, numbers: tableHost, fields: { pos2: field }, draw, width: figure.width, relabel: field.relabel };
}
