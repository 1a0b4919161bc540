// Lesson "Learned positions" (document 004, second half): the document's first batch (E004-2) goes through
// a seeded token table and a learned positional table, and the positional rows are added to every window.
// No maths here: every number comes from kernel.learnedPositions and kernel.positionalEncoding.
import './lesson.css';
import { onLanguageChange, t } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { showNotice } from '../../src/ui/notices.js';
import { sliderField, selectField, textField } from '../../src/ui/fields.js';
import { chartFigure } from '../../src/charts/figure.js';
import { heatmap } from '../../src/charts/heatmap.js';
import { dataTable, scrollBox } from '../../src/charts/table.js';
import { formatValue } from '../../src/format.js';
import { params } from './params.js';
import { titledPanel } from '../../src/ui/dom.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

// E004-2: the document's first batch (max_length=4, stride=4, batch_size=8), as it printed it.
const BATCH = [[40, 367, 2885, 1464], [1807, 3619, 402, 271], [10899, 2138, 257, 7026], [15632, 438, 2016, 257],
  [922, 5891, 1576, 438], [568, 340, 373, 645], [1049, 5975, 284, 502], [284, 3285, 326, 11]];
const ROWS = BATCH.length;
const LENGTH = BATCH[0].length;
const COLS_SHOWN = 6;
const key = (name) => `learnedPositions.fields.${name}`;
const fieldFor = { dim: 'dModel', context_length: 'contextLength', seed: 'seed', length: 'contextLength' };

function panel(className, titleKey) {
  const { element, title } = titledPanel(className, `${className.split(' ').pop()}-title`);
  return { element, relabel: () => { title.textContent = t(titleKey); } };
}

/** The first COLS_SHOWN columns of rows `from … to − 1` of a matrix, as a table. */
function numbers(matrix, from, to, caption, rowHeader) {
  const rows = [];
  for (let r = from; r < to; r += 1) {
    const cells = [];
    for (let j = 0; j < Math.min(COLS_SHOWN, matrix.cols); j += 1) cells.push(formatValue(matrix.data[r * matrix.cols + j]));
    rows.push({ header: rowHeader(r), cells });
  }
  const columns = Array.from({ length: Math.min(COLS_SHOWN, matrix.cols) }, (_, j) => String(j));
  const table = dataTable({ caption, corner: t('learnedPositions.numbers.corner'), columns, rows });
  return scrollBox(table, caption);
}

