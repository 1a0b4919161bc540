// training/setup-view.js — the setup panel of the training lessons (12 and 13): their fields, up to three runs
// (one positional method each), Train, Cancel and Continue, one progress bar and one status line per run.
// Texts under train.* (lesson 12's strings); each lesson names its fields and their label prefix. No maths here.
import { t, language } from '../i18n.js';
import { describeError } from '../kernel.js';
import { formatCount } from '../format.js';
import { fieldMakers } from '../ui/control-panel.js';
import { el, titledPanel } from '../ui/dom.js';
import './training.css';

export const RUNS = ['a', 'b', 'c'];

function button(action, onClick) {
  const b = el('button');
  b.type = 'button';
  b.dataset.action = action;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * params: the lesson's declarations; layout: [[name, 'select' | 'slider' | 'text'], …] in display order;
 * prefix: where the fields' labels and hints live (`${prefix}.<name>.label|hint`). A select's options are
 * train.methods.* for the runs a, b, c and train.options.<name>.* otherwise.
 */
export function setupView({ params, layout, prefix, onValue, onTrain, onCancel, onContinue }) {
  const { element, title } = titledPanel('train-setup', 'train-setup-title');
  const make = fieldMakers({
    params,
    prefix,
    onValue,
    optionKey: (name, option) => (RUNS.includes(name) ? `train.methods.${option}` : `train.options.${name}.${option}`),
  });
  const fields = Object.fromEntries(layout.map(([name, kind]) => [name, make[kind](name)]));
  const grid = el('div', 'field-grid');
  grid.append(...Object.values(fields).map((f) => f.element));

  const actions = el('div', 'train-actions');
  const train = button('train', onTrain);
  train.className = 'train-primary';
  const cancel = button('cancel', onCancel);
  const more = button('continue', onContinue);
  actions.append(train, cancel, more);

  // One row per run: its method, a progress bar labelled by it, and a status line read out when it changes.
  const rows = Object.fromEntries(RUNS.map((id) => {
    const row = el('div', 'train-run');
    row.dataset.run = id;
    const bar = el('progress');
    bar.id = `train-progress-${id}`;
    bar.max = 1;
    bar.value = 0;
    const label = el('label', 'train-run-name');
    label.htmlFor = bar.id;
    const status = el('p', 'train-run-status');
    status.setAttribute('role', 'status');
    row.append(label, bar, status);
    return [id, { row, bar, label, status, state: { kind: 'idle' } }];
  }));
  const runList = el('div', 'train-runs');
  runList.append(...RUNS.map((id) => rows[id].row));
  const note = el('p', 'train-note');
  element.append(title, grid, actions, runList, note);

  let methods = { a: 'none', b: 'sinusoidal', c: 'rope' };
  let stale = false;
  // The lab's decimal point in both languages (as on the charts beside it); whole counts grouped by language.
  const number = (x, digits) => x.toFixed(digits);
  const count = (n) => formatCount(n, language());

  function describe({ kind, step, last, loss, accuracy, speed, parameters, error }) {
    switch (kind) {
      case 'starting':
        return t('train.run.starting');
      case 'running':
        return t('train.run.running', { step: count(step), last: count(last), loss: loss === null ? '—' : number(loss, 3), accuracy: accuracy === null ? '—' : number(accuracy, 2), speed: Math.round(speed ?? 0) });
      case 'done':
        return t('train.run.done', { step: count(step), loss: number(loss ?? 0, 3), accuracy: number(accuracy ?? 0, 2), speed: Math.round(speed ?? 0), parameters: count(parameters) });
      case 'cancelled':
        return t('train.run.cancelled', { step: count(step) });
      case 'error':
        return describeError(error);
      default:
        return t('train.run.idle');
    }
  }

  function relabel() {
    title.textContent = t('train.setup.title');
    train.textContent = t('train.setup.train');
    cancel.textContent = t('train.setup.cancel');
    more.textContent = t('train.setup.continue');
    note.textContent = stale ? t('train.setup.stale') : t('train.setup.note');
    for (const id of RUNS) {
      const r = rows[id];
      r.label.textContent = t('train.run.name', { method: t(`train.methods.${methods[id]}`) });
      r.status.textContent = describe(r.state);
    }
    for (const f of Object.values(fields)) f.relabel();
  }

  function setButtons() {
    const states = RUNS.map((id) => rows[id].state.kind);
    const running = states.some((k) => k === 'running' || k === 'starting');
    cancel.disabled = !running;
    more.disabled = running || stale || !states.some((k) => k === 'done' || k === 'cancelled');
    element.dataset.state = running ? 'running' : states.every((k) => k === 'idle' || k === 'off') ? 'idle' : 'trained';
  }

  relabel();
  setButtons();
  return {
    element,
    fields,
    relabel,
    /** Which method each run uses ('off' hides the third). */
    setMethods(next) {
      methods = next;
      for (const id of RUNS) rows[id].row.hidden = next[id] === 'off';
      relabel();
    },
    /** state: {kind, step, last, loss, accuracy, speed, parameters, error} of one run. */
    setRun(id, state) {
      const r = rows[id];
      r.state = state;
      r.bar.value = state.last ? (state.step - (state.first ?? 0)) / Math.max(1, state.last - (state.first ?? 0)) : state.kind === 'done' ? 1 : 0;
      r.status.textContent = describe(state);
      r.row.dataset.state = state.kind;
      setButtons();
    },
    setStale(value) {
      stale = value;
      relabel();
      setButtons();
    },
  };
}
