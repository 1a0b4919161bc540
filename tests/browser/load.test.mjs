// The built site loads from a sub-path, in both languages, with the SIMD module and no errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './server.mjs';
import { useSite } from './browser.mjs';

const site = useSite({ before, after }, startServer);

for (const [lang, title, heading] of [
  ['es', 'La matriz de positional encoding', 'La matriz completa'],
  ['en', 'The positional-encoding matrix', 'The whole matrix'],
]) {
  test(`the lesson loads in ${lang} from a sub-path with no console or page errors, using the SIMD module`, async () => {
    const { page, problems, context } = await site.open(`#/pe-matrix?lang=${lang}`);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.equal(await page.textContent('h1'), title);
    assert.match(await page.textContent('.heatmap figcaption'), new RegExp(heading));
    assert.equal(await page.getAttribute('html', 'data-kernel'), 'simd');
    // KaTeX rendered the formulas (MathML is there for screen readers).
    assert.ok((await page.locator('.lesson .katex math').count()) > 3);
    assert.ok(page.url().includes('/course/poslab/'));
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('with no language in the link, a Spanish browser gets Spanish and any other gets English', async () => {
  for (const [locale, lang] of [['es-ES', 'es'], ['de-DE', 'en']]) {
    const { page, context } = await site.open('#/pe-matrix', { locale });
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    await context.close();
  }
});

test('a browser without WebAssembly SIMD gets the scalar module, says so, and shows the same numbers', async () => {
  const hash = '#/pe-matrix-digits?lang=en&maxLen=10&dModel=4&variant=literal-shifted';
  const withSimd = await site.open(hash);
  const expected = await withSimd.page.textContent('.values');
  await withSimd.context.close();

  // The page asks WebAssembly.validate() whether a tiny SIMD module is valid (kernel/call.js): here it is not.
  const { page, problems, context } = await site.open(hash, {
    initScript: () => { WebAssembly.validate = () => false; },
  });
  assert.equal(await page.getAttribute('html', 'data-kernel'), 'scalar');
  assert.match(await page.textContent('#kernel-info'), /no WebAssembly SIMD/);
  assert.equal(await page.textContent('.values'), expected);
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  assert.ok(loaded.some((url) => url.endsWith('/wasm/poslab-scalar.base.wasm')), 'the scalar base module was loaded');
  assert.ok(!loaded.some((url) => url.includes('/wasm/poslab-simd')), 'the SIMD module was not even requested');
  assert.deepEqual(problems, []);
  await context.close();
});
