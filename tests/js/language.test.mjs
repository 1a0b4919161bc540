// The character-level language model's data (web/src/training/language.js): the vocabulary and its unknown
// id, the 90 % / 10 % split, the seeded training windows and the evaluation segments, on hand-made texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_VOCABULARY, MIN_CHARACTERS, buildVocabulary, createLanguageRun, encode, decode, prepareCorpus, sampleBatch, evaluationSegments, inferenceLengths,
} from '../../web/src/training/language.js';
import { fakeModule } from './fake-transformer.mjs';
import { createRandom } from '../../web/src/training/tasks.js';

const refuses = (fn, fields) => assert.throws(fn, (err) => Object.entries(fields).every(([k, v]) => err[k] === v));
/** A text of `count` characters cycling through `alphabet`. */
const textOf = (alphabet, count) => Array.from({ length: count }, (_, i) => alphabet[i % alphabet.length]).join('');

test('the vocabulary: distinct characters by code point (as Python sorts them), then the unknown id', () => {
  // UTF-16 order would put the emoji (0xD83D…) before the fullwidth "！" (U+FF01); code point order puts it after.
  const v = buildVocabulary('ba！😀a\nb');
  assert.deepEqual(v.characters, ['\n', 'a', 'b', '！', '😀']);
  assert.equal(v.unknownId, 5);
  assert.equal(v.vocabSize, 6);
  assert.deepEqual(Array.from(encode('ab😀z!', v)), [1, 2, 4, 5, 5]);
  assert.equal(decode(encode('a😀zb', v), v), 'a😀\ufffdb');
});

test('too many different characters: the model takes at most 1023 and the unknown id', () => {
  const alphabet = Array.from({ length: MAX_VOCABULARY }, (_, i) => String.fromCodePoint(0x4e00 + i));
  assert.equal(buildVocabulary(alphabet.slice(1).join('')).vocabSize, MAX_VOCABULARY);
  refuses(() => buildVocabulary(alphabet.join('')), { code: 'too_many_characters', argument: 'text', value: 1024, max: 1023 });
  refuses(() => prepareCorpus(textOf(alphabet, 20000)), { code: 'too_many_characters' });
});

test('the split: the first ⌊9n/10⌋ characters train, the rest measure; too little text is refused', () => {
  assert.equal(MIN_CHARACTERS, 4096);
  const c = prepareCorpus(textOf('abcdefgh', 4096));
  assert.equal(c.trainingIds.length, 3686);
  assert.equal(c.validationIds.length, 410);
  assert.equal(c.training + c.validation, textOf('abcdefgh', 4096));
  // Counted in characters, not UTF-16 units: 4095 emoji are still too little, and the cut never splits one.
  refuses(() => prepareCorpus('😀'.repeat(4095)), { code: 'too_little_text', argument: 'text', value: 4095, min: 4096 });
  const emoji = prepareCorpus(`${'😀'.repeat(4000)}${'x'.repeat(1000)}`);
  assert.equal(emoji.training, '😀'.repeat(4000) + 'x'.repeat(500));
  // Characters seen only in the last 10 % become the unknown id.
  const late = prepareCorpus(`${'ab'.repeat(2700)}${'c'.repeat(600)}`);
  assert.deepEqual(late.vocabulary.characters, ['a', 'b']);
  assert.equal(late.validationIds.filter((id) => id === 2).length, 600);
  refuses(() => prepareCorpus(5000), { code: 'not_text' });
});

test('training windows: drawn in order with below(n − L), inputs and targets one character apart, reproducible', () => {
  const ids = Int32Array.from({ length: 100 }, (_, i) => i);
  const b = sampleBatch(ids, { batch: 6, length: 8, random: createRandom(7) });
  const draws = createRandom(7);
  assert.deepEqual(Array.from(b.starts), Array.from({ length: 6 }, () => draws.below(92)));
  for (let k = 0; k < 6; k++) {
    assert.deepEqual(Array.from(b.ids.subarray(k * 8, k * 8 + 8)), Array.from({ length: 8 }, (_, i) => b.starts[k] + i));
    assert.deepEqual(Array.from(b.targets.subarray(k * 8, k * 8 + 8)), Array.from({ length: 8 }, (_, i) => b.starts[k] + i + 1));
  }
  // The same stream carries on from batch to batch; the same seed gives the same batches.
  const r = createRandom(7);
  const two = [sampleBatch(ids, { batch: 3, length: 8, random: r }), sampleBatch(ids, { batch: 3, length: 8, random: r })];
  assert.deepEqual([...two[0].starts, ...two[1].starts], Array.from(b.starts));
  // With n = L + 1 the only window is the whole text.
  assert.deepEqual(Array.from(sampleBatch(ids.subarray(0, 9), { batch: 2, length: 8, random: r }).starts), [0, 0]);
  refuses(() => sampleBatch(ids.subarray(0, 8), { batch: 1, length: 8, random: r }), { code: 'too_little_text', argument: 'training', min: 9 });
});

test('evaluation segments do not overlap, predict the next character, and drop the last partial piece', () => {
  const ids = Int32Array.from({ length: 10 }, (_, i) => 100 + i);
  const s = evaluationSegments(ids, 3);
  assert.equal(s.count, 3); // ⌊(10 − 1) / 3⌋: the targets of the third segment end at the last id
  assert.deepEqual([0, 1, 2].map((k) => Array.from(s.segment(k).ids)), [[100, 101, 102], [103, 104, 105], [106, 107, 108]]);
  assert.deepEqual(Array.from(s.segment(2).targets), [107, 108, 109]);
  assert.equal(evaluationSegments(ids.subarray(0, 9), 3).count, 2); // 9 ids: the third segment would lack its last target
  assert.equal(evaluationSegments(ids, 9).count, 1);
  refuses(() => evaluationSegments(ids, 10), { code: 'too_little_text', argument: 'validation', value: 10, min: 11 });
  assert.deepEqual(inferenceLengths(32), [16, 32, 64, 128, 256]);
});

test('a run whose loss or gradient norm stops being finite stops there and says which step and which number', () => {
  const text = textOf('abcdefgh', 5000);
  const stand = fakeModule({ losses: [2.3, Number.NaN] });
  const nan = createLanguageRun(stand.poslab, { text, positional: 'alibi' });
  assert.deepEqual(nan.train(3).slice(0, 1), [2.3]);
  assert.deepEqual(nan.diverged, { step: 2, quantity: 'loss', value: 'nan' });
  assert.deepEqual([nan.step, stand.log.adamSteps], [1, 1], 'no Adam step on the NaN loss, and none after it');
  const gradient = createLanguageRun(fakeModule({ norms: [0.5, Number.POSITIVE_INFINITY] }).poslab, { text, positional: 'rope' });
  gradient.train(3);
  assert.deepEqual(gradient.diverged, { step: 2, quantity: 'gradient', value: 'infinite' });
  assert.equal(gradient.step, 1);
});
