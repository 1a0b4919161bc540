// The page while runs train (how quickly it answers is measured by scripts/bench/training.mjs, not here): the
// learning curves are drawn at most one chart a frame, far fewer times than points arrive, and the page is not
// blocked for most of the training; once the runs are done, the curves hold every point.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, runsSettled, openTable } from './browser.mjs';
import { watchMainThread } from '../../scripts/bench/training.mjs';

const site = useLesson('train-transformer');

test('while three runs train: one chart a frame at most, paced, and the page free most of the time', async () => {
  const hash = '#/train-transformer?lang=en&steps=60';
  const { page, problems, context } = await site.open(hash, { initScript: watchMainThread });
  await page.evaluate(() => Object.assign(window.__training, { long: [], draws: 0, mostInFrame: 0 }));
  const started = Date.now();
  await page.click('button[data-action="train"]');
  await runsSettled(page);
  const elapsed = Date.now() - started;
  const watch = await page.evaluate(() => window.__training);
  assert.ok(watch.draws >= 2, 'the curves were drawn');
  assert.equal(watch.mostInFrame, 1, 'never both charts in one frame');
  // A point every 2 steps of 60, for three runs, for each chart: 186 drawings if each point were drawn.
  assert.ok(watch.draws < 186 / 2, `${watch.draws} drawings for 186 points`);
  // Generous: the workers take the cores and a busy machine stretches any task past 50 ms, so the bound is on
  // how many long tasks there were, not on how long they took: fewer than one for every two points, as if
  // at most every other drawing were one.
  assert.ok(watch.long.length < 186 / 2, `${watch.long.length} long tasks (${Math.round(watch.long.reduce((sum, ms) => sum + ms, 0))} of ${elapsed} ms) for ${watch.draws} drawings`);
  // Once the runs are done, the curves are complete: every run's last point is there, at step 60.
  await openTable(page, '.train-accuracy');
  await page.waitForFunction(() => {
    const cells = [...(document.querySelector('.train-accuracy tbody tr:last-child')?.cells ?? [])].map((c) => c.textContent);
    return cells[0] === '60' && cells.length === 4 && cells.slice(1).every((c) => /^\d\.\d{3}$/.test(c));
  });
  // …and the drawing too, a frame or so after the table: a dot for every run at every step of the table.
  const steps = await page.locator('.train-accuracy tbody tr').count();
  await page.waitForFunction((dots) => [...(document.querySelector('.train-accuracy .chart-host canvas')?.series ?? [])].reduce((n, s) => n + (s.dots ? s.points.length : 0), 0) === dots, steps * 3);
  assert.deepEqual(problems, []);
  await context.close();
});
