// The lesson's self-check: question and option ids (texts in strings.<lang>.json under padding.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'padRow', options: [{ id: 'position', correct: true }, { id: 'zeros', correct: false }, { id: 'repeat', correct: false }] },
  { id: 'noMask', options: [{ id: 'padding', correct: true }, { id: 'nothing', correct: false }, { id: 'before', correct: false }] },
  { id: 'withMask', options: [{ id: 'same', correct: true }, { id: 'shifted', correct: false }, { id: 'zero', correct: false }] },
];
export const QUIZ_PREFIX = 'padding.quiz';
