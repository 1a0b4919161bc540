// Every lesson's self-check: each question answers right and wrong with feedback in the reader's
// language, the right answer is not always in the same place, answers come back after a reload, and the
// answers that quote the lab's numbers are held against the numbers the lab itself shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, existsSync } from 'node:fs';
import { useLesson, frames, field, openTable, waitForReady, tableRow, proseNumber } from './browser.mjs';

const site = useLesson('why-order');
const folders = readdirSync(new URL('../../web/lessons/', import.meta.url)).filter((f) => existsSync(new URL(`../../web/lessons/${f}/questions.js`, import.meta.url))).sort();
const quizzes = await Promise.all(folders.map(async (f) => ({ id: f.replace(/^\d+-/, ''), ...(await import(`../../web/lessons/${f}/questions.js`)) })));

test('every lesson has its self-check in questions.js', () => {
  const lessons = readdirSync(new URL('../../web/lessons/', import.meta.url)).filter((f) => /^\d\d-/.test(f)).sort();
  assert.deepEqual(folders, lessons);
  for (const { QUESTIONS } of quizzes) {
    assert.ok(QUESTIONS.length >= 3 && QUESTIONS.length <= 5);
    for (const q of QUESTIONS) assert.equal(q.options.filter((o) => o.correct).length, 1, q.id);
  }
});

