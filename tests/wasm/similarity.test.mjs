// cosineSimilarity, cosineMatrix, cosineRows and euclideanDistance against sklearn/numpy and the documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flat, golden, loadModule } from './helpers.mjs';

const poslab = await loadModule();
const close = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

test('cosineMatrix equals sklearn cosine_similarity, including all-zero rows', () => {
  const { A, B, matrix_sklearn: expected } = golden('reference.json').cosine;
  const m = poslab.cosineMatrix(flat(A), A.length, flat(B), B.length, A[0].length);
  assert.equal(m.length, A.length * B.length);
  expected.flat().forEach((v, i) => close(m[i], v, 1e-6, `entry ${i}`));
});

test('pairs: cosine similarity and Euclidean distance equal the float64 references', () => {
  for (const p of golden('reference.json').cosine.pairs) {
    close(poslab.cosineSimilarity(Float32Array.from(p.a), Float32Array.from(p.b)), p.cosine, 1e-6, 'cosine');
    close(poslab.euclideanDistance(Float32Array.from(p.a), Float32Array.from(p.b)), p.euclidean, 1e-6, 'distance');
  }
});

test('document 001 pitfall: 20x512 matrices with one non-zero row give 1 at [0,0] and 0 elsewhere (E001-3)', () => {
  const g = golden('doc001.json')['E001-3'];
  const pe = poslab.positionalEncoding(11, 512, 'literal');
  const m = new Float32Array(20 * 512);
  m.set(pe.subarray(10 * 512, 11 * 512));  // the document's tensor holds pos 10 in row 0 after both calls
  const s = poslab.cosineMatrix(m, 20, m, 20, 512);
  g.similarity.flat().forEach((v, i) => close(s[i], v, 1e-6, `entry ${i}`));
});

test('literal variant gives document 001 positional similarity 0.8600013 for positions 2 and 10 (E001-6)', () => {
  const g = golden('doc001.json')['E001-6'];
  const pe = poslab.positionalEncoding(11, 512, 'literal');
  const sim = poslab.cosineSimilarity(pe.subarray(2 * 512, 3 * 512), pe.subarray(10 * 512, 11 * 512));
  assert.equal(sim.toPrecision(7), '0.8600013');
  close(sim, g.positional_similarity_float64, 1e-6, 'float64 reference');
  const paper = poslab.positionalEncoding(11, 512, 'paper');
  const simPaper = poslab.cosineSimilarity(paper.subarray(2 * 512, 3 * 512), paper.subarray(10 * 512, 11 * 512));
  close(simPaper, g.paper_positional_similarity_float64, 1e-6, 'paper');
});

test('Euclidean distance: neighbours 5-6 are closer than 5-50 (E002-6)', () => {
  const g = golden('doc002.json')['E002-6'];
  const pe = poslab.positionalEncoding(100, 64, 'paper');
  const row = (p) => pe.subarray(p * 64, (p + 1) * 64);
  const near = poslab.euclideanDistance(row(5), row(6));
  const far = poslab.euclideanDistance(row(5), row(50));
  close(near, g.distance_5_6, 1e-5, 'distance 5-6');
  close(far, g.distance_5_50, 1e-5, 'distance 5-50');
  assert.ok(near < far);
});

test('cosineRows pairs row i of A with row i of B', () => {
  const r = poslab.cosineRows(Float32Array.of(1, 0, 0, 1, 0, 0), Float32Array.of(1, 1, 0, -1, 0, 0), 3, 2);
  close(r[0], Math.SQRT1_2, 1e-6, 'row 0');
  close(r[1], -1, 1e-6, 'row 1');
  assert.equal(r[2], 0);
});

test('cosineMatrix SIMD tiles agree with a plain float64 loop for every edge shape, in both builds', async () => {
  const scalar = await loadModule('poslab-scalar.mjs');
  const values = (n, seed) => Float32Array.from({ length: n }, (_, i) => Math.sin((i + 1) * seed) * 2);
  for (const [rowsA, rowsB, dim] of [[1, 1, 1], [2, 3, 5], [3, 4, 4], [5, 9, 7], [7, 13, 9], [4, 8, 12], [6, 5, 3]]) {
    const a = values(rowsA * dim, 0.7), b = values(rowsB * dim, 1.3);
    const norm = (m, r) => Math.hypot(...m.subarray(r * dim, (r + 1) * dim));
    for (const module of [poslab, scalar]) {
      const m = module.cosineMatrix(a, rowsA, b, rowsB, dim);
      for (let i = 0; i < rowsA; i += 1) {
        for (let j = 0; j < rowsB; j += 1) {
          let dot = 0;
          for (let k = 0; k < dim; k += 1) dot += a[i * dim + k] * b[j * dim + k];
          close(m[i * rowsB + j], dot / (norm(a, i) * norm(b, j)), 1e-6, `${rowsA}x${rowsB}x${dim} [${i},${j}]`);
        }
      }
    }
  }
});
