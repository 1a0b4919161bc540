// Lesson "rope": arrows of a rotated pair, the query·key grids (RoPE constant along diagonals, additive
// not), the who-uses-what table and the self-check quiz with feedback, in both languages; links restore;
// bad input explained.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, frames, field as input, openTable } from './browser.mjs';

const { open } = useLesson('rope');

/** The score grid as numbers, read from its table. */
async function grid(page, kind) {
  await openTable(page, `.scores-${kind}`);
  const rows = await page.$$eval(`.scores-${kind} tbody tr`, (trs) => trs.map((r) => [...r.cells].slice(1).map((c) => Number(c.textContent))));
  await page.click(`.scores-${kind} summary`);
  return rows;
}
const diagonalSpread = (g) => {
  let spread = 0;
  for (let off = -(g.length - 1); off < g.length; off++) {
    const d = g.flatMap((row, m) => (m - off >= 0 && m - off < g.length ? [row[m - off]] : []));
    spread = Math.max(spread, Math.max(...d) - Math.min(...d));
  }
  return spread;
};

for (const [lang, title, right] of [
  ['es', 'RoPE: las posiciones como giros', /^Correcto\./],
  ['en', 'RoPE: positions as rotations', /^Right\./],
]) {
  test(`${lang}: loads with no errors; RoPE's grid is constant along diagonals, the additive one is not`, async () => {
    const { page, problems, context } = await open(`#/rope?lang=${lang}`);
    assert.equal(await page.textContent('h1'), title);
    assert.equal(await page.getAttribute('.rope-verdict-rope', 'data-constant'), 'true');
    assert.equal(await page.getAttribute('.rope-verdict-additive', 'data-constant'), 'false');
    // The same, read from the tables the student can open (5 significant digits).
    const [ropeGrid, additiveGrid] = [await grid(page, 'rope'), await grid(page, 'additive')];
    assert.ok(ropeGrid.length > 1 && ropeGrid.length === additiveGrid.length, 'both score tables are there');
    assert.ok(diagonalSpread(ropeGrid) < 1e-3);
    assert.ok(diagonalSpread(additiveGrid) > 0.1);
    assert.equal(await page.locator('.rope-turning svg g[data-mark="arrow"] path').count(), 8);
    // The who-uses-what table (E002-7) is there.
    assert.match(await page.textContent('.lesson .text-table'), /LLaMA/);
    // Quiz: a wrong answer, then the right one, with feedback (E002-9).
    const first = page.locator('.quiz-question').first();
    await first.locator('.quiz-check').click();
    assert.ok((await first.locator('.quiz-feedback').textContent()).length > 5);
    await first.locator('input[value="crash"]').check();
    await first.locator('.quiz-check').click();
    assert.equal(await first.locator('.quiz-feedback').getAttribute('data-result'), 'wrong');
    await first.locator('input[value="shuffled"]').check();
    await first.locator('.quiz-check').click();
    assert.equal(await first.locator('.quiz-feedback').getAttribute('data-result'), 'right');
    assert.match(await first.locator('.quiz-feedback').textContent(), right);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the quiz feedback switches language with the page', async () => {
  const { page, context } = await open('#/rope?lang=en');
  const q = page.locator('.quiz-question').nth(2);
  await q.locator('input[value="full"]').check();
  await q.locator('.quiz-check').click();
  assert.match(await q.locator('.quiz-feedback').textContent(), /^Not quite\. div_term has one value per pair/);
  await page.getByLabel('Language').selectOption('es');
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.match(await q.locator('.quiz-feedback').textContent(), /^No exactamente\. div_term tiene un valor por pareja/);
  await context.close();
});

test('the right answer is not always the first option, and keeps its place after a language switch', async () => {
  const { page, context } = await open('#/rope?lang=en');
  const rights = { why: 'shuffled', sinusoidal: 'first', implement: 'pairs', alternatives: 'rotate' };
  const places = async () => page.$$eval('.quiz-question', (sets, answers) => sets.map((set) => [...set.querySelectorAll('input')].findIndex((r) => r.value === answers[set.dataset.question])), rights);
  const before = await places();
  assert.equal(before.length, 4);
  assert.ok(new Set(before).size > 1, `right answers at ${before}`);
  assert.ok(before.some((place) => place > 0));
  await page.getByLabel('Language').selectOption('es');
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.deepEqual(await places(), before);
  await context.close();
});

test('controls redraw the arrows and the grids, and the link restores them', async () => {
  const { page, problems, context } = await open('#/rope?lang=en');
  const arrowsBefore = await page.innerHTML('.rope-turning .chart-host');
  await page.locator('[data-field="pair"] input[type=range]').fill('2');
  await frames(page);
  assert.notEqual(await page.innerHTML('.rope-turning .chart-host'), arrowsBefore);
  assert.match(await page.textContent('.rope-turning figcaption'), /Pair 2 \(columns 4 and 5\)/);
  await page.locator('[data-field="grid"] input[type=range]').fill('5');
  await frames(page);
  assert.equal((await grid(page, 'rope')).length, 5);
  assert.match(page.url(), /pair=2.*grid=5/);
  const again = await open(page.url().slice(page.url().indexOf('#')));
  assert.match(await again.page.textContent('.rope-turning figcaption'), /Pair 2/);
  assert.equal((await grid(again.page, 'rope')).length, 5);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, message] of [
  ['en', /The base has to be between 2 and 1000000/],
  ['es', /La base tiene que estar entre 2 y 1000000/],
]) {
  test(`${lang}: a base of 1 and a pair beyond dim/2 are explained next to their fields`, async () => {
    const { page, problems, context } = await open(`#/rope?lang=${lang}`);
    await input(page, 'base').fill('1');
    await page.locator('[data-field="base"] .field-error').filter({ hasText: message }).waitFor();
    assert.match(page.url(), /base=10000/);
    await input(page, 'pair').fill('6');
    await page.locator('[data-field="pair"] .field-error').filter({ hasText: /3/ }).waitFor();
    assert.match(page.url(), /pair=0/);
    // An odd width is explained by RoPE's pairs, not by sines and cosines.
    await input(page, 'dim').fill('7');
    await page.locator('[data-field="dim"] .field-error').filter({ hasText: /RoPE/ }).waitFor();
    assert.doesNotMatch(await page.textContent('[data-field="dim"] .field-error'), /sin|cos/i);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`${lang}: a link with pair 9 and dim 8 draws every figure with pair 0 and says why next to pair`, async () => {
    const { page, problems, context } = await open(`#/rope?lang=${lang}&dim=8&pair=9&grid=5`);
    await page.locator('[data-field="pair"] .field-error').filter({ hasText: /3/ }).waitFor();
    assert.equal(await input(page, 'pair').inputValue(), '0');
    assert.equal(await input(page, 'dim').inputValue(), '8');
    assert.equal((await grid(page, 'rope')).length, 5);
    assert.match(page.url(), /pair=0/);
    assert.equal(await page.locator('.notice').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
