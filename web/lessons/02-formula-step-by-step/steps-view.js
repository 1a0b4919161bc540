// Document 003's construction, one step at a time (E003-3, E003-4): zeros and positions, div_term, the
// angles position·div_term, the sine/cosine fill, and the sequence-first layout of the forward pass.
// Every array shown comes from the kernel; this file only lays them out.
import { t } from '../../src/i18n.js';
import { sliderField, textField } from '../../src/ui/fields.js';
import { params } from './params.js';
import { endsTable } from './ends.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { stepper } from '../../src/ui/stepper.js';

const CODE = {
  1: 'pe = torch.zeros(max_len, d_model)\nposition = torch.arange(0, max_len, dtype=torch.float).unsqueeze(1)',
  2: 'div_term = torch.exp(torch.arange(0, d_model, 2).float() * (-math.log(10000.0) / d_model))',
  3: 'position * div_term',
  4: 'pe[:, 0::2] = torch.sin(position * div_term)\npe[:, 1::2] = torch.cos(position * div_term)',
  5: 'pe = pe.unsqueeze(0).transpose(0, 1)\nx = x + pe[:x.size(0), :]',
};

function stepCard(n, extra) {
  const element = document.createElement('section');
  element.className = 'step-card';
  element.dataset.step = String(n);
  const title = document.createElement('h3');
  title.className = 'panel-subtitle';
  const pre = document.createElement('pre');
  pre.tabIndex = 0; // it scrolls sideways on a phone: reachable from the keyboard
  const code = document.createElement('code');
  code.textContent = CODE[n];
  pre.append(code);
  const text = document.createElement('p');
  const body = document.createElement('div');
  body.className = 'step-body';
  element.append(title, pre, text, body, ...(extra ? [extra] : []));
  return {
    element,
    set(vars, ...nodes) {
      title.textContent = t(`formulaSteps.steps.${n}.title`);
      text.textContent = t(`formulaSteps.steps.${n}.text`, vars);
      body.replaceChildren(...nodes);
    },
  };
}

const note = (text) => {
  const p = document.createElement('p');
  p.className = 'table-note';
  p.textContent = text;
  return p;
};

/**
 * The step cards (element) and their fields (controls): max_len, d_model and the row to print, which redraw the
 * cards, the wavelengths and the rotation. The fields are their own panel, placed above the cards, so that they
 * can stay in view, as a strip under the header, over everything they redraw (lesson-view.js, drives). The cards
 * are shown one at a time (ui/stepper.js); the step shown is the lesson's `step` parameter, kept in the link
 * like a field's value. extras: a figure to show under a step's table, by step number (the wavelengths under
 * step 2, the divisor they come from).
 */
export function stepsView({ onValue, extras = {} }) {
  const element = document.createElement('section');
  element.className = 'panel steps';
  const controls = document.createElement('section');
  controls.className = 'panel controls steps-controls';
  const strip = document.createElement('div');
  strip.dataset.strip = '';
  const make = (name, kind) =>
    (kind === 'slider' ? sliderField : textField)({ name, decl: params[name], labelKey: `formulaSteps.fields.${name}.label`, hintKey: `formulaSteps.fields.${name}.hint`, onValue: (v) => onValue(name, v) });
  const fields = { maxLen: make('maxLen', 'slider'), dModel: make('dModel', 'slider'), row: make('row', 'text') };
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(fields.maxLen.element, fields.dModel.element, fields.row.element);
  const cards = [1, 2, 3, 4, 5].map((n) => stepCard(n, extras[n]));
  strip.append(grid);
  controls.append(strip);
  const steps = stepper({
    panels: cards.map((c) => c.element),
    tabKey: (i) => `formulaSteps.steps.${i + 1}.tab`,
    onSelect: (i) => onValue('step', i + 1),
  });
  element.append(steps.element);
  fields.step = steps.field;

  /** divTerm: Float64Array(d/2); angles: {rows, cols, data}; pe: {rows, cols, data}. */
  function draw({ maxLen, dModel, row, divTerm, angles, pe }) {
    const pairs = dModel / 2;
    const vars = { maxLen, dModel, pairs, row, last: maxLen - 1 };
    cards[0].set(
      vars,
      endsTable({ caption: t('formulaSteps.steps.1.caption', vars), corner: t('formulaSteps.table.index'), n: maxLen, rows: [{ header: 'position', at: (i) => String(i) }] }),
    );
    cards[1].set(
      vars,
      endsTable({
        caption: t('formulaSteps.steps.2.caption', vars),
        corner: t('formulaSteps.table.pair'),
        n: pairs,
        rows: [
          { header: 'arange(0, d_model, 2)', at: (i) => String(2 * i) },
          { header: 'div_term', at: (i) => divTerm[i] },
        ],
      }),
    );
    const inRange = row < maxLen;
    const missing = note(t('formulaSteps.table.missing', vars));
    cards[2].set(
      vars,
      inRange
        ? endsTable({ caption: t('formulaSteps.steps.3.caption', vars), corner: t('formulaSteps.table.pair'), n: pairs, rows: [{ header: t('formulaSteps.table.angle', vars), at: (i) => angles.data[row * pairs + i] }] })
        : missing,
    );
    cards[3].set(
      vars,
      inRange
        ? endsTable({ caption: t('formulaSteps.steps.4.caption', vars), corner: t('formulaSteps.table.column'), n: dModel, rows: [{ header: `pe[${row}]`, at: (j) => pe.data[row * dModel + j] }] })
        : missing.cloneNode(true),
    );
    // The blog's forward pass: x of zeros, 3 positions, a batch of 1 (shapes only; the values are pe's rows).
    const seq = Math.min(3, maxLen);
    const shapes = [
      ['pe.unsqueeze(0)', `(1, ${maxLen}, ${dModel})`],
      ['.transpose(0, 1)', `(${maxLen}, 1, ${dModel})`],
      ['x', `(${seq}, 1, ${dModel})`],
      ['pe[:x.size(0), :]', `(${seq}, 1, ${dModel})`],
      ['x + pe[:x.size(0), :]', `(${seq}, 1, ${dModel})`],
    ];
    const shapesCaption = t('formulaSteps.steps.5.caption', { ...vars, seq });
    cards[4].set(
      vars,
      scrollBox(dataTable({ caption: shapesCaption, corner: t('formulaSteps.table.tensor'), columns: [t('formulaSteps.table.shape')], rows: shapes.map(([header, shape]) => ({ header, cells: [shape] })) }), shapesCaption),
      endsTable({
        caption: t('formulaSteps.steps.5.output', { ...vars, seq }),
        corner: t('formulaSteps.table.column'),
        n: dModel,
        rows: Array.from({ length: seq }, (_, r) => ({ header: `x[${r}, 0]`, at: (j) => pe.data[r * dModel + j] })),
      }),
    );
  }

  const relabel = () => Object.values(fields).forEach((f) => f.relabel());
  return { element, controls, fields, draw, relabel };
}
