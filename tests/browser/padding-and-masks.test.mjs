// Lesson 11 in the browser: document 000's padded batch (the example in each language, typed sentences, cuts at
// max_len), what a padding row holds (its position code), and attention without and with key_padding_mask:
// every number against notebook 002's batch, which holds it against nn.MultiheadAttention.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openTable, field, frames, redrawnBy, settled } from './browser.mjs';
import { golden } from '../wasm/helpers.mjs';

const { open } = useLesson('padding-and-masks');
const padding = golden('doc002.json').padding;

const rowsOf = (page, scope) => page.$$eval(`${scope} tbody tr`, (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent)));
const near = (text, value, tolerance) => Math.abs(Number(text) - value) <= tolerance;

for (const [lang, texts] of [
  ['en', { title: 'Padding and masks: sentences of different lengths in one batch', verdict: /Without a mask, “cat” gives 22\.4% of its attention to padding/, rows: /Rows 2 to 5 are padding/ }],
  ['es', { title: 'Relleno y máscaras: frases de distinta longitud en un lote', verdict: /Sin máscara, «gato» dedica 82,3\u00a0% de su atención al relleno/, rows: /Las filas 2 a 5 son relleno/ }],
]) {
  test(`${lang}: the example batch, its mask, the padding rows and both attention maps are notebook 002's`, async () => {
    const { page, problems, context } = await open(`#/padding-and-masks?lang=${lang}`);
    assert.equal(await page.textContent('h1'), texts.title);
    const reference = padding[lang];
    // The batch: the example's words, then [PAD] up to max_len = 6; the mask is True exactly there.
    const batch = await rowsOf(page, '.padding-batch-table');
    assert.deepEqual(batch.map((r) => r.slice(1)), reference.sentences.map((words) => Array.from({ length: padding.max_len }, (_, i) => words[i] ?? '[PAD]')));
    const mask = await rowsOf(page, '.padding-mask-table');
    assert.deepEqual(mask.map((r) => r.slice(1)), reference.key_padding_mask.map((row) => row.map((v) => (v ? 'True' : 'False'))));
    assert.match(await page.textContent('.padding-shapes'), /torch\.Size\(\[3, 6, 8\]\)/);
    // The shown sentence (3): each row is embedding + pe, padding rows pe(pos) alone, as the notebook's x[2].
    const rows = await rowsOf(page, '.padding-rows-table');
    assert.equal(rows.length, padding.max_len);
    rows.forEach((cells, i) => cells.slice(1).forEach((text, j) => assert.ok(near(text, reference.x[2][i][j], 6e-5), `row ${i} col ${j}: ${text}`)));
    assert.match(rows[3][0], /3 · \[PAD\]/);
    assert.match(await page.textContent('.padding-rows-verdict'), texts.rows);
    // Attention: both maps' tables against the notebook; the padding columns of the masked map are 0.000.
    const expected = reference.rows[2];
    for (const [scope, weights] of [['.padding-map-unmasked', expected.weights_unmasked], ['.padding-map-masked', expected.weights_masked]]) {
      await openTable(page, scope);
      const map = await rowsOf(page, scope);
      map.forEach((cells, i) => cells.slice(1).forEach((text, j) => assert.ok(near(text, weights[i][j], 6e-4), `${scope} ${i},${j}: ${text}`)));
    }
    const masked = await rowsOf(page, '.padding-map-masked');
    assert.ok(masked.every((cells) => cells.slice(1 + expected.length).every((v) => v === '0.000')));
    const share = await rowsOf(page, '.padding-share');
    // A percentage as each language writes it: 82,3 % (decimal comma, no-break space) in Spanish, 22.4% in English.
    const percent = (digits) => (lang === 'es' ? `${digits.replace('.', ',')}\u00a0%` : `${digits}%`);
    assert.deepEqual(share.map((r) => r[1]), expected.pad_share.map((s) => percent((100 * s).toFixed(1))));
    assert.deepEqual(share.map((r) => r[2]), expected.pad_share.map(() => percent('0.0')));
    assert.match(await page.textContent('.padding-verdict'), texts.verdict);
    // The self-check's feedback quotes this share ("more than a fifth" / "más de tres cuartas partes").
    assert.ok(lang === 'en' ? expected.pad_share[1] > 0.2 : expected.pad_share[1] > 0.75);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('typed sentences: a long one is cut at max_len, an unknown word is refused in the reader\'s language, the link keeps them', async () => {
  const { page, context } = await open('#/padding-and-masks?lang=en');
  await field(page, 'second').fill('john LOVES mary the black cat');
  await field(page, 'maxLen').fill('4');
  await page.waitForFunction(() => /Sentence 2 has 6 words and is cut to 4: “black cat” is lost\./.test(document.querySelector('.padding-summary').textContent));
  const batch = await rowsOf(page, '.padding-batch-table');
  assert.deepEqual(batch[1].slice(1), ['John', 'loves', 'Mary', 'the']);
  await settled(page); // the link is written when the reader pauses
  assert.match(page.url(), /second=John%20loves%20Mary%20the%20black%20cat/);
  assert.match(page.url(), /maxLen=4/);
  // An unknown word: the field says why, the batch keeps its last good sentence.
  await field(page, 'first').fill('the dog');
  await page.waitForFunction(() => document.querySelector('[data-field="first"] .field-error').textContent !== '');
  assert.match(await page.textContent('[data-field="first"] .field-error'), /“dog” is not a word of this model\. It knows only these: el gato negro Juan/);
  assert.equal((await rowsOf(page, '.padding-batch-table'))[0][1], 'the');
  await settled(page); // the link is written when the reader pauses
  // The reader switches to Spanish: the typed sentences stay, the empty box takes the Spanish example.
  await page.goto(page.url().replace('lang=en', 'lang=es'));
  await page.waitForFunction(() => document.querySelector('h1')?.textContent.startsWith('Relleno'));
  await page.waitForFunction(() => document.querySelector('.padding-batch-table tbody tr:nth-child(3) td')?.textContent === 'el');
  const again = await rowsOf(page, '.padding-batch-table');
  assert.deepEqual(again[1].slice(1), ['John', 'loves', 'Mary', 'the']);
  assert.equal(await field(page, 'second').inputValue(), 'John loves Mary the black cat');
  await field(page, 'third').fill('el perro');
  await page.waitForFunction(() => document.querySelector('[data-field="third"] .field-error').textContent !== '');
  assert.match(await page.textContent('[data-field="third"] .field-error'), /«perro» no es una palabra de este modelo/);
  await context.close();
});

test('a sentence that fills max_len has no padding: both maps agree and the page says the mask changes nothing', async () => {
  const { page, context } = await open('#/padding-and-masks?lang=en&shown=second&maxLen=3&part=position');
  await frames(page);
  assert.match(await page.textContent('.padding-verdict'), /Sentence 2 has no padding, so both maps are the same/);
  assert.match(await page.textContent('.padding-rows-verdict'), /Sentence 2 has no padding rows/);
  // "position only": row i is pe(i), the notebook's padding rows of sentence 3 are those same numbers.
  const rows = await rowsOf(page, '.padding-rows-table');
  rows.forEach((cells, i) => cells.slice(1).forEach((text, j) => {
    if (i >= 2) assert.ok(near(text, padding.en.x[2][i][j], 6e-5), `pe(${i})[${j}]`);
  }));
  await context.close();
});

test('each field names in aria-controls the figures it changes, and only those: the sentence followed is not the batch', async () => {
  const { page, problems, context } = await open('#/padding-and-masks?lang=en');
  const figures = ['view-batch', 'view-rows', 'view-attention'];
  for (const [name, kind, value] of [['maxLen', 'input[type=text]', '8'], ['third', 'input[type=text]', 'the black cat'], ['shown', 'select', 'second'], ['part', 'select', 'position']]) {
    const control = field(page, name, kind);
    const redrawn = await redrawnBy(page, figures, () => (kind === 'select' ? control.selectOption(value) : control.fill(value)));
    assert.deepEqual(redrawn, (await control.getAttribute('aria-controls')).split(' '), name);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
