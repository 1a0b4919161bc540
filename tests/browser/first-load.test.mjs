// What makes the first lesson quick on a phone's mobile data (the timings themselves are measured by
// scripts/bench/first-chart.mjs, not here): the WebAssembly module the lesson needs (the base module for the
// lessons of lessons.js kernelPart, a third of the whole one) and its glue are asked for before the lesson's own
// code, and the .wasm only once (compiled while it downloads, handed to the glue); Observable Plot, which draws
// the first chart, is asked for with main.js (index.html names it); the lesson's text is on screen while the
// module is still downloading; the offline copy (a service worker precaching the whole site) waits until the
// lesson is drawn and the reader has paused, and is never made on a connection that saves data.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, waitForReady } from './browser.mjs';
import { startServer } from './server.mjs';

let server;
let browser;
// Every request that reaches the server, in order (the service worker's too, which the page does not see).
let requests = [];
before(async () => {
  server = await startServer({ onRequest: (path) => requests.push(path) });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const file = (path) => path.split('/').pop();
const ready = (page, id) => page.waitForFunction((want) => document.documentElement.dataset.lessonReady === want, id, { timeout: 30000 });

test('the base module, its glue and its guard, and Plot, are asked for before the lesson’s code, and the .wasm once', async () => {
  requests = [];
  const { page, problems, context } = await openPage(browser);
  await page.goto(`${server.url}#/pe-matrix?lang=en`);
  await waitForReady(page, '#/pe-matrix');
  const files = requests.map(file);
  const lessonCode = files.findIndex((name) => /^lesson-.*\.js$/.test(name));
  assert.ok(lessonCode > 0, `the lesson's code was loaded: ${files.join(' ')}`);
  const plot = await page.getAttribute('link[rel="modulepreload"][href*="/plot-"]', 'href');
  for (const name of ['poslab-base.mjs', 'poslab-simd.base.mjs', 'poslab-guard.mjs', 'poslab-simd.base.wasm', file(plot)]) {
    assert.equal(files.filter((f) => f === name).length, 1, `${name} is asked for once`);
    assert.ok(files.indexOf(name) < lessonCode, `${name} before the lesson's code: ${files.join(' ')}`);
  }
  // With main.js: before what main.js asks for once it runs.
  assert.ok(files.indexOf(file(plot)) < files.indexOf('poslab-base.mjs'), `Plot with main.js: ${files.join(' ')}`);
  assert.deepEqual(files.filter((f) => /\.core\./.test(f)), [], 'nothing of the whole module');
  assert.equal(await page.getAttribute('html', 'data-kernel'), 'simd');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a lesson that needs the whole module loads it, from the link or from a base lesson, and a base lesson then uses it', async () => {
  requests = [];
  const { page, problems, context } = await openPage(browser);
  await page.goto(`${server.url}#/padding-and-masks?lang=en`);
  await waitForReady(page, '#/padding-and-masks');
  let files = requests.map(file);
  assert.deepEqual(files.filter((f) => /^poslab-simd\./.test(f)).sort(), ['poslab-simd.core.mjs', 'poslab-simd.core.wasm']);
  assert.ok((await page.locator('#lesson .chart-host svg').count()) > 0, 'its figures are drawn');
  await context.close();

  requests = [];
  const second = await openPage(browser);
  await second.page.goto(`${server.url}#/why-order?lang=en`);
  await waitForReady(second.page, '#/why-order');
  await second.page.click('#lessons-nav a[href="#/padding-and-masks"]');
  await waitForReady(second.page, '#/padding-and-masks');
  assert.ok((await second.page.locator('#lesson .chart-host svg').count()) > 0, 'its figures are drawn');
  await second.page.click('#lessons-nav a[href="#/pe-matrix"]');
  await waitForReady(second.page, '#/pe-matrix');
  assert.match(await second.page.textContent('.heatmap figcaption'), /The whole matrix/);
  files = requests.map(file);
  for (const name of ['poslab-simd.base.wasm', 'poslab-simd.core.wasm']) assert.equal(files.filter((f) => f === name).length, 1, `${name} once: ${files.join(' ')}`);
  assert.deepEqual([...problems, ...second.problems], []);
  await second.context.close();
});

test('the lesson’s text is on screen while the module downloads; its figures follow once it is in', async () => {
  const { page, problems, context } = await openPage(browser);
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route('**/wasm/poslab-simd.base.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}#/pe-matrix?lang=es`);
  await page.waitForSelector('#lesson h1');
  assert.equal(await page.textContent('#lesson h1'), 'La matriz de positional encoding');
  assert.ok((await page.locator('#lesson .katex').count()) > 3, 'the formulas are there too');
  assert.equal(await page.locator('#lesson .chart-host svg').count(), 0, 'no figure without the module');
  assert.equal(await page.getAttribute('html', 'data-lesson-ready'), null);
  release();
  await waitForReady(page, '#/pe-matrix');
  // The figures went into the text already on screen, in their places, and the page's end came after them.
  assert.match(await page.textContent('.heatmap figcaption'), /La matriz completa/);
  assert.equal(await page.locator('#lesson [data-slot] .heatmap').count(), 1);
  assert.equal(await page.locator('#lesson > .lesson-pager').count(), 1);
  assert.equal(await page.evaluate(() => document.querySelector('#lesson').lastElementChild.classList.contains('lesson-pager')), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the offline copy starts after the lesson is drawn and the page idles, not before', async () => {
  requests = [];
  const { page, problems, context } = await openPage(browser, { serviceWorkers: 'allow' });
  await page.goto(`${server.url}#/why-order?lang=en`);
  await ready(page, 'why-order');
  assert.equal(await page.getAttribute('html', 'data-offline'), 'waiting');
  assert.deepEqual(requests.filter((path) => file(path) === 'sw.js'), [], 'no service worker yet');
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 60000 });
  assert.equal(requests.filter((path) => file(path) === 'sw.js').length, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('while the reader drags a slider the offline copy waits; it starts once the reader pauses', async () => {
  requests = [];
  const { page, problems, context } = await openPage(browser, { serviceWorkers: 'allow' });
  await page.goto(`${server.url}#/pe-matrix?lang=en`);
  await ready(page, 'pe-matrix');
  // A drag twice as long as the wait (OFFLINE_DELAY_MS, 3 s): a move every other frame, as a reader's finger.
  const state = await page.evaluate(async (length) => {
    const input = document.querySelector('[data-field="dModel"] input[type="range"]');
    const [value, step] = [Number(input.value), Number(input.step)];
    const two = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let start = performance.now(), i = 0; performance.now() - start < length; i++) {
      input.value = String(i % 2 ? value : value - step);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await two();
    }
    return document.documentElement.dataset.offline;
  }, 6000);
  assert.equal(state, 'waiting');
  assert.deepEqual(requests.filter((path) => file(path) === 'sw.js'), [], 'no service worker during the drag');
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 60000 });
  assert.equal(requests.filter((path) => file(path) === 'sw.js').length, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a connection that saves data, no offline copy is made', async () => {
  requests = [];
  const { page, problems, context } = await openPage(browser, {
    serviceWorkers: 'allow',
    initScript: () => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }),
  });
  await page.goto(`${server.url}#/why-order?lang=en`);
  await ready(page, 'why-order');
  assert.equal(await page.getAttribute('html', 'data-offline'), 'saving-data');
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined), true);
  assert.deepEqual(requests.filter((path) => file(path) === 'sw.js'), []);
  assert.deepEqual(problems, []);
  await context.close();
});
