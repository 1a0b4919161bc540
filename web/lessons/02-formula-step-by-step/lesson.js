// Lesson 02 — the formula step by step. Wires the fields to the kernel and the kernel's arrays to the
// views; no maths here. The draft / view skeleton is web/src/lesson-view.js: a rejected value (k that would
// make pos + k negative, an odd d_model) stays in its field with the kernel's explanation, and the page keeps
// showing the last good view.
import { lessonView, recent } from '../../src/lesson-view.js';
import { params } from './params.js';
import { d2View } from './d2-view.js';
import { stepsView } from './steps-view.js';
import { wavelengthView } from './wavelength-view.js';
import { rotationView } from './rotation-view.js';
import './formula-steps.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

// Document 003's embedding of «El».
const EMBEDDING = [0.5, 0.8];

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true, params });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose } = lesson;

  const d2 = d2View({ onValue: propose });
  const waves = wavelengthView();
  // The wavelengths are drawn under step 2, the divisor they come from (2π / div_term).
  const steps = stepsView({ onValue: propose, extras: { 2: waves.element } });
  const rotation = rotationView({ onValue: propose });

  // Each part: the parameters it reads, which field answers for each kernel argument, and its numbers.
  const parts = {
    d2: {
      keys: ['pos2'],
      fieldFor: { pos: 'pos2' },
      compute: ({ pos2 }) => {
        const rows = pos2 + 1;
        const pe = kernel.positionalEncoding({ maxLen: rows, dModel: 2, variant: 'paper' });
        // The embedding sits at row pos2 of an otherwise empty sequence, so the kernel adds PE(pos2) to it.
        const x = { rows, cols: 2, data: new Float32Array(rows * 2) };
        x.data.set(EMBEDDING, pos2 * 2);
        const sum = kernel.addPositionalEncoding(x, 'paper', false);
        return { pos: pos2, embedding: Float32Array.from(EMBEDDING), pe: pe.data.subarray(pos2 * 2), sum: sum.data.subarray(pos2 * 2) };
      },
    },
    steps: {
      keys: ['maxLen', 'dModel', 'row'],
      fieldFor: { max_len: 'maxLen', d_model: 'dModel' },
      compute: ({ maxLen, dModel, row }) => ({
        maxLen,
        dModel,
        row,
        divTerm: kernel.divTerm(dModel),
        wavelengths: kernel.wavelengths(dModel),
        angles: kernel.angleMatrix(maxLen, dModel),
        pe: kernel.positionalEncoding({ maxLen, dModel, variant: 'paper' }),
      }),
    },
    rotation: {
      keys: ['pos', 'k', 'dModel'],
      fieldFor: { pos: 'pos', k: 'k', d_model: 'dModel' },
      compute: ({ pos, k, dModel }) => ({ pos, k, dModel, check: kernel.rotationCheck(pos, k, dModel) }),
    },
  };

  // Each part's last few results by its own parameters: moving one part's field costs no kernel call for the
  // others (the steps' max_len × d_model tables are the heavy ones).
  for (const part of Object.values(parts)) {
    const { keys, compute: make } = part;
    part.remembered = recent(4, (...values) => make(Object.fromEntries(keys.map((k, i) => [k, values[i]]))));
  }

  function compute(next, failed) {
    const results = {};
    for (const [name, { keys, fieldFor, remembered }] of Object.entries(parts)) {
      results[name] = lesson.attempt((v) => remembered(...keys.map((k) => v[k])), next, failed, lesson.namedOrTouched(keys, fieldFor));
    }
    return results;
  }

  // A view is redrawn only when what it shows changed: its part's parameters, the language or its width.
  function draw(results, view) {
    const widths = { d2: d2.width(), waves: waves.width() };
    const of = (name) => parts[name].keys.map((k) => view[k]).join(',');
    if (lesson.changed('d2', `${of('d2')}|${widths.d2}`)) d2.draw(results.d2, widths.d2);
    if (lesson.changed('steps', of('steps'))) steps.draw(results.steps);
    if (lesson.changed('waves', `${view.dModel},${view.maxLen}|${widths.waves}`)) waves.draw(results.steps, widths.waves);
    if (lesson.changed('rotation', of('rotation'))) rotation.draw(results.rotation);
  }

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [d2, steps, rotation],
    compute,
    draw,
    observe: steps.element,
    // The steps' fields (max_len, d_model, the row) stay in view over the cards (the wavelengths among them) and the rotation,
    // which reads d_model too (lesson-view.js); the example's and the rotation's own fields change only their figure.
    drives: { stepsControls: ['steps', 'rotation'], d2: ['d2'], rotation: ['rotation'] },
    widgets: {
      d2: d2.element,
      d2Numbers: d2.numbers,
      stepsControls: steps.controls,
      steps: steps.element,
      rotation: rotation.element,
      quiz: selfCheck.element,
    },
  });
}
