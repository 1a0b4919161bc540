// Attention and RoPE: self-attention with its seeded example head, permutations, the encoding's frequencies
// and rotation, RoPE's scores against the additive encoding's.
import { call, passThrough } from './call.js';

export function attentionCalls(m) {
  return {
    // Calls that take and return exactly what the module does (docs/api.md); the guard checks them.
    ...passThrough(m, ['divTerm', 'wavelengths', 'closestPositions', 'sinusoidalRequirements', 'ropeRequirements', 'learnedRequirements']),

    /** x + PE (scale false) or x·√d + PE (scale true), x = {rows, cols, data}: document 000's forward pass. */
    addPositionalEncoding(x, variant, scale = false) {
      const data = call(() => m.addPositionalEncoding(x.data, x.rows, x.cols, variant, scale));
      return { rows: x.rows, cols: x.cols, data };
    },

    /**
     * Scaled dot-product self-attention of x ({rows, cols, data}). wq, wk, wv: row-major dim × width arrays
     * (omitted: identity projections); causal: each position sees only itself and the positions before it.
     */
    selfAttention(x, { wq, wk, wv, causal = false, keyLength } = {}) {
      const r = call(() => m.selfAttention(x.data, x.rows, x.cols, { wq, wk, wv, causal, keyLength }));
      return {
        weights: { rows: x.rows, cols: x.rows, data: r.weights },
        output: { rows: x.rows, cols: r.valueDim, data: r.output },
      };
    },

    /**
     * The lab's seeded attention head, as notebooks/doc002 draws it: g = torch.Generator().manual_seed(seed);
     * table = randn(words, dim), then W_q, W_k, W_v = 0.5·randn(dim, dim) each (float64, rounded to two
     * decimals, as float32). Returns {table, wq, wk, wv} as {rows, cols, data} matrices.
     */
    attentionExample({ seed, words = 13, dim = 8 }) {
      const r = call(() => m.attentionExample(seed, words, dim));
      const matrix = (rows, data) => ({ rows, cols: r.dim, data });
      return { table: matrix(r.words, r.table), wq: matrix(r.dim, r.wq), wk: matrix(r.dim, r.wk), wv: matrix(r.dim, r.wv) };
    },

    /** Per row i of reordered: the largest |reordered[i] − original[order[i]]| (Float64Array). */
    permutationRowGaps(original, reordered, order) {
      return call(() => m.permutationRowGaps(original.data, reordered.data, original.rows, original.cols, order));
    },

    /** Throws a not_permutation (or size_mismatch) error unless order holds 0 … n−1 once each. */
    validatePermutation(order, n) {
      call(() => m.validatePermutation(order, n));
    },



    /** position · div_term: {rows: maxLen, cols: dModel/2, data}. */
    angleMatrix(maxLen, dModel) {
      const data = call(() => m.angleMatrix(maxLen, dModel));
      return { rows: maxLen, cols: dModel / 2, data };
    },

    /** M(k), PE(pos), M(k)·PE(pos), PE(pos + k) and the largest difference between the last two. */
    rotationCheck(pos, k, dModel) {
      const r = call(() => m.rotationCheck(pos, k, dModel));
      return { ...r, rotation: { rows: dModel, cols: dModel, data: r.rotation } };
    },


    /** The two closest different rows of x ({rows, cols, data}): {posA, posB, distance}. */
    closestRows(x) {
      return call(() => m.closestRows(x.data, x.rows, x.cols));
    },


    /** RoPE: row r of x ({rows, cols, data}) rotated as the vector at position r. */
    rope(x, base = 10000) {
      const data = call(() => m.rope(x.data, x.rows, x.cols, base));
      return { rows: x.rows, cols: x.cols, data };
    },

    /** Pair `pair`'s unit vector as RoPE turns it at positions 0 … steps − 1: [[x, y], …] (lesson 13's arrows). */
    ropePairPath({ dim, pair, steps, base = 10000 }) {
      const data = call(() => m.ropePairPath(dim, pair, steps, base));
      return Array.from({ length: steps }, (_, r) => [data[2 * r], data[2 * r + 1]]);
    },

    /** RoPE(q, m)·RoPE(k, n) for m, n < positions: {rows, cols, data}. */
    ropeScoreGrid(q, k, positions, base = 10000) {
      const data = call(() => m.ropeScoreGrid(q, k, positions, base));
      return { rows: positions, cols: positions, data };
    },

    /** Largest (max − min) along any diagonal of a square grid {rows, cols, data}: 0 when it depends only on m − n. */
    diagonalSpread(grid) {
      return call(() => m.diagonalSpread(grid.data, grid.rows));
    },

    /** (q + PE(m))·(k + PE(n)) for m, n < positions, paper formula. */
    additiveScoreGrid(q, k, positions) {
      const data = call(() => m.additiveScoreGrid(q, k, positions));
      return { rows: positions, cols: positions, data };
    },
  };
}
