// E001-3, the cosine pitfall of document 001: `cosine_similarity(positional_encoding(2, pe),
// positional_encoding(10, pe))` prints a 20 × 20 matrix with 1 at [0, 0] and 0 elsewhere. Its function fills
// row 0 of one shared matrix and returns it, so both arguments are the same object (row 0 = PE(10)). The panel
// computes both: the matrix as the document's code really compares it, and with two separate matrices; the
// document's whole 20 × 20 output is in a collapsible table, printed as NumPy printed it ("1." and "0.").
import { t, language } from '../../src/i18n.js';
import { formatNumber } from '../../src/format.js';
import { describeError } from '../../src/kernel.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { disclosure, el } from '../../src/ui/dom.js';

export const ROWS = 20; // the document's max_length
const CORNER = 4; // the corner shown; the panel counts the rest

/** The d_model-wide matrix of ROWS rows whose only non-zero row is row 0 = `row` (the document's pe). */
export function oneRowMatrix(row) {
  const data = new Float32Array(ROWS * row.length);
  data.set(row);
  return { rows: ROWS, cols: row.length, data };
}

/**
 * One value as NumPy prints a float array: at most 8 significant digits, trailing zeros dropped, a whole number
 * with its point and nothing after it ("1.", "0.", "0.8600013").
 */
export function numpyValue(v) {
  const short = Number(v.toPrecision(8));
  return Number.isInteger(short) ? `${short}.` : String(short);
}

export function pitfallView() {
  const element = el('section', 'panel pitfall');
  const tables = el('div', 'pitfall-tables');
  const verdict = el('p', 'pitfall-verdict');
  verdict.setAttribute('aria-live', 'polite');
  // The document's whole output, built only while open (400 cells).
  const { element: full, summary: fullSummary, body: fullHost } = disclosure('chart-table pitfall-full');
  full.hidden = true;
  full.addEventListener('toggle', () => fillFull());
  // The verdict reads the two corners out: beside them where the panel is wide enough, under them otherwise.
  const row = el('div', 'pitfall-row');
  row.append(tables, verdict);
  element.append(row, full);
  let last = null;

  function fillFull() {
    if (!full.open || !last) {
      fullHost.replaceChildren();
      return;
    }
    const { shared, pos1, pos2 } = last;
    const caption = t('w2v.pitfall.fullCaption', { pos1, pos2, rows: ROWS });
    const columns = Array.from({ length: ROWS }, (_, j) => String(j));
    const table = dataTable({
      caption,
      corner: '',
      columns,
      rows: columns.map((_, i) => ({ header: String(i), cells: columns.map((__, j) => numpyValue(shared.data[i * shared.cols + j])) })),
    });
    table.classList.add('pitfall-full-table');
    fullHost.replaceChildren(scrollBox(table, caption));
  }

  /** A kernel refusal: said in the panel, which stays usable for the next values. */
  function showError(err) {
    last = null;
    tables.replaceChildren();
    verdict.textContent = describeError(err);
    full.open = false;
    full.hidden = true;
    fillFull();
  }

  /** shared, separate: 20 × 20 cosine matrices ({rows, cols, data}); pos1, pos2: the positions compared. */
  function draw(result) {
    last = result;
    const { shared, separate, pos1, pos2 } = result;
    const table = (matrix, caption) => {
      const rows = Array.from({ length: CORNER }, (_, i) => ({
        header: String(i),
        cells: Array.from({ length: CORNER }, (_, j) => {
          const v = matrix.data[i * matrix.cols + j];
          return v === 0 ? '0' : v.toPrecision(7);
        }),
      }));
      return scrollBox(dataTable({ caption, corner: '', columns: Array.from({ length: CORNER }, (_, j) => String(j)), rows }), caption);
    };
    const nonZero = (m) => m.data.filter((v) => v !== 0).length;
    tables.replaceChildren(
      table(shared, t('w2v.pitfall.shared', { pos1, pos2 })),
      table(separate, t('w2v.pitfall.separate', { pos1, pos2 })),
    );
    // Seven significant digits, the 0.8600013 the document printed, written as the reader's language writes it.
    const inText = (v) => formatNumber(v, language(), { significant: 7 });
    const vars = { pos1, pos2, shared: inText(shared.data[0]), separate: inText(separate.data[0]), nonZeroShared: nonZero(shared), nonZeroSeparate: nonZero(separate), last: ROWS - 1 };
    verdict.textContent = t('w2v.pitfall.verdict', vars);
    verdict.dataset.shared = shared.data[0].toPrecision(7);
    verdict.dataset.separate = separate.data[0].toPrecision(7);
    fullSummary.textContent = t('w2v.pitfall.fullSummary', { rows: ROWS });
    full.hidden = false;
    fillFull();
  }
  return { element, draw, showError, relabel: () => last && draw(last) };
}
