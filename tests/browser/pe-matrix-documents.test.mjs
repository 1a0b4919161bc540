// Lesson "pe-matrix", issue 10: document 001's two figures (the sines of positions 2 and 10 across the
// dimensions, E001-2), its split of the matrix into pe[:, 0::2] and pe[:, 1::2] (E001-5), and document 003's
// remarks checked on the page, in both languages, against notebook 001's numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, openTable, field, frames } from './browser.mjs';
import { formatValue } from '../../web/src/format.js';

const golden = JSON.parse(readFileSync(new URL('../golden/doc001.json', import.meta.url), 'utf8'));
const { open } = useLesson('pe-matrix');
const cells = (page, selector) => page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));

for (const [lang, wrongWay, gpt2, shape] of [
  ['en', /it is the other way round/, /GPT-2 does not use this formula/, /which is 100 × 512/],
  ['es', /es al revés/, /GPT-2 no usa esta fórmula/, /que es 100 × 512/],
]) {
  test(`${lang}: document 001's figures, the sines of positions 2 and 10 across 512 columns, are notebook 001's (literal loop)`, async () => {
    const { page, problems, context } = await open(`#/pe-matrix?lang=${lang}&variant=literal&dModel=512&maxLen=20`);
    await openTable(page, '.across-chart');
    const rows = await cells(page, '.across-chart details');
    assert.equal(rows.length, 256);
    const { pos2, pos10 } = golden['E001-2'];
    for (const k of [0, 1, 2, 100, 255]) {
      assert.equal(rows[k][0], String(2 * k));
      assert.equal(rows[k][1], formatValue(pos2[2 * k]), `column ${2 * k}, position 2`);
      assert.equal(rows[k][2], formatValue(pos10[2 * k]), `column ${2 * k}, position 10`);
    }
    // Other positions, other formula: the chart follows.
    await field(page, 'posB').fill('50');
    await page.locator('.across-chart figcaption', { hasText: '50' }).waitFor();
    // Document 003's three remarks are answered where its material is.
    const text = await page.textContent('.lesson');
    assert.match(text, wrongWay);
    assert.match(text, gpt2);
    assert.match(text, shape);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the two halves pe[:, 0::2] and pe[:, 1::2] are document 001\'s (vectorised code, 20 × 512)', async () => {
  const { page, problems, context } = await open('#/pe-matrix?lang=en&variant=paper&dModel=512&maxLen=20');
  await openTable(page, '.halves-sin');
  await openTable(page, '.halves-cos');
  const sin = await cells(page, '.halves-sin details');
  const cos = await cells(page, '.halves-cos details');
  const pe = golden['E001-5'].pe;
  assert.match(await page.textContent('.halves-sin figcaption'), /pe\[:, 0::2\]: 20 positions × 256 columns/);
  // The lab's paper formula is the exact value rounded once; PyTorch's float32 pipeline can be one float32
  // step away, which can move the fifth printed digit: compare to half a unit of it.
  for (let k = 0; k < 8; k++) {
    assert.ok(Math.abs(Number(sin[1][k + 1]) - pe[1][2 * k]) <= 6e-6, `sin ${k}: ${sin[1][k + 1]} vs ${pe[1][2 * k]}`);
    assert.ok(Math.abs(Number(cos[1][k + 1]) - pe[1][2 * k + 1]) <= 6e-6, `cos ${k}: ${cos[1][k + 1]} vs ${pe[1][2 * k + 1]}`);
  }
  // As document 001 printed row 1: sines 0.84147, 0.82186, 0.80196; cosines 0.5403, 0.5697, 0.5974.
  assert.deepEqual(sin[1].slice(1, 4), ['0.84147', '0.82186', '0.80196']);
  assert.deepEqual(cos[1].slice(1, 4).map((v) => Number(v).toFixed(4)), ['0.5403', '0.5697', '0.5974']);
  await field(page, 'dModel', 'input[type=range]').fill('8');
  await frames(page);
  await page.locator('.halves-cos figcaption', { hasText: '× 4 columns' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});
