// ui/fields.js — labelled form controls bound to declared parameters (see state.js).
// Each builder returns {element, set(value), showError(error|null), relabel()}. A field parses what the
// student types with the parameter's declaration and reports either a value (onValue) or a readable
// error next to itself (aria-live, so screen readers hear it); the lesson may also hand it a kernel error.
import { t, language } from '../i18n.js';
import { describeError } from '../kernel.js';
import { parseParam, fieldText } from '../state.js';

let counter = 0;
const uid = (name) => `f-${name}-${++counter}`;

/** Label, optional hint and error line shared by every field. */
function shell(name, labelKey, hintKey) {
  const id = uid(name);
  const element = document.createElement('div');
  element.className = 'field';
  element.dataset.field = name;

  const label = document.createElement('label');
  label.htmlFor = id;
  label.id = `${id}-label`;

  const hint = document.createElement('p');
  hint.className = 'field-hint';
  hint.id = `${id}-hint`;

  const error = document.createElement('p');
  error.className = 'field-error';
  error.id = `${id}-error`;
  error.setAttribute('aria-live', 'polite');

  let currentError = null;
  const api = {
    id,
    element,
    label,
    describedBy: hintKey ? `${id}-hint ${id}-error` : `${id}-error`,
    relabel() {
      label.textContent = t(labelKey);
      if (hintKey) hint.textContent = t(hintKey);
      error.textContent = currentError ? describeError(currentError) : '';
    },
    showError(err, input) {
      currentError = err;
      error.textContent = err ? describeError(err) : '';
      if (input) input.setAttribute('aria-invalid', err ? 'true' : 'false');
    },
    finish(...controls) {
      element.append(label, ...controls);
      if (hintKey) element.append(hint);
      element.append(error);
      api.relabel();
    },
  };
  return api;
}

/** A text box for numbers (type=text + inputmode, so "abc" can be typed and explained, not swallowed). */
function textInput(base, width) {
  const input = document.createElement('input');
  input.type = 'text';
  input.id = base.id;
  input.autocomplete = 'off';
  input.spellcheck = false;
  // No number or list here needs more; a 2 MB paste would otherwise be parsed and quoted on every keystroke.
  input.maxLength = 2000;
  input.setAttribute('aria-describedby', base.describedBy);
  if (width) input.style.setProperty('--chars', String(width));
  return input;
}

/**
 * Text box for any declared parameter. Reports on every keystroke; an empty box is only an error once the
 * student leaves it (while typing a new number the box is briefly empty, and that is not a mistake).
 */
export function textField({ name, decl, labelKey, hintKey, placeholderKey, onValue, inputMode = 'numeric', width = 6 }) {
  const base = shell(name, labelKey, hintKey);
  const input = textInput(base, width);
  input.inputMode = inputMode;

  const read = (committing) => {
    const parsed = parseParam(name, decl, input.value, { checkStep: false });
    if (parsed.ok) {
      base.showError(null, input);
      onValue(parsed.value);
    } else if (parsed.error.code !== 'empty' || committing) {
      base.showError(parsed.error, input);
    }
  };
  input.addEventListener('input', () => read(false));
  input.addEventListener('change', () => read(true));
  base.finish(input);
  const relabel = () => {
    base.relabel();
    if (placeholderKey) input.placeholder = t(placeholderKey);
  };
  relabel();

  return {
    element: base.element,
    input,
    relabel,
    showError: (err) => base.showError(err, input),
    set(value) {
      if (document.activeElement !== input) input.value = decl.kind === 'limit' && value === 'all' ? '' : fieldText(decl, value, language());
    },
  };
}

/** A slider and a number box for one whole-number parameter; both are labelled by the same visible label. */
export function sliderField({ name, decl, labelKey, hintKey, onValue }) {
  const base = shell(name, labelKey, hintKey);
  const range = document.createElement('input');
  range.type = 'range';
  range.min = String(decl.min);
  range.max = String(decl.max);
  range.step = String(decl.step);
  range.setAttribute('aria-labelledby', base.label.id);
  range.setAttribute('aria-describedby', base.describedBy);

  // A decimal field holds a mark and two decimals (2,75) and asks a phone for its decimal keypad.
  const input = textInput(base, String(decl.max).length + (decl.kind === 'number' ? 4 : 1));
  input.inputMode = decl.kind === 'number' ? 'decimal' : 'numeric';

  range.addEventListener('input', () => {
    input.value = fieldText(decl, Number(range.value), language());
    base.showError(null, input);
    onValue(Number(range.value));
  });
  const read = (committing) => {
    const parsed = parseParam(name, decl, input.value, { checkStep: false });
    if (parsed.ok) {
      base.showError(null, input);
      range.value = String(parsed.value);
      onValue(parsed.value);
    } else if (parsed.error.code !== 'empty' || committing) {
      base.showError(parsed.error, input);
    }
  };
  input.addEventListener('input', () => read(false));
  input.addEventListener('change', () => read(true));

  const row = document.createElement('div');
  row.className = 'field-row';
  row.append(range, input);
  base.finish(row);

  return {
    element: base.element,
    input,
    range,
    relabel: base.relabel,
    showError: (err) => base.showError(err, input),
    set(value) {
      range.value = String(value);
      if (document.activeElement !== input) input.value = fieldText(decl, value, language());
    },
  };
}

/** A <select> over a choice parameter; option texts come from optionKey(option). */
export function selectField({ name, decl, labelKey, hintKey, optionKey, onValue }) {
  const base = shell(name, labelKey, hintKey);
  const select = document.createElement('select');
  select.id = base.id;
  select.setAttribute('aria-describedby', base.describedBy);
  for (const option of decl.options) {
    const el = document.createElement('option');
    el.value = option;
    select.append(el);
  }
  select.addEventListener('change', () => onValue(select.value));
  base.finish(select);

  const relabel = () => {
    base.relabel();
    for (const el of select.options) el.textContent = t(optionKey(el.value));
  };
  relabel();
  return {
    element: base.element,
    input: select,
    relabel,
    showError: (err) => base.showError(err, select),
    set(value) {
      select.value = value;
    },
  };
}
