// E003-6: which pair of document 003's float32 code is the first to lose track of neighbouring positions. Its
// angle is fl(p · div_f32), the exact one p · div: the error, in steps of div between neighbours, is the divisor's
// relative error times p plus the rounding of the product. Which pair gets there first therefore depends on
// d_model (the divisors' float32 errors do), so it is computed here from the divisors the panel shows, never assumed.
//
// Plain functions with no page code, tested in tests/js/half-step.test.mjs.

/** Up to 2^24 every whole position is a float32 number; past it the position itself rounds (another story). */
export const EXACT_POSITIONS = 2 ** 24;

/** Relative error of one float32 rounding (round to nearest): at most 2^-24 of the value. */
const ROUNDING = 2 ** -24;

/** |div_f32 − div| / div per pair: how far float32 stores each divisor from the exact one, relatively. */
export const divisorErrors = (divF32, divExact) => Array.from(divF32, (f, i) => Math.abs(f - divExact[i]) / divExact[i]);

/**
 * The float32 angle's error at position p, in steps between neighbouring positions: |fl(p · f) − p · w| / w. For
 * p ≤ 2^24, p · f is exact in double (24-bit times 24-bit significands), so Math.fround rounds it once, as the
 * float32 product does.
 */
export const errorInSteps = (p, f, w) => Math.abs(Math.fround(p * f) - p * w) / w;

/**
 * The first position p ≤ min(2^24, before − 1) where pair i's error reaches half a step, or null. The rounding of
 * the product moves the error by at most p · (f / w) · 2^-24 steps, so the error lies within p · (r ± u): below
 * 0.5 / (r + u) it cannot reach half a step, from 0.5 / (r − u) on it must. Only the positions between are tried.
 */
export function firstHalfStep(f, w, before = EXACT_POSITIONS + 1) {
  const r = Math.abs(f - w) / w;
  if (r === 0) return null; // a divisor of exactly 1: p · 1 is exact, the angle never strays
  const u = (f / w) * ROUNDING;
  const surely = r > u ? Math.ceil(0.5 / (r - u)) : Infinity;
  const last = Math.min(EXACT_POSITIONS, before - 1, surely);
  for (let p = Math.max(1, Math.floor(0.5 / (r + u)) - 1); p <= last; p++) {
    if (errorInSteps(p, f, w) >= 0.5) return p;
  }
  return null;
}

/** The rough position where the divisor's error alone makes half a step, 0.5 / r, to three significant digits. */
export const driftPosition = (r) => Number((0.5 / r).toPrecision(3));

/**
 * The race to half a step, for float32 divisors `divF32` against exact ones `divExact` (one per pair):
 * `errors` (each divisor's relative error), `leastPrecise` (the pair whose divisor has the largest), and
 * `first`: {pair, position}, the first position ≤ 2^24 at which any pair's angle is half a step off (null when
 * none is). Pairs are tried from the one that can cross earliest; a pair that cannot cross before the best found
 * so far is not scanned.
 */
export function halfStepRace(divF32, divExact) {
  const errors = divisorErrors(divF32, divExact);
  const leastPrecise = errors.reduce((best, r, i) => (r > errors[best] ? i : best), 0);
  const earliest = (i) => 0.5 / (errors[i] + (divF32[i] / divExact[i]) * ROUNDING);
  const order = errors.map((_, i) => i).filter((i) => errors[i] > 0).sort((a, b) => earliest(a) - earliest(b));
  let first = null;
  for (const i of order) {
    if (first && earliest(i) >= first.position) break;
    const p = firstHalfStep(divF32[i], divExact[i], first ? first.position : undefined);
    if (p !== null) first = { pair: i, position: p };
  }
  return { errors, leastPrecise, first };
}
