// Arguments that fight back, objects used after delete() or while busy, and sizes and numbers at the edges of
// 32-bit WebAssembly and of float32: each is a PoslabError with a documented code (or the right answer), and the
// stack pointer, the Embind handles and the heap are where they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadModule } from './helpers.mjs';

const builds = { simd: await loadModule('poslab.mjs'), scalar: await loadModule('poslab-scalar.mjs') };
const vocabulary = readFileSync(new URL('../../dist/data/gpt2.json', import.meta.url));
const text = 'the cat sat on the mat. the dog sat on the rug. '.repeat(20);

function codeOf(fn) {
  try {
    fn();
  } catch (err) {
    assert.equal(err?.name, 'PoslabError', `not a PoslabError: ${err}`);
    return err.code;
  }
  return null;
}

/** A float32 cosine of parallel vectors: 1 up to float32 rounding. */
const isOne = (value) => Math.abs(value - 1) < 1e-6;

const footprint = (m) => ({ stack: m.stackSave(), heap: m.heapInUse(), handles: m.count_emval_handles() });

/** A typed array whose buffer was given away, as after worker.postMessage(msg, [buffer]). */
function detached(Type, length) {
  const view = new Type(length);
  structuredClone(view.buffer, { transfer: [view.buffer] });
  return view;
}

