// Lesson 18's character-level language models as the lab trains them (web/src/training/language.js over the
// SIMD build), held to notebooks/language_model_reference.ipynb: every method's first five training losses
// are PyTorch's; trained with the small preset, the curves have the shape of the ALiBi paper's Figure 1 as
// PyTorch found it for the golden file's seeds (sinusoidal positions fail past the training length, ALiBi reads 8L as well
// as L); the learned table has no rows past L, a result and not a crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { golden, loadModule, sharedData } from './helpers.mjs';
import {
  METHODS, PRESETS, createLanguageRun, encode, evaluationSegments, inferenceLengths, prepareCorpus, sampleBatch,
} from '../../web/src/training/language.js';
import { createRandom } from '../../web/src/training/tasks.js';

const m = await loadModule('poslab.mjs');
const text = readFileSync(sharedData('the-verdict.txt'), 'utf8');
const reference = golden('language_model.json');
const figure = reference.figure_one.small;
const L = PRESETS.small.trainLength;
const at = (n) => figure.lengths.indexOf(n);
/** PyTorch's perplexities of one method at length n, one per seed. */
const torchAt = (method, n) => figure.perplexity[method].map((row) => row[at(n)]);

test('on the story, language.js splits, encodes, draws windows and cuts segments as the notebook did', () => {
  const corpus = prepareCorpus(text);
  const expected = reference.corpus;
  assert.equal(Array.from(text).length, expected.characters);
  assert.deepEqual(
    [corpus.trainingIds.length, corpus.validationIds.length, corpus.vocabulary.vocabSize],
    [expected.training_characters, expected.validation_characters, expected.vocab_size],
  );
  assert.equal(corpus.validationIds.filter((id) => id === corpus.vocabulary.unknownId).length, expected.unknown_in_validation);
  const first = sampleBatch(corpus.trainingIds, { batch: PRESETS.small.batch, length: L, random: createRandom(0) });
  assert.deepEqual(Array.from(first.starts), expected.first_batch_starts_seed_0);
  assert.deepEqual(figure.lengths, inferenceLengths(L));
  assert.deepEqual(figure.lengths.map((n) => evaluationSegments(corpus.validationIds, n).count), figure.segments);
});

test('the first five training losses of all six methods are PyTorch\'s (relative 1e-4); the learned table has L rows', () => {
  assert.equal(reference.first_losses.seed, 0);
  for (const positional of METHODS) {
    const run = createLanguageRun(m, { text, positional, preset: reference.first_losses.preset, seed: 0 });
    const losses = run.train(5);
    const expected = reference.first_losses.losses[positional];
    const worst = Math.max(...losses.map((x, k) => Math.abs(x - expected[k]) / expected[k]));
    assert.ok(worst < 1e-4, `${positional}: ${losses} against ${expected}`);
    if (positional === 'rope') {
      // Generating through the cache writes what greedy decoding over logits() of the whole prefix writes.
      const { ids } = run.generate('The ', 24);
      const prefix = Array.from(encode('The ', run.vocabulary));
      const V = run.vocabulary.vocabSize;
      for (const id of ids) {
        const last = run.model.logits(Int32Array.from(prefix), 1, prefix.length).subarray((prefix.length - 1) * V);
        assert.equal(id, last.indexOf(Math.max(...last)), `character ${prefix.length}`);
        prefix.push(id);
      }
      // Sampling: top-1 is greedy whatever the temperature; top-3 draws only among the three likeliest
      // characters after the prefix, and the same seed draws the same text.
      assert.deepEqual(run.generate('The ', 24, { temperature: 1.5, topK: 1, seed: 9 }).ids, ids);
      const drawn = run.generate('The ', 24, { temperature: 1, topK: 3, seed: 4 });
      assert.deepEqual(run.generate('The ', 24, { temperature: 1, topK: 3, seed: 4 }).ids, drawn.ids);
      assert.notDeepEqual(drawn.ids, ids);
      const sampled = Array.from(encode('The ', run.vocabulary));
      for (const id of drawn.ids) {
        const last = Array.from(run.model.logits(Int32Array.from(sampled), 1, sampled.length).subarray((sampled.length - 1) * V));
        assert.ok(last.filter((x) => x > last[id]).length < 3, `character ${sampled.length} is not among the three likeliest`);
        sampled.push(id);
      }
    }
    if (positional === 'learned') {
      // Reading 2L characters needs a row for position L: the module refuses, as PyTorch could not add the table.
      const past = run.evaluate(2 * L);
      assert.equal(past.available, false);
      assert.equal(past.error.code, 'out_of_range');
      assert.deepEqual([past.rows, past.needed], [L, 2 * L]);
      assert.ok(torchAt('learned', 2 * L).every((x) => x === null));
      assert.equal(run.evaluate(L).available, true);
      // L rows read L characters, each predicting the next: the prompt's one and L − 1 of its own.
      assert.equal(run.generate('I', 3 * L).ids.length, L, 'generation stops at the last row');
    }
    run.delete();
  }
});

