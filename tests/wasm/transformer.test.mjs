// The TinyTransformer as JavaScript sees it, in both builds, against notebooks/transformer_reference.ipynb
// (the same module in PyTorch): initial parameters bit for bit, logits and attention within 1e-5 relative,
// every gradient within 1e-4, three Adam steps within 1e-4; then the API's bad input, which must never abort.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, golden, crc32 } from './helpers.mjs';

const builds = { simd: await loadModule('poslab.mjs'), scalar: await loadModule('poslab-scalar.mjs') };
const { cases } = golden('transformer.json', { seedsAsText: true });

const configOf = (c) => ({
  vocabSize: c.vocab_size,
  dModel: c.d_model,
  heads: c.heads,
  layers: c.layers,
  ffnSize: c.ffn_size,
  maxLen: c.max_len,
  positional: c.positional,
  causal: c.causal,
  seed: c.seed,
});
const adamOf = (a) => ({ lr: a.lr, beta1: a.beta1, beta2: a.beta2, eps: a.eps, weightDecay: a.weight_decay, clipNorm: a.clip_norm });
const label = (c) => `${c.config.positional} ${c.config.causal ? 'causal' : 'bidirectional'} d=${c.config.d_model} heads=${c.config.heads}`;

/** Largest |mine − reference| over the reference's largest magnitude (floor: `floor`). */
function relativeGap(mine, reference, floor = 0) {
  assert.equal(mine.length, reference.length);
  let gap = 0;
  let scale = floor;
  for (let i = 0; i < mine.length; i++) {
    gap = Math.max(gap, Math.abs(mine[i] - reference[i]));
    scale = Math.max(scale, Math.abs(reference[i]));
  }
  return scale > 0 ? gap / scale : gap;
}

function withModel(m, config, body) {
  const model = new m.TinyTransformer(config);
  try {
    return body(model);
  } finally {
    model.delete();
  }
}

