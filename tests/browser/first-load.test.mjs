// What makes the first lesson quick on a phone's mobile data (the timings themselves are measured by
// scripts/bench/first-chart.mjs, not here): the WebAssembly module and its glue are asked for before the lesson's
// own code, and the .wasm only once (compiled while it downloads, handed to the glue); the lesson's text is on
// screen while the module is still downloading; the offline copy (a service worker precaching the whole site)
// waits until the lesson is drawn and the page is idle, and is never made on a connection that saves data.
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

test('the module, its glue and its guard are asked for before the lesson’s code, and the .wasm once', async () => {
  requests = [];
  const { page, problems, context } = await openPage(browser);
  await page.goto(`${server.url}#/pe-matrix?lang=en`);
  await waitForReady(page, '#/pe-matrix');
  const files = requests.map(file);
  const lessonCode = files.findIndex((name) => /^lesson-.*\.js$/.test(name));
  assert.ok(lessonCode > 0, `the lesson's code was loaded: ${files.join(' ')}`);
  for (const name of ['poslab.mjs', 'poslab-simd.core.mjs', 'poslab-guard.mjs', 'poslab-simd.core.wasm']) {
    assert.equal(files.filter((f) => f === name).length, 1, `${name} is asked for once`);
    assert.ok(files.indexOf(name) < lessonCode, `${name} before the lesson's code: ${files.join(' ')}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the lesson’s text is on screen while the module downloads; its figures follow once it is in', async () => {
  const { page, problems, context } = await openPage(browser);
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route('**/wasm/poslab-simd.core.wasm', async (route) => {
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
