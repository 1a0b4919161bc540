// training/setup-view.js — the setup panel of the training lessons (12 and 13): named presets (the measured
// set-ups, each with its settings spelled out), their fields, the runs (one positional method each: a, b, c in
// lesson 14, a … f in lesson 15), Train, Cancel and Continue, one progress bar and one status line per run, and
// the time the runs have left on this device. Texts under train.* (lesson 14's strings); each lesson names its
// fields, presets and their key prefix. No maths here.
import { t, language } from '../i18n.js';
import { describeError } from '../kernel.js';
import { formatCount } from '../format.js';
import { fieldMakers, stripFold, shownValue } from '../ui/control-panel.js';
import { el, setText, titledPanel } from '../ui/dom.js';
import { RUNS } from './run-set.js';
import './training.css';

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
 * train.methods.* for the runs and train.options.<name>.* otherwise. runs: the run ids (each one a field).
 * presets: [{id, values}], their texts under the prefix's lesson key (`train.fields` → `train.presets.title`,
 * `train.presets.<id>.name|detail`); a click calls onPreset(preset). runTexts: where a running and a trained
 * run's status lines are (`${runTexts}.running|done`): lesson 19's models report a loss and no accuracy.
 */
export function setupView({ params, layout, prefix, runs: runIds = RUNS, presets = [], runTexts = 'train.run', onPreset = () => {}, onValue, onTrain, onCancel, onContinue }) {
  const { element, title } = titledPanel('train-setup', 'train-setup-title');
  const presetKeys = `${prefix.replace(/\.fields$/, '')}.presets`;
  const make = fieldMakers({
    params,
    prefix,
    onValue,
    optionKey: (name, option) => (runIds.includes(name) ? `train.methods.${option}` : `train.options.${name}.${option}`),
  });
  const fields = Object.fromEntries(layout.map(([name, kind]) => [name, make[kind](name)]));
  // The runs' methods first, in a row of their own: short selects without hints, side by side (six fit one row
  // on a wide screen); then the settings the runs share.
  const runFields = el('div', 'train-run-fields');
  for (const id of runIds.filter((id) => fields[id])) {
    fields[id].element.classList.add('train-run-field');
    runFields.append(fields[id].element);
  }
  const grid = el('div', 'field-grid');
  grid.id = 'train-fields';
  grid.append(runFields, ...Object.entries(fields).filter(([name]) => !runIds.includes(name)).map(([, f]) => f.element));

  // Presets: real buttons, each with its settings and its time per run spelled out under its name.
  const presetGroup = el('div', 'presets train-presets');
  presetGroup.setAttribute('role', 'group');
  presetGroup.setAttribute('aria-labelledby', 'train-presets-title');
  const presetTitle = el('p', 'presets-title');
  presetTitle.id = 'train-presets-title';
  const presetButtons = presets.map((preset) => {
    const b = button('preset', () => onPreset(preset));
    b.className = 'preset';
    b.dataset.preset = preset.id;
    const name = el('span', 'preset-name');
    const detail = el('span', 'preset-detail');
    b.append(name, ' ', detail); // the space keeps the accessible name readable
    return { preset, name, detail, element: b };
  });
  presetGroup.append(presetTitle, ...presetButtons.map((p) => p.element));
  presetGroup.hidden = presets.length === 0;

  const actions = el('div', 'train-actions');
  const train = button('train', onTrain);
  train.className = 'train-primary';
  const cancel = button('cancel', onCancel);
  const more = button('continue', onContinue);
  actions.append(train, cancel, more);

  // One row per run: its method, a progress bar labelled by it, and a status line read out when it changes.
  const rows = Object.fromEntries(runIds.map((id) => {
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
  runList.append(...runIds.map((id) => rows[id].row));
  // The time the runs have left (or took) on this device, measured from their first steps.
  const time = el('p', 'train-time');
  time.setAttribute('role', 'status');
  const note = el('p', 'train-note');
  // The fields and Train are the panel's strip: it stays in view under the header, over the figures the
  // training draws (the lesson's `drives`, lesson-view.js), while the title and the presets scroll away; on any
  // screen it folds to one line of the current values, leaving the trained curves the room under it. The runs'
  // progress, the time and the note go with the curves they draw (progress, placed by training-lesson.js).
  const strip = el('div', 'panel-strip train-strip strip-folds');
  strip.dataset.strip = '';
  const fold = stripFold({ grid, strip, fields, summary: () => layout.map(([name]) => shownValue(fields[name].input)).join(' · ') });
  strip.append(grid, actions, fold.element);
  element.append(title, presetGroup, strip);
  const progress = el('div', 'train-progress');
  progress.append(runList, time, note);
  let timeState = null;

  let methods = Object.fromEntries(runIds.map((id) => [id, 'off']));
  let stale = false;
  // The lab's decimal point in both languages (as on the charts beside it); whole counts grouped by language.
  const number = (x, digits) => x.toFixed(digits);
  const count = (n) => formatCount(n, language());

  function describe({ kind, step, last, loss, accuracy, speed, left, parameters, error, quantity, value }) {
    switch (kind) {
      case 'starting':
        return t('train.run.starting');
      case 'waiting':
        return t('train.run.waiting');
      case 'running': {
        const progress = t(`${runTexts}.running`, { step: count(step), last: count(last), loss: loss === null ? '—' : number(loss, 3), accuracy: accuracy === null ? '—' : number(accuracy, 2), speed: Math.round(speed ?? 0) });
        return left === null || left === undefined ? progress : `${progress} · ${timeText('train.time.runLeft', left)}`;
      }
      case 'done':
        return t(`${runTexts}.done`, { step: count(step), loss: number(loss ?? 0, 3), accuracy: number(accuracy ?? 0, 2), speed: Math.round(speed ?? 0), parameters: count(parameters) });
      case 'cancelled':
        return t('train.run.cancelled', { step: count(step) });
      case 'diverged':
        return t('train.run.diverged', { step: count(step), quantity: t(`train.run.quantity.${quantity}`), value: t(`train.run.value.${value}`) });
      case 'error':
        return describeError(error);
      default:
        return t('train.run.idle');
    }
  }

  /** The sentence `key` with a duration: its number picks the plural form ("1 s left", "quedan 9 s"). */
  function timeText(key, seconds, vars = {}) {
    const shown = duration(seconds);
    return t(key, { ...vars, count: shown.count, time: shown.text });
  }

  /** The set's line: how long the runs have left on this device, or how long they took. */
  function describeTime(state) {
    if (!state) return '';
    if (state.kind === 'took') return timeText(state.runs === 1 ? 'train.time.tookOne' : 'train.time.took', state.seconds, { runs: state.runs });
    if (state.seconds === null) return t('train.time.measuring');
    return timeText(state.runs === 1 ? 'train.time.leftOne' : 'train.time.left', state.seconds, { runs: state.runs, slots: state.slots });
  }

  /** A run's name: its method, and its letter when another shown run has the same method. */
  const runName = (id) => runLabel(id, methods);

  function relabel() {
    title.textContent = t('train.setup.title');
    presetTitle.textContent = presets.length ? t(`${presetKeys}.title`) : '';
    for (const { preset, name, detail } of presetButtons) {
      name.textContent = t(`${presetKeys}.${preset.id}.name`);
      detail.textContent = t(`${presetKeys}.${preset.id}.detail`);
    }
    train.textContent = t('train.setup.train');
    cancel.textContent = t('train.setup.cancel');
    more.textContent = t('train.setup.continue');
    time.textContent = describeTime(timeState);
    for (const id of runIds) rows[id].status.textContent = describe(rows[id].state);
    nameRuns();
    showNote();
    for (const f of Object.values(fields)) f.relabel();
    fold.relabel();
  }
  // What a method or a setting changes, and only that: relabelling every field on each move of a slider cost a
  // layout of the whole panel a frame.
  const nameRuns = () => {
    for (const id of runIds) setText(rows[id].label, t('train.run.name', { method: runName(id) }));
  };
  const showNote = () => setText(note, stale ? t('train.setup.stale') : t('train.setup.note'));

  function setButtons() {
    const states = runIds.filter((id) => !rows[id].row.hidden).map((id) => rows[id].state.kind);
    const running = states.some((k) => k === 'running' || k === 'starting' || k === 'waiting');
    cancel.disabled = !running;
    more.disabled = running || stale || !states.some((k) => k === 'done' || k === 'cancelled');
    element.dataset.state = running ? 'running' : states.every((k) => k === 'idle' || k === 'off') ? 'idle' : 'trained';
  }

  relabel();
  setButtons();
  return {
    element,
    /** The runs' progress rows, the time they have left and the note: shown with the curves (training-lesson.js). */
    progress,
    fields,
    relabel,
    /** Which method each run uses ('off' hides its row). */
    setMethods(next) {
      methods = { ...next };
      for (const id of runIds) rows[id].row.hidden = next[id] === 'off';
      nameRuns();
      setButtons();
    },
    /** state: {kind, step, first, last, loss, accuracy, speed, left (seconds), parameters, error, quantity, value} of one run. */
    setRun(id, state) {
      const r = rows[id];
      r.state = state;
      r.bar.value = state.last ? (state.step - (state.first ?? 0)) / Math.max(1, state.last - (state.first ?? 0)) : state.kind === 'done' ? 1 : 0;
      r.status.textContent = describe(state);
      r.row.dataset.state = state.kind;
      setButtons();
    },
    /** state: null, {kind: 'left', seconds (null: not measured yet), runs, slots} or {kind: 'took', seconds, runs}. */
    setTime(state) {
      timeState = state;
      time.textContent = describeTime(state);
    },
    setStale(value) {
      stale = value;
      showNote();
      setButtons();
    },
  };
}

/**
 * A duration as the page writes it, the same in both languages (SI symbols): whole seconds under a minute
 * ("9 s"), else minutes and seconds to the nearest ten ("2 min 30 s"). count: the number that picks the
 * sentence's plural form (the seconds in all).
 */
export function duration(seconds) {
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return { text: `${whole} s`, count: whole };
  const tens = Math.round(whole / 10) * 10;
  const minutes = Math.floor(tens / 60);
  const rest = tens % 60;
  return { text: rest ? `${minutes} min ${rest} s` : `${minutes} min`, count: tens };
}

/**
 * A run's name as the page shows it: its method ("RoPE"), with the run's letter when another run of `methods`
 * ({id: method}, 'off' not counted) uses the same method ("RoPE (D)"), so two lines never share a name.
 */
export function runLabel(id, methods) {
  const method = methods[id];
  const twins = Object.entries(methods).filter(([other, m]) => m === method && m !== 'off' && other !== id);
  const name = t(`train.methods.${method}`);
  return twins.length ? t('train.run.twin', { method: name, run: id.toUpperCase() }) : name;
}
