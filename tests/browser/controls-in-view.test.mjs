// A figure and the controls that change it are on one screen. For every field of a lesson that names what it
// redraws (aria-controls, set by lesson-view.js from the lesson's `drives`), each figure it names is scrolled
// into view — its drawing (the chart's svg or canvas) centred in the part of the screen nothing covers, or at
// its top when taller — and then the field and the drawing must both be in view and uncovered: the field in
// its sticky strip, or under its figure. A field of the figure's own panel may need the page placed so that
// both fit; a drawing taller than the uncovered part may be cut, at its bottom only. And an element the Tab key
// reaches under a strip is scrolled clear of it. At 1280 × 800, at 1024 × 768 with large text (a projector), and
// on a 360 × 740 phone, in both languages, in every lesson.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useLesson, waitForReady, lessonsToCheck } from './browser.mjs';

const SCREENS = [
  { name: '1280 × 800', viewport: { width: 1280, height: 800 }, query: '' },
  { name: '1024 × 768, large text', viewport: { width: 1024, height: 768 }, query: '&text=large' },
  { name: '360 × 740', viewport: { width: 360, height: 740 }, query: '' },
];

const site = useLesson('pe-matrix');

/**
 * In the page: every (field, figure) pair, placed as the test's header says, and what was wrong with it.
 * → { pairs, fields, undeclared: [field names with no aria-controls], problems: [text] }
 */
