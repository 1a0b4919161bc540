// Positions as biases (ALiBi, T5's buckets) and RoPE stretched past its training length (linear, NTK,
// dynamic, YaRN) with RoFormer's decay bound.
import { call } from './call.js';

export function biasCalls(m) {
  return {
    /** ALiBi's slopes, exactly as the paper's get_slopes(heads): Float64Array(heads). */
    alibiSlopes(heads) {
      return call(() => m.alibiSlopes(heads));
    },

    /** ALiBi's bias of every head: [{rows, cols, data}] (−slope·|i − j|; −∞ above the diagonal when causal). */
    alibiBias({ heads, length, causal }) {
      const all = call(() => m.alibiBias(heads, length, causal));
      return Array.from({ length: heads }, (_, h) => ({ rows: length, cols: length, data: all.subarray(h * length * length, (h + 1) * length * length) }));
    },

    /** T5's bucket (HF's _relative_position_bucket) of one offset j − i. */
    t5RelativeBucket({ offset, bidirectional, buckets, maxDistance }) {
      return call(() => m.t5RelativeBucket(offset, bidirectional, buckets, maxDistance));
    },

    /** The bucket of every offset j − i of a length × length grid: {rows, cols, data: Int32Array}. */
    t5BucketGrid({ length, bidirectional, buckets, maxDistance }) {
      const data = call(() => m.t5BucketGrid(length, bidirectional, buckets, maxDistance));
      return { rows: length, cols: length, data };
    },

    /** T5's bias from a (buckets × heads) table: [{rows, cols, data}] per head. */
    t5Bias({ table, buckets, heads, length, bidirectional, maxDistance }) {
      const all = call(() => m.t5Bias(table, buckets, heads, length, bidirectional, maxDistance));
      return Array.from({ length: heads }, (_, h) => ({ rows: length, cols: length, data: all.subarray(h * length * length, (h + 1) * length * length) }));
    },

    /**
     * RoPE stretched from originalLength to about factor·originalLength. options: {dim, base, originalLength,
     * factor, betaFast, betaSlow, currentLength}; method: extrapolation, linear, ntk, dynamic, yarn.
     */
    ropeInvFreq(options, method) {
      return call(() => m.ropeInvFreq(options, method));
    },
    ropeAngles(options, method, position) {
      return call(() => m.ropeAngles(options, method, position));
    },
    yarnParameters(options) {
      return call(() => m.yarnParameters(options));
    },
    /** Per pair (columns of Float64Arrays): trained and stretched frequencies and wavelengths, unseen angles. */
    angleCoverage(options, method, lastPosition) {
      return call(() => m.angleCoverage(options, method, lastPosition));
    },
    extendedLastPosition(originalLength, factor) {
      return call(() => m.extendedLastPosition(originalLength, factor));
    },
    ntkAwareBase(dim, base, factor) {
      return call(() => m.ntkAwareBase(dim, base, factor));
    },
    /** Dynamic NTK's base for a text of options.currentLength tokens (HF's _compute_dynamic_ntk_parameters). */
    dynamicNtkBase(options) {
      return call(() => m.dynamicNtkBase(options));
    },
    /** RoFormer's relative bound on |q·k| at distances 0 … maxDistance, for a plain head or any frequencies. */
    ropeDecayBound(dim, base, maxDistance) {
      return call(() => m.ropeDecayBound(dim, base, maxDistance));
    },
    ropeDecayBoundOf(invFreq, maxDistance) {
      return call(() => m.ropeDecayBoundOf(invFreq, maxDistance));
    },
  };
}
