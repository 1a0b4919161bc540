// The site runs under a strict Content Security Policy with no 'unsafe-eval' (the Emscripten glue is
// built with DYNAMIC_EXECUTION=0; only WebAssembly compilation is allowed, by 'wasm-unsafe-eval'). Any
// violation is a console error, which the page's problem list collects.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { startServer, DIST } from './server.mjs';
import { launch, openPage, waitForReady, LESSON_IDS as ids } from './browser.mjs';

const POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join('; ');

let server;
let browser;
before(async () => {
  server = await startServer({ headers: { 'content-security-policy': POLICY } });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('the module glue has no eval and no new Function', () => {
  const dir = `${DIST}wasm/`;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
    const text = readFileSync(dir + file, 'utf8');
    assert.doesNotMatch(text, /new Function\s*\(|\beval\s*\(/, file);
  }
});

test('under a CSP without unsafe-eval a lesson draws and a transformer trains in its worker', async () => {
  const { page, problems, context } = await openPage(browser);
  await page.goto(`${server.url}#/pe-matrix?lang=en`);
  await waitForReady(page, '#/pe-matrix');
  await page.waitForSelector('.heatmap .chart-host canvas, .heatmap .chart-host svg');
  await page.goto(`${server.url}#/train-transformer?lang=en&a=sinusoidal&b=off&c=off&steps=20&length=3`);
  await waitForReady(page, '#/train-transformer');
  await page.locator('.train-actions button[data-action="train"]').click();
  await page.waitForFunction(() => document.querySelector('.train-run[data-run="a"]')?.dataset.state === 'done', null, { timeout: 120000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the built site ships its own policy (meta tag): no inline or eval\'d script, one remote source', () => {
  const html = readFileSync(`${DIST}index.html`, 'utf8');
  const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  assert.ok(policy, 'dist/index.html has the meta tag');
  const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
  assert.deepEqual(directives['script-src'], ["'self'", "'wasm-unsafe-eval'"]);
  assert.deepEqual(directives['connect-src'], ["'self'", 'https://raw.githubusercontent.com']);
  assert.deepEqual(directives['object-src'], ["'none'"]);
  assert.deepEqual(directives['style-src'], ["'self'"], 'no inline style: KaTeX and Plot styles go through the CSSOM and plot.css');
  assert.doesNotMatch(policy, /'unsafe-eval'|'unsafe-inline'/);
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline <script> in the page');
  // The comment above the policy says what it allows: a reader who trusts it must not add inline styles.
  const comment = /<!--([^]*?)-->\s*<meta http-equiv="Content-Security-Policy"/.exec(html)?.[1].replace(/\s+/g, ' ');
  assert.ok(comment, 'the policy has its comment');
  assert.doesNotMatch(comment, /allows? inline/i);
  assert.match(comment, /No inline or eval'd script/);
  assert.match(comment, /No inline style/);
});

test('under the shipped policy every lesson opens with no violation reported', async (t) => {
  const plain = await startServer(); // no header: the meta tag alone
  t.after(() => plain.close());
  const { page, problems, context } = await openPage(browser);
  t.after(() => context.close());
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });

  await page.goto(`${plain.url}#/${ids[0]}?lang=es`);
  await waitForReady(page, `#/${ids[0]}`);
  for (const [k, id] of ids.entries()) {
    await page.evaluate((hash) => { location.hash = hash; }, `#/${id}?lang=${k % 2 ? 'en' : 'es'}`);
    await waitForReady(page, `#/${id}`);
  }
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
});
