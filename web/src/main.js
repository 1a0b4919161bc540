// main.js — starts the page: language, the view from the link, the kernel, the lesson; then keeps the link,
// the language switch and the lesson in step.
import './boot.js'; // first: the WebAssembly module starts downloading before the rest of the page's code runs
import './styles.css';
import { pickLanguage, setLanguage, language, languages, t, onLanguageChange, loadLessonStrings } from './i18n.js';
import { loadKernel, describeError } from './kernel.js';
import { parseHash, resolveParams, storedParams, saveView, storage, formatParam } from './state.js';
import { lessons, findLesson, lessonFromLink, movedLesson, kernelPart, loadLessonCode, loadLessonText } from './lessons.js';
import { renderMarkdown } from './markdown.js';
import { mountNotices, showNotice, clearNotices } from './ui/notices.js';
import { courseNav, coursePager, focusTitle, startOver } from './ui/course-nav.js';
import { embedFlags, embedPanel, focusFigure, readEmbed } from './embed.js';
import { startOffline } from './offline.js';
import { readTextSize, setLargeText, largeText } from './ui/text-size.js';
import { startScorm, keepScorm } from './scorm.js';

const $ = (id) => document.getElementById(id);
const article = $('lesson');
const languageSelect = $('language');

let current = null; // {lesson, code, handle, params}: the lesson on screen, null while the next one loads
// Each openLesson call takes the next number; one that wakes up from an await to find a newer number was
// overtaken by a later move and stops there, so only the lesson asked for last is ever mounted.
let navigation = 0;

let nav = null; // the lesson list and its narrow-screen menu (ui/course-nav.js)
// A move made inside the lab (lesson list, previous/next) brings back what the reader left in that lesson;
// a link from outside opens exactly what it says, the defaults for anything it leaves out (a clean link on a
// shared classroom computer does not show the previous student's values).
let movingInside = false;

function markCurrentLesson() {
  nav.mark(current ? current.lesson.id : null);
  if (current) document.title = `${t(`lessons.${current.lesson.id}.title`)} · poslab`;
}

function save() {
  if (!current) return;
  // A link just followed to another lesson (its hashchange not handled yet) must not be overwritten by a
  // redraw of the lesson being left: typing a seed and clicking "Previous" would otherwise stay put.
  // What the reader set in the lesson being left is still kept, for coming back to it.
  const view = { lesson: current.lesson.id, lang: language(), params: current.params, decls: current.code.params };
  const inLink = parseHash(location.hash).lesson;
  if (inLink && inLink !== current.lesson.id && findLesson(inLink)) {
    saveView(view, { link: false });
    return;
  }
  saveView(view, { flags: embedFlags() });
  keepScorm(current.lesson.id);
}

// The lesson text shown alone, before its lesson's code and the WebAssembly module arrived (showTextFirst):
// {lesson, lang}. renderText then moves the widgets into that text instead of rendering it again.
let bareText = null;

/**
 * A lesson's text alone, as soon as it has downloaded: it is HTML rendered at build time and needs neither the
 * lesson's code nor the module, which are still downloading. Only while the lesson asked for last is loading.
 */
async function showTextFirst(lesson, lang, ticket) {
  const text = await loadLessonText(lesson, lang);
  if (ticket !== navigation || current || language() !== lang) return; // mounted already, or left
  const html = renderMarkdown(text);
  article.replaceChildren(...html.childNodes);
  bareText = { lesson, lang };
  // A page's first Intl.NumberFormat loads the browser's number-formatting data (about 30 ms on a laptop, over
  // 100 ms on a phone), and Observable Plot makes one as its module starts, just before the first chart is
  // drawn: made now, while the page waits for the module and the charts' code, that time is off the way. Once
  // a page: the data stays loaded.
  if (numbersWarmed) return;
  numbersWarmed = true;
  (window.requestIdleCallback ?? setTimeout)(() => new Intl.NumberFormat('en-US').format(0));
}
let numbersWarmed = false;

/**
 * Lesson text in the current language, with the lesson's widgets moved into their <div data-slot> places and
 * its control panels arranged to stay in view of the figures they drive.
 */
async function renderText() {
  const shown = current;
  const lesson = shown.lesson;
  const lang = language();
  const text = await loadLessonText(lesson, lang); // HTML, rendered at build time
  if (current !== shown || language() !== lang) return; // a newer switch won the race
  // The text on screen already (showTextFirst), its nodes where they are: only the widgets go in.
  const early = bareText?.lesson === lesson && bareText.lang === lang;
  const html = early ? article : renderMarkdown(text);
  bareText = null;
  const widgets = current.handle ? current.handle.widgets : {};
  for (const [name, widget] of Object.entries(widgets)) {
    const slot = html.querySelector(`[data-slot="${name}"]`);
    (slot || html).append(widget);
  }
  // Control panels that drive figures further down stay in view over them (lesson-view.js).
  current.handle?.arrange?.(html);
  const pager = coursePager(lessons, lesson.id);
  const title = () => t(`lessons.${lesson.id}.title`);
  pager.append(startOver({ onLesson: startLessonOver, onLab: startLabOver }), embedPanel({ title, article }));
  if (early) article.append(pager);
  else article.replaceChildren(...html.childNodes, pager);
  // An embed of one figure (figure=<name>) shows only it and the panels that drive it.
  focusFigure(article, title);
}

