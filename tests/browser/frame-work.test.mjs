// What keeps a slider's frames short on a phone (the frame times themselves are measured by
// scripts/bench/redraw.mjs, not here): only the parts of a lesson on or near the screen are laid out and painted
// (content-visibility), a heat map's colour key is not made again while it stays the same, the figures still
// follow their box's width when it changes, the ones out of sight too, and a slider's move redraws only the
// figures that show what it changed, the ones far from the screen once the reader pauses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, frames, settled } from './browser.mjs';

const site = useLesson('pe-matrix');
const PHONE = { viewport: { width: 412, height: 823 } };

/**
 * Moves the slider of `field` one step, with it in the middle of a phone's screen as a reader dragging it sees
 * it (or with the slot `watch` at the top of the screen, under the slider's strip, as a reader watching that
 * figure sees it), and names the lesson's slots (<div data-slot>) whose content changed: { frame: in the frame
 * that drew the move, pause: after that, once the reader paused }. Only the figures' slots are named (not the
 * slider's own panel, whose value label changes too).
 */
async function slotsRedrawn(page, field, figures, watch = null) {
  const { frame, pause } = await page.evaluate(async ({ field, watch }) => {
    const input = document.querySelector(`[data-field="${field}"] input[type="range"]`);
    if (watch) document.querySelector(`[data-slot="${watch}"]`).scrollIntoView({ block: 'start' });
    else input.scrollIntoView({ block: 'center' });
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await nextFrame();
    await nextFrame();
    while ('deferred' in document.documentElement.dataset) await nextFrame();
    const changed = new Set();
    const note = (records) => records.forEach((r) => changed.add(r.target.parentElement?.closest('[data-slot]')?.dataset.slot ?? r.target.closest?.('[data-slot]')?.dataset.slot));
    const observer = new MutationObserver(note);
    for (const slot of document.querySelectorAll('[data-slot]')) observer.observe(slot, { childList: true, subtree: true, characterData: true });
    const taken = () => {
      note(observer.takeRecords());
      const names = [...changed].filter(Boolean).sort();
      changed.clear();
      return names;
    };
    const [value, step, max] = [input.value, input.step || 1, input.max].map(Number);
    input.value = String(value + step <= max ? value + step : value - step);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // Asked for after the move, this frame's callback runs right after the lesson's own, which drew the move.
    await nextFrame();
    const frame = taken();
    while ('deferred' in document.documentElement.dataset) await nextFrame();
    await nextFrame();
    const pause = taken();
    observer.disconnect();
    return { frame, pause };
  }, { field, watch });
  const only = (names) => names.filter((name) => figures.includes(name));
  return { frame: only(frame), pause: only(pause) };
}

test('on a phone, a part of the lesson screens below is not rendered until the reader comes near it', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=es', PHONE);
  // A part with content-visibility: auto is skipped as a whole: what is inside it is not rendered.
  const rendered = (selector) => page.$eval(selector, (el) => el.checkVisibility({ contentVisibilityAuto: true }));
  const end = '#lesson > .lesson-pager > :first-child';
  assert.equal(await rendered('#lesson > * > *'), true, "the lesson's start, on screen");
  assert.equal(await rendered(end), false, "the lesson's end, screens below");
  await page.$eval('#lesson > .lesson-pager', (el) => el.scrollIntoView());
  await page.waitForFunction((selector) => document.querySelector(selector).checkVisibility({ contentVisibilityAuto: true }), end);
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging max_len redraws the heat map with the same colour key's elements, not new copies each frame", async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en');
  const keys = await page.evaluate(async () => {
    const input = document.querySelector('[data-field="maxLen"] input[type="range"]');
    const canvas = () => document.querySelector('.heatmap canvas');
    const key = () => document.querySelector('.heatmap .chart-host > div > :first-child');
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    input.scrollIntoView({ block: 'center' }); // the heat map beside it is redrawn in every frame of a drag
    await twoFrames();
    const seen = [key()];
    for (let i = 0; i < 16; i++) {
      const before = canvas();
      input.value = String(100 + (i % 2) + 1);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await twoFrames();
      if (canvas() === before) throw new Error('the heat map was not redrawn');
      if (!seen.includes(key())) seen.push(key());
    }
    return seen.length;
  });
  // Two copies take turns (the one on the page and the next); a frame drawn twice on a busy machine may add a
  // few more, up to the copies kept (plot.js), never one a frame.
  assert.ok(keys <= 8, `${keys} colour keys made for 16 frames`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a narrower window: the charts are drawn again to their new width', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en');
  // [the box's width, the width the chart was drawn at (its widest <svg>)] of the heat map and the line chart.
  const widths = () => page.$$eval('#lesson :is(.heatmap, .lines) .chart-host', (hosts) => hosts.map((h) => [h.clientWidth, Math.max(...[...h.querySelectorAll('svg')].map((s) => Number(s.getAttribute('width'))))]));
  const wide = await widths();
  assert.equal(wide.length, 2);
  wide.forEach(([host, drawn]) => assert.equal(drawn, host));
  await page.setViewportSize({ width: 700, height: 900 });
  await page.waitForFunction((before) => document.querySelector('#lesson .heatmap .chart-host').clientWidth < before, wide[0][0]);
  await frames(page);
  const narrow = await widths();
  narrow.forEach(([host, drawn], i) => {
    assert.ok(host < wide[i][0], `chart ${i}: its box is narrower`);
    assert.equal(drawn, host, `chart ${i}: drawn to its box`);
  });
  assert.deepEqual(problems, []);
  await context.close();
});

