// Lesson 13 in the browser: causal runs trained on lengths 2 … L are measured on every length up to 2L; the
// learned table's missing rows are a result in the table (E002-2's IndexError), not a crash; both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openTable } from './browser.mjs';

const { open } = useLesson('longer-than-seen');

for (const [lang, texts] of [
  ['en', { train: 'Train', title: 'Longer than it has seen', noRow: 'no row (table of 9)', missing: /has 9 rows .* IndexError/, unseen: '(never seen)' }],
  ['es', { train: 'Entrenar', title: 'Más largo de lo que vio', noRow: 'sin fila (tabla de 9)', missing: /tiene 9 filas .* IndexError/, unseen: '(nunca vista)' }],
]) {
  test(`${lang}: trained on 2–4 digits, measured up to 8; the learned table has no rows past its length`, async () => {
    const { page, problems, context } = await open(`#/longer-than-seen?lang=${lang}&a=alibi&b=learned&c=off&trainMax=4&steps=120`);
    assert.equal(await page.textContent('h1'), texts.title);
    await page.getByRole('button', { name: texts.train, exact: true }).click();
    await page.waitForSelector('.longer-by-length svg', { timeout: 120000 });
    await openTable(page, '.longer-by-length');
    const rows = await page.$$eval('.longer-by-length tbody tr', (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent)));
    assert.deepEqual(rows.map((r) => r[0]), ['2', '3', '4', `5 ${texts.unseen}`, `6 ${texts.unseen}`, `7 ${texts.unseen}`, `8 ${texts.unseen}`]);
    for (const row of rows) {
      const alibi = Number(row[1]);
      assert.ok(alibi >= 0 && alibi <= 1, `${row[0]}: ${row[1]}`);
    }
    // lengths 2–4 fit the learned table (2·4 + 1 = 9 rows); 5 and beyond do not
    rows.slice(0, 3).forEach((row) => assert.ok(Number(row[2]) > 0.5, `learned at ${row[0]}: ${row[2]}`));
    rows.slice(3).forEach((row) => assert.equal(row[2], texts.noRow));
    assert.match(await page.textContent('.longer-summary'), texts.missing);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a link restores the runs and L; a bad value is explained and the link falls back to the default', async () => {
  const { page, context } = await open('#/longer-than-seen?lang=en&task=reverse&a=t5&b=none&c=off&trainMax=5&size=large&seed=9');
  for (const [name, value] of [['task', 'reverse'], ['a', 't5'], ['b', 'none'], ['c', 'off'], ['size', 'large']]) {
    assert.equal(await page.locator(`[data-field="${name}"] select`).inputValue(), value, name);
  }
  assert.equal(await page.locator('[data-field="trainMax"] input[type=text]').inputValue(), '5');
  assert.equal(await page.locator('[data-field="seed"] input').inputValue(), '9');
  assert.ok(await page.locator('.train-run[data-run="c"]').isHidden());
  await page.locator('[data-field="steps"] input').fill('0');
  await page.waitForFunction(() => document.querySelector('[data-field="steps"] .field-error').textContent !== '');
  assert.match(await page.textContent('[data-field="steps"] .field-error'), /between 10 and 5,000/);
  const bad = await open('#/longer-than-seen?lang=es&trainMax=40');
  assert.equal(await bad.page.locator('.notice').count(), 1);
  assert.equal(await bad.page.locator('[data-field="trainMax"] input[type=text]').inputValue(), '8');
  await bad.context.close();
  await context.close();
});
