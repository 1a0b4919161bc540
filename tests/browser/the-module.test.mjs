// Lesson "embedding-to-position", E002-4: document 002's PositionalEncoding module on the page. The state as
// PyTorch reports it (a buffer, no parameter), the 5000-row buffer sampled, the seeded forward pass with the
// values dropout removed (notebook 002's PyTorch run), evaluation mode, both layouts, both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, field } from './browser.mjs';
import { formatValue } from '../../web/src/format.js';

const e0024 = JSON.parse(readFileSync(new URL('../golden/doc002.json', import.meta.url), 'utf8'))['E002-4'];
const { open } = useLesson('embedding-to-position');
const cells = (page, selector) => page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));

for (const [lang, trainWords, evalWords] of [['en', /zeroed 14 of the 160 values/, /Evaluation mode/], ['es', /ha puesto a cero 14 de los 160 valores/, /Modo evaluación/]]) {
  test(`${lang}: the module's state, its sampled buffer, and PyTorch's dropout on seed 0 (E002-4)`, async () => {
    const { page, problems, context } = await open(`#/embedding-to-position?lang=${lang}`);
    const run = e0024.runs[0];
    assert.equal(run.dropped, 14);
    assert.match(await page.textContent('.module-state'), /\{'pe': torch\.Size\(\[1, 5000, 16\]\)\}/);
    assert.match(await page.textContent('.module-state'), /list\(module\.parameters\(\)\)\s+→\s+\[\]/);
    // 5000 rows are never all put in the page: 20 sampled rows, the first and the last among them.
    const buffer = await cells(page, '.module-buffer-table');
    assert.equal(buffer.length, 20);
    assert.equal(buffer[0][0], '0');
    assert.equal(buffer[buffer.length - 1][0], '4999');
    // The forward pass of batch element 0: torch.randn's values, then the output with dropped values marked.
    assert.match(await page.textContent('.module-summary'), trainWords);
    // The scale the summary prints is the one PyTorch applied: every kept value is float32(eval · scale).
    const scale = Number(/= (1\.\d+)/.exec(await page.textContent('.module-summary'))[1]);
    run.kept.forEach((k, i) => k && assert.equal(Math.fround(run.eval[i] * Math.fround(scale)), run.train[i], `value ${i}`));
    const x = await cells(page, '.module-x');
    const out = await cells(page, '.module-output');
    for (let s = 0; s < run.seq; s++) {
      for (let j = 0; j < 6; j++) {
        const i = s * run.d_model + j;
        assert.equal(x[s][j + 1], formatValue(run.x[i]));
        const shown = out[s][j + 1];
        if (run.kept[i]) assert.ok(Math.abs(Number(shown) - run.train[i]) <= 1e-4 * Math.max(1, Math.abs(run.train[i])), `${s},${j}: ${shown}`);
        else assert.match(shown, /✕$/, `${s},${j} was dropped`);
      }
    }
    // Evaluation mode: nothing dropped, the output is x + pe.
    await field(page, 'modMode', 'select').selectOption('eval');
    await page.locator('.module-summary', { hasText: evalWords }).waitFor();
    assert.deepEqual(await cells(page, '.module-output'), await cells(page, '.module-encoded'));
    const layouts = await cells(page, '.module-layouts');
    const element = layouts[layouts.length - 1];
    assert.equal(element[1].split(' = ')[1], element[2].split(' = ')[1]);
    assert.match(element[1], /^pe\[0, 3, 1\] = /);
    assert.match(element[2], /^pe\[3, 0, 1\] = /);
    assert.match(page.url(), /modMode=eval/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('d_model 512, max_len 5000: the buffer\'s last row is notebook 002\'s; a sequence longer than max_len is explained', async () => {
  const { page, problems, context } = await open('#/embedding-to-position?lang=en&modD=512&modMaxLen=5000');
  const buffer = await cells(page, '.module-buffer-table');
  const last = buffer[buffer.length - 1];
  assert.equal(last[0], '4999');
  e0024.pe_row4999_first4.forEach((v, j) => assert.ok(Math.abs(Number(last[j + 1]) - v) <= 2e-4, `${j}: ${last[j + 1]} vs ${v}`));
  // A buffer of 3 rows cannot serve a sequence of 5: the field just changed says why, and the page keeps 5000.
  await field(page, 'modMaxLen').fill('3');
  await page.locator('[data-field="modMaxLen"] .field-error').filter({ hasText: /between 1 and 3/ }).waitFor();
  assert.match(page.url(), /modMaxLen=5000/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the dropout choices read as numbers in both languages (no catalogue key shows through)', async () => {
  const { page, context } = await open('#/embedding-to-position?lang=es');
  const options = await page.$$eval('[data-field="modP"] option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(options, ['0', '0.1 (documento 002)', '0.2', '0.5']);
  await context.close();
});

// Issue 10: document 000's module beside document 002's, and what its register_buffer comment gets wrong.
for (const [lang, words] of [
  ['en', {
    corner: 'What', columns: ['Document 000', 'Document 002', 'Document 003 (fragments)'],
    rows: { buffer: 'Buffer name', layout: 'Layout of x', scale: /^Scaling by/, dropout: 'Dropout' },
    yes: /^yes, inside forward/, batch: /^batch first/, seq: /^sequence first/,
    eval: /it “no será afectado por el cambio de modo” \(would not be affected by the change of mode\) of model\.eval\(\)\. But eval\(\) touches no tensor\./,
    reasons: /a buffer moves with the model when you call model\.to\(device\), and it is saved in state_dict\(\).*a buffer is not a parameter, so it is not in parameters\(\) and no optimizer ever changes it/,
  }],
  ['es', {
    corner: 'Qué', columns: ['Documento 000', 'Documento 002', 'Documento 003 (trozos)'],
    rows: { buffer: 'Nombre del buffer', layout: 'Disposición de x', scale: /^Escala por/, dropout: 'Dropout' },
    yes: /^sí, dentro de forward/, batch: /^lote primero/, seq: /^secuencia primero/,
    eval: /«no será afectado por el cambio de modo» de model\.eval\(\)\. Pero eval\(\) no toca ningún tensor\./,
    reasons: /un buffer se mueve con el modelo cuando haces model\.to\(device\), y se guarda en state_dict\(\).*un buffer no es un parámetro, así que no sale en parameters\(\) y el optimizador nunca lo cambia/,
  }],
]) {
  test(`${lang}: document 000's module beside document 002's (buffer name, layout, √d_model, dropout), and its eval() claim corrected`, async () => {
    const { page, problems, context } = await open(`#/embedding-to-position?lang=${lang}`);
    // The comparison table is the first text table after the module panel.
    const table = await page.evaluate(() => {
      const module = document.querySelector('.module-state').closest('section');
      const after = [...document.querySelectorAll('.lesson table.text-table')].find((t) => module.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING);
      return after && [...after.rows].map((r) => [...r.cells].map((c) => c.textContent.trim()));
    });
    assert.ok(table, 'no table after the module panel');
    assert.deepEqual(table[0], [words.corner, ...words.columns]);
    const row = (name) => table.find((r) => (typeof name === 'string' ? r[0] === name : name.test(r[0])));
    // Document 000 registers positional_encoding; documents 002 and 003 read pe.
    assert.equal(row(words.rows.buffer)[1], 'positional_encoding');
    assert.equal(row(words.rows.buffer)[2], 'pe');
    assert.match(row(words.rows.layout)[1], words.batch);
    assert.match(row(words.rows.layout)[2], words.batch);
    assert.match(row(words.rows.layout)[3], words.seq);
    // Document 000 scales x by √d_model inside forward, as its code does; document 002 does not.
    assert.match(row(words.rows.scale)[1], words.yes);
    assert.match(row(words.rows.scale)[1], /x \* math\.sqrt\(self\.embedding_dim\)/);
    assert.match(row(words.rows.dropout)[2], /nn\.Dropout\(0\.1\)/);
    // Document 000's comment, quoted as it is written there ("Si positional_encoding no está registrado como un
    // buffer, entonces no será afectado por el cambio de modo."), and why eval() is no reason for a buffer.
    const text = (await page.textContent('.lesson')).replace(/\s+/g, ' ');
    assert.match(text, words.eval);
    assert.match(text, words.reasons);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
