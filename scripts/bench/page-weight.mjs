// Page weight: what the first lesson a visitor opens downloads before anything else is asked for
// (JavaScript + WebAssembly + CSS, gzip level 9 as a static host would send them; fonts, the favicon and the
// service worker's later precache not counted). Loads the built site in Chromium, lists the requests the
// first lesson makes, and sums their gzip sizes. Target: at most 400 KB.
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openPage, waitForReady } from '../../tests/browser/browser.mjs';
import { DIST, startServer } from '../../tests/browser/server.mjs';

export const TARGET_KB = 400;

/** {files: [{path, kind, gzip}], total} for the lesson `id`, in KB of gzip. */
export async function pageWeight(id = 'why-order') {
  const server = await startServer();
  const browser = await launch();
  try {
    const { page, context } = await openPage(browser);
    const paths = new Set();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(server.url).origin) paths.add(url.pathname.slice(new URL(server.url).pathname.length));
    });
    await page.goto(`${server.url}#/${id}?lang=en`);
    await waitForReady(page, `#/${id}`);
    await context.close();
    const kindOf = (path) => (/\.(m?js)$/.test(path) ? 'js' : path.endsWith('.wasm') ? 'wasm' : path.endsWith('.css') ? 'css' : null);
    const files = [...paths].filter(kindOf).map((path) => ({ path, kind: kindOf(path), gzip: gzipSync(readFileSync(join(DIST, path)), { level: 9 }).length / 1024 }));
    return { files: files.sort((a, b) => b.gzip - a.gzip), total: files.reduce((sum, f) => sum + f.gzip, 0) };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, total } = await pageWeight();
  console.log('\n## Page weight: the first lesson (why-order), gzip -9\n');
  console.log('| file | kind | KB gzip |\n|---|---|---:|');
  for (const f of files) console.log(`| ${f.path} | ${f.kind} | ${f.gzip.toFixed(1)} |`);
  console.log(`| **total** | | **${total.toFixed(1)}** (target ≤ ${TARGET_KB}) |`);
}
