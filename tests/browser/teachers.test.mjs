// The teachers' guide (web/teachers.html, written at build time by scripts/vite/teachers-guide.mjs): reached
// from the lab's footer; in both languages, every lesson has a plan whose link opens that lesson in that
// language, whose answer key is the lesson's own self-check (held against the quiz the lesson page shows,
// answer by answer) and whose time follows the lesson; the five source documents and the SCORM steps are
// there; the page passes axe-core and fits a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { useLesson, openPage, waitForReady, overflow, axeViolations as violations, LESSON_IDS } from './browser.mjs';
import { formatCount } from '../../web/src/format.js';
import { RATES } from '../../scripts/vite/teachers-guide.mjs';

const site = useLesson('pe-matrix');
const LANGS = ['es', 'en'];
const other = (lang) => (lang === 'es' ? 'en' : 'es');
// A browser that prefers the other language: a link that opens a lesson "in Spanish" must say so itself.
const localeAgainst = (lang) => (lang === 'es' ? 'en-US' : 'es-ES');
const lessonsDir = new URL('../../web/lessons/', import.meta.url);
const folders = Object.fromEntries(readdirSync(lessonsDir).filter((name) => /^\d+-/.test(name)).map((name) => [name.replace(/^\d+-/, ''), name]));
const lessonText = (id, lang) => readFileSync(new URL(`${folders[id]}/${lang}.md`, lessonsDir), 'utf8');

async function openGuide(lang, options = {}) {
  const opened = await openPage(site.browser, { locale: localeAgainst(lang), ...options });
  await opened.page.goto(`${site.server.url}teachers.html`);
  return opened;
}

/** One lesson's plan in one language, as the guide shows it. */
const guidePlan = (page, lang, id) =>
  page.evaluate(({ lang, id }) => {
    const article = document.querySelector(`#${lang} article[data-lesson="${id}"]`);
    if (!article) return null;
    const texts = (selector) => [...article.querySelectorAll(selector)].map((el) => el.textContent.trim());
    const time = article.querySelector('.teachers-time');
    return {
      href: article.querySelector('h3 a').getAttribute('href'),
      objectives: texts('.teachers-objectives > li'),
      project: article.querySelector('.teachers-project').textContent.trim(),
      prompts: texts('.teachers-prompts > li'),
      misconceptions: texts('.teachers-misconceptions > li'),
      before: [...article.querySelectorAll('.teachers-before [data-prerequisite]')].map((li) => ({ id: li.dataset.prerequisite, href: li.querySelector('a').getAttribute('href') })),
      beforeText: article.querySelector('.teachers-before').textContent.trim(),
      time: { ...time.dataset, text: time.textContent },
      documents: article.querySelector('.teachers-documents').textContent.match(/00\d/g) ?? [],
      keySummary: article.querySelector('.teachers-key summary').textContent,
      keyCount: Number(article.querySelector('.teachers-key').dataset.questions),
      key: [...article.querySelectorAll('.teachers-question')].map((q) => ({
        id: q.dataset.question,
        prompt: q.querySelector('.teachers-prompt').textContent,
        options: [...q.querySelectorAll('[data-option]')].map((o) => ({
          id: o.dataset.option,
          correct: o.dataset.correct === 'true',
          text: o.querySelector('.teachers-option').textContent,
          why: o.querySelector('.teachers-why').textContent,
        })),
      })),
    };
  }, { lang, id });

/** The self-check the lesson page shows: questions in order, each option's id and text. */
const pageQuiz = (page) =>
  page.$$eval('.quiz-question', (sets) =>
    sets.map((set) => ({
      id: set.dataset.question,
      prompt: set.querySelector('legend').textContent,
      options: Object.fromEntries([...set.querySelectorAll('input[type=radio]')].map((radio) => [radio.value, radio.nextElementSibling.textContent])),
    })),
  );

/** The guide's key for one language in the shape pageQuiz returns. */
const asShown = (key) => key.map((q) => ({ id: q.id, prompt: q.prompt, options: Object.fromEntries(q.options.map((o) => [o.id, o.text])) }));

