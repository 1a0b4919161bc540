// Lesson "positional-module", E002-4: document 002's PositionalEncoding module on the page. The state as
// PyTorch reports it (a buffer, no parameter), the 5000-row buffer sampled, the seeded forward pass with the
// values dropout removed (notebook 002's PyTorch run), evaluation mode, both layouts, both languages. The module
// was shown in embedding-to-position before: an old link naming its values or its figure opens this lesson.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, openPage, waitForReady, field, proseNumber, settled } from './browser.mjs';
import { formatValue, formatValueInText } from '../../web/src/format.js';

const e0024 = JSON.parse(readFileSync(new URL('../golden/doc002.json', import.meta.url), 'utf8'))['E002-4'];
const site = useLesson('positional-module');
const { open } = site;
const cells = (page, selector) => page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));
/** The sampled buffer's rows: its table is made when the reader opens "show the buffer's rows". */
async function bufferCells(page) {
  const details = page.locator('details.module-buffer');
  if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
  // The table is made on the disclosure's toggle event, which comes after the click.
  await page.locator('.module-buffer-table').waitFor();
  return cells(page, '.module-buffer-table');
}

for (const [lang, trainWords, evalWords] of [['en', /zeroed 14 of the 160 values/, /Evaluation mode/], ['es', /ha puesto a cero 14 de los 160 valores/, /Modo evaluación/]]) {
  test(`${lang}: the module's state, its sampled buffer, and PyTorch's dropout on seed 0 (E002-4)`, async () => {
    const { page, problems, context } = await open(`#/positional-module?lang=${lang}`);
    const run = e0024.runs[0];
    assert.equal(run.dropped, 14);
    assert.match(await page.textContent('.module-state'), /\{'pe': torch\.Size\(\[1, 5000, 16\]\)\}/);
    assert.match(await page.textContent('.module-state'), /list\(module\.parameters\(\)\)\s+→\s+\[\]/);
    // 5000 rows are never all put in the page: 20 sampled rows, the first and the last among them.
    const buffer = await bufferCells(page);
    assert.equal(buffer.length, 20);
    assert.equal(buffer[0][0], '0');
    assert.equal(buffer[buffer.length - 1][0], '4999');
    // The forward pass of batch element 0: torch.randn's values, then the output with dropped values marked.
    assert.match(await page.textContent('.module-summary'), trainWords);
    // The scale the summary prints (in the reader's number format) is the one PyTorch applied: every kept value
    // is float32(eval · scale).
    const scale = proseNumber(/= (1[.,]\d+)/.exec(await page.textContent('.module-summary'))[1], lang);
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
    await settled(page); // the steps not shown are drawn when the reader pauses
    assert.deepEqual(await cells(page, '.module-output'), await cells(page, '.module-encoded'));
    const layouts = await cells(page, '.module-layouts');
    const element = layouts[layouts.length - 1];
    assert.equal(element[1].split(' = ')[1], element[2].split(' = ')[1]);
    assert.match(element[1], /^pe\[0, 3, 1\] = /);
    assert.match(element[2], /^pe\[3, 0, 1\] = /);
    await settled(page); // the link is written when the reader pauses
    assert.match(page.url(), /modMode=eval/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('d_model 512, max_len 5000: rows 1 and 4999 of the buffer are PyTorch\'s float32 ones (notebook 002); a sequence longer than max_len is explained', async () => {
  const { page, problems, context } = await open('#/positional-module?lang=en&modD=512&modMaxLen=5000');
  const buffer = await bufferCells(page);
  const last = buffer[buffer.length - 1];
  assert.equal(last[0], '4999');
  // The module's own float32 values, digit for digit: at row 4999, column 2 the formula's exact value would print
  // 1.2853e-03, but the module, which rounds the angle to float32 first, holds 1.4615e-03.
  assert.deepEqual(last.slice(1, 5), e0024.pe_row4999_first4.map(formatValue));
  assert.deepEqual(buffer[1].slice(1, 5), e0024.pe_row1_first4.map(formatValue));
  // A buffer of 3 rows cannot serve a sequence of 5: the field just changed says why, and the page keeps 5000.
  await field(page, 'modMaxLen').fill('3');
  await page.locator('[data-field="modMaxLen"] .field-error').filter({ hasText: /between 1 and 3/ }).waitFor();
  await settled(page); // the link is written when the reader pauses
  assert.match(page.url(), /modMaxLen=5000/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the dropout choices read as numbers in both languages (no catalogue key shows through)', async () => {
  const { page, context } = await open('#/positional-module?lang=es');
  const options = await page.$$eval('[data-field="modP"] option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(options, ['0', '0,1 (apuntes)', '0,2', '0,5']);
  await context.close();
});

// The notebook's module (document 000) beside the course notes' (document 002), and what its register_buffer
// comment gets wrong.
for (const [lang, words] of [
  ['en', {
    corner: 'What', columns: ['The notebook', 'The course notes', 'The blog post (fragments)'],
    rows: { buffer: 'Buffer name', layout: 'Layout of x', scale: /^Scaling by/, dropout: 'Dropout' },
    yes: /^yes, inside forward/, batch: /^batch first/, seq: /^sequence first/,
    eval: /it “no será afectado por el cambio de modo” \(would not be affected by the change of mode\) of model\.eval\(\)\. But eval\(\) touches no tensor\./,
    reasons: /a buffer moves with the model when you call model\.to\(device\), and it is saved in state_dict\(\).*a buffer is not a parameter, so it is not in parameters\(\) and no optimizer ever changes it/,
  }],
  ['es', {
    corner: 'Qué', columns: ['El cuaderno', 'Los apuntes', 'La entrada de blog (trozos)'],
    rows: { buffer: 'Nombre del buffer', layout: 'Disposición de x', scale: /^Escala por/, dropout: 'Dropout' },
    yes: /^sí, dentro de forward/, batch: /^lote primero/, seq: /^secuencia primero/,
    eval: /«no será afectado por el cambio de modo» de model\.eval\(\)\. Pero eval\(\) no toca ningún tensor\./,
    reasons: /un buffer se mueve con el modelo cuando haces model\.to\(device\), y se guarda en state_dict\(\).*un buffer no es un parámetro, así que no sale en parameters\(\) y el optimizador nunca lo cambia/,
  }],
]) {
  test(`${lang}: the notebook's module beside the course notes' (buffer name, layout, √d_model, dropout), and its eval() claim corrected`, async () => {
    const { page, problems, context } = await open(`#/positional-module?lang=${lang}`);
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

// The buffer panel shows the module's float32 values and says why they are not the formula's exact ones: the cell
// of the table where the two differ most, both printed. Checked against the exact formula computed here in double.
const exactPe = (pos, col, d) => (col % 2 ? Math.cos : Math.sin)(pos * 10000 ** (-(col - (col % 2)) / d));
for (const [lang, why, gapText, agrees] of [
  ['en', /in float32: the position and div_term in float32, their product rounded to float32, then sin and cos of that angle rounded to float32/,
    /differ most at row (\d+), column (\d+): the module holds (.+?), the exact formula gives (.+?)\.(?= |$)/, /agree to the digits shown/],
  ['es', /en float32: la posición y div_term en float32, su producto redondeado a float32, y el seno y el coseno de ese ángulo redondeados a float32/,
    /difieren más en la fila (\d+), columna (\d+): el módulo guarda (.+?) y la fórmula exacta da (.+?)\.(?= |$)/, /coinciden en las cifras que se ven/],
]) {
  test(`${lang}: the buffer shows the module's float32 values and names the cell where they differ most from the exact formula`, async () => {
    const { page, problems, context } = await open(`#/positional-module?lang=${lang}`);
    const d = 16;
    const note = await page.textContent('.module-buffer-note');
    assert.match(note, why);
    const [, row, col, f32, exact] = gapText.exec(note) ?? [];
    assert.ok(row, note);
    assert.notEqual(f32, exact);
    const buffer = await bufferCells(page);
    // Row 4999, column 2: the module holds -0.56590 where the exact formula gives -0.56588.
    assert.equal(buffer.find((r) => r[0] === '4999')[3], '-0.56590');
    assert.equal(formatValue(exactPe(4999, 2, d)), '-0.56588');
    // The module's value is the table's; the exact one is the formula's, both written as the sentence writes
    // numbers in the reader's language (the table keeps PyTorch's printing).
    const cell = buffer.find((r) => r[0] === row)[Number(col) + 1];
    assert.equal(formatValueInText(Number(cell), lang), f32);
    assert.equal(formatValueInText(exactPe(Number(row), Number(col), d), lang), exact);
    // No other cell of the table strays further from the exact formula (to the digits printed).
    const named = Math.abs(Number(cell) - exactPe(Number(row), Number(col), d));
    for (const r of buffer) {
      r.slice(1).forEach((text, j) => assert.ok(Math.abs(Number(text) - exactPe(Number(r[0]), j, d)) <= named + 1e-5, `row ${r[0]}, column ${j}: ${text}`));
    }
    // A buffer of 10 rows: there the two agree to every digit printed, and the note says so.
    await field(page, 'modMaxLen').fill('10');
    await page.locator('.module-buffer-note', { hasText: agrees }).waitFor();
    for (const r of await bufferCells(page)) {
      r.slice(1).forEach((text, j) => assert.equal(text, formatValue(exactPe(Number(r[0]), j, d)), `row ${r[0]}, column ${j}`));
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** Loads an old link (to embedding-to-position) in a fresh context and waits for the lesson it now opens. */
async function follow(hash) {
  const opened = await openPage(site.browser);
  await opened.page.goto(site.server.url + hash);
  await waitForReady(opened.page, '#/positional-module');
  return opened;
}

test('an old link to embedding-to-position with the module\'s values opens positional-module with them', async () => {
  const { page, problems, context } = await follow('#/embedding-to-position?lang=en&modSeed=7&modD=32&modMode=eval');
  assert.equal(await page.textContent('h1'), 'The layer as a PyTorch module');
  assert.equal(await field(page, 'modSeed').inputValue(), '7');
  assert.equal(await field(page, 'modMode', 'select').inputValue(), 'eval');
  assert.match(await page.textContent('.module-state'), /\{'pe': torch\.Size\(\[1, 5000, 32\]\)\}/);
  // The link now names the lesson shown, with its values.
  await page.waitForFunction(() => location.hash.startsWith('#/positional-module?') && /modSeed=7/.test(location.hash) && /modD=32/.test(location.hash));
  assert.deepEqual(problems, []);
  await context.close();
});

// The module panel holds tables, not a chart (embed.js shows a slot alone only when it holds a <figure>): an
// embedded link naming it shows its whole new lesson, as it showed the whole old one.
test('an embedded link to embedding-to-position naming the module (figure=module) opens positional-module', async () => {
  const { page, problems, context } = await follow('#/embedding-to-position?lang=es&embed=1&figure=module');
  await page.locator('.module-summary', { hasText: /ha puesto a cero 14 de los 160 valores/ }).waitFor();
  assert.ok(await page.locator('[data-slot="module"]').isVisible());
  await page.waitForFunction(() => /^#\/positional-module\?.*&embed=1&figure=module/.test(location.hash));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link to embedding-to-position without the module\'s values still opens embedding-to-position', async () => {
  const { page, problems, context } = await open('#/embedding-to-position?lang=en&seed=3');
  assert.equal(await page.textContent('h1'), 'From embedding to position');
  assert.match(page.url(), /#\/embedding-to-position\?/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the forward pass is shown a table at a time; the table shown comes from the link and goes back into it', async () => {
  const { page, problems, context } = await open('#/positional-module?lang=en&modStep=3');
  assert.ok(await page.locator('.module-output').isVisible());
  assert.equal(await page.locator('.module-x').isVisible(), false);
  await page.locator('.module-forward [role=tab]').first().click();
  assert.ok(await page.locator('.module-x').isVisible());
  await page.waitForFunction(() => /modStep=1/.test(location.hash));
  assert.deepEqual(problems, []);
  await context.close();
});
