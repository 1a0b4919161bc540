// One window of the batch, number by number: its token rows, the positional rows and (when they broadcast)
// their sum.
import { t } from '../../src/i18n.js';
import { titledPanel, el, disclosure } from '../../src/ui/dom.js';
import { LENGTH, numbersTable, tokenLabel } from './batch.js';
import { lessonFields } from './controls.js';

export function windowView({ onValue }) {
  const { element, title } = titledPanel('lp-window', 'lp-window-title');
  const fields = { window: lessonFields(onValue).slider('window') };
  const tables = el('div', 'lp-tables');
  // The heatmap is the figure; the digits wait behind a disclosure, for the student who wants to see the same
  // positional row under every window.
  const numbers = disclosure('lp-numbers');
  numbers.body.append(tables);
  const { summary } = numbers;
  element.append(fields.window.element, numbers.element);
  let shownWindow = 0;

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
    shownWindow = windowIndex;
    summary.textContent = t('learnedPositions.numbers.show', { window: windowIndex });
  }

  const relabel = () => {
    title.textContent = t('learnedPositions.numbers.title');
    fields.window.relabel();
    summary.textContent = t('learnedPositions.numbers.show', { window: shownWindow });
  };
  relabel();
  return { element, fields, relabel, draw };
}
