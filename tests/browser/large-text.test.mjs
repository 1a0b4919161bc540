// "Large text" for a projector: the header's switch grows the page's text and every chart's text by 30 %
// (base font, text marks, margins), redraws the figures without changing their numbers, is kept across a
// reload, is carried by an embedded view's link (text=large), and switches back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, waitForReady, snapshot } from './browser.mjs';

const site = useLesson('pe-matrix');

/** Font sizes in px: the root, the heatmap's and the lines chart's base font, and one heatmap tick label. */
const sizes = (page) =>
  page.evaluate(() => {
    const px = (el) => parseFloat(getComputedStyle(el).fontSize);
    const svg = (selector) => document.querySelector(`${selector} svg[role="img"]`);
    return {
      root: px(document.documentElement),
      heatmap: px(svg('figure.heatmap')),
      lines: px(svg('figure.lines')),
      marginLeft: Number(document.querySelector('figure.heatmap .heatmap-cells').style.left.replace('%', '')),
    };
  });

test('the switch grows the page and every chart by 30 %, keeps the numbers, and is kept on reload', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en&maxLen=50&dModel=32');
  const button = page.locator('#text-size');
  assert.equal(await button.textContent(), 'Large text');
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  const before = await sizes(page);
  const { heatmapImage } = await snapshot(page);
  await button.click();
  await page.locator('#text-size[aria-pressed="true"]').waitFor();
  await page.waitForFunction((old) => parseFloat(getComputedStyle(document.querySelector('figure.heatmap svg[role="img"]')).fontSize) > old, before.heatmap);
  const after = await sizes(page);
  assert.equal(after.root, before.root * 1.3);
  assert.ok(Math.abs(after.heatmap - before.heatmap * 1.3) < 0.06, `${before.heatmap} → ${after.heatmap}`);
  assert.ok(Math.abs(after.lines - before.lines * 1.3) < 0.06, `${before.lines} → ${after.lines}`);
  assert.ok(after.marginLeft > before.marginLeft, 'the margin for the tick labels grows with them');
  assert.equal((await snapshot(page)).heatmapImage, heatmapImage, 'the numbers do not change');

  // Kept in this browser; the language switch keeps it too.
  await page.reload();
  await waitForReady(page, '#/pe-matrix');
  assert.equal(await page.locator('#text-size').getAttribute('aria-pressed'), 'true');
  assert.deepEqual(await sizes(page), after);
  await page.locator('#language').selectOption('es');
  await page.locator('#text-size', { hasText: 'Texto grande' }).waitFor();
  assert.equal((await sizes(page)).heatmap, after.heatmap);

  // And back.
  await page.locator('#text-size').click();
  await page.locator('#text-size[aria-pressed="false"]').waitFor();
  await page.waitForFunction((old) => parseFloat(getComputedStyle(document.querySelector('figure.heatmap svg[role="img"]')).fontSize) === old, before.heatmap);
  assert.equal((await sizes(page)).root, before.root);
  assert.deepEqual(problems, []);
  await context.close();
});

test('value labels in a small heatmap grow too, and an embedded view asks for large text in its link', async () => {
  const { page, problems, context } = await site.open('#/why-order?lang=es');
  // The cells' numbers are painted on a canvas, in the size it records.
  const cellFont = () => page.evaluate(() => document.querySelector('.labelled-heatmap canvas')?.dataset.fontSize);
  assert.equal(await cellFont(), '12');
  await page.locator('#text-size').click();
  await page.waitForFunction(() => document.querySelector('.labelled-heatmap canvas')?.dataset.fontSize === '15.6');

  // The embed panel's link carries the setting; opened elsewhere (no stored setting), it shows large text.
  await page.locator('details.embed-view > summary').click();
  const box = page.locator('.embed-view input[type="checkbox"]').last();
  assert.equal(await box.isChecked(), true);
  const link = await page.locator('#embed-link-box').inputValue();
  assert.match(link, /&embed=1&text=large$/);
  const other = await site.browser.newContext({ viewport: { width: 800, height: 700 } });
  const embedded = await other.newPage();
  await embedded.goto(link);
  await waitForReady(embedded, '#/why-order');
  assert.equal(await embedded.evaluate(() => document.documentElement.dataset.textSize), 'large');
  assert.match(embedded.url(), /&embed=1&text=large$/);
  await other.close();
  assert.deepEqual(problems, []);
  await context.close();
});
