// kernel.js — the only module that talks to WebAssembly.
// It picks the SIMD or the scalar build with feature detection, loads it once, and hands lessons a small
// wrapper whose calls return plain objects ({rows, cols, data}) and throw Errors that the page can translate.
import { simd } from 'wasm-feature-detect';
import { t, has } from './i18n.js';

let loading = null;

/**
 * Loads the numerics module once per page. The URL is resolved against the page (document.baseURI), not
 * against this bundle, so the site works from whatever folder it is served from; Vite must not try to
 * bundle it, hence @vite-ignore: the module is a build product copied to dist/wasm/.
 */
export function loadKernel() {
  loading ??= (async () => {
    const useSimd = await simd();
    const file = useSimd ? 'wasm/poslab.mjs' : 'wasm/poslab-scalar.mjs';
    const url = new URL(file, document.baseURI).href;
    const factory = (await import(/* @vite-ignore */ url)).default;
    const module = await factory();
    return wrap(module);
  })();
  return loading;
}

/** Errors from Emscripten are Errors already; anything else (a string, a number) becomes one. */
function call(fn) {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error) throw err;
    throw new Error(String(err));
  }
}

function wrap(m) {
  const info = m.buildInfo();
  return {
    simd: Boolean(info.simd),
    version: String(info.version),

    /** The max_len × d_model sinusoidal matrix for one variant ("paper", "literal", "literal-shifted"). */
    positionalEncoding({ maxLen, dModel, variant }) {
      const data = call(() => m.positionalEncoding(maxLen, dModel, variant));
      return { rows: maxLen, cols: dModel, data };
    },

    /** Cosine similarity of two vectors (0 when either is all zeros, like scikit-learn). */
    cosineSimilarity(a, b) {
      return call(() => m.cosineSimilarity(a, b));
    },

    /** Cosine similarity of every row of a with every row of b; both are {rows, cols, data}. */
    cosineMatrix(a, b) {
      const data = call(() => m.cosineMatrix(a.data, a.rows, b.data, b.rows, a.cols));
      return { rows: a.rows, cols: b.rows, data };
    },

    /**
     * Row i of a against row i of b (same shapes), accumulated in double: a Float64Array whose leading digits are
     * those every float32 library (PyTorch, NumPy) agrees on.
     */
    cosineRowsExact(a, b) {
      return call(() => m.cosineRowsExact(a.data, b.data, a.rows, a.cols));
    },

    /**
     * Document 003's encoding far out (E003-6) at each of `positions`: float32 as its PyTorch code computes it
     * and exact. Matrices are {rows: positions, cols: pairs (or dModel for the rows), data} (row-major).
     */
    farPositions(positions, dModel) {
      const r = call(() => m.farPositions(positions, dModel));
      const n = positions.length;
      const byPair = (data) => ({ rows: n, cols: dModel / 2, data });
      return {
        positionsF32: r.positionsF32,
        divTermF32: r.divTermF32,
        angleExact: byPair(r.angleExact),
        angleF32: byPair(r.angleF32),
        stepExact: byPair(r.stepExact),
        stepF32: byPair(r.stepF32),
        angleError: byPair(r.angleError),
        errorInSteps: byPair(r.errorInSteps),
        peF32: { rows: n, cols: dModel, data: r.peF32 },
        peExact: { rows: n, cols: dModel, data: r.peExact },
        sameAsNext: r.sameAsNext,
      };
    },

    euclideanDistance(a, b) {
      return call(() => m.euclideanDistance(a, b));
    },

    // ---- embeddings (issue 3) ----
    /**
     * torch.manual_seed(seed); nn.Embedding(vocabSize, dim).weight, bit for bit. `seed`: a whole number up to
     * 2^53 − 1, a BigInt or a decimal string up to 2^64 − 1 (lessons keep it as text).
     */
    /**
     * Document 002's PositionalEncoding(dModel, maxLen, p) on x = torch.randn(batch, seq, dModel) after
     * torch.manual_seed(seed): x, x + pe, the output (dropout when `train`, as PyTorch draws it) and `kept`
     * (Uint8Array, 1 where a value survived). Matrices are (batch·seq) × dModel.
     */
    positionalModule({ seed, batch, seq, dModel, maxLen, p, train }) {
      const r = call(() => m.positionalModule(seed, batch, seq, dModel, maxLen, p, train));
      const matrix = (data) => ({ rows: batch * seq, cols: dModel, data });
      return { x: matrix(r.x), encoded: matrix(r.encoded), output: matrix(r.output), kept: r.kept };
    },

    torchEmbedding({ vocabSize, dim, seed }) {
      const data = call(() => m.torchEmbedding(vocabSize, dim, seed));
      return { rows: vocabSize, cols: dim, data };
    },

    /** Rows `ids` of a table ({rows, cols, data}); an id outside the table is an error naming its place. */
    embeddingLookup(table, ids) {
      const data = call(() => m.embeddingLookup(table.data, table.rows, table.cols, ids));
      return { rows: ids.length, cols: table.cols, data };
    },

    /**
     * Document 000's forward pass for a sentence: each step as a {rows, cols, data} matrix (embedded, scaled,
     * positional, encoded, shift = encoded − embedded, shiftScaled = encoded − scaled), plus scaleFactor and
     * maxDeviation (largest |shiftScaled − positional|) with the roundingBound it stays within, and the largest
     * |value| of shift and of shiftScaled.
     */
    embeddingSteps(table, ids, { variant, scale }) {
      const s = call(() => m.embeddingSteps(table.data, table.rows, table.cols, ids, variant, scale));
      const matrix = (data) => ({ rows: s.rows, cols: s.cols, data });
      return {
        embedded: matrix(s.embedded),
        scaled: matrix(s.scaled),
        positional: matrix(s.positional),
        encoded: matrix(s.encoded),
        shift: matrix(s.shift),
        shiftScaled: matrix(s.shiftScaled),
        scaleFactor: s.scaleFactor,
        maxDeviation: s.maxDeviation,
        roundingBound: s.roundingBound,
        largestShift: s.largestShift,
        largestShiftScaled: s.largestShiftScaled,
      };
    },

    /** The idea document 000 rejects: x·√d + pos (raw index) in every dimension; x is {rows, cols, data}. */
    addPositionIndex(x, { scale }) {
      const data = call(() => m.addPositionIndex(x.data, x.rows, x.cols, scale));
      return { rows: x.rows, cols: x.cols, data };
    },

    /** The seed as torch.manual_seed takes it, in decimal; throws on a seed outside 0 … 2^64 − 1. */
    torchSeed(seed) {
      return call(() => m.torchSeed(seed));
    },

    // ---- attention and RoPE (issue 6) ----

    /** x + PE (scale false) or x·√d + PE (scale true), x = {rows, cols, data}: document 000's forward pass. */
    addPositionalEncoding(x, variant, scale = false) {
      const data = call(() => m.addPositionalEncoding(x.data, x.rows, x.cols, variant, scale));
      return { rows: x.rows, cols: x.cols, data };
    },

    /**
     * Scaled dot-product self-attention of x ({rows, cols, data}). wq, wk, wv: row-major dim × width arrays
     * (omitted: identity projections); causal: each position sees only itself and the positions before it.
     */
    selfAttention(x, { wq, wk, wv, causal = false, keyLength } = {}) {
      const r = call(() => m.selfAttention(x.data, x.rows, x.cols, { wq, wk, wv, causal, keyLength }));
      return {
        weights: { rows: x.rows, cols: x.rows, data: r.weights },
        output: { rows: x.rows, cols: r.valueDim, data: r.output },
      };
    },

    /**
     * The lab's seeded attention head, as notebooks/doc002 draws it: g = torch.Generator().manual_seed(seed);
     * table = randn(words, dim), then W_q, W_k, W_v = 0.5·randn(dim, dim) each (float64, rounded to two
     * decimals, as float32). Returns {table, wq, wk, wv} as {rows, cols, data} matrices.
     */
    attentionExample({ seed, words = 13, dim = 8 }) {
      const r = call(() => m.attentionExample(seed, words, dim));
      const matrix = (rows, data) => ({ rows, cols: r.dim, data });
      return { table: matrix(r.words, r.table), wq: matrix(r.dim, r.wq), wk: matrix(r.dim, r.wk), wv: matrix(r.dim, r.wv) };
    },

    /** Per row i of reordered: the largest |reordered[i] − original[order[i]]| (Float64Array). */
    permutationRowGaps(original, reordered, order) {
      return call(() => m.permutationRowGaps(original.data, reordered.data, original.rows, original.cols, order));
    },

    /** Throws a not_permutation (or size_mismatch) error unless order holds 0 … n−1 once each. */
    validatePermutation(order, n) {
      call(() => m.validatePermutation(order, n));
    },

    /** The paper's div_term, 10000^(−2i/dModel) for each pair i (Float64Array of dModel/2). */
    divTerm(dModel) {
      return call(() => m.divTerm(dModel));
    },

    /** Wavelength of each pair, 2π/div_term, in positions (Float64Array of dModel/2). */
    wavelengths(dModel) {
      return call(() => m.wavelengths(dModel));
    },

    /** position · div_term: {rows: maxLen, cols: dModel/2, data}. */
    angleMatrix(maxLen, dModel) {
      const data = call(() => m.angleMatrix(maxLen, dModel));
      return { rows: maxLen, cols: dModel / 2, data };
    },

    /** M(k), PE(pos), M(k)·PE(pos), PE(pos + k) and the largest difference between the last two. */
    rotationCheck(pos, k, dModel) {
      const r = call(() => m.rotationCheck(pos, k, dModel));
      return { ...r, rotation: { rows: dModel, cols: dModel, data: r.rotation } };
    },

    /** The two closest different positions of the paper's encoding among 0 … maxLen−1: {posA, posB, distance}. */
    closestPositions(maxLen, dModel) {
      return call(() => m.closestPositions(maxLen, dModel));
    },

    /** The two closest different rows of x ({rows, cols, data}): {posA, posB, distance}. */
    closestRows(x) {
      return call(() => m.closestRows(x.data, x.rows, x.cols));
    },

    /** RoPE: row r of x ({rows, cols, data}) rotated as the vector at position r. */
    rope(x, base = 10000) {
      const data = call(() => m.rope(x.data, x.rows, x.cols, base));
      return { rows: x.rows, cols: x.cols, data };
    },

    /** RoPE(q, m)·RoPE(k, n) for m, n < positions: {rows, cols, data}. */
    ropeScoreGrid(q, k, positions, base = 10000) {
      const data = call(() => m.ropeScoreGrid(q, k, positions, base));
      return { rows: positions, cols: positions, data };
    },

    /** Largest (max − min) along any diagonal of a square grid {rows, cols, data}: 0 when it depends only on m − n. */
    diagonalSpread(grid) {
      return call(() => m.diagonalSpread(grid.data, grid.rows));
    },

    /** (q + PE(m))·(k + PE(n)) for m, n < positions, paper formula. */
    additiveScoreGrid(q, k, positions) {
      const data = call(() => m.additiveScoreGrid(q, k, positions));
      return { rows: positions, cols: positions, data };
    },

    // ---- positions as biases, RoPE stretched (issue 12) ----
    /** ALiBi's slopes, exactly as the paper's get_slopes(heads): Float64Array(heads). */
    alibiSlopes(heads) {
      return call(() => m.alibiSlopes(heads));
    },

    /** ALiBi's bias of every head: [{rows, cols, data}] (−slope·|i − j|; −∞ above the diagonal when causal). */
    alibiBias({ heads, length, causal }) {
      const all = call(() => m.alibiBias(heads, length, causal));
      return Array.from({ length: heads }, (_, h) => ({ rows: length, cols: length, data: all.subarray(h * length * length, (h + 1) * length * length) }));
    },

    /** T5's bucket (HF's _relative_position_bucket) of one offset j − i. */
    t5RelativeBucket({ offset, bidirectional, buckets, maxDistance }) {
      return call(() => m.t5RelativeBucket(offset, bidirectional, buckets, maxDistance));
    },

    /** The bucket of every offset j − i of a length × length grid: {rows, cols, data: Int32Array}. */
    t5BucketGrid({ length, bidirectional, buckets, maxDistance }) {
      const data = call(() => m.t5BucketGrid(length, bidirectional, buckets, maxDistance));
      return { rows: length, cols: length, data };
    },

    /** T5's bias from a (buckets × heads) table: [{rows, cols, data}] per head. */
    t5Bias({ table, buckets, heads, length, bidirectional, maxDistance }) {
      const all = call(() => m.t5Bias(table, buckets, heads, length, bidirectional, maxDistance));
      return Array.from({ length: heads }, (_, h) => ({ rows: length, cols: length, data: all.subarray(h * length * length, (h + 1) * length * length) }));
    },

    /**
     * RoPE stretched from originalLength to about factor·originalLength. options: {dim, base, originalLength,
     * factor, betaFast, betaSlow, currentLength}; method: extrapolation, linear, ntk, dynamic, yarn.
     */
    ropeInvFreq(options, method) {
      return call(() => m.ropeInvFreq(options, method));
    },
    ropeAngles(options, method, position) {
      return call(() => m.ropeAngles(options, method, position));
    },
    yarnParameters(options) {
      return call(() => m.yarnParameters(options));
    },
    /** Per pair (columns of Float64Arrays): trained and stretched frequencies and wavelengths, unseen angles. */
    angleCoverage(options, method, lastPosition) {
      return call(() => m.angleCoverage(options, method, lastPosition));
    },
    extendedLastPosition(originalLength, factor) {
      return call(() => m.extendedLastPosition(originalLength, factor));
    },
    ntkAwareBase(dim, base, factor) {
      return call(() => m.ntkAwareBase(dim, base, factor));
    },
    /** RoFormer's relative bound on |q·k| at distances 0 … maxDistance, for a plain head or any frequencies. */
    ropeDecayBound(dim, base, maxDistance) {
      return call(() => m.ropeDecayBound(dim, base, maxDistance));
    },
    ropeDecayBoundOf(invFreq, maxDistance) {
      return call(() => m.ropeDecayBoundOf(invFreq, maxDistance));
    },

    // ---- tokenizer (issue 5) ----
    /** GPT-2's tokenizer, once per page; its vocabulary (data/gpt2.json, 0.5 MB) is fetched on first use. */
    gpt2Tokenizer() {
      tokenizer ??= (async () => {
        const url = new URL('data/gpt2.json', document.baseURI).href;
        const response = await fetch(url);
        if (!response.ok) throw Object.assign(new Error(`${url}: HTTP ${response.status}`), { code: 'vocabulary_download' });
        const bytes = new Uint8Array(await response.arrayBuffer());
        return wrapTokenizer(call(() => new m.Gpt2Tokenizer(bytes)));
      })();
      tokenizer.catch(() => { tokenizer = null; });  // a failed download can be retried
      return tokenizer;
    },

    /** Batch `index` of document 004's DataLoader (shuffle=False, drop_last=True) over `ids`. */
    loaderBatch({ ids, maxLength, stride, batchSize, index = 0 }) {
      return call(() => m.loaderBatch(ids, maxLength, stride, batchSize, index));
    },

    /**
     * Document 004's learned positions for a batch of `rows` windows of `length` ids: torch.manual_seed(seed),
     * the vocabSize × dim token table, [the DataLoader's draw], the contextLength × dim positional table; the
     * batch's token rows, the positional table and their broadcast sum, each {rows, cols, data}.
     */
    learnedPositions({ ids, rows, length, vocabSize = 50257, dim, contextLength, seed, loaderDraw = true }) {
      const r = call(() => m.learnedPositions(ids, rows, length, vocabSize, dim, contextLength, seed, loaderDraw));
      return {
        tokens: { rows: rows * length, cols: dim, data: r.tokens },
        positions: { rows: contextLength, cols: dim, data: r.positions },
        // null when the tables do not broadcast; `failure` then holds PyTorch's RuntimeError as a result to show.
        sum: r.sum ? { rows: rows * length, cols: dim, data: r.sum } : null,
        failure: r.failure ? { ...r.failure } : null,
      };
    },
  };
}

