// Lesson "rope": arrows of a rotated pair, the query·key grids (RoPE constant along diagonals, additive
// not), the who-uses-what table and the self-check quiz with feedback, in both languages; links restore;
// bad input explained. Every score in the two tables is recomputed from data.js with the formulas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, frames, field as input, openTable, answerQuiz, settled } from './browser.mjs';
import { QUESTIONS } from '../../web/lessons/13-rope/questions.js';
import { query as QUERY, key as KEY } from '../../web/lessons/13-rope/data.js';

const { open } = useLesson('rope');

/** The score grid as numbers, read from its table. */
async function grid(page, kind) {
  await openTable(page, `.scores-${kind}`);
  const rows = await page.$$eval(`.scores-${kind} tbody tr`, (trs) => trs.map((r) => [...r.cells].slice(1).map((c) => Number(c.textContent))));
  await page.click(`.scores-${kind} summary`);
  return rows;
}
const diagonalSpread = (g) => {
  let spread = 0;
  for (let off = -(g.length - 1); off < g.length; off++) {
    const d = g.flatMap((row, m) => (m - off >= 0 && m - off < g.length ? [row[m - off]] : []));
    spread = Math.max(spread, Math.max(...d) - Math.min(...d));
  }
  return spread;
};

for (const [lang, title, right] of [
  ['es', 'RoPE: las posiciones como giros', /^Correcto\./],
  ['en', 'RoPE: positions as rotations', /^Right\./],
]) {
  test(`${lang}: loads with no errors; RoPE's grid is constant along diagonals, the additive one is not`, async () => {
    const { page, problems, context } = await open(`#/rope?lang=${lang}`);
    assert.equal(await page.textContent('h1'), title);
    assert.equal(await page.getAttribute('.rope-verdict-rope', 'data-constant'), 'true');
    assert.equal(await page.getAttribute('.rope-verdict-additive', 'data-constant'), 'false');
    // The same, read from the tables the student can open (5 significant digits).
    const [ropeGrid, additiveGrid] = [await grid(page, 'rope'), await grid(page, 'additive')];
    assert.ok(ropeGrid.length > 1 && ropeGrid.length === additiveGrid.length, 'both score tables are there');
    assert.ok(diagonalSpread(ropeGrid) < 1e-3);
    assert.ok(diagonalSpread(additiveGrid) > 0.1);
    // The arrows painted: one per position, labelled 0 … 7, each as long as the vector's pair (a rotation keeps
    // it: 1), position 0 not turned (pointing right on the canvas, where the x axis' 1 is).
    const drawn = await page.$eval('.rope-turning canvas', (canvas) => canvas.arrows);
    assert.deepEqual(drawn.map((a) => a.text), ['0', '1', '2', '3', '4', '5', '6', '7']);
    for (const a of drawn) assert.ok(Math.abs(Math.hypot(...a.tip) - 1) < 1e-6, `arrow ${a.text}: ${a.tip}`);
    const one = await page.$eval('.rope-turning svg', (svg) => {
      const tick = [...svg.querySelectorAll('[data-mark="x-axis tick label"] text')].find((t) => t.textContent === '1.0');
      const [box, frame] = [tick.getBoundingClientRect(), svg.getBoundingClientRect()];
      return ((box.left + box.width / 2 - frame.left) * svg.viewBox.baseVal.width) / frame.width;
    });
    assert.ok(Math.abs(drawn[0].to[0] - one) < 1 && Math.abs(drawn[0].to[1] - drawn[0].from[1]) < 0.5, `position 0 at ${drawn[0].to}, the axis' 1 at ${one}`);
    // Every arrow starts at the origin exactly where Plot drew the axes' zero rules (their line, moved by the
    // rule's own transform: Plot's half pixel on a screen of one pixel per CSS pixel).
    const origin = await page.$eval('.rope-turning svg', (svg) => {
      const at = (rule) => {
        const line = rule.querySelector('line');
        const [tx, ty] = rule.getAttribute('transform')?.match(/-?[\d.]+/g)?.map(Number) ?? [0, 0];
        return [Number(line.getAttribute('x1')) + tx, Number(line.getAttribute('y1')) + ty, line.getAttribute('x1') === line.getAttribute('x2')];
      };
      const rules = [...svg.querySelectorAll('g[data-mark="rule"]')].map(at);
      return [rules.find((r) => r[2])[0], rules.find((r) => !r[2])[1]];
    });
    for (const a of drawn) assert.ok(Math.abs(a.from[0] - origin[0]) < 1e-9 && Math.abs(a.from[1] - origin[1]) < 1e-9, `arrow ${a.text} from ${a.from}, the zero rules at ${origin}`);
    // The who-uses-what table (E002-7) is there.
    assert.match(await page.textContent('.lesson .text-table'), /LLaMA/);
    // Quiz: a wrong answer, then the right one, with feedback (E002-9).
    const first = page.locator('.quiz-question').first();
    await first.locator('.quiz-check').click();
    assert.ok((await first.locator('.quiz-feedback').textContent()).length > 5);
    await first.locator('input[value="crash"]').check();
    await first.locator('.quiz-check').click();
    assert.equal(await first.locator('.quiz-feedback').getAttribute('data-result'), 'wrong');
    await first.locator('input[value="shuffled"]').check();
    await first.locator('.quiz-check').click();
    assert.equal(await first.locator('.quiz-feedback').getAttribute('data-result'), 'right');
    assert.match(await first.locator('.quiz-feedback').textContent(), right);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the quiz feedback switches language with the page', async () => {
  const { page, context } = await open('#/rope?lang=en');
  const q = page.locator('.quiz-question').nth(2);
  await q.locator('input[value="full"]').check();
  await q.locator('.quiz-check').click();
  assert.match(await q.locator('.quiz-feedback').textContent(), /^Not quite\. div_term has one value per pair/);
  await page.getByLabel('Language').selectOption('es');
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.match(await q.locator('.quiz-feedback').textContent(), /^No exactamente\. div_term tiene un valor por pareja/);
  await context.close();
});

test('the right answer is not always the first option, and keeps its place after a language switch', async () => {
  const { page, context } = await open('#/rope?lang=en');
  const rights = Object.fromEntries(QUESTIONS.map((q) => [q.id, q.options.find((o) => o.correct).id]));
  const places = async () => page.$$eval('.quiz-question', (sets, answers) => sets.map((set) => [...set.querySelectorAll('input')].findIndex((r) => r.value === answers[set.dataset.question])), rights);
  const before = await places();
  assert.equal(before.length, QUESTIONS.length);
  assert.ok(new Set(before).size > 1, `right answers at ${before}`);
  assert.ok(before.some((place) => place > 0));
  await page.getByLabel('Language').selectOption('es');
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.deepEqual(await places(), before);
  await context.close();
});

test('the self-check\'s question on the base is marked as the page answers it: at base 2 RoPE\'s diagonals stay constant', async () => {
  const { page, problems, context } = await open('#/rope?lang=es');
  await input(page, 'base').fill('2');
  // The arrows and the grids are drawn together: once the arrows' note says base 2, so do the grids' lines.
  await page.waitForFunction(() => document.querySelector('.rope-turning .chart-note').textContent.includes('base 2:'));
  const constant = await page.getAttribute('.rope-verdict-rope', 'data-constant');
  // The additive grid does not turn with the base: its diagonals still vary, so the line under the grids reads both.
  assert.equal(await page.getAttribute('.rope-verdict-additive', 'data-constant'), 'false');
  const marked = QUESTIONS.find((q) => q.id === 'base').options.find((o) => o.correct).id;
  assert.equal(marked, constant === 'true' ? 'constant' : 'varies');
  assert.equal(await answerQuiz(page, '.lesson-quiz', 'base', marked), 'right');
  assert.deepEqual(problems, []);
  await context.close();
});

test('controls redraw the arrows and the grids, and the link restores them', async () => {
  const { page, problems, context } = await open('#/rope?lang=en');
  const arrowsBefore = await page.innerHTML('.rope-turning .chart-host');
  await page.locator('[data-field="pair"] input[type=range]').fill('2');
  await frames(page);
  assert.notEqual(await page.innerHTML('.rope-turning .chart-host'), arrowsBefore);
  assert.match(await page.textContent('.rope-turning figcaption'), /Pair 2 \(columns 4 and 5\)/);
  await page.locator('[data-field="grid"] input[type=range]').fill('5');
  await frames(page);
  assert.equal((await grid(page, 'rope')).length, 5);
  assert.match(page.url(), /pair=2.*grid=5/);
  const again = await open(page.url().slice(page.url().indexOf('#')));
  assert.match(await again.page.textContent('.rope-turning figcaption'), /Pair 2/);
  assert.equal((await grid(again.page, 'rope')).length, 5);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, message] of [
  ['en', /The base has to be between 2 and 1,000,000/],
  ['es', /La base tiene que estar entre 2 y 1\u202f000\u202f000/],
]) {
  test(`${lang}: a base of 1 and a pair beyond dim/2 are explained next to their fields`, async () => {
    const { page, problems, context } = await open(`#/rope?lang=${lang}`);
    await input(page, 'base').fill('1');
    await page.locator('[data-field="base"] .field-error').filter({ hasText: message }).waitFor();
    await settled(page); // the link is written when the reader pauses
    assert.match(page.url(), /base=10000/);
    await input(page, 'pair').fill('6');
    await page.locator('[data-field="pair"] .field-error').filter({ hasText: /3/ }).waitFor();
    await settled(page);
    assert.match(page.url(), /pair=0/);
    // An odd width is explained by RoPE's pairs, not by sines and cosines.
    await input(page, 'dim').fill('7');
    await page.locator('[data-field="dim"] .field-error').filter({ hasText: /RoPE/ }).waitFor();
    assert.doesNotMatch(await page.textContent('[data-field="dim"] .field-error'), /sin|cos/i);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`${lang}: a link with pair 9 and dim 8 draws every figure with pair 0 and says why next to pair`, async () => {
    const { page, problems, context } = await open(`#/rope?lang=${lang}&dim=8&pair=9&grid=5`);
    await page.locator('[data-field="pair"] .field-error').filter({ hasText: /3/ }).waitFor();
    assert.equal(await input(page, 'pair').inputValue(), '0');
    assert.equal(await input(page, 'dim').inputValue(), '8');
    assert.equal((await grid(page, 'rope')).length, 5);
    assert.match(page.url(), /pair=0/);
    assert.equal(await page.locator('.notice').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// The numbers in the two score tables, checked against the formulas: RoPE rotates each pair (2i, 2i+1) of
// the query at position m and of the key at position n by pos·base^(−2i/dim), and the score is the dot
// product of the two rotated vectors; the additive score is (q + PE(m))·(k + PE(n)) with the paper's PE
// (base 10000). Recomputed here in double from data.js's query and key; compared within the digits shown.

/** Half a unit of the last digit of a printed number ("0.070000" → 5e-7, "-1.1646" → 5e-5). */
function halfUnit(text) {
  const [mantissa, exponent = '0'] = text.split('e');
  return 0.5 * 10 ** (Number(exponent) - (mantissa.split('.')[1]?.length ?? 0));
}
/** The score table's cells as printed, row m (query position) by column n (key position). */
async function gridTexts(page, kind) {
  await openTable(page, `.scores-${kind}`);
  const head = await page.$$eval(`.scores-${kind} thead th`, (ths) => ths.map((th) => th.textContent.trim()));
  assert.equal(head[0], 'm \\ n');
  return page.$$eval(`.scores-${kind} tbody tr`, (trs) => trs.map((r) => [...r.cells].slice(1).map((c) => c.textContent.trim())));
}
/** x rotated by RoPE at position pos: pair i turned by pos·base^(−2i/dim). */
function rotate(x, pos, base) {
  const out = new Array(x.length);
  for (let i = 0; i < x.length / 2; i++) {
    const angle = pos * base ** (-(2 * i) / x.length);
    const [a, b] = [x[2 * i], x[2 * i + 1]];
    out[2 * i] = a * Math.cos(angle) - b * Math.sin(angle);
    out[2 * i + 1] = a * Math.sin(angle) + b * Math.cos(angle);
  }
  return out;
}
/** The paper's positional encoding row: sin and cos of pos / 10000^(2i/dim) at columns 2i and 2i + 1. */
const pe = (pos, dim) => Array.from({ length: dim }, (_, j) => {
  const angle = pos / 10000 ** ((2 * Math.floor(j / 2)) / dim);
  return j % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
});
const dotProduct = (a, b) => a.reduce((s, x, j) => s + x * b[j], 0);
/** The diagonals m − n = offset of a square table, as lists of printed cells. */
const diagonals = (g) => Array.from({ length: 2 * g.length - 1 }, (_, k) => k - (g.length - 1))
  .map((offset) => g.flatMap((row, m) => (m - offset >= 0 && m - offset < g.length ? [row[m - offset]] : [])));

for (const [query, dim, base, n] of [['', 8, 10000, 8], ['&dim=16&base=500000&grid=6', 16, 500000, 6]]) {
  test(`the score tables (dim ${dim}, base ${base}, ${n} positions): RoPE's values are its formula's and constant along diagonals, the additive ones are not`, async () => {
    const { page, problems, context } = await open(`#/rope?lang=en${query}`);
    const rope = await gridTexts(page, 'rope');
    const additive = await gridTexts(page, 'additive');
    assert.equal(rope.length, n);
    assert.ok(rope.every((row) => row.length === n) && additive.length === n && additive.every((row) => row.length === n));
    // The module works in float32 (the vectors, the rotations, the sums): four float32 units of the largest
    // score the two vectors can give (‖q‖·‖k‖) on top of the printed rounding.
    const q = QUERY.slice(0, dim), k = KEY.slice(0, dim);
    const float32 = 2 ** -22 * Math.hypot(...q) * Math.hypot(...k);
    for (let m = 0; m < n; m++) {
      for (let j = 0; j < n; j++) {
        const expected = dotProduct(rotate(q, m, base), rotate(k, j, base));
        const shown = rope[m][j];
        assert.ok(Math.abs(Number(shown) - expected) <= halfUnit(shown) + float32, `RoPE score at m = ${m}, n = ${j}: shown ${shown}, formula ${expected}`);
        const qa = q.map((x, i) => x + pe(m, dim)[i]), ka = k.map((x, i) => x + pe(j, dim)[i]);
        const expectedAdditive = dotProduct(qa, ka);
        const shownAdditive = additive[m][j];
        const float32Additive = 2 ** -22 * Math.hypot(...qa) * Math.hypot(...ka);
        assert.ok(Math.abs(Number(shownAdditive) - expectedAdditive) <= halfUnit(shownAdditive) + float32Additive, `additive score at m = ${m}, n = ${j}: shown ${shownAdditive}, formula ${expectedAdditive}`);
      }
    }
    // RoPE: along every diagonal the printed values agree to the digits shown (at most one unit of the last
    // digit apart, the float32 noise straddling a rounding boundary).
    for (const diagonal of diagonals(rope)) {
      const values = diagonal.map(Number);
      const unit = 2 * Math.max(...diagonal.map(halfUnit));
      assert.ok(Math.max(...values) - Math.min(...values) <= unit * 1.0001, `RoPE diagonal ${diagonal.join(' ')}`);
    }
    // Additive: every diagonal with two cells or more changes by far more than the digits shown.
    for (const diagonal of diagonals(additive).filter((d) => d.length >= 2)) {
      const values = diagonal.map(Number);
      assert.ok(Math.max(...values) - Math.min(...values) > 100 * 2 * Math.max(...diagonal.map(halfUnit)), `additive diagonal ${diagonal.join(' ')}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}
