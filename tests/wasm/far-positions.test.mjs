// E003-6 as JavaScript sees it, in both builds: document 003's float32 encoding far out against notebook 003
// (tests/golden/doc003.json, "E003-6": PyTorch's float32 angles and sines, mpmath's exact ones).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule, golden, codeOf } from './helpers.mjs';

const builds = { simd: await loadModule('poslab.mjs'), scalar: await loadModule('poslab-scalar.mjs') };
const far = golden('doc003.json')['E003-6'];

for (const [build, m] of Object.entries(builds)) {
  test(`${build}: div_term and the float32 angles are PyTorch's bit for bit; the sines within one float32 step; the exact values are mpmath's`, () => {
    const d = far.d_model;
    const r = m.farPositions(far.positions, d);
    const pairs = d / 2;
    assert.deepEqual(Array.from(r.divTermF32), far.div_term);
    assert.deepEqual(Array.from(r.positionsF32), far.positions_f32);
    far.positions.forEach((p, k) => {
      far.pairs.forEach((i, j) => {
        assert.equal(r.angleF32[k * pairs + i], far.angle_f32[k][j], `angle ${p}, pair ${i}`);
        assert.ok(Math.abs(r.angleExact[k * pairs + i] - far.angle_exact[k][j]) <= 1e-15 * Math.abs(far.angle_exact[k][j]), `exact ${p}, ${i}`);
        assert.ok(Math.abs(r.peExact[k * d + 2 * i] - far.sin_exact[k][j]) <= 1e-9, `sin exact ${p}, ${i}`);
        assert.ok(Math.abs(r.peF32[k * d + 2 * i] - far.sin_f32[k][j]) <= 1.2e-7, `sin f32 ${p}, ${i}`);
        assert.equal(r.angleError[k * pairs + i], r.angleF32[k * pairs + i] - r.angleExact[k * pairs + i]);
        // The chart's quantity: the error in steps, a step being the exact angle between neighbours 10000^(−2i/d).
        const step = 10000 ** (-2 * i / d);
        assert.ok(Math.abs(r.stepExact[k * pairs + i] - step) <= 1e-15 * step);
        // (the lab's exact angle is a double: up to 1e-15 of the angle away from mpmath's, in steps too)
        const slack = (1e-15 * Math.abs(far.angle_exact[k][j])) / step + 1e-12;
        assert.ok(Math.abs(r.errorInSteps[k * pairs + i] - Math.abs(far.angle_f32[k][j] - far.angle_exact[k][j]) / step) <= slack, `steps ${p}, ${i}`);
      });
    });
    // 2^24 and 2^24 + 1: one float32 position, one row, whose neighbour is the same row.
    assert.equal(r.sameAsNext[4], d);
    assert.ok(r.sameAsNext[0] < d / 4);
  });

  test(`${build}: bad positions and widths are PoslabErrors`, () => {
    assert.equal(codeOf(() => m.farPositions([], 512)), 'out_of_range positions');
    assert.equal(codeOf(() => m.farPositions([1.5], 512)), 'not_integer positions');
    assert.equal(codeOf(() => m.farPositions([NaN], 512)), 'not_finite positions');
    assert.equal(codeOf(() => m.farPositions([-4], 512)), 'out_of_range positions');
    assert.equal(codeOf(() => m.farPositions([3e9], 512)), 'out_of_range positions');
    assert.equal(codeOf(() => m.farPositions([10], 7)), 'odd_width d_model');
    assert.equal(codeOf(() => m.farPositions([10], 1e6)), 'out_of_range d_model');
    assert.equal(codeOf(() => m.farPositions('10', 8)), 'not_array positions');
  });
}
