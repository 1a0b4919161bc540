// Observable Plot (about 84 KB of the first lesson's 300 KB gzip) draws every lesson's figures, but only the
// lessons' code imports it, so a browser would ask for it only once main.js has arrived and run. Named in
// index.html as a <link rel="modulepreload">, it is asked for with main.js: on a phone's slow connection the line
// is otherwise half idle while main.js downloads (scripts/bench/first-chart.mjs: about 0.25 s sooner to the first
// chart). The WebAssembly module is not named there: kernel/call.js picks the base or whole module and the SIMD
// or scalar build, and downloading it beside main.js slowed the lesson's text more than it sped the chart.
export function preloadCharts() {
  return {
    name: 'poslab-preload-charts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, filename }) {
        if (!bundle || !filename.endsWith('index.html')) return html;
        // The chunk that holds most of Plot (a few of its modules may land in the chunks of the lessons they serve).
        const plotBytes = (c) => Object.entries(c.modules).reduce((sum, [id, m]) => sum + (id.includes('/@observablehq/plot/') ? m.renderedLength : 0), 0);
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk' && plotBytes(c) > 0);
        if (!chunks.length) throw new Error('preload-charts: no chunk holds Observable Plot');
        const plot = chunks.reduce((a, b) => (plotBytes(b) > plotBytes(a) ? b : a));
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${plot.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