quizzes.forEach(({ id, QUESTIONS }, k) => {
  const lang = k % 2 ? 'en' : 'es';
  test(`${id} (${lang}): every question says right and wrong with its reason; answers survive a reload`, async () => {
    const { page, problems, context } = await site.open(`#/${id}?lang=${lang}`);
    const panel = page.locator('.lesson-quiz');
    await panel.scrollIntoViewIfNeeded();
    assert.equal(await panel.locator('h2').textContent(), lang === 'es' ? 'Compruébalo' : 'Check yourself');
    const places = [];
    for (const q of QUESTIONS) {
      const set = panel.locator(`.quiz-question[data-question="${q.id}"]`);
      const values = await set.locator('input[type=radio]').evaluateAll((inputs) => inputs.map((i) => i.value));
      const right = q.options.find((o) => o.correct).id;
      places.push(values.indexOf(right));
      const wrong = q.options.find((o) => !o.correct).id;
      await set.locator(`input[value="${wrong}"]`).check();
      await set.locator('.quiz-check').click();
      assert.equal(await set.locator('.quiz-feedback').getAttribute('data-result'), 'wrong');
      assert.ok((await set.locator('.quiz-feedback').textContent()).length > 40, `${q.id}: feedback explains`);
      await set.locator(`input[value="${right}"]`).check();
      await set.locator('.quiz-check').click();
      assert.equal(await set.locator('.quiz-feedback').getAttribute('data-result'), 'right');
    }
    assert.ok(new Set(places).size > 1 || places[0] > 0, `right answers at ${places}`);
    assert.equal(await panel.locator('.quiz-progress').getAttribute('data-right'), String(QUESTIONS.length));
    // The same browser comes back to the lesson: the answers and their feedback are still there.
    await page.reload();
    await waitForReady(page, `#/${id}`);
    assert.equal(await page.locator('.lesson-quiz .quiz-progress').getAttribute('data-right'), String(QUESTIONS.length));
    assert.equal(await page.locator('.lesson-quiz .quiz-feedback[data-result="right"]').count(), QUESTIONS.length);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** The text of one option, as the page shows it. */
const optionText = (page, question, option) => page.locator(`.lesson-quiz .quiz-question[data-question="${question}"] input[value="${option}"] + span`).textContent();

test('the answers that quote numbers quote the lab\'s own (lessons 07, 08, 02, 10, 03, 04, 05, 06, 01)', async () => {
  // 07: position 4, ×1000, with and without √d_model.
  let { page, context } = await site.open('#/same-token-elsewhere?lang=en');
  const row4 = async () => (await page.$$eval('.similarity-table tbody tr', (rows) => rows.map((r) => r.cells[2].textContent.trim())))[4];
  assert.ok((await optionText(page, 'scaled', 'near')).includes(await row4()));
  await field(page, 'scale', 'select').selectOption('off');
  await frames(page);
  const unscaled = await row4();
  await page.locator('.lesson-quiz [data-question="unscaled"] input[value="balance"]').check();
  await page.locator('.lesson-quiz [data-question="unscaled"] .quiz-check').click();
  assert.ok((await page.textContent('.lesson-quiz [data-question="unscaled"] .quiz-feedback')).includes(unscaled), unscaled);
  await context.close();

  // 08: the distances of 5–6 and 5–50 (written with the page's decimal comma); the pair the page names closer
  // with a single clock hand (d_model 2) is the marked option; and the row at 2^24.
  ({ page, context } = await site.open('#/distances?lang=es'));
  const distances = await page.$$eval('.pairs tbody tr', (rows) => rows.map((r) => Number(r.cells[1].textContent).toFixed(2).replace('.', ',')));
  const near = await optionText(page, 'closer', 'near');
  assert.ok(near.includes(distances[0]) && near.includes(distances[1]), `${near} / ${distances}`);
  await page.click('.presets [data-preset="oneHand"]');
  await page.locator('.pairs-verdict[data-result="closerB"]').waitFor();
  const b = await page.$$eval('.pairs tbody tr', (rows) => rows[1].cells[0].textContent);
  const marked = quizzes.find((q) => q.id === 'distances').QUESTIONS.find((q) => q.id === 'oneHand').options.find((o) => o.correct).id;
  assert.ok(b.includes('49') && (await optionText(page, 'oneHand', marked)).startsWith('5–49'), `${b} / ${marked}`);
  // The far panel is in a closed aside, which the question asks the student to open.
  await page.click('details.aside:has(.far) > summary');
  await field(page, 'farPos').fill('16777216');
  await page.locator('.far-summary[data-same="512"]').waitFor();
  await context.close();

  // 02: with d_model 8 the first pair's divisor is the largest (1); the longest wavelength at 512 is ≈ 60,611.
  ({ page, context } = await site.open('#/formula-step-by-step?lang=en&dModel=8'));
  const div = (await page.$$eval('[data-step="2"] tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim()))))[1].slice(1).map(Number).filter(Number.isFinite);
  assert.equal(Math.max(...div), div[0]);
  assert.equal(div[0], 1);
  await context.close();
  // The wavelengths are drawn under step 2 (the divisor), which the link can show.
  ({ page, context } = await site.open('#/formula-step-by-step?lang=en&step=2'));
  await openTable(page, '.wavelengths');
  const waves = await page.$$eval('.wavelengths tbody tr', (rows) => rows.map((r) => Number(r.cells[r.cells.length - 1].textContent)));
  assert.equal(Math.round(Math.max(...waves.filter(Number.isFinite))), 60611);
  await context.close();

  // 10: "Hello, world!" is four GPT-2 tokens, 15496 11 995 0.
  ({ page, context } = await site.open('#/text-to-tokens?lang=en'));
  await page.fill('.tt-text textarea', 'Hello, world!');
  await page.waitForFunction(() => [...document.querySelectorAll('.tt-pieces .tt-piece')].map((el) => el.dataset.id).join(' ') === '15496 11 995 0');
  assert.match(await optionText(page, 'count', 'four'), /^4/);
  await context.close();

  // 03: of the line chart's columns 0, 1, 10, 11, 30 and 31, column 0 (the marked option) moves the most
  // between neighbouring positions.
  ({ page, context } = await site.open('#/pe-matrix?lang=en'));
  await openTable(page, '.lines');
  const columns = await page.$$eval('.lines details tbody tr', (rows) => rows.map((r) => [...r.cells].slice(1).map((c) => Number(c.textContent))));
  const steps = columns[0].map((_, k) => Math.max(...columns.slice(1).map((row, i) => Math.abs(row[k] - columns[i][k]))));
  // Column 0 (a sine) and column 1 (its cosine) turn at the same pace, the fastest; column 31 barely moves.
  assert.ok(steps[0] >= Math.max(...steps) - 0.01 && steps[5] < steps[0] / 10, `largest step per column: ${steps}`);
  const markedFast = quizzes.find((q) => q.id === 'pe-matrix').QUESTIONS.find((q) => q.id === 'fast').options.find((o) => o.correct).id;
  assert.match(await optionText(page, 'fast', markedFast), /^Column 0\b/);
  await context.close();

  // pe-matrix-digits: the notebook's button, then row 1 of the values table starts with the marked option's
  // number; the textbook's, then the sine half's title gives the marked option's shape.
  ({ page, context } = await site.open('#/pe-matrix-digits?lang=es'));
  await page.locator('.preset[data-preset="doc000"]').click();
  await page.waitForFunction(() => document.querySelector('.values caption')?.textContent.includes('max_len = 10, d_model = 4'));
  assert.equal(proseNumber(await optionText(page, 'notebookRow', 'sin'), 'es'), Number((await tableRow(page, 1))[0]));
  await page.locator('.preset[data-preset="doc001"]').click();
  await page.waitForFunction(() => document.querySelector('.halves-sin figcaption').textContent.includes('20 posiciones'));
  const shape = /(\d+) posiciones × (\d+) columnas/.exec(await page.textContent('.halves-sin figcaption'));
  assert.ok((await optionText(page, 'halves', 'half')).startsWith(`${shape[1]} × ${shape[2]}:`), shape[0]);
  await context.close();

  // 05: seed 1, then the table's first value is the marked option's number.
  ({ page, context } = await site.open('#/embedding-to-position?lang=en'));
  await field(page, 'seed').fill('1');
  await page.waitForFunction(() => document.querySelector('.embedding-table tbody tr').cells[1].textContent.trim() !== '-1.1258');
  const first = await page.evaluate(() => document.querySelector('.embedding-table tbody tr').cells[1].textContent.trim());
  assert.equal(proseNumber(await optionText(page, 'seedOne', 'table'), 'en'), Number(first));
  await context.close();

  // 06: the number of values the panel says dropout zeroed is the marked option's.
  ({ page, context } = await site.open('#/positional-module?lang=es'));
  const dropped = await page.getAttribute('.module-summary', 'data-dropped');
  const markedDropped = quizzes.find((q) => q.id === 'positional-module').QUESTIONS.find((q) => q.id === 'dropped').options.find((o) => o.correct).id;
  assert.equal(/^\d+/.exec(await optionText(page, 'dropped', markedDropped))[0], dropped);
  assert.match(await page.textContent('.module-summary'), new RegExp(`a cero ${dropped} de los 160`));
  await context.close();

  // 01: no positions, causal mask on: the reordered outputs are no longer the same vectors.
  ({ page, context } = await site.open('#/why-order?lang=en&pe=off&mask=on'));
  assert.equal(await page.getAttribute('.why-check', 'data-same'), 'false');
  await context.close();
});

test('09: the similarity the page shows changing the most between positions 2–3 and 2–200 is the marked option', async () => {
  const { page, context, problems } = await site.open('#/words-positions-similarity?lang=es&pos1=2&pos2=3');
  const shown = async (pos2) => {
    await page.waitForFunction((p) => document.querySelector('.w2v-similarities')?.textContent.includes(`PE(${p}))`), pos2, { timeout: 60000 });
    return page.evaluate(() => Object.fromEntries(['word', 'position', 'combined'].map((k) => [k, Number(document.querySelector(`.w2v-similarities .w2v-${k}`).textContent)])));
  };
  const near = await shown(3);
  await field(page, 'pos2').fill('200');
  const far = await shown(200);
  const change = Object.fromEntries(Object.keys(near).map((k) => [k, Math.abs(far[k] - near[k])]));
  const most = Object.keys(change).reduce((a, b) => (change[a] >= change[b] ? a : b));
  const marked = quizzes.find((q) => q.id === 'words-positions-similarity').QUESTIONS.find((q) => q.id === 'moves').options.find((o) => o.correct).id;
  assert.equal(marked, most, JSON.stringify(change));
  // The wrong options' feedback says the word similarity stays put and the combined one moves less.
  assert.equal(change.word, 0);
  assert.ok(change.combined < change.position / 2, JSON.stringify(change));
  assert.deepEqual(problems, []);
  await context.close();
});
