// The lesson's self-check: question and option ids (texts in strings.<lang>.json under textToTokens.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'count', options: [{ id: 'four', correct: true }, { id: 'two', correct: false }, { id: 'thirteen', correct: false }] },
  { id: 'stride', options: [{ id: 'no', correct: true }, { id: 'yes', correct: false }, { id: 'half', correct: false }] },
  { id: 'targets', options: [{ id: 'shifted', correct: true }, { id: 'same', correct: false }, { id: 'reversed', correct: false }] },
];
export const QUIZ_PREFIX = 'textToTokens.quiz';
