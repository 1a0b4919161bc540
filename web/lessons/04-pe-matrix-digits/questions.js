// The lesson's self-check: question and option ids (texts in strings.<lang>.json under peMatrixDigits.quiz);
// `correct` marks the right option. ui/quiz.js shows the options in a fixed, varied order. The two questions
// with the longer options come first, so they share a row on a wide screen.
export const QUESTIONS = [
  // Marked against the lab: self-check.test.mjs reads the half's shape in its title after the textbook's
  // button…
  { id: 'halves', options: [{ id: 'half', correct: true }, { id: 'whole', correct: false }, { id: 'rows', correct: false }] },
  { id: 'extend', options: [{ id: 'same', correct: true }, { id: 'shift', correct: false }, { id: 'all', correct: false }] },
  // …and row 1 of the table after the notebook's.
  { id: 'notebookRow', options: [{ id: 'sin', correct: true }, { id: 'cos', correct: false }, { id: 'zero', correct: false }] },
];
export const QUIZ_PREFIX = 'peMatrixDigits.quiz';