async function measure() {
  const name = (control) => `${control.closest('[data-field]')?.dataset.field ?? control.id}${control.type === 'range' ? ' (slider)' : ''}`;
  // Chromium lays out a closed <details>' content on demand (it has rects) though nothing in it can be seen or focused.
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('details:not([open]) > :not(summary)');
  const fields = [...document.querySelectorAll('#lesson .field :is(input, select, textarea)')].filter(shown);
  // What covers the top of the screen: the site header while it is sticky, a control strip while it is stuck.
  const coveredTop = () => {
    let top = 0;
    for (const el of document.querySelectorAll('.site-header, .control-strip')) {
      const position = getComputedStyle(el).position;
      const box = el.getBoundingClientRect();
      if ((position === 'sticky' || position === 'fixed') && shown(el) && box.top <= top + 1 && box.bottom > top) top = box.bottom;
    }
    return top;
  };
  /** Scrolls so that `box()` is centred in the uncovered part, or at its top when taller (a strip that sticks
   * or comes loose on the way changes what is covered: twice more settles it). Then a frame is drawn: a part of
   * the lesson that was out of sight is rendered (content-visibility) before what is on screen is checked. */
  const place = async (box) => {
    // Until a frame leaves it where it was put: the parts that frame renders come with their real heights
    // instead of content-visibility's estimate, and what is above the box may have moved it by a pixel or more.
    const offset = () => {
      const top = coveredTop();
      const room = innerHeight - top;
      const b = box();
      return b.top - (b.height <= room ? top + (room - b.height) / 2 : top);
    };
    for (let pass = 0; pass < 6; pass++) {
      for (let i = 0; i < 3; i++) scrollBy(0, offset());
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      if (pass > 0 && Math.abs(offset()) <= 0.5) break;
    }
  };
  const union = (a, b) => () => {
    const [x, y] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
    const top = Math.min(x.top, y.top);
    return { top, height: Math.max(x.bottom, y.bottom) - top };
  };
  const inView = (b) => b.top >= -0.5 && b.bottom <= innerHeight + 0.5 && b.left >= -0.5 && b.right <= innerWidth + 0.5;
  /** Nothing lies over the point: what the page shows there is `el` or inside it. */
  const uncovered = (el, x, y) => {
    const hit = document.elementFromPoint(x, y);
    return Boolean(hit) && (el === hit || el.contains(hit));
  };
  /** The drawings of a figure: each chart's svg (or canvas), else the figure itself (a table, a panel of numbers). */
  const drawings = (target) => {
    const hosts = [...target.querySelectorAll('.chart-host')].filter(shown);
    return hosts.length ? hosts.map((host) => host.querySelector('svg[role="img"], canvas') ?? host) : [target];
  };

  const problems = [];
  let pairs = 0;
  for (const control of fields.filter((f) => f.hasAttribute('aria-controls'))) {
    for (const id of control.getAttribute('aria-controls').split(/\s+/)) {
      const target = document.getElementById(id);
      if (!target) {
        problems.push(`${name(control)} names #${id}, which is not in the page`);
        continue;
      }
      // A figure in a closed aside is checked as the reader who opens the aside sees it.
      for (let closed = target.closest('details:not([open])'); closed; closed = target.closest('details:not([open])')) closed.open = true;
      for (const drawing of drawings(target)) {
        pairs++;
        await place(() => drawing.getBoundingClientRect());
        // A figure's own field sits under it: if the drawing alone was placed without it, place both.
        if (!inView(control.getBoundingClientRect())) await place(union(drawing, control));
        const top = coveredTop();
        const c = control.getBoundingClientRect();
        const d = drawing.getBoundingClientRect();
        const what = `${name(control)} → #${id}${drawings(target).length > 1 ? ` (drawing ${drawings(target).indexOf(drawing) + 1})` : ''}`;
        const at = `field ${Math.round(c.top)}…${Math.round(c.bottom)}, drawing ${Math.round(d.top)}…${Math.round(d.bottom)}, covered to ${Math.round(top)}, screen ${innerHeight}`;
        if (!inView(c) || !uncovered(control, c.left + c.width / 2, c.top + c.height / 2)) problems.push(`${what}: the field is not in view (${at})`);
        // The drawing's top is in view and uncovered; all of it when it fits under what covers the screen.
        const fits = d.height <= innerHeight - top + 0.5;
        const drawingInView = d.top >= top - 0.5 && (fits ? d.bottom <= innerHeight + 0.5 : d.top < innerHeight);
        if (!drawingInView || !uncovered(target, d.left + d.width / 2, d.top + 2)) problems.push(`${what}: the drawing is not in view (${at})`);
      }
    }
  }
  // A focused element is never left under a strip (WCAG 2.2, 2.4.11): each one a strip stays over is first
  // scrolled just under it, then focused as the Tab key would focus it.
  let focused = 0;
  for (const scope of document.querySelectorAll('.control-scope')) {
    const focusable = [...scope.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex="0"]')].filter((el) => shown(el) && !el.closest('.control-strip'));
    for (const el of focusable) {
      for (let i = 0; i < 3; i++) scrollBy(0, el.getBoundingClientRect().bottom - coveredTop() + 1);
      el.focus();
      focused++;
      const b = el.getClientRects()[0]; // a link broken over two lines: its first line
      const top = coveredTop();
      if (document.activeElement !== el || b.top < top - 0.5 || !uncovered(el, b.left + Math.min(b.width / 2, 8), b.top + Math.min(b.height / 2, 8))) {
        problems.push(`focused ${el.tagName.toLowerCase()} “${el.textContent.trim().slice(0, 30)}” stays under what covers the screen (${Math.round(b.top)} < ${Math.round(top)})`);
      }
    }
  }
  document.activeElement?.blur();
  // A strip's fold button says what it does (a panel that forgot to label it showed an empty box on a phone).
  const unlabelled = [...document.querySelectorAll('#lesson .strip-toggle')].filter((b) => shown(b) && !b.textContent.trim()).length;
  return { pairs, focused, fields: fields.length, undeclared: fields.filter((f) => !f.hasAttribute('aria-controls')).map(name), unlabelled, problems };
}

