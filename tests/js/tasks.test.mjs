// The toy tasks of lessons 14 and 15 (web/src/training/tasks.js): the generator, each task's answers on
// hand-written examples, the order-free control, both batch layouts, accuracy, and every refusal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TASKS, ORDER_FREE, createRandom, taskVocabulary, answerFor, makeBatch, trainingBatch, accuracy, parseSequence, promptFor,
} from '../../web/src/training/tasks.js';

const refuses = (fn, code, argument) => assert.throws(fn, (err) => err.code === code && (argument === undefined || err.argument === argument));

test('sfc32: the same seed gives the same stream, another seed another; decimal seeds up to 2^64 − 1', () => {
  const first = (seed) => Array.from({ length: 5 }, ((r) => () => r.nextUint32())(createRandom(seed)));
  assert.deepEqual(first(0), first('0'));
  assert.notDeepEqual(first(0), first(1));
  assert.notDeepEqual(first('18446744073709551615'), first('18446744073709551614'));
  // Regression values, pinned from this implementation (a change of seeding or generator changes every link's run).
  assert.deepEqual(first(2026), [1739015753, 393100263, 1895966229, 1749852358, 245078849]);
  refuses(() => createRandom(-1), 'not_integer', 'seed');
  refuses(() => createRandom('18446744073709551616'), 'not_integer', 'seed');
  refuses(() => createRandom(1.5), 'not_integer', 'seed');
});

test('below(n) stays in [0, n) and is uniform (chi-square over 100,000 draws, 10 cells, fixed seed)', () => {
  const r = createRandom(7);
  const cells = new Array(10).fill(0);
  for (let i = 0; i < 100000; i++) {
    const x = r.below(10);
    assert.ok(x >= 0 && x < 10 && Number.isInteger(x));
    cells[x] += 1;
  }
  const chi = cells.reduce((s, c) => s + (c - 10000) ** 2 / 10000, 0);
  assert.ok(chi < 27.9, `chi-square ${chi} (9 degrees of freedom, p = 0.001 at 27.9)`);
  // a range that is not a power of two, near 2^32, still in range (the rejection step)
  for (let i = 0; i < 1000; i++) assert.ok(r.below(3_000_000_001) < 3_000_000_001);
  refuses(() => r.below(0), 'out_of_range', 'n');
});

test('every task on hand-written examples', () => {
  const { countBase } = taskVocabulary({ task: 'count-so-far', symbols: 10, maxLength: 8 });
  assert.equal(countBase, 11);
  assert.deepEqual(answerFor('reverse', [1, 2, 3]), [3, 2, 1]);
  assert.deepEqual(answerFor('sort', [3, 1, 2, 1]), [1, 1, 2, 3]);
  assert.deepEqual(answerFor('copy', [4, 0, 4]), [4, 0, 4]);
  assert.deepEqual(answerFor('shift', [0, 1, 2, 3], { shift: 2 }), [2, 3, 0, 1]);
  assert.deepEqual(answerFor('shift', [0, 1, 2, 3], { shift: 1 }), [3, 0, 1, 2]);
  assert.deepEqual(answerFor('shift', [0, 1, 2], { shift: 4 }), [2, 0, 1]);
  assert.deepEqual(answerFor('count-so-far', [1, 2, 1, 1], { countBase }).map((id) => id - countBase + 1), [1, 1, 2, 3]);
  assert.deepEqual(answerFor('count-total', [1, 2, 1], { countBase }).map((id) => id - countBase + 1), [2, 1, 2]);
});

// Copy per position is the identity, which needs no positions either: it is a real task only in the causal format.
test('only the control (and copy per position) is order-free: permuting the input permutes the answer', () => {
  const xs = [3, 1, 4, 1, 5, 9];
  const orders = [[3, 0, 4, 1, 5, 2], [1, 0, 2, 3, 4, 5], [5, 0, 4, 1, 3, 2], [2, 3, 4, 5, 0, 1]];
  const countBase = 11;
  for (const task of TASKS) {
    const answer = answerFor(task, xs, { shift: 2, countBase });
    const kept = orders.map((order) => {
      const permuted = answerFor(task, order.map((i) => xs[i]), { shift: 2, countBase });
      return order.every((i, k) => permuted[k] === answer[i]);
    });
    assert.equal(kept.every(Boolean), ORDER_FREE.has(task) || task === 'copy', `${task}: ${kept}`);
  }
});

test('the vocabulary: symbols, the separator, the counts, and their names', () => {
  const v = taskVocabulary({ task: 'count-total', symbols: 10, maxLength: 3 });
  assert.deepEqual(v.tokenNames, ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '→', '×1', '×2', '×3']);
  assert.equal(v.vocabSize, 14);
  assert.equal(v.sep, 10);
  const letters = taskVocabulary({ task: 'reverse', symbols: 12, maxLength: 3 });
  assert.deepEqual(letters.tokenNames.slice(0, 3), ['a', 'b', 'c']);
  assert.equal(letters.countBase, null);
  refuses(() => taskVocabulary({ task: 'rotate', symbols: 10, maxLength: 3 }), 'unknown_choice', 'task');
  refuses(() => taskVocabulary({ task: 'copy', symbols: 27, maxLength: 3 }), 'out_of_range', 'symbols');
  refuses(() => taskVocabulary({ task: 'copy', symbols: 10, maxLength: 2.5 }), 'not_integer', 'max_length');
});

