// Lesson "The same token elsewhere" (E000-5, E000-3) in Chromium: the cosine similarities against the
// notebook's seeded run, the √d_model switch, d_model up to 1024 live, the PE comparison, the link, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, openPage, frames, field } from './browser.mjs';

const golden = JSON.parse(readFileSync(new URL('../golden/embedding.json', import.meta.url), 'utf8'));
const site = useLesson('same-token-elsewhere');
const { open } = site;

/** The similarity table: [position, cosine, cosine × 1000, document] per row. */
const similarityRows = (page) =>
  page.evaluate(() => [...document.querySelectorAll('.similarity-table tbody tr')].map((r) => [...r.cells].map((c) => c.textContent.trim())));

for (const lang of ['en', 'es']) {
  test(`loads in ${lang} with document 000's run (d_model 512, token 21 × 5) and no console errors`, async () => {
    const { page, problems, context } = await open(`#/same-token-elsewhere?lang=${lang}`);
    assert.equal((await page.textContent('h1')).trim(), lang === 'en' ? 'The same token elsewhere' : 'El mismo token en otra posición');
    const rows = await similarityRows(page);
    assert.equal(rows.length, 5);
    // the document's own ×1000 figures sit next to the lab's
    assert.deepEqual(rows.map((r) => r[3]), ['1000.0001192092896', '999.988317489624', '999.9597668647766', '999.9275207519531', '999.9014735221863']);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('seeded cosines ×1000 agree with the notebook (PyTorch) for the scaled and unscaled runs', async () => {
  for (const g of golden['E000-5'].filter((s) => s.d_model === 512)) {
    const { page, context } = await open(`#/same-token-elsewhere?lang=en&scale=${g.scale ? 'on' : 'off'}`);
    const rows = await similarityRows(page);
    assert.equal(rows.length, g.cosine_x1000.length);
    rows.forEach((r, p) => assert.ok(Math.abs(Number(r[2]) - g.cosine_x1000[p]) < 2e-3, `${g.scale} ${p}: ${r[2]} vs ${g.cosine_x1000[p]}`));
    await context.close();
  }
});

test('the raw index instead of PE pushes the token away much faster (the idea the document rejects)', async () => {
  const { page, context } = await open('#/same-token-elsewhere?lang=en');
  const rows = await similarityRows(page);
  const pe = rows.map((r) => Number(r[2]));
  const index = rows.map((r) => Number(r[4]));
  for (let p = 1; p < rows.length; p++) {
    assert.ok(index[p] < pe[p], `position ${p}: index ${index[p]} vs PE ${pe[p]}`);
    assert.ok(index[p] < index[p - 1]);
  }
  assert.ok(index[4] < 990, String(index[4]));
  assert.match(await page.textContent('.similarity-summary'), /raw index instead of PE/);
  await context.close();
});

test('switching √d_model off makes the similarity fall much further; the link keeps it', async () => {
  const { page, problems, context } = await open('#/same-token-elsewhere?lang=en');
  const scaled = await similarityRows(page);
  await field(page, 'scale', 'select').selectOption('off');
  await frames(page);
  const unscaled = await similarityRows(page);
  assert.ok(Number(unscaled[4][2]) < Number(scaled[4][2]) - 10, `${unscaled[4][2]} vs ${scaled[4][2]}`);
  assert.match(await page.textContent('.similarity-summary'), /Without √d_model/);
  assert.match(page.url(), /scale=off/);
  const again = await openPage(site.browser);
  await again.page.goto(page.url());
  await again.page.waitForSelector('.similarity-chart .chart-host svg');
  assert.deepEqual(await similarityRows(again.page), unscaled);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('the d_model slider redraws live up to 1024, and the repetitions slider lengthens the sentence', async () => {
  const { page, problems, context } = await open('#/same-token-elsewhere?lang=en');
  const chart = () => page.innerHTML('.similarity-chart .chart-host');
  const before = await chart();
  await field(page, 'dModel', 'input[type=range]').fill('1024');
  await frames(page);
  assert.notEqual(await chart(), before);
  assert.match(await page.textContent('.similarity-chart figcaption'), /d_model = 1024/);
  await field(page, 'count', 'input[type=range]').fill('12');
  await frames(page);
  assert.equal((await similarityRows(page)).length, 12);
  // d_model 1024, 12 positions, seed 0: the notebook's fourth run
  const g = golden['E000-5'].find((s) => s.d_model === 1024);
  (await similarityRows(page)).forEach((r, p) => assert.ok(Math.abs(Number(r[2]) - g.cosine_x1000[p]) < 2e-3));
  assert.deepEqual(problems, []);
  await context.close();
});

test('E000-3: (10, 4) next to (5, 4) shares every row; (5, 4) next to (5, 6) only row 0', async () => {
  const { page, context } = await open('#/same-token-elsewhere?lang=en');
  assert.match(await page.textContent('.compare-summary'), /5 of the 5 rows/);
  await page.click('.pair-buttons button:nth-of-type(2)');
  await frames(page);
  assert.match(await page.textContent('.compare-summary'), /1 of the 5 rows.*row 0/);
  const same = await page.evaluate(() => [...document.querySelectorAll('.compare-tables tr.same')].length);
  assert.equal(same, 2);  // row 0, highlighted in both tables
  assert.match(page.url(), /cmpDB=6/);
  await context.close();
});

for (const [lang, message] of [
  ['en', /token id has to be between 0 and 99, and 150 isn't/i],
  ['es', /id de token tiene que estar entre 0 y 99, y 150 se sale/i],
]) {
  test(`a token outside the vocabulary and an odd d_model are explained in ${lang}`, async () => {
    const { page, problems, context } = await open(`#/same-token-elsewhere?lang=${lang}`);
    const before = await similarityRows(page);
    await field(page, 'token').fill('150');
    await page.locator('[data-field="token"] .field-error').filter({ hasText: message }).waitFor();
    await field(page, 'dModel').fill('7');
    await page.locator('[data-field="dModel"] .field-error').filter({ hasText: lang === 'en' ? /even/ : /par/ }).waitFor();
    assert.deepEqual(await similarityRows(page), before);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
