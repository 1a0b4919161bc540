// Lesson "formula-step-by-step": document 003's d = 2 example and its step-by-step matrix (row 1 as the blog
// printed it), the wavelengths, and PE(pos + k) = M(k)·PE(pos) for any k; links restore the view; bad input
// is explained in the reader's language. The answer to document 000's "why sine and cosine?" links the lessons
// that show each reason, and the d = 2 arrows export their ends as CSV.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, frames, field as input, proseNumber, sectionLessonLinks, followLessonLinks, saveFigure, csvCells, LESSON_IDS, settled } from './browser.mjs';

const { open } = useLesson('formula-step-by-step');
const cells = (page, selector) => page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));

for (const [lang, title] of [
  ['es', 'La fórmula paso a paso'],
  ['en', 'The formula step by step'],
]) {
  test(`${lang}: loads with no errors; d = 2 gives [0.5, 0.8] + [0, 1] = [0.5, 1.8]; row 1 is the blog's (E003-2, E003-3)`, async () => {
    const { page, problems, context } = await open(`#/formula-step-by-step?lang=${lang}`);
    assert.equal(await page.textContent('h1'), title);
    const d2 = await cells(page, '.d2-numbers');
    assert.deepEqual(d2.map((r) => r[1]), ['[0.50000, 0.80000]', '[0, 1.0000]', '[0.50000, 1.8000]']);
    const row1 = (await cells(page, '[data-step="4"]'))[0].slice(1);
    assert.deepEqual(row1, ['0.84147', '0.54030', '0.82186', '…', '1.0000', '1.0366e-04', '1.0000']);
    const div = (await cells(page, '[data-step="2"]'))[1].slice(1);
    assert.deepEqual(div.slice(0, 3), ['1.0000', '0.96466', '0.93057']);
    assert.ok((await page.locator('.lesson .katex math').count()) > 5);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('position 1 in two dimensions is [sin 1, cos 1]', async () => {
  const { page, context } = await open('#/formula-step-by-step?lang=en&pos2=1');
  const d2 = await cells(page, '.d2-numbers');
  assert.deepEqual(d2.map((r) => r[1]), ['[0.50000, 0.80000]', '[0.84147, 0.54030]', '[1.3415, 1.3403]']);
  await context.close();
});

test('moving d_model redraws the steps and the wavelength chart and goes into the link', async () => {
  const { page, problems, context } = await open('#/formula-step-by-step?lang=en');
  const before = await page.innerHTML('.wavelengths .chart-host');
  await page.locator('[data-field="dModel"] input[type=range]').fill('64');
  await frames(page);
  assert.notEqual(await page.innerHTML('.wavelengths .chart-host'), before);
  assert.match(await page.textContent('.wavelengths figcaption'), /d_model = 64/);
  const pairs = (await page.$$eval('[data-step="2"] thead th', (th) => th.map((x) => x.textContent))).slice(1);
  assert.deepEqual(pairs, ['0', '1', '2', '…', '29', '30', '31']);
  assert.match(page.url(), /dModel=64/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('PE(pos + k) = M(k)·PE(pos) for the k the student types, with an error near zero (E002-3)', async () => {
  const { page, context } = await open('#/formula-step-by-step?lang=en&dModel=8&pos=5&k=7');
  for (const k of ['7', '50', '-5', '1234']) {
    await input(page, 'k').fill(k);
    await frames(page);
    const verdict = await page.textContent('.rotation-verdict');
    assert.match(verdict, new RegExp(`PE\\(${5 + Number(k)}\\)`));
    const error = proseNumber(verdict.match(/columns: (.+) —/)[1], 'en');
    assert.ok(error < 1e-6, `k=${k}: ${verdict}`);
    // Every pair: M(k)·PE(pos) and PE(pos + k) agree to float rounding.
    const numbers = (text) => text.replace(/[[\]]/g, '').split(',').map(Number);
    const rotationRows = (await cells(page, '.rotation-compare')).filter((row) => row[0] !== '…');
    assert.ok(rotationRows.length > 0, 'the rotation table has rows');
    for (const row of rotationRows) {
      const [rotated, direct] = [numbers(row[2]), numbers(row[3])];
      rotated.forEach((v, i) => assert.ok(Math.abs(v - direct[i]) < 1e-6, `k=${k} ${row[0]}: ${row[2]} vs ${row[3]}`));
    }
    // Behind "Show the numbers": pair 0 turns by k radians (div_term 1), [[cos k, sin k], [−sin k, cos k]].
    const [first] = await cells(page, '.rotation-blocks');
    const block = numbers(first[1].replace(/\s+/g, ''));
    const want = [Math.cos(Number(k)), Math.sin(Number(k)), -Math.sin(Number(k)), Math.cos(Number(k))];
    block.forEach((v, i) => assert.ok(Math.abs(v - want[i]) < 1e-4, `k=${k}: block of pair 0 ${first[1]}`));
  }
  assert.match(page.url(), /k=1234/);
  await context.close();
});

for (const [lang, message] of [
  ['en', /k has to be between −5 and 65,530, and −6 isn't/],
  ['es', /k tiene que estar entre −5 y 65\u202f530, y −6 se sale de ese intervalo/],
]) {
  test(`${lang}: k = -6 at pos = 5 is explained next to the field and the last good view stays`, async () => {
    const { page, problems, context } = await open(`#/formula-step-by-step?lang=${lang}&pos=5&k=7`);
    const before = await page.textContent('.rotation-verdict');
    await input(page, 'k').fill('-6');
    await page.locator('[data-field="k"] .field-error').filter({ hasText: message }).waitFor();
    assert.equal(await page.textContent('.rotation-verdict'), before);
    await settled(page); // the link is written when the reader pauses
    assert.match(page.url(), /k=7/);
    await input(page, 'dModel').fill('7');
    await page.locator('[data-field="dModel"] .field-error').filter({ hasText: /7/ }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a link restores every field, and a bad value in it falls back with a notice', async () => {
  const { page, context } = await open('#/formula-step-by-step?lang=en&maxLen=20&dModel=8&row=3&pos=10&k=-4');
  assert.equal(await input(page, 'maxLen').inputValue(), '20');
  assert.equal(await input(page, 'row').inputValue(), '3');
  assert.match(await page.textContent('[data-step="4"] caption'), /Row 3 of pe \(20 × 8\)/);
  assert.match(await page.textContent('.rotation-verdict'), /M\(k\)·PE\(10\) and PE\(6\)/);
  await context.close();
  const bad = await open('#/formula-step-by-step?lang=es&dModel=9');
  assert.equal(await bad.page.locator('.notice').count(), 1);
  assert.match(bad.page.url(), /dModel=512/);
  await bad.context.close();
});

for (const [lang, message] of [
  ['en', /between −5 and/],
  ['es', /entre −5 y/],
]) {
  test(`${lang}: a link whose k is valid alone but not with pos (k = -10, pos = 5) falls back for k only, with k's message`, async () => {
    const { page, problems, context } = await open(`#/formula-step-by-step?lang=${lang}&pos=5&k=-10&maxLen=20`);
    await page.locator('[data-field="k"] .field-error').filter({ hasText: message }).waitFor();
    assert.equal(await input(page, 'k').inputValue(), '7');
    assert.equal(await input(page, 'pos').inputValue(), '5');
    assert.equal(await input(page, 'maxLen').inputValue(), '20');
    // Every figure is drawn: the rotation check uses the default k, the other parts the link's values.
    assert.match(await page.textContent('.rotation-verdict'), /PE\(12\)/);
    assert.match(await page.textContent('[data-step="4"] caption'), /\(20 × 512\)/);
    assert.match(page.url(), /pos=5&k=7/);
    assert.equal(await page.locator('.notice').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [lang, heading, word, drop] of [
  ['en', /^Why sine and cosine\?$/, 'Lesson', /the one with the sinusoidal code\s+falls sharply just past the longest length it trained on/],
  ['es', /^¿Por qué seno y coseno\?$/, 'lección', /el que usa el\s+código sinusoidal cae en picado justo después de la mayor longitud con la que se entrenó/],
]) {
  test(`${lang}: "why sine and cosine?" links the lesson that shows each reason, and lesson 15 shows the drop it quotes`, async () => {
    const { page, problems, context } = await open(`#/formula-step-by-step?lang=${lang}`);
    const links = await sectionLessonLinks(page, heading);
    assert.ok(links, 'the section is there');
    // Small values (lesson 05), a code per position and the rotation (07), extrapolation (14).
    assert.deepEqual([...new Set(links.map((l) => l.id))], ['embedding-to-position', 'distances', 'longer-than-seen']);
    // Each link says the lesson's number in the course.
    for (const { text, id } of links) assert.match(text, new RegExp(`^${word} ${LESSON_IDS.indexOf(id) + 1}$`, 'i'));
    const section = await page.evaluate(() => document.querySelector('#lesson a[href="#/longer-than-seen"]').closest('li').textContent);
    assert.match(section, drop);
    await followLessonLinks(page, 'formula-step-by-step', links.map((l) => l.id));

    // The drop it quotes, read from lesson 15's table of what the lab found: the sinusoidal row, at L and one past L.
    await page.evaluate((hash) => { location.hash = hash; }, `#/longer-than-seen?lang=${lang}`);
    const found = await page.waitForFunction(() => {
      const table = document.querySelector('.train-findings table');
      if (!table) return null;
      const heads = [...table.tHead.rows[0].cells].map((c) => c.textContent.trim());
      const row = [...table.tBodies[0].rows].find((r) => r.cells[0].textContent.trim() === 'sinusoidal');
      return row && { heads, cells: [...row.cells].map((c) => c.textContent.trim()) };
    }).then((handle) => handle.jsonValue());
    const atL = found.heads.findIndex((h) => /\(L\)/.test(h));
    assert.ok(atL > 0, found.heads.join(' | '));
    const range = (text) => text.split('–').map((x) => Number(x.replace(',', '.')));
    const [lowAtL] = range(found.cells[atL]);
    const [, highPastL] = range(found.cells[atL + 1]);
    assert.ok(lowAtL - highPastL >= 0.2, `sinusoidal ${found.cells[atL]} at L, ${found.cells[atL + 1]} one past it`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [lang, start] of [['en', 'start, dimension 0'], ['es', 'origen, dimensión 0']]) {
  test(`${lang}: the d = 2 arrows export their ends as CSV: the embedding, PE(pos) from its tip, and the sum`, async () => {
    const { page, problems, context } = await open(`#/formula-step-by-step?lang=${lang}&pos2=3`);
    const scope = 'figure.d2-arrows';
    // The numbers sit in the table above the figure: no second table under it, but a CSV.
    assert.equal(await page.locator(`${scope} details`).isHidden(), true);
    const csv = await saveFigure(page, scope, 'csv');
    assert.match(csv.name, /\.csv$/);
    const lines = csv.bytes.toString('utf8').slice(1).trim().split('\r\n').map(csvCells);
    assert.equal(lines.length, 5, 'a note, the header and three arrows');
    assert.equal(lines[1][1], start);
    const arrows = lines.slice(2).map((row) => row.slice(1).map(Number));
    const vectors = (await cells(page, '.d2-numbers')).map((r) => r[1].replace(/[[\]]/g, '').split(', ').map(Number));
    const [embedding, pe, sum] = vectors;
    // The document's numbers: «El» = [0.5, 0.8] and PE(3) = [sin 3, cos 3].
    assert.deepEqual(embedding, [0.5, 0.8]);
    assert.ok(Math.abs(pe[0] - Math.sin(3)) < 1e-5 && Math.abs(pe[1] - Math.cos(3)) < 1e-5, pe.join(', '));
    assert.deepEqual(arrows, [[0, 0, ...embedding], [...embedding, ...sum], [0, 0, ...sum]]);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the steps come one at a time: tabs and arrow keys choose the step, the link keeps it, the hidden steps are drawn', async () => {
  const { page, problems, context } = await open('#/formula-step-by-step?lang=es');
  const shown = () => page.$$eval('.stepper [role=tabpanel]', (panels) => panels.filter((p) => !p.hidden).map((p) => p.dataset.step));
  const selected = () => page.$$eval('.stepper [role=tab]', (tabs) => tabs.filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.textContent));
  assert.deepEqual(await shown(), ['1']);
  assert.deepEqual(await selected(), ['1 · Ceros y posiciones']);
  // Hidden steps are still drawn: their numbers are in the page (the blog's div_term).
  assert.deepEqual((await cells(page, '[data-step="2"]'))[1].slice(1, 4), ['1.0000', '0.96466', '0.93057']);
  await page.getByRole('tab', { name: '3 · Los ángulos' }).click();
  await frames(page);
  assert.deepEqual(await shown(), ['3']);
  assert.match(page.url(), /step=3/);
  // The tab list is one Tab stop; the arrows, Home and End move along it and show their step.
  await page.keyboard.press('ArrowRight');
  await frames(page);
  assert.deepEqual(await shown(), ['4']);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-selected')), 'true');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight'); // from the last tab back to the first
  await frames(page);
  assert.deepEqual(await shown(), ['1']);
  assert.deepEqual(await page.$$eval('.stepper [role=tab]', (tabs) => tabs.map((t) => t.tabIndex)), [0, -1, -1, -1, -1]);
  // "Next" names the step it opens; the first step has no "previous".
  const moves = page.locator('.stepper-moves button:visible');
  assert.deepEqual(await moves.allTextContents(), ['Siguiente: 2 · El divisor →']);
  await moves.click();
  await frames(page);
  assert.deepEqual(await shown(), ['2']);
  assert.deepEqual(await page.locator('.stepper-moves button:visible').allTextContents(), ['← Anterior: 1 · Ceros y posiciones', 'Siguiente: 3 · Los ángulos →']);
  // A reload of the link shows the same step, in the other language too.
  await page.goto(page.url().replace('lang=es', 'lang=en'));
  await page.waitForFunction(() => document.querySelector('.stepper [aria-selected=true]')?.textContent === '2 · The divisor');
  assert.deepEqual(await shown(), ['2']);
  assert.deepEqual(problems, []);
  await context.close();
});
