// axe-core (WCAG 2.0 and 2.1, levels A and AA) on every lesson at desktop and phone width, in Spanish at one and
// English at the other (by turns, so each lesson is checked in both languages and at both widths, at half the
// cost of every pair), with every <details> open (tables, embed panel), and after the training lessons have
// trained: no violation is allowed. At phone width (360 and 320 px) no lesson may be wider than the screen, tables
// opened included, in both languages; every control a finger presses is at least 24 px (WCAG 2.2's target size).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, waitForReady, openAllTables, overflow, frames, axeViolations as violations, LESSON_IDS } from './browser.mjs';

const site = useLesson('why-order');

/** Buttons, links in lists, selects, text boxes, radios and checkboxes smaller than 24 × 24 px (visible ones). */
const smallTargets = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('button, select, input, summary, nav a, .lesson-pager a')]
      .filter((el) => el.offsetParent !== null && !el.closest('[hidden]'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      // An inline checkbox or radio counts with its label, which takes the press too.
      .map(({ el, box }) => ({ el, box: el.labels?.[0] && (el.type === 'radio' || el.type === 'checkbox') ? el.labels[0].getBoundingClientRect() : box }))
      .filter(({ box }) => box.width > 0 && (box.height < 24 || box.width < 24))
      .map(({ el, box }) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );

for (const [turn, width] of [1280, 360].entries()) {
  test(`at ${width} px, every <details> open, in each lesson's language of this width: every lesson passes axe-core's WCAG A/AA rules`, async () => {
    // A fresh page per lesson: what one lesson left open (every table of it) never slows the next one down.
    for (const [index, lesson] of LESSON_IDS.entries()) {
      const lang = (index + turn) % 2 === 0 ? 'es' : 'en';
      const { context, page, problems } = await site.open(`#/${lesson}?lang=${lang}`, { viewport: { width, height: width > 500 ? 900 : 780 } });
      await openAllTables(page);
      assert.deepEqual(await violations(page), [], `${lesson} (${lang})`);
      if (width < 500) {
        // On a phone nothing may widen the page, tables opened included: wide ones scroll in their own box.
        assert.equal(await overflow(page), 0, `${lesson} (${lang}) is wider than ${width} px`);
        assert.deepEqual(await smallTargets(page), [], `${lesson} (${lang}): touch targets under 24 px`);
        await page.setViewportSize({ width: 320, height: 700 });
        await frames(page);
        assert.equal(await overflow(page), 0, `${lesson} (${lang}) is wider than 320 px`);
        // The other language's text is as long or longer: the same lesson in it, at both phone widths.
        const other = lang === 'es' ? 'en' : 'es';
        const title = await page.textContent('#lesson h1');
        await page.selectOption('#language', other);
        await page.waitForFunction((before) => document.querySelector('#lesson h1')?.textContent !== before, title);
        await openAllTables(page);
        for (const narrow of [320, 360]) {
          await page.setViewportSize({ width: narrow, height: 700 });
          await frames(page);
          assert.equal(await overflow(page), 0, `${lesson} (${other}) is wider than ${narrow} px`);
        }
      }
      assert.deepEqual(problems, [], lesson);
      await context.close();
    }
  });
}

test('the training lessons stay accessible once trained (curves, answers, attention maps, result tables)', async () => {
  const { context, page } = await site.open('#/why-order?lang=en');
  const few = 'a=sinusoidal&b=learned&c=off&steps=20';
  for (const [lesson, done, query] of [
    ['train-transformer', '.train-maps figure svg', `${few}&length=3`],
    ['longer-than-seen', '.longer-by-length svg', `${few}&trainMax=3`],
    ['language-model', '.lm-by-position svg', `${few}&d=off&e=off&f=off&model=tiny&trainLength=8`],
  ]) {
    await page.goto(`${site.server.url}#/${lesson}?lang=en&${query}`);
    await waitForReady(page, `#/${lesson}`);
    await page.locator('.train-actions button[data-action="train"]').click();
    await page.waitForSelector(done, { timeout: 120000 });
    assert.deepEqual(await violations(page), [], lesson);
  }
  await context.close();
});