let tokenizer = null;

function wrapTokenizer(t) {
  return {
    vocabularySize: t.vocabularySize(),
    /** Uint32Array of tiktoken's gpt2 ids; text is a string or bytes (invalid UTF-8 reads as U+FFFD). */
    encode(text, { allowSpecial = false } = {}) {
      return call(() => t.encode(text, allowSpecial));
    },
    decode(ids) {
      return call(() => t.decode(ids));
    },
    /** Each id's own text (a token holding part of a character shows U+FFFD there). */
    tokenTexts(ids) {
      return call(() => t.tokenTexts(ids));
    },
    tokenBytes(id) {
      return call(() => t.tokenBytes(id));
    },
    /** The token as GPT-2's vocab.json writes it ("Ġthe"). */
    tokenSymbol(id) {
      return call(() => t.tokenSymbol(id));
    },
    /** The pieces GPT-2's pattern cuts the text into, before any merge. */
    pieces(text) {
      return call(() => t.pieces(text));
    },
  };
}

/**
 * Turns a kernel error (or one built the same way by the page, see state.js) into a sentence in the
 * current language. The error's `code` picks the template errors.<code>; its `argument`, `value`, `min`,
 * `max`, `expected` and `index` fill the {placeholders}. Unknown errors keep their English message.
 */
