// Every view is a link: the hash restores it, the language switch keeps it, bad values fall back visibly.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './server.mjs';
import { useSite, snapshot, field, settled, waitForReady } from './browser.mjs';

const site = useSite({ before, after }, startServer);

test('a shared link restores the same view in a fresh page', async () => {
  const first = await site.open('#/pe-matrix?lang=en');
  await first.page.getByRole('button', { name: /^As in the blog post/ }).click();
  await field(first.page, 'variant', 'select').selectOption('literal');
  await field(first.page, 'dims').fill('2,3,9');
  await first.page.waitForFunction(() => location.hash.includes('dims=2,3,9'));
  const link = first.page.url();
  const seen = await snapshot(first.page);
  await first.context.close();

  // A new context has empty local storage: only the link can bring the view back.
  const second = await site.open(link.slice(link.indexOf('#')));
  assert.deepEqual(await snapshot(second.page), seen);
  assert.equal(await field(second.page, 'maxLen').inputValue(), '100');
  assert.equal(await field(second.page, 'dModel').inputValue(), '512');
  assert.equal(await field(second.page, 'variant', 'select').inputValue(), 'literal');
  assert.equal(await field(second.page, 'shown').inputValue(), '20');
  assert.equal(second.page.url(), link);
  await second.context.close();
});

test('the last view comes back from local storage when the link has no parameters', async () => {
  const { page, context } = await site.open('#/pe-matrix?lang=es&maxLen=42');
  const again = await context.newPage();
  await again.goto(site.server.url);
  await again.waitForSelector('.heatmap svg');
  assert.equal(await field(again, 'maxLen').inputValue(), '42');
  assert.equal(await again.getAttribute('html', 'lang'), 'es');
  await page.close();
  await context.close();
});

