// divTerm, wavelengths, angleMatrix and rotationCheck as JavaScript sees them, against documents 002 and
// 003's notebooks; the d = 2 example of document 003; errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { golden, loadModule } from './helpers.mjs';

const poslab = await loadModule();
const steps = golden('doc003.json')['E003-3_steps'];
const rotation = golden('doc002.json')['E002-3'];
const relClose = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol * Math.abs(b) + 1e-30, `${what}: ${a} vs ${b}`);

test('div_term and wavelengths for d_model = 512 equal the float64 references (E003-3)', () => {
  const div = poslab.divTerm(512);
  const wave = poslab.wavelengths(512);
  assert.ok(div instanceof Float64Array && div.length === 256);
  steps.div_term_float64.forEach((v, i) => relClose(div[i], v, 1e-14, `div_term[${i}]`));
  steps.wavelength_float64.forEach((v, i) => relClose(wave[i], v, 1e-14, `wavelength[${i}]`));
  const angles = poslab.angleMatrix(8, 512);
  steps.angles_row7_float64.forEach((v, i) => relClose(angles[7 * 256 + i], v, 1e-7, `angle[7][${i}]`));
});

test('d = 2 (E003-2): PE(0) = [0, 1], PE(1) = [sin 1, cos 1], [0.5, 0.8] + PE(0) = [0.5, 1.8]', () => {
  const g = golden('doc003.json')['E003-2'];
  const pe = poslab.positionalEncoding(2, 2, 'paper');
  assert.deepEqual([...pe.subarray(0, 2)], g.pe0);
  assert.ok(Math.abs(pe[2] - g.pe1[0]) < 1e-7 && Math.abs(pe[3] - g.pe1[1]) < 1e-7);
  const sum = poslab.addPositionalEncoding(Float32Array.of(0.5, 0.8), 1, 2, 'paper', false);
  assert.equal(sum[0].toFixed(1), '0.5');
  assert.equal(sum[1].toFixed(1), '1.8');
  assert.equal(Math.fround(g.sum_pos0[1]), sum[1]);
});

test('PE(pos + k) = M(k)·PE(pos) for the notebook offsets, and for any k with an error near zero (E002-3)', () => {
  rotation.offsets.forEach((k, n) => {
    const r = poslab.rotationCheck(rotation.pos, k, rotation.d_model);
    rotation.rotated[n].forEach((v, j) => assert.ok(Math.abs(r.rotated[j] - v) < 1e-6, `k=${k} [${j}]`));
    assert.ok(r.maxError < 1e-6);
    assert.equal(r.rotation.length, 64 * 64);
  });
  for (const [pos, k] of [[0, 0], [10, -10], [300, 1234], [60000, 5535]]) {
    assert.ok(poslab.rotationCheck(pos, k, 16).maxError < 2e-6, `${pos}+${k}`);
  }
});

test('bad arguments throw PoslabErrors', () => {
  for (const [call, code, argument] of [
    [() => poslab.divTerm(3), 'odd_width', 'd_model'],
    [() => poslab.wavelengths(0), 'out_of_range', 'd_model'],
    [() => poslab.rotationCheck(5, -6, 8), 'out_of_range', 'k'],
    [() => poslab.rotationCheck(1.5, 1, 8), 'not_integer', 'pos'],
    [() => poslab.rotationCheck(1, 1, 2048), 'out_of_range', 'd_model'],
    [() => poslab.angleMatrix(0, 4), 'out_of_range', 'max_len'],
  ]) {
    assert.throws(call, (err) => err.code === code && err.argument === argument, `${code} ${argument}`);
  }
});

test('closestPositions: neighbours 1.4718 apart at d_model = 64 (E002-2); d_model = 2 has near-collisions', () => {
  const g = golden('doc002.json')['E002-6'];
  const c = poslab.closestPositions(100, 64);
  assert.equal(c.posB - c.posA, 1);
  assert.ok(Math.abs(c.distance - g.distance_5_6) < 1e-5);
  const tiny = poslab.closestPositions(100, 2);
  assert.equal(tiny.posB - tiny.posA, 44);
  assert.throws(() => poslab.closestPositions(1, 8), (err) => err.code === 'out_of_range' && err.argument === 'max_len');
});

test('diagonalSpread: ~0 for RoPE grids, large for additive grids, refuses non-square input', () => {
  const q = Float32Array.of(0.9, 0.1, -0.4, 0.7), k = Float32Array.of(0.6, -0.3, 0.8, 0.1);
  assert.ok(poslab.diagonalSpread(poslab.ropeScoreGrid(q, k, 12, 10000), 12) < 1e-5);
  assert.ok(poslab.diagonalSpread(poslab.additiveScoreGrid(q, k, 12), 12) > 0.1);
  assert.throws(() => poslab.diagonalSpread(new Float32Array(6), 3), (err) => err.code === 'size_mismatch' && err.argument === 'grid');
});

test('closestRows: a vector rotated by RoPE at 100 positions never meets itself; equal rows are 0 apart', () => {
  const ones = new Float32Array(100 * 64).fill(1);
  const c = poslab.closestRows(poslab.rope(ones, 100, 64), 100, 64);
  assert.ok(c.distance > 0.1 && c.posA < c.posB);
  assert.equal(poslab.closestRows(new Float32Array(12).fill(2), 3, 4).distance, 0);
  assert.throws(() => poslab.closestRows(new Float32Array(4), 1, 4), (err) => err.code === 'out_of_range' && err.argument === 'rows');
});
