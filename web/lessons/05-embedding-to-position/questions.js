// The lesson's self-check: question and option ids (texts in strings.<lang>.json under embeddingToPosition.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order. The two questions with the
// longer options come first, so they share a row on a wide screen.
export const QUESTIONS = [
  { id: 'scale', options: [{ id: 'weigh', correct: true }, { id: 'unit', correct: false }, { id: 'required', correct: false }] },
  { id: 'seed', options: [{ id: 'generator', correct: true }, { id: 'rounding', correct: false }, { id: 'stored', correct: false }] },
  { id: 'same', options: [{ id: 'pe', correct: true }, { id: 'all', correct: false }, { id: 'none', correct: false }] },
  // Marked against the lab: self-check.test.mjs reads the table's first value at seed 1.
  { id: 'seedOne', options: [{ id: 'table', correct: true }, { id: 'seedZero', correct: false }, { id: 'randn', correct: false }] },
];
export const QUIZ_PREFIX = 'embeddingToPosition.quiz';
