// Lesson 16 in the browser: ALiBi's slopes (the paper's get_slopes, incl. head counts that are not powers of
// two) and every head's bias map, causal and symmetric; T5's buckets and the bias they make of a seeded table
// (PyTorch's nn.Embedding, from tests/golden/embedding.json); both languages, links, bad values explained, the self-check against the lab's numbers, a phone's width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, openTable, field, frames, overflow, answerQuiz, proseNumber, linkLeadsTo } from './browser.mjs';
import { formatNumber } from '../../web/src/format.js';
import { golden } from '../wasm/helpers.mjs';
import { longerThanSeenFindings, paragraphWith, FINDINGS_METHODS } from './training-findings.mjs';
import { QUESTIONS } from '../../web/lessons/16-attention-biases/questions.js';

const { open } = useLesson('attention-biases');
const { alibi_slopes: slopes, t5_buckets: buckets } = golden('transformer.json');
const { tables } = golden('embedding.json', { seedsAsText: true });

const rowsOf = (page, scope) => page.$$eval(`${scope} tbody tr`, (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent)));
/** The rows of the n-th table under a figure (T5's bias figure holds two). */
const rowsOfTable = (page, scope, k) => page.$$eval(`${scope} table`, (all, k) => [...all[k].tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent)), k);
/** The numbers on a figure's colour key (its ramp's ticks), in either language's notation. */
const keyTicks = async (page, scope) => (await page.$$eval(`${scope} .small-maps-figure > svg text`, (ts) => ts.map((t) => t.textContent)))
  .map((text) => Number(text.replace('−', '-').replace(',', '.'))).filter(Number.isFinite);
const titlesOf = (page, scope) => page.$$eval(`${scope} .small-map-title`, (ps) => ps.map((p) => [...p.children].map((s) => s.textContent)));

/**
 * HF transformers' T5Attention._relative_position_bucket written out here, in float32 as PyTorch computes it
 * (float division, float log, the Python constant rounded to float); held against the notebook's bucket tables
 * below before any test trusts it.
 */
function t5Bucket(offset, bidirectional, numBuckets, maxDistance) {
  const f = Math.fround;
  let n = numBuckets;
  let bucket = 0;
  let distance;
  if (bidirectional) {
    n = Math.floor(n / 2);
    if (offset > 0) bucket += n;
    distance = Math.abs(offset);
  } else {
    distance = -Math.min(offset, 0);
  }
  const maxExact = Math.floor(n / 2);
  if (distance < maxExact) return bucket + distance;
  const large = maxExact + Math.trunc(f(f(f(Math.log(f(distance / maxExact))) / f(Math.log(maxDistance / maxExact))) * (n - maxExact)));
  return bucket + Math.min(large, n - 1);
}

/** ALiBi's bias as a float32 tensor holds it: −fround(slope)·|i − j|, rounded to float. */
const alibiValue = (slope, i, j) => Math.fround(-Math.fround(slope) * Math.abs(i - j));

/** Every cell of the ALiBi maps' table (rows "head h, i = i") against get_slopes from the notebook. */
function checkAlibiTable(rows, heads, length, causal) {
  assert.equal(rows.length, heads * length);
  for (let h = 0; h < heads; h++) {
    for (let i = 0; i < length; i++) {
      const [, ...cells] = rows[h * length + i];
      cells.forEach((cell, j) => {
        if (causal && j > i) assert.equal(cell, '−∞', `head ${h + 1} (${i}, ${j})`);
        else assert.equal(cell, alibiValue(slopes[heads][h], i, j).toFixed(4), `head ${h + 1} (${i}, ${j})`);
      });
    }
  }
}

test('the test\'s own T5 bucket function equals the notebook\'s tables (6 settings, offsets −600 … 600)', () => {
  for (const b of buckets) {
    b.buckets.forEach((want, k) => assert.equal(t5Bucket(b.first_offset + k, b.bidirectional, b.num_buckets, b.max_distance), want, `${JSON.stringify({ ...b, buckets: undefined })} offset ${b.first_offset + k}`));
  }
});

