// The digits of a cosine that PyTorch's float32 agrees with. The lab computes the cosine in double precision;
// PyTorch's cosine_similarity computes it in float32 and lands near it, not on it (within 1.8e-7 in every run of
// the notebook, tests/golden/embedding.json). Rounded to 5 decimals, both give the same digits unless the value
// sits so close to a rounding boundary (…5 in the 6th decimal) that float32's error could carry it across: then
// the last digit is uncertain (PyTorch may print one unit more or less there), and it is written in parentheses,
// 0.9999(6), rather than dropped. Dropping it printed 1.0000 between 0.99999 and 0.99992, which read as a rise.
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

/** One printed number: its digits, and how many of the last ones are uncertain (0 or 1). */
const printed = (x, decimals, certain) => ({ digits: x.toFixed(decimals), uncertain: decimals - certain });

/** The digits as text, the uncertain ones in parentheses: 0.9999(6). */
export const withUncertain = ({ digits, uncertain }) => (uncertain ? `${digits.slice(0, -uncertain)}(${digits.slice(-uncertain)})` : digits);

/**
 * A cosine and the same cosine × 1000, to 5 and 2 decimals, each as {digits, uncertain}: next to a rounding
 * boundary the last digit is uncertain. `uncertain` says when it is.
 */
export function certainCosine(x, bound = FLOAT32_BOUND) {
  const decimals = certainDecimals(x, 5, bound);
  return { cosine: printed(x, 5, decimals), times1000: printed(x * 1000, 2, decimals - 3), uncertain: decimals < 5 };
}
