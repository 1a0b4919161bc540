// Lesson "The same token elsewhere" (E000-5, E000-3) in Chromium: the cosine similarities against the
// notebook's seeded run, the √d_model switch, d_model up to 1024 live, the PE comparison, the link, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, openPage, frames, field } from './browser.mjs';
import { certainDecimals, certainCosine, withUncertain, FLOAT32_BOUND } from '../../web/lessons/07-same-token-elsewhere/certain-digits.js';

const golden = JSON.parse(readFileSync(new URL('../golden/embedding.json', import.meta.url), 'utf8'));
const site = useLesson('same-token-elsewhere');
const { open } = site;

/**
 * The similarity table as the reader sees it: [position, cosine, cosine × 1000, document] per row (the words a
 * screen reader hears for an uncertain digit, which are not on the screen, left out).
 */
const similarityRows = (page) =>
  page.evaluate(() => [...document.querySelectorAll('.similarity-table tbody tr')].map((r) => [...r.cells].map((c) => {
    const spoken = c.querySelector('.visually-hidden');
    return (spoken ? c.textContent.replace(spoken.textContent, '') : c.textContent).trim();
  })));

for (const lang of ['en', 'es']) {
  test(`loads in ${lang} with document 000's run (d_model 512, token 21 × 5) and no console errors`, async () => {
    const { page, problems, context } = await open(`#/same-token-elsewhere?lang=${lang}`);
    assert.equal((await page.textContent('h1')).trim(), lang === 'en' ? 'The same token elsewhere' : 'El mismo token en otra posición');
    const rows = await similarityRows(page);
    assert.equal(rows.length, 5);
    // the document's own ×1000 figures sit next to the lab's
    assert.deepEqual(rows.map((r) => r[3]), ['1000.0001192092896', '999.988317489624', '999.9597668647766', '999.9275207519531', '999.9014735221863']);
    assertTorchDigits(rows, golden['E000-5'][0]);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

const decimalsOf = (text) => (text.split('.')[1] ?? '').length;
/** "0.9999(6)" → {digits: '0.99996', uncertain: true}: the number printed, and whether its last digit is uncertain. */
const readDigits = (text) => ({ digits: text.replace(/[()]/g, ''), uncertain: /^-?\d+\.\d*\(\d\)$/.test(text) });

/**
 * Every digit printed is PyTorch's: each row's cosine and cosine × 1000 are PyTorch's float32 value (the notebook's
 * run `g`) rounded to 5 and 2 decimals. Where the last digit stands in parentheses it is uncertain: PyTorch's value
 * then lies near a boundary itself (the lab's double is within 1.8e-7 of it) and rounds to that digit or one unit
 * either side. `uncertainText`: the positions the page names.
 */
function assertTorchDigits(rows, g, uncertainText = null) {
  assert.equal(rows.length, g.cosine.length);
  const uncertain = [];
  rows.forEach((r, p) => {
    const cosine = readDigits(r[1]);
    const times1000 = readDigits(r[2]);
    assert.deepEqual([decimalsOf(cosine.digits), decimalsOf(times1000.digits)], [5, 2], `position ${p}: ${r[1]} ${r[2]}`);
    assert.equal(cosine.uncertain, times1000.uncertain, `position ${p}: ${r[1]} ${r[2]}`);
    if (!cosine.uncertain) {
      assert.equal(cosine.digits, g.cosine[p].toFixed(5), `position ${p}`);
      assert.equal(times1000.digits, g.cosine_x1000[p].toFixed(2), `position ${p} × 1000`);
      return;
    }
    uncertain.push(p);
    assert.equal(certainDecimals(g.cosine[p], 5, 2 * FLOAT32_BOUND), 4, `position ${p} is uncertain though PyTorch's ${g.cosine[p]} is far from a boundary`);
    assert.ok(Math.abs(Number(cosine.digits) - Number(g.cosine[p].toFixed(5))) <= 1.5e-5, `position ${p}: ${r[1]}`);
    assert.ok(Math.abs(Number(times1000.digits) - Number(g.cosine_x1000[p].toFixed(2))) <= 0.015, `position ${p} × 1000: ${r[2]}`);
  });
  // The page names every row holding an uncertain digit (in the cosine or the raw-index column).
  const named = rows.flatMap((r, p) => (r.some((text) => readDigits(text).uncertain) ? [p] : []));
  assert.ok(uncertain.every((p) => named.includes(p)));
  if (uncertainText !== null) assert.equal(uncertainText, named.join(','));
  return uncertain;
}

test('seeded cosines: every digit printed is PyTorch\'s (notebook runs, scaled and unscaled); the document column only with its settings', async () => {
  for (const g of golden['E000-5'].filter((s) => s.d_model === 512)) {
    const { page, context } = await open(`#/same-token-elsewhere?lang=en&scale=${g.scale ? 'on' : 'off'}`);
    const rows = await similarityRows(page);
    assertTorchDigits(rows, g, await page.getAttribute('.similarity-digits', 'data-uncertain'));
    // The document printed its figures with √d_model on; without it, its column would compare unlike runs.
    assert.equal(rows[0].length, g.scale ? 5 : 4);
    assert.match(await page.textContent('.similarity-digits'), g.scale ? /only its trend/ : /digits both agree on\./);
    await context.close();
  }
  const g = golden['E000-5'].find((s) => s.d_model === 64);
  const { page, context } = await open(`#/same-token-elsewhere?lang=es&dModel=64&seed=3&token=7&count=9&variant=literal-shifted`);
  const rows = await similarityRows(page);
  assertTorchDigits(rows, g, await page.getAttribute('.similarity-digits', 'data-uncertain'));
  assert.match(await page.textContent('.similarity-digits'), /cifras en las que ambos coinciden/);
  await context.close();
});

test('with d_model 2 the summary does not claim "close to 1000": it names the lowest value', async () => {
  for (const [lang, close, far] of [['en', /close to 1000/, /falls to \d+\.\d\d at position \d+/], ['es', /cerca de 1000/, /baja hasta \d+,?\.?\d* en la posición \d+/]]) {
    const { page, problems, context } = await open(`#/same-token-elsewhere?lang=${lang}&dModel=2&count=16`);
    const summary = await page.textContent('.similarity-summary');
    assert.doesNotMatch(summary, close);
    assert.match(summary, far);
    const printedRows = (await similarityRows(page)).map((r) => r[2]);
    const value = (text) => Number(readDigits(text).digits);
    const lowest = printedRows.reduce((a, b) => (value(b) < value(a) ? b : a));
    assert.ok(value(lowest) < 990, lowest);
    // The summary is a sentence: the table's digits with the reader's decimal mark.
    const inText = lang === 'es' ? lowest.replace('.', ',') : lowest;
    assert.ok(summary.includes(inText), `${summary} / ${inText}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the raw index instead of PE pushes the token away much faster (the idea the document rejects)', async () => {
  const { page, context } = await open('#/same-token-elsewhere?lang=en');
  const rows = await similarityRows(page);
  const pe = rows.map((r) => Number(readDigits(r[2]).digits));
  const index = rows.map((r) => Number(readDigits(r[4]).digits));
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
  assert.ok(Number(readDigits(unscaled[4][2]).digits) < Number(readDigits(scaled[4][2]).digits) - 10, `${unscaled[4][2]} vs ${scaled[4][2]}`);
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
  assertTorchDigits(await similarityRows(page), g, await page.getAttribute('.similarity-digits', 'data-uncertain'));
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

// The digits rule: a cosine is printed with 5 decimals; when it lies within FLOAT32_BOUND of a rounding boundary,
// its last digit is uncertain (in parentheses), and 4 decimals are what no float32 error within the bound can change.
test('the digits rule: any value within the bound of the double rounds to the same certain digits, and at most one unit off in the uncertain one', () => {
  // A deterministic generator (a 32-bit LCG), values packed near the boundaries of the 5th decimal.
  let state = 12345;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  let uncertain = 0;
  for (let n = 0; n < 20000; n++) {
    const boundary = (Math.floor(95000 + random() * 5000) + 0.5) / 1e5;
    const x = boundary + (random() - 0.5) * 4e-6;
    const d = certainDecimals(x);
    const printed = certainCosine(x);
    assert.equal(printed.uncertain, d < 5);
    assert.equal(printed.cosine.digits, x.toFixed(5));
    if (d < 5) uncertain++;
    // Any "PyTorch" value within the bound (open interval) prints the same digits as the double at d decimals,
    // and at 5 decimals at most one unit away from the digits printed.
    for (const e of [-0.999, -0.5, 0.5, 0.999]) {
      assert.equal((x + e * FLOAT32_BOUND).toFixed(d), x.toFixed(d), `x = ${x}, e = ${e}`);
      assert.ok(Math.abs(Number((x + e * FLOAT32_BOUND).toFixed(5)) - Number(x.toFixed(5))) < 1.5e-5, `x = ${x}, e = ${e}`);
    }
  }
  // About 2 · bound / 4e-6 of these values (24 %) sit that close to their boundary; the rest keep 5 certain decimals.
  assert.ok(uncertain > 3000 && uncertain < 7000, String(uncertain));
  // Cases by hand: the page's own position 2 (the lab's double for seed 0), and the edges of the bound.
  const position2 = certainCosine(0.9999551212911949);
  assert.deepEqual(position2, { cosine: { digits: '0.99996', uncertain: 1 }, times1000: { digits: '999.96', uncertain: 1 }, uncertain: true });
  assert.deepEqual([withUncertain(position2.cosine), withUncertain(position2.times1000)], ['0.9999(6)', '999.9(6)']);
  assert.deepEqual(certainCosine(0.9999189352310872), { cosine: { digits: '0.99992', uncertain: 0 }, times1000: { digits: '999.92', uncertain: 0 }, uncertain: false });
  assert.equal(withUncertain(certainCosine(0.9999189352310872).cosine), '0.99992');
  assert.equal(certainDecimals(0.999955 + 0.9 * FLOAT32_BOUND), 4);
  assert.equal(certainDecimals(0.999955 + 1.1 * FLOAT32_BOUND), 5);
  assert.equal(certainDecimals(-(0.999955 - 0.9 * FLOAT32_BOUND)), 4);
  assert.equal(withUncertain(certainCosine(1).cosine), '1.00000');
});

// Seed 0's position 2 is 0.9999551 in PyTorch, next to the boundary 0.999955. Printed with a digit fewer it read
// 1.0000 between 0.99999 and 0.99992, a rise the chart does not show: now its last digit stands in parentheses,
// the column falls as the similarity does, and a screen reader hears which digit is uncertain.
for (const [lang, note, spoken] of [
  ['en', /At position 2 a value lies within 0\.00000048 of a rounding boundary, where float32's error could tip its last digit either way: that digit stands in parentheses, and PyTorch's float32 may give one unit more or less there\./, '0.99996, last digit uncertain'],
  ['es', /En la posición 2, un valor queda a menos de 0,00000048 de una frontera de redondeo, donde el error de float32 podría inclinar su última cifra hacia un lado o hacia el otro: esa cifra va entre paréntesis, y el float32 de PyTorch puede dar ahí una unidad más o una menos\./, '0.99996, última cifra dudosa'],
]) {
  test(`${lang}: seed 0's position 2 shows 0.9999(6) and 999.9(6): the column still falls, and the page says why`, async () => {
    const { page, problems, context } = await open(`#/same-token-elsewhere?lang=${lang}`);
    const rows = await similarityRows(page);
    assert.deepEqual(rows.map((r) => r.slice(1, 3)), [['1.00000', '1000.00'], ['0.99999', '999.99'], ['0.9999(6)', '999.9(6)'], ['0.99992', '999.92'], ['0.99989', '999.89']]);
    // Read as numbers, the column falls at every position, as the chart and the summary say.
    for (const column of [1, 2]) {
      const values = rows.map((r) => Number(readDigits(r[column]).digits));
      values.slice(1).forEach((v, p) => assert.ok(v < values[p], `column ${column}, position ${p + 1}: ${v} after ${values[p]}`));
    }
    assert.equal(await page.getAttribute('.similarity-digits', 'data-uncertain'), '2');
    assert.match(await page.textContent('.similarity-digits'), note);
    assert.equal(await page.locator('.similarity-table tr.similarity-uncertain').count(), 1);
    // The uncertain digit on screen is hidden from screen readers, which hear it said in words instead.
    const cell = page.locator('.similarity-table tbody tr').nth(2).locator('td').first();
    assert.equal(await cell.locator('[aria-hidden="true"]').textContent(), '0.9999(6)');
    assert.equal(await cell.locator('.visually-hidden').textContent(), spoken);
    assert.equal(await cell.locator('.visually-hidden').evaluate((n) => n.getBoundingClientRect().width <= 1), true);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
