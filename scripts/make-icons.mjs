// Renders web/public/favicon.svg to the PNG icons the web app manifest lists (192 and 512 px; Chromium wants
// raster icons of these sizes to offer installation). Run by hand after changing the favicon:
//   node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { launch } from '../tests/browser/browser.mjs';

const svg = readFileSync(new URL('../web/public/favicon.svg', import.meta.url), 'utf8');
const browser = await launch();
const page = await browser.newPage();
for (const size of [192, 512]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<style>html,body{margin:0}</style>${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}`);
  await page.screenshot({ path: new URL(`../web/public/icons/icon-${size}.png`, import.meta.url).pathname, omitBackground: true });
}
await browser.close();
