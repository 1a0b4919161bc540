// The control panel: the sentence, its words in the new order (drag or buttons), positions on/off, mask.
import { t } from '../../src/i18n.js';
import { selectField, textField } from '../../src/ui/fields.js';
import { reorderList } from '../../src/ui/reorder.js';
import { stripFold } from '../../src/ui/control-panel.js';
import { params } from './params.js';

const key = (name) => `whyOrder.fields.${name}`;

export function controlsView({ onValue, onOrder, onReset }) {
  const element = document.createElement('section');
  element.className = 'panel controls why-order-controls';
  const title = document.createElement('h2');
  title.className = 'panel-title';

  const choice = (name) =>
    selectField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, optionKey: (o) => `whyOrder.options.${name}.${o}`, onValue: (v) => onValue(name, v) });
  const fields = {
    sentence: choice('sentence'),
    pe: choice('pe'),
    mask: choice('mask'),
    seed: textField({ name: 'seed', decl: params.seed, labelKey: `${key('seed')}.label`, hintKey: `${key('seed')}.hint`, onValue: (v) => onValue('seed', v), width: 22 }),
  };

  const words = reorderList({ labelKey: `${key('order')}.label`, earlierKey: 'whyOrder.reorder.earlier', laterKey: 'whyOrder.reorder.later', onChange: onOrder });
  const orderBox = document.createElement('div');
  orderBox.className = 'field';
  orderBox.dataset.field = 'order';
  const hint = document.createElement('p');
  hint.className = 'field-hint';
  const error = document.createElement('p');
  error.className = 'field-error';
  error.setAttribute('aria-live', 'polite');
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.className = 'reset-order';
  reset.addEventListener('click', onReset);
  // The button back to the original order sits beside the words it puts back.
  const row = document.createElement('div');
  row.className = 'reorder-row';
  row.append(words.element, reset);
  orderBox.append(row, hint, error);

  // The sentence, its order and the switches are the panel's strip: it stays in view over the two runs and the
  // check they change (lesson.js, drives), and folds to one line on a phone. What goes above it (the seeded head)
  // scrolls away with the title.
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.id = 'why-order-fields';
  grid.append(fields.sentence.element, orderBox, fields.pe.element, fields.mask.element, fields.seed.element);
  const strip = document.createElement('div');
  strip.className = 'panel-strip';
  strip.dataset.strip = '';
  const summary = (v) =>
    t('whyOrder.controls.summary', { sentence: t(`whyOrder.options.sentence.${v.sentence}`), pe: t(`whyOrder.controls.pe.${v.pe}`), mask: t(`whyOrder.controls.mask.${v.mask}`), seed: v.seed });
  const fold = stripFold({ grid, strip, fields, summary });
  strip.append(grid, fold.element);
  element.append(title, strip);

  let orderError = null;
  const relabel = () => {
    title.textContent = t('whyOrder.controls.title');
    reset.textContent = t('whyOrder.reorder.reset');
    hint.textContent = t(`${key('order')}.hint`);
    error.textContent = orderError ? orderError() : '';
    for (const field of Object.values(fields)) field.relabel();
    words.relabel();
    fold.relabel();
  };
  relabel();
  return {
    element,
    /** Puts `part` above the fields, under the title. */
    addAbove: (part) => strip.before(part),
    fields,
    words,
    /** text: () => string in the current language, or null to clear. */
    showOrderError(text) {
      orderError = text;
      error.textContent = text ? text() : '';
    },
    relabel,
  };
}