export function describeError(err) {
  let code = err && err.code;
  // A code may have a wording for one argument (errors.too_large_text): a text is not a matrix.
  if (code && err.argument && has(`errors.${code}_${err.argument}`)) code = `${code}_${err.argument}`;
  if (!code || !has(`errors.${code}`)) return err && err.message ? err.message : String(err);
  const argument = err.argument && has(`arguments.${err.argument}`) ? t(`arguments.${err.argument}`) : err.argument;
  // {Argument} starts a sentence. Identifiers shown as they are written in code (max_len, d_model) keep
  // their lower case; words ("the formula") get a capital.
  const isIdentifier = argument === err.argument;
  const Argument = argument && !isIdentifier ? argument[0].toLocaleUpperCase() + argument.slice(1) : argument;
  return t(`errors.${code}`, {
    argument,
    Argument,
    value: err.value,
    min: err.min,
    max: err.max,
    expected: err.expected,
    index: err.index,
    first: err.first,
    word: err.word,
  });
}

// ---- Word2Vec training off the main thread (issue 4) -------------------------------------------------------
// The worker (src/worker.js) loads its own copy of the module, by the same URL the page would use, trains a
// SkipGram in steps and answers questions about the trained model. kernel.js stays the page's only door to
// WebAssembly: lessons call createTrainer() and get promises back.

