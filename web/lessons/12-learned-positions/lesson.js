// Lesson "Learned positions" (document 004, second half): the document's first batch (E004-2) goes through
// a seeded token table and a learned positional table, and the positional rows are added to every window.
// No maths here: every number comes from kernel.learnedPositions and kernel.positionalEncoding.
//
// The draft / view skeleton is web/src/lesson-view.js: a value the kernel rejects goes back to its last good
// value (on a fresh link, to its default), and its field says why. Tables that do not broadcast are not a
// rejection: kernel.learnedPositions returns PyTorch's RuntimeError as its result (`failure`), and the views
// show it.
import './lesson.css';
import { lessonView, recent } from '../../src/lesson-view.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { params } from './params.js';
import { BATCH, ROWS, LENGTH } from './batch.js';
import { controlsView } from './controls.js';
import { shapesView } from './shapes-view.js';
import { heatmapView } from './heatmap-view.js';
import { windowView } from './window-view.js';
import { beyondView } from './beyond-view.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

// The parameters the two tables are built from (in the order `tables` takes them), and the field that answers
// for each of the kernel's argument names.
const TABLE_KEYS = ['dModel', 'contextLength', 'seed', 'loaderDraw'];
const TABLE_FIELDS = { dim: 'dModel', context_length: 'contextLength', seed: 'seed', length: 'contextLength' };
const ENCODING_FIELDS = { max_len: 'position', d_model: 'dModel' };

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, params });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose, attempt, changed } = lesson;

  const controls = controlsView({ onValue: propose });
  const shapes = shapesView();
  const heat = heatmapView();
  const windowPanel = windowView({ onValue: propose });
  const beyond = beyondView({ onValue: propose });

  // A few recent results, so moving the window or the position costs no kernel call.
  const tables = recent(4, (dim, contextLength, seed, loaderDraw) => kernel.learnedPositions({
    ids: BATCH.flat(), rows: ROWS, length: LENGTH, dim, contextLength, seed, loaderDraw: loaderDraw === 'yes',
  }));
  // The same call with a token table of one row (every id 0): it checks the same values and answers whether the
  // tables broadcast (which only their lengths decide) without drawing GPT-2's 50257 rows of d numbers, most of
  // the time a move of d_model took. compute() asks it; the whole tables are made for the figures that are drawn,
  // which while a slider moves are only those on the screen (lesson-view.js): the shapes beside the slider
  // need no table.
  const oneRow = Array(ROWS * LENGTH).fill(0);
  const checked = recent(4, (dim, contextLength, seed, loaderDraw) => kernel.learnedPositions({
    ids: oneRow, rows: ROWS, length: LENGTH, vocabSize: 1, dim, contextLength, seed, loaderDraw: loaderDraw === 'yes',
  }).failure);
  const encoding = recent(2, (maxLen, dModel) => kernel.positionalEncoding({ maxLen, dModel, variant: 'paper' }));

  const compute = (next, failed) => ({
    failure: attempt((v) => checked(...TABLE_KEYS.map((k) => v[k])), next, failed, lesson.namedOrTouched(TABLE_KEYS, TABLE_FIELDS)),
    // Rows 0 … position of the paper's formula, at the tables' width.
    encoding: attempt((v) => encoding(v.position + 1, v.dModel), next, failed, lesson.namedOrTouched(['position', 'dModel'], ENCODING_FIELDS)),
  });

  // A view is redrawn only when what it reads changed: its parameters, the language or its width; while a
  // slider moves, only when it is on the screen.
  function draw(results, view) {
    const built = TABLE_KEYS.map((k) => view[k]).join(',');
    const width = heat.width();
    const made = () => tables(...TABLE_KEYS.map((k) => view[k]));
    if (changed('shapes', `${view.dModel},${view.contextLength}`, shapes.element)) shapes.draw(results, view);
    if (changed('heatmap', `${built}|${width}`, heat.element)) heat.draw(made(), view, width);
    if (changed('window', `${built}|${view.window}`, windowPanel.element)) windowPanel.draw(made(), view);
    if (changed('beyond', `${built}|${view.position}`, beyond.element)) beyond.draw({ positions: made().positions, encoding: results.encoding }, view);
  }

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [controls, shapes, windowPanel, beyond],
    compute,
    draw,
    observe: heat.element,
    // Both tables' fields stay in view over every figure built from them (lesson-view.js); the window's and
    // the far position's fields change only their own panel.
    drives: { controls: ['shapes', 'heatmap', 'window', 'beyond'], window: ['window'], beyond: ['beyond'] },
    widgets: {
      controls: controls.element,
      shapes: shapes.element,
      heatmap: heat.element,
      window: windowPanel.element,
      beyond: beyond.element,
      quiz: selfCheck.element,
    },
  });
}
