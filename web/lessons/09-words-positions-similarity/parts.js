// The lesson's panel parts: a titled panel, a button, the fields of a declared parameter, and the seven
// significant digits the lesson prints its similarities with (the textbook's 0.8600013).
import { el, titledPanel } from '../../src/ui/dom.js';
import { sliderField, textField } from '../../src/ui/fields.js';
import { params } from './params.js';

export const key = (name) => `w2v.fields.${name}`;
export const panel = (id) => titledPanel('w2v-panel', `w2v-${id}-title`);
export const number7 = (x) => x.toPrecision(7);

export function button(name, onClick) {
  const b = el('button');
  b.type = 'button';
  b.dataset.action = name;
  b.addEventListener('click', onClick);
  return b;
}

export const slider = (name, onValue) =>
  sliderField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: `${key(name)}.hint`, onValue: (v) => onValue(name, v) });
export const text = (name, onValue, options = {}) =>
  textField({ name, decl: params[name], labelKey: `${key(name)}.label`, hintKey: options.hint ? `${key(name)}.hint` : undefined, onValue: (v) => onValue(name, v), ...options });
