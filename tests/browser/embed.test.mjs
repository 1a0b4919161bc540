// Embed mode for course pages: `embed=1` shows one lesson alone, `hide=text,controls` hides the prose or the
// fields, the flags survive the lesson's own link rewrites and a reload, "Embed this view" writes the iframe
// code for the current state, and the embedded lab works inside another origin's page under a sub-path; one figure
// alone fits its frame through the height message, and an embed keeps its preferences to itself.
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

test('one figure alone: two frames from two lessons, pasted from "Embed this view" into another origin\'s page, fit their content and their controls work', async (t) => {
  /** What "Embed this view" gives for one figure of a lesson: [the iframe line, the lines that fit it]. */
  const embedCode = async (hash, figure) => {
    const opened = await site.open(hash);
    await opened.page.click('.embed-view summary');
    await opened.page.getByLabel(/^(What to embed|Qué insertar)$/).selectOption(figure);
    const code = await opened.page.locator('.embed-code textarea').inputValue();
    await opened.context.close();
    return [code.split('\n')[0], code.split('\n').slice(1).join('\n')];
  };
  const [heatFrame, snippet] = await embedCode('#/pe-matrix?lang=en&maxLen=40', 'heatmap');
  const [farFrame] = await embedCode('#/distances?lang=es', 'far');
  assert.match(heatFrame, /&amp;embed=1&amp;figure=heatmap" title="The positional-encoding matrix · poslab" .* data-poslab><\/iframe>$/);
  assert.match(snippet, /^<script>\naddEventListener\('message'/);

  const { page, problems, context } = await openPage(site.browser);
  t.after(() => context.close());
  const course = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="en"><title>Unit 4</title><h1>Unit 4</h1>${heatFrame}<p>Between the figures.</p>${farFrame}${snippet}`));
  await new Promise((resolve) => course.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => { course.close(resolve); course.closeAllConnections(); }));
  // The course page on another origin: its own server, reached as localhost while the lab is at 127.0.0.1.
  await page.goto(`http://localhost:${course.address().port}/unit-4.html`);
  const [one, two] = [page.frameLocator('iframe >> nth=0'), page.frameLocator('iframe >> nth=1')];
  await one.locator('html[data-lesson-ready="pe-matrix"]').waitFor({ state: 'attached' });
  await two.locator('html[data-lesson-ready="distances"]').waitFor({ state: 'attached' });
  await one.locator('figure.heatmap svg').first().waitFor();
  await two.locator('.far figure svg').first().waitFor();

  // Each frame shows its figure and what drives it, nothing else of its lesson.
  assert.equal(await one.locator('figure.heatmap').isVisible(), true);
  assert.equal(await one.locator('[data-field="dModel"]').isVisible(), true);
  for (const away of ['h1', '#lesson > p', '[data-slot="lines"]', '[data-slot="quiz"]', '.embed-view']) assert.equal(await one.locator(away).first().isVisible(), false, away);
  assert.equal(await two.locator('[data-field="farD"]').isVisible(), true);
  for (const away of ['[data-slot="pairs"]', '[data-slot="similarity"]', '#lesson > p']) assert.equal(await two.locator(away).first().isVisible(), false, away);

  /** Each frame's content height (what it posts), its height in the course page, and how far it scrolls. */
  const measure = () => Promise.all([0, 1].map(async (n) => {
    const frame = page.locator('iframe').nth(n);
    // As a reader scrolls to it: Chromium does not render a frame from another origin while it is out of sight.
    await frame.scrollIntoViewIfNeeded();
    const inside = await (await frame.elementHandle()).contentFrame().then((f) => f.evaluate(() => ({
      content: Math.ceil(document.body.getBoundingClientRect().height),
      scrolls: document.scrollingElement.scrollHeight - document.scrollingElement.clientHeight,
    })));
    return { ...inside, frame: Math.round((await frame.boundingBox()).height) };
  }));
  /** Waits, frame by frame (at most 600), until each frame is as tall as its content within 2 px. */
  const settle = async () => {
    let all = [];
    for (let n = 0; n < 600; n += 1) {
      all = await measure();
      if (all.every((h) => Math.abs(h.content - h.frame) <= 2 && h.scrolls <= 2)) return all;
      await frames(page);
    }
    return assert.fail(`the frames never fitted their content: ${JSON.stringify(all)}`);
  };
  const before = await settle();
  // Neither stayed at the height the code wrote: the heat map's frame grew or shrank to its content.
  assert.ok(before.every((h) => h.content > 200), JSON.stringify(before));

  // The controls work inside: the heat map follows d_model, the race to half a step follows the far d_model.
  await one.locator('[data-field="dModel"] input[type=text]').fill('32');
  await one.locator('figure.heatmap figcaption', { hasText: /32/ }).waitFor();
  await two.locator('[data-field="farD"] input[type=text]').fill('350');
  await two.locator('.far-race', { hasText: /159/ }).waitFor();
  await settle();
  assert.deepEqual(problems, []);
});

test('an embed keeps its language, text size and values to itself; a figure the lesson lacks shows the lesson whole', async () => {
  const { page, context } = await site.open('#/pe-matrix?lang=es&maxLen=50');
  // Each address is a fresh page, as a frame in a course page and a student's tab are.
  const load = async (hash) => {
    await page.goto('about:blank');
    await page.goto(`${site.server.url}${hash}`);
  };
  await load('#/pe-matrix?lang=en&dModel=32&embed=1&figure=heatmap&text=large');
  await page.waitForFunction(() => document.documentElement.dataset.lessonReady === 'pe-matrix' && document.documentElement.dataset.textSize === 'large');
  await field(page, 'maxLen').fill('70');
  await page.waitForFunction(() => /maxLen=70/.test(location.hash));
  // The lab opened directly, at its bare address, comes back as this browser left it.
  await load('#/');
  await page.waitForFunction(() => document.documentElement.dataset.lessonReady === 'pe-matrix');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.equal(await page.getAttribute('html', 'data-text-size'), null);
  assert.equal(await field(page, 'maxLen').inputValue(), '50');
  assert.equal(await field(page, 'dModel').inputValue(), '64');
  // A figure name the lesson does not have: the whole lesson, and a notice that says so.
  await load('#/pe-matrix?lang=en&embed=1&figure=nothing');
  await page.locator('.notice', { hasText: 'has no figure called “nothing”' }).waitFor();
  assert.equal(await page.locator('[data-slot="lines"]').isVisible(), true);
  await context.close();
});
