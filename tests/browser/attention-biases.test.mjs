// Lesson 14 in the browser: ALiBi's slopes (the paper's get_slopes, incl. head counts that are not powers of
// two) and bias matrices, T5's buckets, and what a causal mask tells a model with no positions; both languages,
// links, bad values explained.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openTable, field, frames } from './browser.mjs';
import { golden } from '../wasm/helpers.mjs';

const { open } = useLesson('attention-biases');
const { alibi_slopes: slopes, t5_buckets: buckets } = golden('transformer.json');

const rowsOf = (page, scope) => page.$$eval(`${scope} tbody tr`, (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent)));

for (const [lang, texts] of [
  ['en', { title: 'Biases in attention: ALiBi, T5 and no positions', head: 'head', summary: /8 distances per direction get a bucket of their own; every distance of 128 or more falls in bucket 15/ }],
  ['es', { title: 'Sesgos en la atención: ALiBi, T5 y ninguna posición', head: 'cabeza', summary: /8 distancias por dirección tienen su propia cubeta; toda distancia de 128 o más cae en la cubeta 15/ }],
]) {
  test(`${lang}: the slopes are get_slopes(8) and (6); the maps and T5's buckets are the reference's`, async () => {
    const { page, problems, context } = await open(`#/attention-biases?lang=${lang}`);
    assert.equal(await page.textContent('h1'), texts.title);
    let rows = await rowsOf(page, '.alibi-slopes');
    assert.deepEqual(rows.map((r) => Number(r[1])), slopes['8'].map((s) => Number(s.toPrecision(6))));
    assert.deepEqual(rows.map((r) => r[2]), ['1/2', '1/4', '1/8', '1/16', '1/32', '1/64', '1/128', '1/256']);
    assert.equal(rows[0][0], `${texts.head} 1`);
    await field(page, 'heads').fill('6');
    await page.waitForFunction(() => document.querySelectorAll('.alibi-slopes tbody tr').length === 6);
    rows = await rowsOf(page, '.alibi-slopes');
    assert.deepEqual(rows.map((r) => Number(r[1])), slopes['6'].map((s) => Number(s.toPrecision(6))));
    assert.match(page.url(), /heads=6/);
    // The first map: head 1 of 6 (slope 2^(−8/4)… as get_slopes(6) says), causal: −∞ above the diagonal.
    await openTable(page, '.alibi-map');
    const map = await rowsOf(page, '.alibi-map');
    assert.equal(map[0][2], '−∞');
    assert.equal(Number(map[3][1]), Number((-slopes['6'][0] * 3).toFixed(4)));
    // T5's defaults: the offset → bucket table equals HF's function
    assert.match(await page.textContent('.t5-summary'), texts.summary);
    await openTable(page, '.t5-buckets');
    const reference = buckets.find((b) => b.bidirectional && b.num_buckets === 32 && b.max_distance === 128);
    for (const [offset, bucket] of await rowsOf(page, '.t5-buckets')) {
      assert.equal(Number(bucket), reference.buckets[Number(offset) - reference.first_offset], `offset ${offset}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('no positions: with a causal mask the first token gets 1/(i + 1), without it 1/n everywhere', async () => {
  const { page, context } = await open('#/attention-biases?lang=en&tokens=5');
  await openTable(page, '.nopos-share');
  const rows = await rowsOf(page, '.nopos-share');
  assert.deepEqual(rows, [0, 1, 2, 3, 4].map((i) => [String(i), (1 / (i + 1)).toFixed(4), (1 / 5).toFixed(4)]));
  await context.close();
});

test('a link restores the settings; bad values are explained in the reader\'s language', async () => {
  const { page, context } = await open('#/attention-biases?lang=es&buckets=16&maxDistance=40&t5Mode=causal&heads=3');
  assert.equal(await field(page, 'buckets').inputValue(), '16');
  assert.equal(await page.locator('[data-field="t5Mode"] select').inputValue(), 'causal');
  await openTable(page, '.t5-buckets');
  const reference = buckets.find((b) => !b.bidirectional && b.num_buckets === 16 && b.max_distance === 40);
  for (const [offset, bucket] of await rowsOf(page, '.t5-buckets')) assert.equal(Number(bucket), reference.buckets[Number(offset) - reference.first_offset]);
  await field(page, 'maxDistance').fill('abc');
  await frames(page);
  assert.match(await page.textContent('[data-field="maxDistance"] .field-error'), /número/);
  // An odd bucket count with bidirectional attention: T5 halves the buckets, so the kernel refuses it.
  await page.locator('[data-field="t5Mode"] select').selectOption('bidirectional');
  await field(page, 'buckets').fill('15');
  await page.waitForFunction(() => document.querySelector('[data-field="buckets"] .field-error').textContent !== '');
  assert.match(await page.textContent('[data-field="buckets"] .field-error'), /par|even/);
  const bad = await open('#/attention-biases?lang=en&heads=99');
  assert.equal(await bad.page.locator('.notice').count(), 1);
  assert.equal(await field(bad.page, 'heads').inputValue(), '8');
  await bad.context.close();
  await context.close();
});
