// The module's boundary under hostile use: errors cost nothing (stack, heap, Embind handles),
// wrong types are PoslabErrors with documented codes, and the module answers the same afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadModule } from './helpers.mjs';
import { SIGNATURES } from '../../dist/wasm/poslab-guard.mjs';

const builds = { simd: await loadModule('poslab.mjs'), scalar: await loadModule('poslab-scalar.mjs') };
const vocabulary = readFileSync(new URL('../../dist/data/gpt2.json', import.meta.url));

// Every code an exported function may throw (docs/api.md, "Errors").
const CODES = new Set([
  'out_of_range', 'not_integer', 'odd_width', 'size_mismatch', 'not_finite', 'too_large', 'unknown_variant', 'empty',
  'not_permutation', 'repeated_position', 'not_array', 'invalid_utf8', 'unknown_word', 'not_trained', 'empty_vocabulary', 'special_token',
  'invalid_vocabulary', 'too_few_tokens', 'not_text', 'wrong_type', 'argument_count', 'out_of_memory',
  'not_divisible', 'unknown_parameter', 'not_ready', 'argument_threw', 'detached', 'deleted', 'busy', 'needs_new', 'not_causal',
  'not_in_part',
]);

function codeOf(fn) {
  try {
    fn();
  } catch (err) {
    assert.equal(err.name, 'PoslabError', `not a PoslabError: ${err}`);
    assert.ok(err instanceof Error);
    return err.code;
  }
  return null;
}

/** Stack pointer, heap in use and live Embind handles. */
const footprint = (m) => ({ stack: m.stackSave(), heap: m.heapInUse(), handles: m.count_emval_handles() });

// The same answers as before the storm, bit for bit.
function knownAnswers(m, tokenizer) {
  return JSON.stringify([
    Array.from(m.positionalEncoding(12, 8, 'paper')),
    m.cosineSimilarity([1, 2, 3], [3, 2, 1]),
    Array.from(m.torchEmbedding(5, 4, 7)),
    Array.from(tokenizer.encode('Hola, ¿qué tal? 🙂')),
    m.tokenizeText('One sentence. Another one!'),
  ]);
}

for (const [name, m] of Object.entries(builds)) {
  test(`${name}: 200,000 errors of several kinds leave stack, heap and handles where they were`, () => {
    const tokenizer = new m.Gpt2Tokenizer(vocabulary);
    const before = knownAnswers(m, tokenizer);
    const calls = [
      () => m.positionalEncoding(NaN, 4, 'paper'), // C++ error: not_integer
      () => m.cosineSimilarity([1, 2], [1]), // C++ error: size_mismatch
      () => m.positionalEncoding(10, 3, 'paper'), // C++ error: odd_width
      () => tokenizer.encode('a<|endoftext|>'), // C++ error in a method: special_token
      () => m.positionalEncoding(10, 4, 5), // boundary: wrong_type
    ];
    const expected = ['not_integer', 'size_mismatch', 'odd_width', 'special_token', 'wrong_type'];
    for (let i = 0; i < 100; i++) calls.forEach((call) => codeOf(call)); // warm-up: static encoders, caches
    const start = footprint(m);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0; // the errors' JavaScript stack traces are not what is measured
    try {
      // Past the ~164,000 errors after which the old bridge had corrupted the module; any drift at all fails the
      // exact comparison below, so more errors would add time, not evidence.
      for (let i = 0; i < 200_000; i++) {
        const k = i % calls.length;
        const code = codeOf(calls[k]);
        if (code !== expected[k]) assert.fail(`call ${k} at ${i} gave ${code}`);
      }
    } finally {
      Error.stackTraceLimit = limit;
    }
    assert.deepEqual(footprint(m), start);
    assert.equal(knownAnswers(m, tokenizer), before);
    tokenizer.delete();
  });

  test(`${name}: errors keep neither their arguments nor their Error objects (200 × a 1 MiB variant name)`, () => {
    codeOf(() => m.positionalEncoding(10, 3, 'p'.repeat(100)));
    const start = footprint(m);
    const heapBytes = m.HEAP8.length;
    for (let i = 0; i < 200; i++) {
      const code = codeOf(() => m.positionalEncoding(10, 3, 'p'.repeat(2 ** 20)));
      assert.equal(code, 'too_large');
    }
    for (let i = 0; i < 200; i++) assert.equal(codeOf(() => m.positionalEncoding(10, 3, 'p'.repeat(5000))), 'odd_width');
    assert.deepEqual(footprint(m), start);
    assert.equal(m.HEAP8.length, heapBytes, 'the heap did not grow');
  });
}

const m = builds.simd;

