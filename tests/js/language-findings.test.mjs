// Lesson 18's "What we found" (web/lessons/18-language-model/findings.js) follows the golden file, however many
// seeds it holds: the mean, lowest and highest per method and length, and the facts its sentences state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findings, golden } from '../../web/lessons/18-language-model/findings.js';

/** The golden file with more seeds: seed k's perplexities are seed 0's times (1 + k / 10). */
function withSeeds(count) {
  const data = structuredClone(golden);
  const small = data.figure_one.small;
  small.seeds = Array.from({ length: count }, (_, k) => k);
  for (const [method, perSeed] of Object.entries(small.perplexity)) {
    small.perplexity[method] = Array.from({ length: count }, (_, k) => perSeed[0].map((x) => (x === null ? null : x * (1 + k / 10))));
  }
  return data;
}

test('one seed: its numbers as they are; the facts from them', () => {
  const f = findings();
  const small = golden.figure_one.small;
  assert.equal(f.seeds, small.seeds.length);
  assert.deepEqual(Object.keys(f.methods), ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5']);
  const last = small.lengths.length - 1;
  const at8L = Object.entries(small.perplexity).filter(([, s]) => s[0][last] !== null).sort((a, b) => a[1][0][last] - b[1][0][last]);
  if (f.seeds === 1) {
    assert.equal(f.best, at8L[0][0]);
    assert.equal(f.worst, at8L.at(-1)[0]);
    assert.deepEqual(f.methods.learned.mean.slice(2), [null, null, null]);
  }
});

test('five seeds: the mean, lowest and highest of each length; the rankings from the means', () => {
  const f = findings(withSeeds(5));
  assert.equal(f.seeds, 5);
  const seed0 = golden.figure_one.small.perplexity.sinusoidal[0];
  seed0.forEach((x, i) => {
    assert.ok(Math.abs(f.methods.sinusoidal.mean[i] - x * 1.2) < 1e-9);
    assert.ok(Math.abs(f.methods.sinusoidal.min[i] - x) < 1e-9);
    assert.ok(Math.abs(f.methods.sinusoidal.max[i] - x * 1.4) < 1e-9);
  });
  // Every method scaled alike: the same ranking and ratios as seed 0 alone.
  const one = findings(withSeeds(1));
  assert.equal(f.best, one.best);
  assert.equal(f.worst, one.worst);
  assert.ok(Math.abs(f.sinusoidalJump - one.sinusoidalJump) < 1e-9);
  assert.ok(Math.abs(f.alibiChange - one.alibiChange) < 1e-9);
});
