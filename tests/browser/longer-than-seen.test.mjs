// Lesson 15 in the browser: up to six causal runs (one per method) trained on lengths 2 … L are measured on every
// length up to 2L, at most as many training at once as the machine has cores; the learned table's missing rows
// are a result in the table (E002-2's IndexError), not a crash; the default's results fall in the ranges the
// text's "What we found" gives and agree with the self-check; cancel, continue, presets, links that restore
// and reproduce a run, bad values explained. Both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openTable, runsSettled, continuedPast, answerQuiz, proseNumber } from './browser.mjs';
import { longerThanSeenFindings, paragraphWith } from './training-findings.mjs';
import { QUESTIONS } from '../../web/lessons/15-longer-than-seen/questions.js';

const { open } = useLesson('longer-than-seen');
const OFF = 'd=off&e=off&f=off';

const settled = (page, states = ['done']) => runsSettled(page, states, 180000);

/** The result table (accuracy by length): {columns, rows: [[length, values…]]} as printed. */
async function resultTable(page) {
  await page.waitForSelector('.longer-by-length svg', { timeout: 180000 });
  await openTable(page, '.longer-by-length');
  return {
    columns: await page.$$eval('.longer-by-length thead th', (ths) => ths.slice(1).map((th) => th.textContent)),
    rows: await page.$$eval('.longer-by-length tbody tr', (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent))),
  };
}

