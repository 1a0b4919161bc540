// Lesson "why-order": reordering a sentence, with positions off the outputs are the same vectors reordered
// (check mark), with positions on they are not (cross); the numbers are PyTorch's; links restore the view;
// an impossible order is explained in the reader's language; on a phone the sticky panel folds to one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, frames, openTable, redrawnBy } from './browser.mjs';
import { formatValue } from '../../web/src/format.js';
import { WORDS, NOTEBOOK_SEED, sentences } from '../../web/src/toy-attention-model.js';

const golden = JSON.parse(readFileSync(new URL('../golden/doc002.json', import.meta.url), 'utf8'))['E002-1'];
const site = useLesson('why-order');

async function open(hash, options) {
  const opened = await site.open(hash, options);
  await opened.page.waitForSelector('.why-check[data-same] .verdict', { timeout: 20000 });
  await opened.page.waitForSelector('.why-results .order-reordered .why-output svg');
  return opened;
}
const same = (page) => page.getAttribute('.why-check', 'data-same');
const outputImage = (page) => page.evaluate(() => document.querySelector('.order-reordered .why-output svg').outerHTML);

test("the lesson's toy model is the notebook's (words in its row order, its seed, its sentences)", () => {
  assert.deepEqual(WORDS, golden.words);
  assert.equal(NOTEBOOK_SEED, '2017');
  assert.deepEqual(sentences.cat.words.es, golden.cases.el_gato_negro.words);
  assert.deepEqual(sentences.cat.reorder.es, golden.order);
});

