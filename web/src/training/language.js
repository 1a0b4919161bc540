// training/language.js — a character-level causal language model of the lab's TinyTransformer (lesson 18,
// "train short, test long"): the character vocabulary of a text, its training and validation parts, the seeded
// batches of training windows, the non-overlapping evaluation segments, and one run that trains on windows of L
// characters and is then asked for its perplexity at other lengths. Pure JavaScript over a loaded module, the
// same in the page's workers and in Node; notebooks/language_model_reference.ipynb repeats every step in
// PyTorch. Errors carry the fields the page translates (code, argument, value, min, max).
import { createRandom } from './tasks.js';
import { guardedStep } from './run.js';

/** The TinyTransformer's largest vocabulary: the characters seen in training plus the unknown id. */
export const MAX_VOCABULARY = 1024;
/** Below this many characters a tenth of the text is too little to measure anything on. */
export const MIN_CHARACTERS = 4096;
export const METHODS = ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'];

/**
 * The lesson's presets. `small` is the calibrated model: 600 steps on 32-character windows give the shape of
 * the ALiBi paper's Figure 1 (the reference notebook asserts it for seeds 0–4). `patient` is the same model on
 * windows twice as long (8L = 512): Figure 1 at a second training length. More steps would not help: the
 * story has 18,431 training characters, and after 1200 steps of 64-character windows the models know them by
 * heart (lower training loss, higher validation perplexity than after 600).
 */
export const PRESETS = {
  small: { dModel: 48, heads: 4, layers: 2, ffnSize: 192, batch: 16, trainLength: 32, steps: 600, lr: 3e-3 },
  patient: { dModel: 48, heads: 4, layers: 2, ffnSize: 192, batch: 16, trainLength: 64, steps: 600, lr: 3e-3 },
};

/** The inference lengths of Figure 1 at classroom scale: L/2, L, 2L, 4L and 8L. */
export const inferenceLengths = (trainLength) => [0.5, 1, 2, 4, 8].map((f) => Math.round(f * trainLength));

function fail(code, argument, message, fields = {}) {
  return Object.assign(new Error(`${argument}: ${message}`), { code, argument, ...fields });
}

// Characters are Unicode code points (Array.from), as Python's str iterates, so an emoji is one character.
const characters = (text) => Array.from(text);
const byCodePoint = (a, b) => a.codePointAt(0) - b.codePointAt(0);

/**
 * The vocabulary of the training text: its distinct characters sorted by code point (Python's sorted()) take
 * ids 0 … k − 1, and id k stands for every character the training text never had.
 */
export function buildVocabulary(trainingText) {
  const seen = [...new Set(characters(trainingText))].sort(byCodePoint);
  if (seen.length + 1 > MAX_VOCABULARY) {
    throw fail('too_many_characters', 'text', `has ${seen.length} different characters; the model takes at most ${MAX_VOCABULARY - 1}`, { value: seen.length, max: MAX_VOCABULARY - 1 });
  }
  return { characters: seen, unknownId: seen.length, vocabSize: seen.length + 1, index: new Map(seen.map((c, i) => [c, i])) };
}

/** The text's characters as ids; a character outside the vocabulary becomes the unknown id. */
export function encode(text, vocabulary) {
  return Int32Array.from(characters(text), (c) => vocabulary.index.get(c) ?? vocabulary.unknownId);
}

/** Ids back to text; the unknown id is written as U+FFFD, the replacement character. */
export function decode(ids, vocabulary) {
  return Array.from(ids, (id) => vocabulary.characters[id] ?? '\ufffd').join('');
}

/**
 * The text split as the lesson trains and measures: the first 90 % of its characters (⌊9n / 10⌋) for training,
 * the last 10 % for validation, the vocabulary from the training part only, and both parts as ids.
 */
