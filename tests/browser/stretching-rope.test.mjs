// Lesson 18 in the browser: the pairs that meet unseen angles under each way of stretching RoPE, one pair's angle
// position by position, YaRN's ramp, factors such as 2.5, the published presets, links and bad values, in both
// languages. Expected numbers come from the notebook's golden (notebooks/rope_scaling_reference.ipynb →
// tests/golden/rope_scaling.json) wherever it has the setting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, field, openTable, overflow, frames, answerQuiz, proseNumber, settled } from './browser.mjs';
import { golden } from '../wasm/helpers.mjs';
import { formatCount, formatNumber } from '../../web/src/format.js';
import { QUESTIONS } from '../../web/lessons/18-stretching-rope/questions.js';

/** The text of one option of the self-check, as the page shows it. */
const answerText = (page, question, option) => page.textContent(`.lesson-quiz .quiz-question[data-question="${question}"] input[value="${option}"] + span`);

const { open } = useLesson('stretching-rope');

/**
 * The angle chart's lines for the methods named (as its legend names them): each line's points, colour and
 * whether it is dashed, as its canvas painted them (charts/series.js); the legend's colour tells which method a
 * line is.
 */
const linesOf = (page, names) => page.evaluate((names) => {
  const figure = document.querySelector('.stretch-positions');
  const legend = [...figure.querySelectorAll('[class*="swatches"] [class*="swatch"]')].map((s) => ({ name: s.textContent.trim(), color: s.querySelector('svg')?.getAttribute('fill') }));
  const paths = figure.querySelector('.chart-host canvas').series.map((s) => ({ d: JSON.stringify(s.points), stroke: s.colour, dashed: s.dashed }));
  return names.map((name) => paths.find((p) => p.stroke === legend.find((l) => l.name === name)?.color));
}, names);
const { cases } = golden('rope_scaling.json');
const METHODS = ['extrapolation', 'linear', 'ntk', 'dynamic', 'yarn'];
const unseenTable = (page) => page.$$eval('.stretch-unseen tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
const rowsOf = (page, scope) => page.$$eval(`${scope} tbody tr`, (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent)));

/** The golden case of a setting. */
function caseOf({ dim, base = 10000, original, factor }) {
  const c = cases.find((k) => k.dim === dim && k.base === base && k.original_length === original && k.factor === factor);
  assert.ok(c, `a golden case for ${JSON.stringify({ dim, base, original, factor })}`);
  return c;
}

/** The unseen-angles table as the notebook's coverage says it should read (count of pairs, first position). */
function expectedUnseen(c, lang, of) {
  const pairs = c.dim / 2;
  return METHODS.map((m) => {
    const cover = c.coverage[m];
    const firsts = cover.first_unseen_position.filter((p) => p >= 0);
    return [`${cover.unseen.filter(Boolean).length} ${of} ${pairs}`, firsts.length ? formatCount(Math.min(...firsts), lang) : '—'];
  });
}

/** Every row of one pair's angle table against position × the notebook's θ'_i, method by method. */
async function checkAngles(page, c, pair) {
  await openTable(page, '.stretch-positions');
  const rows = await rowsOf(page, '.stretch-positions');
  assert.ok(rows.length >= 33, `${rows.length} rows`);
  const positions = rows.map((r) => Number(r[0]));
  assert.equal(positions[0], 0);
  assert.equal(positions.at(-1), c.last_position);
  assert.ok(positions.includes(c.original_length - 1), 'the end of training is a row');
  for (const [p, ...cells] of rows) {
    METHODS.forEach((m, k) => {
      const want = Number(p) * c.inv_freq[m][pair];
      assert.ok(Math.abs(Number(cells[k]) - want) <= 1e-5 * Math.max(1, Math.abs(want)), `${m} at ${p}: ${cells[k]} vs ${want}`);
    });
  }
  await page.click('.stretch-positions summary');
}

