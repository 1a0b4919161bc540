// Lesson "From embedding to position" (E000-2, E000-4). Wires the fields to the kernel and the kernel's
// matrices to the views. No maths here: the table, the lookup, x·√d, PE, the sums and the differences all
// come from kernel.torchEmbedding and kernel.embeddingSteps, the attention weights from kernel.selfAttention and
// the scores before the softmax from scores.js.
//
// The draft / view skeleton is web/src/lesson-view.js: a value the kernel rejects goes back to its last good
// value (on a fresh link that does not hold together, to its default), and its field says why.
import { lessonView, recent, defaultsOf } from '../../src/lesson-view.js';
import { params } from './params.js';
import { controlsView } from './controls.js';
import { tableView } from './table-view.js';
import { stepsView } from './steps-view.js';
import { journeyView } from './journey-view.js';
import { attentionView } from './attention-view.js';
import { selfScores, largestEntry } from './scores.js';
import './lesson.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

const defaults = defaultsOf(params);

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose, apply } = lesson;

  const controls = controlsView({ onValue: propose, onPreset: (preset) => apply(preset.values) });
  const tablePanel = tableView();
  const steps = stepsView({ onValue: propose });
  const journey = journeyView({ onValue: propose });
  const attention = attentionView({ onValue: propose });

  // The last few tables, so moving the sentence or the token costs no new table.
  const table = recent(4, (vocabSize, dModel, seed) => kernel.torchEmbedding({ vocabSize, dim: dModel, seed }));

  const tableFields = { vocab_size: 'vocabSize', dim: 'dModel', seed: 'seed' };
  const stepFields = { ...tableFields, ids: 'ids', d_model: 'dModel', max_len: 'ids', variant: 'variant' };
  const journeyFields = { ...tableFields, ids: 'token', d_model: 'dModel', variant: 'variant' };

  const options = (v) => ({ variant: v.variant, scale: v.scale === 'on' });

  // compute() checks every value against the kernel (a value it rejects goes back, and its field says why); the
  // journey's and the attention's numbers are made in draw(), for those views only when they are drawn: while a
  // slider moves, the ones off the screen are not (on a phone, all but the table beside the fields).
  function compute(next, failed) {
    let weights;
    const result = lesson.attempt((v) => {
      weights = table(v.vocabSize, v.dModel, v.seed);
      return kernel.embeddingSteps(weights, v.ids, options(v));
    }, next, failed, lesson.namedOrDefault(stepFields, defaults));
    // The journey's token, checked in a sentence of its own (the only value the steps above do not read).
    lesson.attempt((v) => kernel.embeddingSteps(table(v.vocabSize, v.dModel, v.seed), [v.token], options(v)), next, failed, lesson.namedOrDefault(journeyFields, defaults));
    return { weights, result };
  }

  // E000-4: the token at position p of the sentence, for every p (five sentences in the document).
  // A row of the steps depends only on the token at that position and on the position, so one call with the
  // token at every position gives row p of each of those sentences, the same numbers as a call per sentence.
  function visitsOf(v) {
    const s = kernel.embeddingSteps(table(v.vocabSize, v.dModel, v.seed), v.ids.map(() => v.token), options(v));
    const row = (m, p) => m.data.subarray(p * m.cols, (p + 1) * m.cols);
    return v.ids.map((_, p) => ({
      sentence: v.ids.map((id, q) => (q === p ? v.token : id)),
      embedded: row(s.embedded, p),
      scaled: row(s.scaled, p),
      encoded: row(s.encoded, p),
    }));
  }

  // Document 000 says the scale of the matrices does not reach attention: the sentence through one head with
  // identity projections, from x + PE and from x·√d + PE (both, whatever the scale switch says).
  function scalingOf(v) {
    const w = table(v.vocabSize, v.dModel, v.seed);
    const side = (scale) => {
      const { encoded } = kernel.embeddingSteps(w, v.ids, { variant: v.variant, scale });
      const scores = selfScores(encoded);
      const { weights } = kernel.selfAttention(encoded);
      return { scores, weights, largest: largestEntry(scores), selfWeight: weights.data[0] };
    };
    return { off: side(false), on: side(true) };
  }

  function draw({ weights, result }, view) {
    const width = journey.width();
    // Each view is drawn when the lesson's values or language change; while a slider moves, one off the
    // screen waits until the reader pauses (lesson-view.js, changed()).
    const key = JSON.stringify(view);
    if (lesson.changed('table', key, tablePanel.element)) tablePanel.draw(weights, view);
    if (lesson.changed('steps', key, steps.element)) steps.draw(result, view);
    if (lesson.changed('attention', key, attention.element)) attention.draw(scalingOf(view), view);
    if (lesson.changed('journey', `${key}|${width}`, journey.element)) journey.draw(visitsOf(view), view, width);
  }

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [controls, tablePanel, steps, attention, journey],
    fields: { ...controls.fields, ...steps.fields, ...attention.fields, ...journey.fields },
    compute,
    draw,
    observe: journey.element,
    // The main panel stays in view over every figure its fields change (lesson-view.js); the step tables' digits
    // and the journey's token and dimensions change only their own figure.
    drives: { controls: ['table', 'steps', 'attention', 'journey'], steps: ['steps'], journey: ['journey'] },
    // The seeded table reads only its size, width and seed; a larger vocabulary only adds rows after those the
    // sentence reads (torch draws the table row by row); the attention tables show both scalings at once.
    fieldDrives: { vocabSize: ['table'], ids: ['steps', 'attention', 'journey'], scale: ['steps', 'journey'], variant: ['steps', 'attention', 'journey'] },
    widgets: {
      controls: controls.element,
      table: tablePanel.element,
      steps: steps.element,
      attention: attention.element,
      journey: journey.element,
      quiz: selfCheck.element,
    },
  });
}
