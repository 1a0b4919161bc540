// Shared set-up for the browser tests and the screenshot script: Debian's Chromium through playwright-core,
// with every console error and page error collected so a test can assert there were none.
import { before as beforeAll, after as afterAll } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { startServer as startStaticServer } from './server.mjs';
import { formatInText } from '../../web/src/format.js';

/** Every lesson's id in course order, read from the folders (web/lessons/NN-slug/): a new lesson is never left out. */
export const LESSON_IDS = readdirSync(new URL('../../web/lessons/', import.meta.url))
  .filter((name) => /^\d+-/.test(name))
  .sort()
  .map((name) => name.replace(/^\d+-/, ''));

/**
 * The lessons a test that walks every lesson measures: all of them, or only those named in POSLAB_LESSONS
 * (comma-separated ids), so one lesson can be checked while it is being changed. CI never sets it.
 */
export const lessonsToCheck = (ids = LESSON_IDS) => {
  const only = process.env.POSLAB_LESSONS?.split(',').map((id) => id.trim()).filter(Boolean);
  return only?.length ? ids.filter((id) => only.includes(id)) : ids;
};

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
  // A request the page's own navigation cancels (a reload while the icon loads) is aborted, not failed.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
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
  // pe-matrix is drawn once its two charts are; a link to another lesson waits for that lesson to be ready.
  const ready = (page, hash) => (/^#\/pe-matrix(\?|$)/.test(hash) ? waitForLesson(page) : waitForReady(page, hash));
  site.open = (hash = '#/pe-matrix', options = {}) => openIn(site, hash, options, ready);
  return site;
}

/**
 * Waits until main.js has mounted and started the lesson the hash names (it sets data-lesson-ready), then
 * two animation frames, so that a redraw the lesson's first resize observation schedules (the first drawing
 * changed the width the charts follow: a scrollbar appeared) is done too.
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

/**
 * Which of the figures (their element ids) change() redraws with other content, once the page has drawn it: what
 * a field's aria-controls must name.
 */
export async function redrawnBy(page, ids, change) {
  const html = () => page.evaluate((list) => list.map((id) => document.getElementById(id).innerHTML), ids);
  const before = await html();
  await change();
  await frames(page);
  const after = await html();
  return ids.filter((_, i) => after[i] !== before[i]);
}

/**
 * Waits until nothing waits for the reader's pause: the views off the screen drawn, the link and the stored
 * state written (lesson-view.js).
 */
export const settled = (page) => page.waitForFunction(() => !('deferred' in document.documentElement.dataset));

/**
 * Waits until what the lesson downloads or computes after its first frame (a vocabulary, a model trained in a
 * worker: lesson-view.js' source()) has arrived and been drawn (<html data-arriving> gone), and the page settled.
 */
export async function arrived(page, timeout = 30000) {
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-arriving'), null, { timeout });
  await frames(page);
}

/**
 * Opens the table under a figure's <details> and waits for its rows. A chart's table is built on the
 * details' toggle event, which fires after the click has returned: reading rows right after the click races.
 */
export async function openTable(page, scope) {
  // A figure off the screen is redrawn when the reader pauses (lesson-view.js): its table, before then,
  // would be the last drawing's.
  await settled(page);
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
    // The waves as the line chart's canvas painted them (charts/lines.js): each row's name and heights.
    linePaths: JSON.stringify((document.querySelector('.lines canvas')?.lines ?? []).map((l) => [l.name, Array.from(l.y)])),
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

/**
 * A number as the page writes it in a sentence (web/src/format.js formatNumber): 6,3 × 10⁻⁸, −2,9155 and
 * 60 611 in Spanish; 6.3 × 10⁻⁸ and 60,611 in English.
 */
export function proseNumber(text, lang) {
  const [mantissa, power = ''] = text.trim().split(/\s*×\s*10/);
  const digits = mantissa.replace(/[\s\u202f\u00a0]/g, '').replace('−', '-');
  const plain = lang === 'es' ? digits.replace(',', '.') : digits.replace(/,/g, '');
  const exponent = [...power].map((c) => (c === '⁻' ? '-' : '⁰¹²³⁴⁵⁶⁷⁸⁹'.indexOf(c))).join('');
  return Number(plain) * 10 ** Number(exponent || 0);
}

/** Clicks one of a figure's download buttons (kind: 'png', 'svg' or 'csv'); resolves to {name, bytes}. */
export async function saveFigure(page, scope, kind) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`${scope} .chart-export-button[data-export="${kind}"]`)]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** A CSV line as its cells (RFC 4180: quoted cells may hold commas and doubled quotes). */
export function csvCells(line) {
  const out = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') cell += line[++i];
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) { out.push(cell); cell = ''; }
    else cell += c;
  }
  out.push(cell);
  return out;
}

/**
 * The links to other lessons ([{text, id}]) in the part of the lesson under the heading whose text matches
 * `heading`, up to the next heading of the same or a higher level; null when there is no such heading.
 */
export const sectionLessonLinks = (page, heading) => page.evaluate((source) => {
  const start = [...document.querySelectorAll('#lesson h2, #lesson h3')].find((h) => new RegExp(source).test(h.textContent));
  if (!start) return null;
  const links = [];
  for (let node = start.nextElementSibling; node && !(/^H[1-3]$/.test(node.tagName) && node.tagName <= start.tagName); node = node.nextElementSibling) {
    for (const a of node.querySelectorAll('a[href^="#/"]')) links.push({ text: a.textContent, id: a.getAttribute('href').slice(2).split('?')[0] });
  }
  return links;
}, heading.source);

/**
 * Follows each lesson link of the current lesson whose target is in `ids` (clicking it as a reader would),
 * checks that it opens that lesson, and comes back.
 */
export async function followLessonLinks(page, from, ids) {
  for (const id of new Set(ids)) {
    const link = page.locator(`#lesson a[href="#/${id}"]`).first();
    // A link in a closed aside is reached as a reader reaches it: the aside is opened first.
    await link.evaluate((a) => a.closest('details:not([open])')?.setAttribute('open', ''));
    await link.click();
    await waitForReady(page, `#/${id}`);
    await page.goBack();
    await waitForReady(page, `#/${from}`);
  }
}

/**
 * A link of the lesson's prose as a reader follows it: opens `hash` (with `open`, a useLesson helper), clicks the
 * link whose text matches `name`, and checks that it opens `route` with the lesson titled `title`, with no error.
 */
export async function linkLeadsTo(open, hash, [name, route, title]) {
  const { page, problems, context } = await open(hash);
  await page.locator('.lesson a', { hasText: name }).click();
  await waitForReady(page, route);
  assert.ok(new URL(page.url()).hash.startsWith(`${route}?`), page.url());
  assert.equal(await page.textContent('h1'), title);
  assert.deepEqual(problems, []);
  await context.close();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.0 and 2.1 (A, AA) violations in the page, one line each. */
export async function axeViolations(page) {
  // Evaluated through the DevTools protocol: the site's CSP rightly refuses an injected <script>.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${v.nodes[0].target.join(' ')})`);
  });
}
