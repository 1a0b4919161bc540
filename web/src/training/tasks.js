// training/tasks.js — the seeded toy tasks the lab's transformer learns (lessons 14 and 15): reverse, sort,
// copy, shift by k, count so far, and the order-free control "count in the sentence". Pure JavaScript, the
// same in the page's workers and in Node. Errors carry the fields the page translates (code, argument, …).

export const TASKS = ['reverse', 'sort', 'copy', 'shift', 'count-so-far', 'count-total'];
export const FORMATS = ['label', 'answer'];
/** The control: permuting the input permutes its answer the same way, so it needs no positions. */
export const ORDER_FREE = new Set(['count-total']);
const COUNT_TASKS = new Set(['count-so-far', 'count-total']);
export const IGNORE = -100; // PyTorch's ignore_index

function fail(code, argument, message, fields = {}) {
  return Object.assign(new Error(`${argument}: ${message}`), { code, argument, ...fields });
}

function requireInt(argument, value, min, max) {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw fail('not_integer', argument, 'must be a whole number', { value: String(value) });
  if (value < min || value > max) throw fail('out_of_range', argument, `must be between ${min} and ${max}`, { value, min, max });
}

function requireChoice(argument, value, options) {
  if (!options.includes(value)) throw fail('unknown_choice', argument, `must be one of ${options.join(', ')}`, { value: String(value), expected: options.join(', ') });
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, as in PractRand), seeded from a whole number or
 * its decimal text (up to 2^64 − 1): the low and high 32 bits fill two words, then 12 outputs are discarded.
 */
export function createRandom(seed) {
  const text = String(seed);
  if (!/^\d{1,20}$/.test(text) || BigInt(text) > 0xffffffffffffffffn) throw fail('not_integer', 'seed', 'must be a whole number from 0 to 2^64 − 1', { value: text });
  const big = BigInt(text);
  let a = Number(big & 0xffffffffn) >>> 0;
  let b = Number(big >> 32n) >>> 0;
  let c = 0x9e3779b9;
  let d = 1;
  const nextUint32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) nextUint32();
  return {
    nextUint32,
    /** A uniform whole number in [0, n), without modulo bias (draws past the last full multiple are redrawn). */
    below(n) {
      requireInt('n', n, 1, 2 ** 32);
      const limit = Math.floor(2 ** 32 / n) * n;
      for (;;) {
        const x = nextUint32();
        if (x < limit) return x % n;
      }
    },
  };
}

/** The token layout: symbols 0 … symbols − 1, then the separator, then (count tasks) the counts 1 … maxLength. */
export function taskVocabulary({ task, symbols, maxLength }) {
  requireChoice('task', task, TASKS);
  requireInt('symbols', symbols, 2, 26);
  requireInt('max_length', maxLength, 1, 256);
  const sep = symbols;
  const countBase = COUNT_TASKS.has(task) ? symbols + 1 : null;
  const names = Array.from({ length: symbols }, (_, i) => (symbols <= 10 ? String(i) : String.fromCharCode(97 + i)));
  names.push('→');
  if (countBase !== null) for (let c = 1; c <= maxLength; c++) names.push(`×${c}`);
  return { vocabSize: names.length, symbols, sep, countBase, tokenNames: names };
}

/** The answer to xs (symbol ids) as token ids. */
export function answerFor(task, xs, { shift = 1, countBase } = {}) {
  requireChoice('task', task, TASKS);
  const n = xs.length;
  switch (task) {
    case 'reverse':
      return xs.map((_, i) => xs[n - 1 - i]);
    case 'sort':
      return [...xs].sort((p, q) => p - q);
    case 'copy':
      return [...xs];
    case 'shift':
      requireInt('shift', shift, 0, 1000);
      return xs.map((_, i) => xs[(((i - shift) % n) + n) % n]);
    case 'count-so-far': {
      const seen = new Map();
      return xs.map((x) => {
        seen.set(x, (seen.get(x) ?? 0) + 1);
        return countBase + seen.get(x) - 1;
      });
    }
    default: {
      const total = new Map();
      for (const x of xs) total.set(x, (total.get(x) ?? 0) + 1);
      return xs.map((x) => countBase + total.get(x) - 1);
    }
  }
}

