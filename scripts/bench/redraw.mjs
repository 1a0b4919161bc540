// Redraw budget: how long after a slider moves the page shows the new figures, on the built site in
// headless Chromium. Each sample sets a range input, fires its `input` event and waits two animation frames
// (the lab draws in the next frame; the second one starts once that drawing is done). The same wait with no
// input is the two-frame floor; what a reader feels is the time above it. Targets: p95 above the floor at most
// 8 ms at 100 × 512 and 33 ms at 2048 × 1024. The slider is scrolled to the middle of the screen, as a reader
// dragging it sees it: views on the screen are in the measured frames, views off it are drawn once the slider
// pauses (web/src/lesson-view.js), after the samples.
//
// On a phone: the main slider of every lesson that has sliders (the first in the page, and pe-matrix's d_model
// too), on a phone's screen with the CPU 4× slower (Chrome's throttling through CDP), beside the same at full
// speed. Target: p95 above the floor at most 50 ms at 4× (what a 20-frames-a-second drag needs), both with the
// slider in the middle of the screen and with the figure it changes on screen (below). On a shared
// machine those times carry whatever else runs; so each row also gives the main thread's own CPU time per move
// at full speed (a trace's thread time), which a busy machine does not inflate: ×4 is what the phone spends.
// Moving between two values flatters a lesson that keeps its last results (the second visit of a value is
// free), so the CPU, and the time at 4×, are also measured in a sweep: the same number of moves, each to a value
// the page has not drawn in this trace, spread over the slider's range as a drag across it (the heavy end of a
// range weighs in there, not in the target's column). After each measurement the slider goes back where it was
// (putBack), outside what is timed or traced. With the slider in the middle of a phone's screen, the figures it
// changes are often below the fold (a panel of fields fills the screen): a last column measures the same moves
// at 4× with the first of those figures on screen, just under the slider's strip, as a reader who scrolled down
// to watch it while dragging sees the page.
import { launch, openPage, waitForReady, LESSON_IDS } from '../../tests/browser/browser.mjs';
import { startServer } from '../../tests/browser/server.mjs';
import { DEVICE, PHONE, cpuThrottle } from './phone.mjs';

const SAMPLES = Number(process.env.REDRAW_SAMPLES || 60);
export const PHONE_TARGET = 50;

