// ALiBi, T5's buckets and RoPE scaling as JavaScript sees them, in both builds, against the notebooks'
// goldens (notebooks/transformer_reference.ipynb: get_slopes and HF's _relative_position_bucket;
// notebooks/rope_scaling_reference.ipynb: HF transformers' and YaRN's formulas, RoFormer's decay bound).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, golden, codeOf } from './helpers.mjs';

const builds = { simd: await loadModule('poslab.mjs'), scalar: await loadModule('poslab-scalar.mjs') };
const transformer = golden('transformer.json');
const scaling = golden('rope_scaling.json');
const METHODS = ['extrapolation', 'linear', 'ntk', 'dynamic', 'yarn'];

function relativeGap(mine, reference) {
  assert.equal(mine.length, reference.length);
  let gap = 0;
  for (let i = 0; i < mine.length; i++) gap = Math.max(gap, Math.abs(mine[i] - reference[i]) / Math.max(1e-300, Math.abs(reference[i])));
  return gap;
}
const optionsOf = (c) => ({ dim: c.dim, base: c.base, originalLength: c.original_length, factor: c.factor, currentLength: c.current_length });

for (const [build, m] of Object.entries(builds)) {
  test(`${build}: ALiBi slopes are get_slopes(n) bit for bit for every head count from 1 to 16 (incl. 3, 5, 6, 12)`, () => {
    const counts = Object.keys(transformer.alibi_slopes);
    assert.deepEqual(counts.map(Number).sort((a, b) => a - b), Array.from({ length: 16 }, (_, i) => i + 1));
    for (const n of counts) assert.deepEqual([...m.alibiSlopes(Number(n))], transformer.alibi_slopes[n], `${n} heads`);
    // the bias: −slope·|i − j| per head, −∞ above the diagonal when causal
    const bias = m.alibiBias(2, 3, false);
    assert.deepEqual([...bias.subarray(0, 9)].map((v) => v + 0), [0, -0.0625, -0.125, -0.0625, 0, -0.0625, -0.125, -0.0625, 0]);
    const causal = m.alibiBias(2, 3, true);
    assert.equal(causal[1], -Infinity);
    assert.equal(causal[3], -0.0625);
  });

  test(`${build}: T5 buckets equal HF's _relative_position_bucket for every offset −600 … 600, both directions`, () => {
    for (const g of transformer.t5_buckets) {
      const mine = g.buckets.map((_, k) => m.t5RelativeBucket(g.first_offset + k, g.bidirectional, g.num_buckets, g.max_distance));
      assert.deepEqual(mine, g.buckets, `${g.num_buckets} buckets, ${g.max_distance}, ${g.bidirectional ? 'bidirectional' : 'causal'}`);
    }
    // the grid reads bucket(j − i)
    const grid = m.t5BucketGrid(4, true, 32, 128);
    assert.ok(grid instanceof Int32Array);
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) assert.equal(grid[i * 4 + j], m.t5RelativeBucket(j - i, true, 32, 128));
    const table = Float32Array.from({ length: 32 * 2 }, (_, k) => k);
    const bias = m.t5Bias(table, 32, 2, 4, true, 128);
    for (let h = 0; h < 2; h++) for (let p = 0; p < 16; p++) assert.equal(bias[h * 16 + p], table[grid[p] * 2 + h]);
  });

  test(`${build}: each RoPE scaling method's frequencies, bases and YaRN's steps equal the notebook's to 1e-12`, () => {
    assert.equal(scaling.cases.length, 8);
    for (const c of scaling.cases) {
      const options = optionsOf(c);
      for (const method of METHODS) assert.ok(relativeGap(m.ropeInvFreq(options, method), c.inv_freq[method]) < 1e-12, `${method} dim ${c.dim} s ${c.factor}`);
      assert.ok(Math.abs(m.ntkAwareBase(c.dim, c.base, c.factor) / c.ntk_base - 1) < 1e-12);
      assert.ok(Math.abs(m.dynamicNtkBase(options) / c.dynamic_base - 1) < 1e-12);
      const y = m.yarnParameters(options);
      assert.ok(Math.abs(y.attentionFactor - c.yarn.attention_factor) < 1e-12);
      assert.ok(relativeGap(y.extrapolationWeight.map((w) => w + 1), c.yarn.extrapolation_weight.map((w) => w + 1)) < 1e-12);
      assert.equal(m.extendedLastPosition(c.original_length, c.factor), c.last_position);
      assert.equal(y.low, c.yarn.low);
      assert.equal(y.high, c.yarn.high);
      assert.ok(Math.abs(y.correctionDimFast - c.yarn.correction_dim_fast) < 1e-12);
      assert.ok(Math.abs(y.correctionDimSlow - c.yarn.correction_dim_slow) < 1e-12);
    }
  });

  test(`${build}: ropeAngles is position × each pair's frequency; linear interpolation at s·p is extrapolation at p`, () => {
    for (const c of scaling.cases) {
      const options = optionsOf(c);
      for (const method of METHODS) {
        const freq = m.ropeInvFreq(options, method);
        for (const position of [0, 1, 7, c.original_length - 1, c.last_position]) {
          const angles = m.ropeAngles(options, method, position);
          assert.equal(angles.length, c.dim / 2);
          for (let k = 0; k < angles.length; k++) assert.ok(Math.abs(angles[k] - position * freq[k]) <= 1e-12 * Math.max(1, position * freq[k]), `${method} p ${position} pair ${k}`);
        }
      }
      // s = 2.5 is in the cases: s·p is a whole number only for even p
      for (const p of [2, 10, 400]) {
        const stretched = m.ropeAngles(options, 'linear', c.factor * p);
        const original = m.ropeAngles(options, 'extrapolation', p);
        if (!Number.isInteger(c.factor * p)) continue;
        assert.ok(relativeGap(stretched, original) < 1e-12, `s ${c.factor} p ${p}`);
      }
    }
  });

  test(`${build}: unseen angles and first unseen positions equal the notebook's position-by-position search`, () => {
    for (const c of scaling.cases) {
      for (const [key, at] of [['coverage', c.last_position], ['coverage_sL', c.current_length - 1]]) {
        for (const method of METHODS) {
          const want = c[key][method];
          const got = m.angleCoverage(optionsOf(c), method, at);
          assert.deepEqual([...got.unseen].map(Boolean), want.unseen, `${key} ${method}`);
          assert.deepEqual([...got.fullTurnInTraining].map(Boolean), want.full_turn_in_training);
          assert.deepEqual([...got.firstUnseenPosition], want.first_unseen_position);
          assert.ok(relativeGap(got.maxAngle, want.max_angle) < 1e-12);
        }
      }
    }
  });

  test(`${build}: RoFormer's decay bound equals the notebook's numpy to 1e-12`, () => {
    for (const d of scaling.decay) {
      const bound = d.dim !== undefined
        ? m.ropeDecayBound(d.dim, d.base, d.max_distance)
        : m.ropeDecayBoundOf(m.ropeInvFreq(optionsOf(scaling.cases[d.case]), d.method), d.max_distance);
      assert.ok(relativeGap(bound, d.bound) < 1e-12, `dim ${d.dim} ${d.method ?? ''}`);
    }
  });

  test(`${build}: bad input names its argument, never aborts`, () => {
    const table = [
      [() => m.alibiSlopes(0), 'out_of_range heads'],
      [() => m.alibiSlopes(2.5), 'not_integer heads'],
      [() => m.alibiBias(2, 5000, false), 'out_of_range length'],
      [() => m.t5RelativeBucket(1, true, 31, 128), 'odd_width num_buckets'],
      [() => m.t5RelativeBucket(NaN, true, 32, 128), 'not_integer relative_position'],
      [() => m.t5Bias(new Float32Array(5), 32, 2, 4, true, 128), 'size_mismatch table'],
      [() => m.ropeInvFreq({ dim: 7 }, 'linear'), 'odd_width dim'],
      [() => m.ropeInvFreq({ factor: 0.5 }, 'linear'), 'out_of_range factor'],
      [() => m.ropeInvFreq({ factor: '2' }, 'linear'), 'wrong_type factor'],
      [() => m.ropeInvFreq({}, 'longrope'), 'unknown_variant method'],
      [() => m.ropeInvFreq(null, 'linear'), 'wrong_type options'],
      [() => m.ropeAngles({}, 'yarn', -1), 'out_of_range position'],
      [() => m.angleCoverage({ originalLength: 1 }, 'yarn', 10), 'out_of_range original_length'],
      [() => m.ropeDecayBound(64, 10000, 70000), 'out_of_range max_distance'],
      [() => m.ropeDecayBound(64, 10000), 'argument_count ropeDecayBound'],
      [() => m.t5BucketGrid(0, true, 32, 128), 'out_of_range length'],
      [() => m.t5BucketGrid(4, true, 33, 128), 'odd_width num_buckets'],
      [() => m.yarnParameters({ betaFast: 0.5 }), 'out_of_range beta_fast'],
      [() => m.extendedLastPosition(1, 2), 'out_of_range original_length'],
      [() => m.ntkAwareBase(2, 1e4, 2), 'out_of_range dim'],
      [() => m.dynamicNtkBase(null), 'wrong_type options'],
      [() => m.ropeDecayBoundOf([], 10), 'empty inv_freq'],
      // heads × length × length above 2^25 values: in 32-bit WebAssembly 1024 × 4096 × 4096 once wrapped to 0
      // and wrote past the heap's end
      [() => m.alibiBias(1024, 4096, true), 'too_large length'],
      [() => m.alibiBias(256, 4096, false), 'too_large length'],
      [() => m.t5Bias(new Float32Array(32 * 257), 32, 257, 4096, true, 128), 'too_large length'],
    ];
    const stack = m.stackSave();
    const heap = m.heapInUse();
    for (let round = 0; round < 50; round++) for (const [fn, expected] of table) assert.equal(codeOf(fn), expected);
    assert.equal(m.stackSave(), stack);
    assert.equal(m.heapInUse(), heap);
    // and the module still answers right afterwards
    assert.deepEqual([...m.alibiSlopes(8)], transformer.alibi_slopes['8']);
    assert.equal(m.t5RelativeBucket(-100, false, 33, 128), 30);
  });
}
