// Lesson pe-matrix-digits — the positional-encoding matrix digit by digit: its values as PyTorch prints them, its two halves
// pe[:, 0::2] and pe[:, 1::2], the sines-first layout and its similarities, and two sizes side by side. The
// matrix's parameters and control panel are shared with pe-matrix (web/src/pe-matrix/), whose strings hold
// its fields' and buttons' texts (sharedStrings). No maths here: every number comes from the kernel.
import { lessonView, recent } from '../../src/lesson-view.js';
import { params } from './params.js';
import { controlsView } from '../../src/pe-matrix/controls.js';
import { compareView } from '../../src/ui/pe-compare-panel.js';
import { valuesView } from './values-view.js';
import { halvesView } from './halves-view.js';
import { layoutsView, sinesFirst } from './layouts-view.js';
import './pe-matrix-digits.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

/** The fields, the buttons and the comparison panel speak with lesson 03's strings. */
export const sharedStrings = ['03-pe-matrix'];

// Document 001's two layouts are compared on every pair of the first rows of the matrix its figures use:
// 128 × 128 similarities per layout take a few milliseconds.
const LAYOUT_ROWS = 128;

// The three matrices the page shows, each with the parameters it reads (in the kernel's argument order)
// and the field that answers for each of the kernel's argument names.
const parts = {
  main: { keys: ['maxLen', 'dModel', 'variant'], fieldFor: { max_len: 'maxLen', d_model: 'dModel', variant: 'variant' } },
  a: { keys: ['cmpLenA', 'cmpDA', 'variant'], fieldFor: { max_len: 'cmpLenA', d_model: 'cmpDA', variant: 'variant' } },
  b: { keys: ['cmpLenB', 'cmpDB', 'variant'], fieldFor: { max_len: 'cmpLenB', d_model: 'cmpDB', variant: 'variant' } },
};

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose, apply, attempt, changed } = lesson;

  const controls = controlsView({ own: params, onValue: propose, onPreset: apply });
  const values = valuesView({ onValue: propose });
  const halves = halvesView();
  const layouts = layoutsView({ onValue: propose });
  const compare = compareView({ params, onValue: propose, onPair: apply });

  // A few recent matrices, so changing only the inspected rows or the compared positions costs no kernel call.
  const encoding = recent(6, (maxLen, dModel, variant) => kernel.positionalEncoding({ maxLen, dModel, variant }));

  /** One matrix for `next`; a rejected value goes back to its last good one, with the error on its field. */
  const computePart = ({ keys, fieldFor }, next, failed) =>
    attempt((v) => encoding(...keys.map((k) => v[k])), next, failed, lesson.namedOrTouched(keys, fieldFor));

  function compute(next, failed) {
    return {
      main: computePart(parts.main, next, failed),
      a: computePart(parts.a, next, failed),
      b: computePart(parts.b, next, failed),
      // Rows 0 … max(posA, posB) at the main view's d_model and formula (document 001's figures).
      pair: attempt((v) => encoding(Math.max(v.posA, v.posB) + 1, v.dModel, v.variant), next, failed, lesson.namedOrTouched(['posA', 'posB'], {})),
    };
  }

  /**
   * Document 001's interleaved layout (`matrix`, rows 0 … max(a, b)) and its sines-first layout: the similarity
   * of positions a and b in each, and the largest difference between the two layouts' similarity matrices.
   */
  function layoutsOf(matrix, a, b) {
    const split = sinesFirst(matrix);
    const n = Math.min(matrix.rows, LAYOUT_ROWS);
    const rows = (m, from, count) => ({ rows: count, cols: m.cols, data: m.data.subarray(from * m.cols, (from + count) * m.cols) });
    const similarities = (m) => kernel.cosineMatrix(rows(m, 0, n), rows(m, 0, n));
    const gaps = kernel.permutationRowGaps(similarities(matrix), similarities(split), Array.from({ length: n }, (_, i) => i));
    const pairIn = (m) => kernel.cosineRowsExact(rows(m, a, 1), rows(m, b, 1))[0];
    return { interleaved: matrix, split, pair: { a, b, interleaved: pairIn(matrix), split: pairIn(split) }, gap: Math.max(...gaps), checkedRows: n };
  }

  function draw({ main, a, b, pair }, view) {
    const key = (m) => `${m.rows}x${m.cols}:${view.variant}`;
    // Widths are read before anything is redrawn: reading one after a redraw would force a layout. Each view
    // off the screen is drawn once the reader pauses (lesson-view.js, changed()).
    const halvesWidth = halves.width();
    if (changed('values', `${key(main)}|${view.rows}`, values.element)) values.draw(main, view);
    if (changed('halves', `${key(main)}|${halvesWidth}`, halves.element)) halves.draw(main, view, halvesWidth);
    if (changed('layouts', `${key(pair)}|${view.posA}|${view.posB}`, layouts.element)) layouts.draw(layoutsOf(pair, view.posA, view.posB), view);
    if (changed('compare', `${key(a)}|${key(b)}`, compare.element)) compare.draw(a, b, view);
  }

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [controls, values, layouts, compare],
    compute,
    draw,
    observe: halves.element,
    // The main panel stays in view over every figure its fields change (lesson-view.js); the other panels' fields
    // change only their own figure, under which they sit.
    drives: {
      controls: ['values', 'halves', 'layouts'],
      values: ['values'],
      layouts: ['layouts'],
      compare: ['compare'],
    },
    widgets: {
      controls: controls.element,
      values: values.element,
      halves: halves.element,
      layouts: layouts.element,
      compare: compare.element,
      quiz: selfCheck.element,
    },
  });
}
