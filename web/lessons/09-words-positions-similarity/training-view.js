// Training: the skip-gram's sizes, Train / Cancel, the progress bar, speed, loss and its curve.
import { t, language } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { chartFigure } from '../../src/charts/figure.js';
import { seriesChart } from '../../src/charts/series.js';
import { dataTable } from '../../src/charts/table.js';
import { formatCount, formatNumber, formatPercent } from '../../src/format.js';
import { el } from '../../src/ui/dom.js';
import { stripFold, shownValue } from '../../src/ui/control-panel.js';
import { panel, button, slider, text } from './parts.js';

const percent = (n) => formatPercent(n, language());

/** Training: the sizes, Train / Cancel, the progress bar, speed, loss and its curve. */
export function trainingView({ onValue, onTrain, onCancel }) {
  const { element, title } = panel('training');
  const fields = {
    vectorSize: slider('vectorSize', onValue),
    window: slider('window', onValue),
    negative: slider('negative', onValue),
    epochs: slider('epochs', onValue),
    minCount: slider('minCount', onValue),
    seed: text('seed', onValue, { hint: true }),
  };
  const actions = el('div', 'w2v-actions');
  const train = button('train', onTrain);
  train.className = 'w2v-primary';
  const cancel = button('cancel', onCancel);
  cancel.disabled = true;
  actions.append(train, cancel);

  const bar = el('progress', 'w2v-progress');
  bar.max = 1;
  bar.value = 0;
  bar.id = 'w2v-progress';
  const barLabel = el('label');
  barLabel.htmlFor = bar.id;
  const status = el('p', 'w2v-status w2v-train-status');
  status.setAttribute('role', 'status');
  const error = el('p', 'field-error w2v-error');
  error.setAttribute('role', 'alert');
  const stale = el('p', 'w2v-stale');
  // The sizes and Train are the panel's strip, which stays in view under the header over the loss curve (the
  // lesson's `drives`, lesson-view.js) and folds to one line of values on a phone; the progress and the curve
  // are a widget of their own (progress), further down the text.
  const grid = el('div', 'field-grid');
  grid.id = 'w2v-training-fields';
  grid.append(...Object.values(fields).map((f) => f.element));
  const strip = el('div', 'panel-strip');
  strip.dataset.strip = '';
  const fold = stripFold({ grid, strip, fields, summary: () => Object.values(fields).map((f) => shownValue(f.input)).join(' · ') });
  strip.append(grid, actions, fold.element);
  element.append(title, strip);
  const progressPanel = panel('loss');
  const figure = chartFigure('w2v-loss');
  // The progress and how the training ended beside the loss curve they describe, where the column is wide enough,
  // with what the reader can do while it runs (the worker) under them.
  const worker = el('p', 'w2v-worker');
  const progressText = el('div', 'w2v-progress-text');
  progressText.append(barLabel, bar, status, error, stale, worker);
  const pair = el('div', 'figure-pair');
  pair.append(progressText, figure.element);
  progressPanel.element.append(pair);

  let state = { kind: 'idle' };
  let err = null;
  let points = [];
  let isStale = false;

  // Below two milliseconds the browser's clock cannot time the training (its resolution is coarse in a
  // worker), and a rate of "0 words/s" would be false: the status says it was too quick to measure instead.
  const speed = (p) => (p.elapsed >= 0.002 && p.wordsPerSecond > 0 ? formatCount(p.wordsPerSecond, language()) : null);
  const describe = () => {
    const p = state.progress;
    const fixed = (x, decimals) => formatNumber(x, language(), { decimals });
    switch (state.kind) {
      case 'running':
        return t(speed(p) ? 'w2v.training.running' : 'w2v.training.runningStart', {
          percent: percent(Math.round(p.progress * 100)), epoch: p.epoch + 1, epochs: state.epochs,
          speed: speed(p), loss: fixed(p.loss, 3), alpha: fixed(p.alpha, 5),
        });
      case 'done':
        return t(speed(p) ? 'w2v.training.done' : 'w2v.training.doneFast', {
          seconds: fixed(p.elapsed, 2), speed: speed(p),
          words: formatCount(p.wordsDone, language()), effective: formatCount(p.effectiveWords, language()), loss: fixed(p.loss, 3),
        });
      case 'cancelled':
        return t('w2v.training.cancelled');
      default:
        return t('w2v.training.idle');
    }
  };
  const relabel = () => {
    title.textContent = t('w2v.training.title');
    progressPanel.title.textContent = t('w2v.training.progressTitle');
    train.textContent = t('w2v.training.train');
    cancel.textContent = t('w2v.training.cancel');
    barLabel.textContent = t('w2v.training.progress');
    worker.textContent = t('w2v.training.worker');
    status.textContent = describe();
    error.textContent = err ? describeError(err) : '';
    stale.textContent = isStale ? t('w2v.training.stale') : '';
    for (const f of Object.values(fields)) f.relabel();
    fold.relabel();
  };
  relabel();

  function drawLoss() {
    const labels = { x: t('w2v.loss.x'), y: t('w2v.loss.y'), aria: t('w2v.loss.aria'), description: t('w2v.loss.description') };
    const shown = points.slice();
    figure.update({
      title: t('w2v.loss.title'),
      drawing: shown.length ? seriesChart({ series: [{ name: labels.y, x: shown.map((p) => p.x), y: shown.map((p) => p.y) }], width: figure.width(), labels, xDomain: [0, 100], yZero: true }) : el('p', 'chart-empty', t('w2v.loss.empty')),
      noteText: t('w2v.loss.note'),
      table: () => dataTable({
        caption: t('w2v.loss.title'),
        corner: t('w2v.loss.x'),
        columns: [t('w2v.loss.y')],
        rows: shown.map((p) => ({ header: percent(Math.round(p.x)), cells: [p.y.toFixed(4)] })),
      }),
    });
  }
  drawLoss();

  return {
    element,
    /** The progress bar, the status and the loss curve: a widget of its own, under the panel in the text. */
    lossPanel: progressPanel.element,
    fields,
    relabel: () => {
      relabel();
      drawLoss();
    },
    width: () => figure.width(),
    start(epochs) {
      state = { kind: 'running', epochs, progress: { progress: 0, epoch: 0, wordsPerSecond: 0, loss: 0, alpha: 0 } };
      err = null;
      isStale = false;
      points = [];
      bar.value = 0;
      train.disabled = false;
      cancel.disabled = false;
      element.dataset.state = 'running';
      relabel();
      drawLoss();
    },
    progress(p) {
      state = { ...state, kind: 'running', progress: p };
      bar.value = p.progress;
      if (p.wordsDone > 0 && p.loss > 0) points.push({ x: p.progress * 100, y: p.loss });
      relabel();
    },
    drawLoss,
    finish(p) {
      state = { ...state, kind: 'done', progress: p };
      bar.value = 1;
      cancel.disabled = true;
      element.dataset.state = 'done';
      relabel();
      drawLoss();
    },
    cancelled() {
      state = { ...state, kind: 'cancelled' };
      cancel.disabled = true;
      element.dataset.state = 'cancelled';
      relabel();
    },
    fail(e) {
      err = e;
      state = { kind: 'idle' };
      cancel.disabled = true;
      element.dataset.state = 'error';
      relabel();
    },
    setStale(value) {
      isStale = value;
      relabel();
    },
  };
}
