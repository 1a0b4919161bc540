// Lesson "From text to tokens": GPT-2 ids in the page, the document's story (served from the shared copy,
// never downloaded) giving E004-2's first batch, the window fields, bad input explained, both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sharedData } from '../wasm/helpers.mjs';
import { useLesson, openPage, frames, errorText, settled, arrived, waitForReady } from './browser.mjs';

// The story at the commit whose notebook reads it (docs/hosting.md: remote texts), never a moving branch.
const STORY_URL = 'https://raw.githubusercontent.com/rasbt/LLMs-from-scratch/d431eff1816f9290e69ceafa9e82760f9b056931/ch02/01_main-chapter-code/the-verdict.txt';
const story = readFileSync(sharedData('the-verdict.txt'), 'utf8');
const tiktoken = createRequire(import.meta.url)('@dqbd/tiktoken').get_encoding('gpt2');
const E004_2 = [[40, 367, 2885, 1464], [1807, 3619, 402, 271], [10899, 2138, 257, 7026], [15632, 438, 2016, 257],
  [922, 5891, 1576, 438], [568, 340, 373, 645], [1049, 5975, 284, 502], [284, 3285, 326, 11]];

const site = useLesson('text-to-tokens');
const requests = [];

/** Opens the lesson with the story's address answered by the shared copy (or by `storyBody()`, or `storyStatus`). */
async function open(hash, { storyStatus = 200, storyBody = () => story, ...options } = {}) {
  const prepare = (page) => page.route(STORY_URL, (route) => {
    requests.push(route.request().url());
    return storyStatus === 200
      ? route.fulfill({ status: 200, contentType: 'text/plain; charset=utf-8', body: storyBody(), headers: { 'access-control-allow-origin': '*' } })
      : route.fulfill({ status: storyStatus, body: 'no', headers: { 'access-control-allow-origin': '*' } });
  });
  const opened = await site.open(hash, { ...options, prepare });
  await opened.page.waitForSelector('.tt-pieces .tt-piece', { timeout: 20000 });
  return opened;
}

const pieceIds = (page) => page.$$eval('.tt-pieces .tt-piece', (els) => els.map((el) => Number(el.dataset.id)));
const tableIds = (page, which) => page.$$eval(`.tt-${which} tbody tr`, (rows) => rows.map((r) => [...r.cells].slice(1).map((c) => Number(c.textContent))));
const statusText = (page) => page.textContent('.tt-status');

async function typeText(page, text) {
  await page.fill('.tt-text textarea', text);
  await frames(page);
}

