// The scores of scaled dot-product attention, to show that the scale of the embeddings reaches attention (document
// 000 says it does not). The softmax weights come from the kernel's selfAttention; the scores before the softmax
// are not among its results, so they are computed here. Plain functions, tested in tests/js/scores.test.mjs.

/**
 * q·k / √d for every pair of rows of x ({rows, cols, data}), in double: the scores of one attention head whose
 * projections are the identity (W_q = W_k = I), as {rows, cols, data}.
 */
export function selfScores(x) {
  const { rows, cols, data } = x;
  const out = new Float64Array(rows * rows);
  const scale = 1 / Math.sqrt(cols);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < rows; j++) {
      let dot = 0;
      for (let c = 0; c < cols; c++) dot += data[i * cols + c] * data[j * cols + c];
      out[i * rows + j] = dot * scale;
    }
  }
  return { rows, cols: rows, data: out };
}

/** The largest entry of a matrix ({rows, cols, data}): {row, col, value}. */
export function largestEntry({ cols, data }) {
  let k = 0;
  for (let i = 1; i < data.length; i++) if (data[i] > data[k]) k = i;
  return { row: Math.floor(k / cols), col: k % cols, value: data[k] };
}
