// positionalEncoding as JavaScript sees it: the documents' digits, the notebooks' goldens, exactness.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asPrinted, golden, loadModule, normalised } from './helpers.mjs';

const poslab = await loadModule();

function assertPrinted(value, printed, where) {
  assert.equal(asPrinted(value, printed), normalised(printed), `${where}: ${value} should print as ${printed}`);
}

test('literal-shifted reproduces document 000 rows 1 and 9 (E000-1)', () => {
  const pe = poslab.positionalEncoding(10, 4, 'literal-shifted');
  assert.ok(pe instanceof Float32Array);
  assert.equal(pe.length, 40);
  const { printed } = golden('doc000.json');
  printed['E000-1_row1'].forEach((p, j) => assertPrinted(pe[4 + j], p, `row 1 col ${j}`));
  printed['E000-1_row9'].forEach((p, j) => assertPrinted(pe[36 + j], p, `row 9 col ${j}`));
});

test('literal-shifted equals document 000 class output to the last bit or one ulp (E000-1, E000-3)', () => {
  const g = golden('doc000.json');
  const pe = poslab.positionalEncoding(10, 4, 'literal-shifted');
  g['E000-1'].pe.flat().forEach((v, i) => assert.ok(Math.abs(pe[i] - v) <= 1.2e-7, `index ${i}`));
  const pe56 = poslab.positionalEncoding(5, 6, 'literal-shifted');
  g.printed['E000-3_pe_5_6_row1'].forEach((p, j) => assertPrinted(pe56[6 + j], p, `(5,6) row 1 col ${j}`));
});

test('literal variant reproduces document 001 pos 2 and pos 10 (E001-2)', () => {
  const pe = poslab.positionalEncoding(11, 512, 'literal');
  const { printed, 'E001-2': e2 } = golden('doc001.json');
  const row = (p) => pe.subarray(p * 512, p * 512 + 512);
  printed['E001-2_pos2_start'].forEach((p, j) => assertPrinted(row(2)[j], p, 'pos 2 start'));
  printed['E001-2_pos2_end'].forEach((p, j) => assertPrinted(row(2)[509 + j], p, 'pos 2 end'));
  printed['E001-2_pos10_start'].forEach((p, j) => assertPrinted(row(10)[j], p, 'pos 10 start'));
  printed['E001-2_pos10_end'].forEach((p, j) => assertPrinted(row(10)[509 + j], p, 'pos 10 end'));
  e2.pos2.forEach((v, j) => assert.ok(Math.abs(row(2)[j] - v) <= 1.2e-7, `pos 2 col ${j}`));
  e2.pos10.forEach((v, j) => assert.ok(Math.abs(row(10)[j] - v) <= 1.2e-7, `pos 10 col ${j}`));
});

test('paper variant reproduces documents 001 and 003 row 1 (E001-5, E003-3)', () => {
  const pe = poslab.positionalEncoding(100, 512, 'paper');
  const p1 = golden('doc001.json').printed;
  p1['E001-5_sin_row1_start'].forEach((p, k) => assertPrinted(pe[512 + 2 * k], p, 'sin start'));
  p1['E001-5_sin_row1_end'].forEach((p, k) => assertPrinted(pe[512 + 2 * (253 + k)], p, 'sin end'));
  p1['E001-5_cos_row1_start'].forEach((p, k) => assertPrinted(pe[512 + 2 * k + 1], p, 'cos start'));
  const p3 = golden('doc003.json').printed;
  p3['E003-3_row1_start'].forEach((p, j) => assertPrinted(pe[512 + j], p, 'E003-3 start'));
  p3['E003-3_row1_end'].forEach((p, j) => assertPrinted(pe[512 + 509 + j], p, 'E003-3 end'));
});

test('paper variant stays within torch float32 rounding of documents 001-003 (E001-5, E002-5, E003-3)', () => {
  const cases = [
    [golden('doc001.json')['E001-5'], 'pe', 2e-6],
    [golden('doc002.json')['E002-5'], 'pe', 2e-5],
    [golden('doc003.json')['E003-3'], 'first20', 4e-6],
  ];
  for (const [g, key, tolerance] of cases) {
    const rows = g[key];
    const pe = poslab.positionalEncoding(rows.length, g.d_model, g.variant);
    let worst = 0;
    rows.flat().forEach((v, i) => { worst = Math.max(worst, Math.abs(pe[i] - v)); });
    assert.ok(worst <= tolerance, `${g.variant} ${rows.length}x${g.d_model}: max difference ${worst}`);
  }
});

test('every value equals the exact float64 value rounded to float32, up to position 8191', () => {
  let rows = 0;
  for (const r of golden('reference.json').rows) {
    const pe = poslab.positionalEncoding(r.pos + 1, r.d_model, r.variant);
    const row = pe.subarray(r.pos * r.d_model);
    r.values.forEach((exact, j) => {
      const rounded = Math.fround(exact);
      const ulp = Math.abs(Math.fround(rounded * (1 + 2 ** -23)) - rounded) || 2 ** -149;
      assert.ok(Math.abs(row[j] - rounded) <= ulp, `${r.variant} d=${r.d_model} pos=${r.pos} col=${j}: ${row[j]} vs ${exact}`);
    });
    rows += 1;
  }
  assert.ok(rows >= 200);
});

test('the scalar build gives the same matrices as the SIMD build', async () => {
  const scalar = await loadModule('poslab-scalar.mjs');
  assert.equal(scalar.buildInfo().simd, false);
  assert.equal(poslab.buildInfo().simd, true);
  for (const variant of ['paper', 'literal', 'literal-shifted']) {
    assert.deepEqual(scalar.positionalEncoding(300, 66, variant), poslab.positionalEncoding(300, 66, variant));
  }
});

test('addPositionalEncoding is x*sqrt(d) + PE, and x + PE without scaling', () => {
  const x = Float32Array.from({ length: 12 }, (_, i) => (i - 6) / 4);
  const pe = poslab.positionalEncoding(3, 4, 'literal-shifted');
  const scaled = poslab.addPositionalEncoding(x, 3, 4, 'literal-shifted', true);
  const plain = poslab.addPositionalEncoding(x, 3, 4, 'literal-shifted', false);
  scaled.forEach((v, i) => assert.equal(v, Math.fround(Math.fround(x[i] * 2) + pe[i])));
  plain.forEach((v, i) => assert.equal(v, Math.fround(x[i] + pe[i])));
});
