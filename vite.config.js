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
    // The kernel is loaded at run time from dist/wasm/ (see src/kernel.js); nothing here inlines it.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  server: {
    // Emscripten's .mjs fetches its .wasm next to itself; serving it with the right MIME type is all it needs.
    fs: { strict: true },
  },
});
