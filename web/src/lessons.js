// lessons.js — the lesson registry, read from the folders themselves: a lesson is a folder
// web/lessons/NN-slug/ holding lesson.js, es.md, en.md and strings.{es,en}.json (its title under
// lessons.<slug>.title). NN orders the navigation; the slug is the lesson's id in URLs.
// import.meta.glob lets Vite find and split every lesson's code and text without a hand-written import each.
import { storage } from './state.js';

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
  { from: 'attention-biases', to: 'no-positions', params: ['tokens'], figures: ['nopos'] },
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

/**
 * The lesson a link's name opens (after movedLesson). A name that is no lesson (mistyped, or a lesson renamed
 * since) opens the first lesson, and `unknown` keeps the name for a notice; no name at all (the lab's bare
 * address) opens the lesson this browser last showed. boot.js asks too, to start that lesson's module first.
 */
export function lessonFromLink(id) {
  const lesson = findLesson(id);
  if (lesson) return { lesson, unknown: null };
  if (id) return { lesson: lessons[0], unknown: id };
  return { lesson: findLesson(storage.get('lesson')) || lessons[0], unknown: null };
}

// The lessons whose every kernel call the base module binds (positional encodings, attention, the requirements;
// CMakeLists.txt builds it): opened first, they wait for a third of the download. Every other lesson loads the
// whole module. tests/wasm/base-module.test.mjs checks each of these lessons' calls against the base module.
const BASE_MODULE = new Set(['why-order', 'formula-step-by-step', 'pe-matrix', 'pe-matrix-digits', 'distances', 'rope', 'no-positions']);

/** The module a lesson needs: 'base' or 'full' (kernel.js loadKernel). */
export function kernelPart(lesson) {
  return BASE_MODULE.has(lesson.id) ? 'base' : 'full';
}
