// lessons.js — the lesson registry. Adding a lesson = adding a folder web/lessons/NN-slug/ (es.md, en.md,
// lesson.js) and one entry below; its title goes in web/i18n/*.json under lessons.<id>.title.
// import.meta.glob lets Vite find and split every lesson's code and text without a hand-written import each.
const code = import.meta.glob('../lessons/*/lesson.js');
const texts = import.meta.glob('../lessons/*/*.md', { query: '?raw', import: 'default' });

export const lessons = [
  { id: 'pe-matrix', folder: '01-pe-matrix' },
];

export function findLesson(id) {
  return lessons.find((lesson) => lesson.id === id) || null;
}

/** The lesson's module: {params, mount(context)}; see lessons/01-pe-matrix/lesson.js. */
export function loadLessonCode(lesson) {
  return code[`../lessons/${lesson.folder}/lesson.js`]();
}

/** The lesson's Markdown in one language. */
export function loadLessonText(lesson, lang) {
  return texts[`../lessons/${lesson.folder}/${lang}.md`]();
}
