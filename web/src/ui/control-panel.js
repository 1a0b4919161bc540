// control-panel.js — the main control panel lessons 03, 04 and 05 share: a titled panel, one real button per
// document experiment (preset) with its settings spelled out under its name, then a grid of labelled fields.
// Each lesson says only which fields, under which translation keys, and how a preset's settings read.
import { t } from '../i18n.js';
import { sliderField, selectField, textField } from './fields.js';

/**
 * Field builders for `params` whose labels and hints are under `${prefix}.<name>.label|hint`; a select's
 * options are named by optionKey(name, option). `extra` goes to the field (e.g. { width: 22 }).
 */
export function fieldMakers({ params, prefix, onValue, optionKey }) {
  const base = (name) => ({
    name,
    decl: params[name],
    labelKey: `${prefix}.${name}.label`,
    hintKey: `${prefix}.${name}.hint`,
    onValue: (v) => onValue(name, v),
  });
  return {
    slider: (name) => sliderField(base(name)),
    text: (name, extra = {}) => textField({ ...base(name), ...extra }),
    select: (name) => selectField({ ...base(name), optionKey: (option) => optionKey(name, option) }),
  };
}

/**
 * The panel: `id` prefixes the element ids (`${id}-controls-title`, `${id}-presets-title`); `keys` holds the
 * lesson's translation prefix (`${keys}.controls.title`, `${keys}.presets.title`, `${keys}.presets.<preset id>`);
 * summary(values) spells out a preset's settings; `fields` go into the grid in their order.
 */
export function controlPanel({ id, keys, presets, onPreset, summary, fields }) {
  const element = document.createElement('section');
  element.className = 'panel controls';
  element.setAttribute('aria-labelledby', `${id}-controls-title`);

  const title = document.createElement('h2');
  title.id = `${id}-controls-title`;
  title.className = 'panel-title';

  // Presets: a group of real buttons, each with its document's settings spelled out under its name.
  const presetGroup = document.createElement('div');
  presetGroup.className = 'presets';
  presetGroup.setAttribute('role', 'group');
  presetGroup.setAttribute('aria-labelledby', `${id}-presets-title`);
  const presetTitle = document.createElement('p');
  presetTitle.id = `${id}-presets-title`;
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

  // The fields are the panel's strip: when the lesson says the panel drives figures further down, this part
  // stays in view under the header while the title and the presets scroll away (lesson-view.js).
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.dataset.strip = '';
  grid.append(...Object.values(fields).map((f) => f.element));
  element.append(title, presetGroup, grid);

  const relabel = () => {
    title.textContent = t(`${keys}.controls.title`);
    presetTitle.textContent = t(`${keys}.presets.title`);
    for (const { name, detail, preset } of buttons) {
      name.textContent = t(`${keys}.presets.${preset.id}`);
      detail.textContent = summary(preset.values);
    }
    for (const field of Object.values(fields)) field.relabel();
  };
  relabel();
  return { element, fields, relabel };
}

/**
 * A figure's own fields (those that change only it), in a grid under its drawing, above its note and
 * downloads: in view with what they change. figure: a chartFigure (charts/figure.js); fields: { name: field }.
 */
export function fieldsUnder(figure, fields) {
  const grid = document.createElement('div');
  grid.className = 'field-grid figure-fields';
  grid.append(...Object.values(fields).map((f) => f.element));
  figure.host.after(grid);
  return grid;
}
