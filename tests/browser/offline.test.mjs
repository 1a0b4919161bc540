// Offline after the first visit (vite-plugin-pwa's service worker, see vite.config.js): every lesson opens for
// the first time and draws with the network cut, in both languages, after a reload too; GPT-2's vocabulary is
// in the precache, so text-to-tokens tokenizes without ever having been opened online; what truly needs the
// network (the story not yet downloaded) says so; and a new build is offered as "new version — reload",
// taking over only when the reader accepts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, openPage, frames, LESSON_IDS as lessonIds } from './browser.mjs';
import { DIST, startServer } from './server.mjs';


let root;
let server;
let browser;
before(async () => {
  // A copy of the site, so the test can publish "a new build" under the same address.
  root = await mkdtemp(join(tmpdir(), 'poslab-offline-'));
  await cp(DIST, root, { recursive: true });
  server = await startServer({ root: `${root}/` });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

test('the manifest makes the lab installable: name and lang as the page opens (Spanish), start URL and scope relative, 192 and 512 px PNG icons', async () => {
  const manifest = JSON.parse(await readFile(join(DIST, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.start_url, './');
  assert.equal(manifest.scope, './');
  assert.equal(manifest.display, 'standalone');
  // The manifest speaks the language the page opens in.
  const pageLang = /<html lang="([^"]+)"/.exec(await readFile(join(DIST, 'index.html'), 'utf8'))[1];
  assert.equal(pageLang, 'es');
  assert.equal(manifest.lang, pageLang);
  assert.equal(manifest.name, 'poslab — laboratorio de positional encoding');
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
    assert.ok(icon, `a ${size} px PNG icon`);
    const png = await readFile(join(DIST, icon.src));
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [size, size], `${icon.src} is ${size}×${size}`);
  }
});

const ready = (page, id) => page.waitForFunction((want) => document.documentElement.dataset.lessonReady === want, id, { timeout: 30000 });

/** Types `text` into lesson 10's box and waits for GPT-2's ids of it (tiktoken's, as the self-check quotes them). */
async function tokenize(page, text, ids) {
  await page.fill('.tt-text textarea', text);
  await page.waitForFunction((want) => [...document.querySelectorAll('.tt-pieces .tt-piece')].map((el) => el.dataset.id).join(' ') === want, ids);
}

test('after one visit every lesson works offline, even one never opened, and a new build waits for the reader to reload', async () => {
  const { page, problems, context } = await openPage(browser, { serviceWorkers: 'allow' });
  const vocabularyRequests = [];
  page.on('request', (r) => { if (r.url().endsWith('/data/gpt2.json')) vocabularyRequests.push(r.url()); });
  await page.goto(`${server.url}#/pe-matrix?lang=en`);
  await ready(page, 'pe-matrix');
  // The service worker has precached the site: the page says so, once, and says what still needs the network.
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 60000 });
  assert.match(await page.locator('.notice-info').first().textContent(), /works without a connection\. Only downloading a document's text needs the network\./);
  // The vocabulary was never asked for by a lesson: it is in the precache all the same.
  assert.deepEqual(vocabularyRequests, []);
  const precached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
    const urls = (await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)))).flat();
    return urls.filter((url) => /\/data\/gpt2\.json/.test(url)).length;
  });
  assert.equal(precached, 1, 'data/gpt2.json is precached');

  await context.setOffline(true);
  // Every lesson for the first time, alternating languages, reached by changing the link as the lesson list does.
  for (const [k, id] of lessonIds.entries()) {
    const lang = k % 2 ? 'en' : 'es';
    await page.evaluate((hash) => { location.hash = hash; }, `#/${id}?lang=${lang}`);
    await ready(page, id);
    assert.equal(await page.locator('html').getAttribute('lang'), lang, id);
    assert.ok(await page.locator('#lesson .panel').count() > 0, `${id}: its panels are there`);
    if (id === 'text-to-tokens') await tokenize(page, 'Hello, world!', '15496 11 995 0');
    assert.equal(await page.locator('.notice-error').count(), 0, `${id}: no error`);
  }
  // A reload with no network: the page itself comes from the offline copy; the vocabulary too.
  await page.evaluate(() => { location.hash = '#/text-to-tokens?lang=es'; });
  await ready(page, 'text-to-tokens');
  await page.reload();
  await ready(page, 'text-to-tokens');
  await tokenize(page, 'Hello, world!', '15496 11 995 0');
  // The story was never downloaded: offline, the page says it needs the connection, in the reader's language.
  await page.click('button[data-action="story"]');
  await page.waitForFunction(() => /Revisa la conexión/.test(document.querySelector('#notices').textContent));
  assert.deepEqual(problems.filter((p) => p.startsWith('page error')), []);

  // A new build is published: the page offers it and keeps the old one until the reader reloads.
  await context.setOffline(false);
  const sw = join(root, 'sw.js');
  await writeFile(sw, `${await readFile(sw, 'utf8')}\n// the next build\n`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForFunction(() => document.documentElement.dataset.update === 'waiting', null, { timeout: 60000 });
  const notice = page.locator('.notice-info', { hasText: 'versión nueva' });
  assert.equal(await notice.count(), 1);
  await frames(page);
  await Promise.all([page.waitForEvent('load'), notice.locator('.notice-action').click()]);
  await ready(page, 'text-to-tokens');
  assert.equal(await page.locator('html').getAttribute('data-update'), null);
  await context.close();
});