for (const { name, viewport, query } of SCREENS) {
  for (const lang of ['es', 'en']) {
    test(`${name}, ${lang}: every field is on the screen with each figure it changes`, async () => {
      // One page for all the lessons, moved from lesson to lesson as a reader would (the link changes).
      const lessons = lessonsToCheck();
      const { page, context, problems } = await site.open(`#/${lessons[0]}?lang=${lang}${query}`, { viewport });
      for (const lesson of lessons) {
        const hash = `#/${lesson}?lang=${lang}${query}`;
        if (lesson !== lessons[0]) {
          await page.evaluate((h) => (location.hash = h), hash);
          await waitForReady(page, hash);
        }
        // A lesson that trains on arrival (words-positions-similarity's skip-gram) redraws its loss curve and its
        // text's summary until the training ends: measured once it has.
        await page.waitForFunction(() => !document.querySelector('#lesson [data-state="running"]'));
        const result = await page.evaluate(measure);
        assert.ok(result.fields > 0 && result.pairs >= result.fields, `${lesson}: ${result.fields} fields, ${result.pairs} field–figure pairs`);
        assert.deepEqual(result.undeclared, [], `${lesson}: fields that do not say what they change (aria-controls)`);
        assert.equal(result.unlabelled, 0, `${lesson}: fold buttons with no text`);
        assert.deepEqual(result.problems, [], lesson);
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}

test('on a phone the strip folds to one line that says the current values, the ones a preset spells out', async () => {
  const { page, context, problems } = await site.open('#/pe-matrix?lang=en', { viewport: { width: 360, height: 740 } });
  const toggle = page.locator('.control-strip .strip-toggle');
  const height = () => page.locator('.control-strip [data-strip]').evaluate((el) => el.getBoundingClientRect().height);
  const unfolded = await height();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.equal(await toggle.textContent(), 'Hide the controls');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await toggle.textContent(), 'Show the controls');
  assert.equal(await page.locator('[data-field="maxLen"]').isVisible(), false);
  // The values line is what the course notes' button spells out: its settings are the defaults.
  const detail = (id) => page.locator(`.preset[data-preset="${id}"] .preset-detail`).textContent();
  assert.equal(await page.locator('.strip-values').textContent(), await detail('doc002'));
  const folded = await height();
  assert.ok(folded < unfolded / 2, `folded ${folded} px, unfolded ${unfolded} px`);
  // A preset changes the values while the strip is folded: the line follows.
  await page.locator('.preset[data-preset="doc000"]').click();
  await page.locator('.strip-values', { hasText: await detail('doc000') }).waitFor();
  await toggle.click();
  assert.equal(await page.locator('[data-field="maxLen"] input[type="text"]').inputValue(), '10');
  assert.equal(await page.locator('.strip-values').isVisible(), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a wide screen a training setup folds too, keeping Train, Cancel and Continue and a line of its values', async () => {
  // The training strip is the one too tall to leave a trained curve room under it at 1280 px; the other strips
  // keep their fields in view and show no fold button there.
  const { page, context, problems } = await site.open('#/train-transformer?lang=es', { viewport: { width: 1280, height: 800 } });
  const strip = page.locator('.control-strip .train-strip');
  const toggle = strip.locator('.strip-toggle');
  const height = () => strip.evaluate((el) => el.getBoundingClientRect().height);
  const unfolded = await height();
  assert.equal(await toggle.isVisible(), true);
  assert.equal(await toggle.textContent(), 'Ocultar los controles');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('#train-fields').isVisible(), false);
  // Train, Cancel and Continue stay; the values line says the runs' methods and the settings, in the fields' order.
  for (const action of ['train', 'cancel', 'continue']) assert.equal(await strip.locator(`[data-action="${action}"]`).isVisible(), true);
  const values = await strip.locator('.strip-values').textContent();
  assert.match(values, /^Invertir · Bidireccional · ninguno · sinusoidal · aprendido · 6 · 1 · Pequeño \(d 32\) · 400 · 0$/);
  const folded = await height();
  assert.ok(folded < unfolded / 3, `folded ${folded} px, unfolded ${unfolded} px`);
  await toggle.click();
  assert.equal(await page.locator('#train-fields').isVisible(), true);
  // Elsewhere at this width the fold stays a phone's.
  await page.evaluate(() => (location.hash = '#/pe-matrix?lang=es'));
  await waitForReady(page, '#/pe-matrix?lang=es');
  assert.equal(await page.locator('.control-strip .strip-toggle').isVisible(), false);
  assert.deepEqual(problems, []);
  await context.close();
});
