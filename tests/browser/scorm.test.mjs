// The SCORM package hosted the way a course platform hosts it: the built Spanish package unzipped and served,
// and a launcher page, next to it on the same origin, that puts scorm-again's SCORM 1.2 runtime on its window as
// `API` (loaded with the CMI the platform keeps for the student) and opens a lesson's SCO from the manifest's
// href in a frame. The runtime then holds what the lesson reported: lesson_status, the score, suspend_data, the
// exit mode and LMSFinish. Every request stays on the package's origin, and the page's Content-Security-Policy
// holds inside the frame without a violation. Outside a platform (no API in any parent frame) the lesson is
// the plain lab.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { DOMParser } from '@xmldom/xmldom';
import { launch, openPage, answerQuiz, field, sharedStrings } from './browser.mjs';
import { startServer } from './server.mjs';
import { QUESTIONS, QUIZ_PREFIX } from '../../web/lessons/03-pe-matrix/questions.js';

const root = new URL('../../', import.meta.url);
const LESSON = 'pe-matrix';
const QUIZ_KEY = `quiz:${QUIZ_PREFIX}`;
const STUDENT = { student_id: 'student-1', student_name: 'Student, One' };

// The launcher: what a platform's player page does before it opens a SCO.
const LAUNCHER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course platform</title><link rel="icon" href="data:,">
<script src="scorm12.min.js"></script><script src="launcher.js"></script></head><body></body></html>
`;
const LAUNCHER_JS = `
// start(href, cmi): scorm-again's SCORM 1.2 API on this window, loaded with the CMI the platform keeps, then the
// SCO in a frame (cmi null: no API at all, as on a page that is no platform). leave(): the frame is closed.
window.start = (href, cmi) => {
  if (cmi) {
    window.API = new Scorm12API({ lmsCommitUrl: false, autocommit: false, logLevel: 4 });
    window.API.loadFromJSON(cmi);
    window.calls = [];
    window.exits = [];
    for (const name of ['LMSInitialize', 'LMSCommit', 'LMSFinish']) window.API.on(name, () => window.calls.push(name));
    // cmi.core.exit is write-only: the platform sees it as the SCO sets it.
    window.API.on('LMSSetValue.cmi.core.exit', (element, value) => window.exits.push(value));
  }
  const frame = document.createElement('iframe');
  frame.name = 'sco';
  frame.src = href;
  frame.style.width = '100%';
  frame.style.height = '860px';
  document.body.append(frame);
};
window.leave = () => document.querySelector('iframe').remove();
`;

let folder;
let server;
let browser;
let launchHref;
let mastery;
before(async () => {
  // The Spanish package as a platform stores it: unzipped under a folder of its own, the launcher beside it.
  const zip = unzipSync(await readFile(new URL('dist-scorm/poslab-scorm-es.zip', root)));
  folder = await mkdtemp(join(tmpdir(), 'poslab-scorm-'));
  for (const [path, bytes] of Object.entries(zip)) {
    if (path.endsWith('/')) continue;
    await mkdir(dirname(join(folder, 'package', path)), { recursive: true });
    await writeFile(join(folder, 'package', path), bytes);
  }
  await writeFile(join(folder, 'launcher.html'), LAUNCHER_HTML);
  await writeFile(join(folder, 'launcher.js'), LAUNCHER_JS);
  await copyFile(fileURLToPath(new URL('node_modules/scorm-again/dist/scorm12.min.js', root)), join(folder, 'scorm12.min.js'));
  // The lesson's SCO as the manifest has it: its launch href and mastery score.
  const manifest = new DOMParser().parseFromString(new TextDecoder().decode(zip['imsmanifest.xml']), 'text/xml');
  const item = [...manifest.getElementsByTagName('item')].find((i) => i.getAttribute('identifierref') === `sco-${LESSON}`);
  mastery = item.getElementsByTagName('adlcp:masteryscore')[0].textContent;
  const resource = [...manifest.getElementsByTagName('resource')].find((r) => r.getAttribute('identifier') === `sco-${LESSON}`);
  launchHref = `package/${resource.getAttribute('href')}`;
  server = await startServer({ root: `${folder}/` });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/**
 * A browser (fresh, or `context` of an earlier launch) at the launcher, the SCO started with `cmi` (null: no API).
 * Records every request and every Content-Security-Policy violation of the frame.
 */
async function platform({ cmi, context: shared = null }) {
  const opened = shared ? { context: shared.context, problems: shared.problems, page: await shared.context.newPage() } : await openPage(browser, {
    initScript: () => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    },
  });
  const requests = [];
  opened.page.on('request', (r) => requests.push(r.url()));
  await opened.page.goto(`${server.url}launcher.html`);
  await opened.page.evaluate(([href, data]) => window.start(href, data), [launchHref, cmi]);
  await opened.page.waitForFunction((id) => frames.sco?.document.documentElement?.dataset.lessonReady === id, LESSON, { timeout: 30000 });
  const frame = opened.page.frame({ name: 'sco' });
  return { ...opened, frame, requests };
}

/** What the runtime holds (the platform's record of the lesson). */
const record = (page) => page.evaluate(() => {
  const { core, suspend_data: suspend } = window.API.cmi;
  return { status: core.lesson_status, raw: core.score.raw, min: core.score.min, max: core.score.max, exits: window.exits, suspend, calls: window.calls };
});

/** Checks what holds at every launch: nothing left the package's origin, and the page's policy held in the frame. */
async function checkHosting({ frame, requests, problems }) {
  const origin = new URL(server.url).origin;
  assert.deepEqual(requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin), []);
  assert.ok(requests.some((url) => url.includes('/package/wasm/')), 'the lesson loaded its module from the package');
  const policy = await frame.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content);
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.deepEqual(await frame.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
}

const right = (q) => q.options.find((o) => o.correct).id;
const wrong = (q) => q.options.find((o) => !o.correct).id;
const scoreOf = (rightAnswers) => Math.round((100 * rightAnswers) / QUESTIONS.length);
const progressText = (lang, key, right) => sharedStrings(lang).quiz[key].replace('{right}', right).replace('{total}', QUESTIONS.length);

test('a lesson reports to the platform: incomplete, then score and passed or failed by the mastery score, its state in suspend_data; LMSCommit and LMSFinish on leaving; it resumes on another computer', async () => {
  const first = await platform({ cmi: { core: STUDENT, student_data: { mastery_score: mastery } } });
  const { page, frame } = first;
  assert.equal(await frame.getAttribute('html', 'data-scorm'), LESSON);
  assert.equal(await frame.getAttribute('html', 'lang'), 'es', 'the Spanish package opens the lesson in Spanish');
  let now = await record(page);
  assert.equal(now.status, 'incomplete');
  assert.equal(now.raw, '');
  assert.deepEqual(now.calls, ['LMSInitialize', 'LMSCommit']);
  assert.equal(await frame.textContent('.lesson-quiz .quiz-progress'), progressText('es', 'progressPlatform', 0));

  // The student changes a value and the language: the lesson's link, and so its state, changes.
  await field(frame, 'maxLen').fill('42');
  await frame.waitForFunction(() => location.hash.includes('maxLen=42'));
  await frame.selectOption('#language', 'en');
  await frame.waitForFunction(() => location.hash.includes('lang=en'));

  // Every question but the last answered: still incomplete, no score yet.
  const [last, ...firsts] = [...QUESTIONS].reverse();
  for (const q of firsts) assert.equal(await answerQuiz(frame, '.lesson-quiz', q.id, right(q)), 'right');
  now = await record(page);
  assert.equal(now.status, 'incomplete');
  assert.equal(now.raw, '');
  // The last one wrong: the score is the share of right answers, below the mastery score here.
  assert.equal(await answerQuiz(frame, '.lesson-quiz', last.id, wrong(last)), 'wrong');
  now = await record(page);
  const belowMastery = scoreOf(QUESTIONS.length - 1);
  assert.ok(belowMastery < Number(mastery), `${belowMastery} < ${mastery}`);
  assert.deepEqual([now.status, now.raw, now.min, now.max], ['failed', String(belowMastery), '0', '100']);
  // Answered again, right: full marks and passed.
  assert.equal(await answerQuiz(frame, '.lesson-quiz', last.id, right(last)), 'right');
  now = await record(page);
  assert.deepEqual([now.status, now.raw], ['passed', String(scoreOf(QUESTIONS.length))]);
  assert.ok(now.calls.filter((c) => c === 'LMSCommit').length >= 1 + 2, 'each complete answer is committed at once');

  // suspend_data holds what local storage holds for the lesson: its link's values and the answers.
  const kept = JSON.parse(now.suspend);
  const stored = await frame.evaluate(([params, quiz]) => [localStorage.getItem(`poslab:${params}`), localStorage.getItem(`poslab:${quiz}`)], [`params:${LESSON}`, QUIZ_KEY]);
  assert.deepEqual(kept, { [`params:${LESSON}`]: stored[0], [QUIZ_KEY]: stored[1] });
  assert.match(kept[`params:${LESSON}`], /^lang=en&maxLen=42&/);
  assert.deepEqual(JSON.parse(kept[QUIZ_KEY]), Object.fromEntries(QUESTIONS.map((q) => [q.id, right(q)])));
  assert.ok(now.suspend.length < 4096, `SCORM 1.2 keeps 4096 characters of suspend_data: ${now.suspend.length}`);
  await checkHosting(first);

  // The student leaves: the frame closes, the lesson commits and finishes, keeping its state for next time.
  await page.evaluate(() => window.leave());
  await page.waitForFunction(() => window.API.isTerminated());
  now = await record(page);
  assert.deepEqual(now.calls.slice(-2), ['LMSCommit', 'LMSFinish']);
  assert.deepEqual(now.exits, ['suspend']);
  assert.equal(now.status, 'passed');
  assert.equal(JSON.parse(now.suspend)[QUIZ_KEY], kept[QUIZ_KEY]);
  await first.context.close();

  // Another computer (empty local storage): the platform starts the runtime with what it stored.
  const cmi = {
    core: { ...STUDENT, entry: 'resume', lesson_status: now.status, score: { raw: now.raw, min: now.min, max: now.max } },
    suspend_data: now.suspend,
    student_data: { mastery_score: mastery },
  };
  const second = await platform({ cmi });
  assert.equal(await second.frame.getAttribute('html', 'lang'), 'en');
  assert.equal(await field(second.frame, 'maxLen').inputValue(), '42');
  assert.match(await second.frame.evaluate(() => location.hash), /^#\/pe-matrix\?lang=en&maxLen=42&/);
  for (const q of QUESTIONS) {
    const set = second.frame.locator(`.lesson-quiz .quiz-question[data-question="${q.id}"]`);
    assert.equal(await set.locator(`input[value="${right(q)}"]`).isChecked(), true, q.id);
    assert.equal(await set.locator('.quiz-feedback').getAttribute('data-result'), 'right', q.id);
  }
  assert.equal(await second.frame.textContent('.lesson-quiz .quiz-progress'), progressText('en', 'progressPlatform', QUESTIONS.length));
  assert.equal((await record(second.page)).status, 'passed', 'a passed lesson stays passed');
  await checkHosting(second);
  await second.context.close();
});

test('on a shared computer the next student starts clean: answers another student left in this browser are not theirs', async () => {
  const first = await platform({ cmi: { core: STUDENT, student_data: { mastery_score: mastery } } });
  for (const q of QUESTIONS) await answerQuiz(first.frame, '.lesson-quiz', q.id, right(q));
  await first.page.evaluate(() => window.leave());
  await first.page.close();

  // Same browser, another student's first launch: empty suspend_data.
  const next = await platform({ cmi: { core: { student_id: 'student-2', student_name: 'Student, Two' }, student_data: { mastery_score: mastery } }, context: first });
  assert.equal(await next.frame.getAttribute('.lesson-quiz .quiz-progress', 'data-right'), '0');
  assert.equal(await next.frame.locator('.lesson-quiz input:checked').count(), 0);
  assert.equal(await next.frame.evaluate((key) => localStorage.getItem(`poslab:${key}`), QUIZ_KEY), null);
  const now = await record(next.page);
  assert.equal(now.status, 'incomplete');
  assert.equal(now.raw, '');
  await checkHosting(next);
  await first.context.close();
});

test('outside a platform (no SCORM API in any parent frame) the package\'s lesson is the plain lab: answers stay in this browser', async () => {
  const outside = await platform({ cmi: null });
  const { page, frame } = outside;
  assert.equal(await frame.getAttribute('html', 'data-scorm'), null);
  assert.equal(await page.evaluate(() => 'API' in window), false);
  const [q] = QUESTIONS;
  assert.equal(await answerQuiz(frame, '.lesson-quiz', q.id, right(q)), 'right');
  assert.equal(await frame.textContent('.lesson-quiz .quiz-progress'), progressText('es', 'progress', 1));
  assert.deepEqual(JSON.parse(await frame.evaluate((key) => localStorage.getItem(`poslab:${key}`), QUIZ_KEY)), { [q.id]: right(q) });
  await checkHosting(outside);
  // Opened again in this browser: the answer is still there, as in the lab on its own site.
  await page.evaluate(() => window.leave());
  const again = await platform({ cmi: null, context: outside });
  assert.equal(await again.frame.getAttribute('.lesson-quiz .quiz-progress', 'data-right'), '1');
  await checkHosting(again);
  await outside.context.close();
});
