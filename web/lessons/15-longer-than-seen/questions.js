// The lesson's self-check (what the trained runs show past L; "twice" is answered by training the six methods and
// reading the table at 2L): question and option ids (texts in strings.<lang>.json under longer.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'learned', options: [{ id: 'rows', correct: true }, { id: 'zero', correct: false }, { id: 'fine', correct: false }] },
  { id: 'sinusoid', options: [{ id: 'unseen', correct: true }, { id: 'guaranteed', correct: false }, { id: 'broken', correct: false }] },
  { id: 'alibi', options: [{ id: 'distance', correct: true }, { id: 'params', correct: false }, { id: 'luck', correct: false }] },
  { id: 'twice', options: [{ id: 'alibi', correct: true }, { id: 'sinusoidal', correct: false }, { id: 'rope', correct: false }] },
];
export const QUIZ_PREFIX = 'longer.quiz';
