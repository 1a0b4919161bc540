// Saves screenshots of the built lesson, in Spanish and English, at desktop width and at phone width, into
// /tmp/poslab-shots/ (full page, plus the page cut into screen-sized slices that are easier to read).
// Not a test: run `node tests/browser/screenshots.mjs [lesson-id] [query]` after `npm run build`, e.g.
// `node tests/browser/screenshots.mjs pe-matrix "variant=literal-shifted&maxLen=10&dModel=4"`, then look at
// the images (named <lesson-id>-<lang>-<width>-NN.png).
import { mkdir } from 'node:fs/promises';
import { startServer } from './server.mjs';
import { launch, openPage } from './browser.mjs';

const OUT = process.env.SHOTS_DIR || '/tmp/poslab-shots';
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 360, height: 780 } },
];
const [lesson = 'pe-matrix', query = ''] = process.argv.slice(2);

await mkdir(OUT, { recursive: true });
const server = await startServer();
const browser = await launch();
try {
  for (const lang of ['es', 'en']) {
    for (const { name, viewport } of widths) {
      const { context, page, problems } = await openPage(browser, { viewport });
      await page.goto(`${server.url}#/${lesson}?lang=${lang}${query ? `&${query}` : ''}`);
      await page.waitForSelector(`html[data-lesson-ready="${lesson}"]`, { timeout: 20000 });
      // The lesson's parts far from the screen are not rendered (content-visibility: auto, lesson-text.css), and
      // a capture beyond the screen would show them blank: here every part is rendered, as a reader scrolling
      // to it would see it. Through the CSSOM, which the page's style policy allows.
      await page.evaluate(() => document.querySelectorAll('.lesson > *, .control-scope > *').forEach((el) => (el.style.contentVisibility = 'visible')));
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);  // figures drawn on the next animation frames
      const base = `${OUT}/${lesson}-${lang}-${name}`;
      await page.screenshot({ path: `${base}-full.png`, fullPage: true });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let top = 0, i = 0; top < height; top += viewport.height, i++) {
        await page.screenshot({ path: `${base}-${String(i).padStart(2, '0')}.png`, clip: { x: 0, y: top, width: viewport.width, height: Math.min(viewport.height, height - top) }, fullPage: true });
      }
      if (problems.length) console.warn(`${lang}/${name}: ${problems.join('\n')}`);
      console.log(`${base}-*.png (${Math.ceil(height / viewport.height)} slices)`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