/** The module URL for this page (SIMD or scalar), as loadKernel() picks it. */
async function moduleUrl() {
  const useSimd = await simd();
  return new URL(useSimd ? 'wasm/poslab.mjs' : 'wasm/poslab-scalar.mjs', document.baseURI).href;
}

/** An error sent back by the worker as a plain object becomes an Error with the same fields again. */
function revive(plain) {
  const error = new Error(plain.message);
  Object.assign(error, plain);
  return error;
}

/** An Error with a code, so describeError() says it in the reader's language. */
function workerError(code, message) {
  return Object.assign(new Error(message), { code });
}

/**
 * A worker with its own module: send(message) → Promise of its result (by id), progress messages to
 * onProgress(message), cancel(), terminate(). The two trainers below are thin layers on it. The caller creates
 * the Worker itself: Vite finds and bundles a worker only in the literal `new Worker(new URL(…), …)` form.
 */
function workerClient(worker, onProgress) {
  const pending = new Map();
  let nextId = 1;
  const ready = moduleUrl().then((module) => worker.postMessage({ type: 'init', url: module }));

  worker.addEventListener('message', ({ data }) => {
    if (data.type === 'progress') {
      onProgress(data);
      return;
    }
    const request = pending.get(data.id);
    if (!request) return;
    pending.delete(data.id);
    if (data.type === 'error') request.reject(revive(data.error));
    else request.resolve(data.result);
  });
  worker.addEventListener('error', (event) => {
    for (const request of pending.values()) request.reject(workerError('worker_failed', event.message || 'the training worker failed'));
    pending.clear();
  });

  return {
    async send(message) {
      await ready;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...message, id });
      });
    },
    cancel() {
      worker.postMessage({ type: 'cancel' });
    },
    terminate() {
      worker.terminate();
      for (const request of pending.values()) request.reject(workerError('worker_stopped', 'the training worker was stopped'));
      pending.clear();
    },
  };
}

