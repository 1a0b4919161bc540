// Lesson "Learned positions": document 004's shapes, PyTorch's seeded tables (notebook 004's values), the
// broadcast sum, what happens past context_length, both languages, links and translated errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, frames, settled } from './browser.mjs';

const seeded = JSON.parse(readFileSync(new URL('../golden/doc004.json', import.meta.url), 'utf8')).seeded;
const site = useLesson('learned-positions');

async function open(hash) {
  const opened = await site.open(hash);
  await opened.page.waitForSelector('.lp-heatmap .chart-host svg', { timeout: 30000 });
  return opened;
}
/** The numbers of one of the window's three tables (0 tokens, 1 positions, 2 sum). */
const table = (page, k) => page.$$eval('.lp-tables table', (tables, i) => [...tables[i].tBodies[0].rows].map((r) => [...r.cells].slice(1).map((c) => Number(c.textContent))), k);
const close = (a, b) => Math.abs(a - b) <= 5e-5 * Math.max(1, Math.abs(b));

for (const [lang, title] of [['es', 'Posiciones aprendidas'], ['en', 'Learned positions']]) {
  test(`${lang}: loads with the document's shapes and PyTorch's seeded numbers, with no errors`, async () => {
    const { page, problems, context } = await open(`#/learned-positions?lang=${lang}`);
    assert.equal(await page.textContent('h1'), title);
    const shapes = await page.textContent('.lp-shapes-text');
    assert.match(shapes, /embedding_layer\.weight\.shape\s+torch\.Size\(\[50257, 256\]\)/);
    assert.match(shapes, /tokens_embeddings\.shape\s+torch\.Size\(\[8, 4, 256\]\)/);   // E004-3
    assert.match(shapes, /pos_embeddings\.shape\s+torch\.Size\(\[4, 256\]\)/);        // E004-4
    assert.match(shapes, /input_embeddings\.shape\s+torch\.Size\(\[8, 4, 256\]\)/);   // E004-5
    const tokens = await table(page, 0);
    seeded.token_rows_first8['40'].slice(0, 6).forEach((v, j) => assert.ok(close(tokens[0][j], v), `token 40, dim ${j}`));
    const positions = await table(page, 1);
    seeded.pos_after_loader_first8.forEach((row, r) => row.slice(0, 6).forEach((v, j) => assert.ok(close(positions[r][j], v))));
    const sum = await table(page, 2);
    seeded.input_embeddings_0_0_first8.slice(0, 6).forEach((v, j) => assert.ok(close(sum[0][j], v)));
    assert.match(await page.textContent('.lesson'), /LLaMA/);  // E002-7's comparison
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('without the DataLoader\'s draw the positional table is the one created right after the token table', async () => {
  const { page, context } = await open('#/learned-positions?lang=en');
  await page.selectOption('[data-field="loaderDraw"] select', 'no');
  await frames(page);
  const positions = await table(page, 1);
  seeded.pos_direct_first8.forEach((row, r) => row.slice(0, 6).forEach((v, j) => assert.ok(close(positions[r][j], v))));
  assert.match(page.url(), /loaderDraw=no/);
  await context.close();
});

test('the window field and a link choose what is shown; a smaller width changes the shapes', async () => {
  const { page, context } = await open('#/learned-positions?lang=en&dModel=8&window=3');
  assert.match(await page.textContent('.lp-shapes-text'), /torch\.Size\(\[8, 4, 8\]\)/);
  assert.match(await page.textContent('.lp-tables'), /window 3, position 0 \(id 15632\)/);
  await page.fill('[data-field="window"] input[type=text]', '7');
  await frames(page);
  assert.match(await page.textContent('.lp-tables'), /window 7, position 3 \(id 11\)/);
  assert.match(page.url(), /window=7/);
  await context.close();
});

test('past context_length: the learned table has no row and says so; the sinusoidal formula still answers', async () => {
  const { page, problems, context } = await open('#/learned-positions?lang=es&position=2');
  assert.match(await page.textContent('.lp-learned'), /la posición 2 es la fila 2/);
  await page.fill('[data-field="contextLength"] input[type=text]', '3');
  await page.locator('.lp-failure:not([hidden])').waitFor();
  // Windows of 4 and a table of 3 rows: PyTorch's broadcast fails, and that is what the page shows.
  assert.match(await page.textContent('.lp-shapes-text'), /RuntimeError: The size of tensor a \(4\) must match the size of tensor b \(3\) at non-singleton dimension 1/);
  assert.match(await page.textContent('.lp-failure'), /PyTorch se detiene aquí/);
  assert.equal(await page.locator('.lp-heatmap').isHidden(), true);
  assert.equal(await page.textContent('[data-field="contextLength"] .field-error'), '');
  await settled(page); // the link is written when the reader pauses
  assert.match(page.url(), /contextLength=3/);
  await page.fill('[data-field="position"] input[type=text]', '9');
  await frames(page);
  assert.match(await page.textContent('.lp-learned'), /la posición 9 no tiene fila/);
  assert.match(await page.textContent('.lp-sinusoid'), /PE\(9\) = 0,41212/);
  await page.fill('[data-field="contextLength"] input[type=text]', '4');
  await page.locator('.lp-heatmap .chart-host svg').first().waitFor();
  assert.equal(await page.locator('.lp-failure').isHidden(), true);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, explained] of [['en', /The windows have 4 positions and the positional table 16 rows/], ['es', /Las ventanas tienen 4 posiciones y la tabla de posiciones 16 filas/]]) {
  test(`${lang}: context_length 16 (the document's code with another table) gives PyTorch's RuntimeError as the result, not a sum`, async () => {
    const { page, problems, context } = await site.open(`#/learned-positions?lang=${lang}&contextLength=16`);
    await page.locator('.lp-failure:not([hidden])').waitFor();
    const shapes = await page.textContent('.lp-shapes-text');
    assert.ok(shapes.includes(`RuntimeError: ${seeded.broadcast_error}`), shapes);
    assert.match(shapes, /pos_embeddings.shape\s+torch\.Size\(\[16, 256\]\)/);
    assert.match(await page.textContent('.lp-shapes .table-note'), explained);
    // The two tables exist (16 positional rows); the sum table does not.
    assert.equal(await page.locator('.lp-tables table').count(), 2);
    assert.equal((await table(page, 1)).length, 16);
    assert.equal(await page.locator('.lp-heatmap').isHidden(), true);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a table of one row broadcasts: the same row is added at every position', async () => {
  const { page, problems, context } = await open('#/learned-positions?lang=en&contextLength=1');
  const [tokens, positions, sum] = [await table(page, 0), await table(page, 1), await table(page, 2)];
  assert.equal(positions.length, 1);
  for (let r = 0; r < 4; r++) for (let j = 0; j < 6; j++) assert.ok(Math.abs(sum[r][j] - (tokens[r][j] + positions[0][j])) < 2e-4 * Math.max(1, Math.abs(sum[r][j])), `${r},${j}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a bad seed is explained next to its field', async () => {
  const { page, context } = await open('#/learned-positions?lang=en');
  await page.fill('[data-field="seed"] input[type=text]', '-3');
  await frames(page);
  assert.notEqual(await page.textContent('[data-field="seed"] .field-error'), '');
  await context.close();
});
