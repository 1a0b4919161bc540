// Document 004's first batch: the fields max_length, stride and batch size, then the inputs and the targets
// (the same windows shifted by one token) as tables of ids, with the shapes PyTorch prints.
import { language, t } from '../../src/i18n.js';
import { formatCount } from '../../src/format.js';
import { sliderField } from '../../src/ui/fields.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { params } from './params.js';

const key = (name) => `textToTokens.fields.${name}`;

export function batchView({ onValue }) {
  const { element, title } = titledPanel('tt-batch', 'tt-batch-title');

  const fields = {};
  for (const name of ['maxLength', 'stride', 'batchSize']) {
    fields[name] = sliderField({
      name,
      decl: params[name],
      labelKey: `${key(name)}.label`,
      hintKey: `${key(name)}.hint`,
      onValue: (v) => onValue(name, v),
    });
  }
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(fields.maxLength.element, fields.stride.element, fields.batchSize.element);

  const summary = document.createElement('p');
  summary.className = 'tt-batch-summary';
  summary.setAttribute('aria-live', 'polite');
  const tables = document.createElement('div');
  tables.className = 'tt-batch-tables';
  element.append(grid, summary, tables);

  let last = null;
  const relabel = () => {
    title.textContent = t('textToTokens.batch.title');
    for (const field of Object.values(fields)) field.relabel();
    if (last && last.batch) draw(last.batch);
    else if (last && last.message) showMessage(last.message);
  };

  const hosts = { inputs: el('div', 'tt-batch-table'), targets: el('div', 'tt-batch-table') };
  function table(which, batch, data) {
    const rows = [];
    for (let r = 0; r < batch.rows; r += 1) {
      rows.push({ header: String(r), cells: Array.from(data.subarray(r * batch.cols, (r + 1) * batch.cols), String) });
    }
    const caption = t(`textToTokens.batch.${which}`, { rows: batch.rows, cols: batch.cols });
    const shown = dataTable({
      caption,
      corner: t('textToTokens.batch.corner'),
      columns: Array.from({ length: batch.cols }, (_, j) => String(j)),
      rows,
    });
    shown.classList.add(`tt-${which}`);
    // Made into the table shown in place (showTable): a move of the batch's shape rewrites what changed.
    showTable(hosts[which], shown, caption);
  }

  function draw(batch) {
    last = { batch };
    const dropped = batch.windowCount - batch.batchCount * batch.rows;
    summary.textContent = [
      t('textToTokens.batch.summary', { count: batch.windowCount, windows: formatCount(batch.windowCount, language()), batches: formatCount(batch.batchCount, language()), rows: batch.rows }),
      dropped === 0 ? t('textToTokens.batch.noneDropped') : t('textToTokens.batch.dropped', { count: dropped }),
      t('textToTokens.batch.shape', { rows: batch.rows, cols: batch.cols }),
    ].join(' ');
    table('inputs', batch, batch.inputs);
    table('targets', batch, batch.targets);
    if (hosts.inputs.parentNode !== tables) tables.replaceChildren(hosts.inputs, hosts.targets);
  }

  function showMessage(message) {
    last = { message };
    summary.textContent = typeof message === 'function' ? message() : message;
    tables.replaceChildren();
  }

  title.textContent = t('textToTokens.batch.title');
  return { element, fields, draw, showMessage, relabel };
}
