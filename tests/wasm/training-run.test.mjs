// A training run as lesson 14's workers drive it (web/src/training/run.js), in Node over the SIMD build: the
// document's claims on a trained model. Without positions a bidirectional model cannot reverse (token accuracy
// near the multiset's level, as PyTorch measured 0.35 on this model) but learns the order-free control; the
// sinusoidal table reverses; the learned table has no rows past its training length (E002-2's IndexError as a
// result); the same seed gives the same run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './helpers.mjs';
import { createRun } from '../../web/src/training/run.js';

const m = await loadModule('poslab.mjs');
const base = { task: 'reverse', causal: false, size: 'small', symbols: 10, minLength: 6, maxLength: 6, testLength: 12, shift: 1, lr: 3e-3, seed: 0 };

function trained(settings, steps) {
  const run = createRun(m, { ...base, ...settings });
  const losses = [];
  for (let s = 0; s < steps; s++) losses.push(run.trainStep());
  return { run, losses };
}
const tokenAccuracy = (e) => e.tokens.correct / e.tokens.total;

test('reversal, bidirectional: no positions stays near the multiset level; the sinusoidal table learns it', () => {
  const none = trained({ positional: 'none' }, 300);
  const sinusoidal = trained({ positional: 'sinusoidal' }, 300);
  const a = tokenAccuracy(none.run.evaluate(6));
  const b = tokenAccuracy(sinusoidal.run.evaluate(6));
  assert.ok(a > 0.2 && a < 0.5, `none ${a}`);
  assert.ok(b > 0.95, `sinusoidal ${b}`);
  assert.deepEqual(sinusoidal.run.predict([3, 1, 4, 1, 5, 9]).answer, [9, 5, 1, 4, 1, 3]);
  // Without positions, a sequence and any reordering of it get the same answer, reordered the same way.
  const p = none.run.predict([3, 1, 4, 1, 5, 9]).answer;
  const q = none.run.predict([9, 5, 1, 4, 1, 3]).answer;
  assert.deepEqual(q, [p[5], p[4], p[3], p[2], p[1], p[0]]);
  none.run.delete();
  sinusoidal.run.delete();
});

test('the order-free control needs no positions: "count in the sentence" is learned without them', () => {
  const { run } = trained({ positional: 'none', task: 'count-total' }, 300);
  const a = tokenAccuracy(run.evaluate(6));
  assert.ok(a > 0.85, `none on count-total ${a}`);
  run.delete();
});

test('the learned table has rows for the trained lengths only: longer inputs are reported, not crashed on', () => {
  const { run } = trained({ positional: 'learned', causal: true, minLength: 2, maxLength: 4 }, 20);
  const e = run.evaluate(6);
  assert.equal(e.available, false);
  assert.equal(e.rows, 9); // 2·4 + 1 positions of "input → answer"
  assert.equal(e.needed, 13);
  assert.throws(() => run.predict([1, 2, 3, 4, 5]), { code: 'out_of_range', argument: 'length' });
  assert.equal(run.predict([1, 2, 3]).answer.length, 3);
  const sinusoidal = trained({ positional: 'sinusoidal', causal: true, minLength: 2, maxLength: 4 }, 20).run;
  assert.equal(sinusoidal.evaluate(6).available, true);
  sinusoidal.delete();
  run.delete();
});

test('the same settings and seed give the same losses; another seed other ones', () => {
  const losses = (settings) => {
    const { run, losses: trace } = trained({ positional: 'rope', causal: true, ...settings }, 15);
    run.delete();
    return trace;
  };
  const [a, b, c] = [losses({}), losses({}), losses({ seed: 1 })];
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
});
