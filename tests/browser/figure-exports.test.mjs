// Every figure of every lesson can be saved as CSV, and that CSV holds what it says: one page per lesson (the
// training lessons after a short run), every figure's buttons clicked, every CSV read back. A CSV is a table
// (each row as long as its header) under a line naming it; the numbers the figure's own table shows are in it,
// row by row and column by column; a caption that names a shape ("100 × 64") is the CSV's shape; the file's
// name is poslab-<lesson>-<figure>-<key>.csv, at most 60 characters, one name per figure of a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openAllTables, runsSettled, saveFigure, csvCells, LESSON_IDS } from './browser.mjs';

const site = useLesson('pe-matrix');

// What a lesson needs before all its figures are drawn: its model trained (briefly: only the figures matter here).
const TRAIN = async (page) => {
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  await runsSettled(page, ['done'], 120000);
  // The figures that read the trained models are drawn once the runs have been measured.
  await page.waitForFunction(() => !document.querySelector('figure.chart .chart-export[hidden]'), null, { timeout: 60000 });
};
const PREPARE = {
  'words-positions-similarity': { query: '', ready: (page) => page.waitForSelector('.w2v-projection .chart-export:not([hidden])', { timeout: 60000 }) },
  'train-transformer': { query: '&c=off&steps=10', ready: TRAIN },
  'longer-than-seen': { query: '&c=off&steps=10', ready: TRAIN },
  'language-model': { query: '&c=off&d=off&e=off&f=off&model=tiny&trainLength=8&steps=10', ready: TRAIN },
};

/**
 * "… (100 × 64, …)", "100 positions × 32 columns", "2,048 × 1,024": the rows and columns a caption names, or null
 * (not "attention × 1.0693²", a product).
 */
function namedShape(caption) {
  const m = /(\d+(?:,\d{3})*)(?:\s+\p{L}+)?\s+×\s+(\d+(?:,\d{3})*)(?![\d.,]\d)/u.exec(caption);
  return m && m.slice(1, 3).map((n) => Number(n.replace(/,/g, '')));
}

/** The shown table (rows of cells, header first) is a window of the CSV's: each cell where its row and column headers meet. */
function assertWindow(shown, csv, what) {
  const [head, ...rows] = shown;
  const column = head.map((name, k) => (k === 0 ? 0 : csv[0].indexOf(name)));
  assert.ok(!column.includes(-1), `${what}: the table's columns ${head.join(' | ')} are all in the CSV`);
  const byHeader = new Map(csv.slice(1).map((row) => [row[0], row]));
  for (const row of rows) {
    const found = byHeader.get(row[0]);
    assert.ok(found, `${what}: row ${row[0]} is in the CSV`);
    assert.deepEqual(column.map((j) => found[j]), row, `${what}: row ${row[0]}`);
  }
}

// Two tables are not windows of their CSV's rows and columns, and say so: lesson 02's prints the ends of a long
// list across the page (as PyTorch prints a tensor), the CSV has one pair per line; lesson 05's joins the first
// values of each vector in one cell, the CSV has every value in its own.
const READ_OTHERWISE = {
  wavelengths([head, values], csv) {
    const byPair = new Map(csv.slice(1).map((row) => [row[0], row[1]]));
    head.forEach((pair, k) => k > 0 && pair !== '…' && assert.equal(byPair.get(pair), values[k], `pair ${pair}`));
    assert.equal(csv.length - 1, Number(head.at(-1)) + 1, 'one line per pair');
  },
  'journey-chart'([, ...rows], csv) {
    const d = (csv[0].length - 2) / 2;
    const firsts = (cell) => cell.split(/\s+/).filter((x) => x !== '…');
    rows.forEach(([position, sentence, embedded, encoded], p) => {
      const row = csv[p + 1];
      assert.deepEqual(row.slice(0, 2), [position, sentence]);
      assert.deepEqual(row.slice(2, 2 + firsts(embedded).length), firsts(embedded));
      assert.deepEqual(row.slice(2 + d, 2 + d + firsts(encoded).length), firsts(encoded));
    });
  },
};

for (const lesson of LESSON_IDS) {
  test(`${lesson}: every figure saves a CSV that reads back as its numbers, under a short name of its own`, async () => {
    const prepare = PREPARE[lesson];
    const { page, problems, context } = await site.open(`#/${lesson}?lang=en${prepare?.query ?? ''}`);
    await prepare?.ready(page);
    const figures = await page.$$eval('figure.chart', (all) => all.map((figure, k) => {
      figure.dataset.exportIndex = k;
      return { key: figure.className.split(' ').at(-1), title: figure.querySelector('figcaption').textContent, shown: !figure.querySelector('.chart-export').hidden };
    }));
    // Every figure drawn has its buttons: no figure without a CSV.
    assert.deepEqual(figures.filter((f) => !f.shown).map((f) => f.title), [], 'figures without downloads');
    await openAllTables(page);
    const names = new Set();
    for (const [k, figure] of figures.entries()) {
      const scope = `figure[data-export-index="${k}"]`;
      const what = `${lesson} ${figure.key}`;
      // A figure drawn inside one of a stepper's steps (ui/stepper.js) is saved from its step, as a reader would.
      const tab = await page.$eval(scope, (f) => f.closest('[role="tabpanel"][hidden]')?.getAttribute('aria-labelledby') ?? null);
      if (tab) await page.click(`#${tab}`);
      assert.equal(await page.isVisible(`${scope} .chart-export-button[data-export="csv"]`), true, `${what}: a CSV button`);
      const { name, bytes } = await saveFigure(page, scope, 'csv');
      assert.ok(name.length <= 60, `${name}: ${name.length} characters`);
      assert.match(name, new RegExp(`^poslab-${lesson}-${figure.key}(-[a-z0-9]+)*\\.csv$`));
      assert.ok(!names.has(name), `${name} is another figure's name too`);
      names.add(name);

      const text = bytes.toString('utf8');
      assert.equal(text.charCodeAt(0), 0xfeff, `${what}: a BOM`);
      const [[note], ...csv] = text.slice(1).replace(/\r\n$/, '').split('\r\n').map(csvCells);
      assert.match(note, /\(decimal point: \.\)$/, what);
      assert.ok(csv.length >= 2 && csv[0].length >= 2, `${what}: a header and numbers`);
      for (const row of csv) assert.equal(row.length, csv[0].length, `${what}: row ${row[0]} is as long as the header`);
      const shape = namedShape(note);
      if (shape) assert.deepEqual([csv.length - 1, csv[0].length - 1], shape, `${what}: "${note}" is its shape`);

      // The figure's own table (hidden where the lesson prints the numbers beside the figure: those have their tests).
      const shown = await page.$$eval(`${scope} details.chart-table:not([hidden]) table`, (tables) => tables[0] && [...tables[0].rows].map((r) => [...r.cells].map((c) => c.textContent.trim())));
      if (!shown) continue;
      if (READ_OTHERWISE[figure.key]) READ_OTHERWISE[figure.key](shown, csv);
      else assertWindow(shown, csv, what);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}
