// A Vite plugin that writes the teachers' guide (web/teachers.html) at build time, in both languages, from
// the guide's own text (web/src/teachers/: guide.<lang>.md for the prose, plans.<lang>.json for each lesson's
// objectives, prompts and misconceptions, prerequisites.json) and from the lessons themselves: titles, the
// self-check's questions, answers and explanations, how many questions and interactive panels a lesson has,
// how long its text is and which source documents it quotes. Everything taken from the lessons is read
// again at every build, so the answer key and the timings follow the lessons and cannot drift from them.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import vm from 'node:vm';
import { Marked } from 'marked';
import { formatCount, formatNumber } from '../../web/src/format.js';

export const LANGUAGES = ['es', 'en'];

/**
 * The time estimate's rates, stated in the guide. Lesson text is technical (formulas, code, tables), read
 * more slowly than ordinary prose (200–250 words a minute); each interactive panel is something to try.
 */
export const RATES = { wordsPerMinute: 150, minutesPerPanel: 3, minutesPerQuestion: 1, roundTo: 5 };

const lessonsDir = (web) => join(web, 'lessons');

/**
 * The words of a lesson's Markdown: its tags, formulas' commands and punctuation left out; a number such as
 * 0.90 or a word such as self-attention counts once.
 */
export function countWords(markdown) {
  const text = markdown.replace(/<[^>]+>/g, ' ').replace(/\\[a-zA-Z]+/g, ' ');
  return (text.match(/[\p{L}\p{N}]+(?:[-'’.,][\p{L}\p{N}]+)*/gu) || []).length;
}

/** The interactive panels a lesson's text places (its data-slot placeholders), the self-check apart. */
export const panelSlots = (markdown) => [...markdown.matchAll(/data-slot="([^"]+)"/g)].map((m) => m[1]).filter((slot) => slot !== 'quiz');

/** Minutes of reading, panels and questions, and their sum rounded up to RATES.roundTo. */
export function estimate({ words, panels, questions }) {
  const reading = words / RATES.wordsPerMinute;
  const exact = reading + panels * RATES.minutesPerPanel + questions * RATES.minutesPerQuestion;
  return {
    reading: Math.max(1, Math.round(reading)),
    panels: panels * RATES.minutesPerPanel,
    questions: questions * RATES.minutesPerQuestion,
    total: Math.ceil(exact / RATES.roundTo) * RATES.roundTo,
  };
}

/**
 * The source documents (000–004) a lesson's text names: "document 002", "documents 001, 002 and 003",
 * "documentos 000 y 002", "documents 000 to 003" (a range).
 */
export function documentsNamed(markdown) {
  const found = new Set();
  for (const [list] of markdown.matchAll(/\bdocument(?:o|s|os)? 00\d(?:(?:,\s*(?:and\s+|y\s+)?|\s+(?:and|y|or|o|to|a)\s+)00\d)*/gi)) {
    const numbers = list.match(/00\d/g).map(Number);
    const range = /\b(?:to|a)\s+00\d$/.test(list);
    const [first, last] = [numbers[0], numbers[numbers.length - 1]];
    for (const n of range ? Array.from({ length: last - first + 1 }, (_, i) => first + i) : numbers) found.add(String(n).padStart(3, '0'));
  }
  return [...found].sort();
}

/**
 * A lesson's self-check as its questions.js defines it: {prefix, questions: [{id, options: [{id, correct}]}]}.
 * The file is read as text and only the QUESTIONS array literal (ids and booleans) is evaluated, so nothing of
 * the page has to run here. A lesson whose questions cannot be found stops the build.
 */
export async function readQuestions(folderPath) {
  const path = join(folderPath, 'questions.js');
  if (existsSync(path)) {
    const source = await readFile(path, 'utf8');
    const array = /\bQUESTIONS\s*=\s*(\[[\s\S]*?\n\]);/.exec(source);
    const prefix = /\bQUIZ_PREFIX\s*=\s*'([^']+)'/.exec(source);
    if (array && prefix) return { prefix: prefix[1], questions: vm.runInNewContext(`(${array[1]})`, {}) };
  }
  throw new Error(`${folderPath}: no self-check questions found (QUESTIONS and its prefix)`);
}

function lookup(strings, key) {
  const value = key.split('.').reduce((node, part) => (node == null ? undefined : node[part]), strings);
  if (typeof value !== 'string') throw new Error(`teachers' guide: missing string ${key}`);
  return value;
}

/** Every lesson, in course order, with what the guide needs from its folder, in both languages. */
export async function readLessons(web) {
  const folders = (await readdir(lessonsDir(web))).filter((name) => /^\d+-/.test(name)).sort();
  return Promise.all(
    folders.map(async (folder, index) => {
      const path = join(lessonsDir(web), folder);
      const id = folder.replace(/^\d+-/, '');
      const { prefix, questions } = await readQuestions(path);
      const code = await readFile(join(path, 'lesson.js'), 'utf8');
      const lesson = { id, number: index + 1, trains: /src\/training\//.test(code), questionIds: questions.map((q) => q.id), documents: [], byLang: {} };
      for (const lang of LANGUAGES) {
        const strings = JSON.parse(await readFile(join(path, `strings.${lang}.json`), 'utf8'));
        const markdown = await readFile(join(path, `${lang}.md`), 'utf8');
        const key = (question, part) => `${prefix}.${question.id}.${part}`;
        // A document named in either language's text (one of them may say "and 004" for "and document 004").
        lesson.documents = [...new Set([...lesson.documents, ...documentsNamed(markdown)])].sort();
        lesson.byLang[lang] = {
          title: lookup(strings, `lessons.${id}.title`),
          words: countWords(markdown),
          panels: panelSlots(markdown).length,
          questions: questions.map((q) => ({
            id: q.id,
            prompt: lookup(strings, key(q, 'prompt')),
            // The right answer first: a key is read answer first, then why the others are not.
            options: [...q.options]
              .sort((a, b) => Number(b.correct) - Number(a.correct))
              .map((o) => ({ id: o.id, correct: o.correct, text: lookup(strings, `${key(q, 'options')}.${o.id}`), why: lookup(strings, `${key(q, 'feedback')}.${o.id}`) })),
          })),
        };
      }
      return lesson;
    }),
  );
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** A catalogue string with {name} filled in; an entry {one, other} is picked by vars.count. */
function say(labels, lang, key, vars = {}) {
  let text = labels[key];
  if (text && typeof text === 'object') text = text[new Intl.PluralRules(lang).select(vars.count)] ?? text.other;
  if (typeof text !== 'string') throw new Error(`teachers' guide (${lang}): missing label ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name) => (vars[name] === undefined ? whole : vars[name]));
}

const lessonHref = (id, lang) => `./#/${id}?lang=${lang}`;

/** Renders the guide of one language: its Markdown, with the generated parts at their placeholders. */
export function renderGuide({ lang, markdown, plans, prerequisites, lessons }) {
  const { labels } = plans;
  const count = (n) => formatCount(n, lang);
  const marked = new Marked({
    gfm: true,
    renderer: {
      // Headings get ids (the contents list links to the h2s), prefixed by the language: both are on one page.
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        const slug = text.replace(/<[^>]+>|&[#\w]+;/g, '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
        return `<h${depth} id="${lang}-${slug}">${text}</h${depth}>\n`;
      },
    },
  });
  const inline = (text) => marked.parseInline(text);
  const lessonLink = (lesson) => `<a href="${lessonHref(lesson.id, lang)}">${count(lesson.number)}. ${escapeHtml(lesson.byLang[lang].title)}</a>`;
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const times = lessons.map((l) => estimate({ words: l.byLang[lang].words, panels: l.byLang[lang].panels, questions: l.questionIds.length }));
  const totalMinutes = times.reduce((sum, t) => sum + t.total, 0);

  const overview = () => {
    const head = ['overviewNumber', 'overviewLesson', 'overviewTime', 'overviewQuestions', 'overviewDocuments'].map((k) => `<th scope="col">${escapeHtml(say(labels, lang, k))}</th>`);
    const rows = lessons.map((lesson, i) => {
      const mine = lesson.byLang[lang];
      return `<tr data-lesson="${lesson.id}"><td>${count(lesson.number)}</td><td><a href="${lessonHref(lesson.id, lang)}">${escapeHtml(mine.title)}</a></td><td>${escapeHtml(say(labels, lang, 'minutes', { minutes: count(times[i].total) }))}</td><td>${count(lesson.questionIds.length)}</td><td>${lesson.documents.join(', ') || '—'}</td></tr>`;
    });
    const name = escapeHtml(say(labels, lang, 'overviewCaption'));
    return `<div class="table-scroll" tabindex="0" role="region" aria-label="${name}"><table class="text-table teachers-overview"><caption>${name}</caption><thead><tr>${head.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
  };

  const answerKey = (lesson) => {
    const questions = lesson.byLang[lang].questions;
    const items = questions.map((q) => {
      const options = q.options.map(
        (o) => `<li data-option="${escapeHtml(o.id)}" data-correct="${o.correct}"><strong>${escapeHtml(say(labels, lang, o.correct ? 'right' : 'wrong'))}</strong> <span class="teachers-option">${escapeHtml(o.text)}</span> <span class="teachers-why">${escapeHtml(o.why)}</span></li>`,
      );
      return `<li class="teachers-question" data-question="${escapeHtml(q.id)}"><p class="teachers-prompt">${escapeHtml(q.prompt)}</p><ul>${options.join('')}</ul></li>`;
    });
    const summary = say(labels, lang, 'answerKey', { count: questions.length, n: count(questions.length) });
    return `<details class="teachers-key" data-questions="${questions.length}"><summary>${escapeHtml(summary)}</summary><ol>${items.join('')}</ol></details>`;
  };

  const lessonPlan = (lesson, i) => {
    const plan = plans.lessons[lesson.id];
    if (!plan) throw new Error(`teachers' guide (${lang}): no plan for lesson ${lesson.id} in plans.${lang}.json`);
    const mine = lesson.byLang[lang];
    const time = times[i];
    const parts = [
      say(labels, lang, 'reading', { minutes: count(time.reading), words: count(mine.words) }),
      say(labels, lang, 'panels', { count: mine.panels, n: count(mine.panels), minutes: count(time.panels) }),
      say(labels, lang, 'questions', { count: lesson.questionIds.length, n: count(lesson.questionIds.length), minutes: count(time.questions) }),
    ];
    const timeText = say(labels, lang, 'about', { minutes: count(time.total), parts: parts.join('; ') }) + (lesson.trains ? say(labels, lang, 'training') : '');
    const before = (prerequisites[lesson.id] || []).map((id) => {
      if (!byId.has(id)) throw new Error(`teachers' guide: prerequisite ${id} of ${lesson.id} is not a lesson`);
      return `<li data-prerequisite="${id}">${lessonLink(byId.get(id))}</li>`;
    });
    const list = (key, items, tag = 'ul') => `<h4>${escapeHtml(say(labels, lang, key))}</h4><${tag} class="teachers-${key}">${items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`;
    const anchor = `${lang}-lesson-${lesson.id}`;
    return `<article class="teachers-lesson" id="${anchor}" data-lesson="${lesson.id}" aria-labelledby="${anchor}-title">
<h3 id="${anchor}-title">${lessonLink(lesson)}</h3>
<dl class="teachers-facts">
<dt>${escapeHtml(say(labels, lang, 'time'))}</dt><dd class="teachers-time" data-minutes="${time.total}" data-words="${mine.words}" data-panels="${mine.panels}" data-questions="${lesson.questionIds.length}">${escapeHtml(timeText)}</dd>
<dt>${escapeHtml(say(labels, lang, 'before'))}</dt><dd class="teachers-before">${before.length ? `<ul>${before.join('')}</ul>` : escapeHtml(say(labels, lang, 'startHere'))}</dd>
<dt>${escapeHtml(say(labels, lang, 'documents'))}</dt><dd class="teachers-documents">${lesson.documents.join(', ') || escapeHtml(say(labels, lang, 'noDocument'))}</dd>
</dl>
${list('objectives', plan.objectives)}
<h4>${escapeHtml(say(labels, lang, 'project'))}</h4><p class="teachers-project">${inline(plan.project)}</p>
${list('prompts', plan.prompts, 'ol')}
${list('misconceptions', plan.misconceptions)}
${answerKey(lesson)}
</article>`;
  };

  // The lessons that name a document, for the sources section.
  const quotedBy = (doc) => {
    const quoting = lessons.filter((l) => l.documents.includes(doc));
    return `<p class="teachers-quoted-by" data-document="${doc}">${escapeHtml(say(labels, lang, 'quotedBy'))} ${quoting.map((l) => `<a href="${lessonHref(l.id, lang)}" data-lesson="${l.id}">${count(l.number)}</a>`).join(', ')}.</p>`;
  };

  const values = {
    lessons: count(lessons.length),
    wordsPerMinute: count(RATES.wordsPerMinute),
    minutesPerPanel: count(RATES.minutesPerPanel),
    minutesPerQuestion: count(RATES.minutesPerQuestion),
    roundTo: count(RATES.roundTo),
    totalMinutes: count(totalMinutes),
    totalHours: formatNumber(Math.round((totalMinutes / 60) * 10) / 10, lang),
  };
  const filled = markdown.replace(/\{\{(\w+)\}\}/g, (whole, name) => {
    if (values[name] === undefined) throw new Error(`teachers' guide (${lang}): unknown value {{${name}}}`);
    return values[name];
  });
  let html = marked.parse(filled);
  const contents = [...html.matchAll(/<h2 id="([^"]+)">(.*?)<\/h2>/g)].map(([, id, text]) => `<li><a href="#${id}">${text}</a></li>`);
  html = html
    .replace('<!-- contents -->', `<nav class="teachers-contents" aria-label="${escapeHtml(say(labels, lang, 'contents'))}"><ul>${contents.join('')}</ul></nav>`)
    .replace('<!-- overview -->', overview())
    .replace('<!-- lessons -->', lessons.map(lessonPlan).join('\n'))
    .replace(/<!-- quoted-by (00\d) -->/g, (whole, doc) => quotedBy(doc));
  const left = /<!-- [a-z-]+(?: [^>]*)? -->/.exec(html);
  if (left) throw new Error(`teachers' guide (${lang}): placeholder ${left[0]} not filled`);
  return html;
}

/** The guide's HTML for each language: {es, en}. */
export async function buildGuide(web) {
  const lessons = await readLessons(web);
  const dir = join(web, 'src', 'teachers');
  const prerequisites = JSON.parse(await readFile(join(dir, 'prerequisites.json'), 'utf8'));
  const out = {};
  for (const lang of LANGUAGES) {
    const markdown = await readFile(join(dir, `guide.${lang}.md`), 'utf8');
    const plans = JSON.parse(await readFile(join(dir, `plans.${lang}.json`), 'utf8'));
    out[lang] = renderGuide({ lang, markdown, plans, prerequisites, lessons });
  }
  return out;
}

/** The plugin: fills <!-- teachers-guide:es --> and <!-- teachers-guide:en --> of web/teachers.html. */
export function teachersGuide() {
  let web;
  return {
    name: 'poslab-teachers-guide',
    configResolved(config) {
      web = config.root;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        if (!context.filename.endsWith('teachers.html')) return html;
        const guide = await buildGuide(web);
        return html.replace(/<!-- teachers-guide:(\w+) -->/g, (whole, lang) => guide[lang] ?? whole);
      },
    },
  };
}
