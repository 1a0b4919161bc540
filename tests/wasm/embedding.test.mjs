// Seeded embedding tables as JavaScript sees them: torch.manual_seed(seed); nn.Embedding(V, D) bit for bit in
// both builds (SIMD and scalar), lookup, document 000's steps, seeds across the JavaScript boundary, bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, golden, asPrinted, crc32 } from './helpers.mjs';

const builds = { simd: await loadModule('poslab.mjs'), scalar: await loadModule('poslab-scalar.mjs') };
const data = golden('embedding.json');

/** Units in the last place between two float32 values (0 when bit-identical). */
const bits = new Int32Array(1);
const view = new Float32Array(bits.buffer);
function ordered(x) {
  view[0] = x;
  return bits[0] < 0 ? -2147483648 - bits[0] : bits[0];
}
const ulps = (a, b) => Math.abs(ordered(a) - ordered(b));

/** The seed as the tests pass it: a number when exact, else the decimal text. */
const seedArg = (text) => (BigInt(text) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(text) : text);

for (const [name, m] of Object.entries(builds)) {
  test(`${name}: seed 0, (100, 4) starts -1.1258, -1.1524, -0.2506`, () => {
    const table = m.torchEmbedding(100, 4, 0);
    assert.ok(table instanceof Float32Array);
    assert.equal(table.length, 400);
    assert.deepEqual([...table.slice(0, 3)].map((v) => v.toFixed(4)), ['-1.1258', '-1.1524', '-0.2506']);
  });

  test(`${name}: every golden table within 2 ulp of PyTorch, and in fact bit for bit (CRC-32)`, () => {
    let identical = 0;
    let checked = 0;
    for (const t of data.tables) {
      const table = m.torchEmbedding(t.vocab_size, t.dim, seedArg(t.seed));
      assert.equal(table.length, t.count);
      const pairs = t.values ? t.values.map((v, i) => [i, v]) : t.sample_index.map((i, k) => [i, t.sample_value[k]]);
      for (const [i, expected] of pairs) {
        const d = ulps(table[i], expected);
        assert.ok(d <= 2, `seed ${t.seed} ${t.vocab_size}x${t.dim} [${i}]: ${table[i]} vs ${expected} (${d} ulp)`);
        identical += d === 0;
        checked++;
      }
      assert.equal(crc32(table), t.crc32, `seed ${t.seed} ${t.vocab_size}x${t.dim}: not bit-identical`);
    }
    assert.equal(identical, checked, `bit-identical share ${identical}/${checked}`);
  });

  test(`${name}: E000-2 with seed 0, every step as PyTorch computes it in float32`, () => {
    const g = data['E000-2'];
    const table = m.torchEmbedding(g.vocab_size, g.d_model, Number(g.seed));
    const lookup = m.embeddingLookup(table, g.vocab_size, g.d_model, g.ids);
    assert.deepEqual([...lookup], g.embedded.flat().map(Math.fround));
    const s = m.embeddingSteps(table, g.vocab_size, g.d_model, g.ids, 'literal-shifted', true);
    assert.equal(s.rows, 5);
    assert.equal(s.cols, 4);
    for (const [key, field] of [['embedded', 'embedded'], ['scaled', 'scaled'], ['positional', 'positional'], ['encoded', 'encoded'], ['shift', 'shift'], ['shiftScaled', 'shift_scaled']]) {
      assert.deepEqual([...s[key]], g[field].flat().map(Math.fround), key);
    }
    assert.equal(s.scaleFactor, 2);
    assert.ok(s.maxDeviation > 0 && s.maxDeviation <= s.roundingBound);
    // the document's point: after removing the scaling, every difference is inside [-1, 1]
    assert.ok([...s.shiftScaled].every((v) => Math.abs(v) <= 1 + 1e-6));
    assert.ok([...s.shift].some((v) => Math.abs(v) > 1));
  });

  test(`${name}: E000-5 with a seed, cosine ×1000 of position 0 with each position`, () => {
    for (const g of data['E000-5']) {
      const table = m.torchEmbedding(100, g.d_model, Number(g.seed));
      const ids = new Array(g.count).fill(g.token);
      const s = m.embeddingSteps(table, 100, g.d_model, ids, 'literal-shifted', g.scale);
      const cos = m.cosineMatrix(s.encoded.slice(0, g.d_model), 1, s.encoded, g.count, g.d_model);
      // torch sums the 512-1024 float32 products in another order: agreement to ~1e-6 (0.001 on the ×1000 scale)
      g.cosine_x1000.forEach((expected, p) => assert.ok(Math.abs(cos[p] * 1000 - expected) < 2e-3, `${p}: ${cos[p] * 1000} vs ${expected}`));
    }
  });
}

