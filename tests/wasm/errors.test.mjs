// Bad input reaches JavaScript as a real Error with a message and fields a page can translate, and the
// module keeps working afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from './helpers.mjs';

const poslab = await loadModule();

function expectError(call, fields) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof Error, `expected an Error, got ${typeof e}: ${e}`);
    assert.equal(e.name, 'PoslabError');
    assert.ok(e.message.length > 10);
    for (const [k, v] of Object.entries(fields)) assert.equal(e[k], v, `${k} of "${e.message}"`);
    return true;
  });
}

test('sizes out of range name the argument and the range', () => {
  expectError(() => poslab.positionalEncoding(0, 4, 'paper'), { code: 'out_of_range', argument: 'max_len', value: 0, min: 1, max: 65536 });
  expectError(() => poslab.positionalEncoding(10, -4, 'paper'), { code: 'out_of_range', argument: 'd_model' });
  expectError(() => poslab.positionalEncoding(1e300, 4, 'paper'), { code: 'out_of_range', argument: 'max_len' });
});

test('odd d_model, fractions, NaN and unknown variants are refused', () => {
  expectError(() => poslab.positionalEncoding(10, 5, 'paper'), { code: 'odd_width', argument: 'd_model', value: 5 });
  expectError(() => poslab.positionalEncoding(2.5, 4, 'paper'), { code: 'not_integer', argument: 'max_len' });
  expectError(() => poslab.positionalEncoding(NaN, 4, 'paper'), { code: 'not_integer', argument: 'max_len' });
  expectError(() => poslab.positionalEncoding(10, 4, 'sinusoidal'), { code: 'unknown_variant', value: 'sinusoidal' });
});

test('requests above the memory cap fail cleanly instead of aborting', () => {
  expectError(() => poslab.positionalEncoding(65536, 1024, 'paper'), { code: 'too_large', max: 33554432 });
  expectError(() => poslab.cosineMatrix(new Float32Array(8), 8000, new Float32Array(8), 8000, 1), { code: 'size_mismatch', argument: 'a' });
  expectError(() => poslab.cosineMatrix(new Float32Array(6000), 6000, new Float32Array(6000), 6000, 1), { code: 'too_large' });
});

test('vectors: mismatched lengths, empty, NaN and non-arrays', () => {
  expectError(() => poslab.cosineSimilarity(Float32Array.of(1, 2, 3), Float32Array.of(1, 2)), { code: 'size_mismatch', argument: 'b', value: 2, expected: 3 });
  expectError(() => poslab.euclideanDistance(new Float32Array(0), new Float32Array(0)), { code: 'empty', argument: 'a' });
  expectError(() => poslab.cosineSimilarity(Float32Array.of(1, NaN), Float32Array.of(1, 2)), { code: 'not_finite', argument: 'a', index: 1 });
  expectError(() => poslab.cosineSimilarity('abc', Float32Array.of(1, 2, 3)), { code: 'not_array', argument: 'a' });
  expectError(() => poslab.addPositionalEncoding(new Float32Array(7), 2, 4, 'paper', true), { code: 'size_mismatch', argument: 'embeddings' });
});

test('the module keeps working after every kind of error', () => {
  for (let i = 0; i < 200; i += 1) {
    assert.throws(() => poslab.positionalEncoding(10, 5, 'paper'));
  }
  assert.equal(poslab.positionalEncoding(2, 2, 'paper')[3], Math.fround(Math.cos(1)));
});
