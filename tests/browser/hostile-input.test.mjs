// User text never becomes HTML. Every text field and text box of every lesson (and a link's values)
// gets markup that would run script or create elements if it were ever parsed as HTML; the page must show it as
// text only: no element it names appears, no handler runs, nothing throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, frames, LESSON_IDS as ids } from './browser.mjs';

const site = useLesson('pe-matrix');
const PAYLOAD = '<img src=x data-xss onerror="window.__xss=1">"\'><svg data-xss onload="window.__xss=1"></svg>&lt;b&gt;';

/** What an injection would leave behind. */
const traces = (page) => page.evaluate(() => ({ elements: document.querySelectorAll('[data-xss]').length, ran: window.__xss ?? null }));

test('markup typed into every text field of every lesson stays text', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en');
  for (const [k, id] of ids.entries()) {
    await page.evaluate((hash) => { location.hash = hash; }, `#/${id}?lang=${k % 2 ? 'en' : 'es'}`);
    await page.waitForFunction((want) => document.documentElement.dataset.lessonReady === want, id);
    const boxes = page.locator('#lesson input[type=text]:visible, #lesson textarea:visible');
    const count = await boxes.count();
    for (let i = 0; i < count; i++) {
      const box = boxes.nth(i);
      if (!(await box.isEditable())) continue;
      await box.fill(PAYLOAD);
      await box.press('Tab'); // commit: the "change" path too
    }
    await frames(page);
    assert.deepEqual(await traces(page), { elements: 0, ran: null }, `${id}: ${count} boxes`);
  }
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), []);
  await context.close();
});

test('markup in a link\'s values is quoted as text in the notices', async () => {
  const encoded = encodeURIComponent(PAYLOAD);
  const { page, context } = await site.open(`#/pe-matrix?lang=en&maxLen=${encoded}&variant=${encoded}`);
  await page.waitForSelector('.notice');
  assert.match(await page.locator('.notice').first().textContent(), /<img src=x/);
  assert.deepEqual(await traces(page), { elements: 0, ran: null });
  await context.close();
});
