// One window of the batch, number by number: its token rows, the positional rows and (when they broadcast)
// their sum.
import { t } from '../../src/i18n.js';
import { titledPanel, el } from '../../src/ui/dom.js';
import { LENGTH, numbersTable, tokenLabel } from './batch.js';
import { lessonFields } from './controls.js';

export function windowView({ onValue }) {
  const { element, title } = titledPanel('lp-window', 'lp-window-title');
  const fields = { window: lessonFields(onValue).slider('window') };
  const tables = el('div', 'lp-tables');
  element.append(fields.window.element, tables);

  /** tables: kernel.learnedPositions' result for `view`. */
  function draw({ tokens, positions, sum, failure }, { window: windowIndex }) {
    const from = windowIndex * LENGTH;
    const to = from + LENGTH;
    const shown = [
      numbersTable(tokens, from, to, t('learnedPositions.numbers.tokens', { window: windowIndex }), tokenLabel),
      numbersTable(positions, 0, positions.rows, t('learnedPositions.numbers.positions', { rows: positions.rows }), (pos) => t('learnedPositions.numbers.pos', { pos })),
    ];
    // No broadcast, no sum: the two tables are all there is.
    if (!failure) shown.push(numbersTable(sum, from, to, t('learnedPositions.numbers.sum', { window: windowIndex }), tokenLabel));
    tables.replaceChildren(...shown);
  }

  const relabel = () => {
    title.textContent = t('learnedPositions.numbers.title');
    fields.window.relabel();
  };
  relabel();
  return { element, fields, relabel, draw };
}
