// The control panel: the sentence, its words in the new order (drag or buttons), positions on/off, mask.
import { t } from '../../src/i18n.js';
import { selectField, textField } from '../../src/ui/fields.js';
import { reorderList } from '../../src/ui/reorder.js';
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
  orderBox.append(words.element, reset, hint, error);

  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(fields.sentence.element, fields.pe.element, fields.mask.element, fields.seed.element);
  element.append(title, fields.sentence.element, orderBox, grid);

  let orderError = null;
  const relabel = () => {
    title.textContent = t('whyOrder.controls.title');
    reset.textContent = t('whyOrder.reorder.reset');
    hint.textContent = t(`${key('order')}.hint`);
    error.textContent = orderError ? orderError() : '';
    for (const field of Object.values(fields)) field.relabel();
    words.relabel();
  };
  relabel();
  return {
    element,
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
