// Every figure can be saved for slides and handouts: PNG (3× the CSS size), SVG (a standalone document) and the
// figure's numbers as CSV, named after the lesson, the figure and the link's settings; the CSV holds exactly
// the numbers of the figure's table, with its caption and the decimal notation in the reader's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openTable, saveFigure as save, csvCells as cells } from './browser.mjs';
import { readFile } from 'node:fs/promises';

const { open } = useLesson('pe-matrix');

test('pe-matrix heat map (a canvas): PNG at 3×, SVG with the cells as an image, CSV equal to its table', async () => {
  const { page, problems, context } = await open('#/pe-matrix?lang=en&maxLen=20&dModel=16');
  const scope = 'figure.heatmap';
  const png = await save(page, scope, 'png');
  assert.match(png.name, /^poslab-pe-matrix-.+maxLen-20.*dModel-16.*\.png$/);
  assert.deepEqual([...png.bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const cssWidth = await page.$eval(`${scope} .chart-host`, (h) => Math.ceil(h.getBoundingClientRect().width));
  assert.equal(png.bytes.readUInt32BE(16), cssWidth * 3, 'IHDR width = 3 × the drawing');
  const svg = await save(page, scope, 'svg');
  assert.match(svg.name, /\.svg$/);
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { error: doc.querySelector('parsererror')?.textContent ?? null, root: doc.documentElement.tagName, images: doc.querySelectorAll('image').length, title: doc.querySelector('text')?.textContent };
  }, svg.bytes.toString('utf8'));
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, 'svg');
  assert.ok(parsed.images >= 1, 'the canvas cells are in the SVG');
  assert.equal(parsed.title, await page.textContent(`${scope} figcaption`));
  const csv = await save(page, scope, 'csv');
  const text = csv.bytes.toString('utf8');
  assert.equal(text.charCodeAt(0), 0xfeff, 'a BOM, so spreadsheets read UTF-8');
  const lines = text.slice(1).trim().split('\r\n');
  assert.match(cells(lines[0])[0], /\(decimal point: \.\)$/);
  await openTable(page, scope);
  const shown = await page.$$eval(`${scope} table tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));
  assert.deepEqual(lines.slice(1).map(cells), shown);
  assert.deepEqual(problems, []);
  await context.close();
});

test('lesson 09 in Spanish: a labelled heat map exports its numbers with a Spanish note; the buttons say what they save', async () => {
  const { page, problems, context } = await open('#/padding-and-masks?lang=es');
  const scope = 'figure.padding-map-masked';
  assert.equal(await page.getAttribute(`${scope} .chart-export-button[data-export="csv"]`, 'aria-label'), `Descargar los números de «${await page.textContent(`${scope} figcaption`)}» en CSV`);
  const csv = await save(page, scope, 'csv');
  assert.match(csv.name, /^poslab-padding-and-masks-Frase-3-con-key_padding_mask.*\.csv$/);
  const lines = csv.bytes.toString('utf8').slice(1).trim().split('\r\n');
  assert.match(lines[0], /separador decimal: punto/);
  await openTable(page, scope);
  const shown = await page.$$eval(`${scope} table tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));
  assert.deepEqual(lines.slice(1).map(cells), shown);
  const svg = await save(page, scope, 'svg');
  const text = svg.bytes.toString('utf8');
  assert.match(text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const first = Number(shown[1][1]).toFixed(2);
  assert.ok(text.includes(`>${first}<`), `the printed weight ${first} is in the drawing`);
  assert.deepEqual(problems, []);
  await context.close();
});

// Lesson 05's chart of the same token at every position (E000-5) has its table below it rather than inside: its
// CSV is that table, as the reader sees it (an uncertain last digit in parentheses), and its numbers are the
// chart's, which are PyTorch's for seed 0 (the notebook's run, tests/golden/embedding.json).
const e0005 = JSON.parse(await readFile(new URL('../golden/embedding.json', import.meta.url), 'utf8'))['E000-5'].find((g) => g.seed === '0' && g.d_model === 512 && g.scale);
for (const [lang, note] of [['en', /\(decimal point: \.\)$/], ['es', /separador decimal: punto/]]) {
  test(`${lang}: lesson 05's similarity chart exports a CSV whose values are the chart's (PyTorch's, seed 0)`, async () => {
    const { page, problems, context } = await open(`#/same-token-elsewhere?lang=${lang}`);
    const scope = 'figure.similarity-chart';
    const csv = await save(page, scope, 'csv');
    assert.match(csv.name, /^poslab-same-token-elsewhere-.+\.csv$/);
    const [first, header, ...rows] = csv.bytes.toString('utf8').slice(1).trim().split('\r\n').map(cells);
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