/** One size of pe-matrix and the sliders moved on it: what each slider changes is drawn anew. */
const CASES = [
  { size: [100, 512], target: 8 },
  { size: [2048, 1024], target: 33 },
];
// maxLen and dModel (sliders) change the whole matrix (every figure); posA (a number field) only the chart of
// one position across the dimensions.
const SLIDERS = [
  { field: 'maxLen', values: ([len]) => [len, len - 1] },
  { field: 'dModel', values: ([, d]) => [d, d - 2] },
  { field: 'posA', values: () => [2, 3] },
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Runs in the page: {floor, redraw} in ms, `samples` of each, sorted. values: the values the moves go to in
 * turn; null: the slider's own value and its next step; 'sweep': `samples` values never visited twice, spread
 * over the slider's range.
 */
async function sample({ field, values, samples, watch = 'slider' }) {
  const input = document.querySelector(`[data-field="${field}"] input[type="range"]`) ?? document.querySelector(`[data-field="${field}"] input`);
  if (!input) throw new Error(`no field for ${field}`);
  // The first figure the slider changes (its aria-controls, lesson-view.js), when the reader watches it.
  const figure = watch === 'figure' ? document.getElementById(input.getAttribute('aria-controls')?.split(' ')[0] ?? '') : null;
  const [value, step, min, max] = [input.value, input.step, input.min, input.max].map(Number);
  if (values === 'sweep') {
    // Across the range on the slider's steps, skipping the value shown (a short range repeats some values).
    const target = (i) => min + Math.round(((max - min) * (i + 1)) / (samples + 1) / step) * step;
    values = Array.from({ length: samples }, (_, i) => target(i)).filter((v, i, all) => v !== value && all.indexOf(v) === i);
  } else if (!values) {
    // A slider's own value and its next step (the previous one at its end): what one move of a drag changes.
    values = [value, value + step <= max ? value + step : value - step];
  }
  // The reader who drags a slider sees it: the views on the screen redraw within the frame, the ones off it once
  // the reader pauses (lesson-view.js), which is outside what is measured here. Watching the figure:
  // its top just under the slider's strip, which stays in view over it (its scroll-margin, styles/controls.css).
  if (figure) figure.scrollIntoView({ block: 'start' });
  else input.scrollIntoView({ block: 'center' });
  const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const time = async (act) => {
    const start = performance.now();
    act();
    await twoFrames();
    return performance.now() - start;
  };
  const floor = [];
  const redraw = [];
  // The previous slider's far views, drawn once it paused, must not land in these samples.
  while ('deferred' in document.documentElement.dataset) await twoFrames();
  await twoFrames();
  const move = (to) => {
    input.value = String(to);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  for (let i = 0; i < samples; i += 1) {
    floor.push(await time(() => {}));
    redraw.push(await time(() => move(values[i % values.length])));
  }
  return { start: value, floor: floor.sort((a, b) => a - b), redraw: redraw.sort((a, b) => a - b), watched: figure ? 'figure' : 'slider' };
}

/**
 * Runs in the page: the slider back at `value`, everything drawn, so that the next measurement starts from the
 * same page (a sweep ends near the top of the range, where most lessons draw the most). Outside what is timed
 * or traced: that move and the far views it lets through are not the slider's moves.
 */
async function putBack({ field, value }) {
  const input = document.querySelector(`[data-field="${field}"] input[type="range"]`) ?? document.querySelector(`[data-field="${field}"] input`);
  const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  input.value = String(value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await twoFrames();
  while ('deferred' in document.documentElement.dataset) await twoFrames();
}

/** {floor, p50, p95} above the floor for one slider of the page as it is. */
async function measure(page, field, values, samples = SAMPLES, watch = 'slider') {
  const { start, floor, redraw, watched } = await page.evaluate(sample, { field, values, samples, watch });
  await page.evaluate(putBack, { field, value: start });
  const base = quantile(floor, 0.5);
  return { floor: base, p50: quantile(redraw, 0.5) - base, p95: quantile(redraw, 0.95) - base, watched };
}

/**
 * Milliseconds of the main thread's CPU per move of the slider `field` (thread time, from a trace); values as
 * sample() takes them (null: back and forth between two values; 'sweep': a value not drawn before each move).
 */
async function cpuPerMove(page, field, values = null, moves = 12) {
  // The views off the screen that the last samples left waiting are drawn once that slider paused: that
  // drawing belongs to the pause, not to these moves (it had added up to 30 ms a move in learned-positions).
  await page.waitForFunction(() => !('deferred' in document.documentElement.dataset));
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['toplevel'] } });
  const { start } = await page.evaluate(sample, { field, values, samples: moves });
  await cdp.send('Tracing.end');
  await traced;
  await cdp.detach();
  await page.evaluate(putBack, { field, value: start });
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask');
  return tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000 / moves;
}

/** The first slider of the lesson on screen, or null. */
const mainSlider = (page) => page.evaluate(() => document.querySelector('[data-field] input[type="range"]')?.closest('[data-field]').dataset.field ?? null);

/**
 * Every lesson with sliders, on a phone's screen: its main slider (and pe-matrix's d_model) at full speed and
 * with the CPU PHONE.cpu× slower (the slider in the middle of the screen, and again with the first figure it
 * changes on screen under its strip), and the main thread's CPU per move between two values and in a sweep. Rows
 * {lesson, slider, full, phone, phoneSweep, phoneFigure, cpu, sweep}.
 */
