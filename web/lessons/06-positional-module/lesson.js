// Lesson "The layer as a PyTorch module" (E002-4): document 002's PositionalEncoding as an nn.Module, its buffer,
// the rows forward adds and dropout, on a seeded batch. No maths here: the forward pass comes from
// kernel.positionalModule, the buffer's rows from kernel.farPositions.
//
// The draft / view skeleton is web/src/lesson-view.js: a value the kernel rejects goes back to its last good
// value (on a fresh link that does not hold together, to its default), and its field says why.
import { lessonView, recent, defaultsOf } from '../../src/lesson-view.js';
import { params } from './params.js';
import { moduleView } from './module-view.js';
import { bufferRows } from './buffer.js';
import './lesson.css';
import { quizPanel } from '../../src/ui/quiz.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

const defaults = defaultsOf(params);

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save });
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });
  const { propose } = lesson;

  const modulePanel = moduleView({ onValue: propose });
  // The buffer's rows the panel reads, in float32 as document 002's module computes them (position, div_term,
  // their product, sin and cos each rounded to float32, PyTorch's way) and exactly, to say why they differ.
  const buffer = recent(2, (maxLen, dModel) => {
    const rows = bufferRows(maxLen);
    const { peF32, peExact } = kernel.farPositions(rows, dModel);
    return { maxLen, rows, d: dModel, f32: peF32.data, exact: peExact.data };
  });
  const moduleFields = { seed: 'modSeed', batch: 'modBatch', seq_len: 'modSeq', d_model: 'modD', max_len: 'modMaxLen', p: 'modP' };

  function compute(next, failed) {
    const module = lesson.attempt((v) => ({
      pass: kernel.positionalModule({ seed: v.modSeed, batch: v.modBatch, seq: v.modSeq, dModel: v.modD, maxLen: v.modMaxLen, p: Number(v.modP), train: v.modMode === 'train' }),
      pe: buffer(v.modMaxLen, v.modD),
    }), next, failed, lesson.namedOrDefault(moduleFields, defaults));
    return { module };
  }

  function draw({ module }, view) {
    // The forward pass and the layouts follow every value but the step shown, which only shows another table.
    const key = JSON.stringify({ ...view, modStep: null });
    modulePanel.draw({ ...module, view }, lesson.parts('module', { x: key, encoded: key, output: key, layouts: key }));
  }

  return lesson.mount({
    relabel: () => selfCheck.relabel(),
    panels: [modulePanel],
    fields: modulePanel.fields,
    compute,
    draw,
    observe: modulePanel.element,
    drives: { module: ['module'] },
    widgets: { module: modulePanel.element, quiz: selfCheck.element },
  });
}