/** Forgets what the current lesson kept (values, self-check answers) and shows its defaults. */
function startLessonOver() {
  if (!current) return; // the lesson on screen is being left for another
  storage.remove(`params:${current.lesson.id}`);
  for (const quiz of article.querySelectorAll('.quiz[data-storage-key]')) storage.remove(quiz.dataset.storageKey);
  reopen();
}

/** Forgets everything the lab kept in this browser, then shows the current lesson's defaults. */
function startLabOver() {
  for (const key of storage.keys()) storage.remove(key);
  reopen();
}

function reopen() {
  if (!current) return; // another lesson is opening: it shows its defaults, the storage being empty
  const lesson = current.lesson;
  history.replaceState(null, '', `#/${lesson.id}?lang=${language()}${embedFlags()}`);
  show(lesson, new URLSearchParams(), { restore: false });
}

function noticeForReset({ name, decl, raw, error }) {
  showNotice(() =>
    t('notices.reset', {
      param: name,
      label: t(decl.label),
      raw,
      reason: describeError(error),
      default: decl.kind === 'limit' && decl.default === 'all' ? t('notices.all') : formatParam(decl, decl.default),
    }),
  );
}

/**
 * Shows a lesson; `query` holds the link's parameters when the link named this lesson. restore: fill what the
 * link leaves out from what this browser kept for the lesson (a returning visitor, a move inside the lab).
 * unknown: the lesson the link asked for, when it does not exist (this one is shown instead, with a notice).
 * Only the latest call mounts its lesson: see `navigation`.
 */
async function openLesson(lesson, query, { restore, unknown = null }) {
  const ticket = ++navigation;
  const overtaken = () => ticket !== navigation;
  const moving = ticket > 1; // from another lesson: its notices go, and the new title comes into view
  if (current && current.handle) current.handle.destroy();
  current = null;
  if (moving) clearNotices();
  delete document.documentElement.dataset.lessonReady;
  // A text that fails to download here fails again in renderText, which reports it.
  showTextFirst(lesson, language(), ticket).catch(() => {});
  // The module this lesson needs, downloading with its code (started by boot.js for the first lesson).
  const kernelLoading = loadKernel(kernelPart(lesson));
  kernelLoading.catch(() => {}); // reported below, once the lesson's code is in
  // One turn first, in which the text's request leaves (Vite's loader sends a chunk's import a turn after the
  // call, but a chunk's dependencies at once): on a phone's few connections the small text goes ahead of the
  // lesson's code and its charts. The code and the lesson's strings download together; then the strings of
  // the lessons whose views it borrows (lesson.js: sharedStrings).
  await null;
  const [code] = await Promise.all([loadLessonCode(lesson), loadLessonStrings([lesson.folder])]);
  await loadLessonStrings(code.sharedStrings ?? []);
  if (overtaken()) return;
  if (unknown) showNotice(() => t('notices.unknownLesson', { raw: unknown }));
  const { values, resets } = resolveParams(code.params, query, restore ? storedParams(lesson.id) : new URLSearchParams());
  resets.forEach(noticeForReset);
  const opening = { lesson, code, handle: null, params: values };
  current = opening;
  markCurrentLesson();

  let kernel = null;
  let failure = null;
  try {
    kernel = await kernelLoading;
  } catch (err) {
    failure = err;
  }
  if (overtaken()) return;
  if (failure) {
    console.warn('poslab: the WebAssembly module did not load', failure);
    showNotice(() => t('app.loadFailed'), { kind: 'error' });
  }
  if (kernel) {
    opening.handle = code.mount({
      kernel,
      initial: values,
      save(params) {
        // A lesson left behind may still answer late (a worker's result): it no longer writes the link.
        if (current !== opening) return;
        opening.params = params;
        save();
      },
    });
  }
  await renderText();
  // A newer move destroyed this lesson's handle while its text loaded; it must not be started.
  if (overtaken()) return;
  $('loading').hidden = true;
  if (opening.handle) opening.handle.start();
  if (moving) focusTitle(article);
  // A marker for tests and screenshots: the lesson's text is in and its figures have been started.
  document.documentElement.dataset.lessonReady = lesson.id;
  save();
}

