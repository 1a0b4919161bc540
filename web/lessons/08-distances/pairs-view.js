// Euclidean distance and cosine similarity of two pairs of positions, and which pair is closer: the digits are
// the point (the course notes' 5–6 against 5–50), so the small table stays open. Its fields are in the main
// control panel (controls.js).
import { language, t } from '../../src/i18n.js';
import { dataTable, showTable } from '../../src/charts/table.js';
import { formatCount, formatValue, formatValueInText } from '../../src/format.js';

export function pairsView() {
  const element = document.createElement('section');
  element.className = 'panel pairs';
  const tableHost = document.createElement('div');
  const verdict = document.createElement('p');
  verdict.className = 'pairs-verdict';
  verdict.setAttribute('aria-live', 'polite');
  element.append(tableHost, verdict);

  /** pairs: [{p, q, distance, cosine}] for pair A and pair B. */
  function draw({ dModel, pairs }) {
    const [A, B] = pairs;
    const count = (n) => formatCount(n, language()); // positions up to 10 000: grouped as the reader reads them
    const caption = t('distances.pairs.caption', { dModel });
    const table = dataTable({
      caption,
      corner: t('distances.pairs.pair'),
      columns: [t('distances.pairs.distance'), t('distances.pairs.cosine')],
      rows: pairs.map((x, i) => ({ header: t('distances.pairs.name', { name: i ? 'B' : 'A', p: count(x.p), q: count(x.q) }), cells: [formatValue(x.distance), formatValue(x.cosine)] })),
    });
    table.classList.add('pairs-table');
    showTable(tableHost, table, caption);
    // A word joiner each side of the dash: a range (5–50) never breaks across lines.
    const range = (x) => `${count(x.p)}\u2060–\u2060${count(x.q)}`;
    const vars = { a: range(A), b: range(B), da: formatValueInText(A.distance, language()), db: formatValueInText(B.distance, language()) };
    const key = A.distance < B.distance ? 'closerA' : A.distance > B.distance ? 'closerB' : 'equal';
    verdict.textContent = t(`distances.pairs.${key}`, vars);
    verdict.dataset.result = key;
  }
  return { element, draw };
}
