// Lesson 18 in the browser, with a tiny seeded model through the link (seconds, not minutes): the runs train in
// their workers on the lab's own lesson texts; the perplexity figure's table and the per-position loss equal
// what the module computes in Node for the same models; the learned table's missing rows are a result, in the
// figure and in generation; generation writes as many characters as asked and greedy generation is
// reproducible; the text sources' errors; "What we found" and the self-check against the numbers they rest on.
// Both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { useLesson, openTable, runsSettled, errorText, proseNumber, answerQuiz } from './browser.mjs';
import { loadModule, sharedData } from '../wasm/helpers.mjs';
import { STORY } from '../../web/lessons/10-text-to-tokens/story.js';
import { createLanguageRun, inferenceLengths } from '../../web/src/training/language.js';
import { labText } from '../../web/lessons/18-language-model/lab-text.js';
import { findings } from '../../web/lessons/18-language-model/findings.js';
import { QUESTIONS } from '../../web/lessons/18-language-model/questions.js';
import { SIZES } from '../../web/lessons/18-language-model/params.js';
import { formatCount } from '../../web/src/format.js';

const { open } = useLesson('language-model');
const LESSONS = new URL('../../web/lessons/', import.meta.url);
const L = 8;
const STEPS = 20;
const SEED = 3;
const LINK = `a=sinusoidal&b=learned&c=alibi&d=off&e=off&f=off&trainLength=${L}&model=tiny&steps=${STEPS}&seed=${SEED}`;

/** The lab's text in one language, as the page builds it (every lesson's but this one's). */
const textIn = (lang) => labText(readdirSync(LESSONS).filter((f) => /^\d+-/.test(f) && !f.endsWith('-language-model')).map((f) => [f, readFileSync(new URL(`${f}/${lang}.md`, LESSONS), 'utf8')]));

let poslab;
before(async () => {
  poslab = await loadModule();
});
after(() => {});

/** The same model the page trained, trained here by the module in Node. */
function trainedHere(lang, positional) {
  const run = createLanguageRun(poslab, { text: textIn(lang), positional, preset: 'small', seed: SEED, ...SIZES.tiny, trainLength: L });
  run.train(STEPS);
  return run;
}

async function tableOf(page, scope) {
  await openTable(page, scope);
  return {
    columns: await page.$$eval(`${scope} thead th`, (ths) => ths.slice(1).map((th) => th.textContent)),
    rows: await page.$$eval(`${scope} tbody tr`, (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent))),
  };
}

/** Continues the prompt with every trained model; resolves to {method: {text, note}}. */
async function write(page, prompt, train) {
  await page.locator('#lm-prompt').fill(prompt);
  await page.getByRole('button', { name: train.write }).click();
  await page.waitForSelector('.lm-column');
  return Object.fromEntries(await page.$$eval('.lm-column', (cols) => cols.map((c) => [c.dataset.method, {
    text: c.querySelector('.lm-written')?.textContent ?? '',
    note: c.querySelector('.lm-column-note')?.textContent ?? '',
    noRow: c.querySelector('.lm-column-note')?.dataset.noRow ?? null,
  }])));
}