export async function phoneSliders(samples = SAMPLES, ids = LESSON_IDS) {
  const server = await startServer();
  const browser = await launch();
  const rows = [];
  try {
    for (const id of ids) {
      const context = await browser.newContext({ ...DEVICE, locale: 'es-ES' });
      const page = await context.newPage();
      await page.goto(`${server.url}#/${id}?lang=es`);
      await waitForReady(page, `#/${id}`);
      const main = await mainSlider(page);
      if (main) {
        const setRate = await cpuThrottle(page);
        for (const field of id === 'pe-matrix' ? [main, 'dModel'] : [main]) {
          const full = await measure(page, field, null, samples);
          const cpu = await cpuPerMove(page, field);
          const sweep = await cpuPerMove(page, field, 'sweep');
          await setRate(PHONE.cpu);
          const phone = await measure(page, field, null, samples);
          const phoneSweep = await measure(page, field, 'sweep', samples);
          const phoneFigure = await measure(page, field, null, samples, 'figure');
          await setRate(1);
          rows.push({ lesson: id, slider: field, full, phone, phoneSweep, phoneFigure, cpu, sweep });
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

export async function redrawBudget() {
  const server = await startServer();
  const browser = await launch();
  const rows = [];
  try {
    for (const { size, target } of CASES) {
      const { page, context } = await openPage(browser);
      const hash = `#/pe-matrix?lang=en&maxLen=${size[0]}&dModel=${size[1]}`;
      await page.goto(`${server.url}${hash}`);
      await waitForReady(page, '#/pe-matrix');
      for (const slider of SLIDERS) {
        rows.push({ size: `${size[0]} × ${size[1]}`, slider: slider.field, ...(await measure(page, slider.field, slider.values(size))), target });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await redrawBudget();
  console.log(`\n## Slider → redraw on pe-matrix (headless Chromium, ${SAMPLES} samples, ms above the two-frame floor)\n`);
  console.log('| size | slider | floor (p50) | p50 | p95 | target p95 |\n|---|---|---:|---:|---:|---:|');
  for (const r of rows) {
    const verdict = r.p95 <= r.target ? '' : ' ✗';
    console.log(`| ${r.size} | ${r.slider} | ${r.floor.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)}${verdict} | ≤ ${r.target} |`);
  }
  // REDRAW_LESSONS=pe-matrix,why-order: only those lessons' sliders.
  const phone = await phoneSliders(SAMPLES, process.env.REDRAW_LESSONS?.split(',') ?? LESSON_IDS);
  console.log(`\n## Main slider of every lesson on a phone (${DEVICE.viewport.width} px, ${SAMPLES} samples, ms above the two-frame floor)\n`);
  console.log(`| lesson | slider | full speed p50 | full speed p95 | CPU ${PHONE.cpu}× p50 | CPU ${PHONE.cpu}× p95 | target p95 | CPU ${PHONE.cpu}× p95 in a sweep | CPU ${PHONE.cpu}× p95, figure in view | main-thread CPU per move (×${PHONE.cpu}) | the same in a sweep (×${PHONE.cpu}) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const r of phone) {
    const verdict = (p95) => (p95 <= PHONE_TARGET ? '' : ' ✗');
    // A slider that names no figure (no aria-controls) was measured where it sits, which the row must say.
    const unwatched = r.phoneFigure.watched === 'figure' ? '' : ' (no figure named: slider in view)';
    console.log(`| ${r.lesson} | ${r.slider} | ${r.full.p50.toFixed(1)} | ${r.full.p95.toFixed(1)} | ${r.phone.p50.toFixed(1)} | ${r.phone.p95.toFixed(1)}${verdict(r.phone.p95)} | ≤ ${PHONE_TARGET} | ${r.phoneSweep.p95.toFixed(1)} | ${r.phoneFigure.p95.toFixed(1)}${verdict(r.phoneFigure.p95)}${unwatched} | ${r.cpu.toFixed(1)} (${(r.cpu * PHONE.cpu).toFixed(0)}) | ${r.sweep.toFixed(1)} (${(r.sweep * PHONE.cpu).toFixed(0)}) |`);
  }
}
