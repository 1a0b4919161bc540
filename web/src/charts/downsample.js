// charts/downsample.js — shrinks a row-major matrix to at most `width` × `height` cells by averaging the
// block of cells each output cell covers (a box filter). Drawing 2048 × 1024 values into a few hundred
// pixels would otherwise cost time for nothing and, with plain sampling, show moiré stripes that are not in
// the data; averaging shows fast-changing regions as the pale, near-zero blur they really average to.
// Display-only resampling: the numbers students read in tables always come straight from the kernel.

export function downsample({ rows, cols, data }, width, height) {
  const outCols = Math.max(1, Math.min(cols, Math.floor(width)));
  const outRows = Math.max(1, Math.min(rows, Math.floor(height)));
  if (outCols === cols && outRows === rows) return { rows, cols, data };

  // Which output column each input column falls in, and how many input columns each output column sums.
  const columnOf = new Int32Array(cols);
  const columnCount = new Float64Array(outCols);
  for (let j = 0; j < cols; j++) {
    columnOf[j] = Math.floor((j * outCols) / cols);
    columnCount[columnOf[j]] += 1;
  }

  // One pass over the input, in memory order: each input row is added into its output row's sums.
  const out = new Float32Array(outRows * outCols);
  const sums = new Float64Array(outCols);
  let i = 0;
  for (let r = 0; r < outRows; r++) {
    const end = Math.floor(((r + 1) * rows) / outRows);
    const count = end - i;
    sums.fill(0);
    for (; i < end; i++) {
      const base = i * cols;
      for (let j = 0; j < cols; j++) sums[columnOf[j]] += data[base + j];
    }
    const row = r * outCols;
    for (let c = 0; c < outCols; c++) out[row + c] = sums[c] / (columnCount[c] * count);
  }
  return { rows: outRows, cols: outCols, data: out };
}
