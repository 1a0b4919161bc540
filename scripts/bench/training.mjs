// Training never blocks the page: while the runs of lessons 14 and 15 train in their Web Workers (their default
// set-ups: lesson 14's first preset, three runs; lesson 15's six), the page's own main thread is watched.
//   - long tasks: a PerformanceObserver of `longtask` entries (over 50 ms of wall-clock time, whatever made them);
//   - the lab's own: main-thread tasks that took over 50 ms of the thread's CPU time (a trace's thread time), so
//     a task only slowed down by the workers taking the cores does not count. Target: none;
//   - the learning curves: how many charts were drawn, and the most drawn in one frame. Target: at most one;
//   - a click on the runs' progress rows and a scroll every second: the time until the page showed the answer
//     (the click's Event Timing duration, reported from 16 ms on; the first scroll event). Target: within 100 ms.
// At full speed, on a laptop-sized window.
import { launch, openPage, waitForReady, runsSettled } from '../../tests/browser/browser.mjs';
import { startServer } from '../../tests/browser/server.mjs';

export const CASES = [
  { lesson: 'train-transformer', hash: '#/train-transformer?lang=es' },
  { lesson: 'longer-than-seen', hash: '#/longer-than-seen?lang=es' },
];
export const TARGETS = { cpuTask: 50, answer: 100, chartsPerFrame: 1 };

/** Runs in the page before its scripts: long tasks, chart drawings per frame, the answers to clicks. */
export function watchMainThread() {
  const watch = (window.__training = { long: [], frames: 0, drawsInFrame: 0, mostInFrame: 0, draws: 0, answers: [] });
  new PerformanceObserver((list) => list.getEntries().forEach((e) => watch.long.push(e.duration))).observe({ type: 'longtask' });
  new PerformanceObserver((list) => list.getEntries().forEach((e) => e.name === 'click' && watch.answers.push(e.duration))).observe({ type: 'event', durationThreshold: 16 });
  const frame = () => {
    watch.frames += 1;
    watch.drawsInFrame = 0;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // A curve's chart is drawn when its figure's drawing is replaced.
  new MutationObserver((records) => {
    for (const r of records) {
      if (!r.target.closest?.('.train-accuracy, .train-loss') || !r.target.classList.contains('chart-host')) continue;
      watch.draws += 1;
      watch.drawsInFrame += 1;
      watch.mostInFrame = Math.max(watch.mostInFrame, watch.drawsInFrame);
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Every second while the runs train: a click on the progress rows and a scroll; ms until the scroll shows. */
async function poke(page, training) {
  const scrolls = [];
  await page.locator('.train-runs').scrollIntoViewIfNeeded();
  while (!training.done) {
    const box = await page.locator('.train-runs').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    scrolls.push(await page.evaluate(() => new Promise((resolve) => {
      const start = performance.now();
      addEventListener('scroll', () => resolve(performance.now() - start), { once: true });
      scrollBy(0, scrollY > 200 ? -40 : 40);
    })));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return scrolls;
}

/** One training of the lesson's default set-up, watched. */
async function watchTraining(browser, server, { hash }) {
  const { page, context } = await openPage(browser, { initScript: watchMainThread });
  try {
    await page.goto(`${server.url}${hash}`);
    await waitForReady(page, hash);
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['toplevel'] } });
    await page.evaluate(() => Object.assign(window.__training, { long: [], draws: 0, mostInFrame: 0, answers: [] }));
    const started = Date.now();
    await page.click('button[data-action="train"]');
    const training = { done: false };
    const settled = runsSettled(page, ['done'], 900000).then(() => (training.done = true));
    const scrolls = await poke(page, training);
    await settled;
    const seconds = (Date.now() - started) / 1000;
    await cdp.send('Tracing.end');
    await traced;
    const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const cpu = events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask').map((e) => (e.tdur ?? 0) / 1000);
    const watch = await page.evaluate(() => window.__training);
    return { seconds, long: watch.long, cpu, draws: watch.draws, mostInFrame: watch.mostInFrame, answers: watch.answers, scrolls };
  } finally {
    await context.close();
  }
}

export async function trainingResponsiveness() {
  const server = await startServer();
  const browser = await launch();
  const rows = [];
  try {
    for (const c of CASES) rows.push({ lesson: c.lesson, ...(await watchTraining(browser, server, c)) });
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

const max = (values) => Math.max(0, ...values);

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await trainingResponsiveness();
  console.log('\n## The page while runs train (lessons 14 and 15, default set-ups, full speed)\n');
  console.log('| lesson | training | long tasks (worst) | lab tasks over 50 ms CPU (worst CPU) | charts drawn (most in a frame) | click answered, worst | scroll answered, worst |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const lab = r.cpu.filter((ms) => ms > TARGETS.cpuTask);
    const mark = (bad) => (bad ? ' ✗' : '');
    console.log(`| ${r.lesson} | ${r.seconds.toFixed(0)} s | ${r.long.length} (${max(r.long).toFixed(0)} ms) | ${lab.length}${mark(lab.length)} (${max(r.cpu).toFixed(0)} ms) | ${r.draws} (${r.mostInFrame}${mark(r.mostInFrame > TARGETS.chartsPerFrame)}) | ${max(r.answers).toFixed(0)} ms${mark(max(r.answers) > TARGETS.answer)} | ${max(r.scrolls).toFixed(0)} ms${mark(max(r.scrolls) > TARGETS.answer)} |`);
  }
  console.log(`\nTargets: no task of the lab's own over ${TARGETS.cpuTask} ms of CPU, at most ${TARGETS.chartsPerFrame} chart a frame, a click and a scroll answered within ${TARGETS.answer} ms.`);
}
