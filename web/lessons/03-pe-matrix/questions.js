// The lesson's self-check: question and option ids (texts in strings.<lang>.json under peMatrix.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'row', options: [{ id: 'positions', correct: true }, { id: 'dims', correct: false }, { id: 'words', correct: false }] },
  { id: 'extend', options: [{ id: 'same', correct: true }, { id: 'shift', correct: false }, { id: 'all', correct: false }] },
  { id: 'loop', options: [{ id: 'faster', correct: true }, { id: 'same', correct: false }, { id: 'random', correct: false }] },
  // Marked against the lab: self-check.test.mjs reads row 1 of the table after the notebook's button.
  { id: 'notebookRow', options: [{ id: 'sin', correct: true }, { id: 'cos', correct: false }, { id: 'zero', correct: false }] },
];
export const QUIZ_PREFIX = 'peMatrix.quiz';