/**
 * A skip-gram trainer in a Web Worker.
 *   train(text, params, onProgress) → Promise<{progress, vocabulary, counts, info}> (rejects on bad input;
 *     resolves with {cancelled: true} when cancel() or a newer train() stopped it)
 *   cancel(); ask(method, args) → Promise (similarities, neighbours, projection, vector); terminate()
 * params use gensim's names in camelCase: vectorSize, window, negative, epochs, minCount, sample, alpha, seed.
 */
export function createTrainer() {
  let progressListener = null;
  let runId = 0;
  const client = workerClient(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }), (data) => {
    if (data.run === runId && progressListener) progressListener(data.progress);
  });
  return {
    train(text, params, onProgress) {
      runId += 1;
      progressListener = onProgress;
      return client.send({ type: 'train', run: runId, text, params });
    },
    cancel: client.cancel,
    ask(method, args) {
      return client.send({ type: 'ask', method, args });
    },
    terminate: client.terminate,
  };
}

/**
 * One TinyTransformer training run in its own Web Worker (training/run.js says what a run is).
 *   start(settings) → Promise<{vocabulary, format, size}>: a new model and data stream (replaces the last one)
 *   train(steps, evalLengths, onProgress) → Promise<{cancelled, step}>: `steps` more steps; onProgress gets
 *     {step, first, last, loss, evaluations: [{length, available, tokens, sequences}], elapsed, stepsPerSecond}
 *   cancel() (the run keeps its model and can continue), ask('predict', {xs}) / ask('evaluate', {lengths}),
 *   terminate()
 */
export function createTransformerRun() {
  let progressListener = null;
  const client = workerClient(
    new Worker(new URL('./training/transformer-worker.js', import.meta.url), { type: 'module' }),
    (data) => progressListener?.(data.progress),
  );
  return {
    start(settings) {
      return client.send({ type: 'start', settings });
    },
    train(steps, evalLengths, onProgress) {
      progressListener = onProgress;
      return client.send({ type: 'train', steps, evalLengths });
    },
    cancel: client.cancel,
    ask(method, args) {
      return client.send({ type: 'ask', method, args });
    },
    terminate: client.terminate,
  };
}
