// First chart on a phone: how long a student on an inexpensive Android phone over mobile data waits for a
// lesson's text and for its first chart, cold cache, on the built site served gzip-compressed as a static host
// would. Chromium is throttled through CDP to the profile Lighthouse uses for phones (1.6 Mbps down, 750 kbps
// up, 150 ms round trip, CPU 4× slower), and the same loads are timed unthrottled beside them. Targets on the
// phone profile: text ≤ 2.0 s, first chart ≤ 3.0 s, for the lab's bare address (lesson 01) and for a link
// straight into pe-matrix. The offline copy's start (the service worker's first request) is reported too: it
// must come after the first chart.
//
// Times are from the navigation's start to the frame that shows the element: a MutationObserver notes when the
// first paragraph of the lesson (#lesson p) and the first chart (an <svg> or <canvas> in a figure's .chart-host)
// enter the page, and the time is read after the next frame has been produced.
import { launch } from '../../tests/browser/browser.mjs';
import { startServer } from '../../tests/browser/server.mjs';
import { DEVICE, PHONE } from './phone.mjs';

const RUNS = Number(process.env.FIRST_CHART_RUNS || 5);

export const CASES = [
  { name: 'lesson 01 (bare address)', hash: '' },
  { name: 'pe-matrix (direct link)', hash: '#/pe-matrix' },
];
export const TARGETS = { text: 2000, chart: 3000 };

/**
 * Runs in the page before its scripts: reports (through a CDP binding, so that no test driver's script runs in
 * the page while it loads) when the lesson's text and its first chart are on screen.
 */
const WATCH = `(() => {
  const seen = new Set();
  const shown = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    // After the next frame: the element has been laid out and painted.
    requestAnimationFrame(() => setTimeout(() => window.firstChartMark(JSON.stringify({ name, time: performance.now() }))));
  };
  new MutationObserver(() => {
    if (document.querySelector('#lesson p')) shown('text');
    if (document.querySelector('#lesson .chart-host svg, #lesson .chart-host canvas')) shown('chart');
  }).observe(document, { childList: true, subtree: true });
})()`;

/** One cold load of `hash`: {text, chart, offline, before} in ms from the navigation's start. */
async function load(browser, site, hash, throttled) {
  const requests = (site.requests = []);
  const context = await browser.newContext({ ...DEVICE, locale: 'es-ES', serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const marks = {};
    const both = new Promise((resolve) => {
      cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
        if (name !== 'firstChartMark') return;
        const { name: mark, time } = JSON.parse(payload);
        marks[mark] = time;
        if ('text' in marks && 'chart' in marks) resolve();
      });
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: 'firstChartMark' });
    await cdp.send('Page.enable');
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: WATCH });
    await cdp.send('Network.enable');
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', PHONE.network);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
    }
    const started = Date.now();
    await page.goto(site.url + hash, { waitUntil: 'commit' });
    await Promise.race([both, new Promise((_, reject) => setTimeout(() => reject(new Error(`no chart after 120 s: ${hash}`)), 120000))]);
    // The navigation's start on the server's clock: its first request (the page itself).
    const origin = requests[0]?.time ?? started;
    const worker = requests.find((r) => r.path.endsWith('/sw.js'));
    return {
      text: marks.text,
      chart: marks.chart,
      offline: worker ? worker.time - origin : null,
      // What the page asked for before its first chart.
      before: requests.filter((r) => r.time - origin < marks.chart).length,
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Every case, throttled and not: {case: {phone: [runs], desktop: [runs]}}. */
export async function firstChart(runs = RUNS) {
  const site = { url: '', requests: [] };
  const server = await startServer({ gzip: true, onRequest: (path) => site.requests.push({ path, time: Date.now() }) });
  site.url = server.url;
  const browser = await launch();
  const results = {};
  try {
    for (const { name, hash } of CASES) {
      results[name] = { phone: [], desktop: [] };
      for (let i = 0; i < runs; i += 1) {
        results[name].phone.push(await load(browser, site, hash, true));
        results[name].desktop.push(await load(browser, site, hash, false));
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}

export function summary(runs) {
  const pick = (key) => runs.map((r) => r[key]);
  const offline = pick('offline').filter((t) => t !== null);
  return {
    text: median(pick('text')),
    chart: median(pick('chart')),
    chartRange: [Math.min(...pick('chart')), Math.max(...pick('chart'))],
    requests: median(pick('before')),
    offline: offline.length ? median(offline) : null,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await firstChart();
  const s = (ms) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
  console.log(`\n## First chart on a phone (cold cache, gzip; median of ${RUNS} loads; phone = Lighthouse's throttling through CDP)\n`);
  console.log('| page | profile | text | first chart (min–max) | requests before it | offline copy starts |\n|---|---|---:|---:|---:|---:|');
  for (const [name, profiles] of Object.entries(results)) {
    for (const [profile, runs] of Object.entries(profiles)) {
      const r = summary(runs);
      const mark = (value, target) => (profile === 'phone' && value > target ? ' ✗' : '');
      console.log(`| ${name} | ${profile} | ${s(r.text)}${mark(r.text, TARGETS.text)} | ${s(r.chart)}${mark(r.chart, TARGETS.chart)} (${s(r.chartRange[0])}–${s(r.chartRange[1])}) | ${r.requests} | ${s(r.offline)} |`);
    }
  }
  console.log(`\nTargets on the phone profile: text ≤ ${s(TARGETS.text)}, first chart ≤ ${s(TARGETS.chart)}; the offline copy after the first chart.`);
}
