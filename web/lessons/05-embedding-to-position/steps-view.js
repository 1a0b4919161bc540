// E000-2: the sentence's embeddings, the scaled embeddings, the PE rows, the encodings and the two
// differences, two tables a step, one step on the screen at a time (ui/stepper.js; the step shown is the lesson's
// `step` parameter, kept in the link); then the check that "encoded − scaled" is the PE rows up to float32 rounding,
// under every step.
import { t, language } from '../../src/i18n.js';
import { formatValueInText } from '../../src/format.js';
import { selectField } from '../../src/ui/fields.js';
import { matrixTable } from '../../src/charts/matrix-table.js';
import { printedAs } from './printed-as.js';
import { params } from './params.js';
import { stepper } from '../../src/ui/stepper.js';

// The tables a student reads together: the lookup and its scaling, PE and the sum, the two differences.
const STEPS = [
  ['embedded', 'scaled'],
  ['positional', 'encoded'],
  ['shift', 'shiftScaled'],
];

export function stepsView({ onValue }) {
  const element = document.createElement('section');
  element.className = 'panel steps';
  const fields = {
    digits: selectField({
      name: 'digits',
      decl: params.digits,
      labelKey: 'embeddingToPosition.fields.digits.label',
      hintKey: 'embeddingToPosition.fields.digits.hint',
      optionKey: (o) => `embeddingToPosition.options.digits.${o}`,
      onValue: (v) => onValue('digits', v),
    }),
  };
  const grids = STEPS.map(() => {
    const grid = document.createElement('div');
    grid.className = 'steps-grid';
    return grid;
  });
  const tabs = stepper({
    panels: grids,
    tabKey: (i) => `embeddingToPosition.steps.tabs.${i + 1}`,
    onSelect: (i) => onValue('step', i + 1),
  });
  fields.step = tabs.field;
  const check = document.createElement('p');
  check.className = 'steps-check';
  check.setAttribute('aria-live', 'polite');
  const note = document.createElement('p');
  note.className = 'table-note';
  element.append(fields.digits.element, tabs.element, check, note);

  function draw(steps, view) {
    const rowHeader = (i) => t('embeddingToPosition.steps.row', { pos: i, id: view.ids[i] });
    const scaled = view.scale === 'on';
    let windowed = false;
    grids.forEach((grid, k) => {
      grid.classList.toggle('all-digits', view.digits === 'numpy');
      grid.replaceChildren(...STEPS[k].map((name) => {
        const figure = document.createElement('div');
        figure.className = `step step-${name}`;
        const caption = t(`embeddingToPosition.steps.${name}`, { xs: scaled ? 'x·√d' : 'x' });
        const table = matrixTable({ matrix: steps[name], caption, corner: t('embeddingToPosition.steps.corner'), rowHeader, colLimit: 8, makeFormat: printedAs(view.digits), printed: true });
        windowed ||= table.windowed;
        figure.append(table.element);
        return figure;
      }));
    });
    const vars = {
      deviation: formatValueInText(steps.maxDeviation, language()),
      bound: formatValueInText(steps.roundingBound, language()),
      shift: formatValueInText(steps.largestShift, language()),
      shiftScaled: formatValueInText(steps.largestShiftScaled, language()),
      factor: formatValueInText(steps.scaleFactor, language()),
    };
    check.textContent = [
      steps.maxDeviation <= steps.roundingBound ? t('embeddingToPosition.steps.checkOk', vars) : t('embeddingToPosition.steps.checkFail', vars),
      t('embeddingToPosition.steps.ranges', vars),
      scaled ? t('embeddingToPosition.steps.factor', vars) : t('embeddingToPosition.steps.unscaled'),
    ].join(' ');
    note.textContent = windowed ? t('embeddingToPosition.steps.window', { dModel: steps.embedded.cols }) : '';
  }
  return { element, fields, draw, relabel: () => Object.values(fields).forEach((f) => f.relabel()) };
}
