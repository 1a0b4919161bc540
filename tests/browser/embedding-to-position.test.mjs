// Lesson "From embedding to position" (E000-2, E000-4) in Chromium: the seeded table shows PyTorch's digits,
// the step tables hold the notebook's numbers, controls redraw, the link restores the view, bad input is
// explained in the reader's language. The gap and the float32 bound under the step tables are recomputed from them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLesson, openPage, frames, field, openTable, redrawnBy } from './browser.mjs';

const golden = JSON.parse(readFileSync(new URL('../golden/embedding.json', import.meta.url), 'utf8'));
const site = useLesson('embedding-to-position');
const { open } = site;

/** The cells of every row of the step table whose class is step-<name>. */
const stepTable = (page, name) =>
  page.evaluate((n) => [...document.querySelectorAll(`.step-${n} tbody tr`)].map((r) => [...r.cells].slice(1).map((c) => c.textContent.trim())), name);

/** Numbers as NumPy prints float32: shortest text that reads back as the same float32. */
function numpy(x) {
  const f = Math.fround(x);
  for (let p = 1; p <= 9; p++) if (Math.fround(Number(f.toPrecision(p))) === f) return Number(f.toPrecision(p));
  return f;
}

for (const lang of ['en', 'es']) {
  test(`loads in ${lang}: seed 0 gives PyTorch's -1.1258, -1.1524, -0.2506 and no console errors`, async () => {
    const { page, problems, context } = await open(`#/embedding-to-position?lang=${lang}`);
    const firstRow = await page.evaluate(() => [...document.querySelector('.embedding-table tbody tr').cells].slice(1).map((c) => c.textContent.trim()));
    assert.deepEqual(firstRow.slice(0, 3), ['-1.1258', '-1.1524', '-0.2506']);
    assert.match(await page.textContent('.embedding-table pre'), /torch\.manual_seed\(0\)\s+torch\.nn\.Embedding\(100, 4\)/);
    const heading = await page.textContent('h1');
    assert.equal(heading.trim(), lang === 'en' ? 'From embedding to position' : 'Del embedding a la posición');
    assert.match(await page.textContent('.steps-check'), lang === 'en' ? /PE table again/ : /vuelve a ser la de PE/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the step tables hold the notebook\'s float32 values for E000-2 (seed 0), printed character for character as NumPy printed them', async () => {
  const { page, context } = await open('#/embedding-to-position?lang=en&digits=numpy');
  const g = golden['E000-2'];
  for (const [name, key] of [['embedded', 'embedded'], ['scaled', 'scaled'], ['encoded', 'encoded'], ['shiftScaled', 'shift_scaled']]) {
    const shown = await stepTable(page, name);
    // The notebook's float32 values, to the 8 decimals NumPy prints at most…
    // (the text names the float32 value, or is it rounded to 8 decimals when naming it would take more).
    shown.forEach((row, i) => row.forEach((text, j) => {
      const value = g[key][i][j];
      assert.ok(Math.fround(Number(text)) === Math.fround(value) || Math.abs(Number(text) - value) <= 5e-9, `${name} ${i},${j}: ${text}`);
    }));
    // …and NumPy's text: one notation per array (shift_scaled is scientific, with 8 decimals for every value).
    const printed = golden.numpy_print.find((c) => c.name === `E000-2 ${key}`);
    const cols = printed.shape[1];
    assert.deepEqual(shown, shown.map((row, i) => printed.printed.slice(i * cols, i * cols + row.length)), name);
  }
  assert.match((await stepTable(page, 'shiftScaled'))[1][0], /^8\.41471076e-01$/);
  await context.close();
});

test('changing the seed, the sentence and the scaling redraws; the link keeps the view', async () => {
  const { page, problems, context } = await open('#/embedding-to-position?lang=en');
  const before = await stepTable(page, 'encoded');
  const chartBefore = await page.innerHTML('.journey-chart .chart-host');
  await field(page, 'seed').fill('42');
  await frames(page);
  const afterSeed = await stepTable(page, 'encoded');
  assert.notDeepEqual(afterSeed, before);
  assert.notEqual(await page.innerHTML('.journey-chart .chart-host'), chartBefore);
  assert.match(page.url(), /seed=42/);

  await field(page, 'ids').fill('5,5,5');
  await frames(page);
  assert.equal((await stepTable(page, 'embedded')).length, 3);
  await field(page, 'scale', 'select').selectOption('off');
  await frames(page);
  assert.match(await page.textContent('.steps-check'), /Scaling is off/);
  assert.match(page.url(), /ids=5,5,5/);
  assert.match(page.url(), /scale=off/);

  // the same link in a fresh page shows the same numbers
  const url = page.url();
  const again = await openPage(site.browser);
  await again.page.goto(url);
  await again.page.waitForSelector('.journey-chart .chart-host svg');
  assert.deepEqual(await stepTable(again.page, 'encoded'), await stepTable(page, 'encoded'));
  assert.equal(await field(again.page, 'seed').inputValue(), '42');
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a seed above 2^53 travels as text; the largest 64-bit seed works', async () => {
  const { page, problems, context } = await open('#/embedding-to-position?lang=en&seed=18446744073709551615&vocabSize=33&dModel=6&ids=0,1,2&token=3');
  assert.match(await page.textContent('.embedding-table pre'), /manual_seed\(18446744073709551615\)/);
  assert.equal(await field(page, 'seed').inputValue(), '18446744073709551615');
  assert.match(page.url(), /seed=18446744073709551615/);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, idsError, seedError] of [
  ['en', /Every token id has to be between 0 and 99, and 100 isn't/, /seed has to be between 0 and 18,446,744,073,709,551,615/i],
  ['es', /Cada id de token tiene que estar entre 0 y 99, y 100 se sale/, /semilla tiene que estar entre 0 y 18\u202f446\u202f744\u202f073\u202f709\u202f551\u202f615/i],
]) {
  test(`bad input is explained in ${lang}: an id outside the table, a seed beyond 64 bits`, async () => {
    const { page, problems, context } = await open(`#/embedding-to-position?lang=${lang}`);
    const before = await stepTable(page, 'encoded');
    await field(page, 'ids').fill('0,1,100');
    await page.locator('[data-field="ids"] .field-error').filter({ hasText: idsError }).waitFor();
    assert.deepEqual(await stepTable(page, 'encoded'), before);
    await field(page, 'seed').fill('18446744073709551616');
    await page.locator('[data-field="seed"] .field-error').filter({ hasText: seedError }).waitFor();
    await field(page, 'vocabSize').fill('-3');
    await page.locator('[data-field="vocabSize"] .field-error').waitFor({ state: 'visible' });
    assert.notEqual((await page.textContent('[data-field="vocabSize"] .field-error')).trim(), '');
    assert.deepEqual(await stepTable(page, 'encoded'), before);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a link whose values do not hold together falls back to a default and says why', async () => {
  const { page, context } = await open('#/embedding-to-position?lang=en&vocabSize=50');
  assert.match(await page.textContent('[data-field="vocabSize"] .field-error'), /between 0 and 49, and 80 isn't/);
  assert.equal(await field(page, 'vocabSize').inputValue(), '100');
  assert.equal((await stepTable(page, 'encoded')).length, 5);
  await context.close();
});

test('the token journey: same embedding at every position, a different encoding at each', async () => {
  const { page, context } = await open('#/embedding-to-position?lang=en&digits=numpy');
  await openTable(page, '.journey-chart details');
  const rows = await page.evaluate(() => [...document.querySelectorAll('.journey-chart details tbody tr')].map((r) => [...r.cells].slice(1).map((c) => c.textContent.trim())));
  assert.equal(rows.length, 5);
  assert.deepEqual(rows.map((r) => r[0]), ['[21, 1, 80, 32, 6]', '[0, 21, 80, 32, 6]', '[0, 1, 21, 32, 6]', '[0, 1, 80, 21, 6]', '[0, 1, 80, 32, 21]']);
  assert.equal(new Set(rows.map((r) => r[1])).size, 1);
  assert.equal(new Set(rows.map((r) => r[2])).size, 5);
  // position 0's encoding is the notebook's E000-4 row 0
  const expected = golden['E000-4'].encoded[0].map(numpy);
  assert.deepEqual(rows[0][2].split(/\s+/).map(Number), expected);
  await field(page, 'dimY').fill('3');
  await frames(page);
  assert.match(page.url(), /dimY=3/);
  await context.close();
});

// The check under the step tables: "the largest gap between them is {deviation}, within float32 rounding
// ({bound})". Both numbers are recomputed here from the tables above it, printed with NumPy's digits (the
// shortest text naming each float32, so Math.fround gives the value back). The kernel's formula
// (cpp/src/embedding.cpp, embedding_steps): deviation = max |shift_scaled − PE| in double, and
// roundingBound = max over the cells of half_ulp(encoded) + half_ulp(shift_scaled), float32's half units
// in the last place (shift_scaled = fl(fl(s + p) − s) is p up to those two roundings).

/** Half a float32 unit in the last place of |x|: (nextafter(|x|, +∞) − |x|) / 2, as the kernel computes it. */
function halfUlp(x) {
  const f = new Float32Array([Math.abs(x)]);
  const a = f[0];
  new Uint32Array(f.buffer)[0] += 1;
  return 0.5 * (f[0] - a);
}
/** Half a unit of the last digit of a printed number ("1.1921e-07" → 5e-12). */
/** A number as a sentence writes it in English (1.1921 × 10⁻⁷) in the table's e-notation (1.1921e-7). */
const tableForm = (text) => text.replace(/ × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/, (_, power) => `e${[...power].map((c) => (c === '⁻' ? '-' : '⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(c))).join('')}`);

function halfUnit(text) {
  const [mantissa, exponent = '0'] = text.split('e');
  return 0.5 * 10 ** (Number(exponent) - (mantissa.split('.')[1]?.length ?? 0));
}

for (const [query, cells] of [
  ['', 5 * 4],                                                   // document 000: seed 0, d_model 4, [0, 1, 80, 32, 6]
  ['&seed=42&dModel=8&ids=3,7,7,99,0,12,41&variant=paper', 7 * 8], // all 8 columns shown, another formula
  ['&seed=7&dModel=6&ids=5,50,95,2&scale=off', 4 * 6],            // no scaling: shift_scaled is the shift itself
]) {
  test(`the gap shown (${query || 'document 000'}) is within the bound shown, and both are the kernel's formulas on the tables shown`, async () => {
    const { page, problems, context } = await open(`#/embedding-to-position?lang=en&digits=numpy${query}`);
    const check = await page.textContent('.steps-check');
    const sentence = /largest gap between them is ([^,()]+), within float32 rounding \(([^()]+)\)\./.exec(check);
    assert.ok(sentence, check);
    const match = sentence.map(tableForm);
    const [deviation, bound] = [Number(match[1]), Number(match[2])];
    assert.ok(Number.isFinite(deviation) && deviation > 0, `gap ${match[1]}`);
    assert.ok(Number.isFinite(bound) && bound > 0, `bound ${match[2]}`);
    assert.ok(deviation <= bound, `gap ${match[1]} above the bound ${match[2]}`);
    // Every column is in the tables (d_model ≤ 8): the formulas can be run on all the cells the kernel used.
    assert.equal(await page.locator('.steps .table-note').textContent(), '');
    const [positional, encoded, shiftScaled] = await Promise.all(['positional', 'encoded', 'shiftScaled'].map(
      async (name) => (await stepTable(page, name)).flat().map((text) => Math.fround(Number(text)))));
    assert.deepEqual([positional.length, encoded.length, shiftScaled.length], [cells, cells, cells]);
    let expectedBound = 0;
    let expectedDeviation = 0;
    encoded.forEach((e, i) => {
      expectedBound = Math.max(expectedBound, halfUlp(e) + halfUlp(shiftScaled[i]));
      expectedDeviation = Math.max(expectedDeviation, Math.abs(shiftScaled[i] - positional[i]));
    });
    // The numbers shown are these, to the five digits they are printed with.
    assert.ok(Math.abs(bound - expectedBound) <= halfUnit(match[2]), `bound shown ${match[2]}, recomputed ${expectedBound}`);
    assert.ok(Math.abs(deviation - expectedDeviation) <= halfUnit(match[1]), `gap shown ${match[1]}, recomputed ${expectedDeviation}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// Document 000 says the absolute scale of the matrices does not affect attention; the panel under "Why multiply by
// √d_model?" shows the opposite. The scores q·k/√d and the softmax weights of the sentence of the step tables
// (W_q = W_k = W_v = I), without and with the scaling, against the same head computed here in double from the
// notebook's PyTorch rows (x + PE and x·√d + PE, seed 0, d_model 4, E000-2).
function attentionOf(rows) {
  const d = rows[0].length;
  const scores = rows.map((q) => rows.map((k) => q.reduce((sum, v, c) => sum + v * k[c], 0) / Math.sqrt(d)));
  const weights = scores.map((row) => {
    const top = Math.max(...row);
    const e = row.map((s) => Math.exp(s - top));
    const total = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / total);
  });
  return { scores, weights };
}
/** A number printed with five significant digits is within half a unit of its fifth digit (and float32's error). */
const closeTo = (text, value) => Math.abs(Number(text) - value) <= 5e-5 * Math.abs(value) + 1e-9;

for (const [lang, paper, small, quote, summaryText] of [
  ['en', /\(Vaswani et al\. 2017, §3\.4\)\. There one weight matrix is shared by the two embedding layers and by the linear layer before the final softmax.* in the embedding layers its weights are multiplied by/,
    /values are small|are small \(PyTorch/, /“el valor absoluto de las matrices no afecta a la hora de calcular la atención” \(the absolute value of the matrices does not affect the computation of attention\)\. It does\./,
    /the largest goes from (\S+) without the scaling to (\S+) with it\. .*position 0 gives itself (\S+) of its attention without the scaling and (\S+) with it\./],
  ['es', /\(Vaswani et al\. 2017, §3\.4\)\. Allí una misma matriz de pesos la comparten las dos capas de embedding y la capa lineal anterior al softmax final.* en las capas de embedding sus pesos se multiplican por/,
    /son pequeños/, /«el valor absoluto de las matrices no afecta a la hora de calcular la atención»\. Sí afecta\./,
    /la mayor pasa de (\S+) sin la escala a (\S+) con ella\. .*la posición 0 se da a sí misma (\S+) de su atención sin la escala y (\S+) con ella\./],
]) {
  test(`${lang}: √d_model, the paper's reason, and attention with and without it: the scores and weights change (document 000 says they do not)`, async () => {
    const { page, problems, context } = await open(`#/embedding-to-position?lang=${lang}`);
    const text = (await page.textContent('.lesson')).replace(/\s+/g, ' ');
    assert.match(text, paper);
    assert.doesNotMatch(text, small);
    assert.match(text, quote);
    const g = golden['E000-2'];
    const sides = {
      on: attentionOf(g.encoded),
      off: attentionOf(g.embedded.map((row, i) => row.map((v, j) => Math.fround(v + g.positional[i][j])))),
    };
    const shown = {};
    for (const side of ['off', 'on']) {
      for (const name of ['scores', 'weights']) {
        const rows = (await page.$$eval(`.attention-${name}-${side} tbody tr`, (trs) => trs.map((r) => [...r.cells].slice(1).map((c) => c.textContent.trim()))));
        assert.equal(rows.length, 5);
        rows.forEach((row, i) => row.forEach((cell, j) => assert.ok(closeTo(cell, sides[side][name][i][j]), `${name} ${side} [${i}][${j}]: ${cell} vs ${sides[side][name][i][j]}`)));
        shown[`${name}-${side}`] = rows;
      }
    }
    // The same sentence, the same positions: every score and every weight differs between the two.
    for (const name of ['scores', 'weights']) {
      shown[`${name}-off`].forEach((row, i) => row.forEach((cell, j) => assert.notEqual(cell, shown[`${name}-on`][i][j], `${name} [${i}][${j}]`)));
    }
    // The sentence under the tables quotes the largest score and position 0's own weight of each, as printed.
    // Written as the reader's language writes numbers (3,5315 in Spanish); the tables keep PyTorch's point.
    const [, maxOff, maxOn, selfOff, selfOn] = (summaryText.exec(await page.textContent('.scale-attention-summary')) ?? []).map((n) => n?.replace(',', '.'));
    const largest = (rows) => rows.flat().reduce((a, b) => (Number(b) > Number(a) ? b : a));
    assert.deepEqual([maxOff, maxOn], [largest(shown['scores-off']), largest(shown['scores-on'])]);
    assert.deepEqual([selfOff, selfOn], [shown['weights-off'][0][0], shown['weights-on'][0][0]]);
    assert.ok(Number(maxOn) > 3 * Number(maxOff) && Number(selfOn) > 2 * Number(selfOff), `${maxOff} → ${maxOn}, ${selfOff} → ${selfOn}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('each field of the main panel names in aria-controls the figures it changes, and only those', async () => {
  const { page, problems, context } = await open('#/embedding-to-position?lang=en');
  const figures = ['view-table', 'view-steps', 'view-attention', 'view-journey'];
  // One change per field, each from the page the one before left. A shorter sentence: the journey has a position
  // for each of its words (the token's encoding at a position does not depend on the other words).
  for (const [name, kind, value] of [['vocabSize', 'input[type=text]', '200'], ['dModel', 'input[type=text]', '6'], ['seed', 'input[type=text]', '1'], ['ids', 'input[type=text]', '0,1,40,32'], ['scale', 'select', 'off'], ['variant', 'select', 'paper']]) {
    const control = field(page, name, kind);
    const redrawn = await redrawnBy(page, figures, () => (kind === 'select' ? control.selectOption(value) : control.fill(value)));
    assert.deepEqual(redrawn, (await control.getAttribute('aria-controls')).split(' '), name);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

// The step tables and the attention tables are shown a step at a time (ui/stepper.js); the step shown is kept in
// the link, and the check under the steps is shown whichever step is.
test('the step shown of the layer and of attention comes from the link and goes back into it', async () => {
  const { page, problems, context } = await open('#/embedding-to-position?lang=en&step=3&attentionStep=2');
  assert.ok(await page.locator('.step-shiftScaled').isVisible());
  assert.equal(await page.locator('.step-embedded').isVisible(), false);
  // The attention tables are in a closed aside: a reader opens it.
  await page.locator('details.aside', { has: page.locator('.scale-attention') }).locator('summary').click();
  assert.ok(await page.locator('.attention-weights-on').isVisible());
  assert.equal(await page.locator('.attention-scores-on').isVisible(), false);
  await page.locator('.steps [role=tab]').first().click();
  assert.ok(await page.locator('.step-embedded').isVisible());
  assert.ok(await page.locator('.steps-check').isVisible());
  await page.waitForFunction(() => /[?&]step=1(&|$)/.test(location.hash) && /attentionStep=2/.test(location.hash));
  assert.deepEqual(problems, []);
  await context.close();
});
