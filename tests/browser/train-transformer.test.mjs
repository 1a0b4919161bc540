// Lesson 12 in the browser: runs train in their workers to the accuracies the issue measured with PyTorch
// (no positions stuck near the multiset's level, sinusoidal perfect), answers and attention maps of the
// trained models, cancel and continue, links and language switches that keep the settings, bad values explained.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openTable } from './browser.mjs';

const site = useLesson('train-transformer');
const { open } = site;

/** Waits until every visible run row has one of `states`. */
const settled = (page, states = ['done']) =>
  page.waitForFunction((want) => {
    const rows = [...document.querySelectorAll('.train-run:not([hidden])')];
    return rows.length > 0 && rows.every((r) => want.includes(r.dataset.state));
  }, states, { timeout: 120000 });

/** The accuracy table under the chart: {header: [values per run]}, numbers as printed. */
async function accuracyTable(page) {
  await openTable(page, '.train-accuracy');
  return page.$$eval('.train-accuracy tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
}

for (const [lang, labels] of [
  ['en', { train: 'Train', right: 'right', expected: 'right answer', none: 'none', sinusoidal: 'sinusoidal', title: 'Train a transformer' }],
  ['es', { train: 'Entrenar', right: 'bien', expected: 'respuesta correcta', none: 'ninguno', sinusoidal: 'sinusoidal', title: 'Entrena un transformer' }],
]) {
  test(`${lang}: reversing six digits: no positions stays near the multiset's level, the sinusoidal table learns it`, async () => {
    const { page, problems, context } = await open(`#/train-transformer?lang=${lang}&a=none&b=sinusoidal&c=off&steps=300`);
    assert.equal(await page.textContent('h1'), labels.title);
    await page.getByRole('button', { name: labels.train, exact: true }).click();
    await settled(page);
    const table = await accuracyTable(page);
    const last = table.at(-1);
    assert.equal(last[0], '300');
    const [none, sinusoidal] = last.slice(1).map(Number);
    // Measured with PyTorch on this model (issue 11): none 0.35, sinusoidal 1.0.
    assert.ok(none > 0.2 && none < 0.5, `none ${none}`);
    assert.ok(sinusoidal >= 0.95, `sinusoidal ${sinusoidal}`);
    // The first point is the untrained model, at step 0.
    assert.equal(table[0][0], '0');
    // The trained models answer the example (the first six digits of π) and the maps are drawn.
    const answers = await page.$$eval('.train-answers tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
    assert.deepEqual(answers[0], [labels.expected, '9 5 1 4 1 3', '']);
    assert.deepEqual(answers[2], [labels.sinusoidal, '9 5 1 4 1 3', labels.right]);
    assert.notEqual(answers[1][2], labels.right);
    assert.equal(await page.locator('.train-maps figure').count(), 8); // 2 layers × 4 heads of run B
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the same link trains the same run: identical curves twice; a new sequence is answered without retraining', async () => {
  const hash = '#/train-transformer?lang=en&task=sort&mode=causal&a=t5&b=learned&c=off&length=4&steps=40&seed=7';
  const runs = [];
  for (let i = 0; i < 2; i++) {
    const { page, problems, context } = await open(hash);
    assert.equal(await page.locator('[data-field="task"] select').inputValue(), 'sort');
    assert.equal(await page.locator('[data-field="mode"] select').inputValue(), 'causal');
    assert.equal(await page.locator('[data-field="a"] select').inputValue(), 't5');
    assert.equal(await page.locator('[data-field="c"] select').inputValue(), 'off');
    assert.ok(await page.locator('.train-run[data-run="c"]').isHidden());
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    await settled(page);
    runs.push(await accuracyTable(page));
    if (i === 1) {
      const input = page.locator('[data-field="input"] input');
      await input.fill('4321');
      await page.waitForFunction(() => document.querySelector('.train-answers caption')?.textContent.includes('4 3 2 1'));
      assert.deepEqual((await page.$$eval('.train-answers tbody tr', (rows) => rows[0].cells[1].textContent)), '1 2 3 4');
      assert.match(page.url(), /input=4321/);
      // Switching language keeps the trained runs and the settings
      await page.getByLabel('Language').selectOption('es');
      await page.waitForFunction(() => document.querySelector('.train-answers caption')?.textContent.includes('Respuestas'));
      assert.match(await page.textContent('.train-run[data-run="b"] .train-run-status'), /Entrenado: 40 pasos/);
      assert.equal(await page.locator('[data-field="seed"] input').inputValue(), '7');
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  assert.deepEqual(runs[0], runs[1]);
});

test('cancel stops every run part-way; continue goes on from the step where it stopped', async () => {
  const { page, problems, context } = await open('#/train-transformer?lang=es&a=rope&b=off&c=off&steps=5000&size=large');
  await page.getByRole('button', { name: 'Entrenar', exact: true }).click();
  await page.waitForFunction(() => /Paso [1-9]/.test(document.querySelector('.train-run[data-run="a"] .train-run-status').textContent));
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await settled(page, ['cancelled']);
  const stopped = Number(/paso (\d+)/.exec(await page.textContent('.train-run[data-run="a"] .train-run-status'))[1]);
  assert.ok(stopped > 0 && stopped < 5000, `stopped at ${stopped}`);
  const more = page.getByRole('button', { name: 'Continuar' });
  assert.equal(await more.isEnabled(), true);
  await more.click();
  await page.waitForFunction((s) => {
    const m = /Paso (\d+) de (\d+)/.exec(document.querySelector('.train-run[data-run="a"] .train-run-status').textContent);
    return m && Number(m[1]) > s && Number(m[2]) === s + 5000;
  }, stopped);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await settled(page, ['cancelled']);
  // The curve kept its first part: its steps only grow.
  const steps = (await accuracyTable(page)).map((r) => Number(r[0]));
  assert.deepEqual(steps, [...steps].sort((x, y) => x - y));
  assert.ok(steps.at(-1) > stopped);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, steps, token, notice] of [
  ['en', /whole number/, /“x” isn't one of the symbols/, /steps/],
  ['es', /número entero/, /«x» no es uno de los símbolos/, /pasos/],
]) {
  test(`${lang}: bad values are explained next to their field; a bad link value falls back to the default`, async () => {
    const { page, context } = await open(`#/train-transformer?lang=${lang}&a=sinusoidal&b=off&c=off&steps=30&length=3`);
    const stepsField = page.locator('[data-field="steps"] input');
    await stepsField.fill('12a');
    await page.waitForFunction(() => document.querySelector('[data-field="steps"] .field-error').textContent !== '');
    assert.match(await page.textContent('[data-field="steps"] .field-error'), steps);
    await stepsField.fill('30');
    await page.locator('.train-actions button[data-action="train"]').click();
    await settled(page);
    await page.locator('[data-field="input"] input').fill('12x');
    await page.waitForFunction(() => document.querySelector('[data-field="input"] .field-error').textContent !== '');
    assert.match(await page.textContent('[data-field="input"] .field-error'), token);
    // Changing a training setting marks the runs as out of date instead of silently mixing settings.
    await page.locator('[data-field="task"] select').selectOption('copy');
    assert.equal(await page.locator('button[data-action="continue"]').isDisabled(), true);
    const bad = await open(`#/train-transformer?lang=${lang}&steps=999999`);
    assert.equal(await bad.page.locator('.notice').count(), 1);
    assert.match(await bad.page.textContent('.notice'), notice);
    assert.equal(await bad.page.locator('[data-field="steps"] input').inputValue(), '400');
    await bad.context.close();
    await context.close();
  });
}