test('wrong JavaScript types are PoslabErrors with codes, never BindingError or TypeError', () => {
  const cases = [
    [() => m.positionalEncoding(10, 4, 5), 'wrong_type', 'variant'],
    [() => m.positionalEncoding(10n, 4, 'paper'), 'wrong_type', 'max_len'],
    [() => m.positionalEncoding('3', 4, 'paper'), 'wrong_type', 'max_len'],
    [() => m.positionalEncoding([2], 4, 'paper'), 'wrong_type', 'max_len'],
    [() => m.positionalEncoding({ valueOf: () => 3 }, 4, 'paper'), 'wrong_type', 'max_len'],
    [() => m.cosineSimilarity(new BigInt64Array(2), [1, 2]), 'not_array', 'a'],
    [() => m.cosineSimilarity([1, 2n], [1, 2]), 'wrong_type', 'a'],
    [() => m.cosineSimilarity(new DataView(new ArrayBuffer(8)), [1, 2]), 'not_array', 'a'],
    [() => m.positionalEncoding(10, 4), 'argument_count', 'positionalEncoding'],
    [() => m.positionalEncoding(10, 4, 'paper', 1), 'argument_count', 'positionalEncoding'],
    [() => m.addPositionalEncoding([0, 0], 1, 2, 'paper', 'yes'), 'wrong_type', 'scale'],
    [() => m.torchEmbedding(2, 2, { seed: 1 }), 'not_integer', 'seed'],
    [() => m.torchEmbedding(2, 2, '9'.repeat(1000)), 'too_large', 'seed'],
    [() => new m.SkipGram(5), 'wrong_type', 'options'],
    [() => new m.Gpt2Tokenizer(42), 'not_text', 'vocabulary'],
  ];
  for (const [call, code, argument] of cases) {
    let error = null;
    try {
      call();
    } catch (err) {
      error = err;
    }
    assert.ok(error, `${call} did not throw`);
    assert.equal(error.name, 'PoslabError', `${call}: ${error}`);
    assert.equal(error.code, code, `${call}: ${error.message}`);
    assert.equal(error.argument, argument, `${call}: ${error.message}`);
  }
});

test('encode(text, "false") does not allow special tokens: the flag must be a boolean', () => {
  const tokenizer = new m.Gpt2Tokenizer(vocabulary);
  assert.equal(codeOf(() => tokenizer.encode('a<|endoftext|>', 'false')), 'wrong_type');
  assert.equal(codeOf(() => tokenizer.encode('a<|endoftext|>', false)), 'special_token');
  assert.deepEqual(Array.from(tokenizer.encode('a<|endoftext|>', true)), [64, 50256]);
  tokenizer.delete();
});

test('a malformed vocabulary is invalid_vocabulary, not an internal error', () => {
  for (const bad of ['{"x": -}', '{"x": 1e999}', '{"x": 1.2.3}', '{"x": }']) {
    let error = null;
    try {
      new m.Gpt2Tokenizer(bad);
    } catch (err) {
      error = err;
    }
    assert.equal(error?.code, 'invalid_vocabulary', `${bad}: ${error?.message}`);
  }
});

test('huge arguments are too_large before anything is copied into the module', () => {
  const start = footprint(m);
  assert.equal(codeOf(() => m.tokenizeText('€'.repeat(2 ** 25 + 1))), 'too_large');
  assert.equal(codeOf(() => m.positionalEncoding(10, 4, '€'.repeat(2 ** 24))), 'too_large');
  // A typed array's length is read, not its contents: 2^25 + 1 floats are refused without a copy.
  assert.equal(codeOf(() => m.cosineSimilarity(new Float32Array(2 ** 25 + 1), [1])), 'too_large');
  assert.deepEqual(footprint(m), start);
});

test('a lone surrogate becomes U+FFFD in the word tokenizer, as in the GPT-2 path, and eats nothing', () => {
  assert.deepEqual(m.tokenizeText('ab\uD800cd efg.'), [['ab\uFFFDcd', 'efg', '.']]);
  assert.deepEqual(m.tokenizeText('x\uDC00y.'), [['x\uFFFDy', '.']]);
  const model = new m.SkipGram({ minCount: 1, vectorSize: 4, epochs: 1 });
  model.train('ab\uD800cd efg. ab\uD800cd efg.');
  assert.equal(model.vocabularySize, 3); // a guarded property getter
  assert.equal(model.vectorSize, 4);
  assert.equal(model.contains('ab\uD800cd'), true, 'a word given with its lone surrogate finds the U+FFFD word');
  model.delete();
});

