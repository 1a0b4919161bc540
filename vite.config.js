// Vite builds the static site from web/ into dist/.
// base './' makes every URL in the output relative, so dist/ works from any static host and any sub-path
// (https://example.org/, https://example.org/course/poslab/, a file share...). web/public/ (which holds the
// generated wasm/ folder) is copied verbatim to dist/, so the module ends up at dist/wasm/poslab.mjs.
//
// vite-plugin-pwa (Workbox) makes the lab work offline after the first visit: a web app manifest and a service
// worker that precaches the whole site (both WebAssembly builds, every lesson chunk, KaTeX's woff2 fonts, GPT-2's
// vocabulary), and caches a document's text the first time a lesson downloads it. A new build waits until the
// reader accepts it ("new version — reload", web/src/offline.js): never half old, half new.
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lessonMarkdown } from './scripts/vite/lesson-markdown.mjs';
import { teachersGuide } from './scripts/vite/teachers-guide.mjs';
import { preloadCharts } from './scripts/vite/preload-charts.mjs';

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
    // The lab, the teachers' guide (a static page in both languages, written by teachersGuide()) and the page about
    // the sources (static, both languages).
    rollupOptions: { input: { main: 'web/index.html', teachers: 'web/teachers.html', sources: 'web/sources.html' } },
  },
  plugins: [
    lessonMarkdown(),
    teachersGuide(),
    preloadCharts(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // web/src/offline.js registers it and shows the update notice
      manifest: {
        // The page opens in Spanish (index.html's <html lang="es">) until the reader picks English: the installed
        // app's name is in the same language, and lang says so (vite-plugin-pwa would write 'en').
        lang: 'es',
        name: 'poslab — laboratorio de positional encoding',
        short_name: 'poslab',
        description: 'Laboratorio de positional encoding en transformers · A positional-encoding lab for transformers',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1d4ed8',
        // PNGs rendered from the favicon by scripts/make-icons.mjs: Chromium installs apps with 192/512 icons.
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Everything the site ships, up front, so that a lesson opened for the first time without a network works
        // too: GPT-2's vocabulary (data/gpt2.json, 545 KB) included. Not KaTeX's woff and ttf fonts, which only
        // browsers without woff2 would ask for (none that runs this lab). Files up to 4 MiB: the largest, the
        // SIMD module, is 0.7 MB.
        globPatterns: ['**/*.{js,mjs,css,html,wasm,svg,png,woff2,json}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        clientsClaim: true, // the first visit is controlled at once, so it works offline without a reload
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.origin === 'https://raw.githubusercontent.com',
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'poslab-documents', cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
  ],
});
