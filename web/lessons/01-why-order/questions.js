// The lesson's self-check: question and option ids (texts in strings.<lang>.json under whyOrder.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'swap', options: [{ id: 'same', correct: true }, { id: 'changes', correct: false }, { id: 'zero', correct: false }] },
  { id: 'pe', options: [{ id: 'input', correct: true }, { id: 'weights', correct: false }, { id: 'random', correct: false }] },
  { id: 'mask', options: [{ id: 'no', correct: true }, { id: 'yes', correct: false }, { id: 'long', correct: false }] },
];
export const QUIZ_PREFIX = 'whyOrder.quiz';
