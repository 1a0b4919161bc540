// Incremental decoding as JavaScript sees it, in both builds: next() gives the full pass's logits at every
// position for every positional method, tokenLosses() its cross-entropy, and the errors cost nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './helpers.mjs';

const builds = { simd: await loadModule('poslab.mjs'), scalar: await loadModule('poslab-scalar.mjs') };
const METHODS = ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'];
const config = (positional, extra = {}) => ({ vocabSize: 17, dModel: 24, heads: 3, layers: 2, ffnSize: 32, maxLen: 64, positional, causal: true, seed: 5, ...extra });
const ids = Int32Array.from({ length: 64 }, (_, i) => (i * 5 + (i >> 2)) % 17);

for (const [name, m] of Object.entries(builds)) {
  test(`${name}: next() gives the logits of the full forward pass at every one of 64 positions, for all six methods`, () => {
    for (const positional of METHODS) {
      const model = new m.TinyTransformer(config(positional));
      const full = model.logits(ids, 1, 64);
      model.beginSequence();
      let worst = 0;
      for (let t = 0; t < 64; t++) {
        const row = model.next(ids[t]);
        for (let j = 0; j < 17; j++) worst = Math.max(worst, Math.abs(row[j] - full[t * 17 + j]) / (1 + Math.abs(full[t * 17 + j])));
      }
      assert.equal(model.sequenceLength, 64);
      assert.ok(worst < 1e-5, `${positional}: largest relative gap ${worst}`);
      model.delete();
    }
  });

  test(`${name}: tokenLosses() averages to the full pass's loss; errors are PoslabErrors that cost nothing`, () => {
    const model = new m.TinyTransformer(config('alibi'));
    const targets = Int32Array.from(ids.slice(1, 41));
    const losses = model.tokenLosses(ids.slice(0, 40), targets);
    assert.ok(losses instanceof Float64Array && losses.length === 40);
    const mean = losses.reduce((a, b) => a + b, 0) / 40;
    assert.ok(Math.abs(mean - model.loss(ids.slice(0, 40), targets, 1, 40)) < 1e-5 * mean);

    const both = new m.TinyTransformer(config('rope', { causal: false }));
    const learned = new m.TinyTransformer(config('learned', { maxLen: 4 }));
    const footprint = () => ({ stack: m.stackSave(), heap: m.heapInUse(), handles: m.count_emval_handles() });
    const calls = [
      [() => both.next(1), 'not_causal'],
      [() => both.tokenLosses([1, 2], [2, 3]), 'not_causal'],
      [() => model.next(17), 'out_of_range'],
      [() => model.next(1.5), 'not_integer'],
      [() => model.tokenLosses([1, 2], [2]), 'size_mismatch'],
      [() => learned.tokenLosses([1, 2, 3, 4, 5], [1, 2, 3, 4, 5]), 'out_of_range'],
    ];
    const codeOf = (call) => {
      try {
        call();
      } catch (err) {
        return err.code;
      }
      return null;
    };
    for (const [call, code] of calls) assert.equal(codeOf(call), code, `${call}`);
    for (let i = 0; i < 4; i++) learned.next(i);
    assert.equal(codeOf(() => learned.next(1)), 'out_of_range', 'position.weight has max_len rows');
    const start = footprint();
    for (let i = 0; i < 500; i++) for (const [call] of calls) codeOf(call);
    assert.deepEqual(footprint(), start);
    for (const o of [model, both, learned]) o.delete();
  });
}