export function mount({ kernel, initial, save }) {
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  let view = { ...initial };
  const draft = { ...initial };

  // Controls.
  const controls = panel('controls lp-controls', 'learnedPositions.controls.title');
  const fields = {
    dModel: sliderField({ name: 'dModel', decl: params.dModel, labelKey: `${key('dModel')}.label`, hintKey: `${key('dModel')}.hint`, onValue: (v) => propose('dModel', v) }),
    contextLength: sliderField({ name: 'contextLength', decl: params.contextLength, labelKey: `${key('contextLength')}.label`, hintKey: `${key('contextLength')}.hint`, onValue: (v) => propose('contextLength', v) }),
    seed: textField({ name: 'seed', decl: params.seed, labelKey: `${key('seed')}.label`, hintKey: `${key('seed')}.hint`, inputMode: 'numeric', width: 12, onValue: (v) => propose('seed', v) }),
    loaderDraw: selectField({ name: 'loaderDraw', decl: params.loaderDraw, labelKey: `${key('loaderDraw')}.label`, hintKey: `${key('loaderDraw')}.hint`, optionKey: (o) => `learnedPositions.options.loaderDraw.${o}`, onValue: (v) => propose('loaderDraw', v) }),
  };
  const grid = document.createElement('div');
  grid.className = 'field-grid';
  grid.append(...Object.values(fields).map((f) => f.element));
  controls.element.append(grid);

  // Shapes, as the document prints them.
  const shapes = panel('lp-shapes', 'learnedPositions.shapes.title');
  const shapesText = document.createElement('pre');
  shapesText.className = 'lp-shapes-text';
  shapesText.tabIndex = 0; // it scrolls sideways on a phone: reachable from the keyboard
  const shapesNote = document.createElement('p');
  shapesNote.className = 'table-note';
  shapes.element.append(shapesText, shapesNote);

  // The broadcast sum for the whole batch, drawn; or, when the tables do not broadcast, PyTorch's error instead.
  const figure = chartFigure('lp-heatmap');
  const failureOut = document.createElement('p');
  failureOut.className = 'lp-failure';
  failureOut.setAttribute('role', 'status');
  failureOut.hidden = true;
  const heatmapBox = document.createElement('div');
  heatmapBox.append(figure.element, failureOut);

  // One window's numbers: its token rows, the positional rows and their sum.
  const windowPanel = panel('lp-window', 'learnedPositions.numbers.title');
  const windowField = sliderField({ name: 'window', decl: params.window, labelKey: `${key('window')}.label`, hintKey: `${key('window')}.hint`, onValue: (v) => propose('window', v) });
  const windowTables = document.createElement('div');
  windowTables.className = 'lp-tables';
  windowPanel.element.append(windowField.element, windowTables);
  fields.window = windowField;

  // Past context_length: the learned table has no row there, the sinusoidal formula does.
  const beyond = panel('lp-beyond', 'learnedPositions.beyond.title');
  const positionField = sliderField({ name: 'position', decl: params.position, labelKey: `${key('position')}.label`, hintKey: `${key('position')}.hint`, onValue: (v) => propose('position', v) });
  fields.position = positionField;
  const learnedOut = document.createElement('p');
  learnedOut.className = 'lp-learned';
  learnedOut.setAttribute('aria-live', 'polite');
  const sinusoidOut = document.createElement('p');
  sinusoidOut.className = 'lp-sinusoid';
  sinusoidOut.setAttribute('aria-live', 'polite');
  beyond.element.append(positionField.element, learnedOut, sinusoidOut);

  const panels = [controls, shapes, windowPanel, beyond];
  let result = null;
  let resultKey = '';

  function compute(next) {
    const k = `${next.dModel}|${next.contextLength}|${next.seed}|${next.loaderDraw}`;
    if (k !== resultKey) {
      result = kernel.learnedPositions({
        ids: BATCH.flat(), rows: ROWS, length: LENGTH, dim: next.dModel, contextLength: next.contextLength,
        seed: next.seed, loaderDraw: next.loaderDraw === 'yes',
      });
      resultKey = k;
    }
    return result;
  }

  function render() {
    const next = { ...view, ...draft };
    let r = null;
    let failure = null;
    try {
      r = compute(next);
      for (const f of Object.values(fields)) f.showError(null);
    } catch (err) {
      failure = err;
      const name = fieldFor[err.argument];
      if (name && fields[name]) fields[name].showError(err);
      else showNotice(() => describeError(err), { kind: 'error' });
    }
    const d = next.dModel;
    shapesText.textContent = [
      `embedding_layer.weight.shape  torch.Size([50257, ${d}])`,
      `inputs.shape                  torch.Size([${ROWS}, ${LENGTH}])`,
      `tokens_embeddings.shape       torch.Size([${ROWS}, ${LENGTH}, ${d}])`,
      `pos_embeddings.shape          torch.Size([${next.contextLength}, ${d}])`,
      failure ? `input_embeddings              ${t('learnedPositions.shapes.error')}`
        : r.failure ? `input_embeddings              RuntimeError: ${r.failure.message}`
          : `input_embeddings.shape        torch.Size([${ROWS}, ${LENGTH}, ${d}])`,
    ].join('\n');
    shapesNote.textContent = failure ? describeError(failure) : r.failure ? describeError(r.failure) : t('learnedPositions.shapes.note', { d });
    // A table of another size than the windows: PyTorch's RuntimeError is the result, not a made-up sum.
    figure.element.hidden = Boolean(r && r.failure);
    failureOut.hidden = !(r && r.failure);
    if (r && r.failure) failureOut.textContent = t('learnedPositions.failure', { message: r.failure.message, length: LENGTH, rows: next.contextLength });

    if (r) {
      view = next;
      save(view);
    }
    if (r && r.failure) {
      const w = next.window;
      const tokenHeader = (row) => t('learnedPositions.numbers.token', { window: w, pos: row % LENGTH, id: BATCH[w][row % LENGTH] });
      windowTables.replaceChildren(
        numbers(r.tokens, w * LENGTH, (w + 1) * LENGTH, t('learnedPositions.numbers.tokens', { window: w }), tokenHeader),
        numbers(r.positions, 0, r.positions.rows, t('learnedPositions.numbers.positions', { rows: r.positions.rows }), (row) => t('learnedPositions.numbers.pos', { pos: row })),
      );
    } else if (r) {
      const width = figure.width();
      const labels = {
        x: t('learnedPositions.heatmap.x'), y: t('learnedPositions.heatmap.y'), legend: t('learnedPositions.heatmap.legend'),
        aria: t('learnedPositions.heatmap.aria', { rows: ROWS * LENGTH, d }), description: t('learnedPositions.heatmap.description'),
      };
      figure.update({
        title: t('learnedPositions.heatmap.title', { rows: ROWS * LENGTH, d }),
        drawing: heatmap({ matrix: r.sum, width, labels, domain: [-3, 3] }),
        noteText: t('learnedPositions.heatmap.note'),
        table: () => numbers(r.sum, 0, ROWS * LENGTH, t('learnedPositions.heatmap.tableCaption', { cols: Math.min(COLS_SHOWN, d) }),
          (row) => t('learnedPositions.numbers.token', { window: Math.floor(row / LENGTH), pos: row % LENGTH, id: BATCH[Math.floor(row / LENGTH)][row % LENGTH] })),
      });
      const w = next.window;
      const tokenHeader = (row) => t('learnedPositions.numbers.token', { window: w, pos: row % LENGTH, id: BATCH[w][row % LENGTH] });
      windowTables.replaceChildren(
        numbers(r.tokens, w * LENGTH, (w + 1) * LENGTH, t('learnedPositions.numbers.tokens', { window: w }), tokenHeader),
        numbers(r.positions, 0, r.positions.rows, t('learnedPositions.numbers.positions', { rows: r.positions.rows }), (row) => t('learnedPositions.numbers.pos', { pos: row })),
        numbers(r.sum, w * LENGTH, (w + 1) * LENGTH, t('learnedPositions.numbers.sum', { window: w }), tokenHeader),
      );
    } else {
      windowTables.replaceChildren();
    }

    // Past context_length.
    const p = next.position;
    if (p < next.contextLength && r) {
      const row = Array.from(r.positions.data.subarray(p * d, p * d + 4), formatValue).join(', ');
      learnedOut.textContent = t('learnedPositions.beyond.learnedRow', { pos: p, row });
    } else {
      learnedOut.textContent = t('learnedPositions.beyond.learnedMissing', { pos: p, contextLength: next.contextLength, max: next.contextLength - 1 });
    }
    try {
      const pe = kernel.positionalEncoding({ maxLen: p + 1, dModel: d, variant: 'paper' });
      const row = Array.from(pe.data.subarray(p * d, p * d + 4), formatValue).join(', ');
      sinusoidOut.textContent = t('learnedPositions.beyond.sinusoidRow', { pos: p, row });
    } catch (err) {
      sinusoidOut.textContent = describeError(err);
    }
  }
  const scheduleRender = perFrame(render);

  function propose(name, value) {
    draft[name] = value;
    scheduleRender();
  }

  function setParams(values) {
    for (const [name, value] of Object.entries(values)) {
      draft[name] = value;
      if (fields[name]) {
        fields[name].set(value);
        fields[name].showError(null);
      }
    }
    scheduleRender();
  }

  for (const [name, field] of Object.entries(fields)) field.set(view[name]);
  const relabelAll = () => {
    for (const p of panels) p.relabel();
    for (const f of Object.values(fields)) f.relabel();
  };
  relabelAll();
  const offLanguage = onLanguageChange(() => {
    relabelAll();
    selfCheck.relabel();
    scheduleRender();
  });
  const resize = new ResizeObserver(() => scheduleRender());

  return {
    widgets: { controls: controls.element, shapes: shapes.element, heatmap: heatmapBox, window: windowPanel.element, beyond: beyond.element, quiz: selfCheck.element },
    start() {
      resize.observe(figure.element);
      render();
    },
    setParams,
    destroy() {
      offLanguage();
      resize.disconnect();
    },
  };
}
