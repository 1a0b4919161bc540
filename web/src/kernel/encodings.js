// The sinusoidal encoding, similarity and distances, embeddings and document 000's forward pass: the calls
// that lessons 01–07 make. Matrices come back as {rows, cols, data}.
import { call, passThrough } from './call.js';

export function encodingCalls(m) {
  return {
    // Calls that take and return exactly what the module does (docs/api.md); the guard checks them.
    ...passThrough(m, ['cosineSimilarity', 'euclideanDistance', 'torchSeed']),

    /** The max_len × d_model sinusoidal matrix for one variant ("paper", "literal", "literal-shifted"). */
    positionalEncoding({ maxLen, dModel, variant }) {
      const data = call(() => m.positionalEncoding(maxLen, dModel, variant));
      return { rows: maxLen, cols: dModel, data };
    },


    /** Cosine similarity of every row of a with every row of b; both are {rows, cols, data}. */
    cosineMatrix(a, b) {
      const data = call(() => m.cosineMatrix(a.data, a.rows, b.data, b.rows, a.cols));
      return { rows: a.rows, cols: b.rows, data };
    },

    /**
     * Row i of a against row i of b (same shapes), accumulated in double: a Float64Array whose leading digits are
     * those every float32 library (PyTorch, NumPy) agrees on.
     */
    cosineRowsExact(a, b) {
      return call(() => m.cosineRowsExact(a.data, b.data, a.rows, a.cols));
    },

    /**
     * Document 003's encoding far out (E003-6) at each of `positions`: float32 as its PyTorch code computes it
     * and exact. Matrices are {rows: positions, cols: pairs (or dModel for the rows), data} (row-major).
     */
    farPositions(positions, dModel) {
      const r = call(() => m.farPositions(positions, dModel));
      const n = positions.length;
      const byPair = (data) => ({ rows: n, cols: dModel / 2, data });
      return {
        positionsF32: r.positionsF32,
        divTermF32: r.divTermF32,
        angleExact: byPair(r.angleExact),
        angleF32: byPair(r.angleF32),
        stepExact: byPair(r.stepExact),
        stepF32: byPair(r.stepF32),
        angleError: byPair(r.angleError),
        errorInSteps: byPair(r.errorInSteps),
        peF32: { rows: n, cols: dModel, data: r.peF32 },
        peExact: { rows: n, cols: dModel, data: r.peExact },
        sameAsNext: r.sameAsNext,
      };
    },


    // ---- embeddings ----
    /**
     * Document 002's PositionalEncoding(dModel, maxLen, p) on x = torch.randn(batch, seq, dModel) after
     * torch.manual_seed(seed): x, x + pe, the output (dropout when `train`, as PyTorch draws it) and `kept`
     * (Uint8Array, 1 where a value survived). Matrices are (batch·seq) × dModel.
     */
    positionalModule({ seed, batch, seq, dModel, maxLen, p, train }) {
      const r = call(() => m.positionalModule(seed, batch, seq, dModel, maxLen, p, train));
      const matrix = (data) => ({ rows: batch * seq, cols: dModel, data });
      return { x: matrix(r.x), encoded: matrix(r.encoded), output: matrix(r.output), kept: r.kept };
    },

    /**
     * torch.manual_seed(seed); nn.Embedding(vocabSize, dim).weight, bit for bit. `seed`: a whole number up to
     * 2^53 − 1, a BigInt or a decimal string up to 2^64 − 1 (lessons keep it as text).
     */
    torchEmbedding({ vocabSize, dim, seed }) {
      const data = call(() => m.torchEmbedding(vocabSize, dim, seed));
      return { rows: vocabSize, cols: dim, data };
    },

    /** Rows `ids` of a table ({rows, cols, data}); an id outside the table is an error naming its place. */
    embeddingLookup(table, ids) {
      const data = call(() => m.embeddingLookup(table.data, table.rows, table.cols, ids));
      return { rows: ids.length, cols: table.cols, data };
    },

    /**
     * Document 000's forward pass for a sentence: each step as a {rows, cols, data} matrix (embedded, scaled,
     * positional, encoded, shift = encoded − embedded, shiftScaled = encoded − scaled), plus scaleFactor and
     * maxDeviation (largest |shiftScaled − positional|) with the roundingBound it stays within, and the largest
     * |value| of shift and of shiftScaled.
     */
    embeddingSteps(table, ids, { variant, scale }) {
      const s = call(() => m.embeddingSteps(table.data, table.rows, table.cols, ids, variant, scale));
      const matrix = (data) => ({ rows: s.rows, cols: s.cols, data });
      return {
        embedded: matrix(s.embedded),
        scaled: matrix(s.scaled),
        positional: matrix(s.positional),
        encoded: matrix(s.encoded),
        shift: matrix(s.shift),
        shiftScaled: matrix(s.shiftScaled),
        scaleFactor: s.scaleFactor,
        maxDeviation: s.maxDeviation,
        roundingBound: s.roundingBound,
        largestShift: s.largestShift,
        largestShiftScaled: s.largestShiftScaled,
      };
    },

    /** The idea document 000 rejects: x·√d + pos (raw index) in every dimension; x is {rows, cols, data}. */
    addPositionIndex(x, { scale }) {
      const data = call(() => m.addPositionIndex(x.data, x.rows, x.cols, scale));
      return { rows: x.rows, cols: x.cols, data };
    },

  };
}
