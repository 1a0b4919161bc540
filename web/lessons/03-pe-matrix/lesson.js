// Lesson 03 — the positional-encoding matrix, built and read: the heatmap, one column across the positions,
// one position across the columns. Its digits and its shape are the next lesson, pe-matrix-digits, with the same
// parameters and control panel (web/src/pe-matrix/). Wires the fields to the kernel and the kernel's matrices to
// the views. No maths here: every number comes from kernel.positionalEncoding.
//
// The draft / view copies of the parameters, the redraw scheduling and the rest of the skeleton are in
// web/src/lesson-view.js: a value the kernel rejects (d_model = 5) is put back to its last good value for
// drawing, and its field shows why.
import { lessonView, recent } from '../../src/lesson-view.js';
import { params } from './params.js';
import { controlsView } from '../../src/pe-matrix/controls.js';
import { heatmapView } from './heatmap-view.js';
import { linesView } from './lines-view.js';
import { acrossView } from './across-view.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

// The main matrix's parameters (in the kernel's argument order) and the field that answers for each of the
// kernel's argument names.
const MAIN = { keys: ['maxLen', 'dModel', 'variant'], fieldFor: { max_len: 'maxLen', d_model: 'dModel', variant: 'variant' } };

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose, apply, attempt, changed } = lesson;

  const controls = controlsView({ own: params, onValue: propose, onPreset: apply });
  const heat = heatmapView();
  const linesPanel = linesView({ onValue: propose });
  const across = acrossView({ onValue: propose });

  // A few recent matrices, so changing only the dims or the positions across costs no kernel call.
  const encoding = recent(6, (maxLen, dModel, variant) => kernel.positionalEncoding({ maxLen, dModel, variant }));

  function compute(next, failed) {
    return {
      // A rejected value goes back to its last good one, with the error on its field.
      main: attempt((v) => encoding(...MAIN.keys.map((k) => v[k])), next, failed, lesson.namedOrTouched(MAIN.keys, MAIN.fieldFor)),
      // Rows 0 … max(posA, posB) at the main view's d_model and formula (document 001's figures).
      across: attempt((v) => encoding(Math.max(v.posA, v.posB) + 1, v.dModel, v.variant), next, failed, lesson.namedOrTouched(['posA', 'posB'], {})),
    };
  }

  function draw({ main, across: acrossMatrix }, view) {
    const key = (m) => `${m.rows}x${m.cols}:${view.variant}`;
    // Widths are read before anything is redrawn: reading one after a redraw would force a layout. Each view
    // off the screen is drawn once the reader pauses (lesson-view.js, changed()).
    const widths = { heat: heat.width(), lines: linesPanel.width(), across: across.width() };
    if (changed('heat', `${key(main)}|${widths.heat}`, heat.element)) heat.draw(main, view, widths.heat);
    if (changed('lines', `${key(main)}|${view.dims}|${view.shown}|${widths.lines}`, linesPanel.element)) linesPanel.draw(main, view, widths.lines);
    if (changed('across', `${key(acrossMatrix)}|${view.posA}|${view.posB}|${widths.across}`, across.element)) across.draw(acrossMatrix, view, widths.across);
  }

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [controls, linesPanel, across],
    compute,
    draw,
    observe: heat.element,
    // The main panel stays in view over every figure its fields change (lesson-view.js); the other panels' fields
    // change only their own figure, under which they sit.
    drives: {
      controls: ['heatmap', 'lines', 'across'],
      lines: ['lines'],
      across: ['across'],
    },
    widgets: {
      controls: controls.element,
      heatmap: heat.element,
      lines: linesPanel.element,
      across: across.element,
      quiz: selfCheck.element,
    },
  });
}
