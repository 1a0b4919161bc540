// Lesson 11 — padding and masks (document 000's batches). Three sentences of the toy model's words are padded
// (or cut) to max_len; the kernel looks up each row (the zero vector for [PAD]), adds the position code and
// runs the lab's attention head on one sentence without and with key_padding_mask (selfAttention's
// keyLength). notebooks/doc002 holds the same batch against nn.MultiheadAttention. No maths here.
import { language } from '../../src/i18n.js';
import { lessonView } from '../../src/lesson-view.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { DIM, NOTEBOOK_SEED, WORDS } from '../../src/toy-attention-model.js';
import { EXAMPLES, params, SENTENCES } from './params.js';
import { batchControls, batchView } from './batch-view.js';
import { rowsView } from './rows-view.js';
import { attentionView } from './attention-view.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';
import './padding.css';

export { params };

/** The id of [PAD]: one row past the toy table, which the lesson appends as the zero vector. */
const PAD_ID = WORDS.length;

export function mount({ kernel, initial, save }) {
  const lesson = lessonView({ initial, save, syncDraft: true });
  const { propose } = lesson;
  const controls = batchControls({ onValue: propose });
  const batch = batchView();
  const rows = rowsView({ onValue: propose });
  const attention = attentionView();
  const selfCheck = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  // The seeded head of lesson 01 (notebook 002's, seed 2017) and its table with the [PAD] row appended.
  const head = kernel.attentionExample({ seed: NOTEBOOK_SEED, words: WORDS.length, dim: DIM });
  const table = { rows: PAD_ID + 1, cols: DIM, data: new Float32Array((PAD_ID + 1) * DIM) };
  table.data.set(head.table.data);
  const projections = { wq: head.wq.data, wk: head.wk.data, wv: head.wv.data };

  function compute(next) {
    const { maxLen } = next;
    const lang = language();
    const sentences = SENTENCES.map((name, b) => {
      const words = next[name].length ? next[name] : EXAMPLES[lang][b];
      return { words, length: Math.min(words.length, maxLen) };
    });
    const b = SENTENCES.indexOf(next.shown);
    const shown = { n: b + 1, maxLen, ...sentences[b] };
    const ids = Array.from({ length: maxLen }, (_, i) => (i < shown.length ? WORDS.indexOf(shown.words[i]) : PAD_ID));
    const embedding = kernel.embeddingLookup(table, ids);
    const position = kernel.positionalEncoding({ maxLen, dModel: DIM, variant: 'paper' });
    const sum = kernel.addPositionalEncoding(embedding, 'paper', false);
    const unmasked = kernel.selfAttention(sum, projections);
    const masked = kernel.selfAttention(sum, { ...projections, keyLength: shown.length });
    // The sentence alone, unpadded: what the masked rows of its real words must equal.
    const alone = kernel.selfAttention(kernel.addPositionalEncoding(kernel.embeddingLookup(table, ids.slice(0, shown.length)), 'paper', false), projections);
    const realRows = { rows: shown.length, cols: masked.output.cols, data: masked.output.data.subarray(0, shown.length * masked.output.cols) };
    const identity = Array.from({ length: shown.length }, (_, i) => i);
    const gap = Math.max(...kernel.permutationRowGaps(alone.output, realRows, identity));
    const shareOnPadding = (weights) => Float64Array.from({ length: shown.length }, (_, i) => {
      let share = 0;
      for (let j = shown.length; j < maxLen; j++) share += weights.data[i * maxLen + j];
      return share;
    });
    return {
      batch: { batch: sentences, maxLen },
      rows: { shown, matrices: { embedding, position, sum }, part: next.part },
      attention: { shown, unmasked: unmasked.weights, masked: masked.weights, padShare: { unmasked: shareOnPadding(unmasked.weights), masked: shareOnPadding(masked.weights) }, gap },
    };
  }

  return lesson.mount({
    panels: [controls, rows],
    relabel: () => selfCheck.relabel(),
    compute: (next, failed) => lesson.attempt(compute, next, failed, () => null),
    draw: (result, view) => {
      // The width first: read after the batch and the rows changed the page, it would force a layout per frame.
      const width = attention.width();
      // Each view is drawn when the lesson's values or language change; while a slider moves, one off the
      // screen waits until the reader pauses (lesson-view.js, changed()).
      const key = JSON.stringify(view);
      if (lesson.changed('batch', key, batch.element)) batch.draw(result.batch);
      if (lesson.changed('rows', key, rows.element)) rows.draw(result.rows);
      if (lesson.changed('attention', `${key}|${width}`, attention.element)) attention.draw(result.attention, width);
    },
    observe: attention.element,
    // The batch's panel stays in view over every figure (lesson-view.js); what the rows table shows changes only
    // the table, under which it sits.
    drives: { controls: ['batch', 'rows', 'attention'], rows: ['rows'] },
    // The sentence followed is not the batch's business: it changes the rows and the attention only.
    fieldDrives: { shown: ['rows', 'attention'] },
    widgets: { controls: controls.element, batch: batch.element, rows: rows.element, attention: attention.element, quiz: selfCheck.element },
  });
}
