// E000-2: the sentence's embeddings, the scaled embeddings, the PE rows, the encodings and the two
// differences, two tables a step, one step on the screen at a time (ui/stepper.js; the step shown is the lesson's
// `step` parameter, kept in the link); then the check that "encoded − scaled" is the PE rows up to float32 rounding,
// under every step.
import { t, language } from '../../src/i18n.js';
import { formatValueInText } from '../../src/format.js';
import { selectField } from '../../src/ui/fields.js';
import { matrixTable } from '../../src/charts/matrix-table.js';
import { showTable } from '../../src/charts/table.js';
import { printedAs } from './printed-as.js';
import { params } from './params.js';
import { stepper } from '../../src/ui/stepper.js';
import { el } from '../../src/ui/dom.js';

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
  // One host per table, kept: a move of d_model makes each table into its new shape in place (showTable).
  const hosts = STEPS.map((names) => Object.fromEntries(names.map((name) => [name, el('div', `step step-${name}`)])));
  const grids = hosts.map((tables) => {
    const grid = el('div', 'steps-grid');
    grid.append(...Object.values(tables));
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
      for (const name of STEPS[k]) {
        const caption = t(`embeddingToPosition.steps.${name}`, { xs: scaled ? 'x·√d' : 'x' });
        const shown = matrixTable({ matrix: steps[name], caption, corner: t('embeddingToPosition.steps.corner'), rowHeader, colLimit: 8, makeFormat: printedAs(view.digits), printed: true });
        windowed ||= shown.windowed;
        showTable(hosts[k][name], shown.table, caption);
      }
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
