// Lesson 15 in the browser: the pairs that meet unseen angles under each way of stretching RoPE, YaRN's ramp,
// the published presets, links and bad values, in both languages (numbers from the kernel, which
// tests/wasm/position.test.mjs holds against the notebook's goldens).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, field } from './browser.mjs';
import { formatCount } from '../../web/src/format.js';

const { open } = useLesson('stretching-rope');
const unseenTable = (page) => page.$$eval('.stretch-unseen tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));

for (const [lang, texts] of [
  ['en', { title: 'Stretching RoPE', of: 'of', methods: ['extrapolation', 'linear interpolation', 'NTK-aware', 'dynamic NTK', 'YaRN'], preset: /LLaMA 2, eight times as long/, even: /even/ }],
  ['es', { title: 'Estirar RoPE', of: 'de', methods: ['extrapolar', 'interpolación lineal', 'NTK', 'NTK dinámico', 'YaRN'], preset: /LLaMA 2, ocho veces más largo/, even: /par/ }],
]) {
  test(`${lang}: a LLaMA head from 2048 to 4096, then LLaMA 2 eight times as long; YaRN's ramp; bad values explained`, async () => {
    const { page, problems, context } = await open(`#/stretching-rope?lang=${lang}`);
    // Positions are whole numbers grouped for the reader (2,048 in English; 18 692 in Spanish).
    const n = (x) => formatCount(x, lang);
    assert.equal(await page.textContent('h1'), texts.title);
    assert.deepEqual(await unseenTable(page), [
      [texts.methods[0], `23 ${texts.of} 64`, n(2048)],
      [texts.methods[1], `0 ${texts.of} 64`, '—'],
      [texts.methods[2], `22 ${texts.of} 64`, n(3214)],
      [texts.methods[3], `0 ${texts.of} 64`, '—'],
      [texts.methods[4], `0 ${texts.of} 64`, '—'],
    ]);
    assert.match(await page.textContent('.stretch-ramp figcaption'), /(up to pair|hasta la pareja) 16, \S+ (from pair|desde la) 41.*1\.0693/);
    await page.getByRole('button', { name: texts.preset }).click();
    await page.waitForFunction((last) => document.querySelector('.stretch-unseen caption').textContent.includes(last), n(32760));
    const after = await unseenTable(page);
    assert.deepEqual(after.map((r) => r.slice(1)), [[`18 ${texts.of} 64`, n(4096)], [`0 ${texts.of} 64`, '—'], [`17 ${texts.of} 64`, n(18692)], [`0 ${texts.of} 64`, '—'], [`0 ${texts.of} 64`, '—']]);
    assert.match(page.url(), /original=4096/);
    assert.match(page.url(), /factor=8/);
    await field(page, 'dim').fill('7');
    await page.waitForFunction(() => document.querySelector('[data-field="dim"] .field-error').textContent !== '');
    assert.match(await page.textContent('[data-field="dim"] .field-error'), texts.even);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a link restores the head and the method; an impossible value in a link falls back to its default', async () => {
  const { page, context } = await open('#/stretching-rope?lang=en&dim=64&base=500000&original=8192&factor=4&method=ntk');
  assert.equal(await field(page, 'dim').inputValue(), '64');
  assert.equal(await page.locator('[data-field="method"] select').inputValue(), 'ntk');
  assert.match(await page.textContent('.stretch-unseen caption'), /32,764/);
  assert.equal(await page.locator('.stretch-unseen tr.same th').textContent(), 'NTK-aware');
  const bad = await open('#/stretching-rope?lang=es&factor=0');
  assert.equal(await bad.page.locator('.notice').count(), 1);
  assert.equal(await field(bad.page, 'factor').inputValue(), '2');
  await bad.context.close();
  await context.close();
});