test('SIMD and scalar builds give the same bits', () => {
  for (const [v, d, seed] of [[100, 4, 0], [7, 3, 42], [2000, 512, 9]]) {
    assert.equal(crc32(builds.simd.torchEmbedding(v, d, seed)), crc32(builds.scalar.torchEmbedding(v, d, seed)));
  }
});

test('seeds cross the boundary as exact numbers, BigInts or decimal strings', () => {
  const m = builds.simd;
  const ref = crc32(m.torchEmbedding(20, 8, '9007199254740993'));
  assert.equal(crc32(m.torchEmbedding(20, 8, 9007199254740993n)), ref);
  assert.equal(crc32(m.torchEmbedding(10, 4, '18446744073709551615')), crc32(m.torchEmbedding(10, 4, 2n ** 64n - 1n)));
  assert.equal(crc32(m.torchEmbedding(10, 4, 7)), crc32(m.torchEmbedding(10, 4, '7')));
  assert.equal(m.torchSeed('0042'), '42');
  assert.equal(m.torchSeed(2n ** 64n - 1n), '18446744073709551615');
});

function expectError(call, fields) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'PoslabError');
    for (const [k, v] of Object.entries(fields)) assert.equal(e[k], v, `${k} of "${e.message}"`);
    return true;
  });
}

test('bad input: ids out of range, negative sizes, seeds beyond 64 bits, negative or fractional seeds', () => {
  const m = builds.simd;
  const table = m.torchEmbedding(100, 4, 0);
  expectError(() => m.embeddingLookup(table, 100, 4, [0, 1, 100]), { code: 'out_of_range', argument: 'ids', index: 2, value: 100, min: 0, max: 99 });
  expectError(() => m.embeddingLookup(table, 100, 4, [-1]), { code: 'out_of_range', argument: 'ids', index: 0 });
  expectError(() => m.embeddingLookup(table, 100, 4, [0, 1.5]), { code: 'not_integer', argument: 'ids', index: 1 });
  expectError(() => m.embeddingLookup(table, 100, 4, []), { code: 'empty', argument: 'ids' });
  expectError(() => m.embeddingLookup(table, 100, 4, 'abc'), { code: 'not_array', argument: 'ids' });
  expectError(() => m.embeddingLookup(table, 50, 4, [0]), { code: 'size_mismatch', argument: 'table' });
  expectError(() => m.torchEmbedding(-5, 4, 0), { code: 'out_of_range', argument: 'vocab_size' });
  expectError(() => m.torchEmbedding(10, 0, 0), { code: 'out_of_range', argument: 'dim' });
  expectError(() => m.torchEmbedding(1 << 20, 1024, 0), { code: 'too_large' });
  expectError(() => m.torchEmbedding(10, 4, '18446744073709551616'), { code: 'out_of_range', argument: 'seed' });
  expectError(() => m.torchEmbedding(10, 4, 2n ** 64n), { code: 'out_of_range', argument: 'seed' });
  expectError(() => m.torchEmbedding(10, 4, -1), { code: 'out_of_range', argument: 'seed', min: 0 });
  expectError(() => m.torchEmbedding(10, 4, '-1'), { code: 'out_of_range', argument: 'seed' });
  expectError(() => m.torchEmbedding(10, 4, 2 ** 60), { code: 'out_of_range', argument: 'seed', max: Number.MAX_SAFE_INTEGER });
  expectError(() => m.torchEmbedding(10, 4, 1.5), { code: 'not_integer', argument: 'seed' });
  expectError(() => m.torchEmbedding(10, 4, 'seven'), { code: 'not_integer', argument: 'seed' });
  expectError(() => m.torchEmbedding(10, 4, null), { code: 'not_integer', argument: 'seed' });
  assert.equal(m.torchEmbedding(10, 4, 3).length, 40);  // still working after the errors
});

test('a 50257 × 256 table (GPT-2, document 004) in reasonable time', () => {
  const t0 = performance.now();
  const table = builds.simd.torchEmbedding(50257, 256, 0);
  const ms = performance.now() - t0;
  assert.equal(crc32(table), data.tables.find((t) => t.vocab_size === 50257).crc32);
  console.log(`# torchEmbedding(50257, 256, 0): ${ms.toFixed(0)} ms (SIMD build)`);
});

test('addPositionIndex: the raw index added to every dimension (the idea document 000 rejects)', () => {
  const m = builds.simd;
  const table = m.torchEmbedding(100, 4, 0);
  const x = m.embeddingLookup(table, 100, 4, [21, 21, 21]);
  const moved = m.addPositionIndex(x, 3, 4, true);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 4; j++) assert.equal(moved[i * 4 + j], Math.fround(Math.fround(x[i * 4 + j] * 2) + i));
  assert.equal(m.addPositionIndex(x, 3, 4, false)[8], Math.fround(x[8] + 2));
  expectError(() => m.addPositionIndex(x, 4, 4, true), { code: 'size_mismatch', argument: 'embeddings' });
});
