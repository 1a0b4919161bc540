// The teachers' guide: reached from the lab's footer, in both languages, one entry per lesson in the
// lab's order, accessible (axe-core), under the lab's policy with no violation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useLesson } from './browser.mjs';

const site = useLesson('pe-matrix');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const lessonCount = readdirSync(new URL('../../web/lessons/', import.meta.url)).filter((n) => /^\d+-/.test(n)).length;

test('the footer leads to the guide; both languages list every lesson; axe finds nothing', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en');
  await Promise.all([page.waitForURL(/teachers\.html/), page.click('.site-footer a[href="./teachers.html"]')]);
  for (const lang of ['es', 'en']) {
    assert.equal(await page.locator(`#${lang} ol li`).count(), lessonCount, `${lang}: one entry per lesson`);
    assert.equal(await page.getAttribute(`#${lang}`, 'lang'), lang);
  }
  assert.match(await page.textContent('#en'), /embed=1/);
  assert.match(await page.textContent('#es'), /sin red/);
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })).violations.map((v) => v.id));
  assert.deepEqual(found, []);
  // Back to the lab by its link.
  await Promise.all([page.waitForURL(/\/course\/poslab\/$|\/course\/poslab\/#/), page.click('#en a[href="./"]')]);
  assert.deepEqual(problems, []);
  await context.close();
});
