// A training run (web/src/training/run.js) over a stand-in model whose numbers stop being finite: the step whose
// loss or gradient norm is NaN or infinite stops the run, and its `diverged` says which step and which number,
// instead of handing NaN on to the curves. (The lessons' fixed learning rate and clipped gradients keep
// the lab's own runs finite; whatever else could make one blow up must be caught the same way.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRun } from '../../web/src/training/run.js';
import { fakeModule } from './fake-transformer.mjs';

const settings = { task: 'reverse', positional: 'none', causal: false, size: 'small', symbols: 10, minLength: 6, maxLength: 6, testLength: 6, shift: 1, lr: 3e-3, seed: 0 };

test('a NaN loss at the third step: the run stops there, before any Adam step on it, and says so; it trains no further', () => {
  const { poslab, log } = fakeModule({ losses: [2.3, 2.2, Number.NaN] });
  const run = createRun(poslab, settings);
  assert.equal(run.trainStep(), 2.3);
  assert.equal(run.trainStep(), 2.2);
  assert.equal(run.diverged, null);
  assert.ok(Number.isNaN(run.trainStep()));
  assert.deepEqual(run.diverged, { step: 3, quantity: 'loss', value: 'nan' });
  assert.equal(run.step, 2);
  assert.equal(log.adamSteps, 2);
  run.trainStep();
  assert.equal(log.adamSteps, 2, 'no step after the numbers stopped being finite');
  assert.deepEqual(run.diverged, { step: 3, quantity: 'loss', value: 'nan' });
});

test('an infinite loss and a NaN gradient norm are caught too, each named', () => {
  const infinite = createRun(fakeModule({ losses: [Number.POSITIVE_INFINITY] }).poslab, settings);
  infinite.trainStep();
  assert.deepEqual(infinite.diverged, { step: 1, quantity: 'loss', value: 'infinite' });
  const gradient = createRun(fakeModule({ norms: [0.5, 0.4, 0.3, Number.NaN] }).poslab, settings);
  for (let k = 0; k < 4; k++) gradient.trainStep();
  assert.deepEqual(gradient.diverged, { step: 4, quantity: 'gradient', value: 'nan' });
  assert.equal(gradient.step, 3);
});
