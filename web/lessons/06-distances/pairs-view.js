// E002-6: Euclidean distance and cosine similarity of two pairs of positions, and which pair is closer.
import { language, t } from '../../src/i18n.js';
import { sliderField, textField } from '../../src/ui/fields.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatCount, formatValue, formatValueInText } from '../../src/format.js';
import { params } from './params.js';

export function pairsView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel controls pairs';
  const make = (name, kind = textField) =>
    kind({ name, decl: params[name], labelKey: `distances.fields.${name}.label`, hintKey: `distances.fields.${name}.hint`, onValue: (v) => onValue(name, v), width: 6 });
  const fields = { dModel: make('dModel', sliderField), a1: make('a1'), a2: make('a2'), b1: make('b1'), b2: make('b2') };
  const grid = document.createElement('div');
  grid.className = 'field-grid pair-fields';
  grid.append(fields.a1.element, fields.a2.element, fields.b1.element, fields.b2.element);
  const tableHost = document.createElement('div');
  const verdict = document.createElement('p');
  verdict.className = 'pairs-verdict';
  verdict.setAttribute('aria-live', 'polite');
  element.append(fields.dModel.element, grid, tableHost, verdict);

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
    tableHost.replaceChildren(scrollBox(table, caption));
    // A word joiner each side of the dash: a range (5–50) never breaks across lines.
    const range = (x) => `${count(x.p)}\u2060–\u2060${count(x.q)}`;
    const vars = { a: range(A), b: range(B), da: formatValueInText(A.distance, language()), db: formatValueInText(B.distance, language()) };
    const key = A.distance < B.distance ? 'closerA' : A.distance > B.distance ? 'closerB' : 'equal';
    verdict.textContent = t(`distances.pairs.${key}`, vars);
    verdict.dataset.result = key;
  }
  const relabel = () => Object.values(fields).forEach((f) => f.relabel());
  return { element, fields, draw, relabel };
}