test("stretching-rope: a move of dim redraws the wavelengths beside its slider at once, the figures screens below once the reader pauses; the pair redraws only its own chart", async () => {
  const { page, problems, context } = await site.open('#/stretching-rope?lang=es', PHONE);
  const figures = ['wavelengths', 'coverage', 'angles', 'yarn'];
  // The decay bound and the pair's angles (the costliest kernel calls) belong to the figures that wait. The
  // wavelengths' slot holds the chart of unseen angles too (beside the wavelengths on a wide screen, under them
  // on a phone), which waits with the table of the 'coverage' slot it is drawn with.
  assert.deepEqual(await slotsRedrawn(page, 'dim', figures), { frame: ['wavelengths'], pause: ['angles', 'coverage', 'wavelengths', 'yarn'] });
  assert.deepEqual(await slotsRedrawn(page, 'pair', figures), { frame: ['angles'], pause: [] });
  assert.deepEqual(problems, []);
  await context.close();
});

test("stretching-rope: the wavelengths' log axis spans whole decades, so a move of dim changes the lines, not the axis", async () => {
  const { page, problems, context } = await site.open('#/stretching-rope?lang=en&dim=64', PHONE);
  const chart = () => page.$eval('.stretch-wavelengths .chart-host', (host) => ({
    ticks: [...host.querySelectorAll('[data-mark="y-axis tick label"] text')].map((t) => t.textContent),
    axis: [...host.querySelectorAll('[data-mark^="y-"]')].map((g) => g.outerHTML).join(''),
    lines: JSON.stringify(host.querySelector('canvas').series.map((s) => s.points)),
  }));
  const before = await chart();
  // 2π (pair 0) up to 10,000 × 2π and past it: from 10⁰ to 10⁵ or more, every tick a power of ten.
  assert.equal(before.ticks[0], '10⁰');
  assert.ok(before.ticks.length >= 6 && before.ticks.every((t, i) => t === `10${'⁰¹²³⁴⁵⁶⁷⁸⁹'[i]}`), before.ticks.join(' '));
  await page.locator('[data-field="dim"] input[type=text]').fill('66');
  await page.waitForFunction((lines) => JSON.stringify(document.querySelector('.stretch-wavelengths canvas').series.map((s) => s.points)) !== lines, before.lines);
  const after = await chart();
  assert.equal(after.axis, before.axis);
  assert.deepEqual(problems, []);
  await context.close();
});

