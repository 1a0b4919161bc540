// Shared set-up for the browser tests and the screenshot script: Debian's Chromium through playwright-core,
// with every console error and page error collected so a test can assert there were none.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';

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

/** A fresh context and page (own local storage); `problems` fills with console errors and page errors. */
export async function openPage(browser, { viewport = { width: 1280, height: 900 }, locale = 'en-US' } = {}) {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  return { context, page, problems };
}

/** Waits until the lesson has drawn its figures (the heatmap's SVG is in the page). */
export async function waitForLesson(page) {
  await page.waitForSelector('.heatmap .chart-host svg', { timeout: 20000 });
  await page.waitForSelector('.lines .chart-host svg', { timeout: 20000 });
}