/**
 * One batch; every sequence has the same input length n, so no padding is ever needed (the model has no
 * padding mask: a pad token would be attended to like any other).
 *   label  (bidirectional): sequence xs (L = n), target y_i at every position.
 *   answer (causal): xs · SEP · ys (L = 2n + 1), targets[t] = sequence[t + 1] for t in n … 2n − 1, else −100.
 */
export function makeBatch({ task, format, symbols, inputLength, batch, shift = 1, maxLength = inputLength, random }) {
  requireChoice('format', format, FORMATS);
  const vocabulary = taskVocabulary({ task, symbols, maxLength });
  requireInt('input_length', inputLength, 1, Math.min(maxLength, format === 'answer' ? 255 : 512));
  requireInt('batch', batch, 1, 4096);
  requireInt('shift', shift, 0, 1000);
  const n = inputLength;
  const L = format === 'answer' ? 2 * n + 1 : n;
  const ids = new Int32Array(batch * L);
  const targets = new Int32Array(batch * L).fill(IGNORE);
  for (let b = 0; b < batch; b++) {
    const xs = Array.from({ length: n }, () => random.below(symbols));
    const ys = answerFor(task, xs, { shift, countBase: vocabulary.countBase });
    const row = b * L;
    if (format === 'label') {
      ids.set(xs, row);
      targets.set(ys, row);
    } else {
      ids.set(xs, row);
      ids[row + n] = vocabulary.sep;
      ids.set(ys, row + n + 1);
      for (let t = n; t < 2 * n; t++) targets[row + t] = ids[row + t + 1];
    }
  }
  return { ids, targets, batch, length: L, inputLength: n };
}

/** A length drawn uniformly in [minLength, maxLength], then makeBatch: the training loop's batches. */
export function trainingBatch({ task, format, symbols, minLength, maxLength, batch, shift, testLength = maxLength, random }) {
  requireInt('min_length', minLength, 1, 256);
  requireInt('max_length', maxLength, minLength, 256);
  const n = minLength + random.below(maxLength - minLength + 1);
  return makeBatch({ task, format, symbols, inputLength: n, batch, shift, maxLength: Math.max(testLength, maxLength), random });
}

/** Token and whole-sequence accuracy of logits against targets (−100 not counted; ties → lowest id, like argmax). */
export function accuracy(logits, targets, batch, length, vocabSize) {
  if (logits.length !== batch * length * vocabSize || targets.length !== batch * length) {
    throw fail('size_mismatch', 'logits', 'must hold batch × length × vocab_size values', { expected: batch * length * vocabSize });
  }
  const tokens = { correct: 0, total: 0 };
  const sequences = { correct: 0, total: 0 };
  for (let b = 0; b < batch; b++) {
    let counted = 0;
    let right = 0;
    for (let i = 0; i < length; i++) {
      const p = b * length + i;
      if (targets[p] === IGNORE) continue;
      let best = 0;
      for (let v = 1; v < vocabSize; v++) if (logits[p * vocabSize + v] > logits[p * vocabSize + best]) best = v;
      counted += 1;
      if (best === targets[p]) right += 1;
    }
    if (counted === 0) continue;
    tokens.correct += right;
    tokens.total += counted;
    sequences.total += 1;
    if (right === counted) sequences.correct += 1;
  }
  return { tokens, sequences };
}

/** The student's text ("31415", "3 1 4", or letters when symbols > 10) as symbol ids. */
export function parseSequence(text, { symbols, maxLength }) {
  const pieces = /\s/.test(text.trim()) ? text.trim().split(/\s+/) : [...text.trim()];
  const names = taskVocabulary({ task: 'copy', symbols, maxLength }).tokenNames.slice(0, symbols);
  if (pieces.length === 0 || pieces[0] === '' || pieces.length > maxLength) {
    throw fail('out_of_range', 'sequence', `must have 1 to ${maxLength} symbols`, { value: pieces[0] === '' ? 0 : pieces.length, min: 1, max: maxLength });
  }
  return pieces.map((piece) => {
    const id = names.indexOf(piece.toLowerCase());
    if (id < 0) throw fail('unknown_token', 'sequence', `“${piece}” is not a symbol`, { value: piece.slice(0, 20) });
    return id;
  });
}

/** What the model reads for xs: xs itself (label), or xs · SEP, ready for greedy decoding (answer). */
export function promptFor(xs, { format, sep }) {
  requireChoice('format', format, FORMATS);
  return format === 'label' ? [...xs] : [...xs, sep];
}
