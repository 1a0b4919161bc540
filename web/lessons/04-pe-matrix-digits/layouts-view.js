// Document 001's other layout: "the domain of the sine function can be i ∈ [0, 255] and the domain of the cosine
// function can be i ∈ [256, 512]", every sine first and every cosine after, i.e. the two halves pe[:, 0::2] and
// pe[:, 1::2] side by side. The same numbers with the columns in another order: one position in both layouts,
// the similarity of two positions in both (from the kernel), and the largest difference over every pair. The
// two positions are fields under the tables (document 001's "black" at 2 and "brown" at 10 by default).
import { t, language } from '../../src/i18n.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatCount, formatNumber, formatValue } from '../../src/format.js';
import { el } from '../../src/ui/dom.js';
import { textField } from '../../src/ui/fields.js';
import { params } from '../../src/pe-matrix/params.js';
import { everyOther } from './halves-view.js';

/** Columns 0, 1, 2 and the first three of the second half, or every column of a narrow matrix (null: "…"). */
function shownColumns(cols) {
  if (cols <= 8) return Array.from({ length: cols }, (_, j) => j);
  const half = cols / 2;
  return [0, 1, 2, null, half, half + 1, half + 2, null];
}

/** The matrix with every sine column first and every cosine column after: the two halves side by side. */
export function sinesFirst(matrix) {
  const { rows, cols } = matrix;
  const halves = [everyOther(matrix, 0), everyOther(matrix, 1)];
  const data = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) halves.forEach((h, k) => data.set(h.data.subarray(r * h.cols, (r + 1) * h.cols), r * cols + k * h.cols));
  return { rows, cols, data };
}

export function layoutsView({ onValue }) {
  const element = el('section', 'panel layouts');
  const tables = el('div', 'layouts-tables');
  const make = (name) => textField({ name, decl: params[name], labelKey: `peMatrix.fields.${name}.label`, hintKey: `peMatrix.fields.${name}.hint`, onValue: (v) => onValue(name, v) });
  const fields = { posA: make('posA'), posB: make('posB') };
  const grid = el('div', 'field-grid figure-fields');
  grid.append(fields.posA.element, fields.posB.element);
  const summary = el('p', 'layouts-summary');
  summary.setAttribute('aria-live', 'polite');
  element.append(tables, grid, summary);

  /**
   * interleaved, split: the two layouts; pair: {a, b, interleaved, split}, the similarity of positions a and b in
   * each; gap: the largest difference between the two layouts' similarities of rows 0 … checkedRows − 1.
   */
  function draw({ interleaved, split, pair, gap, checkedRows }, view) {
    const lang = language();
    const variant = t(`peMatrix.variantShort.${view.variant}`);
    const columns = shownColumns(interleaved.cols);
    const row = (matrix, name) => ({
      header: t(`peMatrix.layouts.${name}`),
      cells: columns.map((j) => (j === null ? '…' : formatValue(matrix.data[pair.a * matrix.cols + j]))),
    });
    const valuesCaption = t('peMatrix.layouts.valuesCaption', { pos: pair.a, dModel: interleaved.cols, variant });
    const similarityCaption = t('peMatrix.layouts.similarityCaption', { a: pair.a, b: pair.b });
    tables.replaceChildren(
      scrollBox(dataTable({
        caption: valuesCaption,
        corner: t('peMatrix.layouts.column'),
        columns: columns.map((j) => (j === null ? '…' : String(j))),
        rows: [row(interleaved, 'interleaved'), row(split, 'split')],
      }), valuesCaption),
      scrollBox(dataTable({
        caption: similarityCaption,
        corner: t('peMatrix.layouts.layout'),
        columns: [t('peMatrix.layouts.similarity', { a: pair.a, b: pair.b })],
        // Seven significant digits, as document 001 printed its 0.8600013.
        rows: ['interleaved', 'split'].map((name) => ({ header: t(`peMatrix.layouts.${name}`), cells: [pair[name].toPrecision(7)] })),
      }), similarityCaption),
    );
    const vars = { count: formatCount(checkedRows ** 2, lang), last: checkedRows - 1, gap: formatNumber(gap, lang, { significant: 2 }) };
    summary.textContent = t(gap === 0 ? 'peMatrix.layouts.identical' : 'peMatrix.layouts.rounding', vars);
  }
  const relabel = () => Object.values(fields).forEach((f) => f.relabel());
  return { element, fields, draw, relabel };
}
