// E002-4: which rows of document 002's buffer the module panel reads (5000 rows are never all put in the page), and
// where the module's float32 values stray most from the formula's exact ones. Plain functions with no page code,
// tested in tests/js/buffer.test.mjs.

const SAMPLED = 20; // rows of the buffer shown, spread over max_len

/** The rows of the buffer shown: the first three, then evenly to the last one. */
export function sampledRows(maxLen) {
  const rows = new Set([0, 1, 2].filter((r) => r < maxLen));
  for (let k = 0; k < SAMPLED - 3; k++) rows.add(Math.round(((maxLen - 1) * (k + 1)) / (SAMPLED - 3)));
  return [...rows].filter((r) => r < maxLen).sort((a, b) => a - b);
}

/** The row whose element the layouts table quotes: position 3, or the last one of a shorter buffer. */
export const layoutRow = (maxLen) => Math.min(3, maxLen - 1);

/** Every row the panel reads, in order: the sampled ones and the layouts' one. */
export const bufferRows = (maxLen) => [...new Set([...sampledRows(maxLen), layoutRow(maxLen)])].sort((a, b) => a - b);

/**
 * Among `shown` rows (a subset of `rows`) and their first `cols` columns, the cell where the float32 value and the
 * exact one differ most: {row, col, f32, exact}. `f32` and `exact` hold one row of d values per entry of `rows`.
 */
export function largestGap({ rows, d, f32, exact }, shown, cols) {
  let best = null;
  for (const row of shown) {
    const k = rows.indexOf(row);
    for (let col = 0; col < cols; col++) {
      const i = k * d + col;
      const gap = Math.abs(f32[i] - exact[i]);
      if (!best || gap > best.gap) best = { row, col, f32: f32[i], exact: exact[i], gap };
    }
  }
  return best;
}
