// E002-4 as JavaScript sees it, in both builds: document 002's PositionalEncoding module (buffer + dropout)
// against notebook 002's PyTorch run (tests/golden/doc002.json): torch.randn bit for bit, the same values
// dropped, the output to a float32 step; evaluation mode is x + pe; bad input is a PoslabError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, golden, codeOf } from './helpers.mjs';

const builds = { simd: await loadModule('poslab.mjs'), scalar: await loadModule('poslab-scalar.mjs') };
const runs = golden('doc002.json')['E002-4'].runs;
const near = (a, b) => Math.abs(a - b) <= 2.5e-7 * Math.max(1, Math.abs(b));

for (const [build, m] of Object.entries(builds)) {
  test(`${build}: training mode drops PyTorch's values and scales the rest by float32(1 / (1 − p)); eval mode is x + pe`, () => {
    for (const run of runs) {
      const train = m.positionalModule(run.seed, run.batch, run.seq, run.d_model, run.max_len, run.p, true);
      assert.deepEqual(Array.from(train.x), run.x, `${run.seed}: torch.randn`);
      assert.deepEqual(Array.from(train.kept), run.kept, `${run.seed}: the values dropped`);
      assert.equal(run.kept.filter((k) => !k).length, run.dropped);
      train.output.forEach((v, i) => assert.ok(near(v, run.train[i]), `${run.seed} [${i}]: ${v} vs ${run.train[i]}`));
      const evaluation = m.positionalModule(run.seed, run.batch, run.seq, run.d_model, run.max_len, run.p, false);
      assert.deepEqual(Array.from(evaluation.output), Array.from(evaluation.encoded));
      evaluation.output.forEach((v, i) => assert.ok(near(v, run.eval[i]), `${run.seed} eval [${i}]`));
      assert.ok(evaluation.kept.every((k) => k === 1));
    }
  });

  test(`${build}: bad module arguments are PoslabErrors`, () => {
    assert.equal(codeOf(() => m.positionalModule('0', 2, 8, 16, 4, 0.1, true)), 'out_of_range seq_len');
    assert.equal(codeOf(() => m.positionalModule('0', 2, 4, 15, 8, 0.1, true)), 'odd_width d_model');
    assert.equal(codeOf(() => m.positionalModule('0', 2, 4, 16, 8, 1, true)), 'out_of_range p');
    assert.equal(codeOf(() => m.positionalModule('0', 2, 4, 16, 8, NaN, true)), 'not_finite p');
    assert.equal(codeOf(() => m.positionalModule('0', 0, 4, 16, 8, 0.1, true)), 'out_of_range batch');
    assert.equal(codeOf(() => m.positionalModule('-1', 2, 4, 16, 8, 0.1, true)), 'out_of_range seed');
    assert.equal(codeOf(() => m.positionalModule('0', 2, 4, 16, 8, 0.1, 'yes')), 'wrong_type train');
  });
}