for (const [build, m] of Object.entries(builds)) {
  test(`${build}: the 36 reference models start bit-identical to PyTorch's (names, shapes, CRC-32 of every tensor)`, () => {
    assert.equal(cases.length, 36);
    for (const c of cases) {
      withModel(m, configOf(c.config), (model) => {
        assert.deepEqual(model.parameterNames(), c.parameter_names, label(c));
        c.parameter_names.forEach((name, k) => {
          assert.deepEqual(model.parameterShape(name), c.parameter_shapes[k], `${label(c)} ${name}`);
          const values = model.parameter(name);
          assert.ok(values instanceof Float32Array);
          assert.equal(crc32(values), c.initial[name].crc32, `${label(c)} ${name}: not bit-identical`);
        });
        const total = c.parameter_shapes.reduce((sum, shape) => sum + shape.reduce((a, b) => a * b, 1), 0);
        assert.equal(model.parameterCount(), total);
        assert.equal(model.parameters().length, total);
        assert.equal(model.config().positional, c.config.positional);
      });
    }
  });

  test(`${build}: logits and attention weights within 1e-5 relative of PyTorch for every method and mode`, () => {
    let worst = 0;
    for (const c of cases) {
      withModel(m, configOf(c.config), (model) => {
        const ids = Int32Array.from(c.ids);
        const logits = model.logits(ids, c.batch, c.length);
        assert.equal(logits.length, c.batch * c.length * c.config.vocab_size);
        const attention = model.attentionWeights(ids.subarray(0, c.length), c.length);
        assert.equal(attention.length, c.config.layers * c.config.heads * c.length * c.length);
        const gap = Math.max(relativeGap(logits, c.logits), relativeGap(attention, c.attention));
        assert.ok(gap < 1e-5, `${label(c)}: ${gap}`);
        worst = Math.max(worst, gap);
      });
    }
    assert.ok(worst > 0, 'float32 against float32 from another program is never bit-identical everywhere');
  });

  test(`${build}: the loss and every gradient within 1e-4 relative of PyTorch's autograd`, () => {
    for (const c of cases) {
      withModel(m, configOf(c.config), (model) => {
        const { loss, gradients } = model.lossAndGradients(Int32Array.from(c.ids), Int32Array.from(c.targets), c.batch, c.length);
        assert.ok(Math.abs(loss - c.loss) <= 1e-5 * c.loss, `${label(c)} loss ${loss} vs ${c.loss}`);
        assert.deepEqual(Object.keys(gradients), c.parameter_names);
        // A tensor whose true gradient is 0 (k.bias) holds rounding noise: compared against the whole gradient's scale.
        const overall = Math.max(...Object.values(c.gradients).flat().map(Math.abs));
        for (const name of c.parameter_names) {
          const gap = relativeGap(gradients[name], c.gradients[name], 1e-3 * overall);
          assert.ok(gap < 1e-4, `${label(c)} ${name}: ${gap}`);
          assert.deepEqual(model.gradient(name), gradients[name]);
        }
      });
    }
  });

  test(`${build}: three Adam steps follow torch.optim.Adam (losses, gradient norms, parameters) within 1e-4`, () => {
    for (const c of cases) {
      withModel(m, configOf(c.config), (model) => {
        const ids = Int32Array.from(c.ids);
        const targets = Int32Array.from(c.targets);
        for (let step = 0; step < 4; step++) {
          const loss = model.loss(ids, targets, c.batch, c.length);
          assert.ok(Math.abs(loss - c.adam_losses[step]) <= 1e-4 * c.adam_losses[step], `${label(c)} step ${step}`);
          if (step === 3) break;
          model.adamStep(adamOf(c.adam));
          assert.ok(Math.abs(model.lastGradientNorm - c.adam_grad_norms[step]) <= 1e-4 * c.adam_grad_norms[step]);
        }
        assert.equal(model.adamSteps, 3);
        for (const name of c.parameter_names) {
          const { sample_index: index, sample_value: sample } = c.after_adam[name];
          const values = model.parameter(name);
          const gap = Math.max(...index.map((i, s) => Math.abs(values[i] - sample[s]) / Math.max(1, Math.abs(sample[s]))));
          // k.bias's true gradient is 0: Adam divides noise by its own size (see transformer_test.cpp).
          const noiseOnly = name.endsWith('.k.bias') && c.config.positional !== 'rope';
          assert.ok(gap <= (noiseOnly ? 3 * c.adam.lr * 1.0001 : 1e-4), `${label(c)} ${name}: ${gap}`);
        }
      });
    }
  });

  test(`${build}: setParameter replaces one tensor and the logits follow; the same seed gives the same model`, () => {
    const config = { vocabSize: 7, dModel: 8, heads: 2, layers: 1, ffnSize: 8, maxLen: 6, positional: 'learned', causal: false, seed: 3 };
    withModel(m, config, (a) =>
      withModel(m, config, (b) => {
        const ids = Int32Array.from([1, 2, 3, 4]);
        assert.deepEqual(a.logits(ids, 1, 4), b.logits(ids, 1, 4));
        const zeros = new Float32Array(7 * 8);
        a.setParameter('token.weight', zeros);
        assert.deepEqual(a.parameter('token.weight'), zeros);
        assert.notDeepEqual(a.logits(ids, 1, 4), b.logits(ids, 1, 4));
      }),
    );
  });

  test(`${build}: training reuses its memory: the heap stays the same size from step 10 to step 200`, () => {
    withModel(m, { vocabSize: 11, dModel: 32, heads: 4, layers: 2, ffnSize: 64, maxLen: 12, positional: 't5', causal: false, seed: 3 }, (model) => {
      const ids = Int32Array.from({ length: 8 * 6 }, (_, k) => (k * 7) % 11);
      const targets = Int32Array.from({ length: 8 * 6 }, (_, k) => (k % 5 === 0 ? -100 : (k * 3) % 11));
      const step = () => {
        model.loss(ids, targets, 8, 6);
        model.adamStep({ lr: 1e-3, clipNorm: 1 });
      };
      for (let i = 0; i < 10; i++) step();
      const heap = m.heapInUse();
      for (let i = 0; i < 190; i++) step();
      assert.equal(m.heapInUse(), heap);
      assert.equal(model.adamSteps, 200);
    });
  });

  test(`${build}: bad configurations are PoslabErrors naming the field`, () => {
    const base = { vocabSize: 12, dModel: 16, heads: 2, layers: 1, ffnSize: 16, maxLen: 8, positional: 'rope', causal: true, seed: 0 };
    const cases = [
      [{ vocabSize: 1 }, 'out_of_range', 'vocab_size'],
      [{ vocabSize: 1025 }, 'out_of_range', 'vocab_size'],
      [{ dModel: 9 }, 'odd_width', 'd_model'],
      [{ heads: 3 }, 'not_divisible', 'heads'],
      [{ dModel: 12, heads: 4 }, 'odd_width', 'd_model'], // d_head 3 cannot be turned in pairs by RoPE
      [{ layers: 7 }, 'out_of_range', 'layers'],
      [{ layers: 0 }, 'out_of_range', 'layers'],
      [{ heads: 0 }, 'out_of_range', 'heads'],
      [{ heads: 9 }, 'out_of_range', 'heads'],
      [{ dModel: 2, heads: 1 }, 'out_of_range', 'd_model'],
      [{ dModel: 258 }, 'out_of_range', 'd_model'],
      [{ ffnSize: 3 }, 'out_of_range', 'ffn_size'],
      [{ ffnSize: 1025 }, 'out_of_range', 'ffn_size'],
      [{ maxLen: 1 }, 'out_of_range', 'max_len'],
      [{ maxLen: 1025 }, 'out_of_range', 'max_len'],
      [{ positional: 'absolute' }, 'unknown_variant', 'positional'],
      [{ positional: 3 }, 'wrong_type', 'positional'],
      [{ causal: 'yes' }, 'wrong_type', 'causal'],
      [{ dModel: '16' }, 'wrong_type', 'd_model'],
      [{ dModel: NaN }, 'not_integer', 'd_model'],
      [{ heads: 2.5 }, 'not_integer', 'heads'],
      [{ seed: -1 }, 'out_of_range', 'seed'],
    ];
    for (const [change, code, argument] of cases) {
      assert.throws(() => new m.TinyTransformer({ ...base, ...change }), (err) => {
        assert.equal(err.name, 'PoslabError', JSON.stringify(change));
        assert.equal(err.code, code, `${JSON.stringify(change)}: ${err.message}`);
        if (code !== 'odd_width' || argument === 'd_model') assert.equal(err.argument, argument, err.message);
        return true;
      });
    }
    assert.throws(() => new m.TinyTransformer([1, 2]), { name: 'PoslabError', code: 'wrong_type' });
    assert.throws(() => new m.TinyTransformer('big'), { name: 'PoslabError', code: 'wrong_type' });
  });

  test(`${build}: bad calls are PoslabErrors and leave the model, the stack and the heap as they were`, () => {
    withModel(m, { vocabSize: 5, dModel: 8, heads: 2, layers: 1, ffnSize: 8, maxLen: 4, positional: 't5', causal: true, seed: 1 }, (model) => {
      const ids = Int32Array.from([0, 1, 2, 3]);
      const reference = model.logits(ids, 1, 4);
      const stack = m.stackSave();
      const heap = m.heapInUse();
      const expectCode = (fn, code, argument) =>
        assert.throws(fn, (err) => err.name === 'PoslabError' && err.code === code && (argument === undefined || err.argument === argument));
      for (let round = 0; round < 200; round++) {
        expectCode(() => model.adamStep({ lr: 0.01 }), 'not_ready', 'gradients');
        expectCode(() => model.logits(Int32Array.from([0, 1, 5, 2]), 1, 4), 'out_of_range', 'ids');
        expectCode(() => model.logits(Int32Array.from([0, 1, 2, 3, 4]), 1, 5), 'out_of_range', 'length');
        expectCode(() => model.logits(ids, 2, 4), 'size_mismatch', 'ids');
        expectCode(() => model.logits(ids, 1.5, 4), 'not_integer', 'batch');
        expectCode(() => model.logits([0, 1, 2.5, 3], 1, 4), 'not_integer', 'ids');
        expectCode(() => model.loss(ids, Int32Array.from([1, 2, 7, -100]), 1, 4), 'out_of_range', 'targets');
        expectCode(() => model.loss(ids, Int32Array.from([-100, -100, -100, -100]), 1, 4), 'empty');
        expectCode(() => model.parameter('layers.3.q.weight'), 'unknown_parameter', 'name');
        expectCode(() => model.setParameter('token.weight', new Float32Array(3)), 'size_mismatch');
        expectCode(() => model.setParameter('token.weight', new Float32Array(40).fill(NaN)), 'not_finite');
        expectCode(() => model.attentionWeights(ids, 5), 'out_of_range', 'length');
        expectCode(() => model.logits(ids, 1), 'argument_count');
        expectCode(() => model.adamStep([0.1]), 'wrong_type');
      }
      // with gradients: bad Adam options name the option
      model.loss(ids, Int32Array.from([1, 2, 3, -100]), 1, 4);
      expectCode(() => model.adamStep({ lr: NaN }), 'not_finite', 'lr');
      expectCode(() => model.adamStep({ beta1: 1 }), 'out_of_range', 'beta1');
      expectCode(() => model.adamStep({ clipNorm: -1 }), 'out_of_range', 'clip_norm');
      expectCode(() => model.adamStep({ weightDecay: 'a' }), 'wrong_type', 'weight_decay');
      assert.equal(model.adamSteps, 0);
      assert.equal(m.stackSave(), stack);
      assert.equal(m.heapInUse(), heap);
      assert.deepEqual(model.logits(ids, 1, 4), reference);
    });
  });
}

test('the SIMD and scalar builds train the same model to the same loss within 1e-4 over 20 Adam steps', () => {
  const config = { vocabSize: 11, dModel: 16, heads: 4, layers: 2, ffnSize: 32, maxLen: 8, positional: 'rope', causal: false, seed: 5 };
  const ids = Int32Array.from({ length: 4 * 6 }, (_, i) => (i * 7 + 3) % 10);
  const targets = Int32Array.from({ length: 4 * 6 }, (_, i) => ids[Math.floor(i / 6) * 6 + 5 - (i % 6)]); // reverse each row
  const losses = Object.values(builds).map((m) =>
    withModel(m, config, (model) => {
      const trace = [];
      for (let s = 0; s < 20; s++) {
        trace.push(model.loss(ids, targets, 4, 6));
        model.adamStep({ lr: 0.01, clipNorm: 1 });
      }
      return trace;
    }),
  );
  losses[0].forEach((loss, s) => assert.ok(Math.abs(loss - losses[1][s]) <= 1e-4 * loss, `step ${s}: ${loss} vs ${losses[1][s]}`));
  assert.ok(losses[0][19] < 0.5 * losses[0][0], `the loss falls: ${losses[0][0]} → ${losses[0][19]}`);
});
