// selfAttention, permutationGap, rope and the score grids, as JavaScript sees them (SIMD and scalar
// modules), against document 002's notebook: equivariance without positions and its loss with them,
// RoPE's relative property, and errors for bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flat, golden, loadModule } from './helpers.mjs';

const modules = { simd: await loadModule(), scalar: await loadModule('poslab-scalar.mjs') };
const lab = golden('doc002.json')['E002-1'];
const ropeRef = golden('doc002.json')['E002-8'];
const maxGap = (a, expected) => expected.flat().reduce((m, v, i) => Math.max(m, Math.abs(a[i] - v)), 0);
const options = { wq: flat(lab.wq), wk: flat(lab.wk), wv: flat(lab.wv) };

for (const [name, poslab] of Object.entries(modules)) {
  test(`${name}: attention weights and outputs equal PyTorch's for the lab's example, with and without PE`, () => {
    for (const c of Object.values(lab.cases)) {
      const x = flat(c.x);
      const plain = poslab.selfAttention(x, 3, 8, options);
      assert.equal(plain.weights.length, 9);
      assert.equal(plain.output.length, 24);
      assert.ok(maxGap(plain.weights, c.weights) < 2e-6);
      assert.ok(maxGap(plain.output, c.output) < 5e-6);
      const withPe = poslab.addPositionalEncoding(x, 3, 8, 'paper', false);
      const pe = poslab.selfAttention(withPe, 3, 8, options);
      assert.ok(maxGap(pe.weights, c.weights_pe) < 2e-6);
      assert.ok(maxGap(pe.output, c.output_pe) < 5e-6);
      const causal = poslab.selfAttention(x, 3, 8, { ...options, causal: true });
      assert.ok(maxGap(causal.weights, c.weights_causal) < 2e-6);
      assert.ok(maxGap(causal.output, c.output_causal) < 5e-6);
    }
  });

  test(`${name}: without PE "gato el negro" gives the outputs of "el gato negro" reordered; with PE it does not`, () => {
    const a = flat(lab.cases.el_gato_negro.x);
    const b = flat(lab.cases.gato_el_negro.x);
    const gap = poslab.permutationGap(poslab.selfAttention(a, 3, 8, options).output, poslab.selfAttention(b, 3, 8, options).output, 3, 8, lab.order);
    assert.ok(gap < 1e-6, `gap ${gap}`);
    const pe = (x) => poslab.addPositionalEncoding(x, 3, 8, 'paper', false);
    const gapPe = poslab.permutationGap(poslab.selfAttention(pe(a), 3, 8, options).output, poslab.selfAttention(pe(b), 3, 8, options).output, 3, 8, lab.order);
    assert.ok(Math.abs(gapPe - lab.gap_pe) < 1e-4, `gap with PE ${gapPe} vs ${lab.gap_pe}`);
    // Identity projections (no options) are equivariant too.
    const plainGap = poslab.permutationGap(poslab.selfAttention(a, 3, 8).output, poslab.selfAttention(b, 3, 8).output, 3, 8, lab.order);
    assert.ok(plainGap < 1e-6);
  });

  test(`${name}: RoPE equals the reference and q·k depends only on the offset`, () => {
    const x = flat(ropeRef.x);
    assert.ok(maxGap(poslab.rope(x, 5, 8), ropeRef.rope_base10000) < 1e-6);
    assert.ok(maxGap(poslab.rope(x, 5, 8, 100), ropeRef.rope_base100) < 1e-6);
    assert.ok(maxGap(poslab.rope(Float32Array.of(1, 0, 1, 0, 1, 0, 1, 0), 4, 2), ropeRef.d2_unit) < 1e-7);
    const q = Float32Array.from(ropeRef.q);
    const k = Float32Array.from(ropeRef.k);
    assert.ok(maxGap(poslab.ropeScoreGrid(q, k, 6, 10000), ropeRef.rope_grid) < 1e-5);
    assert.ok(maxGap(poslab.additiveScoreGrid(q, k, 6), ropeRef.additive_grid) < 1e-5);
    const n = 40;
    const grid = poslab.ropeScoreGrid(q, k, n, 10000);
    for (let offset = -(n - 1); offset < n; offset++) {
      const diagonal = [];
      for (let m = Math.max(0, offset); m < Math.min(n, n + offset); m++) diagonal.push(grid[m * n + (m - offset)]);
      assert.ok(Math.max(...diagonal) - Math.min(...diagonal) < 1e-5, `offset ${offset}`);
    }
  });

  test(`${name}: a padded sentence with keyLength gives nn.MultiheadAttention's key_padding_mask weights`, () => {
    const padding = golden('doc002.json').padding;
    const table = lab.table;
    for (const lang of ['es', 'en']) {
      for (const row of padding[lang].rows) {
        // the padded rows: table rows, then the zero vector, then the position code on every row
        const x = new Float32Array(padding.max_len * 8);
        row.words.forEach((w, i) => x.set(table[lab.words.indexOf(w)], i * 8));
        const input = poslab.addPositionalEncoding(x, padding.max_len, 8, 'paper', false);
        const masked = poslab.selfAttention(input, padding.max_len, 8, { ...options, keyLength: row.length });
        assert.ok(maxGap(masked.weights, row.weights_masked) < 2e-6, row.words.join(' '));
        assert.ok(maxGap(masked.output, row.output_masked) < 5e-6);
        for (let i = 0; i < padding.max_len; i++) {
          for (let j = row.length; j < padding.max_len; j++) assert.equal(masked.weights[i * padding.max_len + j], 0);
        }
        const unmasked = poslab.selfAttention(input, padding.max_len, 8, options);
        assert.ok(maxGap(unmasked.weights, row.weights_unmasked) < 2e-6);
        // keyLength = seq_len masks nothing: the same bits as no mask
        const all = poslab.selfAttention(input, padding.max_len, 8, { ...options, keyLength: padding.max_len });
        assert.deepEqual(all.weights, unmasked.weights);
      }
    }
  });

  test(`${name}: bad input throws PoslabErrors with codes`, () => {
    const cases = [
      [() => poslab.selfAttention(new Float32Array(6), 3, 3), 'size_mismatch', 'x'],
      [() => poslab.selfAttention(new Float32Array(0), 0, 3), 'out_of_range', 'seq_len'],
      [() => poslab.selfAttention(new Float32Array(24), 3, 8, { ...options, wk: new Float32Array(8 * 5) }), 'size_mismatch', 'wk'],
      [() => poslab.selfAttention(Float32Array.of(1, NaN), 1, 2), 'not_finite', 'x'],
      [() => poslab.selfAttention('abc', 1, 2), 'not_array', 'x'],
      [() => poslab.permutationGap(new Float32Array(6), new Float32Array(6), 3, 2, [0, 0, 1]), 'repeated_position', 'order'],
      [() => poslab.permutationGap(new Float32Array(6), new Float32Array(6), 3, 2, [0, 1, 3]), 'not_permutation', 'order'],
      [() => poslab.rope(new Float32Array(6), 2, 3), 'odd_width', 'dim'],
      [() => poslab.rope(new Float32Array(4), 2, 2, 1), 'out_of_range', 'base'],
      [() => poslab.rope(new Float32Array(4), 2.5, 2), 'not_integer', 'seq_len'],
      [() => poslab.ropeScoreGrid(Float32Array.of(1, 0), Float32Array.of(1, 0, 0, 1), 4, 10000), 'size_mismatch', 'k'],
      [() => poslab.ropeScoreGrid(Float32Array.of(1, 0), Float32Array.of(1, 0), 513, 10000), 'out_of_range', 'positions'],
      [() => poslab.selfAttention(new Float32Array(24), 3, 8, { keyLength: 0 }), 'out_of_range', 'keyLength'],
      [() => poslab.selfAttention(new Float32Array(24), 3, 8, { keyLength: 4 }), 'out_of_range', 'keyLength'],
      [() => poslab.selfAttention(new Float32Array(24), 3, 8, { keyLength: 1.5 }), 'not_integer', 'keyLength'],
      [() => poslab.selfAttention(new Float32Array(24), 3, 8, { keyLength: NaN }), 'not_integer', 'keyLength'],
      [() => poslab.selfAttention(new Float32Array(24), 3, 8, { ...options, keyLength: '2' }), 'wrong_type', 'keyLength'],
    ];
    for (const [call, code, argument] of cases) {
      assert.throws(call, (err) => err.name === 'PoslabError' && err.code === code && err.argument === argument, `${code} ${argument}`);
    }
  });
}
