// What each row of one padded sentence holds: the word's embedding (the zero vector for [PAD], as
// nn.Embedding's padding_idx row), the position code, or their sum, the row the model reads.
import { t } from '../../src/i18n.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { fieldMakers, fieldsUnder } from '../../src/ui/control-panel.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { params } from './params.js';

export function rowsView({ onValue }) {
  const { element, title } = titledPanel('padding-rows', 'padding-rows-title');
  const make = fieldMakers({ params, prefix: 'padding.fields', onValue, optionKey: (name, option) => `padding.options.${name}.${option}` });
  // What the table shows changes only the table: the field sits under it (the sentence it follows is a field of
  // the batch's panel, which the attention below reads too).
  const fields = { part: make.select('part') };
  const tableHost = el('div', 'padding-rows-table');
  const verdict = el('p', 'padding-rows-verdict');
  verdict.setAttribute('aria-live', 'polite');
  element.append(title, tableHost, verdict);
  fieldsUnder({ host: tableHost }, fields);

  /** shown: {n, words, length, maxLen}; matrices: {embedding, position, sum} as {rows, cols, data}; part. */
  function draw({ shown, matrices, part }) {
    title.textContent = t('padding.rows.title');
    const m = matrices[part];
    const dims = Array.from({ length: m.cols }, (_, j) => String(j));
    const token = (i) => (i < shown.length ? shown.words[i] : '[PAD]');
    const caption = t(`padding.rows.caption.${part}`, { n: shown.n });
    showTable(tableHost, dataTable({
      caption,
      corner: t('padding.rows.corner'),
      columns: dims,
      rows: Array.from({ length: m.rows }, (_, i) => ({
        header: `${i} · ${token(i)}`,
        className: i < shown.length ? '' : 'pad-row',
        cells: dims.map((_, j) => m.data[i * m.cols + j].toFixed(4)),
      })),
    }), caption);
    verdict.textContent = shown.length < shown.maxLen
      ? t('padding.rows.verdict', { first: shown.length, last: shown.maxLen - 1 })
      : t('padding.rows.noPadding', { n: shown.n });
  }
  const relabel = () => Object.values(fields).forEach((f) => f.relabel());
  return { element, fields, draw, relabel };
}
