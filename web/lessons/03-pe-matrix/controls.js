// The main control panel: one button per document experiment, then max_len, d_model and the formula.
import { t } from '../../src/i18n.js';
import { sliderField, selectField } from '../../src/ui/fields.js';
import { params } from './params.js';
import { presets } from './presets.js';

const key = (name) => `peMatrix.fields.${name}`;

export function controlsView({ onValue, onPreset }) {
  const element = document.createElement('section');
  element.className = 'panel controls';
  element.setAttribute('aria-labelledby', 'pe-controls-title');

  const title = document.createElement('h2');
  title.id = 'pe-controls-title';
  title.className = 'panel-title';

  // Presets: a group of real buttons, each with its document's settings spelled out under its name.
  const presetGroup = document.createElement('div');
  presetGroup.className = 'presets';
  presetGroup.setAttribute('role', 'group');
  presetGroup.setAttribute('aria-labelledby', 'pe-presets-title');
  const presetTitle = document.createElement('p');
  presetTitle.id = 'pe-presets-title';
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
    // The space keeps the accessible name readable ("Document 000 shifted literal · …"); flex layout hides it.
    button.append(name, ' ', detail);
    button.addEventListener('click', () => onPreset(preset));
    return { button, name, detail, preset };
  });
  presetGroup.append(presetTitle, ...buttons.map((b) => b.button));

  const fields = {
    maxLen: sliderField({ name: 'maxLen', decl: params.maxLen, labelKey: `${key('maxLen')}.label`, hintKey: `${key('maxLen')}.hint`, onValue: (v) => onValue('maxLen', v) }),
    dModel: sliderField({ name: 'dModel', decl: params.dModel, labelKey: `${key('dModel')}.label`, hintKey: `${key('dModel')}.hint`, onValue: (v) => onValue('dModel', v) }),
    variant: selectField({
      name: 'variant',
      decl: params.variant,
      labelKey: `${key('variant')}.label`,
      hintKey: `${key('variant')}.hint`,
      optionKey: (option) => `peMatrix.variants.${option}`,
      onValue: (v) => onValue('variant', v),
    }),
  };
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(fields.maxLen.element, fields.dModel.element, fields.variant.element);
  element.append(title, presetGroup, grid);

  const relabel = () => {
    title.textContent = t('peMatrix.controls.title');
    presetTitle.textContent = t('peMatrix.presets.title');
    for (const { name, detail, preset } of buttons) {
      name.textContent = t(`peMatrix.presets.${preset.id}`);
      const v = preset.values;
      detail.textContent = t('peMatrix.presets.summary', {
        variant: t(`peMatrix.variantShort.${v.variant}`),
        maxLen: v.maxLen,
        dModel: v.dModel,
      });
    }
    for (const field of Object.values(fields)) field.relabel();
  };
  relabel();
  return { element, fields, relabel };
}
