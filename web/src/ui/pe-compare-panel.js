// The comparison of two positional-encoding matrices, shown by lessons pe-matrix-digits and
// same-token-elsewhere: two sizes side by side, rows that are identical highlighted. Changing max_len only adds
// or removes rows (the shared rows stay identical); changing d_model changes every frequency, so only position 0
// stays. It speaks with pe-matrix's strings (peMatrix.compare…): a lesson that shows it lists '03-pe-matrix' in
// its sharedStrings. Its fields are the lesson's cmpLenA, cmpDA, cmpLenB and cmpDB.
import { t } from '../i18n.js';
import { textField } from './fields.js';
import { matrixTable } from '../charts/matrix-table.js';

// The two pairs its buttons set: the same d_model with two lengths (the shared rows are identical), then the
// same length with two d_model (only row 0 is).
export const comparePairs = [
  { cmpLenA: 10, cmpDA: 4, cmpLenB: 5, cmpDB: 4 },
  { cmpLenA: 5, cmpDA: 4, cmpLenB: 5, cmpDB: 6 },
];

const key = (name) => `peMatrix.fields.${name}`;

/** Rows i (present in both) whose values agree exactly on every column both matrices have. */
function identicalRows(a, b) {
  const shared = Math.min(a.cols, b.cols);
  const same = new Set();
  for (let i = 0; i < Math.min(a.rows, b.rows); i++) {
    let equal = true;
    for (let j = 0; j < shared && equal; j++) equal = a.data[i * a.cols + j] === b.data[i * b.cols + j];
    if (equal) same.add(i);
  }
  return { same, shared };
}

/** params: the lesson's declarations of the four fields. */
export function compareView({ params, onValue, onPair }) {
  const element = document.createElement('section');
  element.className = 'panel compare';

  const names = ['cmpLenA', 'cmpDA', 'cmpLenB', 'cmpDB'];
  const fields = Object.fromEntries(
    names.map((name) => [name, textField({ name, decl: params[name], labelKey: `${key(name)}.label`, onValue: (v) => onValue(name, v), width: 4 })]),
  );
  const sizes = document.createElement('div');
  sizes.className = 'field-grid compare-fields';
  sizes.append(...names.map((name) => fields[name].element));

  const pairGroup = document.createElement('div');
  pairGroup.className = 'pair-buttons';
  pairGroup.setAttribute('role', 'group');
  const pairLabel = document.createElement('span');
  pairLabel.id = 'pe-pairs-label';
  pairGroup.setAttribute('aria-labelledby', pairLabel.id);
  const pairButtons = comparePairs.map((pair) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.addEventListener('click', () => onPair(pair));
    return { button, pair };
  });
  pairGroup.append(pairLabel, ...pairButtons.map((p) => p.button));

  const summary = document.createElement('p');
  summary.className = 'compare-summary';
  summary.setAttribute('aria-live', 'polite');
  const tables = document.createElement('div');
  tables.className = 'compare-tables';
  element.append(sizes, pairGroup, summary, tables);

  function draw(a, b, view) {
    const { same, shared } = identicalRows(a, b);
    const comparable = Math.min(a.rows, b.rows);
    const list = [...same].join(', ');
    summary.textContent = [
      same.size ? t('peMatrix.compare.same', { count: same.size, comparable, list }) : t('peMatrix.compare.none', { comparable }),
      t('peMatrix.compare.sharedColumns', { shared }),
    ].join(' ');
    const variant = t(`peMatrix.variantShort.${view.variant}`);
    const rowClass = (i) => (same.has(i) ? { className: 'same', label: t('peMatrix.compare.rowSame') } : {});
    tables.replaceChildren(
      ...[
        ['A', a],
        ['B', b],
      ].map(([label, m]) => matrixTable({ corner: t('peMatrix.table.corner'), matrix: m, rowClass, caption: t('peMatrix.compare.caption', { label, maxLen: m.rows, dModel: m.cols, variant }) }).element),
    );
  }

  const relabel = () => {
    for (const field of Object.values(fields)) field.relabel();
    pairLabel.textContent = t('peMatrix.compare.pairs');
    for (const { button, pair } of pairButtons) button.textContent = t('peMatrix.compare.pair', pair);
  };
  relabel();
  return { element, fields, draw, relabel };
}
