// attentionExample(seed, words, dim): the lab's seeded attention head, generated in C++ with PyTorch's generator
// (SIMD and scalar modules), against the notebook's matrices for several seeds, and its errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flat, golden, loadModule } from './helpers.mjs';

const modules = { simd: await loadModule(), scalar: await loadModule('poslab-scalar.mjs') };
const lab = golden('doc002.json')['E002-1'];
const same = (a, rows) => a.length === rows.flat().length && flat(rows).every((v, i) => Object.is(v, a[i]));

for (const [name, poslab] of Object.entries(modules)) {
  test(`${name}: seed 2017 gives the lesson's word vectors and W_q, W_k, W_v, value for value`, () => {
    const ex = poslab.attentionExample(2017, 13, 8);
    assert.equal(ex.words, 13);
    assert.equal(ex.dim, 8);
    for (const key of ['table', 'wq', 'wk', 'wv']) assert.ok(same(ex[key], lab[key]), key);
  });

  test(`${name}: seeds 0, 1, 42 and 2^64-1 (number, string, BigInt) give the notebook's matrices`, () => {
    for (const [seed, m] of Object.entries(lab.seeded)) {
      for (const form of [seed, BigInt(seed), ...(Number(seed) <= Number.MAX_SAFE_INTEGER ? [Number(seed)] : [])]) {
        const ex = poslab.attentionExample(form, 13, 8);
        for (const key of ['table', 'wq', 'wk', 'wv']) assert.ok(same(ex[key], m[key]), `${seed} ${typeof form} ${key}`);
      }
    }
    assert.ok(!same(poslab.attentionExample(2018, 13, 8).wq, lab.wq));
  });

  test(`${name}: bad seeds and shapes throw PoslabErrors with codes`, () => {
    const cases = [
      [() => poslab.attentionExample(-1, 13, 8), 'out_of_range', 'seed'],
      [() => poslab.attentionExample('18446744073709551616', 13, 8), 'out_of_range', 'seed'],
      [() => poslab.attentionExample('12a', 13, 8), 'not_integer', 'seed'],
      [() => poslab.attentionExample(1.5, 13, 8), 'not_integer', 'seed'],
      [() => poslab.attentionExample(1, 0, 8), 'out_of_range', 'words'],
      [() => poslab.attentionExample(1, 13, 257), 'out_of_range', 'dim'],
    ];
    for (const [call, code, argument] of cases) {
      assert.throws(call, (err) => err.name === 'PoslabError' && err.code === code && err.argument === argument, `${code} ${argument}`);
    }
  });
}
