// The lesson is usable on a phone and from the keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './server.mjs';
import { useSite, openAllTables, overflow } from './browser.mjs';

const site = useSite({ before, after }, startServer);

for (const lang of ['es', 'en']) {
  test(`a phone-width viewport (390×844) has no horizontal overflow (${lang})`, async () => {
    for (const hash of [`#/pe-matrix?lang=${lang}`, `#/pe-matrix-digits?lang=${lang}&maxLen=10&dModel=4&variant=literal-shifted`]) {
      const { page, context } = await site.open(hash, { viewport: { width: 390, height: 844 } });
      // Open every table too: wide tables must scroll inside their own box.
      await openAllTables(page);
      assert.equal(await overflow(page), 0, 'the page is wider than the phone');
      await context.close();
    }
  });
}

test('every form control has a visible label and can be reached with the Tab key', async () => {
  const { page, context } = await site.open('#/pe-matrix?lang=en');
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('input, select')]
      .filter((el) => !(el.labels?.length || el.getAttribute('aria-labelledby')))
      .map((el) => el.outerHTML),
  );
  assert.deepEqual(unlabelled, []);
  // Tab through the page (each figure's download buttons and table toggles are stops too) until every field
  // has had the focus, or the focus has gone round more stops than the page has.
  const wanted = ['language', 'maxLen', 'dModel', 'variant', 'dims', 'shown', 'posA'];
  const stops = await page.evaluate(() => document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex="0"]').length);
  const reached = new Set();
  for (let i = 0; i < stops + 5 && !wanted.every((name) => reached.has(name)); i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement.closest('[data-field]')?.dataset.field ?? document.activeElement.id));
  }
  for (const name of wanted) assert.ok(reached.has(name), `${name} not reached`);
  await context.close();
});