test('decode(encode(x)) keeps byte-order marks: leading, trailing, repeated', () => {
  const tokenizer = new m.Gpt2Tokenizer(vocabulary);
  assert.deepEqual(Array.from(tokenizer.encode('\uFEFFhello')), [171, 119, 123, 31373]); // tiktoken's ids
  for (const text of ['\uFEFFhello', 'hello\uFEFF', '\uFEFF\uFEFF\uFEFF', '\uFEFF', 'a\uFEFFb\uFEFF']) {
    assert.equal(tokenizer.decode(tokenizer.encode(text)), text);
  }
  tokenizer.delete();
});

test('a throwing progress callback stops training and is rethrown without leaking', () => {
  const model = new m.SkipGram({ minCount: 1, vectorSize: 4, epochs: 50 });
  const text = 'the cat sat on the mat. the dog sat on the rug. '.repeat(50);
  const stop = () => { throw new Error('stop here'); };
  assert.throws(() => model.train(text, stop), /stop here/); // the model's vocabulary and vectors now exist
  const start = footprint(m);
  for (let i = 0; i < 20; i++) {
    assert.throws(() => model.train(text, stop), /stop here/);
  }
  assert.deepEqual(footprint(m), start);
  model.delete();
});

test('error messages quote at most a short piece of a huge input', () => {
  let error = null;
  try {
    m.positionalEncoding(10, 4, 'x'.repeat(9000));
  } catch (err) {
    error = err;
  }
  assert.equal(error.code, 'unknown_variant');
  assert.ok(error.message.length < 500, `message of ${error.message.length} characters`);
  assert.ok(String(error.value ?? '').length < 300);
});

/** An argument as a failure message names it (String() of a revoked Proxy throws). */
function describeArgument(value) {
  try {
    return String(value);
  } catch {
    return typeof value;
  }
}

// A small seeded generator (mulberry32), so a failure names a reproducible case.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE = [
  NaN, Infinity, -Infinity, -1, 0, 1, 2, 3, 7, 0.5, 2 ** 31, 2 ** 53, -(2 ** 60), 1e308, '3', '', 'paper', 'literal',
  '<|endoftext|>', '\uD800', 'x'.repeat(300), 3n, null, undefined, true, false, {}, { length: 3 }, [], [1, 2], [NaN],
  [1, 'a'], new Float32Array(0), new Float32Array([1, 2, 3, 4]), new Float64Array([NaN, 1]), new Uint32Array([50256, 0]),
  new Int32Array([-1, 5]), new BigInt64Array(2), new ArrayBuffer(3), new DataView(new ArrayBuffer(4)), () => false,
  Symbol('s'), { vocabSize: 2 ** 31, dModel: -1 }, { positional: 'alibi', causal: false, maxLen: 3 }, { positional: {}, causal: 1 },
  { lr: NaN, clipNorm: -1 }, 'token.weight', 'layers.0.q.bias',
];

// Arguments that fight back while they are read: a getter on every option field, Proxies that throw or were
// revoked, an array whose element throws, buffers given away by postMessage, views of the module's own memory.
function hostileObjects(m) {
  const fields = [...new Set(Object.values(SIGNATURES.options).flat())];
  const throwing = Object.defineProperties({}, Object.fromEntries(fields.map((f) => [f, { get() { throw new Error(f); }, enumerable: true }])));
  const revocable = (target) => {
    const { proxy, revoke } = Proxy.revocable(target, {});
    revoke();
    return proxy;
  };
  const detached = (view) => {
    structuredClone(view.buffer, { transfer: [view.buffer] });
    return view;
  };
  const elementThrows = [1, 2, 3];
  Object.defineProperty(elementThrows, 1, { get() { throw new Error('element'); } });
  return [
    throwing,
    new Proxy({}, { get() { throw 1; } }), // eslint-disable-line no-throw-literal
    new Proxy([1, 2], { get() { throw new Error('proxy'); } }),
    revocable({}),
    revocable([1, 2]),
    elementThrows,
    { wq: elementThrows, seed: revocable({}), dim: throwing },
    detached(new Float32Array(4)),
    detached(new Uint8Array(4)),
    detached(new Uint8Array(4)).buffer,
    new Float32Array(m.HEAPU8.buffer, m.HEAPU8.length - 64, 4),
    new Uint32Array(m.HEAPU8.buffer, m.HEAPU8.length - 64, 2),
  ];
}

