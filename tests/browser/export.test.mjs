// Every figure can be saved for slides and handouts: PNG (3× the CSS size), SVG (a standalone document) and the
// figure's numbers as CSV, named poslab-<lesson>-<figure>-<key settings>. The files are read back: a CSV holds the
// whole matrix its caption names (the page's table may show a window of it), with its caption and the decimal
// notation in the reader's language; an image holds the figure's whole title, wrapped to its width, and every
// label and legend tick of the drawing, none of them cut at the image's edge. (figure-exports.test.mjs saves every
// figure of every lesson.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openTable, saveFigure as save, csvCells as cells } from './browser.mjs';
import { readFile } from 'node:fs/promises';

const { open } = useLesson('pe-matrix');
const golden = async (name) => JSON.parse(await readFile(new URL(`../golden/${name}.json`, import.meta.url), 'utf8'));

/** A saved CSV as [note, header, ...rows] of cells (after its BOM). */
const readCsv = (file) => file.bytes.toString('utf8').slice(1).replace(/\r\n$/, '').split('\r\n').map(cells);

/** A number printed with 5 significant digits (formatValue) agrees with `want`. */
const printedAs = (text, want) => Math.abs(Number(text) - want) <= 5e-6 + 5e-5 * Math.abs(want);

/** The rows of the first table in `scope`, cells as they read. */
const shownTable = (page, scope) => page.$$eval(`${scope} table tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));

/**
 * The exported SVG laid out in the page: its size, its title (whole, and line by line) and every text with its box,
 * in the image's CSS pixels.
 */
function readSvg(page, svg) {
  return page.evaluate((svgText) => {
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    const error = doc.querySelector('parsererror')?.textContent ?? null;
    const root = document.importNode(doc.documentElement, true);
    const holder = document.createElement('div');
    holder.style.position = 'absolute';
    holder.style.left = '0';
    holder.style.top = '0';
    holder.append(root);
    document.body.append(holder);
    const origin = root.getBoundingClientRect();
    const box = (node) => {
      const r = node.getBoundingClientRect();
      return { x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height };
    };
    const title = root.querySelector('text.figure-title');
    const read = {
      error,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      title: title?.textContent,
      titleLines: [...(title?.querySelectorAll('tspan') ?? [])].map((t) => ({ text: t.textContent, ...box(t) })),
      texts: [...root.querySelectorAll('text')].filter((t) => t.textContent.trim()).map((t) => ({ text: t.textContent.trim(), ramp: Boolean(t.closest('svg[class$="-ramp"]')), ...box(t) })),
    };
    holder.remove();
    return read;
  }, svg.bytes.toString('utf8'));
}

/** The PNG decoded: its size, and how many dark pixels it has in each box (CSS pixels of an image `cssWidth` wide). */
function readPng(page, png, cssWidth, boxes) {
  return page.evaluate(async ({ base64, cssWidth, boxes }) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const scale = bitmap.width / cssWidth;
    const ink = boxes.map(({ x, y, w, h }) => {
      const data = context.getImageData(Math.floor(x * scale), Math.floor(y * scale), Math.max(1, Math.ceil(w * scale)), Math.max(1, Math.ceil(h * scale))).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (Math.max(data[i], data[i + 1], data[i + 2]) < 128) dark++;
      return dark;
    });
    return { width: bitmap.width, height: bitmap.height, ink };
  }, { base64: png.bytes.toString('base64'), cssWidth, boxes });
}

/** Every text of the read-back SVG lies inside it, and every text the figure shows on the page is in it. */
async function assertWhole(page, scope, image) {
  assert.equal(image.error, null);
  assert.equal(image.title, await page.textContent(`${scope} figcaption`), 'the whole title');
  for (const t of [...image.texts, ...image.titleLines]) {
    assert.ok(t.x >= -0.5 && t.y >= -0.5 && t.x + t.w <= image.width + 0.5 && t.y + t.h <= image.height + 0.5, `"${t.text}" at ${JSON.stringify(t)} lies inside ${image.width} × ${image.height}`);
  }
  const onPage = await page.$$eval(`${scope} .chart-host svg text, ${scope} .chart-host [class$="-swatch"]`, (nodes) => nodes.map((n) => n.textContent.trim()).filter(Boolean));
  assert.ok(onPage.length > 5, onPage.join(' | '));
  const exported = image.texts.map((t) => t.text);
  for (const text of onPage) assert.ok(exported.includes(text), `"${text}" is in the image`);
}

/** The right half of a text's box: where a label cut at the edge loses its ink ("1." for "1.0"). */
const rightHalf = (t) => ({ x: t.x + t.w / 2, y: t.y, w: t.w / 2, h: t.h });

test('en: the heat map\'s CSV is the whole 100 × 64 matrix, PyTorch\'s to the digits printed; its table is the CSV\'s top-left corner', async () => {
  const { page, problems, context } = await open('#/pe-matrix?lang=en');
  const scope = 'figure.heatmap';
  const csv = await save(page, scope, 'csv');
  assert.equal(csv.name, 'poslab-pe-matrix-heatmap-100x64-paper.csv');
  assert.equal(csv.bytes.toString('utf8').charCodeAt(0), 0xfeff, 'a BOM, so spreadsheets read UTF-8');
  const [[note], header, ...rows] = readCsv(csv);
  assert.equal(note, 'Positional-encoding matrix, 100 × 64, paper formula (decimal point: .)');
  assert.deepEqual(header, ['pos \\ dim', ...Array.from({ length: 64 }, (_, j) => String(j))]);
  assert.deepEqual(rows.map((r) => r[0]), Array.from({ length: 100 }, (_, p) => String(p)));
  // Every value, against PyTorch's matrix for these settings (notebooks → tests/golden/doc002.json, E002-5).
  const { pe } = (await golden('doc002'))['E002-5'];
  rows.forEach((row, p) => row.slice(1).forEach((text, j) => assert.ok(printedAs(text, pe[p][j]), `[${p}, ${j}]: ${text} vs ${pe[p][j]}`)));
  // The page's table is the window it says (32 × 16), and the CSV's top-left corner, cell for cell.
  await openTable(page, scope);
  const [shownHeader, ...shown] = await shownTable(page, scope);
  assert.equal(shown.length, 32);
  assert.equal(shownHeader.length, 17);
  assert.deepEqual(shown, rows.slice(0, 32).map((r) => r.slice(0, 17)));
  assert.match(await page.textContent(`${scope} .table-note`), /first 32 rows and the first 16 columns of the 100 × 64 matrix/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('en: PNG and SVG of the heat map and of the line chart: the whole title, every tick and legend label, none cut at the edge', async () => {
  const { page, problems, context } = await open('#/pe-matrix?lang=en&maxLen=20&dModel=16');
  for (const scope of ['figure.heatmap', 'figure.lines']) {
    const png = await save(page, scope, 'png');
    const svg = await save(page, scope, 'svg');
    assert.deepEqual([png.bytes.subarray(0, 8)].map((b) => [...b])[0], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG');
    const stem = scope === 'figure.heatmap' ? 'poslab-pe-matrix-heatmap-20x16-paper' : 'poslab-pe-matrix-lines-20x4-paper';
    assert.deepEqual([png.name, svg.name], [`${stem}.png`, `${stem}.svg`]);
    assert.match(svg.bytes.toString('utf8'), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const image = await readSvg(page, svg);
    await assertWhole(page, scope, image);
    // The PNG: 3× the SVG, with ink at the end of each title line and in the right half of every legend label
    // ("1.0" drawn whole, not "1.").
    const boxes = [...image.titleLines.map((line) => ({ ...line, x: line.x + line.w - 12, w: 12 })), ...image.texts.filter((t) => t.ramp).map(rightHalf)];
    const read = await readPng(page, png, image.width, boxes);
    assert.deepEqual([read.width, read.height], [Math.round(image.width * 3), Math.round(image.height * 3)]);
    read.ink.forEach((dark, k) => assert.ok(dark > 0, `ink in ${JSON.stringify(boxes[k])} of ${scope}`));
    if (scope === 'figure.heatmap') {
      assert.deepEqual(image.texts.filter((t) => t.ramp).map((t) => t.text), ['−1.0', '−0.5', '0.0', '0.5', '1.0', 'Value']);
      assert.ok(svg.bytes.toString('utf8').includes('<image '), 'the canvas cells are in the SVG');
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('es at 360 px: a title longer than the drawing is wrapped to the image\'s width, whole; the legend\'s last tick (1,0 → "1.0") is whole in the PNG', async () => {
  const { page, problems, context } = await open('#/why-order?lang=es', { viewport: { width: 360, height: 780 } });
  const scope = '.order-original figure.why-weights';
  const png = await save(page, scope, 'png');
  const svg = await save(page, scope, 'svg');
  assert.equal(png.name, 'poslab-why-order-why-weights-original.png');
  const image = await readSvg(page, svg);
  await assertWhole(page, scope, image);
  assert.equal(image.title, 'Pesos de atención: cuánto mira cada palabra a cada otra');
  assert.ok(image.titleLines.length >= 2, `wrapped: ${image.titleLines.map((l) => l.text).join(' / ')}`);
  assert.deepEqual(image.texts.filter((t) => t.ramp && /\d/.test(t.text)).map((t) => t.text), ['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
  const last = image.texts.filter((t) => t.ramp && /\d/.test(t.text)).at(-1);
  const read = await readPng(page, png, image.width, [rightHalf(last)]);
  assert.ok(read.ink[0] > 0, 'the last tick\'s last digit is drawn');
  assert.deepEqual(problems, []);
  await context.close();
});

test('tables that show a window export everything: lesson 03\'s 300 positions, lesson 12\'s 256 dimensions (PyTorch\'s), lesson 17\'s every distance', async () => {
  // Lesson 03's lines: the table stops at 100 positions; the CSV has the 300 drawn, each the formula's value.
  let { page, problems, context } = await open('#/pe-matrix?lang=en&maxLen=300');
  let rows = readCsv(await save(page, 'figure.lines', 'csv')).slice(2);
  assert.equal(rows.length, 300);
  const dims = [0, 1, 10, 11, 30, 31];
  rows.forEach(([p, ...values]) => values.forEach((text, k) => {
    const angle = Number(p) / 10000 ** ((dims[k] - (dims[k] % 2)) / 64);
    assert.ok(printedAs(text, dims[k] % 2 ? Math.cos(angle) : Math.sin(angle)), `position ${p}, dim ${dims[k]}: ${text}`);
  }));
  assert.deepEqual(problems, []);
  await context.close();

  // Lesson 12's batch: the table shows 6 dimensions; the CSV all 256, the first 8 of row 0 PyTorch's (doc004.json).
  ({ page, problems, context } = await open('#/learned-positions?lang=en'));
  const [[note], header, ...batch] = readCsv(await save(page, 'figure.lp-heatmap', 'csv'));
  assert.match(note, /the whole batch, 32 rows × 256 dimensions/);
  assert.deepEqual([batch.length, header.length - 1], [32, 256]);
  const first8 = (await golden('doc004')).seeded.input_embeddings_0_0_first8;
  first8.forEach((want, j) => assert.ok(printedAs(batch[0][j + 1], want), `dim ${j}: ${batch[0][j + 1]} vs ${want}`));
  assert.deepEqual(problems, []);
  await context.close();

  // Lesson 17's bound: the table samples every 32nd distance; the CSV has each of 0 … 4094, (d/2 + 1)/2 at 0.
  ({ page, problems, context } = await open('#/stretching-rope?lang=en'));
  rows = readCsv(await save(page, 'figure.stretch-decay', 'csv')).slice(2);
  assert.deepEqual(rows.map((r) => r[0]), Array.from({ length: 4095 }, (_, n) => String(n)));
  assert.deepEqual(rows[0].slice(1), ['32.5000', '32.5000']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('en: lesson 08\'s row of the similarity matrix exports all its positions, the heat map\'s row; lesson 05\'s vectors every dimension', async () => {
  let { page, problems, context } = await open('#/distances?lang=en&maxLen=200');
  const [[note], ...matrix] = readCsv(await save(page, 'figure.similarity-heatmap', 'csv'));
  assert.match(note, /\(200 × 200, d_model = 64\)/);
  const [, header, row] = readCsv(await save(page, 'figure.similarity-row', 'csv'));
  assert.equal(header.length, 201, 'every position, not the table\'s 24');
  assert.deepEqual(row, matrix.find((r) => r[0] === '5'));
  assert.equal(row[6], '1.0000', 'position 5 with itself');
  assert.deepEqual(problems, []);
  await context.close();

  ({ page, problems, context } = await open('#/embedding-to-position?lang=en&dModel=512'));
  const [, head, ...visits] = readCsv(await save(page, 'figure.journey-chart', 'csv'));
  assert.equal(head.length, 2 + 2 * 512);
  assert.deepEqual([head[2], head.at(-1)], ['embedding, dimension 0', 'encoding, dimension 511']);
  assert.equal(visits.length, 5);
  for (const visit of visits) assert.equal(visit.length, head.length);
  assert.deepEqual(problems, []);
  await context.close();
});

test('lesson 11 in Spanish: a labelled heat map exports its numbers with a Spanish note; the buttons say what they save', async () => {
  const { page, problems, context } = await open('#/padding-and-masks?lang=es');
  const scope = 'figure.padding-map-masked';
  assert.equal(await page.getAttribute(`${scope} .chart-export-button[data-export="csv"]`, 'aria-label'), `Descargar los números de «${await page.textContent(`${scope} figcaption`)}» en CSV`);
  const csv = await save(page, scope, 'csv');
  assert.equal(csv.name, 'poslab-padding-and-masks-padding-map-masked-sentence3.csv');
  const lines = csv.bytes.toString('utf8').slice(1).trim().split('\r\n');
  assert.match(lines[0], /separador decimal: punto/);
  await openTable(page, scope);
  const shown = await shownTable(page, scope);
  assert.deepEqual(lines.slice(1).map(cells), shown);
  const svg = await save(page, scope, 'svg');
  const text = svg.bytes.toString('utf8');
  assert.match(text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const first = Number(shown[1][1]).toFixed(2);
  assert.ok(text.includes(`>${first}<`), `the printed weight ${first} is in the drawing`);
  assert.deepEqual(problems, []);
  await context.close();
});

// Lesson 07's chart of the same token at every position (E000-5) has its table below it rather than inside: its
// CSV is that table, as the reader sees it (an uncertain last digit in parentheses), and its numbers are the
// chart's, which are PyTorch's for seed 0 (the notebook's run, tests/golden/embedding.json).
const e0005 = (await golden('embedding'))['E000-5'].find((g) => g.seed === '0' && g.d_model === 512 && g.scale);
for (const [lang, note] of [['en', /\(decimal point: \.\)$/], ['es', /separador decimal: punto/]]) {
  test(`${lang}: lesson 07's similarity chart exports a CSV whose values are the chart's (PyTorch's, seed 0)`, async () => {
    const { page, problems, context } = await open(`#/same-token-elsewhere?lang=${lang}`);
    const scope = 'figure.similarity-chart';
    const csv = await save(page, scope, 'csv');
    assert.equal(csv.name, 'poslab-same-token-elsewhere-similarity-chart-token21.csv');
    const [first, header, ...rows] = readCsv(csv);
    assert.match(first[0], note);
    assert.equal(first[0].startsWith(await page.textContent('.similarity-table caption')), true);
    // The table under the chart, cell for cell, as it reads on the screen.
    const shown = await page.$$eval('.similarity-table tr', (trs) => trs.map((r) => [...r.cells].map((c) => {
      const spoken = c.querySelector('.visually-hidden');
      return (spoken ? c.textContent.replace(spoken.textContent, '') : c.textContent).trim();
    })));
    assert.deepEqual([header, ...rows], shown);
    // Read back as numbers, position by position: the chart's cosines × 1000, which are PyTorch's to the digits
    // printed (one unit in the last digit where it stands in parentheses).
    assert.equal(rows.length, e0005.count);
    rows.forEach(([position, cosine, times1000], p) => {
      assert.equal(Number(position), p);
      const uncertain = times1000.includes('(');
      const unit = uncertain ? 0.015 : 0.005;
      assert.ok(Math.abs(Number(times1000.replace(/[()]/g, '')) - e0005.cosine_x1000[p]) <= unit, `${p}: ${times1000} vs ${e0005.cosine_x1000[p]}`);
      assert.ok(Math.abs(Number(cosine.replace(/[()]/g, '')) - e0005.cosine[p]) <= unit / 1000, `${p}: ${cosine} vs ${e0005.cosine[p]}`);
    });
    assert.deepEqual(rows.map((r) => r[2].includes('(')), [false, false, true, false, false]);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