for (const [lang, texts] of [
  ['en', { title: 'Stretching RoPE', of: 'of', methods: ['extrapolation', 'linear interpolation', 'NTK-aware', 'dynamic NTK', 'YaRN'], preset: /LLaMA 3's base, four times as long/, even: /even/ }],
  ['es', { title: 'Estirar RoPE', of: 'de', methods: ['extrapolar', 'interpolación lineal', 'NTK', 'NTK dinámico', 'YaRN'], preset: /La base de LLaMA 3, cuatro veces más largo/, even: /par/ }],
]) {
  test(`${lang}: a LLaMA head from 2048 to 4096, then LLaMA 3's base eight times as long, as the notebook says; bad values explained`, async () => {
    const { page, problems, context } = await open(`#/stretching-rope?lang=${lang}`);
    assert.equal(await page.textContent('h1'), texts.title);
    const llama = caseOf({ dim: 128, original: 2048, factor: 2 });
    assert.match(await page.textContent('.stretch-unseen caption'), new RegExp(formatCount(llama.last_position, lang)));
    const table = await unseenTable(page);
    assert.deepEqual(table.map((r) => r[0]), texts.methods);
    assert.deepEqual(table.map((r) => r.slice(1)), expectedUnseen(llama, lang, texts.of));
    const { low, high, attention_factor: mscale } = llama.yarn;
    assert.match(await page.textContent('.stretch-ramp .chart-note'), new RegExp(`(Pairs up to|Las parejas hasta) ${low} .* (from|las de) ${high} .*${formatNumber(mscale, lang, { decimals: 4 })}`));
    // LLaMA 3's preset (base 500,000, L 8192, × 4), then the factor to 8: the notebook's third case.
    await page.getByRole('button', { name: texts.preset }).click();
    await frames(page);
    assert.match(page.url(), /base=500000&original=8192&factor=4/);
    await field(page, 'factor').fill('8');
    const llama3 = caseOf({ dim: 128, base: 500000, original: 8192, factor: 8 });
    await page.waitForFunction((last) => document.querySelector('.stretch-unseen caption').textContent.includes(last), formatCount(llama3.last_position, lang));
    assert.deepEqual((await unseenTable(page)).map((r) => r.slice(1)), expectedUnseen(llama3, lang, texts.of));
    await frames(page);
    assert.match(page.url(), /factor=8/);
    await field(page, 'dim').fill('7');
    await page.waitForFunction(() => document.querySelector('[data-field="dim"] .field-error').textContent !== '');
    assert.match(await page.textContent('[data-field="dim"] .field-error'), texts.even);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('one pair position by position: the angles are position × the notebook\'s θ\' for every method, with L − 1 marked', async () => {
  const { page, problems, context } = await open('#/stretching-rope?lang=en');
  const llama = caseOf({ dim: 128, original: 2048, factor: 2 });
  assert.equal(await page.textContent('.stretch-positions figcaption'), "Pair 48's angle by position; dashed: end of training");
  // Pair 48 never turned in training: the dotted line is its largest trained angle, 2047·θ_48; YaRN interpolates it.
  const note = await page.textContent('.stretch-positions .chart-note');
  assert.match(note, new RegExp(`never got past ${Number((2047 * llama.inv_freq.extrapolation[48]).toPrecision(6))} radians`));
  assert.match(note, /YaRN interpolates this pair fully: its line is linear interpolation's, drawn dashed over it/);
  // Both lines are drawn: YaRN's dashed, on the very points of linear interpolation's solid line.
  const [linear, yarn] = await linesOf(page, ['linear interpolation', 'YaRN']);
  assert.equal(yarn.d, linear.d);
  assert.ok(yarn.dashed && !linear.dashed && yarn.stroke !== linear.stroke, JSON.stringify({ linear, yarn }));
  // The bases NTK and dynamic NTK use, as the notebook computed them (grouped, to the unit).
  assert.match(note, new RegExp(`base ${formatCount(llama.ntk_base, 'en')}; dynamic NTK, for a text of 4,096 tokens, ${formatCount(llama.dynamic_base, 'en')}\\.`));
  await checkAngles(page, llama, 48);
  // A fast pair turned many times in training: no dotted line, no new angle.
  await field(page, 'pair').fill('3');
  await page.waitForFunction(() => document.querySelector('.stretch-positions figcaption').textContent.startsWith('Pair 3'));
  assert.match(await page.textContent('.stretch-positions .chart-note'), /training showed it every direction/);
  assert.match(await page.textContent('.stretch-positions .chart-note'), /YaRN keeps this pair as trained/);
  const [extrapolation, kept] = await linesOf(page, ['extrapolation', 'YaRN']);
  assert.ok(kept.d === extrapolation.d && kept.dashed && !extrapolation.dashed);
  await checkAngles(page, llama, 3);
  await frames(page);
  assert.match(page.url(), /pair=3/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('factors need not be whole: s = 2.5 (the slider steps by 0.25) matches the notebook; 2.3 typed is taken, 2,5 too; two marks or 0.5 are explained', async () => {
  const { page, problems, context } = await open('#/stretching-rope?lang=en&dim=16&original=64&factor=2&pair=6');
  assert.equal(await page.getAttribute('[data-field="factor"] input[type=range]', 'step'), '0.25');
  await page.locator('[data-field="factor"] input[type=range]').fill('2.5');
  const c = caseOf({ dim: 16, original: 64, factor: 2.5 });
  await page.waitForFunction((last) => document.querySelector('.stretch-unseen caption').textContent.includes(last), String(c.last_position));
  assert.equal(await field(page, 'factor').inputValue(), '2.5');
  // Here even dynamic NTK leaves two pairs in unseen territory (from position 123).
  assert.deepEqual((await unseenTable(page)).map((r) => r.slice(1)), expectedUnseen(c, 'en', 'of'));
  await checkAngles(page, c, 6);
  const note = await page.textContent('.stretch-positions .chart-note');
  assert.match(note, new RegExp(`base ${formatCount(c.ntk_base, 'en')}; dynamic NTK, for a text of 160 tokens, ${formatCount(c.dynamic_base, 'en')}\\.`));
  await frames(page);
  assert.match(page.url(), /factor=2\.5/);
  // Any factor from 1 to 64 may be typed: the slider's quarter steps are only the slider's.
  await field(page, 'factor').fill('2.3');
  const c23 = { last: Math.floor(2.3 * 63) };
  await page.waitForFunction((last) => document.querySelector('.stretch-unseen caption').textContent.includes(last), String(c23.last));
  await frames(page);
  assert.match(page.url(), /factor=2\.3/);
  // A decimal comma is read as the mark it is (a Spanish reader writes 2,5); the link keeps the point.
  await field(page, 'factor').fill('2,5');
  await page.waitForFunction(() => /factor=2\.5/.test(location.hash));
  await field(page, 'factor').fill('2.5.1');
  await page.locator('[data-field="factor"] .field-error').filter({ hasText: /2\.5\.1/ }).waitFor();
  assert.equal(await page.textContent('[data-field="factor"] .field-error'), '“2.5.1” isn\'t a number; write the factor s with a point for the decimals, such as 2.5.');
  await field(page, 'factor').fill('0.5');
  await page.locator('[data-field="factor"] .field-error').filter({ hasText: /0\.5/ }).waitFor();
  assert.equal(await page.textContent('[data-field="factor"] .field-error'), 'The factor s has to be between 1 and 64, and 0.5 isn\'t.');
  await settled(page); // the link is written when the reader pauses
  assert.match(page.url(), /factor=2\.5/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a pair the head does not have moves to the last pair, and its field says why', async () => {
  const { page, problems, context } = await open('#/stretching-rope?lang=es');
  await field(page, 'dim').fill('16');
  await page.locator('[data-field="pair"] .field-error').filter({ hasText: /48/ }).waitFor();
  assert.equal(await page.textContent('[data-field="pair"] .field-error'), 'La pareja tiene que estar entre 0 y 7, y 48 se sale de ese intervalo.');
  assert.equal(await field(page, 'pair').inputValue(), '7');
  await page.waitForFunction(() => document.querySelector('.stretch-positions figcaption').textContent.startsWith('Ángulo de la pareja 7 '));
  await frames(page);
  assert.match(page.url(), /dim=16.*pair=7/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link restores the head and the method; an impossible value in a link falls back to its default', async () => {
  const { page, context } = await open('#/stretching-rope?lang=en&dim=64&base=500000&original=8192&factor=4&method=ntk&pair=20');
  assert.equal(await field(page, 'dim').inputValue(), '64');
  assert.equal(await field(page, 'pair').inputValue(), '20');
  assert.equal(await page.locator('[data-field="method"] select').inputValue(), 'ntk');
  assert.match(await page.textContent('.stretch-unseen caption'), /32,764/);
  assert.equal(await page.locator('.stretch-unseen tr.same th').textContent(), 'NTK-aware');
  assert.equal(await page.textContent('[data-field="pair"] .field-error'), '');
  for (const [query, message] of [
    ['factor=0', /El factor s tiene que estar entre 1 y 64, y 0 se sale de ese intervalo\./],
    ['factor=dos', /«dos» no es un número; escribe el factor s con cifras y una coma para los decimales, como 2,5\./],
  ]) {
    const bad = await open(`#/stretching-rope?lang=es&${query}`);
    assert.equal(await bad.page.locator('.notice').count(), 1);
    assert.match(await bad.page.textContent('.notice'), message);
    assert.equal(await field(bad.page, 'factor').inputValue(), '2');
    await bad.context.close();
  }
  // The Spanish field writes the link's 2.5 with its comma.
  const es = await open('#/stretching-rope?lang=es&factor=2.5');
  assert.equal(await field(es.page, 'factor').inputValue(), '2,5');
  await es.context.close();
  await context.close();
});

test('the self-check (en): the answers agree with the wavelengths and the counts the lab shows', async () => {
  const { page, problems, context } = await open('#/stretching-rope?lang=en');
  const answer = (question, option) => answerQuiz(page, '.lesson-quiz', question, option);
  // The pairs with unseen angles under extrapolation are the slow ones: as many as the pairs whose trained
  // wavelength is longer than L (the last ones in the wavelength table).
  await openTable(page, '.stretch-wavelength');
  const waves = (await rowsOf(page, '.stretch-wavelength')).map((r) => Number(r[1]));
  const slow = waves.map((w, i) => (w > 2048 ? i : -1)).filter((i) => i >= 0);
  assert.deepEqual(slow, Array.from({ length: slow.length }, (_, k) => 64 - slow.length + k), 'the slow pairs are the last ones');
  const [extrapolation, linear] = await unseenTable(page);
  assert.equal(extrapolation[1], `${slow.length} of 64`);
  assert.equal(await answer('unseen', 'fast'), 'wrong');
  assert.equal(await answer('unseen', 'slow'), 'right');
  // Linear interpolation creates no unseen angle (the lab's 0 of 64): what it gives up is resolution.
  assert.equal(linear[1], '0 of 64');
  assert.equal(await answer('linear', 'new'), 'wrong');
  assert.equal(await answer('linear', 'squeeze'), 'right');
  // YaRN keeps fast pairs (weight 1 up to `low`) and interpolates slow ones (0 from `high`), as its ramp shows.
  await openTable(page, '.stretch-ramp');
  const ramp = (await rowsOf(page, '.stretch-ramp')).map((r) => Number(r[1]));
  assert.equal(ramp[0], 1);
  assert.equal(ramp.at(-1), 0);
  assert.ok(ramp.some((w) => w > 0 && w < 1), 'a ramp in between');
  assert.equal(await answer('yarn', 'base'), 'wrong');
  assert.equal(await answer('yarn', 'mix'), 'right');
  // LLaMA 2's preset: the marked option's count is the one the note under the wavelength chart gives.
  await page.getByRole('button', { name: 'LLaMA 2, eight times as long' }).click();
  await page.waitForFunction(() => document.querySelector('.stretch-wavelength .chart-note')?.textContent.includes('L = 4,096'));
  const turned = Number(/^(\d+) of the 64 pairs/.exec(await page.textContent('.stretch-wavelength .chart-note'))[1]);
  const marked = QUESTIONS.find((q) => q.id === 'turned').options.find((o) => o.correct).id;
  assert.ok((await answerText(page, 'turned', marked)).startsWith(`${turned}:`), `${turned} pairs turned; marked ${marked}`);
  assert.equal(await answer('turned', marked), 'right');
  assert.equal(await page.getAttribute('.lesson-quiz .quiz-progress', 'data-right'), '4');
  assert.deepEqual(problems, []);
  await context.close();
});

test('RoFormer\'s bound is drawn as two lines that do not tangle: the steep start distance by distance, then the mean of each band of 64 distances, as its note says', async () => {
  const { page, problems, context } = await open('#/stretching-rope?lang=en');
  const lines = await page.$eval('.stretch-decay .chart-host canvas', (canvas) => canvas.series.map((s) => s.points.length));
  // 4,095 distances: 64 drawn one by one, then 63 bands of 64 (the last one shorter).
  assert.deepEqual(lines, [64 + 63, 64 + 63]);
  assert.match(await page.textContent('.stretch-decay .chart-note'), /past distance 64, each point is the mean over a band of 64 distances/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('at phone width (360 px) the page does not scroll sideways and the angle chart fits', async () => {
  const { page, problems, context } = await open('#/stretching-rope?lang=es', { viewport: { width: 360, height: 780 } });
  assert.equal(await overflow(page), 0);
  for (const scope of ['.stretch-positions', '.stretch-wavelength', '.stretch-angles', '.stretch-ramp']) {
    const box = await page.locator(`${scope} .chart-host svg`).last().boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360 && box.width > 250, `${scope}: ${JSON.stringify(box)}`);
  }
  await openTable(page, '.stretch-positions');
  await openTable(page, '.stretch-angles');
  assert.equal(await overflow(page), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, texts] of [
  ['en', {
    coverage: /With the defaults \(a LLaMA head, ([\d,]+) → ([\d,]+)\), extrapolation leaves (\d+) of the (\d+) pairs in unseen territory, from position ([\d,]+) on; NTK-aware scaling leaves (\d+), from position ([\d,]+); linear interpolation, dynamic NTK and YaRN leave none\./,
    pair: /^With the defaults, pair (\d+) needs ([\d,]+) positions for a turn\. With extrapolation it passes the dotted line from position ([\d,]+) on; with NTK-aware scaling, from position ([\d,]+); with linear interpolation, dynamic NTK or YaRN it never passes the line, up to the last position, ([\d,]+)\. /,
  }],
  ['es', {
    coverage: /Con los valores iniciales \(una cabeza de LLaMA, de ([\d\u202f]+) a ([\d\u202f]+)\), extrapolar deja (\d+) de las (\d+) parejas en territorio no visto, a partir de la posición ([\d\u202f]+); el escalado NTK deja (\d+), a partir de la ([\d\u202f]+); la interpolación lineal, NTK dinámico y YaRN no dejan ninguna\./,
    pair: /^Con los valores iniciales, la pareja (\d+) necesita ([\d\u202f]+) posiciones para dar una vuelta\. Al extrapolar pasa la línea de puntos a partir de la posición ([\d\u202f]+); con el escalado NTK, a partir de la ([\d\u202f]+); con la interpolación lineal, NTK dinámico o YaRN no la pasa nunca, hasta la última posición, la ([\d\u202f]+)\. /,
  }],
]) {
  test(`${lang}: the text's numbers are the kernel's at the defaults: the pairs each method leaves unseen, where pair 48 passes its trained angle (NTK at 3,472, as the angle table shows), the wavelengths`, async () => {
    const { page, problems, context } = await open(`#/stretching-rope?lang=${lang}`);
    const whole = (text) => Number(text.replace(/\D/g, ''));
    const llama = caseOf({ dim: 128, original: 2048, factor: 2 });
    const first = (m, i) => llama.coverage[m].first_unseen_position[i];
    const unseen = (m) => llama.coverage[m].unseen.filter(Boolean).length;
    const earliest = (m) => Math.min(...llama.coverage[m].first_unseen_position.filter((p) => p >= 0));
    // The unseen pairs: as the notebook counts them, and as the table under the paragraph prints them.
    const coverage = texts.coverage.exec(await page.textContent('.stretch-story-coverage')).slice(1).map(whole);
    assert.deepEqual(coverage, [2048, 4096, unseen('extrapolation'), 64, earliest('extrapolation'), unseen('ntk'), earliest('ntk')]);
    for (const m of ['linear', 'dynamic', 'yarn']) assert.equal(unseen(m), 0, m);
    const table = await unseenTable(page);
    const counted = (cell) => /^(\d+) \S+ (\d+)$/.exec(cell).slice(1).map(Number);
    assert.deepEqual([counted(table[0][1]), whole(table[0][2])], [[coverage[2], coverage[3]], coverage[4]]);
    assert.deepEqual([counted(table[2][1]), whole(table[2][2])], [[coverage[5], 64], coverage[6]]);
    // Pair 48: its wavelength, and the first position where each method takes it past its largest trained angle.
    const [pair, wavelength, extrapolation, ntk, last] = texts.pair.exec(await page.textContent('.stretch-story-pair')).slice(1).map(whole);
    assert.equal(pair, 48);
    assert.equal(wavelength, Math.round((2 * Math.PI) / llama.inv_freq.extrapolation[48]));
    assert.deepEqual([extrapolation, ntk, last], [first('extrapolation', 48), first('ntk', 48), llama.last_position]);
    assert.equal(ntk, 3472);
    for (const m of ['linear', 'dynamic', 'yarn']) assert.equal(first(m, 48), -1, m);
    // The angle table agrees: NTK's angle of pair 48 is under the dotted line at every row before 3,472 and
    // above it at every row from there on.
    await openTable(page, '.stretch-positions');
    const trainedMax = 2047 * llama.inv_freq.extrapolation[48];
    for (const [p, , , angle] of await rowsOf(page, '.stretch-positions')) {
      assert.equal(Number(angle) > trainedMax * (1 + 1e-6), Number(p) >= ntk, `NTK at ${p}: ${angle} against ${trainedMax}`);
    }
    // "Pair 0 turns once every 2π ≈ 6.3 positions; with the defaults the last pairs take tens of thousands."
    await openTable(page, '.stretch-wavelength');
    const waves = (await rowsOf(page, '.stretch-wavelength')).map((r) => Number(r[1]));
    assert.equal(waves[0].toFixed(1), '6.3');
    assert.ok(waves.at(-1) >= 10000 && waves.at(-1) < 100000, `${waves.at(-1)}`);
    // The paragraphs speak of the defaults: another factor changes the figures, not them.
    const story = await page.textContent('.stretch-story-pair');
    await field(page, 'factor').fill('4');
    await page.waitForFunction((last) => !document.querySelector('.stretch-unseen caption').textContent.includes(last), formatCount(llama.last_position, lang));
    assert.equal(await page.textContent('.stretch-story-pair'), story);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [lang, texts] of [
  ['en', { title: /^YaRN's weight per pair: 1 keeps θ_i, 0 interpolates$/, y: 'extrapolation weight', mixes: /YaRN's ramp gives this pair an extrapolation weight of (\d\.\d\d), so it turns at (\d+)% of its original speed/, one: '1 of the 2 pairs completed at least one turn within L = 16; the rest only ever saw part of their circle.', all: 'Every one of the 2 pairs completed at least one turn within L = 1,000: each has seen every direction.' }],
  ['es', { title: /^Peso de YaRN por pareja: 1 conserva θ_i, 0 interpola$/, y: 'peso de extrapolación', mixes: /La rampa de YaRN da a esta pareja un peso de extrapolación de (\d[.,]\d\d), así que gira al (\d+)\s% de su velocidad original/, one: '1 de las 2 parejas completó al menos una vuelta dentro de L = 16; las demás solo vieron una parte de su círculo.', all: 'Las 2 parejas completaron al menos una vuelta dentro de L = 1000: todas han visto todas las direcciones.' }],
]) {
  test(`${lang}: YaRN's chart is titled for what it plots, the extrapolation weight (the notebook's), and a mixed pair's speed is w + (1 − w)/s; counts of pairs agree with their verb`, async () => {
    const { page, problems, context } = await open(`#/stretching-rope?lang=${lang}&pair=30`);
    const llama = caseOf({ dim: 128, original: 2048, factor: 2 });
    assert.match(await page.textContent('.stretch-ramp figcaption'), texts.title);
    await openTable(page, '.stretch-ramp');
    assert.deepEqual(await page.$$eval('.stretch-ramp thead th', (ths) => ths.slice(1).map((th) => th.textContent)), [texts.y]);
    assert.deepEqual((await rowsOf(page, '.stretch-ramp')).map((r) => Number(r[1])), llama.yarn.extrapolation_weight.map((w) => Number(w.toFixed(4))));
    // Pair 30 lies on the ramp: its speed is not its weight but w + (1 − w)/s, as the notebook's θ' says.
    const w = llama.yarn.extrapolation_weight[30];
    assert.ok(w > 0 && w < 1, `weight ${w}`);
    const [, weight, kept] = texts.mixes.exec(await page.textContent('.stretch-positions .chart-note'));
    assert.equal(proseNumber(weight, lang), Number(w.toFixed(2)));
    assert.equal(Number(kept), Math.round((100 * llama.inv_freq.yarn[30]) / llama.inv_freq.extrapolation[30]));
    assert.equal(Number(kept), Math.round(100 * (w + (1 - w) / 2)));
    assert.deepEqual(problems, []);
    await context.close();
    // A head of 2 pairs: one of them turned within L = 16; both within L = 1000.
    const small = await open(`#/stretching-rope?lang=${lang}&dim=4&original=16&pair=1`);
    assert.equal(await small.page.textContent('.stretch-wavelength .chart-note'), texts.one);
    await field(small.page, 'original').fill('1000');
    await small.page.waitForFunction((want) => document.querySelector('.stretch-wavelength .chart-note').textContent === want, texts.all);
    assert.deepEqual(small.problems, []);
    await small.context.close();
  });
}