test('seeded fuzz of every exported function and method: only PoslabErrors with documented codes, nothing leaks', () => {
  const random = generator(2026);
  const hostile = [...HOSTILE, ...hostileObjects(m)];
  const pick = () => hostile[Math.floor(random() * hostile.length)];
  const objects = {
    SkipGram: () => new m.SkipGram({ minCount: 1, vectorSize: 4, epochs: 1 }),
    Gpt2Tokenizer: () => new m.Gpt2Tokenizer(vocabulary),
    TinyTransformer: () => new m.TinyTransformer({ vocabSize: 5, dModel: 8, heads: 2, layers: 1, ffnSize: 8, maxLen: 4, positional: 't5' }),
  };
  const live = Object.fromEntries(Object.entries(objects).map(([k, make]) => [k, make()]));
  live.SkipGram.train('one two three. two three four.');
  // The same classes after delete(): every call on them must be `deleted`, never a BindingError.
  const dead = Object.fromEntries(Object.entries(objects).map(([k, make]) => {
    const o = make();
    o.delete();
    return [k, o];
  }));
  const before = knownAnswers(m, live.Gpt2Tokenizer);
  const targets = [
    ...Object.keys(SIGNATURES.functions).map((name) => [name, (args) => m[name](...args)]),
    ...Object.entries(SIGNATURES.classes).flatMap(([cls, spec]) => [
      [`new ${cls}`, (args) => new m[cls](...args).delete()],
      ...Object.keys(spec.methods).map((method) => [`${cls}.${method}`, (args) => live[cls][method](...args)]),
      ...Object.keys(spec.methods).map((method) => [`deleted ${cls}.${method}`, (args) => dead[cls][method](...args)]),
      [`deleted ${cls}.delete`, () => dead[cls].delete()],
      [`${cls} without new`, (args) => m[cls](...args)],
    ]),
  ];
  const start = footprint(m);
  let calls = 0;
  for (let round = 0; round < 120; round++) {
    for (const [label, call] of targets) {
      const count = Math.floor(random() * 8);
      const args = Array.from({ length: count }, pick);
      try {
        call(args);
        assert.ok(!label.startsWith('deleted ') && !label.endsWith(' without new'), `${label} did not throw`);
      } catch (err) {
        assert.equal(err?.name, 'PoslabError', `${label}(${args.map(describeArgument).join(', ')}): ${err}`);
        assert.ok(CODES.has(err.code), `${label}: undocumented code ${err.code} (${err.message})`);
        if (label.startsWith('deleted ')) assert.equal(err.code, 'deleted', `${label}: ${err.message}`);
        if (label.endsWith(' without new')) assert.equal(err.code, 'needs_new', `${label}: ${err.message}`);
      }
      calls++;
    }
  }
  assert.ok(calls >= 10000, `${calls} calls`);
  const end = footprint(m);
  assert.equal(end.stack, start.stack, 'stack pointer');
  assert.equal(end.handles, start.handles, 'Embind handles');
  // The live objects may cache what the fuzz asked of them (the tokenizer's piece cache): allow that, no more.
  assert.ok(end.heap - start.heap < 1 << 20, `heap grew by ${end.heap - start.heap} bytes`);
  assert.equal(knownAnswers(m, live.Gpt2Tokenizer), before);
  Object.values(live).forEach((o) => o.delete());
});

test('at the 2 GiB ceiling large requests are out_of_memory, static data is untouched and answers come back', () => {
  const tokenizer = new m.Gpt2Tokenizer(vocabulary);
  const before = knownAnswers(m, tokenizer);
  // Static data starts at 1024 with the read-only constants; mutable globals (the allocator's state) follow.
  const lowMemory = m.HEAPU8.slice(0, 8192);
  const keep = [];
  let code = null;
  while (code === null && keep.length < 1000) {
    try {
      keep.push(new m.Gpt2Tokenizer(vocabulary)); // about 4.6 MiB each
    } catch (err) {
      code = err.code;
    }
  }
  assert.equal(code, 'out_of_memory');
  assert.equal(m.HEAP8.length, 2 ** 31, 'the heap reached its 2 GiB maximum');
  assert.equal(codeOf(() => m.fillMatrix(4096, 4096, 1)), 'out_of_memory');
  assert.equal(codeOf(() => m.fillMatrix(8192, 8192, 1)), 'too_large');
  assert.equal(codeOf(() => m.tokenizeText('hello world. '.repeat(2_000_000))), 'out_of_memory');
  assert.equal(codeOf(() => tokenizer.encode('hello world '.repeat(2_000_000))), 'out_of_memory');
  assert.equal(codeOf(() => m.positionalEncoding(10, 4, 'x'.repeat(9000))), 'unknown_variant');
  const lowAfter = m.HEAPU8.slice(0, 8192);
  assert.ok(lowMemory.every((v, i) => v === lowAfter[i]), 'the module\'s read-only data is unchanged');
  const statics = Buffer.from(m.HEAPU8.subarray(0, 65536)).toString('latin1');
  assert.ok(!statics.includes('hello world') && !statics.includes('xxxxxxxx'), 'no request text in static memory');
  keep.forEach((t) => t.delete());
  assert.equal(knownAnswers(m, tokenizer), before);
  tokenizer.delete();
});