test("attention-biases: a move of ALiBi's heads redraws ALiBi's figures only, not T5's, and of those the ones on the screen at once", async () => {
  const { page, problems, context } = await site.open('#/attention-biases?lang=es', PHONE);
  const figures = ['alibiFigures', 't5Figures'];
  // On a phone the slopes are on the screen under the fields; the penalty lines and the maps, below, follow at the pause.
  assert.deepEqual(await slotsRedrawn(page, 'heads', figures), { frame: ['alibiFigures'], pause: ['alibiFigures'] });
  const shown = await page.evaluate(async () => {
    document.querySelector('[data-slot="alibiFigures"]').scrollIntoView({ block: 'start' });
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await nextFrame();
    await nextFrame();
    while ('deferred' in document.documentElement.dataset) await nextFrame();
    const counts = () => ({
      slopes: document.querySelectorAll('.alibi-slopes tbody tr').length,
      maps: document.querySelectorAll('.alibi-maps canvas').length,
      mapsOnScreen: document.querySelector('.alibi-maps').getBoundingClientRect().top < innerHeight,
    });
    const before = counts();
    const input = document.querySelector('[data-field="heads"] input[type="range"]');
    input.value = String(Number(input.value) + 1);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await nextFrame();
    const frame = counts();
    while ('deferred' in document.documentElement.dataset) await nextFrame();
    return { before, frame, pause: counts() };
  });
  const heads = shown.before.slopes; // 9: the move above took it from 8
  assert.deepEqual(shown, {
    before: { slopes: heads, maps: heads, mapsOnScreen: false },
    frame: { slopes: heads + 1, maps: heads, mapsOnScreen: false },
    pause: { slopes: heads + 1, maps: heads + 1, mapsOnScreen: false },
  });
  // T5's slider redraws T5's figures, once it is scrolled to (it sits screens below ALiBi's).
  assert.deepEqual(await slotsRedrawn(page, 't5Heads', figures), { frame: ['t5Figures'], pause: [] });
  assert.deepEqual(problems, []);
  await context.close();
});

test('learned-positions: a move of d_model reprints the shapes, on the screen under its strip, at once; the tables, and the figures made of them, wait for the pause', async () => {
  const { page, problems, context } = await site.open('#/learned-positions?lang=es', PHONE);
  const figures = ['shapes', 'heatmap', 'window', 'beyond'];
  assert.deepEqual(await slotsRedrawn(page, 'dModel', figures, 'shapes'), { frame: ['shapes'], pause: ['beyond', 'heatmap', 'window'] });
  assert.deepEqual(problems, []);
  await context.close();
});

test('rope: a move of dim redraws the arrows beside its slider at once, the score grids a screen below once the reader pauses', async () => {
  const { page, problems, context } = await site.open('#/rope?lang=es', PHONE);
  assert.deepEqual(await slotsRedrawn(page, 'dim', ['arrows', 'scores']), { frame: ['arrows'], pause: ['scores'] });
  assert.deepEqual(problems, []);
  await context.close();
});

test("rope: a move of dim repaints the arrows on the chart in place: the same chart, the same axes, the arrows turned anew", async () => {
  const { page, problems, context } = await site.open('#/rope?lang=en&dim=8', PHONE);
  const before = await page.evaluate(() => {
    const chart = document.querySelector('.rope-turning .arrow-chart');
    chart.dataset.kept = 'yes';
    chart.querySelector('svg').dataset.kept = 'yes';
    return chart.querySelector('canvas').arrows.map((a) => a.to);
  });
  await page.locator('[data-field="dim"] input[type=text]').fill('16');
  await page.waitForFunction(() => /width 16/.test(document.querySelector('.rope-turning .chart-note').textContent));
  const after = await page.evaluate(() => {
    const chart = document.querySelector('.rope-turning .arrow-chart');
    return { kept: [chart.dataset.kept, chart.querySelector('svg').dataset.kept], tips: chart.querySelector('canvas').arrows.map((a) => a.to) };
  });
  assert.deepEqual(after.kept, ['yes', 'yes']);
  // d = 16 turns pair 0 by the same angles as d = 8 (θ = 10000^0), pair 1 would not: a wider vector, the same pair 0.
  assert.equal(after.tips.length, before.length);
  assert.deepEqual(after.tips.map((t) => t.map((v) => v.toFixed(1))), before.map((t) => t.map((v) => v.toFixed(1))));
  assert.deepEqual(problems, []);
  await context.close();
});

test("positional-module: a new seed rewrites the batch's table in place (only the numbers change), so a table scrolled sideways stays where the reader put it", async () => {
  const { page, problems, context } = await site.open('#/positional-module?lang=es', { viewport: { width: 360, height: 740 } });
  const before = await page.$eval('.module-x', (table) => {
    table.dataset.kept = 'yes';
    const box = table.closest('.table-scroll');
    box.scrollIntoView({ block: 'center' });
    box.scrollLeft = box.scrollWidth - box.clientWidth;
    return { scroll: box.scrollLeft, first: table.tBodies[0].rows[0].cells[1].textContent };
  });
  assert.ok(before.scroll > 0, 'the table is wider than a phone: it scrolls');
  await page.locator('[data-field="modSeed"] input').fill('1');
  await page.waitForFunction((first) => document.querySelector('.module-x tbody td').textContent !== first, before.first);
  const after = await page.$eval('.module-x', (table) => ({ kept: table.dataset.kept, scroll: table.closest('.table-scroll').scrollLeft }));
  assert.deepEqual(after, { kept: 'yes', scroll: before.scroll });
  assert.deepEqual(problems, []);
  await context.close();
});