test('label format: one answer per position; answer format: input · SEP · answer, targets on the answer only', () => {
  const label = makeBatch({ task: 'reverse', format: 'label', symbols: 10, inputLength: 4, batch: 3, random: createRandom(1) });
  assert.equal(label.length, 4);
  for (let b = 0; b < 3; b++) {
    const xs = [...label.ids.subarray(b * 4, b * 4 + 4)];
    assert.deepEqual([...label.targets.subarray(b * 4, b * 4 + 4)], [...xs].reverse());
  }
  const answer = makeBatch({ task: 'reverse', format: 'answer', symbols: 10, inputLength: 3, batch: 2, random: createRandom(1) });
  assert.equal(answer.length, 7);
  for (let b = 0; b < 2; b++) {
    const row = [...answer.ids.subarray(b * 7, b * 7 + 7)];
    assert.equal(row[3], 10);
    assert.deepEqual(row.slice(4), row.slice(0, 3).reverse());
    assert.deepEqual([...answer.targets.subarray(b * 7, b * 7 + 7)], [-100, -100, -100, row[4], row[5], row[6], -100]);
  }
  // the same seed gives the same batch
  const again = makeBatch({ task: 'reverse', format: 'label', symbols: 10, inputLength: 4, batch: 3, random: createRandom(1) });
  assert.deepEqual(again.ids, label.ids);
  refuses(() => makeBatch({ task: 'copy', format: 'pairs', symbols: 10, inputLength: 3, batch: 2, random: createRandom(1) }), 'unknown_choice', 'format');
  refuses(() => makeBatch({ task: 'copy', format: 'label', symbols: 10, inputLength: 3, batch: 0, random: createRandom(1) }), 'out_of_range', 'batch');
  refuses(() => makeBatch({ task: 'copy', format: 'label', symbols: 10, inputLength: 9, maxLength: 8, batch: 1, random: createRandom(1) }), 'out_of_range', 'input_length');
});

test('training batches draw lengths within [minLength, maxLength], all of them over many batches', () => {
  const r = createRandom(3);
  const seen = new Set();
  for (let i = 0; i < 200; i++) {
    const b = trainingBatch({ task: 'copy', format: 'answer', symbols: 10, minLength: 2, maxLength: 5, batch: 1, random: r });
    assert.equal(b.length, 2 * b.inputLength + 1);
    seen.add(b.inputLength);
  }
  assert.deepEqual([...seen].sort(), [2, 3, 4, 5]);
  refuses(() => trainingBatch({ task: 'copy', format: 'answer', symbols: 10, minLength: 4, maxLength: 3, batch: 1, random: r }), 'out_of_range', 'max_length');
});

test('accuracy counts tokens and whole sequences, skips −100, breaks ties to the lowest id like argmax', () => {
  // 2 sequences × 2 positions × 3 classes
  const logits = Float32Array.from([
    0, 5, 1, /**/ 2, 2, 0, // row 0: argmax 1, then tie 0/1 → 0
    9, 0, 0, /**/ 0, 0, 1, // row 1: argmax 0, then 2
  ]);
  const targets = Int32Array.from([1, 1, 0, -100]);
  const a = accuracy(logits, targets, 2, 2, 3);
  assert.deepEqual(a, { tokens: { correct: 2, total: 3 }, sequences: { correct: 1, total: 2 } });
  refuses(() => accuracy(logits, targets, 2, 3, 3), 'size_mismatch', 'logits');
});

test('parseSequence reads digits with or without spaces and refuses anything else', () => {
  assert.deepEqual(parseSequence('31415', { symbols: 10, maxLength: 12 }), [3, 1, 4, 1, 5]);
  assert.deepEqual(parseSequence(' 3 1 4 ', { symbols: 10, maxLength: 12 }), [3, 1, 4]);
  assert.deepEqual(parseSequence('cab', { symbols: 12, maxLength: 12 }), [2, 0, 1]);
  refuses(() => parseSequence('12x', { symbols: 10, maxLength: 12 }), 'unknown_token', 'sequence');
  refuses(() => parseSequence('19', { symbols: 5, maxLength: 12 }), 'unknown_token', 'sequence');
  refuses(() => parseSequence('', { symbols: 10, maxLength: 12 }), 'out_of_range', 'sequence');
  refuses(() => parseSequence('1234567890123', { symbols: 10, maxLength: 12 }), 'out_of_range', 'sequence');
  assert.deepEqual(promptFor([1, 2], { format: 'answer', sep: 10 }), [1, 2, 10]);
  assert.deepEqual(promptFor([1, 2], { format: 'label', sep: 10 }), [1, 2]);
});