export function prepareCorpus(text) {
  if (typeof text !== 'string') throw fail('not_text', 'text', 'must be a string');
  const chars = characters(text);
  if (chars.length < MIN_CHARACTERS) {
    throw fail('too_little_text', 'text', `has ${chars.length} characters; at least ${MIN_CHARACTERS} are needed`, { value: chars.length, min: MIN_CHARACTERS });
  }
  const cut = Math.floor((chars.length * 9) / 10);
  const training = chars.slice(0, cut).join('');
  const validation = chars.slice(cut).join('');
  const vocabulary = buildVocabulary(training);
  return { vocabulary, training, validation, trainingIds: encode(training, vocabulary), validationIds: encode(validation, vocabulary) };
}

/**
 * `batch` training windows of length + 1 ids: window b starts at the b-th draw random.below(n − length), drawn
 * in order b = 0, 1, …; its first `length` ids are the inputs and its last `length` the targets (the same
 * characters shifted by one). Every window fits: the last start, n − length − 1, still has its target.
 */
export function sampleBatch(ids, { batch, length, random }) {
  if (ids.length <= length) {
    throw fail('too_little_text', 'training', `has ${ids.length} characters; a window needs ${length + 1}`, { value: ids.length, min: length + 1 });
  }
  const inputs = new Int32Array(batch * length);
  const targets = new Int32Array(batch * length);
  const starts = new Int32Array(batch);
  for (let b = 0; b < batch; b++) {
    const start = random.below(ids.length - length);
    starts[b] = start;
    inputs.set(ids.subarray(start, start + length), b * length);
    targets.set(ids.subarray(start + 1, start + length + 1), b * length);
  }
  return { ids: inputs, targets, batch, length, starts };
}

/**
 * The validation ids cut into non-overlapping segments of `length` inputs, each with its targets shifted by
 * one: segment k reads ids k·length … k·length + length − 1 and predicts the next character of each. As in the
 * ALiBi paper's non-overlapping evaluation, every segment starts from nothing, and the last, partial segment is
 * dropped, so every length is measured on whole segments only: ⌊(m − 1) / length⌋ of them for m ids.
 */
export function evaluationSegments(ids, length) {
  const count = Math.floor((ids.length - 1) / length);
  if (count < 1) {
    throw fail('too_little_text', 'validation', `has ${ids.length} characters; a segment of ${length} needs ${length + 1}`, { value: ids.length, min: length + 1 });
  }
  const segment = (k) => ({ ids: ids.subarray(k * length, (k + 1) * length), targets: ids.subarray(k * length + 1, (k + 1) * length + 1) });
  return { count, length, segment };
}

/**
 * One language model. settings: {text, positional, preset = 'small', seed = 0, longest = 8 L}, and any of the
 * preset's fields to change it (dModel, heads, layers, ffnSize, batch, trainLength, steps, lr). The learned
 * table gets one row per position of the training window (maxLen = L, as nn.Embedding(L, d)): it has no row to
 * read a longer segment with, which evaluate() reports as a result. The other methods are built for the
 * longest length.
 */