for (const [lang, texts] of [
  ['en', { train: 'Train', title: 'Longer than it has seen', noRow: 'no row (table of 9)', missing: /has 9 rows .* IndexError/, unseen: '(never seen)' }],
  ['es', { train: 'Entrenar', title: 'Más largo de lo que vio', noRow: 'sin fila (tabla de 9)', missing: /tiene 9 filas .* IndexError/, unseen: '(nunca vista)' }],
]) {
  test(`${lang}: trained on 2–4 digits, measured up to 8: the learned table ≥ 0.9 where it has rows and none past them, ALiBi ≥ 0.7 at L, the sinusoidal code falls past L`, async () => {
    const { page, problems, context } = await open(`#/longer-than-seen?lang=${lang}&a=sinusoidal&b=alibi&c=learned&${OFF}&trainMax=4&steps=300&seed=0`);
    assert.equal(await page.textContent('h1'), texts.title);
    await page.getByRole('button', { name: texts.train, exact: true }).click();
    const { rows } = await resultTable(page);
    assert.deepEqual(rows.map((r) => r[0]), ['2', '3', '4', `5 ${texts.unseen}`, `6 ${texts.unseen}`, `7 ${texts.unseen}`, `8 ${texts.unseen}`]);
    const at = (n, col) => Number(rows[n - 2][col]);
    // Measured in the lab (seed 0, 300 steps): learned 1.000 at 2–4; ALiBi 0.814 at 4 and 0.481 at 8;
    // sinusoidal 0.994 at 4 and 0.372 at 8.
    for (const n of [2, 3, 4]) assert.ok(at(n, 3) >= 0.9, `learned at ${n}: ${at(n, 3)}`);
    assert.ok(at(4, 2) >= 0.7, `ALiBi at L: ${at(4, 2)}`);
    assert.ok(at(4, 1) >= 0.9 && at(8, 1) <= 0.6, `sinusoidal ${at(4, 1)} → ${at(8, 1)}`);
    assert.ok(at(8, 2) > at(8, 1), 'ALiBi above the sinusoidal code at 2L');
    // lengths 2–4 fit the learned table (2·4 + 1 = 9 rows); 5 and beyond do not
    rows.slice(3).forEach((row) => assert.equal(row[3], texts.noRow));
    assert.match(await page.textContent('.longer-summary'), texts.missing);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('en: the page opens on all six methods, trains at most one per core at a time, draws one line each; the results lie in the ranges "What we found" gives and the self-check\'s answers hold, the one marked against the table too', async () => {
  const { page, problems, context } = await open('#/longer-than-seen?lang=en');
  const methods = await page.$$eval('.train-run:not([hidden]) label', (ls) => ls.map((l) => l.textContent));
  assert.deepEqual(methods, ['none', 'sinusoidal', 'learned', 'RoPE', 'ALiBi', 'T5 bias']);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  if (cores < 6) {
    // The others wait their turn (on this machine: cores runs at a time).
    await page.waitForFunction(() => document.querySelectorAll('.train-run[data-state="running"]').length > 0);
    const states = await page.$$eval('.train-run', (rows) => rows.map((r) => r.dataset.state));
    assert.ok(states.filter((s) => s === 'running').length <= cores, states.join());
    assert.ok(states.includes('waiting'), states.join());
    assert.match(await page.textContent('.train-run[data-state="waiting"] .train-run-status'), /Waiting for a free core/);
  }
  await settled(page);
  // Tens of thousands of parameters each, as the text's comparison with the published study says.
  for (const status of await page.$$eval('.train-run-status', (ps) => ps.map((p) => p.textContent))) {
    const parameters = Number(/([\d,]+) parameters/.exec(status)[1].replace(/,/g, ''));
    assert.ok(parameters >= 10000 && parameters < 100000, status);
  }
  const { columns, rows } = await resultTable(page);
  assert.deepEqual(columns, methods);
  assert.equal(rows.length, 15); // lengths 2 … 16
  await openTable(page, '.train-accuracy');
  assert.deepEqual(await page.$$eval('.train-accuracy thead th', (ths) => ths.slice(1).map((th) => th.textContent)), methods);
  const col = Object.fromEntries(['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'].map((m, i) => [m, i + 1]));
  const at = (n, m) => Number(rows[n - 2][col[m]]);
  // "What we found": each of the first preset's ranges (seeds 0 to 4) holds seed 0's value.
  await page.locator('details.train-findings summary').click();
  const found = await page.$$eval('details.train-findings table', (tables) => [...tables[0].querySelectorAll('tr')].map((r) => [...r.cells].map((c) => c.textContent.trim())));
  const lengths = found[0].slice(1).map((h) => Number.parseInt(h, 10));
  assert.deepEqual(lengths, [4, 8, 9, 10, 12, 16]);
  found.slice(1).forEach((row, k) => {
    const method = Object.keys(col)[k];
    row.slice(1).forEach((range, j) => {
      const n = lengths[j];
      if (range === 'no row') {
        assert.match(rows[n - 2][col[method]], /^no row/, `${method} at ${n}`);
        return;
      }
      const [lo, hi = lo] = range.split('–').map(Number);
      assert.ok(at(n, method) >= lo - 0.005 && at(n, method) < hi + 0.005, `${method} at ${n}: ${at(n, method)} is outside ${range}`);
    });
  });
  // The learned table: ≥ 0.9 at every trained length, no row beyond.
  for (let n = 2; n <= 8; n++) assert.ok(at(n, 'learned') >= 0.9, `learned at ${n}`);
  // Self-check "sinusoid": near 1 at L, then a cliff.
  assert.ok(at(8, 'sinusoidal') >= 0.9 && at(9, 'sinusoidal') <= 0.75 && at(10, 'sinusoidal') <= 0.5, 'sinusoidal cliff');
  // Self-check "alibi": past L it falls slowly and steadily (never 0.1 from one length to the next), well above
  // the sinusoidal code at 2L.
  for (let n = 8; n < 16; n++) assert.ok(at(n, 'alibi') - at(n + 1, 'alibi') < 0.1, `ALiBi ${n} → ${n + 1}`);
  assert.ok(at(16, 'alibi') > at(16, 'sinusoidal') + 0.2);
  // No positions above the sinusoidal code and RoPE at 2L.
  assert.ok(at(16, 'none') > at(16, 'sinusoidal') && at(16, 'none') > at(16, 'rope'));
  // Self-check "twice": of its three options, the marked one is the best at 2L in this table.
  const twice = QUESTIONS.find((q) => q.id === 'twice').options;
  const best = twice.map((o) => o.id).reduce((a, b) => (at(16, b) > at(16, a) ? b : a));
  assert.equal(twice.find((o) => o.correct).id, best, twice.map((o) => `${o.id} ${at(16, o.id)}`).join(', '));
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, texts] of [
  ['es', { train: 'Entrenar', cancel: 'Cancelar', more: 'Continuar', waiting: /Esperando un núcleo libre/, stopped: 'Detenido en el paso 0.', step: /Paso ([\d\u202f]+) de ([\d\u202f]+)/ }],
  ['en', { train: 'Train', cancel: 'Cancel', more: 'Continue', waiting: /Waiting for a free core/, stopped: 'Stopped at step 0.', step: /Step ([\d,]+) of ([\d,]+)/ }],
]) {
  test(`${lang}: cancel stops the running runs part-way and the waiting ones before they start; continue gives the cores first to the runs that trained least, each from its own step`, async () => {
    const { page, problems, context } = await open(`#/longer-than-seen?lang=${lang}&size=large&steps=5000`);
    await page.getByRole('button', { name: texts.train, exact: true }).click();
    const status = '.train-run[data-run="a"] .train-run-status';
    const steps = (text) => texts.step.exec(text)?.slice(1).map((x) => Number(x.replace(/\D/g, '')));
    await page.waitForFunction(({ source, selector }) => {
      const m = new RegExp(source).exec(document.querySelector(selector).textContent);
      return m && Number(m[1].replace(/\D/g, '')) > 0;
    }, { source: texts.step.source, selector: status });
    const bar = await page.locator('#train-progress-a').evaluate((p) => p.value);
    assert.ok(bar > 0 && bar < 1, `progress ${bar}`);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    if (cores < 6) assert.match(await page.textContent('.train-run[data-run="f"] .train-run-status'), texts.waiting);
    await page.getByRole('button', { name: texts.cancel }).click();
    await settled(page, ['cancelled']);
    const stoppedAt = {};
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      stoppedAt[id] = Number(/(?:step|paso) ([\d,\u202f]+)/.exec(await page.textContent(`.train-run[data-run="${id}"] .train-run-status`))[1].replace(/\D/g, ''));
    }
    const stopped = stoppedAt.a;
    assert.ok(stopped > 0 && stopped < 5000, `stopped at ${stopped}`);
    if (cores < 6) assert.equal(await page.textContent('.train-run[data-run="f"] .train-run-status'), `${texts.stopped} ${lang === 'es' ? 'Continuar sigue desde ahí.' : 'Continue goes on from there.'}`);
    const more = page.getByRole('button', { name: texts.more });
    assert.equal(await more.isEnabled(), true);
    await more.click();
    // Continue gives the cores first to the runs that trained least (those stopped while they waited), so
    // cancelling and continuing again and again leaves no run behind; each goes on from its own step.
    const order = Object.keys(stoppedAt).sort((x, y) => stoppedAt[x] - stoppedAt[y] || x.localeCompare(y));
    const first = `.train-run[data-run="${order[0]}"] .train-run-status`;
    await continuedPast(page, { source: texts.step.source, selector: first, from: stoppedAt[order[0]], steps: 5000 });
    assert.deepEqual(steps(await page.textContent(first)).slice(1), [stoppedAt[order[0]] + 5000]);
    const turn = order.slice(0, Math.min(cores, 6)).sort().join();
    await page.waitForFunction((want) => [...document.querySelectorAll('.train-run[data-state="running"]')].map((r) => r.dataset.run).sort().join() === want, turn);
    await page.getByRole('button', { name: texts.cancel }).click();
    await settled(page, ['cancelled']);
    // Stopped runs are measured as they are: the table has every run.
    const { columns } = await resultTable(page);
    assert.equal(columns.length, 6);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('es: the same link trains the same runs twice: identical result tables and curves', async () => {
  const hash = `#/longer-than-seen?lang=es&task=copy&a=rope&b=t5&c=off&${OFF}&trainMax=3&size=small&steps=60&seed=5`;
  const tables = [];
  for (let i = 0; i < 2; i++) {
    const { page, problems, context } = await open(hash);
    await page.getByRole('button', { name: 'Entrenar', exact: true }).click();
    await settled(page);
    const result = await resultTable(page);
    await openTable(page, '.train-accuracy');
    const curves = await page.$$eval('.train-accuracy tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
    tables.push({ result, curves });
    assert.deepEqual(problems, []);
    await context.close();
  }
  assert.deepEqual(tables[0].result.columns, ['RoPE', 'sesgo T5']);
  assert.equal(tables[0].result.rows.length, 5); // lengths 2 … 6
  assert.equal(tables[0].curves.at(-1)[0], '60');
  assert.deepEqual(tables[1], tables[0]);
});

test('en: the presets set up the measured experiments; a link restores the runs and L', async () => {
  const { page, problems, context } = await open(`#/longer-than-seen?lang=en&task=reverse&a=t5&b=none&c=off&${OFF}&trainMax=5&size=large&seed=9`);
  for (const [name, value] of [['task', 'reverse'], ['a', 't5'], ['b', 'none'], ['c', 'off'], ['f', 'off'], ['size', 'large']]) {
    assert.equal(await page.locator(`[data-field="${name}"] select`).inputValue(), value, name);
  }
  assert.equal(await page.locator('[data-field="trainMax"] input[type=text]').inputValue(), '5');
  assert.equal(await page.locator('[data-field="seed"] input').inputValue(), '9');
  assert.deepEqual(await page.$$eval('.train-run', (rows) => rows.map((r) => r.hidden)), [false, false, true, true, true, true]);
  const all = { a: 'none', b: 'sinusoidal', c: 'learned', d: 'rope', e: 'alibi', f: 't5' };
  // A time is stated only with the machine it was measured on (the page measures the reader's own as it trains).
  assert.match(await page.textContent('.train-presets .presets-title'), /On a 2-core laptop-class machine the small model's six runs took .* and the patient's about 7 minutes; on yours, the page says how long they have left/);
  for (const [preset, size, steps, detail] of [['patient', 'large', '1500', 'd_model 64, 4 heads, 2 layers · 1,500 steps'], ['small', 'small', '600', 'd_model 32, 4 heads, 2 layers · 600 steps']]) {
    const button = page.locator(`.train-presets button[data-preset="${preset}"]`);
    assert.equal(await button.locator('.preset-detail').textContent(), detail);
    await button.click();
    for (const [name, value] of Object.entries({ task: 'copy', ...all, size })) assert.equal(await page.locator(`[data-field="${name}"] select`).inputValue(), value, `${preset}: ${name}`);
    assert.equal(await page.locator('[data-field="steps"] input').inputValue(), steps);
    assert.equal(await page.locator('[data-field="trainMax"] input[type=text]').inputValue(), '8');
    assert.equal(await page.locator('[data-field="seed"] input').inputValue(), '0');
    assert.equal(await page.locator('.train-run:not([hidden])').count(), 6);
    assert.match(page.url(), new RegExp(`task=copy&a=none&b=sinusoidal&c=learned&d=rope&e=alibi&f=t5&trainMax=8&size=${size}&steps=${steps}&seed=0`));
  }
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, field, notice] of [
  ['en', /^The number of steps has to be between 10 and 5,000, and 0 isn't\.$/, /^The link set trainMax \(Longest training length L\) to “40”, which can't be used: The longest training length has to be between 3 and 12, and 40 isn't\. I've put back the default value, 8\./],
  ['es', /^El número de pasos tiene que estar entre 10 y 5000, y 0 se sale de ese intervalo\.$/, /^El enlace ponía trainMax \(Longitud máxima de entrenamiento L\) a «40», y ese valor no sirve: La longitud máxima de entrenamiento tiene que estar entre 3 y 12, y 40 se sale de ese intervalo\. He vuelto a poner el valor por defecto, 8\./],
]) {
  test(`${lang}: a bad value is explained next to its field; a bad link value is explained and falls back to the default`, async () => {
    const { page, context } = await open(`#/longer-than-seen?lang=${lang}`);
    await page.locator('[data-field="steps"] input').fill('0');
    await page.waitForFunction(() => document.querySelector('[data-field="steps"] .field-error').textContent !== '');
    assert.match(await page.textContent('[data-field="steps"] .field-error'), field);
    const bad = await open(`#/longer-than-seen?lang=${lang}&trainMax=40`);
    assert.equal(await bad.page.locator('.notice').count(), 1);
    assert.match(await bad.page.textContent('.notice'), notice);
    assert.equal(await bad.page.locator('[data-field="trainMax"] input[type=text]').inputValue(), '8');
    await bad.context.close();
    await context.close();
  });
}

for (const [lang, texts] of [
  ['en', {
    study: 'Kazemnejad',
    found: [/The most common methods, ALiBi, RoPE and the absolute codes, are not well suited to longer inputs/, /a model with no positional encoding at all \(NoPE\) did better than every method that adds one/, /among those, T5's relative bias did best/],
    misquote: /ALiBi and T5's bias do better|agree on the absolute codes and on ALiBi/,
    lab: 'The lab\'s runs agree',
    numbers: /in the larger model T5 \((\d\.\d\d)\) and ALiBi \((\d\.\d\d)\) end well above it \((\d\.\d\d)\)/,
    setup: /trained on inputs of at most 8 digits/,
    steps: '1,500 steps',
    feedback: /Kazemnejad et al\. found ALiBi less suited to longer inputs than no positions at all or T5's bias/,
  }],
  ['es', {
    study: 'Kazemnejad',
    found: [/Los métodos más usados, ALiBi, RoPE y los códigos absolutos, no sirven bien para entradas más largas/, /un modelo sin ningún encoding posicional \(NoPE\) lo hizo mejor que todos los métodos que añaden uno/, /entre estos, el sesgo relativo de T5 fue el mejor/],
    misquote: /ALiBi y el sesgo de T5 lo hacen mejor|coinciden en los códigos absolutos y en ALiBi/,
    lab: 'Las ejecuciones del laboratorio coinciden',
    numbers: /con el modelo grande T5 \((\d[.,]\d\d)\) y ALiBi \((\d[.,]\d\d)\) acaban muy por encima de él \((\d[.,]\d\d)\)/,
    setup: /con entradas de 8 dígitos como máximo/,
    steps: 'pasos, 1500 como mucho',
    feedback: /Kazemnejad et al\. encontraron que ALiBi sirve peor para entradas más largas que no usar ninguna posición o que el sesgo de T5/,
  }],
]) {
  test(`${lang}: the text says what Kazemnejad et al. found, then where the lab's own table agrees and differs, with the table's numbers`, async () => {
    const [small, patient] = await longerThanSeenFindings(open, lang);
    const { page, problems, context } = await open(`#/longer-than-seen?lang=${lang}`);
    const study = await paragraphWith(page, texts.study);
    for (const claim of texts.found) assert.match(study, claim);
    assert.doesNotMatch(study, texts.misquote);
    const lab = await paragraphWith(page, texts.lab);
    assert.doesNotMatch(lab, texts.misquote);
    // "At 2L no positions beats the sinusoidal code and RoPE in every run above": in both tables, its lowest
    // value at 2L is above their highest; the absolute codes fail past L (no row, or a sinusoid below 0.5).
    for (const table of [small, patient]) {
      const twice = table.lengths.at(-1);
      for (const other of ['sinusoidal', 'rope']) assert.ok(table.at('none', twice)[0] > table.at(other, twice)[1], `${other} at ${twice}`);
      assert.equal(table.at('learned', twice), null);
      assert.ok(table.at('sinusoidal', twice)[1] < 0.5);
    }
    // "No positions is not the best at 2L: in the larger model T5 (0.90) and ALiBi (0.84) end well above it (0.48)".
    const [t5, alibi, none] = texts.numbers.exec(lab).slice(1).map((n) => proseNumber(n, lang));
    assert.deepEqual([t5, alibi, none], ['t5', 'alibi', 'none'].map((m) => patient.at(m, 16)[0]));
    assert.ok(t5 > alibi && alibi > none + 0.2, `${t5} > ${alibi} > ${none}`);
    // Where the set-ups differ: the presets' longest training input (L = 8) and longest run.
    assert.match(lab, texts.setup);
    assert.ok(lab.includes(texts.steps));
    // The self-check no longer says the study found ALiBi's tendency: it says what the study found.
    assert.equal(await answerQuiz(page, '.lesson-quiz', 'alibi', 'luck'), 'wrong');
    assert.match((await page.textContent('.lesson-quiz .quiz-question[data-question="alibi"] .quiz-feedback')).replace(/\s+/g, ' '), texts.feedback);
    assert.equal(await page.locator('[data-field="trainMax"] input[type=text]').inputValue(), '8');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
