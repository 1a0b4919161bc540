// Positions as biases (ALiBi, T5's buckets) and RoPE stretched past its training length (linear, NTK,
// dynamic, YaRN) with RoFormer's decay bound.
import { call, passThrough } from './call.js';

export function biasCalls(m) {
  return {
    // Calls that take and return exactly what the module does (docs/api.md); the guard checks them.
    ...passThrough(m, ['alibiSlopes', 'ropeInvFreq', 'ropeAngles', 'yarnParameters', 'angleCoverage', 'extendedLastPosition', 'ntkAwareBase', 'dynamicNtkBase', 'ropeDecayBound', 'ropeDecayBoundOf']),

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

  };
}