export function createLanguageRun(poslab, settings) {
  const { text, positional, seed = 0, preset: name = 'small', ...sizes } = settings;
  if (!Object.hasOwn(PRESETS, name)) throw fail('unknown_choice', 'preset', `must be one of ${Object.keys(PRESETS).join(', ')}`, { value: String(name), expected: Object.keys(PRESETS).join(', ') });
  const preset = { ...PRESETS[name], ...sizes };
  const { trainLength, batch, lr } = preset;
  const longest = preset.longest ?? 8 * trainLength;
  const corpus = prepareCorpus(text);
  const rows = positional === 'learned' ? trainLength : longest;
  const model = new poslab.TinyTransformer({
    vocabSize: corpus.vocabulary.vocabSize,
    dModel: preset.dModel,
    heads: preset.heads,
    layers: preset.layers,
    ffnSize: preset.ffnSize,
    maxLen: rows,
    positional,
    causal: true,
    seed,
  });
  // The batches have their own stream from the same seed, so every method sees the same windows.
  const random = createRandom(seed);
  let step = 0;
  let diverged = null;

  /** Mean loss per position over the segments of one length, and their perplexity; the learned table's missing rows as a result. */
  function evaluate(length) {
    const segments = evaluationSegments(corpus.validationIds, length);
    const positionLoss = new Float64Array(length);
    try {
      for (let k = 0; k < segments.count; k++) {
        const { ids, targets } = segments.segment(k);
        const losses = model.tokenLosses(ids, targets);
        for (let i = 0; i < length; i++) positionLoss[i] += losses[i] / segments.count;
      }
    } catch (err) {
      if (err.code !== 'out_of_range' || length <= rows) throw err;
      return { length, available: false, rows, needed: length, segments: segments.count, error: { code: err.code, argument: err.argument, message: err.message } };
    }
    const meanLoss = positionLoss.reduce((a, b) => a + b, 0) / length;
    return { length, available: true, meanLoss, perplexity: Math.exp(meanLoss), segments: segments.count, positionLoss };
  }

  return {
    vocabulary: corpus.vocabulary,
    corpus,
    settings: { ...preset, preset: name, positional, seed, longest, rows },
    parameterCount: model.parameterCount(),
    /** The TinyTransformer itself, for what the run does not wrap (attention weights, logits). */
    model,
    get step() {
      return step;
    },
    /**
     * null, or where the numbers stopped being finite, as run.js reports it for the training workers: {step
     * (counted from 1), quantity: 'loss' | 'gradient', value: 'nan' | 'infinite'}.
     */
    get diverged() {
      return diverged;
    },
    /**
     * One Adam step (clip_grad_norm_ 1) on a fresh batch; returns the batch's loss before the step. A loss or a
     * gradient norm that is not finite stops the run there (a NaN model can only give NaN from then on).
     */
    trainStep() {
      if (diverged) return Number.NaN;
      const result = guardedStep(model, sampleBatch(corpus.trainingIds, { batch, length: trainLength, random }), { lr, step });
      diverged = result.diverged;
      if (!diverged) step += 1;
      return result.loss;
    },
    /** `steps` more steps; their losses. */
    train(steps) {
      return Array.from({ length: steps }, () => this.trainStep());
    },
    evaluate,
    /**
     * Continues `prompt` by `count` characters through the key/value cache: greedy at temperature 0, else drawn
     * from softmax(logits / temperature) over the `topK` likeliest characters (0: all of them) with its own
     * seeded stream. The learned table stops at its last row: `noRow` is then the first position it has no row
     * for (also when the prompt alone is longer than its table, which the module refuses as out_of_range), a
     * result to show rather than an error; else null.
     */
    generate(prompt, count, { temperature = 0, topK = 0, seed: drawSeed = 0 } = {}) {
      const promptIds = encode(prompt, corpus.vocabulary);
      if (promptIds.length === 0) throw fail('empty', 'prompt', 'must have at least one character');
      const draw = createRandom(drawSeed);
      const out = [];
      model.beginSequence();
      let logits;
      try {
        for (const id of promptIds) logits = model.next(id);
      } catch (err) {
        if (err.code !== 'out_of_range') throw err;
        return { text: '', ids: [], complete: false, noRow: rows, rows };
      }
      for (let i = 0; i < count; i++) {
        const id = temperature > 0 ? sample(logits, temperature, topK, draw) : argmax(logits);
        out.push(id);
        if (model.sequenceLength >= rows) break;
        if (i + 1 < count) logits = model.next(id);
      }
      const complete = out.length === count;
      return { text: decode(out, corpus.vocabulary), ids: out, complete, noRow: complete ? null : rows, rows };
    },
    delete() {
      model.delete();
    },
  };
}

function argmax(logits) {
  let best = 0;
  for (let v = 1; v < logits.length; v++) if (logits[v] > logits[best]) best = v;
  return best;
}

function sample(logits, temperature, topK, random) {
  const top = logits[argmax(logits)];
  // The k-th largest logit is the floor: characters below it get no weight (ties at the floor are all kept).
  const floor = topK > 0 && topK < logits.length ? Float32Array.from(logits).sort()[logits.length - topK] : -Infinity;
  const weights = Array.from(logits, (x) => (x >= floor ? Math.exp((x - top) / temperature) : 0));
  let u = (random.nextUint32() / 2 ** 32) * weights.reduce((a, b) => a + b, 0);
  for (let v = 0; v < weights.length; v++) {
    u -= weights[v];
    if (u < 0) return v;
  }
  return weights.length - 1;
}
