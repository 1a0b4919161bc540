// Lesson 08's requirement checks (E002-2) and lesson 13's pair path as JavaScript sees them: each against the
// module's own plain calls it summarises, the seed that wraps at 2^64, and the errors' codes and arguments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './helpers.mjs';

const poslab = await loadModule();
const ones = (n) => new Float32Array(n).fill(1);
const sameBits = (a, b) => a.length === b.length && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;

test('sinusoidal: the closest pair is closestPositions\'; the table is the same twice and starts the longer one', () => {
  const checks = poslab.sinusoidalRequirements(100, 64);
  assert.deepEqual({ ...checks.closest }, { ...poslab.closestPositions(100, 64) });
  const pe = poslab.positionalEncoding(100, 64, 'paper');
  assert.equal(checks.deterministic, sameBits(pe, poslab.positionalEncoding(100, 64, 'paper')));
  assert.equal(checks.extends, sameBits(pe, poslab.positionalEncoding(200, 64, 'paper').subarray(0, 6400)));
  assert.equal(checks.deterministic && checks.extends, true);
});

test('RoPE: the closest rows and the spread equal the plain calls on rotated vectors of ones', () => {
  const checks = poslab.ropeRequirements(80, 16);
  const turned = poslab.rope(ones(80 * 16), 80, 16);
  assert.deepEqual({ ...checks.closest }, { ...poslab.closestRows(turned, 80, 16) });
  assert.equal(checks.grid, 64);
  assert.equal(checks.spread, poslab.diagonalSpread(poslab.ropeScoreGrid(ones(16), ones(16), 64, 10000), 64));
  assert.ok(checks.spread < 1e-5 * 16);
  assert.equal(checks.deterministic && checks.extends, true);
});

test('learned: row 0 under the seed and the next differ by the distance the plain tables give; 2^64 − 1 wraps to 0', () => {
  const checks = poslab.learnedRequirements(30, 8, '41');
  assert.equal(checks.seed, '41');
  assert.equal(checks.nextSeed, '42');
  const a = poslab.torchEmbedding(30, 8, '41');
  const b = poslab.torchEmbedding(30, 8, '42');
  assert.equal(checks.redraw, poslab.euclideanDistance(a.subarray(0, 8), b.subarray(0, 8)));
  assert.deepEqual({ ...checks.closest }, { ...poslab.closestRows(a, 30, 8) });
  assert.equal(checks.deterministic, true);
  assert.equal(checks.extends, false);
  // Position 30 has no row: the same error the lookup itself throws, handed back as a value.
  let thrown = null;
  try {
    poslab.embeddingLookup(a, 30, 8, [30]);
  } catch (err) {
    thrown = err;
  }
  assert.equal(checks.missing.name, 'PoslabError');
  for (const key of ['message', 'code', 'argument', 'value', 'min', 'max']) assert.equal(checks.missing[key], thrown[key], key);
  assert.equal(checks.missing.code, 'out_of_range');
  assert.equal(poslab.learnedRequirements(4, 2, '18446744073709551615').nextSeed, '0');
});

test('ropePairPath: the pair\'s two columns of rope() on its unit vectors', () => {
  const [dim, steps, base] = [8, 10, 100];
  for (let pair = 0; pair < dim / 2; pair += 1) {
    const x = new Float32Array(steps * dim);
    for (let r = 0; r < steps; r += 1) x[r * dim + 2 * pair] = 1;
    const turned = poslab.rope(x, steps, dim, base);
    const path = poslab.ropePairPath(dim, pair, steps, base);
    assert.equal(path.length, 2 * steps);
    for (let r = 0; r < steps; r += 1) {
      assert.equal(path[2 * r], turned[r * dim + 2 * pair]);
      assert.equal(path[2 * r + 1], turned[r * dim + 2 * pair + 1]);
    }
  }
});

test('bad shapes and pairs are refused with the argument the lesson blames', () => {
  const fails = (fn, code, argument) => assert.throws(fn, (e) => e.code === code && e.argument === argument, `${code}:${argument}`);
  fails(() => poslab.sinusoidalRequirements(1, 64), 'out_of_range', 'max_len');
  fails(() => poslab.ropeRequirements(10, 7), 'odd_width', 'd_model');
  fails(() => poslab.learnedRequirements(1e12, 8, '0'), 'out_of_range', 'max_len');
  fails(() => poslab.learnedRequirements(10, 8, -1), 'out_of_range', 'seed');
  fails(() => poslab.ropePairPath(8, 4, 5, 10000), 'out_of_range', 'pair');
  fails(() => poslab.ropePairPath(8, 0.5, 5, 10000), 'not_integer', 'pair');
});
