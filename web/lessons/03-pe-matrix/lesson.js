// Lesson 03 — the positional-encoding matrix. Wires the fields to the kernel and the kernel's matrices to
// the views. No maths here: every number comes from kernel.positionalEncoding.
//
// The draft / view copies of the parameters, the redraw scheduling and the rest of the skeleton are in
// web/src/lesson-view.js: a value the kernel rejects (d_model = 5) is put back to its last good value for
// drawing, and its field shows why.
import { language } from '../../src/i18n.js';
import { lessonView, recent } from '../../src/lesson-view.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { heatmapView } from './heatmap-view.js';
import { linesView } from './lines-view.js';
import { valuesView } from './values-view.js';
import { compareView } from './compare-view.js';
import { acrossView } from './across-view.js';
import { halvesView } from './halves-view.js';
import { layoutsView, sinesFirst } from './layouts-view.js';
import './pe-matrix.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

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

  const controls = controlsView({ onValue: propose, onPreset: (preset) => apply(preset.values) });
  const heat = heatmapView();
  const linesPanel = linesView({ onValue: propose });
  const values = valuesView({ onValue: propose });
  const compare = compareView({ onValue: propose, onPair: apply });
  const across = acrossView({ onValue: propose });
  const halves = halvesView();
  const layouts = layoutsView();

  // A few recent matrices, so changing only the dims or the inspected rows costs no kernel call.
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
      across: attempt((v) => encoding(Math.max(v.posA, v.posB) + 1, v.dModel, v.variant), next, failed, lesson.namedOrTouched(['posA', 'posB'], {})),
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

  function draw({ main, a, b, across: acrossMatrix }, view) {
    const lang = language();
    const key = (m) => `${m.rows}x${m.cols}:${view.variant}`;
    // Widths are read before anything is redrawn: reading one after a redraw would force a layout. Each view
    // far from the screen is drawn once the reader pauses (lesson-view.js, changed()).
    const widths = { heat: heat.width(), lines: linesPanel.width(), across: across.width(), halves: halves.width() };
    if (changed('heat', `${key(main)}|${lang}|${widths.heat}`, heat.element)) heat.draw(main, view, widths.heat);
    if (changed('lines', `${key(main)}|${view.dims}|${view.shown}|${lang}|${widths.lines}`, linesPanel.element)) linesPanel.draw(main, view, widths.lines);
    if (changed('values', `${key(main)}|${view.rows}|${lang}`, values.element)) values.draw(main, view);
    if (changed('across', `${key(acrossMatrix)}|${view.posA}|${view.posB}|${lang}|${widths.across}`, across.element)) across.draw(acrossMatrix, view, widths.across);
    if (changed('halves', `${key(main)}|${lang}|${widths.halves}`, halves.element)) halves.draw(main, view, widths.halves);
    if (changed('layouts', `${key(acrossMatrix)}|${view.posA}|${view.posB}|${lang}`, layouts.element)) layouts.draw(layoutsOf(acrossMatrix, view.posA, view.posB), view);
    if (changed('compare', `${key(a)}|${key(b)}|${lang}`, compare.element)) compare.draw(a, b, view);
  }

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [controls, linesPanel, values, compare, across],
    compute,
    draw,
    observe: heat.element,
    // The main panel stays in view over every figure its fields change (lesson-view.js); the other panels' fields
    // change only their own figure, under which they sit.
    drives: {
      controls: ['heatmap', 'lines', 'across', 'values', 'halves', 'layouts'],
      lines: ['lines'],
      across: ['across'],
      values: ['values'],
      compare: ['compare'],
    },
    widgets: {
      controls: controls.element,
      heatmap: heat.element,
      lines: linesPanel.element,
      values: values.element,
      compare: compare.element,
      across: across.element,
      halves: halves.element,
      layouts: layouts.element,
      quiz: selfCheck.element,
    },
  });
}