test('switching the language keeps every parameter and translates the page', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en&maxLen=37&dModel=16&variant=literal&dims=1,2');
  const before = await snapshot(page);
  await page.getByLabel('Language').selectOption('es');
  await page.waitForFunction(() => document.documentElement.lang === 'es' && document.querySelector('h1')?.textContent.startsWith('La matriz'));
  await page.waitForFunction(() => document.querySelector('.heatmap figcaption').textContent.includes('37 posiciones × 16'));
  assert.equal(await field(page, 'maxLen').inputValue(), '37');
  assert.equal(await field(page, 'variant', 'select').inputValue(), 'literal');
  assert.equal(await field(page, 'dims').inputValue(), '1,2');
  await settled(page); // the link is written when the reader pauses
  assert.match(page.url(), /lang=es&maxLen=37&dModel=16&variant=literal&dims=1,2/);
  assert.equal(await page.textContent('[data-field="maxLen"] label'), 'Longitud máxima de la secuencia (max_len)');
  const after = await snapshot(page);
  assert.equal(after.heatmapImage, before.heatmapImage); // same numbers, new words
  // And back.
  await page.getByLabel('Idioma').selectOption('en');
  await page.waitForFunction(() => document.querySelector('.heatmap figcaption').textContent.includes('37 positions × 16'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('malformed values in the link fall back to the defaults with a translated notice for each', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=es&maxLen=abc&dModel=7&variant=nope&dims=1,,x&shown=99999');
  const notices = await page.locator('.notice').allTextContents();
  assert.equal(notices.length, 5, notices.join('\n'));
  assert.match(notices.join('\n'), /maxLen .*«abc».*valor por defecto, 100/);
  assert.match(notices.join('\n'), /dModel .*«7».*tiene que ser par.*64/);
  assert.match(notices.join('\n'), /variant .*«nope»/);
  assert.equal(await field(page, 'maxLen').inputValue(), '100');
  assert.equal(await field(page, 'dModel').inputValue(), '64');
  assert.match(page.url(), /maxLen=100&dModel=64&variant=paper&dims=0,1,10,11,30,31&shown=all/);
  // The notices follow the language, and can be dismissed.
  await page.getByLabel('Idioma').selectOption('en');
  assert.match(await page.locator('.notice').first().textContent(), /The link set maxLen/);
  await page.getByRole('button', { name: 'Dismiss' }).first().click();
  assert.equal(await page.locator('.notice').count(), 4);
  assert.deepEqual(problems, []);
  await context.close();
});

test('editing the link by hand in an open page updates the view', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en');
  await page.evaluate(() => {
    location.hash = '#/pe-matrix?lang=es&maxLen=12&dModel=8&variant=literal';
  });
  await page.waitForFunction(() => document.querySelector('.heatmap figcaption').textContent.includes('12 posiciones × 8'));
  assert.equal(await field(page, 'maxLen').inputValue(), '12');
  assert.equal(await field(page, 'variant', 'select').inputValue(), 'literal');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a huge value in a link is quoted by its start and end, and the notice wraps on a phone', async () => {
  const huge = `${'9'.repeat(300)}abc`;
  const { page, problems, context } = await site.open(`#/pe-matrix?lang=en&maxLen=${huge}`, {
    viewport: { width: 360, height: 800 },
  });
  const notice = page.locator('.notice').first();
  const text = await notice.textContent();
  assert.match(text, /^The link set maxLen .*“9{60}…9{9}abc”, which can't be used: .*9{9}abc” isn't a number; max_len needs a whole number\. I've put back the default value, 100\./);
  assert.ok(text.length < 400, `notice of ${text.length} characters`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'no horizontal scroll');
  await page.getByLabel('Language').selectOption('es');
  assert.match(await notice.textContent(), /«9{60}…9{9}abc».*no es un número; para max_len hace falta un número entero/);
  assert.deepEqual(problems, []);
  await context.close();
});

// A 2 MB paste into a number field took 1.6–4.2 s and its message repeated the whole paste. The field
// keeps at most 2000 characters and the message quotes a short piece of them.
test('a 2 MB paste into a number field is cut to 2000 characters and explained with a short quote', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=es');
  const before = await snapshot(page);
  const input = field(page, 'maxLen');
  await input.fill('7'.repeat(2 * 1024 * 1024)); // typed in as text, the way a paste arrives
  assert.equal((await input.inputValue()).length, 2000);
  await page.waitForFunction(() => document.querySelector('[data-field="maxLen"] .field-error').textContent !== '');
  const message = await page.textContent('[data-field="maxLen"] .field-error');
  assert.ok(message.length < 300, `a message of ${message.length} characters`);
  assert.match(message, /tiene que ser un número entero, y «7+…7+» no lo es/);
  // The page keeps drawing what it had, and still answers a good value.
  assert.equal((await snapshot(page)).heatmapImage, before.heatmapImage);
  await input.fill('10');
  await page.waitForFunction(() => document.querySelector('.heatmap figcaption').textContent.includes('10 posiciones'));
  assert.deepEqual(problems, []);
  await context.close();
});

// The link and the stored state follow a slider only once the reader pauses (lesson-view.js, and the training
// lessons alike); a reader who leaves the lesson before that pause must still find the value on coming back.
for (const [lesson, name] of [['pe-matrix', 'maxLen'], ['train-transformer', 'seed']]) {
  test(`${lesson}: a value changed just before leaving the lesson is there on coming back`, async () => {
    const { page, problems, context } = await site.open(`#/${lesson}?lang=en`);
    await page.locator(`[data-field="${name}"] input:not([type=range])`).fill('37');
    // The frame that takes the value in (the input's next animation frame), then away at once, before the pause.
    const next = await page.getAttribute('.lesson-pager .pager-next', 'href');
    const early = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const waiting = 'deferred' in document.documentElement.dataset;
      document.querySelector('.lesson-pager .pager-next').click();
      return waiting;
    });
    assert.equal(early, true, 'left before the pause');
    await waitForReady(page, next);
    await page.locator('.lesson-pager .pager-previous').click();
    await waitForReady(page, `#/${lesson}`);
    assert.equal(await page.locator(`[data-field="${name}"] input:not([type=range])`).inputValue(), '37');
    await settled(page);
    assert.match(page.url(), new RegExp(`${name}=37`));
    assert.deepEqual(problems, []);
    await context.close();
  });
}
