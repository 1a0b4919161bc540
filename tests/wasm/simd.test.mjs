// The SIMD module really contains WebAssembly SIMD instructions, and the scalar one none: counted in the
// disassembly by binaryen's wasm-dis (installed by scripts/setup-system.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { distWasm } from './helpers.mjs';

function simdInstructions(file) {
  const text = execFileSync('wasm-dis', [fileURLToPath(new URL(file, distWasm))], { maxBuffer: 1 << 28 }).toString();
  const counts = {};
  for (const [op] of text.matchAll(/\b(?:v128|f32x4|f64x2|i32x4|i16x8|i8x16|i64x2)\.[a-z_0-9]+/g)) counts[op] = (counts[op] ?? 0) + 1;
  return counts;
}

test('the SIMD build uses f32x4/f64x2 arithmetic in its kernels', () => {
  const ops = simdInstructions('poslab-simd.core.wasm');
  assert.ok((ops['f32x4.mul'] ?? 0) >= 12, `f32x4.mul: ${ops['f32x4.mul']}`);   // the 3x4 cosine tile
  assert.ok((ops['f32x4.add'] ?? 0) >= 12, `f32x4.add: ${ops['f32x4.add']}`);
  assert.ok((ops['f64x2.mul'] ?? 0) >= 4, `f64x2.mul: ${ops['f64x2.mul']}`);   // the encoding rotation
  assert.ok((ops['f32x4.demote_f64x2_zero'] ?? 0) >= 2, 'double-to-float rounding in SIMD');
});

test('the scalar build has no SIMD instruction at all', () => {
  assert.deepEqual(simdInstructions('poslab-scalar.core.wasm'), {});
});