for (const [lang, title, sample] of [
  ['es', 'De texto a tokens', /¿Cómo lee un modelo de lenguaje\?/],
  ['en', 'From text to tokens', /How does a language model read\?/],
]) {
  test(`loads in ${lang} with the lab's own sample text, tokenized exactly as tiktoken does, with no errors`, async () => {
    const { page, problems, context } = await open(`#/text-to-tokens?lang=${lang}`);
    assert.equal(await page.textContent('h1'), title);
    const text = await page.inputValue('.tt-text textarea');
    assert.match(text, sample);
    assert.deepEqual(await pieceIds(page), Array.from(tiktoken.encode(text)));
    assert.match(await statusText(page), new RegExp(`${[...text].length} .* ${tiktoken.encode(text).length} tokens`)); // under 1000: not grouped
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the story button reads the document\'s story and, with the defaults, shows E004-2\'s 8×4 ids', async () => {
  const { page, problems, context } = await open('#/text-to-tokens?lang=en');
  const before = requests.length;
  await page.click('button[data-action="story"]');
  await page.waitForFunction(() => document.querySelector('.tt-text textarea').value.startsWith('I HAD always'));
  await frames(page);
  assert.equal(requests.length, before + 1);
  assert.equal(await page.inputValue('.tt-text textarea'), story);
  assert.match(await statusText(page), /5,145 tokens/); // grouped for the reader (formatCount)
  // Step 1's pieces outline their tokens: " HAD" is one piece of two tokens, " Gisburn" one of three.
  const groups = await page.$$eval('.tt-pieces .tt-group', (els) => els.map((g) => [...g.querySelectorAll('.tt-piece')].map((p) => Number(p.dataset.id))));
  assert.deepEqual(groups.slice(0, 8), [[40], [367, 2885], [1464], [1807], [3619], [402, 271, 10899], [2138], [257]]);
  assert.deepEqual(await tableIds(page, 'inputs'), E004_2);
  const targets = await tableIds(page, 'targets');
  assert.deepEqual(targets[0], [367, 2885, 1464, 1807]);
  assert.match(await page.textContent('.tt-batch-summary'), /1,286 windows .* 160 full batches .* The last 6 windows .* torch\.Size\(\[8, 4\]\)/);
  assert.match(page.url(), /source=story/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link with source=story downloads nothing by itself: it says so, and the button then loads it with the link\'s sizes', async () => {
  const before = requests.length;
  const { page, context } = await open('#/text-to-tokens?lang=es&maxLength=3&stride=1&batchSize=2&source=story');
  assert.match(await page.locator('.notice').textContent(), /No se descarga nada hasta que pulses/);
  assert.equal(requests.length, before);
  assert.ok(!(await page.inputValue('.tt-text textarea')).startsWith('I HAD always'));
  await page.click('button[data-action="story"]');
  await page.waitForFunction(() => document.querySelector('.tt-text textarea').value.startsWith('I HAD always'));
  assert.equal(requests.length, before + 1);
  await page.waitForSelector('.tt-inputs');
  await frames(page);
  assert.deepEqual(await tableIds(page, 'inputs'), [[40, 367, 2885], [367, 2885, 1464]]);
  assert.equal(await page.inputValue('[data-field="maxLength"] input[type=text]'), '3');
  assert.match(await page.textContent('.tt-batch-summary'), /5142 ventanas/);
  await context.close();
});

test('moving the fields changes the batch and the link', async () => {
  const { page, context } = await open('#/text-to-tokens?lang=en');
  await page.click('button[data-action="story"]');
  await page.waitForFunction(() => document.querySelector('.tt-text textarea').value.startsWith('I HAD always'));
  await frames(page);
  await page.fill('[data-field="maxLength"] input[type=text]', '2');
  await page.fill('[data-field="stride"] input[type=text]', '2');
  await page.fill('[data-field="batchSize"] input[type=text]', '3');
  await frames(page);
  assert.deepEqual(await tableIds(page, 'inputs'), [[40, 367], [2885, 1464], [1807, 3619]]);
  assert.deepEqual(await tableIds(page, 'targets'), [[367, 2885], [1464, 1807], [3619, 402]]);
  assert.match(page.url(), /maxLength=2/);
  assert.match(page.url(), /batchSize=3/);
  await context.close();
});

test('Spanish, emoji, mixed scripts and long runs: the same ids as tiktoken, and pieces of a character in hex', async () => {
  const { page, context } = await open('#/text-to-tokens?lang=en');
  const text = `¿Qué tal, señor Núñez? ¡Mañana! 👨‍👩‍👧 Привет 世界 ${' '.repeat(30)}${'9'.repeat(40)}\n\n`;
  await typeText(page, text);
  assert.deepEqual(await pieceIds(page), Array.from(tiktoken.encode(text)));
  assert.ok((await page.locator('.tt-piece.tt-partial').count()) > 0);
  assert.match(await page.textContent('.tt-pieces'), /⟨[0-9A-F]{2}( [0-9A-F]{2})*⟩/);
  await context.close();
});

test('bad input is answered with translated messages: stride 0, max_length past the text, special token, no tokens', async () => {
  const { page, problems, context } = await open('#/text-to-tokens?lang=es');
  await typeText(page, 'uno dos tres');
  // Fewer than 5 tokens: max_length 4 leaves no window.
  const n = tiktoken.encode('uno dos tres').length;
  assert.ok(n <= 4);
  assert.match(await page.textContent('[data-field="maxLength"] .field-error'), new RegExp(`max_length tiene que estar entre 1 y ${n - 1}`));
  assert.match(await page.textContent('.tt-batch-summary'), /max_length/);
  await page.fill('[data-field="stride"] input[type=text]', '0');
  await frames(page);
  assert.match(await page.textContent('[data-field="stride"] .field-error'), /stride tiene que estar entre 1 y 1024/);
  await typeText(page, 'Fin.<|endoftext|>Otro texto');
  assert.match(await page.textContent('.tt-text .field-error'), /token especial <\|endoftext\|>/);
  await page.check('.tt-special input');
  await frames(page);
  assert.equal(await page.textContent('.tt-text .field-error'), '');
  assert.ok((await pieceIds(page)).includes(50256));
  await typeText(page, '');
  assert.match(await page.textContent('.tt-batch-summary'), /Hay 0 tokens/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a file above the 32 MiB limit is refused with a message about the text; the text in the box and its tokens stay', async () => {
  const { page, problems, context } = await open('#/text-to-tokens?lang=en');
  await page.waitForSelector('.tt-pieces .tt-piece');
  const before = { text: await page.inputValue('.tt-text textarea'), ids: await pieceIds(page) };
  await page.setInputFiles('.tt-text input[type=file]', { name: 'book.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2 ** 25 + 1, 'a') });
  await page.locator('.tt-text .field-error', { hasText: /The text is too long to tokenize in one go \(the limit is 33,554,432 bytes/ }).waitFor();
  assert.equal(await page.inputValue('.tt-text textarea'), before.text);
  assert.deepEqual(await pieceIds(page), before.ids);
  // The page keeps working: a text typed next is tokenized as tiktoken does, and the error goes.
  await page.fill('.tt-text textarea', 'Short again.');
  await page.waitForFunction((n) => document.querySelectorAll('.tt-pieces .tt-piece').length === n, tiktoken.encode('Short again.').length);
  assert.equal(await page.textContent('.tt-text .field-error'), '');
  assert.deepEqual(await pieceIds(page), Array.from(tiktoken.encode('Short again.')));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a file with bytes that are not UTF-8 is read as the browser reads it, and tokenized without a crash', async () => {
  const { page, problems, context } = await open('#/text-to-tokens?lang=en');
  const bytes = Buffer.from([0x48, 0x69, 0x20, 0xFF, 0xFE, 0x20, 0xC3, 0xB1, 0xE2, 0x82, 0x0A, 0x6F, 0x6B]);
  await page.setInputFiles('.tt-text input[type=file]', { name: 'bad.txt', mimeType: 'text/plain', buffer: bytes });
  await page.waitForFunction(() => document.querySelector('.tt-text textarea').value.startsWith('Hi'));
  await frames(page);
  const asBrowser = new TextDecoder().decode(bytes);
  assert.equal(await page.inputValue('.tt-text textarea'), asBrowser);
  assert.deepEqual(await pieceIds(page), Array.from(tiktoken.encode(asBrowser)));
  assert.match(await statusText(page), /bytes that aren't UTF-8/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a failed download says so in the reader\'s language and keeps the text', async () => {
  const { page, context, problems } = await open('#/text-to-tokens?lang=es', { storyStatus: 404 });
  const before = await page.inputValue('.tt-text textarea');
  await page.click('button[data-action="story"]');
  await page.waitForSelector('.notice-error');
  assert.match(await page.textContent('.notice-error'), /No se ha podido descargar el cuento/);
  assert.equal(await page.inputValue('.tt-text textarea'), before);
  assert.ok(problems.some((p) => p.includes('404')));  // the page's own 404, nothing else
  assert.ok(problems.every((p) => p.includes('404') || p.includes('the-verdict')));
  await context.close();
});

test('what is not the story (over 1 MiB, too short, not UTF-8) is refused with a notice in the reader\'s language; the lesson keeps its text', async () => {
  const notUtf8 = Buffer.from(story);
  notUtf8[1000] = 0xff;
  const refusals = [
    ['x'.repeat(2 * 1024 * 1024), 'download_too_large', { argument: 'the-verdict.txt', max: 1048576 }],
    ['404: Not Found', 'download_unexpected_size', { argument: 'the-verdict.txt', value: 14, min: 10000, max: 40000 }],
    [notUtf8, 'download_not_utf8', { argument: 'the-verdict.txt' }],
  ];
  let body = null;
  const { page, problems, context } = await open('#/text-to-tokens?lang=es', { storyBody: () => body });
  const text = await page.inputValue('.tt-text textarea');
  const ids = await pieceIds(page);
  for (const [answer, code, fields] of refusals) {
    body = answer;
    await page.click('button[data-action="story"]');
    await page.locator('.notice-error').nth(refusals.findIndex((r) => r[1] === code)).waitFor();
  }
  const notices = () => page.locator('.notice-error p').allTextContents();
  assert.deepEqual(await notices(), refusals.map(([, code, fields]) => errorText('es', code, fields)));
  assert.equal(await page.inputValue('.tt-text textarea'), text);
  assert.deepEqual(await pieceIds(page), ids);
  await settled(page); // the link is written when the reader pauses
  assert.doesNotMatch(page.url(), /source=story/);
  await page.selectOption('#language', 'en');
  assert.deepEqual(await notices(), refusals.map(([, code, fields]) => errorText('en', code, fields)));
  // The lesson carries on: a text typed now is tokenized as tiktoken does, and the story still loads.
  await typeText(page, 'Nothing broke here.');
  assert.deepEqual(await pieceIds(page), Array.from(tiktoken.encode('Nothing broke here.')));
  body = story;
  await page.click('button[data-action="story"]');
  await page.waitForFunction(() => document.querySelector('.tt-text textarea').value.startsWith('I HAD always'));
  // The page stops reading the 2 MiB body, which the browser may report as a failed request: nothing else.
  assert.deepEqual(problems.filter((p) => !p.startsWith(`request failed: ${STORY_URL} `)), []);
  await context.close();
});

test('switching language swaps the sample text and keeps the window fields', async () => {
  const { page, context } = await open('#/text-to-tokens?lang=en&maxLength=5');
  await page.selectOption('#language', 'es');
  await page.waitForFunction(() => document.querySelector('.tt-text textarea').value.startsWith('¿Cómo'));
  // The lesson's text (and its title) arrives after the fields are relabelled: wait for it, never read it early.
  await page.locator('h1', { hasText: 'De texto a tokens' }).waitFor();
  await frames(page);
  assert.equal(await page.inputValue('[data-field="maxLength"] input[type=text]'), '5');
  const text = await page.inputValue('.tt-text textarea');
  assert.deepEqual(await pieceIds(page), Array.from(tiktoken.encode(text)));
  await context.close();
});

test('while the vocabulary is on its way the lesson says so and <html data-arriving> marks it; its arrival draws the ids and lifts the mark', async () => {
  const opened = await openPage(site.browser);
  const { page } = opened;
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/data/gpt2.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${site.server.url}#/text-to-tokens?lang=en`);
  await waitForReady(page, '#/text-to-tokens');
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-arriving')), true);
  assert.match(await statusText(page), /Loading GPT-2's vocabulary/);
  assert.equal(await page.locator('.tt-pieces .tt-piece').count(), 0);
  release();
  await arrived(page);
  const text = await page.inputValue('.tt-text textarea');
  assert.deepEqual(await pieceIds(page), Array.from(tiktoken.encode(text)));
  await opened.context.close();
});

test('the vocabulary is fetched only by this lesson', async () => {
  const opened = await openPage(site.browser);
  const fetched = [];
  opened.page.on('request', (r) => { if (r.url().endsWith('data/gpt2.json')) fetched.push(r.url()); });
  await opened.page.goto(`${site.server.url}#/pe-matrix?lang=en`);
  await opened.page.waitForSelector('.heatmap .chart-host svg', { timeout: 20000 });
  assert.equal(fetched.length, 0);
  await opened.page.goto(`${site.server.url}#/text-to-tokens?lang=en`);
  await opened.page.waitForSelector('.tt-pieces .tt-piece', { timeout: 20000 });
  assert.equal(fetched.length, 1);
  assert.ok(fetched[0].includes('/course/poslab/data/gpt2.json'));
  await opened.context.close();
});
