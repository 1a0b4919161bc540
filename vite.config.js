// Vite builds the static site from web/ into dist/.
// base './' makes every URL in the output relative, so dist/ works from any static host and any sub-path
// (https://example.org/, https://example.org/course/poslab/, a file share...). web/public/ (which holds the
// generated wasm/ folder) is copied verbatim to dist/, so the module ends up at dist/wasm/poslab.mjs.
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  base: './',
  publicDir: 'public',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // Fonts and icons stay files (KaTeX's fonts are many and large); the kernel is never bundled at all:
    // src/kernel.js imports dist/wasm/poslab.mjs at run time, relative to the page.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
});
