// The page holds up to a hostile reader: lessons switched faster than they load leave only the last one
// (no overtaken lesson's workers, elements or text), a link to a lesson that does not exist is handled the
// same way on a fresh load and from inside the page, and a self-check entry corrupted in local storage is
// ignored instead of breaking Check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { useLesson, waitForReady, answerQuiz, arrived, frames, sharedStrings, LESSON_IDS } from './browser.mjs';

const site = useLesson('why-order');

const lessonsDir = new URL('../../web/lessons/', import.meta.url);
const folderOf = (id) => readdirSync(lessonsDir).find((f) => f.replace(/^\d+-/, '') === id);
const read = (url) => JSON.parse(readFileSync(url, 'utf8'));
const titleOf = (id, lang) => read(new URL(`${folderOf(id)}/strings.${lang}.json`, lessonsDir)).lessons[id].title;

/** Before the site's scripts: every Worker the page creates is counted until it is terminated. */
function countWorkers() {
  const Native = window.Worker;
  const live = new Set();
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      live.add(this);
    }
    terminate() {
      live.delete(this);
      return super.terminate();
    }
  };
  window.liveWorkers = () => live.size;
}

const pageState = (page) => page.evaluate(() => ({
  ready: document.documentElement.dataset.lessonReady,
  title: document.querySelector('.lesson h1')?.textContent,
  workers: window.liveWorkers ? window.liveWorkers() : null,
  // In the body: the head keeps a <link> for each lesson's style sheet once loaded, as the browser keeps its code.
  elements: document.body.getElementsByTagName('*').length,
  notices: document.querySelectorAll('.notice').length,
}));

/** Sets the link to each lesson in turn, `gap` ms apart (in the page, as fast as a reader's clicks). */
const switchRapidly = (page, ids, gap) => page.evaluate(({ ids, gap }) => new Promise((resolve) => {
  let i = 0;
  const next = () => {
    location.hash = `#/${ids[i++]}?lang=en`;
    if (i < ids.length) setTimeout(next, gap);
    else resolve();
  };
  next();
}), { ids, gap });

// Lesson 09 starts a training worker as it mounts: every overtaken mount would leave one behind. Five quick
// moves through lessons of different weights let a lighter lesson finish loading after the last one.
const wordsAndOrder = Array.from({ length: 10 }, (_, i) => (i % 2 ? 'why-order' : 'words-positions-similarity'));
for (const { moves, gap, last } of [
  { moves: wordsAndOrder, gap: 15, last: 'rope' },
  { moves: ['pe-matrix', 'rope', 'distances', 'words-positions-similarity'], gap: 5, last: 'text-to-tokens' },
]) {
  test(`${moves.length} moves ${gap} ms apart, then ${last}: only ${last} is on screen, as one clean open of it shows it`, async () => {
    // Both pages compared once the lesson's own downloads are in and drawn (text-to-tokens' GPT-2 vocabulary
    // comes after its first frame, sooner or later than the ready marker).
    const settledState = async (page) => {
      await arrived(page);
      return pageState(page);
    };
    const clean = await site.open(`#/${last}?lang=en`, { initScript: countWorkers });
    const expected = await settledState(clean.page);
    await clean.context.close();
    assert.equal(expected.title, titleOf(last, 'en'));

    const { page, problems, context } = await site.open('#/why-order?lang=en', { initScript: countWorkers });
    await switchRapidly(page, [...moves, last], gap);
    await waitForReady(page, `#/${last}`);
    const state = await settledState(page);
    assert.equal(state.title, titleOf(last, 'en'));
    assert.equal(state.workers, expected.workers, 'live workers');
    assert.equal(state.elements, expected.elements, 'elements in the body');
    assert.equal(state.notices, 0);
    assert.equal(await page.title(), `${titleOf(last, 'en')} · poslab`);
    assert.match(new URL(page.url()).hash, new RegExp(`^#/${last}\\?`));
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const lang of ['es', 'en']) {
  test(`${lang}: a link to no lesson shows the first lesson, the same notice and a corrected link, loaded or changed in the page`, async () => {
    const first = LESSON_IDS[0];
    const notice = sharedStrings(lang).notices.unknownLesson.replace('{raw}', 'no-such-lesson');
    const outcome = async (page) => {
      await page.locator('.notice').first().waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.lessonReady);
      await frames(page);
      return {
        ...(await pageState(page)),
        notice: await page.locator('.notice p').textContent(),
        hash: new URL(page.url()).hash,
      };
    };

    const { page, problems, context } = await site.open(`#/pe-matrix?lang=${lang}`);
    // A fresh load of that link in a browser whose storage remembers lesson 03 as the last one shown.
    const fresh = await context.newPage();
    fresh.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    fresh.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
    await fresh.goto(`${site.server.url}#/no-such-lesson?lang=${lang}`);
    const loaded = await outcome(fresh);
    // Inside the page: lesson 03 is on screen when the link changes.
    await page.evaluate((l) => { location.hash = `#/no-such-lesson?lang=${l}`; }, lang);
    const inPage = await outcome(page);

    for (const seen of [inPage, loaded]) {
      assert.equal(seen.ready, first);
      assert.equal(seen.title, titleOf(first, lang));
      assert.equal(seen.notices, 1);
      assert.equal(seen.notice, notice);
      assert.match(seen.hash, new RegExp(`^#/${first}\\?lang=${lang}`));
    }
    assert.equal(inPage.hash, loaded.hash);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the first lesson on screen, a link to no lesson: the notice, and the link names the first lesson again', async () => {
  const { page, problems, context } = await site.open('#/why-order?lang=en');
  const before = new URL(page.url()).hash;
  await page.evaluate(() => { location.hash = '#/whyorder?lang=en'; });
  await page.locator('.notice').waitFor();
  assert.equal(await page.locator('.notice p').textContent(), sharedStrings('en').notices.unknownLesson.replace('{raw}', 'whyorder'));
  assert.equal(new URL(page.url()).hash, before);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a corrupted self-check entry in local storage is ignored: Check works and keeps the new answer', async () => {
  const { page, problems, context } = await site.open('#/why-order?lang=es');
  const key = 'poslab:quiz:whyOrder.quiz';
  for (const stored of ['5', '"x"', 'true', 'null', '["same"]', 'x{', '{"swap":"same"']) {
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, stored]);
    await page.reload();
    await waitForReady(page, '#/why-order');
    assert.equal(await page.locator('.lesson-quiz .quiz-progress').getAttribute('data-right'), '0', stored);
    assert.equal(await answerQuiz(page, '.lesson-quiz', 'swap', 'same'), 'right', stored);
    assert.equal(await answerQuiz(page, '.lesson-quiz', 'pe', 'weights'), 'wrong', stored);
    assert.equal(await page.locator('.lesson-quiz .quiz-progress').getAttribute('data-right'), '1', stored);
    assert.deepEqual(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), key)), { swap: 'same', pe: 'weights' }, stored);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