for (const [lang, texts] of [
  ['en', { train: 'Train', write: 'Continue the text', noRows: `no rows (table of ${L})`, trained: '(L, trained)', noRowNote: /^This model has no row for position 8: it stopped after (\d+) characters\.$/, count: '30 characters written.', limit: /^This model was built to read at most 64 characters \(8L\): it stopped after 59\.$/, missing: /^The learned table has 8 rows, .* no row for position 8 or beyond/ }],
  ['es', { train: 'Entrenar', write: 'Continuar el texto', noRows: `sin filas (tabla de ${L})`, trained: '(L, entrenada)', noRowNote: /^Este modelo no tiene fila para la posición 8: se detuvo tras (\d+) caracteres\.$/, count: '30 caracteres escritos.', limit: /^Este modelo se construyó para leer como mucho 64 caracteres \(8L\): se detuvo tras 59\.$/, missing: /^La tabla aprendida tiene 8 filas, .* no tiene fila para la posición 8 ni las siguientes/ }],
]) {
  test(`${lang}: three tiny models train in their workers; the figures' numbers are the module's; the learned table has no rows past L; the models write, greedy reproducibly`, async () => {
    const { page, problems, context } = await open(`#/language-model?lang=${lang}&${LINK}&decoding=greedy&count=30`);
    await page.waitForSelector('.lm-split .lm-part-training', { state: 'attached' });
    await page.getByRole('button', { name: texts.train, exact: true }).click();
    await runsSettled(page, ['done'], 120000);
    await page.waitForSelector('.lm-by-length svg', { timeout: 60000 });

    const here = Object.fromEntries(['sinusoidal', 'learned', 'alibi'].map((m) => [m, trainedHere(lang, m)]));
    const lengths = inferenceLengths(L);
    const measured = Object.fromEntries(Object.entries(here).map(([m, run]) => [m, lengths.map((n) => run.evaluate(n))]));
    const { columns, rows } = await tableOf(page, '.lm-by-length');
    assert.deepEqual(columns, lang === 'en' ? ['sinusoidal', 'learned', 'ALiBi'] : ['sinusoidal', 'aprendido', 'ALiBi']);
    assert.deepEqual(rows.map((r) => r[0]), lengths.map((n) => (n === L ? `${n} ${texts.trained}` : String(n))));
    ['sinusoidal', 'learned', 'alibi'].forEach((m, k) => {
      lengths.forEach((n, i) => {
        const e = measured[m][i];
        assert.equal(rows[i][k + 1], e.available ? e.perplexity.toFixed(2) : texts.noRows, `${m} at ${n}`);
        if (m === 'learned') assert.equal(e.available, n <= L, `learned at ${n}`);
      });
    });
    assert.match(await page.textContent('.lm-summary'), texts.missing);
    // The note says how many non-overlapping segments each length was measured on.
    assert.ok((await page.textContent('.lm-by-length .chart-note')).includes(measured.alibi.map((e) => formatCount(e.segments, lang)).join(' · ')));
    // Position by position inside the 8L segments: the two models that can read them, every position.
    const positions = await tableOf(page, '.lm-by-position');
    assert.equal(positions.rows.length, 8 * L);
    positions.rows.forEach((row, i) => {
      assert.equal(row[1], measured.sinusoidal.at(-1).positionLoss[i].toFixed(3), `sinusoidal at ${i}`);
      assert.equal(row[2], measured.alibi.at(-1).positionLoss[i].toFixed(3), `ALiBi at ${i}`);
    });

    // Generation: greedy, as many characters as asked (the learned table up to its last row), the same as the
    // module writes in Node, and the same again on a second press.
    const prompt = 'The po';
    const first = await write(page, prompt, texts);
    for (const m of ['sinusoidal', 'alibi']) {
      assert.equal(first[m].text, prompt + here[m].generate(prompt, 30).text, m);
      assert.equal(Array.from(first[m].text).length, prompt.length + 30, m);
      assert.equal(first[m].note, texts.count);
    }
    const learned = here.learned.generate(prompt, 30);
    assert.equal(first.learned.text, prompt + learned.text);
    assert.equal(Array.from(learned.text).length, L - prompt.length + 1);
    assert.equal(first.learned.noRow, String(L));
    assert.equal(Number(texts.noRowNote.exec(first.learned.note)[1]), L - prompt.length + 1);
    assert.deepEqual(await write(page, prompt, texts), first);
    // A prompt longer than the learned table: that column says so, the others go on writing.
    const long = await write(page, 'A prompt far longer than L', texts);
    assert.equal(long.learned.noRow, String(L));
    assert.match(long.learned.note, texts.noRowNote);
    assert.equal(Array.from(long.alibi.text).length, 'A prompt far longer than L'.length + 30);
    // Asked for more than a model was built to read (8L in all, the prompt included): it stops there and says so.
    await page.locator('[data-field="count"] input').fill('70');
    await page.locator('[data-field="count"] input').press('Tab');
    const full = await write(page, prompt, texts);
    assert.equal(full.alibi.text, prompt + here.alibi.generate(prompt, 70).text);
    assert.equal(Array.from(full.alibi.text).length, 8 * L + 1);
    assert.match(full.alibi.note, texts.limit);
    for (const run of Object.values(here)) run.delete();
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const lang of ['en', 'es']) {
  test(`${lang}: too little text and too many different characters are refused with the reason; the split shows both parts`, async () => {
    const { page, problems, context } = await open(`#/language-model?lang=${lang}`);
    await page.waitForSelector('.lm-split .lm-part-validation', { state: 'attached' });
    const split = await page.$$eval('.lm-split h3', (hs) => hs.map((h) => h.textContent));
    const [training, validation] = split.map((s) => proseNumber(/\(([\d\s\u202f,]+)/.exec(s)[1], lang));
    const total = Array.from(textIn(lang)).length;
    assert.deepEqual([training, validation], [Math.floor((total * 9) / 10), total - Math.floor((total * 9) / 10)]);
    // The disclosure's summary gives the same two sizes, so the glimpses can stay closed.
    const summary = await page.textContent('.lm-split-box > summary');
    assert.deepEqual(summary.match(/\d[\d\s\u202f,]*\d|\d/g).map((n) => proseNumber(n.trim(), lang)), [training, validation]);
    const box = page.locator('#lm-text-box');
    await box.fill('x'.repeat(1000));
    await page.waitForFunction(() => document.querySelector('#lm-text-error').textContent !== '');
    assert.equal(await page.textContent('#lm-text-error'), errorText(lang, 'too_little_text', { value: 1000, min: 4096 }));
    assert.equal(await page.locator('.lm-split h3').count(), 0);
    // The story, downloaded on request (here the test's own copy at its address); a failed download is said and
    // the text box keeps what it had.
    const story = readFileSync(sharedData('the-verdict.txt'), 'utf8');
    let status = 200;
    await page.route(STORY.url, (route) => route.fulfill({ status, body: status === 200 ? story : 'no', contentType: 'text/plain; charset=utf-8', headers: { 'access-control-allow-origin': '*' } }));
    await page.locator('button[data-action="story"]').click();
    await page.waitForSelector('.lm-split .lm-part-validation', { state: 'attached' });
    assert.match(await page.textContent('#lm-text-status'), lang === 'en' ? /^The story the documents read, “The Verdict” \(Edith Wharton, 1908\): 20,479 characters, 62 different ones\.$/ : /^El cuento que leen los documentos, «The Verdict» \(Edith Wharton, 1908\): 20\u202f479 caracteres, 62 distintos\.$/);
    status = 404;
    await page.locator('button[data-action="story"]').click();
    await page.waitForFunction(() => document.querySelector('#lm-text-error').textContent !== '');
    // The page shortens the long address in the middle: the sentence around it is the catalogue's.
    const [head, tail] = errorText(lang, 'download_failed', { value: STORY.url }).split(STORY.url);
    const failed = await page.textContent('#lm-text-error');
    assert.ok(failed.startsWith(`${head}https://raw.githubusercontent.com/`) && failed.endsWith(`verdict.txt${tail}`), failed);
    const many = Array.from({ length: 1100 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('').repeat(4);
    await box.fill(many);
    await page.waitForFunction(() => /1[\s,.\u202f]?100|1100/.test(document.querySelector('#lm-text-error').textContent));
    assert.equal(await page.textContent('#lm-text-error'), errorText(lang, 'too_many_characters', { value: 1100, max: 1023 }));
    assert.deepEqual(problems.filter((p) => !p.includes(STORY.url) && !p.includes('404')), []);
    await context.close();
  });
}

test('en and es: "What we found" prints the notebook\'s table and every sentence that ranks the methods holds against it; the self-check\'s question about the figure is marked by those numbers', async () => {
  const f = findings();
  const methods = Object.keys(f.methods);
  const right = QUESTIONS.find((q) => q.id === 'measure').options.find((o) => o.correct).id;
  assert.equal(right, f.best, 'the lowest perplexity at 8L, as the notebook measured it');
  for (const lang of ['en', 'es']) {
    const { page, problems, context } = await open(`#/language-model?lang=${lang}`);
    await page.locator('details.train-findings summary').click();
    const rows = await page.$$eval('.lm-findings tbody tr', (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent)));
    const names = await page.$$eval('.lm-findings thead th', (ths) => ths.slice(1).map((th) => th.textContent));
    const mean = (cell) => (/^\d/.test(cell) ? proseNumber(cell.split(' (')[0], lang) : null);
    const at = (method, i) => mean(rows[i][methods.indexOf(method) + 1]);
    // The table is the notebook's: the mean over its seeds, to two decimals.
    methods.forEach((m) => f.lengths.forEach((n, i) => {
      const want = f.methods[m].mean[i];
      assert.equal(at(m, i), want === null ? null : Number(want.toFixed(2)), `${m} at ${n}`);
    }));
    const last = f.lengths.length - 1;
    const reading = methods.filter((m) => at(m, last) !== null).sort((a, b) => at(a, last) - at(b, last));
    const fact = (name) => page.textContent(`.lm-findings li[data-fact="${name}"]`);
    const best = await fact('best');
    assert.ok(best.includes(names[methods.indexOf(reading[0])]) && best.includes(names[methods.indexOf(reading.at(-1))]), best);
    assert.ok(best.indexOf(names[methods.indexOf(reading[0])]) < best.indexOf(names[methods.indexOf(reading.at(-1))]), best);
    const iL = f.lengths.indexOf(f.trainLength);
    const ratio = proseNumber(/(\d+[.,]\d) (?:times|veces)/.exec(await fact('sinusoidal'))[1], lang);
    assert.ok(Math.abs(ratio - at('sinusoidal', iL + 1) / at('sinusoidal', iL)) < 0.06, `${ratio}`);
    assert.ok(ratio > 1.2, 'the sinusoidal code fails past L');
    const change = proseNumber(/(\d+)\s?%/.exec(await fact('alibi'))[1], lang) / 100;
    const alibi = f.lengths.slice(iL).map((_, k) => at('alibi', iL + k));
    assert.ok(Math.abs(change - Math.max(...alibi.map((x) => Math.abs(x / alibi[0] - 1)))) < 0.01, `${change}`);
    assert.match(await fact('seeds'), new RegExp(`\\b${f.seeds} (seed|semilla)`));
    assert.equal(await answerQuiz(page, '.lesson-quiz', 'measure', right), 'right');
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('en: the presets set up the measured runs and say on which machine they were timed; a run cancelled part-way keeps its step and continues from it', async () => {
  const { page, problems, context } = await open(`#/language-model?lang=en&a=alibi&b=off&c=off&d=off&e=off&f=off&model=tiny&trainLength=8&steps=5000&seed=1`);
  assert.match(await page.textContent('.train-presets .presets-title'), /^Set up a run as it was measured .*On a 2-core machine shared with other work, one run of the first took 40 s to 2\.5 min/);
  await page.waitForSelector('.lm-split .lm-part-training', { state: 'attached' });
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  const status = '.train-run[data-run="a"] .train-run-status';
  await page.waitForFunction((selector) => /^Step [1-9][\d,]* of 5,000/.test(document.querySelector(selector).textContent), status);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await runsSettled(page, ['cancelled']);
  const stopped = Number(/step ([\d,]+)/.exec(await page.textContent(status))[1].replace(/,/g, ''));
  assert.ok(stopped > 0 && stopped < 5000, `stopped at ${stopped}`);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForFunction(({ selector, last }) => document.querySelector(selector).textContent.includes(`of ${last}`), { selector: status, last: (stopped + 5000).toLocaleString('en-US') });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await runsSettled(page, ['cancelled']);
  for (const [preset, trainLength] of [['patient', '64'], ['small', '32']]) {
    await page.locator(`.train-presets button[data-preset="${preset}"]`).click();
    assert.equal(await page.locator('[data-field="trainLength"] input[type=text]').inputValue(), trainLength);
    assert.equal(await page.locator('[data-field="model"] select').inputValue(), 'small');
    assert.equal(await page.locator('.train-run:not([hidden])').count(), 6);
    assert.match(page.url(), new RegExp(`a=none&b=sinusoidal&c=learned&d=rope&e=alibi&f=t5&trainLength=${trainLength}&model=small&steps=600&seed=0`));
  }
  assert.deepEqual(problems, []);
  await context.close();
});
