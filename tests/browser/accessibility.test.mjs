// axe-core (WCAG 2.0 and 2.1, levels A and AA) on every lesson in both languages, at desktop and phone width,
// before and after the training lessons have trained: no violation is allowed. At phone width no lesson may be
// wider than the screen, with every table open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useLesson, waitForReady, openAllTables, overflow } from './browser.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const site = useLesson('why-order');
const LESSONS = [
  'why-order', 'formula-step-by-step', 'pe-matrix', 'embedding-to-position', 'same-token-elsewhere', 'distances',
  'words-positions-similarity', 'text-to-tokens', 'learned-positions', 'rope', 'train-transformer', 'longer-than-seen',
  'attention-biases', 'stretching-rope',
];

async function violations(page) {
  // Evaluated through the DevTools protocol: the site's CSP rightly refuses an injected <script>.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${v.nodes[0].target.join(' ')})`);
  });
}

for (const [lang, viewport] of [['es', { width: 1280, height: 900 }], ['en', { width: 390, height: 844 }]]) {
  test(`${lang} at ${viewport.width} px: every lesson passes axe-core's WCAG A/AA rules`, async () => {
    // A fresh page per lesson: what one lesson left open (every table of it) never slows the next one down.
    for (const lesson of LESSONS) {
      const { context, page, problems } = await site.open(`#/${lesson}?lang=${lang}`, { viewport });
      assert.deepEqual(await violations(page), [], lesson);
      if (viewport.width < 500) {
        // On a phone nothing may widen the page, tables opened included: wide ones scroll in their own box.
        await openAllTables(page);
        assert.equal(await overflow(page), 0, `${lesson} is wider than the phone`);
      }
      assert.deepEqual(problems, [], lesson);
      await context.close();
    }
  });
}

test('the training lessons stay accessible once trained (curves, answers, attention maps, result table)', async () => {
  const { context, page } = await site.open('#/why-order?lang=en');
  for (const [lesson, done] of [['train-transformer', '.train-maps figure svg'], ['longer-than-seen', '.longer-by-length svg']]) {
    await page.goto(`${site.server.url}#/${lesson}?lang=en&a=sinusoidal&b=learned&c=off&steps=20&length=3&trainMax=3`);
    await waitForReady(page, `#/${lesson}`);
    await page.locator('.train-actions button[data-action="train"]').click();
    await page.waitForSelector(done, { timeout: 120000 });
    assert.deepEqual(await violations(page), [], lesson);
  }
  await context.close();
});
