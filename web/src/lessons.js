// lessons.js — the lesson registry, read from the folders themselves: a lesson is a folder
// web/lessons/NN-slug/ holding lesson.js, es.md, en.md and strings.{es,en}.json (its title under
// lessons.<slug>.title). NN orders the navigation; the slug is the lesson's id in URLs.
// import.meta.glob lets Vite find and split every lesson's code and text without a hand-written import each.
const code = import.meta.glob('../lessons/*/lesson.js');
// Each text arrives as HTML, rendered at build time (scripts/vite/lesson-markdown.mjs).
const texts = import.meta.glob('../lessons/*/*.md', { query: '?html', import: 'default' });

export const lessons = Object.keys(code)
  .map((path) => path.split('/')[2])
  .sort()
  .map((folder) => ({ id: folder.replace(/^\d+-/, ''), folder }));

// Lessons split in two: a link into `from` that names one of `params` or shows one of `figures` alone
// (embed.js, figure=NAME) was written before the split, for what now lives in `to`, and opens `to` with its values.
const MOVES = [
  { from: 'pe-matrix', to: 'pe-matrix-digits', params: ['rows', 'cmpLenA', 'cmpDA', 'cmpLenB', 'cmpDB'], figures: ['values', 'halves', 'layouts', 'compare'] },
  { from: 'embedding-to-position', to: 'positional-module', params: ['modSeed', 'modBatch', 'modSeq', 'modD', 'modMaxLen', 'modP', 'modMode'], figures: ['module'] },
];

/** The lesson a link to `id` with this query opens: `id` itself, or the lesson its parameters or figure moved to. */
export function movedLesson(id, query) {
  const move = MOVES.find((m) => m.from === id && (m.params.some((name) => query.has(name)) || m.figures.includes(query.get('figure'))));
  return move ? move.to : id;
}

export function findLesson(id) {
  return lessons.find((lesson) => lesson.id === id) || null;
}

/** The lesson's module: {params, mount(context)}; see lessons/03-pe-matrix/lesson.js. */
export function loadLessonCode(lesson) {
  return code[`../lessons/${lesson.folder}/lesson.js`]();
}

/** The lesson's text in one language, as HTML. */
export function loadLessonText(lesson, lang) {
  return texts[`../lessons/${lesson.folder}/${lang}.md`]();
}
