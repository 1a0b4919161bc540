// Lesson 08's race to half a step (web/lessons/08-distances/half-step.js): which pair of document 003's float32
// code is first to put its angle half a step between neighbouring positions off. Checked against notebook 003's
// PyTorch divisors for d_model = 512 and, on made-up divisors, against a plain search over every position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { halfStepRace, firstHalfStep, driftPosition } from '../../web/lessons/08-distances/half-step.js';

const doc003 = JSON.parse(readFileSync(new URL('../golden/doc003.json', import.meta.url), 'utf8'));
// torch.exp(torch.arange(0, 512, 2).float() * (-math.log(10000.0) / 512)) as PyTorch computed it, and the exact one.
const divF32 = doc003['E003-6'].div_term;
const divExact = doc003['E003-3_steps'].div_term_float64;

/** The angle's error in steps, with the float32 product taken by a Float32Array (not Math.fround). */
const f32 = new Float32Array(1);
function steps(p, f, w) {
  f32[0] = p * f;
  return Math.abs(f32[0] - p * w) / w;
}

test('d_model 512: pair 230 has the least precise divisor (5.7e-7; the last pair 3.2e-7) and is the first half a step off, at 830,909', () => {
  const race = halfStepRace(divF32, divExact);
  assert.equal(race.leastPrecise, 230);
  const relative = divF32.map((f, i) => Math.abs(f - divExact[i]) / divExact[i]);
  assert.equal(Math.max(...relative), relative[230]);
  assert.equal(race.errors[230], relative[230]);
  assert.ok(Math.abs(relative[230] - 5.658e-7) < 1e-10 && Math.abs(relative[255] - 3.171e-7) < 1e-10, `${relative[230]} ${relative[255]}`);
  // The drift alone would take until 0.5 ÷ 5.658e-7 ≈ 884,000; the product's rounding brings it forward.
  assert.equal(driftPosition(relative[230]), 884000);
  assert.equal(driftPosition(relative[255]), 1580000);
  assert.deepEqual(race.first, { pair: 230, position: 830909 });
  assert.ok(steps(830909, divF32[230], divExact[230]) >= 0.5);
  for (let p = 1; p < 830909; p++) assert.ok(steps(p, divF32[230], divExact[230]) < 0.5, `pair 230 at ${p}`);
  // Every other pair: the product's rounding moves the error by at most p·(f/w)·2^-24 steps, so a pair whose
  // p·(r + (f/w)·2^-24) stays below 0.5 up to 830,908 cannot be half a step off before. That is all of them.
  relative.forEach((r, i) => i === 230 || assert.ok(830908 * (r + (divF32[i] / divExact[i]) * 2 ** -24) < 0.5, `pair ${i}`));
  // The last pair, the one the lesson used to name, first gets there at 1,344,955.
  assert.equal(firstHalfStep(divF32[255], divExact[255]), 1344955);
});

test('made-up divisors: the race finds the first position and pair a plain search over every position finds', () => {
  // A deterministic generator (a 32-bit LCG); four divisors each, with relative errors of 8e-7 … 9e-7, so close
  // that the product's rounding (up to 6e-8 of a step per position) decides which pair is half a step off first.
  let state = 2024;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  let others = 0;
  const trials = 12;
  for (let trial = 0; trial < trials; trial++) {
    const exact = [0.9, 0.7, 0.3, 0.1].map((w) => w + 0.01 * random());
    const float = exact.map((w) => Math.fround(w * (1 + (random() < 0.5 ? -1 : 1) * (8e-7 + 1e-7 * random()))));
    let plain = null;
    for (let p = 1; !plain && p < 1e6; p++) {
      for (let i = 0; i < exact.length; i++) {
        if (steps(p, float[i], exact[i]) >= 0.5) { plain = { pair: i, position: p }; break; }
      }
    }
    const race = halfStepRace(float, exact);
    assert.deepEqual(race.first, plain, `trial ${trial}`);
    if (race.first.pair !== race.leastPrecise) others++;
  }
  // The least precise divisor does not always win: the rounding of the product decides between close ones.
  assert.ok(others > 0 && others < trials, String(others));
});

test('a single pair (d_model 2): its divisor is exactly 1, its angle never strays while the position is a float32 number', () => {
  const race = halfStepRace([1], [1]);
  assert.deepEqual(race.errors, [0]);
  assert.equal(race.first, null);
  assert.equal(firstHalfStep(1, 1), null);
});