test('padding-and-masks: a move of max_len makes each table into its new shape in place, the same as a page opened at that max_len shows', async () => {
  const tables = ['.padding-batch-table table', '.padding-mask-table table', '.padding-rows-table table'];
  const read = (page) => page.evaluate((selectors) => selectors.map((s) => {
    const table = document.querySelector(s);
    return { kept: table.dataset.kept ?? null, rows: table.rows.length, cells: [...table.rows].map((r) => [...r.cells].map((c) => `${c.tagName}:${c.getAttribute('scope') ?? ''}:${c.className}:${c.textContent}`)) };
  }), tables);
  const { page, problems, context } = await site.open('#/padding-and-masks?lang=en&maxLen=6', { viewport: { width: 360, height: 740 } });
  await page.evaluate((selectors) => selectors.forEach((s) => (document.querySelector(s).dataset.kept = 'yes')), tables);
  const slider = page.locator('[data-field="maxLen"] input[type="range"]');
  for (const value of ['9', '4']) {
    await slider.fill(value);
    await page.waitForURL(new RegExp(`maxLen=${value}`));
    await settled(page);
    const moved = await read(page);
    const fresh = await site.open(`#/padding-and-masks?lang=en&maxLen=${value}`, { viewport: { width: 360, height: 740 } });
    const expected = await read(fresh.page);
    await fresh.context.close();
    assert.deepEqual(moved.map((t) => t.kept), ['yes', 'yes', 'yes'], 'the same tables');
    assert.deepEqual(moved.map((t) => t.cells), expected.map((t) => t.cells));
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('what a chart says its canvas paints is painted there: each dot in its colour at the recorded point, the arrows at their tips, nothing in the margin', async () => {
  const cases = [
    // A series chart (charts/series.js): the dots are painted last, the last series' over everything else.
    ['#/no-positions?lang=en&tokens=5', '.nopos-share .chart-host canvas', 'series'],
    // pe-matrix's waves (charts/lines.js), each row in its own band: every dot of every row.
    ['#/pe-matrix?lang=en&variant=literal&dModel=512&maxLen=20', '.lines .chart-host canvas', 'lines'],
    // The arrows (charts/arrows.js): no colour recorded, but ink at every tip.
    ['#/rope?lang=en', '.rope-turning canvas', 'arrows'],
  ];
  for (const [hash, selector, kind] of cases) {
    const { page, problems, context } = await site.open(hash, PHONE);
    const painted = await page.$eval(selector, (canvas, kind) => {
      const recorded = {
        series: () => [canvas.series.at(-1)].map((s) => ({ colour: s.colour, points: s.points, dots: s.dots })),
        lines: () => canvas.lines.map((l) => ({ colour: l.colour, points: Array.from(l.x, (x, p) => [x, l.y[p]]), dots: l.dots })),
        arrows: () => [{ colour: null, points: canvas.arrows.map((a) => a.to), dots: true }],
      }[kind]();
      // The canvas' pixel under a point given in the chart's CSS pixels, as #rrggbb and its opacity.
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const context = canvas.getContext('2d');
      const pixel = ([x, y]) => {
        const [r, g, b, a] = context.getImageData(Math.floor(x * ratio), Math.floor(y * ratio), 1, 1).data;
        return { colour: `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`, alpha: a };
      };
      return { marks: recorded.map((m) => ({ ...m, pixels: m.points.map(pixel) })), corner: pixel([1, 1]) };
    }, kind);
    assert.ok(painted.marks.length > 0 && painted.marks.every((m) => m.dots && m.points.length > 0), `${hash}: dots recorded`);
    for (const mark of painted.marks) {
      mark.pixels.forEach((pixel, i) => {
        assert.equal(pixel.alpha, 255, `${hash}: point ${i} (${mark.points[i]}) is painted`);
        if (mark.colour) assert.equal(pixel.colour, mark.colour.toLowerCase(), `${hash}: point ${i} in its colour`);
      });
    }
    assert.equal(painted.corner.alpha, 0, `${hash}: the margin is clear`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
