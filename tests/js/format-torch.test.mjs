// format-torch.js against the strings NumPy itself printed (notebooks/doc000_seeded_embeddings.ipynb →
// tests/golden/embedding.json, "numpy_print"): document 000's steps and arrays that pick each of NumPy's rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { numpyArrayFormatter, tensorFormatter, float32Repr } from '../../web/src/format-torch.js';

const golden = JSON.parse(readFileSync(new URL('../golden/embedding.json', import.meta.url), 'utf8'));

test('every element of every array as NumPy printed it: one notation per array, decimals shared in scientific form', () => {
  const cases = golden.numpy_print;
  assert.ok(cases.length >= 15, `${cases.length} arrays`);
  for (const c of cases) {
    const [rows, cols] = c.shape;
    const values = Float32Array.from(c.values);
    const format = numpyArrayFormatter(values, rows, cols);
    const printed = c.rows.flatMap((i) => c.cols.map((j) => format(values[i * cols + j])));
    assert.deepEqual(printed, c.printed, c.name);
  }
});

test('the notation is the array\'s: a value printed alone would read differently', () => {
  const c = golden.numpy_print.find((x) => x.name === 'small value');
  // Alone, 1.0 is "1."; in an array that also holds 9.99e-05, NumPy prints it as 1.0000000e+00.
  assert.equal(float32Repr(1), '1.');
  assert.equal(c.printed[0], '1.0000000e+00');
  // The summarised array hides its tiny value behind '...': NumPy (and the lab) stay positional.
  const fixed = golden.numpy_print.find((x) => x.name === 'summarised, fixed');
  assert.equal(fixed.printed[1], '0.5');
  assert.equal(numpyArrayFormatter(Float32Array.from(fixed.values), 40, 40)(0.5), '0.5');
});

test('PyTorch\'s tensor printing: four decimals, or scientific for the whole tensor', () => {
  assert.equal(tensorFormatter([-1.1258, 0.5])(-1.12584), '-1.1258');
  assert.equal(tensorFormatter([1, 1e-4])(1e-4), '1.0000e-04');
});
