// control-panel.js — the main control panel the parameter lessons share (the two matrix lessons, embedding-to-
// position, same-token-elsewhere, …): a titled panel, one real button per document experiment (preset) with its
// settings spelled out under its name, then a grid of labelled fields.
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
  const strip = document.createElement('div');
  strip.className = 'panel-strip';
  strip.dataset.strip = '';
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.id = `${id}-fields`;
  grid.append(...Object.values(fields).map((f) => f.element));
  const fold = stripFold({ grid, strip, fields, summary });
  strip.append(grid, fold.element);
  element.append(title, presetGroup, strip);

  const relabel = () => {
    title.textContent = t(`${keys}.controls.title`);
    presetTitle.textContent = t(`${keys}.presets.title`);
    for (const { name, detail, preset } of buttons) {
      name.textContent = t(`${keys}.presets.${preset.id}`);
      detail.textContent = summary(preset.values);
    }
    for (const field of Object.values(fields)) field.relabel();
    fold.relabel();
  };
  relabel();
  return { element, fields, relabel };
}

/**
 * On a phone a sticky strip takes a third of the screen: a button folds it to one line that says the current
 * values (summary, as the presets spell theirs out) and unfolds it again. styles/controls.css shows the button
 * only on a phone and only in a sticky strip; elsewhere the panel is as it was. A lesson's own panel uses it
 * too: grid (a .field-grid with an id, a child of strip) is what folds away; append the returned element to strip.
 */
export function stripFold({ grid, strip, fields, summary }) {
  const element = document.createElement('div');
  element.className = 'strip-fold';
  const values = document.createElement('p');
  values.className = 'strip-values';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'strip-toggle';
  toggle.setAttribute('aria-controls', grid.id);
  element.append(values, toggle);

  let folded = false;
  // What the fields show now, by name: a preset or a link sets them without an input event.
  const showValues = () => {
    if (folded) values.textContent = summary(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.input.value])));
  };
  for (const field of Object.values(fields)) {
    const set = field.set;
    field.set = (value) => {
      set(value);
      showValues();
    };
  }
  grid.addEventListener('change', showValues);
  const relabel = () => {
    toggle.textContent = t(folded ? 'controls.unfold' : 'controls.fold');
    toggle.setAttribute('aria-expanded', String(!folded));
    values.hidden = !folded;
    showValues();
  };
  toggle.addEventListener('click', () => {
    folded = !folded;
    strip.toggleAttribute('data-folded', folded);
    relabel();
  });
  return { element, relabel };
}

/** What a field shows, for a folded strip's line of values: a choice's name, else its value or its placeholder. */
export const shownValue = (input) => (input.tagName === 'SELECT' ? input.selectedOptions[0]?.textContent ?? '' : input.value || input.placeholder);

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