/** openLesson for the link's moves, whose failures (a lesson's code that did not load) become a notice. */
function show(lesson, query, options) {
  return openLesson(lesson, query, options).catch((err) => {
    console.error(err);
    showNotice(() => describeError(err), { kind: 'error' });
  });
}

function showKernelInfo(kernel) {
  const info = $('kernel-info');
  const write = () => {
    info.textContent = t(kernel.simd ? 'app.kernelSimd' : 'app.kernelScalar', { version: kernel.version });
  };
  document.documentElement.dataset.kernel = kernel.simd ? 'simd' : 'scalar';
  write();
  onLanguageChange(write);
}

/**
 * The link's lesson and query; a link written for a part of a lesson that has since moved to another lesson
 * (lessons.js, movedLesson) is rewritten to name that lesson, so the lesson opened also writes the link.
 */
function readLink() {
  const { lesson, query } = parseHash(location.hash);
  const moved = movedLesson(lesson, query);
  if (moved !== lesson) history.replaceState(null, '', `#/${moved}?${query}`);
  return { lesson: moved, query };
}

/** The link changed by hand or by Back/Forward (our own writes use replaceState and do not fire this). */
function onHashChange() {
  const { lesson: id, query } = readLink();
  let restore = movingInside;
  movingInside = false;
  readEmbed(query);
  const lang = query.get('lang');
  if (languages.includes(lang) && lang !== language()) switchLanguage(lang);
  if (!id) return; // a link without a lesson's name ("#/?lang=es"): the lesson on screen stays
  const { lesson, unknown } = lessonFromLink(id);
  // A link to no lesson says nothing about the first lesson's values: those this browser kept come back.
  const linkQuery = unknown ? new URLSearchParams() : query;
  if (unknown) restore = true;
  if (!current || lesson !== current.lesson) {
    show(lesson, linkQuery, { restore, unknown });
    return;
  }
  if (unknown) showNotice(() => t('notices.unknownLesson', { raw: unknown }));
  const { values, resets } = resolveParams(current.code.params, linkQuery, restore ? storedParams(lesson.id) : new URLSearchParams());
  resets.forEach(noticeForReset);
  if (current.handle) current.handle.setParams(values);
  if (unknown) save(); // the address names the lesson on screen again
}

function showTextSize() {
  $('text-size').setAttribute('aria-pressed', String(largeText()));
}

function switchLanguage(lang) {
  setLanguage(lang);
  languageSelect.value = lang;
  if (current) {
    markCurrentLesson();
    renderText();
    save();
  }
}

function start() {
  mountNotices($('notices'));
  // Launched as a lesson of a SCORM package: the link becomes the view the student left (scorm.js).
  startScorm({ shownLesson: () => current?.lesson.id });
  const { lesson: id, query } = readLink();
  readEmbed(query);
  readTextSize(query);
  showTextSize();

  const fromUrl = query.get('lang');
  setLanguage(pickLanguage(fromUrl, storage.get('lang')));
  languageSelect.value = language();
  if (fromUrl !== null && !languages.includes(fromUrl)) {
    showNotice(() => t('notices.badLanguage', { raw: fromUrl, lang: t(`languages.${language()}`) }));
  }

  // The link's parameters only count when the link names this lesson. Without a lesson in the link (the lab's
  // bare address) the visitor comes back to the lesson and the values this browser kept.
  const { lesson, unknown } = lessonFromLink(id);
  const named = id && !unknown;
  const linkQuery = named ? query : new URLSearchParams();
  // The lesson's text and code start downloading now; the rest of the page is set up while they do.
  const firstLesson = show(lesson, linkQuery, { restore: !named, unknown });

  nav = courseNav(lessons);
  // Downloading since boot.js ran: the build's name and version under the lesson.
  loadKernel(kernelPart(lesson)).then(showKernelInfo, () => {});

  languageSelect.addEventListener('change', () => switchLanguage(languageSelect.value));
  $('text-size').addEventListener('click', () => {
    setLargeText(!largeText());
    showTextSize();
    // Every figure is redrawn as on a language switch (same language): their text and margins grow.
    switchLanguage(language());
  });
  window.addEventListener('hashchange', onHashChange);
  // Links inside the lab (the lesson list, previous / next) are moves inside it: see movingInside.
  document.addEventListener('click', (event) => {
    if (event.target.closest('#lessons-nav a[href^="#/"], .lesson-pager a[href^="#/"]')) movingInside = true;
  });
  // The skip link focuses the lesson instead of writing "#main" over the view in the hash.
  document.querySelector('.skip-link').addEventListener('click', (event) => {
    event.preventDefault();
    $('main').focus();
  });

  // The offline copy (the whole site, ~4 MB) downloads once the first lesson is drawn, never before it.
  startOffline(firstLesson);
}

start();
