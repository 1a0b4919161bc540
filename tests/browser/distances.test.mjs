// Lesson "distances": document 002's distances 5–6 and 5–50 (d = 64), the similarity heatmap and one row of
// it, and the four requirements measured for the sinusoidal encoding; links restore; bad input explained.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer } from './server.mjs';
import { launch, openPage } from './browser.mjs';
import { formatValue } from '../../web/src/format.js';

const golden = JSON.parse(readFileSync(new URL('../golden/doc002.json', import.meta.url), 'utf8'))['E002-6'];
const site = {};
before(async () => {
  site.server = await startServer();
  site.browser = await launch();
});
after(async () => {
  await site.browser?.close();
  await site.server?.close();
});

async function open(hash, options) {
  const opened = await openPage(site.browser, options);
  await opened.page.goto(site.server.url + hash);
  await opened.page.waitForSelector('.requirements-table', { timeout: 20000 });
  await opened.page.waitForSelector('.similarity-heatmap svg');
  return opened;
}
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const cells = (page, selector) => page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));
const input = (page, name) => page.locator(`[data-field="${name}"] input[type=text]`);

for (const [lang, title, verdict] of [
  ['es', 'Distancias y posiciones relativas', /Las posiciones 5–6 están más cerca que las 5–50 \(1.4718 < 5.3264\)/],
  ['en', 'Distances and relative positions', /Positions 5–6 are closer than 5–50 \(1.4718 < 5.3264\)/],
]) {
  test(`${lang}: distances 5–6 and 5–50 at d = 64 are the notebook's, with the verdict (E002-6)`, async () => {
    const { page, problems, context } = await open(`#/distances?lang=${lang}`);
    assert.equal(await page.textContent('h1'), title);
    const rows = await cells(page, '.pairs');
    assert.deepEqual(rows.map((r) => r.slice(1)), [
      [formatValue(golden.distance_5_6), formatValue(golden.cosine_5_6)],
      [formatValue(golden.distance_5_50), formatValue(golden.cosine_5_50)],
    ]);
    assert.match(await page.textContent('.pairs-verdict'), verdict);
    const requirements = await cells(page, '.requirements-table');
    assert.equal(requirements.length, 4);
    for (const row of requirements) {
      assert.ok(row[1].startsWith('✓'), row[1]);
      assert.ok(row[3].startsWith('✓'), row[3]);
    }
    assert.match(requirements[3][3], /q·k/);
    // Unique: the closest two positions are neighbours, as far apart as 5 and 6.
    assert.ok(requirements[0][1].includes(formatValue(golden.distance_5_6)), requirements[0][1]);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the similarity matrix table is the notebook cosine for the first positions', async () => {
  const { page, context } = await open('#/distances?lang=en&maxLen=20');
  await page.click('.similarity-heatmap summary');
  const table = await cells(page, '.similarity-heatmap');
  table.forEach((row, i) => row.slice(1).forEach((text, j) => assert.ok(Math.abs(Number(text) - golden.similarity_first20[i][j]) < 2e-4, `[${i}][${j}] ${text}`)));
  await context.close();
});

test('neighbours are equally far apart anywhere; moving a position and d_model redraws and goes into the link', async () => {
  const { page, problems, context } = await open('#/distances?lang=en');
  await input(page, 'a1').fill('1000');
  await input(page, 'a2').fill('1001');
  await frames(page);
  assert.equal((await cells(page, '.pairs'))[0][1], formatValue(golden.distance_5_6));
  const before = await page.evaluate(() => document.querySelector('.similarity-heatmap canvas').toDataURL());
  await page.locator('[data-field="dModel"] input[type=range]').fill('2');
  await frames(page);
  assert.notEqual(await page.evaluate(() => document.querySelector('.similarity-heatmap canvas').toDataURL()), before);
  assert.match(page.url(), /dModel=2&a1=1000&a2=1001/);
  // d = 2: one clock hand; 5 and 49 are far closer than 5 and 6.
  await input(page, 'b2').fill('49');
  await input(page, 'a1').fill('5');
  await input(page, 'a2').fill('6');
  await frames(page);
  assert.match(await page.textContent('.pairs-verdict'), /✗ This time positions 5–49 are closer than 5–6/);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, message] of [
  ['en', /d_model has to be even/],
  ['es', /d_model tiene que ser par/],
]) {
  test(`${lang}: an odd d_model is explained next to its field; a link restores the view`, async () => {
    const { page, problems, context } = await open(`#/distances?lang=${lang}&dModel=16&a1=3&a2=9&b1=0&b2=70&maxLen=40`);
    assert.equal(await input(page, 'b2').inputValue(), '70');
    assert.match(await page.textContent('.similarity-heatmap figcaption'), /40 × 40, d_model = 16/);
    await input(page, 'dModel').fill('15');
    await page.locator('[data-field="dModel"] .field-error').filter({ hasText: message }).waitFor();
    assert.match(page.url(), /dModel=16/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
