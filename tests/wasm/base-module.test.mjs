// The base module (dist/wasm/poslab-base.mjs and poslab-base-scalar.mjs): the core library of the whole module
// with only the bindings of the positional encodings, attention and the requirements (CMakeLists.txt). The page
// gives it to the lessons that web/src/lessons.js lists in BASE_MODULE, so that their first figure waits for a
// third of the download. Held here: it binds exactly those functions and every other one says not_in_part; each
// kernel call those lessons' code makes reaches a function it binds; its answers are the whole module's, bit for
// bit; and its error bridge leaves the stack pointer where it was, as the whole module's does.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModule, distWasm, codeOf } from './helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
const BASE_BINDINGS = ['bind_encoding.cpp', 'bind_attention.cpp', 'bind_requirements.cpp'];

let base;
let baseScalar;
let full;
let signatures;
before(async () => {
  [base, baseScalar, full] = await Promise.all(['poslab-base.mjs', 'poslab-base-scalar.mjs', 'poslab.mjs'].map((entry) => loadModule(entry)));
  signatures = (await import(new URL('poslab-guard.mjs', distWasm).href)).SIGNATURES;
});

/** The names a binding file gives its functions (function("name", …)). */
const boundIn = (file) => new Set([...read(`cpp/wasm/${file}`).matchAll(/function\("(\w+)"/g)].map((m) => m[1]));
const baseNames = () => new Set(BASE_BINDINGS.flatMap((file) => [...boundIn(file)]));

test('the base module binds the encodings, attention and the requirements; everything else throws not_in_part', () => {
  const bound = baseNames();
  assert.ok(bound.has('positionalEncoding') && bound.has('selfAttention') && bound.has('sinusoidalRequirements'));
  for (const m of [base, baseScalar]) {
    for (const name of Object.keys(signatures.functions)) {
      const code = codeOf(() => m[name]());
      if (bound.has(name)) assert.notEqual(code, `not_in_part ${name}`, `${name} is bound`);
      else assert.equal(code, `not_in_part ${name}`, `${name} is not bound`);
    }
    for (const name of Object.keys(signatures.classes)) {
      assert.equal(codeOf(() => new m[name]()), `not_in_part ${name}`);
    }
  }
  // The whole module binds every one of them.
  for (const name of Object.keys(signatures.functions)) assert.notEqual(codeOf(() => full[name]()), `not_in_part ${name}`);
});

/** Each call of the page's kernel object (web/src/kernel/*.js) → the module functions its body calls. */
function kernelCalls() {
  const calls = new Map();
  const dir = 'web/src/kernel';
  for (const file of readdirSync(join(root, dir)).filter((f) => f.endsWith('.js'))) {
    const source = read(`${dir}/${file}`);
    for (const [, list] of source.matchAll(/passThrough\(m, \[([^\]]*)\]\)/g)) {
      for (const [, name] of list.matchAll(/'(\w+)'/g)) calls.set(name, [name]);
    }
    const parts = source.split(/^ {4}(\w+)\([^\n]*\) \{$/m);
    for (let i = 1; i < parts.length; i += 2) calls.set(parts[i], [...parts[i + 1].matchAll(/\bm\.(\w+)\(/g)].map((m) => m[1]));
  }
  return calls;
}

/** A file of web/ and every page file it imports, directly or not. */
function importedFrom(start) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !file.endsWith('.js') || !existsSync(file)) return;
    seen.add(file);
    for (const [, path] of read(file.slice(root.length)).matchAll(/(?:from |import\()'(\.{1,2}\/[^']+)'/g)) visit(resolve(dirname(file), path));
  };
  visit(join(root, start));
  return [...seen];
}

test('every kernel call in the code of the lessons that get the base module reaches a function it binds', () => {
  const listed = /const BASE_MODULE = new Set\(\[([^\]]*)\]\)/.exec(read('web/src/lessons.js'));
  const lessons = [...listed[1].matchAll(/'([\w-]+)'/g)].map((m) => m[1]);
  assert.ok(lessons.includes('why-order') && lessons.includes('pe-matrix'), 'the first lesson and pe-matrix');
  const calls = kernelCalls();
  const bound = baseNames();
  const folders = readdirSync(join(root, 'web/lessons'));
  for (const id of lessons) {
    const folder = folders.find((f) => f.replace(/^\d+-/, '') === id);
    assert.ok(folder, `${id} is a lesson`);
    const used = new Set(importedFrom(`web/lessons/${folder}/lesson.js`).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bkernel\.(\w+)\(/g)].map((m) => m[1])));
    assert.ok(used.size > 0, `${id} calls the kernel`);
    for (const name of used) {
      assert.ok(calls.has(name), `${id}: kernel.${name} is one of kernel/*.js's calls`);
      assert.ok(calls.get(name).length > 0, `${id}: kernel.${name} calls the module`);
      for (const fn of calls.get(name)) assert.ok(bound.has(fn), `${id}: kernel.${name} calls ${fn}, which the base module does not bind`);
    }
  }
});

test('the base module answers as the whole module does, bit for bit', () => {
  const same = (fn) => {
    const a = fn(base);
    const b = fn(full);
    assert.deepEqual(a, b);
    return a;
  };
  same((m) => m.positionalEncoding(64, 32, 'paper'));
  same((m) => m.addPositionalEncoding(new Float32Array(24).map((_, i) => Math.sin(i)), 3, 8, 'paper', true));
  const head = same((m) => m.attentionExample(123, 13, 8));
  same((m) => m.selfAttention(head.table, 13, 8, { wq: head.wq, wk: head.wk, wv: head.wv, causal: true }));
  same((m) => m.cosineMatrix(m.positionalEncoding(20, 16, 'paper'), 20, m.positionalEncoding(20, 16, 'paper'), 20, 16));
  same((m) => m.rope(new Float32Array(64).map((_, i) => Math.cos(i)), 8, 8, 10000));
  same((m) => m.divTerm(64));
  same((m) => [m.sinusoidalRequirements(512, 64), m.ropeRequirements(512, 64)]);
  assert.equal(base.buildInfo().simd, full.buildInfo().simd);
});

test('after thousands of refused calls the base module’s stack pointer and heap are where they were', () => {
  const footprint = (m) => ({ stack: m.stackSave(), heap: m.heapInUse() });
  for (const m of [base, baseScalar]) {
    const start = footprint(m);
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      for (const call of [
        () => m.positionalEncoding(10, 3 + 2 * (i % 5), 'paper'), // odd width
        () => m.selfAttention(new Float32Array(6), 2, 4, {}), // size mismatch
        () => m.validatePermutation([0, 0, i % 7], 3), // repeated position
        () => m.farPositions([1, 2], i % 2 ? 'x' : -1), // wrong type / out of range
        () => m.torchEmbedding(5, 4, 1), // not in the base
      ]) {
        try {
          call();
        } catch (err) {
          assert.equal(err.name, 'PoslabError', String(err));
          refused++;
        }
      }
    }
    assert.equal(refused, 15000);
    const end = footprint(m);
    assert.equal(end.stack, start.stack, 'stack pointer');
    assert.ok(end.heap - start.heap < 1 << 16, `heap grew by ${end.heap - start.heap} bytes`);
    assert.deepEqual(m.positionalEncoding(4, 4, 'paper'), full.positionalEncoding(4, 4, 'paper'));
  }
});
