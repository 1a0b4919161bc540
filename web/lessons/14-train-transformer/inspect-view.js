// The inspect panel: the student's own sequence, each trained run's answer next to the right one, and where
// each head of one run looks for that sequence (one heat map per layer and head, each with its table).
import { t } from '../../src/i18n.js';
import { chartFigure } from '../../src/charts/figure.js';
import { labelledHeatmap } from '../../src/charts/labelled-heatmap.js';
import { dataTable, scrollBox, showTable } from '../../src/charts/table.js';
import { fieldMakers } from '../../src/ui/control-panel.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { textWidth } from '../../src/charts/axes.js';
import { px, textScale } from '../../src/ui/text-size.js';
import { params } from './params.js';

export function inspectView({ onValue }) {
  const { element, title } = titledPanel('train-inspect', 'train-inspect-title');
  const make = fieldMakers({ params, prefix: 'train.fields', onValue, optionKey: (name, option) => `train.show.${option}` });
  const fields = { input: make.text('input', { inputMode: 'numeric', width: 14 }), show: make.select('show') };
  const grid = el('div', 'field-grid');
  grid.append(fields.input.element, fields.show.element);
  const answers = el('div', 'train-answers');
  const maps = el('div', 'train-maps');
  const empty = el('p', 'train-inspect-empty');
  element.append(title, grid, empty, answers, maps);
  let last = null;
  let figures = [];
  // Kept in place across redraws: a figure moved out of the page and back between mousedown and mouseup
  // loses the reader's click on its "show as a table".
  const mapsHeading = el('h3', 'panel-subtitle');
  const mapsGrid = el('div', 'train-map-grid');

  function draw(result) {
    last = result;
    empty.textContent = result ? '' : t('train.inspect.empty');
    empty.hidden = Boolean(result);
    if (!result) {
      answers.replaceChildren();
      maps.replaceChildren();
      return;
    }
    const { names, input, expected, runs, shown } = result;
    const show = (ids) => ids.map((id) => names[id]).join(' ');
    const rows = [{ header: t('train.inspect.expected'), cells: [show(expected), ''] }, ...runs.map((r) => ({
      header: t(`train.methods.${r.method}`),
      className: r.error ? 'train-answer-error' : r.right ? 'train-answer-right' : 'train-answer-wrong',
      cells: r.error ? [r.error, ''] : [show(r.answer), r.right ? t('train.inspect.right') : t('train.inspect.wrong', { count: r.wrongCount })],
    }))];
    const caption = t('train.inspect.caption', { input: show(input) });
    showTable(answers, dataTable({ caption, corner: t('train.inspect.corner'), columns: [t('train.inspect.answer'), t('train.inspect.verdict')], rows }), caption);

    const run = runs.find((r) => r.id === shown && !r.error) ?? null;
    if (!run) {
      maps.replaceChildren(el('p', 'train-inspect-empty', t('train.inspect.noMaps')));
      return;
    }
    const n = run.sequence.length;
    const labelsOf = run.sequence.map((id, i) => `${i}·${names[id]}`);
    const needed = run.layers * run.heads;
    if (figures.length !== needed) {
      figures = Array.from({ length: needed }, () => chartFigure('train-map'));
      mapsGrid.replaceChildren(...figures.map((f) => f.element));
    }
    mapsHeading.textContent = t('train.inspect.mapsTitle', { method: t(`train.methods.${run.method}`) });
    if (maps.firstChild !== mapsHeading) maps.replaceChildren(mapsHeading, mapsGrid);
    // Drawn at the width of its column in the grid (not scaled down to it, which would shrink its text).
    const width = Math.min(420, figures[0].width());
    // Columns labelled "position·digit" when that fits a cell, else by position only (the rows keep both).
    const cell = (width - px(90)) / n;
    const colLabels = labelsOf.every((label) => textWidth(label, 13 * textScale()) + 6 <= cell) ? labelsOf : labelsOf.map((_, i) => String(i));
    figures.forEach((figure, k) => {
      const layer = Math.floor(k / run.heads);
      const head = k % run.heads;
      const matrix = { rows: n, cols: n, data: run.attention.subarray(k * n * n, (k + 1) * n * n) };
      const vars = { layer: layer + 1, head: head + 1 };
      const labels = { x: t('train.inspect.x'), y: t('train.inspect.y'), legend: t('train.inspect.legend'), aria: t('train.inspect.aria', vars), description: t('train.inspect.description') };
      const mapTitle = t('train.inspect.mapTitle', vars);
      figure.update({
        title: mapTitle,
        drawing: labelledHeatmap({ matrix, rowLabels: labelsOf, colLabels, width, labels, scale: 'weights', digits: 1 }),
        table: () => scrollBox(dataTable({
          caption: mapTitle,
          corner: t('train.inspect.mapCorner'),
          columns: labelsOf,
          rows: labelsOf.map((header, i) => ({ header, cells: Array.from({ length: n }, (_, j) => matrix.data[i * n + j].toFixed(3)) })),
        }), mapTitle),
        fileKey: `${run.method}-l${layer + 1}-h${head + 1}`,
      });
    });
  }

  const relabel = () => {
    title.textContent = t('train.inspect.title');
    for (const f of Object.values(fields)) f.relabel();
    draw(last);
  };
  relabel();
  return { element, fields, relabel, draw };
}
