// Lesson "no-positions" in the browser: what a causal mask tells a model with no positions (the first token's
// share of attention, computed by the kernel's self-attention); old links to attention-biases that named it;
// what the text says of lesson 15's runs; its links; the self-check against the lab's numbers; a phone's width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openPage, openTable, field, overflow, waitForReady, answerQuiz, linkLeadsTo, settled } from './browser.mjs';
import { longerThanSeenFindings, paragraphWith } from './training-findings.mjs';
import { QUESTIONS } from '../../web/lessons/17-no-positions/questions.js';

const site = useLesson('no-positions');
const { open } = site;

const rowsOf = (page, scope) => page.$$eval(`${scope} tbody tr`, (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent)));
/** The first token's share, causal and bidirectional, at every position of n tokens. */
const shares = (n) => Array.from({ length: n }, (_, i) => [String(i), (1 / (i + 1)).toFixed(4), (1 / n).toFixed(4)]);

for (const [lang, title] of [
  ['en', 'No positions: what the causal mask knows'],
  ['es', 'Sin posiciones: lo que sabe la máscara causal'],
]) {
  test(`${lang}: with a causal mask the first token gets 1/(i + 1), without it 1/n everywhere`, async () => {
    const { page, problems, context } = await open(`#/no-positions?lang=${lang}&tokens=5`);
    assert.equal(await page.textContent('h1'), title);
    await openTable(page, '.nopos-share');
    assert.deepEqual(await rowsOf(page, '.nopos-share'), shares(5));
    // Eight tokens: every bidirectional share is now 1/8; the causal ones of the first five positions stay.
    await field(page, 'tokens').fill('8');
    await page.waitForFunction(() => document.querySelectorAll('.nopos-share tbody tr').length === 8);
    assert.deepEqual(await rowsOf(page, '.nopos-share'), shares(8));
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** Loads an old link (to attention-biases) in a fresh context and waits for the lesson it now opens. */
async function follow(hash) {
  const opened = await openPage(site.browser);
  await opened.page.goto(site.server.url + hash);
  await waitForReady(opened.page, '#/no-positions');
  return opened;
}

test('an old link to attention-biases with the number of tokens opens no-positions with it, and says so in the link', async () => {
  const { page, problems, context } = await follow('#/attention-biases?lang=en&tokens=4');
  assert.equal(await page.textContent('h1'), 'No positions: what the causal mask knows');
  assert.equal(await field(page, 'tokens').inputValue(), '4');
  await openTable(page, '.nopos-share');
  assert.deepEqual(await rowsOf(page, '.nopos-share'), shares(4));
  await page.waitForFunction(() => location.hash.startsWith('#/no-positions?') && /tokens=4/.test(location.hash));
  assert.deepEqual(problems, []);
  await context.close();
});

test('an embedded figure of attention-biases that moved (figure=nopos) opens no-positions with that figure alone', async () => {
  const { page, problems, context } = await follow('#/attention-biases?lang=es&embed=1&figure=nopos');
  await page.locator('.nopos-share figcaption').waitFor();
  assert.ok(await page.locator('[data-slot="nopos"]').isVisible());
  assert.equal(await page.locator('[data-slot="quiz"]').isVisible(), false);
  assert.equal(await page.locator('#notices .notice').count(), 0);
  await page.waitForFunction(() => /^#\/no-positions\?.*&embed=1&figure=nopos/.test(location.hash));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link to attention-biases with only ALiBi\'s and T5\'s values still opens attention-biases', async () => {
  const { page, problems, context } = await open('#/attention-biases?lang=en&heads=4');
  assert.equal(await page.getAttribute('html', 'data-lesson-ready'), 'attention-biases');
  assert.equal(await page.locator('.nopos-share').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, nopos] of [
  ['en', /at twice the training length it was above the sinusoidal code and RoPE/],
  ['es', /con el doble de la longitud de entrenamiento estaba por encima del código sinusoidal y de RoPE/],
]) {
  test(`${lang}: what the text says of lesson 15's runs agrees with both of lesson 15's tables`, async () => {
    const tables = await longerThanSeenFindings(open, lang);
    const { page, problems, context } = await open(`#/no-positions?lang=${lang}`);
    assert.match(await paragraphWith(page, 'Kazemnejad'), nopos);
    for (const table of tables) for (const other of ['sinusoidal', 'rope']) assert.ok(table.at('none', 16)[0] > table.at(other, 16)[1], other);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the prose links lead to lessons 1, 14 and 15', async () => {
  for (const link of [
    [/^Lesson 1$/, '#/why-order', 'Why does order matter?'],
    [/^lesson 14$/, '#/train-transformer', 'Train a transformer'],
    [/^lesson 15$/, '#/longer-than-seen', 'Longer than it has seen'],
  ]) await linkLeadsTo(open, '#/no-positions?lang=en', link);
});

test('the self-check (es): the answers agree with the shares the lab shows', async () => {
  const { page, problems, context } = await open('#/no-positions?lang=es');
  const answer = (question, option) => answerQuiz(page, '.lesson-quiz', question, option);
  const marked = (question) => QUESTIONS.find((q) => q.id === question).options.find((o) => o.correct).id;
  // The causal shares differ from token to token, the bidirectional ones do not.
  await openTable(page, '.nopos-share');
  const six = await rowsOf(page, '.nopos-share');
  assert.equal(new Set(six.map((r) => r[1])).size, 6);
  assert.equal(new Set(six.map((r) => r[2])).size, 1);
  assert.equal(await answer('nopos', 'nothing'), 'wrong');
  assert.equal(await answer('nopos', 'mask'), 'right');
  // "Set 8 tokens": the marked option's fraction is the causal share the table gives at position 3, the same as
  // with 6 tokens; the wrong ones are the bidirectional share and one over the earlier tokens.
  await field(page, 'tokens').fill('8');
  await page.waitForFunction(() => document.querySelectorAll('.nopos-share tbody tr').length === 8);
  const eight = await rowsOf(page, '.nopos-share');
  const fraction = async (option) => {
    const [, num, den] = /^(\d+)\/(\d+)/.exec(await page.textContent(`.lesson-quiz [data-question="share"] input[value="${option}"] + span`));
    return (Number(num) / Number(den)).toFixed(4);
  };
  assert.equal(await fraction(marked('share')), eight[3][1]);
  assert.equal(eight[3][1], six[3][1]);
  assert.equal(await fraction('eighth'), eight[3][2]);
  assert.notEqual(await fraction('third'), eight[3][1]);
  assert.equal(await answer('share', 'eighth'), 'wrong');
  assert.equal(await answer('share', marked('share')), 'right');
  assert.equal(await answer('first', 'mask'), 'wrong');
  assert.equal(await answer('first', marked('first')), 'right');
  assert.equal(await page.getAttribute('.lesson-quiz .quiz-progress', 'data-right'), String(QUESTIONS.length));
  assert.deepEqual(problems, []);
  await context.close();
});

test('at phone width (360 px) the page does not scroll sideways, with the table open', async () => {
  const { page, problems, context } = await open('#/no-positions?lang=es&tokens=16', { viewport: { width: 360, height: 780 } });
  assert.equal(await overflow(page), 0);
  await openTable(page, '.nopos-share');
  assert.equal(await overflow(page), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a move of the slider changes the chart on screen in place (charts/morph.js): the same <svg> stays, and it is the chart a page opened at the new value draws', async () => {
  const drawn = (page) => page.$eval('.nopos-share .chart-host', (host) => ({
    svg: host.querySelector('svg[role="img"]').outerHTML,
    legend: host.querySelector('[class*="-swatches"]').outerHTML,
    lines: host.querySelector('canvas').series,
  }));
  const moved = await open('#/no-positions?lang=en&tokens=5');
  await moved.page.evaluate(() => (window.shownChart = document.querySelector('.nopos-share .chart-host svg[role="img"]')));
  await field(moved.page, 'tokens').fill('11');
  await moved.page.waitForFunction(() => document.querySelector('.nopos-share .chart-host canvas').series[0].points.length === 11);
  await settled(moved.page);
  assert.equal(await moved.page.evaluate(() => document.querySelector('.nopos-share .chart-host svg[role="img"]') === window.shownChart), true);
  const fresh = await open('#/no-positions?lang=en&tokens=11');
  const [after, expected] = [await drawn(moved.page), await drawn(fresh.page)];
  assert.equal(after.lines[0].points.length, 11);
  assert.deepEqual(after, expected);
  assert.deepEqual([moved.problems, fresh.problems], [[], []]);
  await moved.context.close();
  await fresh.context.close();
});
