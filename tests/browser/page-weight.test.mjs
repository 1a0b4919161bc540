// The first lesson downloads at most 400 KB gzip of JavaScript + WebAssembly + CSS before the
// vocabulary (fonts and the service worker's later precache not counted). Sizes, not timings: deterministic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageWeight, TARGET_KB } from '../../scripts/bench/page-weight.mjs';

test(`the first lesson weighs at most ${TARGET_KB} KB gzip (JS + WebAssembly + CSS)`, async () => {
  const { files, total } = await pageWeight('why-order');
  assert.ok(files.some((f) => f.kind === 'wasm'), 'the WebAssembly module is counted');
  assert.ok(!files.some((f) => /gpt2|katex/i.test(f.path) && f.kind === 'js'), 'no vocabulary, no KaTeX JavaScript');
  assert.ok(total <= TARGET_KB, `${total.toFixed(1)} KB: ${files.map((f) => `${f.path} ${f.gzip.toFixed(1)}`).join(', ')}`);
});