for (const [lang, texts] of [
  ['en', { title: 'Biases in attention: ALiBi and T5', head: 'head', summary: /8 distances per direction get a bucket of their own; every distance of 128 or more falls in bucket 15/ }],
  ['es', { title: 'Sesgos en la atención: ALiBi y T5', head: 'cabeza', summary: /8 distancias por dirección tienen su propia cubeta; toda distancia de 128 o más cae en la cubeta 15/ }],
]) {
  test(`${lang}: the slopes are get_slopes(8) and (6); one map per head with its slope; T5's buckets are the reference's`, async () => {
    const { page, problems, context } = await open(`#/attention-biases?lang=${lang}`);
    assert.equal(await page.textContent('h1'), texts.title);
    let rows = await rowsOf(page, '.alibi-slopes');
    assert.deepEqual(rows.map((r) => Number(r[1])), slopes['8'].map((s) => Number(s.toPrecision(6))));
    assert.deepEqual(rows.map((r) => r[2]), ['1/2', '1/4', '1/8', '1/16', '1/32', '1/64', '1/128', '1/256']);
    assert.equal(rows[0][0], `${texts.head} 1`);
    await field(page, 'heads').fill('6');
    await page.waitForFunction(() => document.querySelectorAll('.alibi-slopes tbody tr').length === 6);
    rows = await rowsOf(page, '.alibi-slopes');
    assert.deepEqual(rows.map((r) => Number(r[1])), slopes['6'].map((s) => Number(s.toPrecision(6))));
    await frames(page); // the link follows once the reader pauses (lesson-view.js)
    assert.match(page.url(), /heads=6/);
    // One map per head, titled with its head and its slope (get_slopes(6) is not in order: 1/4 … then 1/2, 1/8).
    await page.waitForFunction(() => document.querySelectorAll('.alibi-maps .small-map').length === 6);
    assert.deepEqual(await titlesOf(page, '.alibi-maps'), slopes['6'].map((s, h) => [`${texts.head} ${h + 1}`, `m = ${formatNumber(Number(s.toPrecision(3)), lang)}`]));
    // The values behind the maps, causal: −∞ above the diagonal, −m·|i − j| elsewhere, for every head.
    await openTable(page, '.alibi-maps');
    const table = await rowsOf(page, '.alibi-maps');
    assert.equal(table[6 * 8 - 1][0], `${texts.head} 6, i = 7`);
    checkAlibiTable(table, 6, 8, true);
    // ALiBi's biases are never positive: its colour key runs from the steepest head's largest penalty, −7·m, to 0
    // (a sequential scale), while T5's learned biases take both signs and keep a key on both sides of 0.
    const alibiKey = await keyTicks(page, '.alibi-maps');
    assert.equal(Math.max(...alibiKey), 0, alibiKey.join());
    assert.ok(Math.min(...alibiKey) >= -7 * Math.max(...slopes['6']), alibiKey.join());
    const t5Key = await keyTicks(page, '.t5-bias');
    assert.ok(Math.min(...t5Key) < 0 && Math.max(...t5Key) > 0, t5Key.join());
    // T5's defaults: the offset → bucket table equals HF's function
    assert.match(await page.textContent('.t5-summary'), texts.summary);
    await openTable(page, '.t5-buckets');
    const reference = buckets.find((b) => b.bidirectional && b.num_buckets === 32 && b.max_distance === 128);
    for (const [offset, bucket] of await rowsOf(page, '.t5-buckets')) {
      assert.equal(Number(bucket), reference.buckets[Number(offset) - reference.first_offset], `offset ${offset}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('ALiBi shows a map for each of 16 and of 12 heads; symmetric mode has no mask and equal sides', async () => {
  const { page, problems, context } = await open('#/attention-biases?lang=en&heads=16&length=5&alibiMode=bidirectional');
  assert.equal(await page.locator('.alibi-maps .small-map canvas').count(), 16);
  assert.deepEqual((await titlesOf(page, '.alibi-maps')).map((t) => t[1]), slopes['16'].map((s) => `m = ${Number(s.toPrecision(3))}`));
  await openTable(page, '.alibi-maps');
  const symmetric = await rowsOf(page, '.alibi-maps');
  checkAlibiTable(symmetric, 16, 5, false);
  for (let h = 0; h < 16; h++) for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) assert.equal(symmetric[h * 5 + i][j + 1], symmetric[h * 5 + j][i + 1]);
  // 12 heads (not a power of two), back to causal: the table follows.
  await field(page, 'heads').fill('12');
  await page.locator('[data-field="alibiMode"] select').selectOption('causal');
  await page.waitForFunction(() => document.querySelectorAll('.alibi-maps .small-map').length === 12 && document.querySelector('.alibi-maps tbody').textContent.includes('−∞'));
  checkAlibiTable(await rowsOf(page, '.alibi-maps'), 12, 5, true);
  assert.deepEqual((await titlesOf(page, '.alibi-maps')).map((t) => t[1]), slopes['12'].map((s) => `m = ${Number(s.toPrecision(3))}`));
  // The penalty chart draws the two steepest and the two gentlest heads (get_slopes(12) does not sort them).
  await openTable(page, '.alibi-distance');
  const byslope = slopes['12'].map((s, h) => [s, h]).sort((a, b) => b[0] - a[0]).map(([, h]) => `head ${h + 1}`);
  assert.deepEqual(await page.$$eval('.alibi-distance thead th', (ths) => ths.slice(1).map((th) => th.textContent)), [...byslope.slice(0, 2), ...byslope.slice(-2)]);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, setting] of [
  ['en', { buckets: 10, heads: 4, seed: '5', maxDistance: 12, length: 16, bidirectional: true }],
  ['es', { buckets: 20, heads: 8, seed: '9007199254740993', maxDistance: 20, length: 12, bidirectional: false }],
]) {
  test(`${lang}: T5's bias is nn.Embedding(${setting.buckets}, ${setting.heads}) after manual_seed(${setting.seed}) (PyTorch's golden), read through the buckets`, async () => {
    const mode = setting.bidirectional ? 'bidirectional' : 'causal';
    const { page, problems, context } = await open(`#/attention-biases?lang=${lang}&buckets=${setting.buckets}&t5Heads=${setting.heads}&seed=${setting.seed}&maxDistance=${setting.maxDistance}&t5Length=${setting.length}&t5Mode=${mode}&t5Step=3`);
    const torch = tables.find((tb) => tb.vocab_size === setting.buckets && tb.dim === setting.heads && tb.seed === setting.seed);
    assert.ok(torch, 'a golden table of that shape and seed');
    assert.equal(await page.locator('.t5-bias .small-map canvas').count(), setting.heads);
    assert.match(await page.textContent('.t5-bias figcaption'), new RegExp(`\\(${lang === 'es' ? 'semilla' : 'seed'} ${setting.seed}\\)$`));
    await openTable(page, '.t5-bias');
    // The table the maps read, named as PyTorch builds it.
    assert.match(await page.textContent('.t5-bias'), new RegExp(`nn\\.Embedding\\(${setting.buckets}, ${setting.heads}\\) .*manual_seed\\(${setting.seed}\\)`));
    // The table itself, as PyTorch printed it.
    const printed = await rowsOfTable(page, '.t5-bias', 1);
    assert.equal(printed.length, setting.buckets);
    printed.forEach(([bucket, ...cells], b) => {
      assert.equal(bucket, String(b));
      cells.forEach((cell, h) => assert.equal(cell, torch.values[b * setting.heads + h].toFixed(4), `table (${b}, ${h})`));
    });
    // The bias: head h, query i, key j holds the table's entry (bucket of j − i, h).
    const bias = await rowsOfTable(page, '.t5-bias', 0);
    const n = setting.length;
    assert.equal(bias.length, setting.heads * n);
    for (let h = 0; h < setting.heads; h++) {
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const b = t5Bucket(j - i, setting.bidirectional, setting.buckets, setting.maxDistance);
          assert.equal(bias[h * n + i][j + 1], torch.values[b * setting.heads + h].toFixed(4), `head ${h + 1} (${i}, ${j}), bucket ${b}`);
        }
      }
    }
    // Untrained: the note says so, in the reader's language.
    assert.match(await page.textContent('.t5-bias .chart-note'), lang === 'en' ? /untrained: its numbers are random/ : /sin entrenar: sus números son aleatorios/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a new seed draws a new table; a bad seed is explained in English and the page keeps the last table', async () => {
  const { page, problems, context } = await open('#/attention-biases?lang=en&buckets=10&t5Heads=4&maxDistance=12&t5Step=3');
  await openTable(page, '.t5-bias');
  const first = (await rowsOfTable(page, '.t5-bias', 1))[0][1];
  await field(page, 'seed').fill('5');
  const seeded = tables.find((tb) => tb.vocab_size === 10 && tb.dim === 4 && tb.seed === '5');
  await page.waitForFunction((want) => document.querySelectorAll('.t5-bias table')[1]?.tBodies[0].rows[0].cells[1].textContent === want, seeded.values[0].toFixed(4));
  assert.notEqual(first, seeded.values[0].toFixed(4));
  await frames(page); // the link follows once the reader pauses (lesson-view.js)
  assert.match(page.url(), /seed=5/);
  await field(page, 'seed').fill('-3');
  await page.locator('[data-field="seed"] .field-error').filter({ hasText: /./ }).waitFor();
  assert.equal(await page.textContent('[data-field="seed"] .field-error'), 'The seed has to be between 0 and 18,446,744,073,709,551,615, and -3 isn\'t.');
  await field(page, 'seed').fill('abc');
  await page.locator('[data-field="seed"] .field-error').filter({ hasText: /abc/ }).waitFor();
  assert.equal(await page.textContent('[data-field="seed"] .field-error'), 'The seed has to be a whole number, and “abc” isn\'t.');
  await frames(page);
  assert.match(page.url(), /seed=5/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("T5's three figures are steps shown one at a time, the step kept in the link; the bucket grid, at full width, prints each cell's bucket", async () => {
  const { page, problems, context } = await open('#/attention-biases?lang=en');
  const shown = () => page.$$eval('.biases-t5 [role="tabpanel"]', (panels) => panels.map((p) => !p.hidden));
  assert.deepEqual(await shown(), [true, false, false]);
  await page.locator('.biases-t5 [role="tab"]').nth(1).click();
  assert.deepEqual(await shown(), [false, true, false]);
  await frames(page); // the link follows once the reader pauses (lesson-view.js)
  assert.match(page.url(), /t5Step=2/);
  // Row 0 of the grid (query 0, 16 keys): each cell's printed bucket is T5's for the offset j − 0.
  const row0 = await page.$eval('.t5-grid .labelled-heatmap canvas', (canvas) => canvas.printed[0].map(Number));
  assert.deepEqual(row0, Array.from({ length: 16 }, (_, j) => t5Bucket(j, true, 32, 128)));
  const again = await open(new URL(page.url()).hash);
  assert.deepEqual(await again.page.$$eval('.biases-t5 [role="tabpanel"]', (panels) => panels.map((p) => !p.hidden)), [false, true, false]);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link restores the settings; bad values are explained in the reader\'s language', async () => {
  const { page, context } = await open('#/attention-biases?lang=es&buckets=16&maxDistance=40&t5Mode=causal&heads=3');
  assert.equal(await field(page, 'buckets').inputValue(), '16');
  assert.equal(await page.locator('[data-field="t5Mode"] select').inputValue(), 'causal');
  await openTable(page, '.t5-buckets');
  const reference = buckets.find((b) => !b.bidirectional && b.num_buckets === 16 && b.max_distance === 40);
  for (const [offset, bucket] of await rowsOf(page, '.t5-buckets')) assert.equal(Number(bucket), reference.buckets[Number(offset) - reference.first_offset]);
  await field(page, 'maxDistance').fill('abc');
  await frames(page);
  assert.match(await page.textContent('[data-field="maxDistance"] .field-error'), /número/);
  // An odd bucket count with bidirectional attention: T5 halves the buckets, so the kernel refuses it.
  await page.locator('[data-field="t5Mode"] select').selectOption('bidirectional');
  await field(page, 'buckets').fill('15');
  await page.waitForFunction(() => document.querySelector('[data-field="buckets"] .field-error').textContent !== '');
  assert.match(await page.textContent('[data-field="buckets"] .field-error'), /par|even/);
  await context.close();
});

test('English: the errors a reader meets read as sentences (a field, the kernel, a link)', async () => {
  const { page, context } = await open('#/attention-biases?lang=en');
  await field(page, 'maxDistance').fill('abc');
  await page.locator('[data-field="maxDistance"] .field-error').filter({ hasText: /abc/ }).waitFor();
  assert.equal(await page.textContent('[data-field="maxDistance"] .field-error'), '“abc” isn\'t a number; the largest distance needs a whole number.');
  await field(page, 'maxDistance').fill('128');
  await field(page, 'buckets').fill('15');
  await page.locator('[data-field="buckets"] .field-error').filter({ hasText: /even/ }).waitFor();
  assert.equal(
    await page.textContent('[data-field="buckets"] .field-error'),
    'The number of buckets has to be even, because a bidirectional T5 bias gives half of its buckets to keys before the query and half to keys after it; 15 is odd.',
  );
  await context.close();
  const bad = await open('#/attention-biases?lang=en&heads=99');
  assert.equal(await bad.page.locator('.notice').count(), 1);
  assert.match(await bad.page.textContent('.notice'), /^The link set heads \(Heads\) to “99”, which can't be used: The number of heads has to be between 1 and 16, and 99 isn't\. I've put back the default value, 8\./);
  assert.equal(await field(bad.page, 'heads').inputValue(), '8');
  await bad.context.close();
});

test('the prose links lead to lesson 14 and to the next lesson, no-positions', async () => {
  for (const link of [
    ['Lesson 14', '#/train-transformer', 'Train a transformer'],
    ['next lesson', '#/no-positions', 'No positions: what the causal mask knows'],
  ]) await linkLeadsTo(open, '#/attention-biases?lang=en', link);
});

test('the self-check (es): the answers agree with the buckets and slopes the lab shows', async () => {
  const { page, problems, context } = await open('#/attention-biases?lang=es');
  const answer = (question, option) => answerQuiz(page, '.lesson-quiz', question, option);
  // T5 with its defaults: 1 and 2 have buckets of their own, −3 and +3 use different halves, and every distance
  // from 128 on shares the last bucket, as the lab's table of buckets shows.
  await openTable(page, '.t5-buckets');
  const bucketOf = new Map((await rowsOf(page, '.t5-buckets')).map(([o, b]) => [Number(o), Number(b)]));
  assert.notEqual(bucketOf.get(-1), bucketOf.get(-2));
  assert.equal(await answer('t5', 'near'), 'wrong');
  assert.notEqual(bucketOf.get(-3), bucketOf.get(3));
  assert.equal(await answer('t5', 'sign'), 'wrong');
  const far = [...bucketOf].filter(([o]) => o <= -128).map(([, b]) => b);
  assert.ok(far.length > 10 && far.every((b) => b === bucketOf.get(-128)), far.join());
  assert.equal(await answer('t5', 'far'), 'right');
  // ALiBi learns nothing: its slopes are get_slopes' whatever the seed or the data.
  assert.deepEqual((await rowsOf(page, '.alibi-slopes')).map((r) => Number(r[1])), slopes['8'].map((s) => Number(s.toPrecision(6))));
  assert.equal(await answer('alibi', 'slopes'), 'wrong');
  assert.equal(await answer('alibi', 'none'), 'right');
  // Twelve heads: the steepest slope in the lab's table is the marked head's (get_slopes does not sort them).
  await field(page, 'heads').fill('12');
  await page.waitForFunction(() => document.querySelectorAll('.alibi-slopes tbody tr').length === 12);
  const twelve = (await rowsOf(page, '.alibi-slopes')).map((r) => Number(r[1]));
  const marked = QUESTIONS.find((q) => q.id === 'heads').options.find((o) => o.correct).id;
  assert.equal(`h${twelve.indexOf(Math.max(...twelve)) + 1}`, marked, twelve.join());
  assert.equal(await answer('heads', marked), 'right');
  assert.equal(await page.getAttribute('.lesson-quiz .quiz-progress', 'data-right'), String(QUESTIONS.length));
  assert.deepEqual(problems, []);
  await context.close();
});

test('at phone width (360 px) the page does not scroll sideways and every map is on screen', async () => {
  const { page, problems, context } = await open('#/attention-biases?lang=es&heads=16&length=16&t5Heads=16&t5Length=32&t5Step=3', { viewport: { width: 360, height: 780 } });
  assert.equal(await overflow(page), 0);
  for (const [scope, count] of [['.alibi-maps', 16], ['.t5-bias', 16]]) {
    const boxes = await page.$$eval(`${scope} .small-map canvas`, (maps) => maps.map((m) => m.getBoundingClientRect().toJSON()));
    assert.equal(boxes.length, count);
    for (const box of boxes) {
      assert.ok(box.left >= 0 && box.right <= 360, `${scope}: ${JSON.stringify(box)}`);
      assert.ok(box.width >= 80 && Math.abs(box.width - box.height) < 1, `${scope}: ${box.width} × ${box.height}`);
    }
  }
  // What the maps paint: ALiBi's mask grey above the diagonal, T5's bias the same colour along each diagonal.
  const painted = await page.evaluate(() => {
    const pixels = (canvas) => {
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      return (i, j) => [...data.subarray(4 * (i * canvas.width + j), 4 * (i * canvas.width + j) + 3)].join();
    };
    const alibi = pixels(document.querySelector('.alibi-maps canvas'));
    const t5 = [...document.querySelectorAll('.t5-bias canvas')].map(pixels);
    const diagonals = t5.every((at) => Array.from({ length: 31 * 31 }, (_, k) => at(Math.floor(k / 31), k % 31) === at(Math.floor(k / 31) + 1, (k % 31) + 1)).every(Boolean));
    return { masked: alibi(0, 5), diagonal: alibi(5, 5), below: alibi(5, 0), diagonals };
  });
  assert.equal(painted.masked, '163,163,163');
  assert.notEqual(painted.below, painted.diagonal);
  assert.ok(painted.diagonals, 'T5 maps are constant along diagonals');
  await page.locator('.alibi-maps .small-map').last().scrollIntoViewIfNeeded();
  assert.ok(await page.locator('.alibi-maps .small-map').last().isVisible());
  await openTable(page, '.alibi-maps');
  assert.equal(await overflow(page), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [lang, texts] of [
  ['en', {
    alibi: /the larger model was still at (\d\.\d\d) at twice the training length, where the sinusoidal code had fallen to (\d\.\d\d)\. It did not come first there, though: T5's learned bias reached (\d\.\d\d)\./,
    slopes: 'For 8 heads they are',
    buckets: /by default (\d+) per direction\), .* past `?max_distance`? \((\d+)\)/,
    far: /T5 cannot tell a distance of (\d+) from one of (\d+) \(same bucket\)/,
    summary: /(\d+) distances per direction get a bucket of their own; every distance of (\d+) or more falls in bucket (\d+)/,
  }],
  ['es', {
    alibi: /el modelo grande seguía en (\d[.,]\d\d) con el doble de esa longitud, donde el código sinusoidal había caído a (\d[.,]\d\d)\. Aun así no fue el mejor: el sesgo aprendido de T5 llegó a (\d[.,]\d\d)\./,
    slopes: 'Con 8 cabezas son',
    buckets: /por defecto (\d+) en cada dirección\), .* más allá de `?max_distance`? \((\d+)\)/,
    far: /T5 no distingue una distancia de (\d+) de una de (\d+) \(misma cubeta\)/,
    summary: /(\d+) distancias por dirección tienen su propia cubeta; toda distancia de (\d+) o más cae en la cubeta (\d+)/,
  }],
]) {
  test(`${lang}: what the text says of lesson 15's runs agrees with lesson 15's table, and its other numbers are the lab's`, async () => {
    const [, patient] = await longerThanSeenFindings(open, lang);
    const { page, problems, context } = await open(`#/attention-biases?lang=${lang}`);
    // ALiBi "declined slowly and steadily, with no cliff" but "did not come first": the larger model's numbers at
    // 2L as lesson 15 prints them; past L it never falls 0.1 between two measured lengths, where the sinusoidal
    // code falls more than 0.5 at once; and T5 is the highest at 2L.
    const [alibi, sinusoidal, t5] = texts.alibi.exec(await paragraphWith(page, 'Train short, test long')).slice(1).map((n) => proseNumber(n, lang));
    assert.deepEqual([alibi, sinusoidal, t5], ['alibi', 'sinusoidal', 't5'].map((m) => patient.at(m, 16)[0]));
    const pastL = patient.lengths.filter((n) => n >= 8);
    const falls = (m) => pastL.slice(1).map((n, k) => patient.at(m, pastL[k])[0] - patient.at(m, n)[0]);
    assert.ok(Math.max(...falls('alibi')) < 0.1, `ALiBi ${falls('alibi')}`);
    assert.ok(falls('sinusoidal')[0] > 0.5, `sinusoidal ${falls('sinusoidal')}`);
    const at2L = FINDINGS_METHODS.filter((m) => patient.at(m, 16)).sort((x, y) => patient.at(y, 16)[0] - patient.at(x, 16)[0]);
    assert.equal(at2L[0], 't5');
    assert.ok(t5 > alibi);
    // The slopes the text quotes for 8 heads are the first and last of the lab's table (the default is 8 heads).
    const slopes = await paragraphWith(page, texts.slopes);
    const fractions = (await rowsOf(page, '.alibi-slopes')).map((r) => r[2]);
    assert.equal(fractions.length, 8);
    for (const f of [fractions[0], fractions[1], fractions.at(-1)]) assert.ok(slopes.includes(f), `${f} in the text`);
    // T5: the exact buckets per direction and max_distance the text quotes are the summary's at the defaults, and
    // the two far distances it says T5 confuses both fall in the last bucket.
    const [, exact, maxDistance, last] = texts.summary.exec(await page.textContent('.t5-summary')).map(Number);
    const [, quotedExact, quotedMax] = texts.buckets.exec(await paragraphWith(page, 'max_distance')).map(Number);
    assert.deepEqual([quotedExact, quotedMax], [exact, maxDistance]);
    const far = texts.far.exec(await paragraphWith(page, '300')).slice(1).map(Number);
    for (const d of far) assert.equal(t5Bucket(-d, true, 32, maxDistance), t5Bucket(-maxDistance, true, 32, maxDistance));
    assert.equal(t5Bucket(-maxDistance, true, 32, maxDistance), last);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [lang, texts] of [
  ['en', { one: ["ALiBi's slope for 1 head (the paper's get_slopes)", "ALiBi's bias −m·|i − j| for its only head (8 positions)", /^Here 1 distance per direction gets a bucket of its own;/], two: ["ALiBi's slopes for 2 heads (the paper's get_slopes)", "ALiBi's bias −m·|i − j| for each of the 2 heads (8 positions)", /^Here 2 distances per direction get a bucket of their own;/] }],
  ['es', { one: ['Pendiente de ALiBi para 1 cabeza (get_slopes del artículo)', 'El sesgo −m·|i − j| de ALiBi en su única cabeza (8 posiciones)', /^Aquí 1 distancia por dirección tiene su propia cubeta;/], two: ['Pendientes de ALiBi para 2 cabezas (get_slopes del artículo)', 'El sesgo −m·|i − j| de ALiBi en las 2 cabezas (8 posiciones)', /^Aquí 2 distancias por dirección tienen su propia cubeta;/] }],
]) {
  test(`${lang}: counts agree with their nouns: one head, one exact distance; then two`, async () => {
    const { page, problems, context } = await open(`#/attention-biases?lang=${lang}&heads=1&buckets=4`);
    const shown = async () => [await page.textContent('.alibi-slopes caption'), await page.textContent('.alibi-maps figcaption'), await page.textContent('.t5-summary')];
    let [slopes, maps, summary] = await shown();
    assert.deepEqual([slopes, maps], texts.one.slice(0, 2));
    assert.match(summary, texts.one[2]);
    await field(page, 'heads').fill('2');
    await field(page, 'buckets').fill('8');
    await page.waitForFunction(() => document.querySelectorAll('.alibi-slopes tbody tr').length === 2 && /\b2\b/.test(document.querySelector('.t5-summary').textContent));
    [slopes, maps, summary] = await shown();
    assert.deepEqual([slopes, maps], texts.two.slice(0, 2));
    assert.match(summary, texts.two[2]);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test("ALiBi's maps paint each bias in its colour: the diagonal (0) palest, a query's keys deeper red the further back, masked keys grey", async () => {
  const { page, problems, context } = await open('#/attention-biases?lang=en&heads=8&length=6&alibiMode=causal');
  const maps = await page.$$eval('.alibi-maps .small-map canvas', (canvases) => canvases.map((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    return Array.from({ length: canvas.height }, (_, i) => Array.from({ length: canvas.width }, (_, j) => Array.from(data.slice(4 * (i * canvas.width + j), 4 * (i * canvas.width + j) + 4))));
  }));
  assert.equal(maps.length, 8);
  for (const map of maps) {
    const diagonal = map[0][0];
    for (let i = 0; i < 6; i++) {
      assert.deepEqual(map[i][i], diagonal, 'bias 0 on the diagonal');
      for (let j = i + 1; j < 6; j++) assert.deepEqual(map[i][j], [163, 163, 163, 255], 'a masked key is grey');
      // Further back, a larger penalty: the green channel of a red ramp falls (ties where the slope is tiny).
      for (let j = 1; j <= i; j++) assert.ok(map[i][j - 1][1] <= map[i][j][1], `row ${i}: key ${j - 1} at least as deep as key ${j}`);
    }
    assert.ok(map[5][0][1] < diagonal[1], 'five keys back is redder than the diagonal');
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the small maps fill their rows evenly: 8 heads in two rows of 4 and 12 in two of 6 at 1024 px, not 7 and 1', async () => {
  const rowsOfMaps = (page) => page.$$eval('.alibi-maps .small-map canvas', (maps) => {
    const rows = new Map();
    for (const map of maps) {
      const top = Math.round(map.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.values()];
  });
  const { page, problems, context } = await open('#/attention-biases?lang=en&heads=8', { viewport: { width: 1024, height: 800 } });
  assert.deepEqual(await rowsOfMaps(page), [4, 4]);
  await field(page, 'heads', 'input[type=range]').fill('12');
  await page.waitForFunction(() => document.querySelectorAll('.alibi-maps .small-map').length === 12);
  assert.deepEqual(await rowsOfMaps(page), [6, 6]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the slopes keep one height whatever the heads: eight rows fit, more scroll inside, the lines under them stay put', async () => {
  for (const width of [360, 1024]) {
    const { page, problems, context } = await open('#/attention-biases?lang=es&heads=8', { viewport: { width, height: 800 } });
    const box = () => page.$eval('.alibi-slopes .table-scroll', (b) => ({
      height: b.getBoundingClientRect().height,
      scrolls: b.scrollHeight > b.clientHeight + 1,
      focusable: b.tabIndex === 0,
      lines: document.querySelector('.alibi-distance').getBoundingClientRect().top + scrollY,
    }));
    const eight = await box();
    assert.equal(eight.scrolls, false, `${width} px: eight heads fit without scrolling`);
    for (const heads of [16, 2]) {
      await field(page, 'heads', 'input[type=range]').fill(String(heads));
      await page.waitForFunction((n) => document.querySelectorAll('.alibi-slopes tbody tr').length === n, heads);
      const now = await box();
      assert.ok(Math.abs(now.height - eight.height) < 0.5, `${width} px, ${heads} heads: ${now.height} px against ${eight.height}`);
      // Under the slopes on a phone, beside them on a wide screen (the maps under both follow the lines' legend).
      assert.ok(Math.abs(now.lines - eight.lines) < 0.5, `${width} px, ${heads} heads: the penalty lines did not move (${eight.lines} → ${now.lines})`);
      assert.equal(now.scrolls, heads > 8, `${width} px, ${heads} heads: scrolls only past eight heads`);
      assert.equal(now.focusable, true, 'the box can be scrolled from the keyboard');
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('an open table keeps its sideways scroll while a slider redraws it: the table on screen is made into the new one', async () => {
  const { page, problems, context } = await open('#/attention-biases?lang=en&heads=8', { viewport: { width: 360, height: 800 } });
  await openTable(page, '.alibi-distance');
  const box = await page.$('.alibi-distance .chart-table .table-scroll');
  const state = () => box.evaluate((b) => ({
    left: b.scrollLeft,
    scrolls: b.scrollWidth > b.clientWidth,
    connected: b.isConnected,
    heads: [...b.querySelectorAll('thead th')].slice(1).map((th) => th.textContent),
  }));
  await box.evaluate((b) => { b.scrollLeft = 40; });
  const before = await state();
  assert.ok(before.scrolls && before.left === 40, JSON.stringify(before));
  await field(page, 'heads', 'input[type=range]').fill('12');
  await page.waitForFunction(() => document.querySelectorAll('.alibi-slopes tbody tr').length === 12);
  await frames(page);
  const after = await state();
  assert.equal(after.connected, true, 'the same box is on the page');
  assert.equal(after.left, 40, 'its sideways scroll is kept');
  // The columns are the new lines' heads: the legend's names, in its order.
  const legend = await page.$$eval('.alibi-distance .chart-host [class$="-swatch"]', (s) => s.map((n) => n.textContent.trim()));
  assert.deepEqual(after.heads, legend);
  assert.notDeepEqual(after.heads, before.heads);
  assert.deepEqual(problems, []);
  await context.close();
});
