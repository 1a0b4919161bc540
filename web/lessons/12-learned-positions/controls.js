// The panel that builds both tables: their width, context_length, the seed, and whether the DataLoader's draw
// sits between them.
import { t } from '../../src/i18n.js';
import { fieldMakers } from '../../src/ui/control-panel.js';
import { el, titledPanel } from '../../src/ui/dom.js';
import { params } from './params.js';

/** The lesson's field builders (labels and hints under learnedPositions.fields.<name>). */
export const lessonFields = (onValue) =>
  fieldMakers({ params, prefix: 'learnedPositions.fields', onValue, optionKey: (name, option) => `learnedPositions.options.${name}.${option}` });

export function controlsView({ onValue }) {
  const { element, title } = titledPanel('controls lp-controls', 'lp-controls-title');
  const { slider, text, select } = lessonFields(onValue);
  const fields = {
    dModel: slider('dModel'),
    contextLength: slider('contextLength'),
    seed: text('seed', { inputMode: 'numeric', width: 12 }),
    loaderDraw: select('loaderDraw'),
  };
  const grid = el('div', 'field-grid');
  // The fields are the panel's strip: it stays in view over the figures they change (lesson.js, drives).
  grid.dataset.strip = '';
  grid.append(...Object.values(fields).map((f) => f.element));
  element.append(grid);

  const relabel = () => {
    title.textContent = t('learnedPositions.controls.title');
    for (const field of Object.values(fields)) field.relabel();
  };
  relabel();
  return { element, fields, relabel };
}
