// The lesson's main panel: the document's runs as buttons, then the table (size, width, seed), the sentence,
// the √d_model switch and the formula.
import { t } from '../../src/i18n.js';
import { sliderField, selectField, textField } from '../../src/ui/fields.js';
import { params, presets } from './params.js';

const key = (name) => `embeddingToPosition.fields.${name}`;

export function controlsView({ onValue, onPreset }) {
  const element = document.createElement('section');
  element.className = 'panel controls';
  element.setAttribute('aria-labelledby', 'e2p-controls-title');
  const title = document.createElement('h2');
  title.id = 'e2p-controls-title';
  title.className = 'panel-title';

  const presetGroup = document.createElement('div');
  presetGroup.className = 'presets';
  presetGroup.setAttribute('role', 'group');
  presetGroup.setAttribute('aria-labelledby', 'e2p-presets-title');
  const presetTitle = document.createElement('p');
  presetTitle.id = 'e2p-presets-title';
  presetTitle.className = 'presets-title';
  const buttons = presets.map((preset) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'preset';
    button.dataset.preset = preset.id;
    const name = document.createElement('span');
    name.className = 'preset-name';
    const detail = document.createElement('span');
    detail.className = 'preset-detail';
    button.append(name, ' ', detail);
    button.addEventListener('click', () => onPreset(preset));
    return { name, detail, preset, button };
  });
  presetGroup.append(presetTitle, ...buttons.map((b) => b.button));

  const text = (name, extra = {}) =>
    textField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v), ...extra });
  const select = (name) =>
    selectField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, optionKey: (o) => `embeddingToPosition.options.${name}.${o}`, onValue: (v) => onValue(name, v) });
  const fields = {
    vocabSize: text('vocabSize', { width: 6 }),
    dModel: sliderField({ name: 'dModel', decl: params.dModel, labelKey: `${key('dModel')}.label`, hintKey: `${key('dModel')}.hint`, onValue: (v) => onValue('dModel', v) }),
    seed: text('seed', { width: 22 }),
    ids: text('ids', { inputMode: 'text', width: 22 }),
    scale: select('scale'),
    variant: select('variant'),
  };
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(...Object.values(fields).map((f) => f.element));
  element.append(title, presetGroup, grid);

  const relabel = () => {
    title.textContent = t('embeddingToPosition.controls.title');
    presetTitle.textContent = t('embeddingToPosition.presets.title');
    for (const { name, detail, preset } of buttons) {
      name.textContent = t(`embeddingToPosition.presets.${preset.id}`);
      const v = preset.values;
      detail.textContent = t('embeddingToPosition.presets.summary', { vocabSize: v.vocabSize, dModel: v.dModel, seed: v.seed, scale: t(`embeddingToPosition.options.scale.${v.scale}`) });
    }
    for (const field of Object.values(fields)) field.relabel();
  };
  relabel();
  return { element, fields, relabel };
}
