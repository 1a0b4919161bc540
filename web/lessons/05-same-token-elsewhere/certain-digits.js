// The digits of a cosine that PyTorch's float32 agrees with. The lab computes the cosine in double precision;
// PyTorch's cosine_similarity computes it in float32 and lands near it, not on it (within 1.8e-7 in every run of
// the notebook, tests/golden/embedding.json). Rounded to 5 decimals, both give the same digits unless the value
// sits so close to a rounding boundary (…5 in the 6th decimal) that float32's error could carry it across:
// then the value is printed with one decimal fewer, which no such error can change.
//
// Plain functions with no page code, so the rule is tested on its own (tests/browser/same-token-elsewhere).

/**
 * How far PyTorch's float32 cosine may be from the double one: 2^-21 ≈ 4.8e-7, eight float32 steps just below
 * 1 and more than twice the largest gap measured against PyTorch (1.8e-7).
 */
export const FLOAT32_BOUND = 2 ** -21;

/**
 * The decimals that can be printed for x: `decimals`, or fewer while x lies within `bound` of a rounding
 * boundary at that many decimals (the halfway point between two printable values).
 */
export function certainDecimals(x, decimals = 5, bound = FLOAT32_BOUND) {
  let d = decimals;
  while (d > 0) {
    // In units of the last decimal, x lies between two printable values; the nearest boundary is their midpoint.
    const scaled = Math.abs(x) * 10 ** d;
    const distance = Math.abs(scaled - Math.floor(scaled) - 0.5) / 10 ** d;
    if (distance >= bound) break;
    d -= 1;
  }
  return d;
}

/**
 * A cosine and the same cosine × 1000, with the decimals PyTorch agrees with: 5 and 2, or 4 and 1 next to a
 * boundary. `shortened` says when a digit was dropped.
 */
export function certainCosine(x, bound = FLOAT32_BOUND) {
  const decimals = certainDecimals(x, 5, bound);
  return { cosine: x.toFixed(decimals), times1000: (x * 1000).toFixed(Math.max(0, decimals - 3)), shortened: decimals < 5 };
}
