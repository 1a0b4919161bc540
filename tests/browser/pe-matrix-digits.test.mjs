// Lesson "pe-matrix-digits": document 001's split of the matrix into pe[:, 0::2] and pe[:, 1::2] (E001-5) and its
// other layout (sines first, then cosines: the same similarities), checked on the page, in both languages,
// against notebook 001; and the links and stored state written before the lesson was split from pe-matrix: a
// link to pe-matrix that names one of this lesson's parameters or figures opens this lesson with its values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, openPage, openTable, field, frames, proseNumber, waitForReady } from './browser.mjs';

const golden = JSON.parse(readFileSync(new URL('../golden/doc001.json', import.meta.url), 'utf8'));
const site = useLesson('pe-matrix-digits');
const { open } = site;
/** Loads an old link (to pe-matrix) in a fresh context and waits for the lesson it now opens. */
async function follow(hash, lesson = 'pe-matrix-digits') {
  const opened = await openPage(site.browser);
  await opened.page.goto(site.server.url + hash);
  await waitForReady(opened.page, `#/${lesson}`);
  return opened;
}
const cells = (page, selector) => page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));

for (const [lang, halfWords, smallWords] of [
  ['en', /pe\[:, 0::2\]: 20 positions × 256 columns/, '× 4 columns'],
  ['es', /pe\[:, 0::2\]: 20 posiciones × 256 columnas/, '× 4 columnas'],
]) {
  test(`${lang}: the two halves pe[:, 0::2] and pe[:, 1::2] are document 001's (vectorised code, 20 × 512)`, async () => {
    const { page, problems, context } = await open(`#/pe-matrix-digits?lang=${lang}&variant=paper&dModel=512&maxLen=20`);
    await openTable(page, '.halves-sin');
    await openTable(page, '.halves-cos');
    const sin = await cells(page, '.halves-sin details');
    const cos = await cells(page, '.halves-cos details');
    const pe = golden['E001-5'].pe;
    assert.match(await page.textContent('.halves-sin figcaption'), halfWords);
    assert.match(await page.textContent('.halves-cos figcaption'), /pe\[:, 1::2\]/);
    // The lab's paper formula is the exact value rounded once; PyTorch's float32 pipeline can be one float32
    // step away, which can move the fifth printed digit: compare to half a unit of it.
    for (let k = 0; k < 8; k++) {
      assert.ok(Math.abs(Number(sin[1][k + 1]) - pe[1][2 * k]) <= 6e-6, `sin ${k}: ${sin[1][k + 1]} vs ${pe[1][2 * k]}`);
      assert.ok(Math.abs(Number(cos[1][k + 1]) - pe[1][2 * k + 1]) <= 6e-6, `cos ${k}: ${cos[1][k + 1]} vs ${pe[1][2 * k + 1]}`);
    }
    // As document 001 printed row 1: sines 0.84147, 0.82186, 0.80196; cosines 0.5403, 0.5697, 0.5974.
    assert.deepEqual(sin[1].slice(1, 4), ['0.84147', '0.82186', '0.80196']);
    assert.deepEqual(cos[1].slice(1, 4).map((v) => Number(v).toFixed(4)), ['0.5403', '0.5697', '0.5974']);
    await field(page, 'dModel', 'input[type=range]').fill('8');
    await frames(page);
    await page.locator('.halves-cos figcaption', { hasText: smallWords }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
}

/** cos(PE(a), PE(b)) of the paper's formula, in double precision. */
function paperCosine(a, b, d) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < d / 2; i++) {
    const w = 10000 ** (-2 * i / d);
    const pa = [Math.sin(a * w), Math.cos(a * w)];
    const pb = [Math.sin(b * w), Math.cos(b * w)];
    for (const k of [0, 1]) {
      dot += pa[k] * pb[k];
      na += pa[k] ** 2;
      nb += pb[k] ** 2;
    }
  }
  return dot / Math.sqrt(na * nb);
}

for (const [lang, names] of [
  ['en', ['Interleaved: sin, cos, sin, cos, …', 'Sines first, then cosines']],
  ['es', ['Alternadas: sen, cos, sen, cos, …', 'Primero los senos, luego los cosenos']],
]) {
  test(`${lang}: document 001's other layout (sines first) is the same code reordered, with the same similarities`, async () => {
    const { page, problems, context } = await open(`#/pe-matrix-digits?lang=${lang}&variant=paper&dModel=64&posA=3&posB=17`);
    await page.locator('.layouts caption', { hasText: '3' }).first().waitFor();
    const [values, similarities] = await page.$$eval('.layouts table', (tables) => tables.map((t) => ({
      columns: [...t.tHead.rows[0].cells].slice(1).map((c) => c.textContent.trim()),
      rows: [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent.trim())),
    })));
    // Position 3 in both layouts: columns 0, 1, 2 and 32, 33, 34 (the second half).
    assert.deepEqual(values.columns, ['0', '1', '2', '…', '32', '33', '34', '…']);
    assert.deepEqual(values.rows.map((r) => r[0]), names);
    const w = (i) => 10000 ** (-2 * i / 64);
    const expected = {
      interleaved: [Math.sin(3), Math.cos(3), Math.sin(3 * w(1)), null, Math.sin(3 * w(16)), Math.cos(3 * w(16)), Math.sin(3 * w(17)), null],
      split: [Math.sin(3), Math.sin(3 * w(1)), Math.sin(3 * w(2)), null, Math.cos(3), Math.cos(3 * w(1)), Math.cos(3 * w(2)), null],
    };
    for (const [k, name] of ['interleaved', 'split'].entries()) {
      expected[name].forEach((x, j) => {
        if (x === null) assert.equal(values.rows[k][j + 1], '…');
        else assert.ok(Math.abs(Number(values.rows[k][j + 1]) - x) <= 6e-6, `${name}, column ${values.columns[j]}: ${values.rows[k][j + 1]} vs ${x}`);
      });
    }
    // The similarity of positions 3 and 17: the same seven digits in both layouts, and the true cosine.
    assert.deepEqual(similarities.rows.map((r) => r[0]), names);
    const [interleaved, split] = similarities.rows.map((r) => r[1]);
    assert.equal(split, interleaved);
    const truth = paperCosine(3, 17, 64);
    assert.ok(Math.abs(Number(interleaved) - truth) < 1e-6, `${interleaved} vs ${truth}`);
    assert.ok(Math.abs(truth - 1) > 0.01, 'two different positions, not a vector against itself');
    // Every similarity among positions 0 to 17, both ways: equal up to float32 rounding.
    const summary = await page.textContent('.layouts-summary');
    const gap = lang === 'en' ? /0 to 17, the 324 similarities of the two layouts differ by at most (.+):/ : /0 a 17, las 324 similitudes de las dos disposiciones difieren como mucho en (.+):/;
    const identical = lang === 'en' ? /The 324 similarities among positions 0 to 17 are identical/ : /Las 324 similitudes entre las posiciones 0 a 17 son idénticas/;
    const measured = gap.exec(summary);
    assert.ok(measured || identical.test(summary), summary);
    if (measured) assert.ok(proseNumber(measured[1], lang) < 1e-6, summary);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('an old link to pe-matrix with the row inspector\'s or the comparison\'s values opens pe-matrix-digits with them', async () => {
  const { page, problems, context } = await follow('#/pe-matrix?lang=en&maxLen=20&dModel=512&variant=literal&rows=2,10&cmpLenA=10&cmpDA=4&cmpLenB=5&cmpDB=4');
  assert.equal(await page.textContent('h1'), 'The matrix, digit by digit');
  assert.equal(await field(page, 'rows').inputValue(), '2,10');
  assert.equal(await field(page, 'variant', 'select').inputValue(), 'literal');
  assert.equal(await page.locator('.inspector-table').count(), 2);
  // (10, 4) next to (5, 4): the five shared rows are identical.
  await page.waitForFunction(() => document.querySelector('.compare-summary')?.textContent.includes('5 of the 5'));
  // The link now names the lesson shown, with its values.
  await page.waitForFunction(() => location.hash.startsWith('#/pe-matrix-digits?') && /rows=2,10/.test(location.hash) && /dModel=512/.test(location.hash));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link to pe-matrix that changes only what stays there (max_len, the line chart) still opens pe-matrix', async () => {
  const { page, problems, context } = await open('#/pe-matrix?lang=en&maxLen=30&dims=4,5');
  assert.equal(await page.getAttribute('html', 'data-lesson-ready'), 'pe-matrix');
  assert.match(await page.textContent('.heatmap figcaption'), /30 positions/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an embedded figure of pe-matrix that moved (figure=halves) opens pe-matrix-digits with that figure alone', async () => {
  const { page, problems, context } = await follow('#/pe-matrix?lang=es&dModel=16&embed=1&figure=halves');
  await page.locator('.halves-sin figcaption', { hasText: '× 8 columnas' }).waitFor();
  assert.ok(await page.locator('[data-slot="halves"]').isVisible());
  // Only the figure and the panel that drives it: not the rest of the lesson, nor a notice of an unknown figure.
  assert.equal(await page.locator('[data-slot="compare"]').isVisible(), false);
  assert.equal(await page.locator('#notices .notice').count(), 0);
  await page.waitForFunction(() => /^#\/pe-matrix-digits\?.*&embed=1&figure=halves/.test(location.hash));
  assert.deepEqual(problems, []);
  await context.close();
});

test('what this browser kept for pe-matrix before the split (its values and self-check answers) breaks nothing', async () => {
  const { page, problems, context } = await open('#/pe-matrix-digits?lang=en', {
    initScript: () => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('poslab:params:pe-matrix', 'lang=en&maxLen=33&dModel=64&variant=paper&dims=0,1&shown=all&rows=1,9&posA=2&posB=10&cmpLenA=7&cmpDA=4&cmpLenB=5&cmpDB=6');
      localStorage.setItem('poslab:quiz:peMatrix.quiz', JSON.stringify({ row: 'positions', extend: 'same', notebookRow: 'sin' }));
    },
  });
  // Back to pe-matrix from inside the lab (the lesson list): its kept values come back, the others are ignored.
  await page.locator('#lessons-nav a[href="#/pe-matrix"]').click();
  await waitForReady(page, '#/pe-matrix');
  await page.locator('.heatmap figcaption', { hasText: '33 positions' }).waitFor();
  assert.doesNotMatch(page.url(), /rows=|cmpLenA=/);
  // The answer to a question still in the lesson is kept; those of questions that moved count for nothing.
  assert.equal(await page.getAttribute('.lesson-quiz .quiz-progress', 'data-right'), '1');
  assert.deepEqual(problems, []);
  await context.close();
});