for (const [lang, title, yes, heading] of [
  ['es', '¿Por qué importa el orden?', /mismo vector de salida/, 'Tu orden: «gato el negro»'],
  ['en', 'Why does order matter?', /same output vector/, 'Your order: “black the cat”'],
]) {
  test(`${lang}: loads with no errors, and without positions "reordered" outputs are the same vectors (check mark)`, async () => {
    const { page, problems, context } = await open(`#/why-order?lang=${lang}`);
    assert.equal(await page.textContent('h1'), title);
    assert.equal(await same(page), 'true');
    assert.equal(await page.textContent('.verdict-mark'), '✓');
    assert.match(await page.textContent('.verdict'), yes);
    assert.equal(await page.textContent('.order-reordered h3'), heading);
    assert.ok((await page.locator('.lesson .katex math').count()) > 3);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the outputs shown are the ones PyTorch computed for "gato el negro", with and without PE', async () => {
  for (const [pe, key] of [['off', 'output'], ['on', 'output_pe']]) {
    const { page, context } = await open(`#/why-order?lang=es&pe=${pe}`);
    await openTable(page, '.order-reordered .why-output');
    const cells = await page.$$eval('.order-reordered .why-output tbody tr', (rows) => rows.map((r) => [...r.cells].slice(1).map((c) => c.textContent)));
    const expected = golden.cases.gato_el_negro[key];
    assert.deepEqual(cells.map((row) => row.length), expected.map((row) => row.length));
    cells.forEach((row, i) => row.forEach((text, j) => assert.ok(Math.abs(Number(text) - expected[i][j]) <= 1e-4 * Math.max(1, Math.abs(expected[i][j])), `${pe} [${i}][${j}] ${text} vs ${formatValue(expected[i][j])}`)));
    await context.close();
  }
});

test('moving a word with the keyboard reorders, keeps focus and the check mark; PE on gives a cross', async () => {
  const { page, problems, context } = await open('#/why-order?lang=en&order=0,1,2');
  assert.equal(await page.textContent('.order-reordered h3'), 'Your order: “the black cat”');
  await page.getByRole('button', { name: 'Move “the” one place to the right' }).focus();
  await page.keyboard.press('Enter');
  await frames(page);
  assert.equal(await page.textContent('.order-reordered h3'), 'Your order: “black the cat”');
  assert.match(page.url(), /order=1,0,2/);
  assert.equal(await same(page), 'true');
  // Focus stayed on the moved word's button, so a second Enter moves it again.
  await page.keyboard.press('Enter');
  await frames(page);
  assert.equal(await page.textContent('.order-reordered h3'), 'Your order: “black cat the”');
  const before = await outputImage(page);
  await page.getByLabel('Positional encoding', { exact: true }).selectOption('on');
  await frames(page);
  assert.equal(await same(page), 'false');
  assert.equal(await page.textContent('.verdict-mark'), '✗');
  assert.notEqual(await outputImage(page), before);
  assert.match(page.url(), /pe=on/);
  await page.getByRole('button', { name: 'Back to the original order' }).click();
  await frames(page);
  assert.equal(await same(page), 'true');
  assert.deepEqual(problems, []);
  await context.close();
});

test('dragging a word onto another moves it', async () => {
  const { page, context } = await open('#/why-order?lang=en&order=0,1,2');
  await page.dragAndDrop('.reorder-item:nth-child(1)', '.reorder-item:nth-child(3)');
  await frames(page);
  assert.equal(await page.textContent('.order-reordered h3'), 'Your order: “black cat the”');
  await context.close();
});

test('the causal mask breaks the equivalence even without positions', async () => {
  const { page, context } = await open('#/why-order?lang=en&mask=on');
  assert.equal(await same(page), 'false');
  assert.match(await page.textContent('.verdict'), /causal mask/);
  await context.close();
});

test('a link restores the sentence, the order and the toggles; switching language keeps them', async () => {
  const { page, problems, context } = await open('#/why-order?lang=es&sentence=john&order=3,1,2,0&pe=on&mask=off');
  assert.equal(await page.textContent('.order-reordered h3'), 'Tu orden: «María quiere a Juan»');
  assert.equal(await page.getByLabel('Positional encoding', { exact: true }).inputValue(), 'on');
  assert.equal(await page.getByLabel('Frase', { exact: true }).inputValue(), 'john');
  assert.equal(await same(page), 'false');
  await page.getByLabel('Idioma').selectOption('en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await frames(page);
  // English has three words: the sentence starts again from its own reordering, "Mary loves John".
  assert.equal(await page.textContent('.order-reordered h3'), 'Your order: “Mary loves John”');
  assert.match(page.url(), /sentence=john&order=2,1,0&pe=on/);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, message, repeated] of [
  ['en', /The word order has to use each position from 0 to 2 exactly once/, /once, but 0 is both at position 0 and at position 1\./],
  ['es', /El orden de las palabras tiene que usar cada posición de 0 a 2 exactamente una vez/, /una sola vez, pero 0 está en la posición 0 y otra vez en la 1\./],
]) {
  test(`${lang}: an impossible order in the link is explained and replaced by the sentence's reordering`, async () => {
    const { page, problems, context } = await open(`#/why-order?lang=${lang}&order=0,1,3`);
    assert.match(await page.textContent('[data-field="order"] .field-error'), message);
    assert.match(page.url(), /order=1,0,2/);
    assert.equal(await same(page), 'true');
    // Three values with one repeated: the message names the repeat, not a count ("3 values expected").
    const twice = await open(`#/why-order?lang=${lang}&order=0,0,1`);
    assert.match(await twice.page.textContent('[data-field="order"] .field-error'), repeated);
    assert.match(twice.page.url(), /order=1,0,2/);
    await twice.context.close();
    const bad = await open(`#/why-order?lang=${lang}&pe=maybe`);
    assert.equal(await bad.page.locator('.notice').count(), 1);
    assert.match(bad.page.url(), /pe=off/);
    assert.deepEqual(problems, []);
    await bad.context.close();
    await context.close();
  });
}

// The input table of the original order ("el gato negro"): its rows are the seeded table's rows of those words.
const inputCells = (page) => page.$$eval('.order-original .why-input tbody tr', (rows) => rows.map((r) => [...r.cells].slice(1).map((c) => Number(c.textContent))));
const rowsOf = (table, words) => words.map((w) => table[golden.words.indexOf(w)]);

test('the seed draws another head: other word vectors, other outputs, the check still holds; the link keeps it', async () => {
  const { page, problems, context } = await open('#/why-order?lang=es');
  await openTable(page, '.order-original .why-input');
  const words = golden.cases.el_gato_negro.words;
  assert.deepEqual(await inputCells(page), rowsOf(golden.table, words).map((r) => r.map((v) => Number(v.toFixed(2)))));
  const before = await outputImage(page);
  const seed = page.getByLabel('Semilla de los vectores de palabra y de W_q, W_k, W_v');
  assert.equal(await seed.inputValue(), '2017');
  await seed.fill('0');
  await frames(page);
  assert.match(page.url(), /seed=0/);
  assert.deepEqual(await inputCells(page), rowsOf(golden.seeded['0'].table, words).map((r) => r.map((v) => Number(v.toFixed(2)))));
  assert.notEqual(await outputImage(page), before);
  assert.equal(await same(page), 'true');
  // the drawn W_q, W_k, W_v are shown, and are the notebook's for seed 0
  await page.click('.why-head summary');
  assert.match(await page.textContent('.why-head summary'), /semilla 0/);
  for (const name of ['wq', 'wk', 'wv']) {
    const shown = await page.$$eval(`.why-head [data-matrix="${name}"] tbody tr`, (rows) => rows.map((r) => [...r.cells].slice(1).map((c) => Number(c.textContent))));
    assert.deepEqual(shown, golden.seeded['0'][name].map((r) => r.map((v) => Number(v.toFixed(2)))), name);
  }
  // a seed past 2^53 is kept exactly, as text
  await seed.fill('18446744073709551615');
  await frames(page);
  assert.match(page.url(), /seed=18446744073709551615/);
  assert.deepEqual(await inputCells(page), rowsOf(golden.seeded['18446744073709551615'].table, words).map((r) => r.map((v) => Number(v.toFixed(2)))));
  // reopening the link restores that seed
  const again = await open(`#/why-order?lang=en&seed=42`);
  await openTable(again.page, '.order-original .why-input');
  const en = sentences.cat.words.en;
  assert.deepEqual(await inputCells(again.page), rowsOf(golden.seeded['42'].table, en).map((r) => r.map((v) => Number(v.toFixed(2)))));
  assert.equal(await again.page.getByLabel('Seed of the word vectors and of W_q, W_k, W_v').inputValue(), '42');
  assert.deepEqual(problems, []);
  await again.context.close();
  await context.close();
});

for (const [lang, label, message] of [
  ['en', 'Seed of the word vectors and of W_q, W_k, W_v', /whole number/],
  ['es', 'Semilla de los vectores de palabra y de W_q, W_k, W_v', /número entero/],
]) {
  test(`${lang}: a bad seed is explained next to the field; a bad seed in the link falls back to the notebook's`, async () => {
    const { page, context } = await open(`#/why-order?lang=${lang}`);
    const before = await outputImage(page);
    await page.getByLabel(label).fill('12a');
    await frames(page);
    assert.match(await page.textContent('[data-field="seed"] .field-error'), message);
    assert.equal(await outputImage(page), before);
    const bad = await open(`#/why-order?lang=${lang}&seed=-3`);
    assert.equal(await bad.page.locator('.notice').count(), 1);
    assert.equal(await bad.page.getByLabel(label).inputValue(), '2017');
    await bad.context.close();
    await context.close();
  });
}

test('on a phone the sticky panel folds to one line that says the sentence, the switches and the seed it holds', async () => {
  const { page, problems, context } = await open('#/why-order?lang=en&pe=on&seed=42', { viewport: { width: 360, height: 740 } });
  const toggle = page.locator('.why-order-controls .strip-toggle');
  const height = () => page.locator('.why-order-controls [data-strip]').evaluate((el) => el.getBoundingClientRect().height);
  const unfolded = await height();
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('[data-field="order"]').isVisible(), false);
  assert.equal(await page.locator('.why-order-controls .strip-values').textContent(), 'the black cat · with positions · no mask · seed 42');
  const folded = await height();
  assert.ok(folded < unfolded / 3, `folded ${folded} px, unfolded ${unfolded} px`);
  // A switch changed while unfolded is in the line once folded again.
  await toggle.click();
  await page.getByLabel('Causal mask', { exact: true }).selectOption('on');
  await toggle.click();
  assert.equal(await page.locator('.why-order-controls .strip-values').textContent(), 'the black cat · with positions · causal mask · seed 42');
  assert.deepEqual(problems, []);
  await context.close();
});

test('each field names in aria-controls the figures it changes: both runs and the check', async () => {
  const { page, problems, context } = await open('#/why-order?lang=en');
  for (const [name, selector, value] of [['sentence', 'select', 'john'], ['pe', 'select', 'on'], ['mask', 'select', 'on'], ['seed', 'input[type=text]', '7']]) {
    const control = page.locator(`[data-field="${name}"] ${selector}`);
    const redrawn = await redrawnBy(page, ['view-results', 'view-check'], () => (selector === 'select' ? control.selectOption(value) : control.fill(value)));
    assert.deepEqual(redrawn, (await control.getAttribute('aria-controls')).split(' '), name);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("a small heat map paints each cell in its value's colour (red below 0, blue above) and prints the value its table holds", async () => {
  const { page, problems, context } = await open('#/why-order?lang=en&pe=on');
  const scope = '.order-reordered .why-output';
  await openTable(page, scope);
  const cells = await page.evaluate((scope) => {
    const figure = document.querySelector(scope);
    const canvas = figure.querySelector('.labelled-heatmap canvas');
    const box = canvas.getBoundingClientRect();
    // The cells' centres, from where Plot put the axes' labels (one per column and row here).
    const centre = (selector, axis) => [...figure.querySelectorAll(`.labelled-heatmap svg [data-mark="${selector}"] text`)].map((t) => {
      const r = t.getBoundingClientRect();
      return axis === 'x' ? r.left + r.width / 2 : r.top + r.height / 2;
    });
    const xs = centre('x-axis tick label', 'x');
    const ys = centre('y-axis tick label', 'y');
    const half = (ys[1] - ys[0]) / 2;
    const context2d = canvas.getContext('2d');
    const pixel = (x, y) => Array.from(context2d.getImageData(Math.round(((x - box.left) * canvas.width) / box.width), Math.round(((y - box.top) * canvas.height) / box.height), 1, 1).data);
    const table = [...figure.querySelector('table').tBodies[0].rows].map((row) => [...row.cells].slice(1).map((c) => Number(c.textContent.replace('−', '-'))));
    // Below each cell's number, inside the cell.
    return table.flatMap((row, i) => row.map((value, j) => ({ value, printed: canvas.printed[i][j], rgba: pixel(xs[j], ys[i] + half - 3) })));
  }, scope);
  assert.equal(cells.length, 3 * 8);
  // Pale near 0, strong at the largest |value|: a clear tint from a quarter of it on.
  const largest = Math.max(...cells.map((c) => Math.abs(c.value)));
  for (const { value, printed, rgba: [r, , b, a] } of cells) {
    assert.equal(a, 255);
    const tint = Math.abs(value) > largest / 4 ? 20 : 0;
    if (value < -0.05) assert.ok(r > b + tint, `${value}: red, not ${r},${b}`);
    if (value > 0.05) assert.ok(b > r + tint, `${value}: blue, not ${r},${b}`);
    assert.ok(Math.abs(Number(printed.replace('−', '-')) - value) <= 0.05 + 1e-9, `${printed} for ${value}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