const throwingGetter = (...names) => Object.defineProperties({}, Object.fromEntries(names.map((n) => [n, { get() { throw new Error(`getter ${n}`); }, enumerable: true }])));
const throwingProxy = () => new Proxy({}, { get() { throw 1; } }); // eslint-disable-line no-throw-literal
function revoked(target) {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

const tiny = { vocabSize: 8, dModel: 8, heads: 2, layers: 1, ffnSize: 8, maxLen: 6, positional: 'rope', seed: 1 };

for (const [name, m] of Object.entries(builds)) {
  test(`${name}: the transformer's working memory is counted in 64 bits (batch 4096 × length 411 is too_large, twice, and the module still answers)`, () => {
    const t = new m.TinyTransformer({ vocabSize: 1024, dModel: 4, heads: 1, layers: 1, ffnSize: 4, maxLen: 512, positional: 'none', causal: false, seed: 1 });
    const ids = new Int32Array(4096 * 411).fill(1);
    const before = Array.from(m.positionalEncoding(10, 4, 'paper'));
    const start = footprint(m);
    for (let i = 0; i < 2; i++) {
      assert.throws(() => t.logits(ids, 4096, 411), (err) => {
        assert.equal(err.code, 'too_large');
        // T = 4096·411; one block keeps T·(10d + 2F + 2) + batch·heads·n² values, the model T·(10d + 2V + F + 1) + heads·n².
        const T = 4096 * 411;
        assert.equal(err.value, T * 50 + 4096 * 411 * 411 + T * (40 + 2048 + 4 + 1) + 411 * 411);
        return true;
      });
    }
    // The count grows with the batch (the wrapped count gave batch 64 more than batch 4096).
    const valueAt = (batch) => {
      try {
        t.logits(new Int32Array(batch * 512).fill(1), batch, 512);
      } catch (err) {
        return err.value;
      }
      return null;
    };
    assert.ok(valueAt(4096) > valueAt(1024), 'a larger batch needs more working memory');
    assert.deepEqual(footprint(m), start);
    assert.deepEqual(Array.from(m.positionalEncoding(10, 4, 'paper')), before);
    assert.equal(t.logits(new Int32Array([1, 2]), 1, 2).length, 2 * 1024, 'the model still runs a small batch');
    t.delete();
  });

  test(`${name}: JavaScript that throws while an argument is read is argument_threw, and costs nothing`, () => {
    const t = new m.TinyTransformer(tiny);
    t.lossAndGradients(new Int32Array([1, 2, 3]), new Int32Array([2, 3, 4]), 1, 3);
    const sg = new m.SkipGram({ minCount: 1, vectorSize: 4, epochs: 1 });
    const tokenizer = new m.Gpt2Tokenizer(vocabulary);
    const cases = [
      [() => t.adamStep(throwingGetter('lr')), 'argument_threw'],
      [() => t.adamStep(throwingProxy()), 'argument_threw'],
      [() => new m.TinyTransformer(throwingProxy()), 'argument_threw'],
      [() => new m.TinyTransformer({ ...tiny, seed: revoked({}) }), null], // a nested object is read by type only
      [() => new m.SkipGram(throwingProxy()), 'argument_threw'],
      [() => m.ropeInvFreq(throwingProxy(), 'linear'), 'argument_threw'],
      [() => m.selfAttention([1, 0, 0, 1], 2, 2, throwingGetter('causal')), 'argument_threw'],
      [() => m.selfAttention([1, 0, 0, 1], 2, 2, { wq: revoked([1, 0, 0, 1]) }), 'argument_threw'],
      [() => m.cosineSimilarity(revoked([1, 2]), [1, 2]), 'argument_threw'],
      [() => m.cosineSimilarity(new Proxy([1, 2], { get(target, key) { if (key === '1') throw new Error('element'); return target[key]; } }), [1, 2]), 'argument_threw'],
      [() => m.cosineSimilarity(detached(Float32Array, 2), [1, 2]), 'detached'],
      [() => tokenizer.encode(detached(Uint8Array, 4)), 'detached'],
      [() => new m.Gpt2Tokenizer(detached(Uint8Array, 8).buffer), 'detached'],
      [() => t.setParameter('ln_f.bias', detached(Float32Array, 8)), 'detached'],
    ];
    for (const [call, code] of cases) {
      const result = codeOf(call);
      if (code === null) assert.notEqual(result, 'internal', `${call}`);
      else assert.equal(result, code, `${call}`);
    }
    const start = footprint(m);
    for (let i = 0; i < 2000; i++) for (const [call] of cases) codeOf(call);
    const end = footprint(m);
    assert.equal(end.stack, start.stack, 'stack pointer');
    assert.equal(end.handles, start.handles, 'Embind handles');
    assert.equal(end.heap, start.heap, 'heap in use');
    t.delete();
    sg.delete();
    tokenizer.delete();
  });

  test(`${name}: every argument is read once (an element that throws on its second read is read once, and gives the answer)`, () => {
    let reads = 0;
    const a = [1, 2];
    Object.defineProperty(a, 1, { get() { if (++reads > 1) throw new Error('second read'); return 2; } });
    assert.ok(isOne(m.cosineSimilarity(a, [1, 2])));
    assert.equal(reads, 1);
    let optionReads = 0;
    const config = { ...tiny, get dModel() { optionReads++; return 8; } };
    new m.TinyTransformer(config).delete();
    assert.equal(optionReads, 1);
  });

  test(`${name}: a view of the module's own memory is copied before the module allocates (no growth, no leak)`, () => {
    const n = 1 << 21; // 8 MiB of floats at the top of the memory, past everything the allocator handed out
    const top = () => new Float32Array(m.HEAPU8.buffer, m.HEAPU8.length - n * 4, n);
    top().fill(1);
    assert.ok(isOne(m.cosineSimilarity(top(), top())));
    const start = footprint(m);
    for (let i = 0; i < 3; i++) {
      const v = top();
      v.fill(1);
      assert.ok(isOne(m.cosineSimilarity(v, v)));
    }
    assert.deepEqual(footprint(m), start);
  });

  test(`${name}: a model is locked while it trains: its callback cannot delete it, prepare it or train it again`, () => {
    const sg = new m.SkipGram({ minCount: 1, vectorSize: 4, epochs: 3 });
    sg.train(text);
    const refuseEachCall = () => {
      for (const inside of [() => sg.delete(), () => sg.prepare('x y z.'), () => sg.train(text), () => sg.trainSome(10), () => sg.clone()]) {
        let seen = null;
        assert.throws(
          () => sg.train(text, () => {
            try {
              inside();
            } catch (err) {
              seen = err.code;
              throw err;
            }
            return true;
          }),
          { name: 'PoslabError', code: 'busy' },
        );
        assert.equal(seen, 'busy');
        assert.equal(sg.isDeleted(), false);
      }
    };
    const start = footprint(m);
    for (let round = 0; round < 10; round++) refuseEachCall();
    const end = footprint(m);
    assert.equal(end.stack, start.stack, 'stack pointer');
    assert.equal(end.handles, start.handles, 'Embind handles');
    // A cancelled training leaves buffers whose sizes vary by a few bytes from one cut to the next (the same
    // happens with a callback that simply throws); 50 refused calls must not add up to a leak.
    assert.ok(Math.abs(end.heap - start.heap) < 512, `heap moved by ${end.heap - start.heap} bytes`);
    // Reading is allowed from inside: the progress and the model's sizes.
    let read = null;
    sg.train(text, () => {
      read = { progress: sg.progress().totalWords, size: sg.vectorSize };
      return true;
    });
    assert.ok(read.progress > 0);
    assert.equal(read.size, 4);
    assert.equal(sg.contains('cat'), true);
    sg.delete();
  });

  test(`${name}: after delete(), and without new, every call is a documented error`, () => {
    const start = footprint(m);
    const t = new m.TinyTransformer(tiny);
    t.delete();
    const sg = new m.SkipGram();
    sg.delete();
    const tokenizer = new m.Gpt2Tokenizer(vocabulary);
    tokenizer.delete();
    const cases = [
      [() => t.logits([1, 2], 1, 2), 'deleted'],
      [() => t.delete(), 'deleted'],
      [() => t.clone(), 'deleted'],
      [() => t.adamSteps, 'deleted'],
      [() => sg.train('a b.'), 'deleted'],
      [() => sg.vocabularySize, 'deleted'],
      [() => tokenizer.encode('hi'), 'deleted'],
      [() => m.TinyTransformer(tiny), 'needs_new'],
      [() => m.SkipGram(), 'needs_new'],
      [() => new m.TinyTransformer(), 'argument_count'],
      [() => new m.TinyTransformer(undefined), 'wrong_type'],
      [() => new m.TinyTransformer(null), 'wrong_type'],
    ];
    for (const [call, code] of cases) assert.equal(codeOf(call), code, `${call}`);
    // A SkipGram's options are optional: no argument and undefined are the same defaults.
    const a = new m.SkipGram();
    const b = new m.SkipGram(undefined);
    assert.equal(a.vectorSize, b.vectorSize);
    a.delete();
    b.delete();
    for (let i = 0; i < 500; i++) for (const [call] of cases) codeOf(call);
    assert.deepEqual(footprint(m), start);
  });

  test(`${name}: numbers at float32's edges: Adam's eps must be above 0, cosines and distances of huge and tiny vectors are right, overflowing sums are not_finite`, () => {
    const t = new m.TinyTransformer(tiny);
    t.lossAndGradients(new Int32Array([1, 2, 3]), new Int32Array([2, 3, 4]), 1, 3);
    assert.throws(() => t.adamStep({ eps: 0 }), { code: 'out_of_range', argument: 'eps' });
    assert.throws(() => t.adamStep({ eps: -1e-8 }), { code: 'out_of_range', argument: 'eps' });
    t.adamStep({ eps: 1e-8 });
    assert.ok(t.parameters().every(Number.isFinite), 'no parameter became NaN');
    t.delete();

    const huge = [1e20, 1e20];
    assert.ok(isOne(m.cosineSimilarity(huge, huge)), 'not NaN: squares past float32 are taken in double');
    assert.ok(isOne(m.cosineRows(huge, huge, 1, 2)[0]), 'not 0');
    assert.ok(isOne(m.cosineMatrix(huge, 1, huge, 1, 2)[0]), 'not 0');
    const tiny32 = Math.fround(1e-30);
    assert.ok(Math.abs(m.cosineSimilarity([tiny32, tiny32], [tiny32, 2 * tiny32]) - 3 / Math.sqrt(10)) < 1e-6);
    assert.ok(Math.abs(m.cosineMatrix([tiny32, tiny32], 1, [tiny32, 2 * tiny32], 1, 2)[0] - 3 / Math.sqrt(10)) < 1e-6);
    assert.equal(m.euclideanDistance([1e20, 0], [0, 0]), Math.fround(1e20));
    assert.equal(m.euclideanDistance([3e38, 0], [-3e38, 0]), 2 * Math.fround(3e38));
    assert.equal(m.euclideanDistance([tiny32, 0], [0, 0]), tiny32);
    // Ordinary values keep their float32 digits: the first cosine of document 001's pair of rows.
    assert.equal(m.cosineSimilarity([1, 2, 3], [3, 2, 1]), Math.fround(10) / (Math.fround(Math.sqrt(14)) * Math.fround(Math.sqrt(14))));

    const big = new Float32Array(8).fill(3e38);
    assert.throws(() => m.addPositionalEncoding(big, 2, 4, 'paper', true), { code: 'not_finite', argument: 'embeddings' });
    assert.throws(() => m.addPositionIndex(big, 2, 4, true), { code: 'not_finite', argument: 'embeddings' });
    assert.equal(m.addPositionalEncoding(new Float32Array(8).fill(1e38), 2, 4, 'paper', false).every(Number.isFinite), true);
  });

  test(`${name}: a token id outside 0 … 2^32 − 1 is out_of_range, a fraction not_integer`, () => {
    assert.throws(() => m.slidingWindows([-1, 1, 2], 1, 1), { code: 'out_of_range', argument: 'ids', index: 0, min: 0, max: 4294967295 });
    assert.throws(() => m.slidingWindows([1, 2, 2 ** 32], 1, 1), { code: 'out_of_range', argument: 'ids', index: 2 });
    assert.throws(() => m.slidingWindows([1, 1.5, 2], 1, 1), { code: 'not_integer', argument: 'ids', index: 1 });
  });
}
