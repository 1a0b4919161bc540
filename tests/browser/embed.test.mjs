// Embed mode for course pages: `embed=1` shows one lesson alone, `hide=text,controls` hides the prose or the
// fields, the flags survive the lesson's own link rewrites and a reload, "Embed this view" writes the iframe
// code for the current state, and the embedded lab works inside another origin's page under a sub-path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { useLesson, field, frames, openPage } from './browser.mjs';

const site = useLesson('pe-matrix');
const visible = (page, selector) => page.locator(selector).first().isVisible();

test('embed=1&hide=text: the lesson alone, figures and fields only; the flags stay in the link', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en&maxLen=40&embed=1&hide=text');
  for (const hidden of ['.site-header', '.lessons-nav', '.site-footer', '.lesson-pager', '#lesson > p']) assert.equal(await visible(page, hidden), false, hidden);
  assert.equal(await visible(page, 'h1'), true);
  assert.equal(await visible(page, 'figure.heatmap'), true);
  assert.equal(await visible(page, '[data-field="dModel"]'), true);
  await field(page, 'dModel').fill('32');
  await page.waitForFunction(() => /dModel=32/.test(location.hash));
  assert.match(page.url(), /maxLen=40.*dModel=32.*&embed=1&hide=text$/);
  assert.deepEqual(problems, []); // before the reload, which may cancel the favicon's request
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.lessonReady === 'pe-matrix');
  assert.equal(await visible(page, '.site-header'), false);
  assert.equal(await field(page, 'dModel').inputValue(), '32');
  await context.close();
});

test('hide=controls leaves only the figures; without embed=1 the flags do nothing', async () => {
  const { page, context } = await site.open('#/pe-matrix?lang=es&embed=1&hide=text,controls');
  assert.equal(await visible(page, '[data-field="dModel"]'), false);
  assert.equal(await visible(page, 'figure.heatmap'), true);
  const plain = await site.open('#/pe-matrix?lang=es&hide=text');
  assert.equal(await visible(plain.page, '.site-header'), true);
  assert.equal(await visible(plain.page, '#lesson > p'), true);
  await plain.context.close();
  await context.close();
});

test('"Embed this view" gives the iframe code and the link of what the page shows now', async () => {
  const { page, context } = await site.open('#/pe-matrix?lang=en');
  await field(page, 'maxLen').fill('30');
  await page.waitForFunction(() => /maxLen=30/.test(location.hash));
  await page.click('.embed-view summary');
  await page.getByLabel('hide the lesson text (figures and fields only)').check();
  const code = await page.getByLabel('Code for your page (HTML)', { exact: true }).inputValue();
  const link = await page.getByLabel('Link to this view', { exact: true }).inputValue();
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/course\/poslab\/#\/pe-matrix\?lang=en&maxLen=30&.*&embed=1&hide=text$/);
  assert.ok(code.startsWith(`<iframe src="${link.replace(/&/g, '&amp;')}" title="The positional-encoding matrix · poslab"`), code);
  // Copy: with no clipboard permission the text is selected and the reader is told how to copy it.
  await page.click('.embed-code .embed-copy');
  await page.waitForFunction(() => document.querySelector('.embed-code .embed-copied').textContent !== '');
  await context.close();
});

test('inside another origin\'s course page, the embedded lesson loads, draws and keeps its flags', async (t) => {
  // A fresh page that loads nothing before the course page: leaving a lesson mid-load would cancel its requests.
  const { page, problems, context } = await openPage(site.browser);
  t.after(() => context.close());
  const inner = `${site.server.url}#/padding-and-masks?lang=es&embed=1`;
  // A course page on another origin: its own server, reached as localhost while the lab is at 127.0.0.1.
  const course = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="en"><title>Unit 3</title><h1>Unit 3</h1><iframe src="${inner}" title="poslab" width="900" height="700"></iframe>`));
  await new Promise((resolve) => course.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => { course.close(resolve); course.closeAllConnections(); }));
  await page.goto(`http://localhost:${course.address().port}/unit-3.html`);
  const frame = page.frameLocator('iframe');
  await frame.locator('html[data-lesson-ready="padding-and-masks"]').waitFor({ state: 'attached', timeout: 20000 });
  await frame.locator('.padding-map-masked svg').first().waitFor();
  assert.equal(await frame.locator('.site-header').isVisible(), false);
  assert.match(await frame.locator('h1').textContent(), /^Relleno y máscaras/);
  const frameUrl = page.frames().find((f) => f.url().includes('/course/poslab/')).url();
  assert.match(frameUrl, /&embed=1$/);
  await frames(page);
  assert.deepEqual(problems, []);
});
