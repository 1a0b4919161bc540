// The lesson's self-check: question and option ids (texts in strings.<lang>.json under learnedPositions.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'before', options: [{ id: 'noise', correct: true }, { id: 'sines', correct: false }, { id: 'zeros', correct: false }] },
  { id: 'mismatch', options: [{ id: 'error', correct: true }, { id: 'cut', correct: false }, { id: 'zero', correct: false }] },
  { id: 'beyond', options: [{ id: 'none', correct: true }, { id: 'last', correct: false }, { id: 'sine', correct: false }] },
];
export const QUIZ_PREFIX = 'learnedPositions.quiz';
