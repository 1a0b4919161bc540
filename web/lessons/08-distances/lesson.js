// Lesson 08 — distances and relative positions. Every number comes from the kernel (encodings, distances,
// cosines, the cosine matrix, the rotation check, the requirements each code meets); this file wires only. The
// draft / view skeleton is web/src/lesson-view.js.
import { lessonView, recent } from '../../src/lesson-view.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { pairsView } from './pairs-view.js';
import { similarityView } from './similarity-view.js';
import { requirementsView } from './requirements-view.js';
import { farView, SWEEP } from './far-view.js';
import { halfStepRace } from './half-step.js';
import './distances.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true, params });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose, apply } = lesson;

  const controls = controlsView({ onValue: propose, onPreset: (preset) => apply(preset.values) });
  const pairs = pairsView();
  const similarity = similarityView();
  const requirements = requirementsView({ onValue: propose });
  const far = farView({ onValue: propose });

  const row = (pe, p) => pe.data.subarray(p * pe.cols, (p + 1) * pe.cols);

  // Each part remembered by its own parameters: moving the pair sliders costs no maxLen × maxLen cosine
  // matrix, and the table's sliders no pair.
  const pairsOf = recent(4, (dModel, a1, a2, b1, b2) => {
    const pe = kernel.positionalEncoding({ maxLen: Math.max(a1, a2, b1, b2) + 1, dModel, variant: 'paper' });
    const pair = (p, q) => ({ p, q, distance: kernel.euclideanDistance(row(pe, p), row(pe, q)), cosine: kernel.cosineSimilarity(row(pe, p), row(pe, q)) });
    return [pair(a1, a2), pair(b1, b2)];
  });
  const tableOf = recent(4, (maxLen, dModel) => {
    const table = kernel.positionalEncoding({ maxLen, dModel, variant: 'paper' });
    return { matrix: kernel.cosineMatrix(table, table), sinusoidal: kernel.sinusoidalRequirements(maxLen, dModel), rope: kernel.ropeRequirements(maxLen, dModel) };
  });
  const rotationOf = recent(4, (a1, a2, dModel) => ({ pos: a1, k: a2 - a1, error: kernel.rotationCheck(a1, a2 - a1, dModel).maxError }));
  // A learned table measured the same way (nn.Embedding(maxLen, dModel) as torch initialises it from the seed,
  // untrained); `missing` is the core's own error for the lookup of position maxLen, which has no row.
  const learnedOf = recent(4, (maxLen, dModel, seed) => kernel.learnedRequirements(maxLen, dModel, seed));

  function compute(v) {
    const { dModel, a1, a2, b1, b2, maxLen } = v;
    const { matrix, sinusoidal, rope } = tableOf(maxLen, dModel);
    return {
      pairs: { dModel, pairs: pairsOf(dModel, a1, a2, b1, b2) },
      similarity: { matrix, dModel, a1 },
      live: { dModel, maxLen, sinusoidal, rotation: rotationOf(a1, a2, dModel), rope, learned: learnedOf(maxLen, dModel, v.seed) },
    };
  }

  // Which pair's angle is first half a step off, from the float32 divisors the table shows against the exact ones:
  // it depends on d_model only, so moving the position costs no new race.
  const raceOf = recent(2, (d) => halfStepRace(kernel.farPositions([0], d).divTermF32, kernel.divTerm(d)));
  /**
   * The blog post's float32 encoding far out: at the chosen position, and over 10 … 10^9 for the chart;
   * kept for the last position and width, so the other sliders of the lesson cost it nothing.
   */
  const farChecks = recent(1, (p, d) => ({ p, d, at: kernel.farPositions([p], d), sweep: kernel.farPositions(SWEEP, d), halfStep: raceOf(d) }));

  const fieldFor = { d_model: 'dModel', max_len: 'maxLen', vocab_size: 'maxLen', dim: 'dModel', seed: 'seed' };
  // The field named for the kernel's argument, else a touched one whose value changed; never an unchanged one.
  const blame = (err, next) => {
    const name = fieldFor[err.argument] || [...lesson.touched].find((k) => next[k] !== lesson.view[k]);
    return !name || next[name] === lesson.view[name] ? null : name;
  };

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [controls, requirements, far],
    compute: (next, failed) => ({
      ...lesson.attempt(compute, next, failed, blame),
      far: lesson.attempt((v) => farChecks(v.farPos, v.farD), next, failed, lesson.namedOrTouched(['farPos', 'farD'], { positions: 'farPos', d_model: 'farD' })),
    }),
    // A view is redrawn only when what it shows changed: its parameters, the language or its width.
    draw(result, view) {
      const widths = { similarity: similarity.width(), far: far.width() };
      const { dModel, maxLen, a1, a2, b1, b2, seed } = view;
      if (lesson.changed('pairs', `${dModel},${a1},${a2},${b1},${b2}`, pairs.element)) pairs.draw(result.pairs);
      if (lesson.changed('similarity', `${maxLen},${dModel},${a1}|${widths.similarity}`, similarity.element)) similarity.draw(result.similarity, widths.similarity);
      if (lesson.changed('requirements', `${maxLen},${dModel},${a1},${a2},${seed}`, requirements.element)) requirements.draw(result.live);
      if (lesson.changed('far', `${result.far.p}|${result.far.d}|${widths.far}`, far.element)) far.draw(result.far, widths.far);
    },
    // The main panel stays in view over every figure its fields change (lesson-view.js); the seed changes only
    // the requirements' table, and the far panel's fields only their own chart, under which they sit.
    drives: { controls: ['pairs', 'similarity', 'requirements'], requirements: ['requirements'], far: ['far'] },
    widgets: { controls: controls.element, pairs: pairs.element, similarity: similarity.element, requirements: requirements.element, far: far.element, quiz: selfCheck.element },
    observe: similarity.element,
  });
}