test('trained with the small preset, sinusoidal fails past L and ALiBi does not, as PyTorch found for its seeds', () => {
  const trained = (positional) => {
    const run = createLanguageRun(m, { text, positional, preset: 'small', seed: 0 });
    run.train(PRESETS.small.steps);
    const result = Object.fromEntries([L, 4 * L, 8 * L].map((n) => [n, run.evaluate(n)]));
    run.delete();
    return result;
  };
  const sinusoidal = trained('sinusoidal');
  const alibi = trained('alibi');
  // The same two checks on the lab's run and on each of PyTorch's five seeds.
  const shape = (who, sin, ali) => {
    assert.ok(sin[4 * L] >= 1.5 * sin[L], `${who}: sinusoidal ${sin[L]} at L, ${sin[4 * L]} at 4L`);
    assert.ok(Math.abs(ali[8 * L] / ali[L] - 1) < 0.1, `${who}: ALiBi ${ali[L]} at L, ${ali[8 * L]} at 8L`);
  };
  const perplexities = (result) => Object.fromEntries(Object.entries(result).map(([n, e]) => [n, e.perplexity]));
  shape('lab', perplexities(sinusoidal), perplexities(alibi));
  const byLength = (row) => Object.fromEntries(figure.lengths.map((n, i) => [n, row[i]]));
  figure.seeds.forEach((seed, i) => shape(`PyTorch seed ${seed}`, byLength(figure.perplexity.sinusoidal[i]), byLength(figure.perplexity.alibi[i])));
  // The lab learns as well as PyTorch: at L both models sit inside the range of PyTorch's seeds (± 5 %).
  for (const [method, result] of [['sinusoidal', sinusoidal], ['alibi', alibi]]) {
    const seeds = torchAt(method, L);
    const p = result[L].perplexity;
    assert.ok(p >= 0.95 * Math.min(...seeds) && p <= 1.05 * Math.max(...seeds), `${method} at L: ${p}, PyTorch ${seeds}`);
  }
  // Inside the 8L segments, the sinusoidal model's loss past position 2L rises well above its loss over the
  // first L positions; ALiBi's rises by less than a fifth of that. The same in PyTorch's curves.
  const mean = (curve, from, to) => curve.slice(from, to).reduce((a, b) => a + b, 0) / (to - from);
  const rise = (curve) => mean(curve, 2 * L, 8 * L) - mean(curve, 0, L);
  for (const [who, sin, ali] of [
    ['lab', sinusoidal[8 * L].positionLoss, alibi[8 * L].positionLoss],
    ['PyTorch', figure.position_loss.sinusoidal, figure.position_loss.alibi],
  ]) {
    assert.ok(rise(sin) > 0.5 && rise(ali) < rise(sin) / 5, `${who}: the loss rises by ${rise(sin)} (sinusoidal) and ${rise(ali)} (ALiBi)`);
  }
});
