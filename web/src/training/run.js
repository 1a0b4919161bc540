// training/run.js — one training run of the lab's TinyTransformer on a toy task: the model, its data stream,
// its evaluation sets and its answers to a typed sequence. Pure JavaScript over a loaded module, so the same
// code runs in the page's worker (transformer-worker.js) and in the Node tests. All maths is in the module.
import { taskVocabulary, trainingBatch, makeBatch, accuracy, createRandom, promptFor, answerFor } from './tasks.js';

/** Sizes the lessons offer: `small` finishes a few hundred steps in seconds, `large` is for the patient. */
export const SIZES = {
  small: { dModel: 32, heads: 4, layers: 2, ffnSize: 64, batch: 32 },
  large: { dModel: 64, heads: 4, layers: 2, ffnSize: 128, batch: 32 },
};

/** Where a run's numbers stopped being finite: the step, which number (`quantity`) and what it became. */
const divergence = (step, quantity, value) => ({ step, quantity, value: Number.isNaN(value) ? 'nan' : 'infinite' });

/**
 * One Adam step (clip_grad_norm_ 1) of `model` on the batch `b` ({ids, targets, batch, length}) of a run that has
 * taken `step` steps: {loss, diverged}. A loss that is not a finite number (a setting that made training blow up)
 * stops before the step; a gradient norm that is not, after it (the weights are no longer finite). `diverged` then
 * says where ({step counted from 1, quantity: 'loss' | 'gradient', value: 'nan' | 'infinite'}), else it is null.
 * A model whose numbers are NaN can only give NaN from then on: its run stops there. Shared by run.js's toy
 * tasks and language.js's language models.
 */
export function guardedStep(model, b, { lr, step }) {
  const loss = model.loss(b.ids, b.targets, b.batch, b.length);
  if (!Number.isFinite(loss)) return { loss, diverged: divergence(step + 1, 'loss', loss) };
  model.adamStep({ lr, clipNorm: 1 });
  const norm = model.lastGradientNorm;
  if (!Number.isFinite(norm)) return { loss, diverged: divergence(step + 1, 'gradient', norm) };
  return { loss, diverged: null };
}

/**
 * settings: {task, positional, causal, size, symbols, minLength, maxLength, testLength, shift, steps, lr, seed}
 *   minLength…maxLength: input lengths seen in training (one length per batch);
 *   testLength: the longest input the run will be asked about (≥ maxLength; lesson "longer than it has seen").
 * The learned table gets rows only for the lengths trained on, like document 002's nn.Embedding(max_len, d):
 * asking it about a longer input is the document's IndexError, reported as such (see evaluate()).
 */
export function createRun(poslab, settings) {
  const { task, positional, causal, symbols, minLength, maxLength, shift = 1, lr, seed } = settings;
  const size = SIZES[settings.size] ?? SIZES.small;
  const testLength = Math.max(maxLength, settings.testLength ?? maxLength);
  const format = causal ? 'answer' : 'label';
  const vocabulary = taskVocabulary({ task, symbols, maxLength: testLength });
  const sequenceLength = (n) => (format === 'answer' ? 2 * n + 1 : n);
  const rowsFor = positional === 'learned' ? maxLength : testLength;
  const model = new poslab.TinyTransformer({
    vocabSize: vocabulary.vocabSize,
    dModel: size.dModel,
    heads: size.heads,
    layers: size.layers,
    ffnSize: size.ffnSize,
    maxLen: sequenceLength(rowsFor),
    positional,
    causal,
    seed,
  });
  // The data has its own stream, so the same seed gives the same batches whatever the model.
  const random = createRandom(seed);
  const evalSets = new Map();
  let step = 0;
  let diverged = null; // {step, quantity, value} once a loss or a gradient norm was not finite

  /** A fixed evaluation set per length: the same sequences every time it is asked, drawn from its own seed. */
  function evalSet(n, count = 128) {
    if (!evalSets.has(n)) {
      const r = createRandom(`${1000003 + n * 7919 + Number(seed) % 1000000}`);
      evalSets.set(n, makeBatch({ task, format, symbols, inputLength: n, batch: count, shift, maxLength: testLength, random: r }));
    }
    return evalSets.get(n);
  }

  return {
    vocabulary,
    format,
    size,
    parameterCount: model.parameterCount(),
    get step() {
      return step;
    },
    /**
     * null, or where the numbers stopped being finite: {step (counted from 1), quantity: 'loss' | 'gradient',
     * value: 'nan' | 'infinite'}. A model whose numbers are NaN can only give NaN from then on: its run stops.
     */
    get diverged() {
      return diverged;
    },
    /**
     * One Adam step on a fresh batch; returns the batch's loss before the step. A loss that is not a finite
     * number (a setting that made training blow up) stops the run before the step; a gradient norm that is not,
     * after it (the weights are no longer finite). Either way `diverged` says where, and the run does not train
     * any further.
     */
    trainStep() {
      if (diverged) return Number.NaN;
      const b = trainingBatch({ task, format, symbols, minLength, maxLength, batch: size.batch, shift, testLength, random });
      const result = guardedStep(model, b, { lr, step });
      diverged = result.diverged;
      if (!diverged) step += 1;
      return result.loss;
    },
    /**
     * Accuracy on inputs of length n: tokens (each answer token, given the right ones before it in the causal
     * format) and whole sequences (every token right: the same as greedy decoding getting it all right).
     * {available: false} when the learned table has no rows for that length.
     */
    evaluate(n) {
      if (sequenceLength(n) > sequenceLength(rowsFor)) return { length: n, available: false, rows: sequenceLength(rowsFor), needed: sequenceLength(n) };
      const b = evalSet(n);
      const logits = model.logits(b.ids, b.batch, b.length);
      return { length: n, available: true, ...accuracy(logits, b.targets, b.batch, b.length, vocabulary.vocabSize) };
    },
    /** The model's answer to one input (symbol ids) and the right answer; greedy decoding for causal models. */
    predict(xs) {
      const expected = answerFor(task, xs, { shift, countBase: vocabulary.countBase });
      const n = xs.length;
      if (sequenceLength(n) > sequenceLength(rowsFor)) {
        throw Object.assign(new Error(`the learned table has ${sequenceLength(rowsFor)} rows`), { code: 'out_of_range', argument: 'length', value: sequenceLength(n), min: 1, max: sequenceLength(rowsFor) });
      }
      const argmax = (logits, position) => {
        let best = 0;
        const base = position * vocabulary.vocabSize;
        for (let v = 1; v < vocabulary.vocabSize; v++) if (logits[base + v] > logits[base + best]) best = v;
        return best;
      };
      let answer;
      let sequence;
      if (format === 'label') {
        sequence = Int32Array.from(xs);
        const logits = model.logits(sequence, 1, n);
        answer = Array.from({ length: n }, (_, i) => argmax(logits, i));
      } else {
        const prompt = promptFor(xs, { format, sep: vocabulary.sep });
        const tokens = Array.from(prompt);
        answer = [];
        for (let i = 0; i < n; i++) {
          const logits = model.logits(Int32Array.from(tokens), 1, tokens.length);
          const next = argmax(logits, tokens.length - 1);
          answer.push(next);
          tokens.push(next);
        }
        // input · SEP · answer without its last token: what the model read to write the answer
        sequence = Int32Array.from([...prompt, ...answer.slice(0, n - 1)]);
      }
      const attention = model.attentionWeights(sequence, sequence.length);
      return { answer, expected, sequence: Array.from(sequence), attention, layers: size.layers, heads: size.heads };
    },
    delete() {
      model.delete();
    },
  };
}
