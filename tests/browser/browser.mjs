// Shared set-up for the browser tests and the screenshot script: Debian's Chromium through playwright-core,
// with every console error and page error collected so a test can assert there were none.
import { before as beforeAll, after as afterAll } from 'node:test';
import { chromium } from 'playwright-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { startServer as startStaticServer } from './server.mjs';
import { formatInText } from '../../web/src/format.js';

/** Every lesson's id in course order, read from the folders (web/lessons/NN-slug/): a new lesson is never left out. */
export const LESSON_IDS = readdirSync(new URL('../../web/lessons/', import.meta.url))
  .filter((name) => /^\d+-/.test(name))
  .sort()
  .map((name) => name.replace(/^\d+-/, ''));

/** The shared strings of one language (web/i18n/<lang>.json). */
export const sharedStrings = (lang) => JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), 'utf8'));

/**
 * The sentence describeError (web/src/kernel.js) makes of an error with `code` and `fields`, from the shared
 * strings, numbers grouped as the page groups them. For errors whose argument is shown as written (a file's
 * name), not as one of the catalogue's argument names.
 */
export function errorText(lang, code, fields = {}) {
  return sharedStrings(lang).errors[code].replace(/\{(\w+)\}/g, (whole, name) => {
    const value = fields[name === 'Argument' ? 'argument' : name];
    return value === undefined ? whole : String(formatInText(value, lang));
  });
}

