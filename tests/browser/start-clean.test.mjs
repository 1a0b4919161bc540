// Start clean on a shared computer: a link from outside opens exactly what it says and the
// defaults for the rest, never the previous visitor's values; moving inside the lab, or coming back to its
// bare address, brings back what this browser kept; "start over" forgets one lesson or the whole lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, waitForReady, field, settled } from './browser.mjs';

const site = useLesson('pe-matrix');
const stored = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('poslab:')).sort());

test('a clean link opens the defaults; the lesson list and the bare address bring back the values kept', async () => {
  const { page, context } = await site.open('#/pe-matrix-digits?lang=en&maxLen=42');
  // The next student, same browser, follows the teacher's clean link.
  const next = await context.newPage();
  await next.goto(`${site.server.url}#/pe-matrix-digits?lang=en`);
  await waitForReady(next, '#/pe-matrix-digits');
  assert.equal(await field(next, 'maxLen').inputValue(), '100');
  await next.close();
  // Inside the lab: away with Next, back with the lesson list: the values this lesson had come back.
  await page.locator('.lesson-pager .pager-next').click();
  await waitForReady(page, '#/embedding-to-position');
  await field(page, 'seed').fill('7');
  await page.waitForFunction(() => location.hash.includes('seed=7'));
  await page.locator('.lesson-pager .pager-previous').click();
  await waitForReady(page, '#/pe-matrix-digits');
  await page.locator('#lesson-list a[data-lesson="embedding-to-position"]').click();
  await waitForReady(page, '#/embedding-to-position');
  assert.equal(await field(page, 'seed').inputValue(), '7');
  // The bare address: the lesson and the values this browser kept.
  const back = await context.newPage();
  await back.goto(site.server.url);
  await waitForReady(back, '#/embedding-to-position');
  assert.equal(await field(back, 'seed').inputValue(), '7');
  await context.close();
});

test('start over: this lesson forgets its values and self-check answers; the whole lab forgets everything, after asking', async () => {
  const { page, problems, context } = await site.open('#/distances?lang=es&farPos=100000');
  const quiz = page.locator('.lesson-quiz .quiz-question[data-question="closer"]');
  await quiz.locator('input[value="near"]').check();
  await quiz.locator('.quiz-check').click();
  assert.ok((await stored(page)).includes('poslab:quiz:distances.quiz'));
  await page.locator('.start-over-lesson').click();
  await page.waitForFunction(() => document.querySelector('[data-field="farPos"] input[type=text]')?.value === '10000000');
  assert.equal(await page.locator('.lesson-quiz .quiz-progress').getAttribute('data-right'), '0');
  await settled(page); // the link and the stored state are written when the reader pauses
  assert.ok(!(await stored(page)).includes('poslab:quiz:distances.quiz'));
  assert.match(page.url(), /farPos=10000000/);
  // Another lesson's values, then the whole lab.
  await page.locator('.lesson-pager .pager-previous').click();
  await waitForReady(page, '#/same-token-elsewhere');
  await field(page, 'token').fill('9');
  await page.waitForFunction(() => location.hash.includes('token=9'));
  assert.ok((await stored(page)).includes('poslab:params:same-token-elsewhere'));
  page.once('dialog', (dialog) => dialog.accept());
  await page.locator('.start-over-lab').click();
  await page.waitForFunction(() => document.querySelector('[data-field="token"] input[type=text]')?.value === '21');
  await settled(page);
  const left = await stored(page);
  assert.ok(!left.includes('poslab:params:distances') && !left.some((k) => k.startsWith('poslab:quiz:')), left.join(', '));
  assert.equal(await page.textContent('.start-over-lab'), 'Empezar todo el laboratorio de nuevo');
  assert.deepEqual(problems, []);
  await context.close();
});
