// The lesson's self-check: question and option ids (texts in strings.<lang>.json under sameToken.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'scaled', options: [{ id: 'near', correct: true }, { id: 'half', correct: false }, { id: 'zero', correct: false }] },
  { id: 'unscaled', options: [{ id: 'balance', correct: true }, { id: 'noise', correct: false }, { id: 'bug', correct: false }] },
  { id: 'index', options: [{ id: 'grows', correct: true }, { id: 'small', correct: false }, { id: 'negative', correct: false }] },
];
export const QUIZ_PREFIX = 'sameToken.quiz';
