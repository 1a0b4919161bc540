// The way through the course: every lesson ends with its place in the course and links to the
// previous and next lessons; moving to a lesson brings its title into view and focus; on a phone the lesson
// list is behind a "Lessons" button in the sticky header, reachable from anywhere, by keyboard too; notices of
// the lesson left behind are cleared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, waitForReady, LESSON_IDS as LESSONS } from './browser.mjs';

const site = useLesson('pe-matrix');
const N = LESSONS.length;

/** The title's place on screen, and whether it has the keyboard's focus. */
const titleState = (page) => page.evaluate(() => {
  const h1 = document.querySelector('.lesson h1');
  const header = document.querySelector('.site-header').getBoundingClientRect();
  const sticky = getComputedStyle(document.querySelector('.site-header')).position === 'sticky';
  return { top: h1.getBoundingClientRect().top, below: sticky ? header.bottom : 0, focused: document.activeElement === h1, height: innerHeight };
});

for (const [lang, place, next, previous] of [
  ['en', `Lesson 3 of ${N}`, 'Next: The matrix, digit by digit →', '← Previous: The formula step by step'],
  ['es', `Lección 3 de ${N}`, 'Siguiente: La matriz, cifra a cifra →', '← Anterior: La fórmula paso a paso'],
]) {
  test(`${lang}, desktop: the lesson ends with its place and its neighbours; Next opens the next lesson at its title, focused`, async () => {
    const { page, problems, context } = await site.open(`#/pe-matrix?lang=${lang}`);
    assert.equal(await page.textContent('.lesson-pager .pager-place'), place);
    assert.equal(await page.textContent('.lesson-pager .pager-next'), next);
    assert.equal(await page.textContent('.lesson-pager .pager-previous'), previous);
    // Down at the end of a long lesson, the reader follows Next.
    await page.locator('.lesson-pager .pager-next').scrollIntoViewIfNeeded();
    assert.ok(await page.evaluate(() => scrollY) > 1000);
    await page.locator('.lesson-pager .pager-next').click();
    await waitForReady(page, '#/pe-matrix-digits');
    const state = await titleState(page);
    assert.ok(state.focused, 'the new title has the focus');
    assert.ok(state.top >= -1 && state.top < 200, `title at ${state.top}`);
    assert.match(page.url(), /#\/pe-matrix-digits/);
    assert.equal(await page.getAttribute('#lesson-list a[aria-current="page"]', 'data-lesson'), 'pe-matrix-digits');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the first lesson has no Previous, the last no Next', async () => {
  const { page, context } = await site.open(`#/${LESSONS[0]}?lang=en`);
  assert.equal(await page.locator('.lesson-pager .pager-previous').count(), 0);
  assert.equal(await page.textContent('.lesson-pager .pager-place'), `Lesson 1 of ${N}`);
  await page.evaluate((id) => { location.hash = `#/${id}?lang=en`; }, LESSONS[N - 1]);
  await waitForReady(page, `#/${LESSONS[N - 1]}`);
  assert.equal(await page.locator('.lesson-pager .pager-next').count(), 0);
  assert.equal(await page.textContent('.lesson-pager .pager-place'), `Lesson ${N} of ${N}`);
  await context.close();
});

test('a notice about the lesson left behind does not follow the reader to the next one', async () => {
  const { page, context } = await site.open('#/pe-matrix?lang=en&dModel=7');
  assert.equal(await page.locator('.notice').count(), 1);
  await page.locator('.lesson-pager .pager-next').click();
  await waitForReady(page, '#/pe-matrix-digits');
  assert.equal(await page.locator('.notice').count(), 0);
  await context.close();
});

for (const lang of ['es', 'en']) {
  test(`${lang}, 360 px phone: the lesson list is a menu in the sticky header, by keyboard, from the bottom of a lesson`, async () => {
    const { page, problems, context } = await site.open(`#/pe-matrix?lang=${lang}`, { viewport: { width: 360, height: 740 } });
    const button = page.locator('#menu-button');
    assert.equal(await page.locator('#lessons-nav').isVisible(), false);
    assert.equal(await button.textContent(), lang === 'es' ? `Lecciones · 3 de ${N}` : `Lessons · 3 of ${N}`);
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    const size = await button.boundingBox();
    assert.ok(size.height >= 24 && size.width >= 24);
    // One line: "☰ 3 of 15" is shown, "Lessons ·" only read (the button's name still says it).
    assert.ok((await button.locator('.menu-word').boundingBox()).width <= 1, 'the word "Lessons" is not shown');
    const lineHeight = await button.evaluate((b) => parseFloat(getComputedStyle(b).lineHeight) || 24);
    assert.ok(size.height < 2 * lineHeight, `the menu button wraps (${size.height} px)`);
    // From the bottom of the page the header, and its button, are still on screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    assert.ok(await page.evaluate(() => scrollY) > 2000);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.locator('#lessons-nav.open').waitFor();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.lesson), 'pe-matrix');
    // Every lesson link is a touch target of at least 24 px.
    const heights = await page.$$eval('#lesson-list a', (links) => links.map((a) => a.getBoundingClientRect().height));
    assert.equal(heights.length, N);
    assert.ok(heights.every((h) => h >= 24), String(heights));
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#lessons-nav').isVisible(), false);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'menu-button');
    await page.keyboard.press('Enter');
    await page.locator(`#lesson-list a[data-lesson="${LESSONS[5]}"]`).click();
    await waitForReady(page, `#/${LESSONS[5]}`);
    assert.equal(await page.locator('#lessons-nav').isVisible(), false);
    const state = await titleState(page);
    assert.ok(state.focused);
    assert.ok(state.top >= state.below - 1 && state.top < state.height / 2, `title at ${state.top}, header ends at ${state.below}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
