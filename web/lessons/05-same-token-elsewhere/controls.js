// The lesson's main panel: the document's run as a button, then the table, the repeated token and the layer.
import { t } from '../../src/i18n.js';
import { sliderField, selectField, textField } from '../../src/ui/fields.js';
import { params, presets } from './params.js';

const key = (name) => `sameToken.fields.${name}`;

export function controlsView({ onValue, onPreset }) {
  const element = document.createElement('section');
  element.className = 'panel controls';
  element.setAttribute('aria-labelledby', 'st-controls-title');
  const title = document.createElement('h2');
  title.id = 'st-controls-title';
  title.className = 'panel-title';

  const presetGroup = document.createElement('div');
  presetGroup.className = 'presets';
  presetGroup.setAttribute('role', 'group');
  presetGroup.setAttribute('aria-labelledby', 'st-presets-title');
  const presetTitle = document.createElement('p');
  presetTitle.id = 'st-presets-title';
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

  const slider = (name) => sliderField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v) });
  const text = (name, width = 6) => textField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v), width });
  const select = (name) =>
    selectField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, optionKey: (o) => `sameToken.options.${name}.${o}`, onValue: (v) => onValue(name, v) });
  const fields = {
    dModel: slider('dModel'),
    count: slider('count'),
    token: text('token'),
    seed: text('seed', 22),
    vocabSize: text('vocabSize'),
    scale: select('scale'),
    variant: select('variant'),
  };
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(...Object.values(fields).map((f) => f.element));
  element.append(title, presetGroup, grid);

  const relabel = () => {
    title.textContent = t('sameToken.controls.title');
    presetTitle.textContent = t('sameToken.presets.title');
    for (const { name, detail, preset } of buttons) {
      name.textContent = t(`sameToken.presets.${preset.id}`);
      const v = preset.values;
      detail.textContent = t('sameToken.presets.summary', { dModel: v.dModel, count: v.count, token: v.token, scale: t(`sameToken.options.scale.${v.scale}`) });
    }
    for (const field of Object.values(fields)) field.relabel();
  };
  relabel();
  return { element, fields, relabel };
}
