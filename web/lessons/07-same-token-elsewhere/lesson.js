// Lesson "The same token elsewhere" (E000-5, E000-3). Wires the fields to the kernel and its numbers to the
// views. No maths here: the table (kernel.torchEmbedding), x·√d + PE (kernel.embeddingSteps) and the cosine
// similarities (kernel.cosineMatrix) are all computed by the C++ core; the comparison of two PE matrices is
// the panel pe-matrix-digits shows too (web/src/ui/pe-compare-panel.js).
import { lessonView, recent, defaultsOf } from '../../src/lesson-view.js';
import { compareView } from '../../src/ui/pe-compare-panel.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { similarityView } from './similarity-view.js';
import './lesson.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

/** The comparison panel speaks with pe-matrix's strings. */
export const sharedStrings = ['03-pe-matrix'];

const defaults = defaultsOf(params);

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose, apply } = lesson;

  const controls = controlsView({ onValue: propose, onPreset: (preset) => apply(preset.values) });
  const similarity = similarityView();
  const compare = compareView({ params, onValue: propose, onPair: apply });

  const table = recent(6, (vocabSize, dModel, seed) => kernel.torchEmbedding({ vocabSize, dim: dModel, seed }));

  const similarityFields = { vocab_size: 'vocabSize', dim: 'dModel', seed: 'seed', ids: 'token', d_model: 'dModel', max_len: 'count', variant: 'variant' };
  const peFields = (side) => ({ max_len: `cmpLen${side}`, d_model: `cmpD${side}`, variant: 'variant' });

  // The similarities, remembered by their own parameters as the table is: a slider dragged back over values it
  // passed redraws them without computing them again.
  const similaritiesOf = recent(6, (vocabSize, dModel, seed, token, count, variant, scaleMode) => {
    const weights = table(vocabSize, dModel, seed);
    const sentence = new Array(count).fill(token);
    const scale = scaleMode === 'on';
    const { embedded, encoded } = kernel.embeddingSteps(weights, sentence, { variant, scale });
    // The idea the document rejects, for comparison: the raw index added instead of PE.
    const indexed = kernel.addPositionIndex(embedded, { scale });
    // Row 0 against every row, in double: only then are the digits shown ones PyTorch's float32 agrees with.
    const againstFirst = (m) => {
      const first = { rows: m.rows, cols: m.cols, data: new Float32Array(m.data.length) };
      for (let r = 0; r < m.rows; r++) first.data.set(m.data.subarray(0, m.cols), r * m.cols);
      return kernel.cosineRowsExact(first, m);
    };
    return { pe: againstFirst(encoded), index: againstFirst(indexed) };
  });

  function compute(next, failed) {
    const similarities = lesson.attempt(
      (v) => similaritiesOf(v.vocabSize, v.dModel, v.seed, v.token, v.count, v.variant, v.scale),
      next, failed, lesson.namedOrDefault(similarityFields, defaults),
    );
    const pe = (side) => (v) => kernel.positionalEncoding({ maxLen: v[`cmpLen${side}`], dModel: v[`cmpD${side}`], variant: v.variant });
    const a = lesson.attempt(pe('A'), next, failed, lesson.namedOrDefault(peFields('A'), defaults));
    const b = lesson.attempt(pe('B'), next, failed, lesson.namedOrDefault(peFields('B'), defaults));
    return { similarities, a, b };
  }

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [controls, similarity, compare],
    fields: { ...controls.fields, ...compare.fields },
    compute,
    draw: ({ similarities, a, b }, view) => {
      // Each view (the similarity's chart and its table each) is drawn when the lesson's values or language change;
      // while a slider moves, one off the screen waits until the reader pauses (lesson-view.js, changed()).
      const key = JSON.stringify(view);
      const width = similarity.width();
      const signature = `${key}|${width}`;
      similarity.draw(similarities, view, width, lesson.parts('similarity', { chart: signature, table: signature }));
      if (lesson.changed('compare', key, compare.element)) compare.draw(a, b, view);
    },
    observe: similarity.element,
    // The main panel stays in view over the similarities its fields change (lesson-view.js); the comparison's
    // fields change only the comparison, at whose top they sit.
    drives: { controls: ['similarity'], compare: ['compare'] },
    widgets: { controls: controls.element, similarity: similarity.element, compare: compare.element, quiz: selfCheck.element },
  });
}