test('the footer leads to the guide; its "open the lab" links open the lab in their own language', async () => {
  const { page, problems, context } = await site.open('#/pe-matrix?lang=en');
  await Promise.all([page.waitForURL(/teachers\.html/), page.click('.site-footer a[href="./teachers.html"]')]);
  for (const lang of LANGS) assert.equal(await page.getAttribute(`#${lang}`, 'lang'), lang);
  await context.close();
  for (const lang of LANGS) {
    const guide = await openGuide(lang);
    await guide.page.click(`#${lang} > p a[href="./#/why-order?lang=${lang}"]`);
    await waitForReady(guide.page, '#/why-order');
    assert.equal(await guide.page.evaluate(() => document.documentElement.lang), lang);
    assert.deepEqual(guide.problems, []);
    await guide.context.close();
  }
  assert.deepEqual(problems, []);
});

test('axe-core finds nothing at 1280 and 360 px with every answer key open; nothing is wider than a phone', async () => {
  for (const width of [1280, 360]) {
    const { page, problems, context } = await openGuide('en', { viewport: { width, height: width > 500 ? 900 : 780 } });
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    assert.deepEqual(await violations(page), [], `${width} px`);
    assert.equal(await overflow(page), 0, `${width} px: the page is wider than the screen`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('every lesson has a plan in both languages: objectives, prerequisites, time, prompts, misconceptions', async () => {
  const { page, problems, context } = await openGuide('es');
  for (const lang of LANGS) {
    const totals = [];
    assert.equal(await page.locator(`#${lang} article.teachers-lesson`).count(), LESSON_IDS.length, lang);
    for (const [index, id] of LESSON_IDS.entries()) {
      const plan = await guidePlan(page, lang, id);
      const where = `${lang} ${id}`;
      assert.ok(plan, `${where}: no plan`);
      assert.equal(plan.href, `./#/${id}?lang=${lang}`, where);
      assert.ok(plan.objectives.length >= 2 && plan.objectives.length <= 4, `${where}: ${plan.objectives.length} objectives`);
      assert.ok(plan.prompts.length >= 2 && plan.prompts.length <= 3, `${where}: ${plan.prompts.length} prompts`);
      assert.ok(plan.misconceptions.length >= 2 && plan.misconceptions.length <= 4, `${where}: ${plan.misconceptions.length} misconceptions`);
      assert.ok(plan.project.length > 40, `${where}: what to project`);
      // Prerequisites are earlier lessons, linked in the same language; the first lesson says it needs none.
      for (const before of plan.before) {
        assert.ok(LESSON_IDS.indexOf(before.id) >= 0 && LESSON_IDS.indexOf(before.id) < index, `${where}: ${before.id} is not an earlier lesson`);
        assert.equal(before.href, `./#/${before.id}?lang=${lang}`, where);
      }
      assert.equal(plan.before.length === 0, index === 0, `${where}: prerequisites ${plan.before.map((b) => b.id)}`);
      if (index === 0) assert.ok(plan.beforeText.length > 5, where);
      // The time follows the lesson: its panels are the text's placeholders (the self-check apart), its questions
      // the key's, and the minutes are the stated rates' sum rounded up; the text prints them as the language does.
      const text = lessonText(id, lang);
      const panels = [...text.matchAll(/data-slot="(\w+)"/g)].filter((m) => m[1] !== 'quiz').length;
      const words = Number(plan.time.words);
      const naive = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      assert.ok(Math.abs(words - naive) < 0.1 * naive, `${where}: ${words} words against ${naive} by spaces`);
      assert.equal(Number(plan.time.panels), panels, where);
      assert.equal(Number(plan.time.questions), plan.key.length, where);
      const minutes = words / RATES.wordsPerMinute + panels * RATES.minutesPerPanel + plan.key.length * RATES.minutesPerQuestion;
      assert.equal(Number(plan.time.minutes), Math.ceil(minutes / RATES.roundTo) * RATES.roundTo, where);
      for (const n of [plan.time.minutes, plan.time.words]) assert.ok(plan.time.text.includes(formatCount(Number(n), lang)), `${where}: ${plan.time.text}`);
      totals.push(Number(plan.time.minutes));
      // The documents it uses are the ones its text names.
      for (const doc of plan.documents) assert.ok(lessonText(id, 'es').includes(doc) || lessonText(id, 'en').includes(doc), `${where}: ${doc}`);
    }
    const total = totals.reduce((a, b) => a + b, 0);
    const intro = await page.textContent(`#${lang}-${lang === 'es' ? 'el-curso-de-un-vistazo' : 'the-course-at-a-glance'} + p`);
    for (const n of [RATES.wordsPerMinute, RATES.minutesPerPanel, RATES.roundTo, total]) assert.ok(intro.includes(formatCount(n, lang)), `${lang}: ${n} in ${intro}`);
    // The overview table repeats each lesson's time and question count.
    const rows = await page.$$eval(`#${lang} .teachers-overview tbody tr`, (trs) => trs.map((tr) => ({ id: tr.dataset.lesson, cells: [...tr.cells].map((c) => c.textContent.trim()) })));
    assert.deepEqual(rows.map((r) => r.id), LESSON_IDS);
    rows.forEach((row, i) => assert.ok(row.cells[2].startsWith(formatCount(totals[i], lang)), `${lang} ${row.id}: ${row.cells[2]}`));
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('each answer key is the lesson\'s own self-check, in both languages, and each plan\'s link opens its lesson in its language', async () => {
  // Lessons 1, 3, 5… are opened from the Spanish plans, 2, 4, 6… from the English ones, each in a browser that
  // prefers the other language and, after the first lesson, has kept the other language too (the switch below).
  for (const lang of LANGS) {
    const { page, problems, context } = await openGuide(lang);
    const guideUrl = page.url();
    const ids = LESSON_IDS.filter((_, k) => (k % 2 ? 'en' : 'es') === lang);
    const allPlans = {};
    for (const id of ids) allPlans[id] = { es: await guidePlan(page, 'es', id), en: await guidePlan(page, 'en', id) };
    for (const id of ids) {
      const plans = allPlans[id];
      for (const l of LANGS) {
        assert.equal(plans[l].keyCount, plans[l].key.length, `${l} ${id}`);
        assert.ok(plans[l].keySummary.includes(`(${formatCount(plans[l].key.length, l)} `), `${l} ${id}: ${plans[l].keySummary}`);
        for (const q of plans[l].key) assert.equal(q.options.filter((o) => o.correct).length, 1, `${l} ${id} ${q.id}`);
      }
      // Where the plan's link leads, loaded afresh (a blank page first: from another lesson it would only change
      // the hash). Only the quiz is needed, not every figure drawn.
      await page.goto('about:blank');
      await page.goto(new URL(plans[lang].href, guideUrl).href);
      await page.waitForFunction((want) => document.documentElement.dataset.lessonReady === want, id);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${id} opened in another language`);
      assert.deepEqual(await pageQuiz(page), asShown(plans[lang].key), `${lang} ${id}: the key is not the lesson's self-check`);
      // The option the key calls right is right on the page, one it calls wrong is wrong, with the same reasons.
      for (const q of plans[lang].key) {
        const set = page.locator(`.quiz-question[data-question="${q.id}"]`);
        for (const option of [q.options.find((o) => !o.correct), q.options.find((o) => o.correct)]) {
          await set.locator(`input[value="${option.id}"]`).check();
          await set.locator('.quiz-check').click();
          assert.equal(await set.locator('.quiz-feedback').getAttribute('data-result'), option.correct ? 'right' : 'wrong', `${id} ${q.id} ${option.id}`);
          assert.ok((await set.locator('.quiz-feedback').textContent()).endsWith(option.why), `${id} ${q.id} ${option.id}: another explanation`);
        }
      }
      // The same lesson in the other language: the other key, and the right answers' reasons in that language.
      await page.selectOption('#language', other(lang));
      await page.waitForFunction((want) => document.documentElement.lang === want, other(lang));
      assert.deepEqual(await pageQuiz(page), asShown(plans[other(lang)].key), `${other(lang)} ${id}: the key is not the lesson's self-check`);
      for (const q of plans[other(lang)].key) {
        const feedback = await page.textContent(`.quiz-question[data-question="${q.id}"] .quiz-feedback`);
        assert.ok(feedback.endsWith(q.options.find((o) => o.correct).why), `${other(lang)} ${id} ${q.id}`);
      }
    }
    assert.deepEqual(problems, [], lang);
    await context.close();
  }
});

test('the sources: five documents by number, each with what the lab found and the lessons that quote it', async () => {
  const { page, problems, context } = await openGuide('en');
  for (const lang of LANGS) {
    const documents = await page.$$eval(`#${lang} .teachers-quoted-by`, (ps) =>
      ps.map((p) => {
        let heading = p.previousElementSibling;
        while (heading && heading.tagName !== 'H3') heading = heading.previousElementSibling;
        return { doc: p.dataset.document, heading: heading.textContent, findings: heading.parentElement.querySelectorAll('ul').length, lessons: [...p.querySelectorAll('a')].map((a) => ({ id: a.dataset.lesson, href: a.getAttribute('href') })) };
      }),
    );
    assert.deepEqual(documents.map((d) => d.doc), ['000', '001', '002', '003', '004'], lang);
    for (const { doc, heading, lessons } of documents) {
      assert.ok(heading.startsWith(`${doc} · `), `${lang}: ${heading}`);
      assert.ok(lessons.length > 0, `${lang} ${doc}: no lesson quotes it`);
      for (const lesson of lessons) {
        assert.equal(lesson.href, `./#/${lesson.id}?lang=${lang}`);
        assert.ok(lessonText(lesson.id, 'es').includes(doc) || lessonText(lesson.id, 'en').includes(doc), `${lang}: ${lesson.id} does not name ${doc}`);
      }
    }
    // Document 001 (Word2Vec, black and brown) is the subject of lesson 9.
    assert.ok(documents[1].lessons.some((l) => l.id === 'words-positions-similarity'), lang);
    // Every link of the guide to a lesson names a lesson and the language of its section.
    const links = await page.$$eval(`#${lang} a[href^="./#/"]`, (as) => as.map((a) => a.getAttribute('href')));
    for (const href of links) {
      const [, id, query] = /^\.\/#\/([^?]+)\?(.*)$/.exec(href) ?? [];
      assert.ok(LESSON_IDS.includes(id), `${lang}: ${href}`);
      assert.equal(new URLSearchParams(query).get('lang'), lang, `${lang}: ${href}`);
    }
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the SCORM section: both packages, the pass mark\'s variable, Moodle\'s and Canvas\'s steps', async () => {
  const { page, context } = await openGuide('en');
  for (const lang of LANGS) {
    const section = await page.evaluate((lang) => {
      const start = document.getElementById(`${lang}-moodle-${lang === 'es' ? 'y' : 'and'}-canvas-scorm`);
      const parts = [];
      for (let node = start.nextElementSibling; node && node.tagName !== 'H2'; node = node.nextElementSibling) parts.push(node);
      // The steps are the first numbered list after the platform's heading.
      const stepsAfter = (title) => parts.slice(parts.findIndex((n) => n.tagName === 'H3' && n.textContent === title)).find((n) => n.tagName === 'OL')?.children.length;
      return { text: parts.map((n) => n.textContent).join('\n'), moodle: stepsAfter('Moodle'), canvas: stepsAfter('Canvas') };
    }, lang);
    for (const needle of ['dist-scorm/poslab-scorm-es.zip', 'dist-scorm/poslab-scorm-en.zip', 'POSLAB_SCORM_MASTERY', '80']) assert.ok(section.text.includes(needle), `${lang}: ${needle}`);
    assert.ok(section.moodle >= 5, `${lang}: Moodle has ${section.moodle} steps`);
    assert.ok(section.canvas >= 3, `${lang}: Canvas has ${section.canvas} steps`);
  }
  await context.close();
});

test('the guide\'s own text writes numbers as its language does', () => {
  const dir = new URL('../../web/src/teachers/', import.meta.url);
  // Thousands as format.js groups them: 2048 and 10 000 (a narrow no-break space) in Spanish, 2,048 and 10,000
  // in English. Code (`…`) is written as it is typed.
  const wrong = { es: /\b\d{1,3}[.,]\d{3}\b|\b\d{5,}\b/, en: /\d[ \u202f]\d{3}\b|\b\d{5,}\b/ };
  for (const lang of LANGS) {
    const text = readFileSync(new URL(`guide.${lang}.md`, dir), 'utf8') + readFileSync(new URL(`plans.${lang}.json`, dir), 'utf8');
    assert.doesNotMatch(text.replace(/`[^`\n]*`/g, ''), wrong[lang], lang);
  }
});