const EXECUTABLE = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launch() {
  if (!existsSync(EXECUTABLE)) {
    throw new Error(`${EXECUTABLE} not found: install it with scripts/setup-system.sh test`);
  }
  return chromium.launch({
    executablePath: EXECUTABLE,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * A fresh context and page (own local storage); `problems` fills with console errors and page errors.
 * initScript (a function) runs in the page before any of the site's scripts, e.g. to take a feature away.
 * serviceWorkers: 'block' (default) or 'allow'.
 */
export async function openPage(browser, { viewport = { width: 1280, height: 900 }, locale = 'en-US', initScript, serviceWorkers = 'block' } = {}) {
  // The offline copy (a service worker precaching ~3 MB) is tested in offline.test.mjs; elsewhere it would
  // only make every fresh context download the whole site.
  const context = await browser.newContext({ viewport, locale, serviceWorkers });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.url()}`); });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  return { context, page, problems };
}

/** Waits until the lesson has drawn its figures (the heatmap's SVG is in the page). */
export async function waitForLesson(page) {
  await page.waitForSelector('.heatmap .chart-host svg', { timeout: 20000 });
  await page.waitForSelector('.lines .chart-host svg', { timeout: 20000 });
}

/** Starts the static server and Chromium before a test file's tests, and closes them after. */
function siteHooks({ before, after }, startServer) {
  const site = { server: null, browser: null, contexts: [] };
  before(async () => {
    site.server = await startServer();
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}

/**
 * Opens `hash` in a fresh context of the site's browser, then waits with `ready(page, hash)`. options.prepare
 * (page) runs before the page loads, e.g. to answer a request with page.route().
 */
async function openIn(site, hash, { prepare, ...options }, ready) {
  const opened = await openPage(site.browser, options);
  if (prepare) await prepare(opened.page);
  await opened.page.goto(site.server.url + hash);
  await ready(opened.page, hash);
  return opened;
}

/**
 * Starts the static server and Chromium once per test file; returns an object whose fields are filled in
 * by the before() hook, and an open(hash, options) helper that loads the lesson in a fresh context.
 */
export function useSite(hooks, startServer) {
  const site = siteHooks(hooks, startServer);
  site.open = (hash = '#/pe-matrix', options = {}) => openIn(site, hash, options, waitForLesson);
  return site;
}

/**
 * Waits until main.js has mounted and started the lesson the hash names (it sets data-lesson-ready), then
 * two animation frames, so the redraw the lesson's first resize observation schedules is done too.
 */
export async function waitForReady(page, hash) {
  const id = /^#\/([^?]*)/.exec(hash)?.[1];
  await page.waitForFunction((want) => document.documentElement.dataset.lessonReady === want, id, { timeout: 20000 });
  await frames(page);
}

/**
 * The set-up of a lesson's test file: server and Chromium for the file's tests, and open(hash, options),
 * which loads `hash` (by default the lesson's own page) in a fresh context and waits until the lesson is
 * mounted and started.
 */
export function useLesson(slug) {
  const site = siteHooks({ before: beforeAll, after: afterAll }, startStaticServer);
  site.open = (hash = `#/${slug}`, options = {}) => openIn(site, hash, options, waitForReady);
  return site;
}

/**
 * Waits for the next frames to be drawn (the page redraws once per animation frame), then for the views far
 * from the screen, which a lesson draws once the reader pauses (<html data-deferred>, see lesson-view.js).
 */
export async function frames(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled(page);
}

/** Waits until no view waits to be drawn (a lesson draws the views far from the screen once the reader pauses). */
export const settled = (page) => page.waitForFunction(() => !('deferred' in document.documentElement.dataset));

/**
 * Opens the table under a figure's <details> and waits for its rows. A chart's table is built on the
 * details' toggle event, which fires after the click has returned: reading rows right after the click races.
 */
export async function openTable(page, scope) {
  await page.click(`${scope} summary`);
  await page.waitForSelector(`${scope} tbody tr`);
}

/** Opens every <details> of the page and waits until each chart's table is built (see openTable). */
export async function openAllTables(page) {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  await page.waitForFunction(() => [...document.querySelectorAll('details.chart-table:not([hidden])')].every((d) => d.querySelector('table')));
}

/** The page's width beyond the viewport, in CSS pixels (0 when nothing overflows sideways). */
export const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** What the figures currently show, to tell whether a change redrew them. */
export async function snapshot(page) {
  await settled(page);
  return page.evaluate(() => ({
    heatmapTitle: document.querySelector('.heatmap figcaption')?.textContent,
    heatmapImage: document.querySelector('.heatmap canvas')?.toDataURL(),
    linePaths: [...document.querySelectorAll('.lines svg path')].map((p) => p.getAttribute('d')).join('|'),
    inspector: document.querySelector('.inspector')?.textContent,
    fullTable: document.querySelector('.values .data-table:not(.inspector-table)')?.textContent ?? null,
  }));
}

/** The cells of one row of the full values table, as printed. */
export async function tableRow(page, position) {
  await settled(page);
  return page.evaluate((pos) => {
    const table = document.querySelector('.values .data-table:not(.inspector-table)');
    const row = [...table.tBodies[0].rows].find((r) => r.cells[0].textContent.trim() === String(pos));
    return [...row.cells].slice(1).map((c) => c.textContent.trim());
  }, position);
}

export const field = (page, name, kind = 'input[type=text]') => page.locator(`[data-field="${name}"] ${kind}`);

/** Answers one self-check question (the quiz inside `scope`) and returns its feedback's verdict: 'right' or 'wrong'. */
export async function answerQuiz(page, scope, question, option) {
  const set = page.locator(`${scope} .quiz-question[data-question="${question}"]`);
  await set.locator(`input[value="${option}"]`).check();
  await set.locator('.quiz-check').click();
  return set.locator('.quiz-feedback').getAttribute('data-result');
}

/** Training lessons: waits until every visible run row (.train-run) has one of `states` ('done', 'cancelled', …). */
export const runsSettled = (page, states = ['done'], timeout = 180000) =>
  page.waitForFunction((want) => {
    const rows = [...document.querySelectorAll('.train-run:not([hidden])')];
    return rows.length > 0 && rows.every((r) => want.includes(r.dataset.state));
  }, states, { timeout });

/**
 * Training lessons: after Continue, waits until the status line (`selector`) reads, through `source` (a regexp
 * whose groups 1 and 2 are the step reached and the last step), a step past `from` on the way to `from + steps`.
 */
export const continuedPast = (page, { source, selector, from, steps }) =>
  page.waitForFunction(({ source, selector, from, steps }) => {
    const m = new RegExp(source).exec(document.querySelector(selector).textContent);
    const n = (text) => Number(text.replace(/\D/g, ''));
    return m && n(m[1]) > from && n(m[2]) === from + steps;
  }, { source, selector, from, steps });
