// charts/downsample.js — shrinks a row-major matrix to at most `width` × `height` cells by averaging the
// block of cells each output cell covers (a box filter). Drawing 2048 × 1024 values into a few hundred
// pixels would otherwise cost time for nothing and, with plain sampling, show moiré stripes that are not in
// the data; averaging shows fast-changing regions as the pale, near-zero blur they really average to.
// Display-only resampling: the numbers students read in tables always come straight from the kernel.

export function downsample({ rows, cols, data }, width, height) {
  const outCols = Math.max(1, Math.min(cols, Math.floor(width)));
  const outRows = Math.max(1, Math.min(rows, Math.floor(height)));
  if (outCols === cols && outRows === rows) return { rows, cols, data };

  const out = new Float32Array(outRows * outCols);
  const colStart = new Int32Array(outCols + 1);
  for (let c = 0; c <= outCols; c++) colStart[c] = Math.floor((c * cols) / outCols);

  for (let r = 0; r < outRows; r++) {
    const r0 = Math.floor((r * rows) / outRows);
    const r1 = Math.floor(((r + 1) * rows) / outRows);
    for (let c = 0; c < outCols; c++) {
      const c0 = colStart[c];
      const c1 = colStart[c + 1];
      let sum = 0;
      for (let i = r0; i < r1; i++) {
        const base = i * cols;
        for (let j = c0; j < c1; j++) sum += data[base + j];
      }
      out[r * outCols + c] = sum / ((r1 - r0) * (c1 - c0));
    }
  }
  return { rows: outRows, cols: outCols, data: out };
}
