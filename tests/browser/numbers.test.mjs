// The matrix lessons show the digits the source documents printed (see docs/experiments.md): the table, the
// row inspector and the comparison are pe-matrix-digits', the line chart pe-matrix's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, tableRow, settled } from './browser.mjs';

const site = useLesson('pe-matrix-digits');

/** The "Values" cell of the inspector row whose header starts with `label`, for the first inspected position. */
async function inspected(page, label, nth = 0) {
  await settled(page);
  return page.evaluate(
    ([text, index]) => {
      const table = document.querySelectorAll('.inspector-table')[index];
      const row = [...table.tBodies[0].rows].find((r) => r.cells[0].textContent.startsWith(text));
      return row.cells[1].querySelector('.inspector-values').textContent;
    },
    [label, nth],
  );
}

test("document 000's button shows its literal-shifted 10×4 matrix with the printed rows 1 and 9 (E000-1)", async () => {
  const { page, problems, context } = await site.open('#/pe-matrix-digits?lang=en');
  await page.getByRole('button', { name: /^As in the notebook/ }).click();
  await page.waitForFunction(() => document.querySelector('.values caption')?.textContent.includes('max_len = 10, d_model = 4'));
  assert.deepEqual(await tableRow(page, 1), ['0.84147', '0.99995', '1.0000e-04', '1.0000']);
  assert.deepEqual((await tableRow(page, 9)).slice(0, 3), ['0.41212', '0.99595', '9.0000e-04']);
  assert.match(page.url(), /variant=literal-shifted/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("document 001's button prints row 1's sine and cosine columns as the document did (E001-5)", async () => {
  const { page, context } = await site.open('#/pe-matrix-digits?lang=en');
  await page.getByRole('button', { name: /^As in the textbook paper/ }).click();
  await page.waitForFunction(() => document.querySelector('.halves-sin figcaption').textContent.includes('20 positions × 256'));
  assert.equal(await inspected(page, 'Sine'), '0.84147, 0.82186, 0.80196 … 1.1140e-04, 1.0746e-04, 1.0366e-04');
  // The document printed the cosine columns with four decimals: 0.5403, 0.5697, 0.5974.
  const cosines = (await inspected(page, 'Cosine')).split(' … ')[0].split(', ').map(Number);
  assert.deepEqual(cosines.map((x) => x.toFixed(4)), ['0.5403', '0.5697', '0.5974']);
  await context.close();
});

test("the literal formula reproduces document 001's vectors for positions 2 and 10 (E001-2)", async () => {
  const { page, context } = await site.open('#/pe-matrix-digits?lang=en&variant=literal&maxLen=20&dModel=512&rows=2,10');
  assert.equal(await inspected(page, 'Whole', 0), '0.90930, -0.41615, 0.95814 … 1.0000, 2.1492e-08, 1.0000');
  assert.equal(await inspected(page, 'Whole', 1), '-0.54402, -0.83907, 0.11878 … 1.0000, 1.0746e-07, 1.0000');
  await context.close();
});

test("document 003's button shows row 1 of the 100×512 matrix and 20 positions in the line chart (E003-3, E003-5)", async () => {
  let { page, context } = await site.open('#/pe-matrix-digits?lang=es');
  await page.getByRole('button', { name: /^Como en la entrada de blog/ }).click();
  await page.waitForFunction(() => document.querySelector('.halves-sin figcaption').textContent.includes('100 posiciones × 256'));
  assert.equal(await inspected(page, 'Fila completa'), '0.84147, 0.54030, 0.82186 … 1.0000, 1.0366e-04, 1.0000');
  await context.close();
  ({ page, context } = await site.open('#/pe-matrix?lang=es'));
  await page.getByRole('button', { name: /^Como en la entrada de blog/ }).click();
  await page.waitForFunction(() => document.querySelector('.heatmap figcaption').textContent.includes('100 posiciones × 512'));
  // The line chart, off the screen, is redrawn once the page settles (lesson-view.js, changed()).
  await page.locator('.lines .chart-note', { hasText: '20 primeras posiciones de 100' }).waitFor();
  await context.close();
});

test('the comparison panel finds the identical rows of document 000 (E000-3)', async () => {
  const { page, context } = await site.open('#/pe-matrix-digits?lang=en&variant=literal-shifted');
  // Default pair (5, 4) next to (5, 6): only row 0 is the same.
  await page.waitForFunction(() => document.querySelectorAll('.compare tr.same').length > 0);
  assert.match(await page.textContent('.compare-summary'), /1 of the 5 rows .* is identical: row 0\./);
  const row1 = await page.evaluate(() => {
    const table = document.querySelectorAll('.compare .data-table')[1];
    return [...table.tBodies[0].rows[1].cells].slice(1).map((c) => c.textContent);
  });
  assert.deepEqual(row1, ['0.84147', '0.99892', '2.1544e-03', '1.0000', '4.6416e-06', '1.0000']);
  // (10, 4) next to (5, 4): the five shared rows are identical.
  await page.getByRole('button', { name: '(10, 4) next to (5, 4)' }).click();
  await page.waitForFunction(() => document.querySelector('.compare-summary').textContent.includes('5 of the 5'));
  assert.equal(await page.locator('.compare .data-table').first().locator('tr.same').count(), 5);
  await context.close();
});
