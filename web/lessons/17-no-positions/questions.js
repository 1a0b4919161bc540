// The lesson's self-check ("share" is answered by setting 8 tokens and reading the first token's share at
// position 3): question and option ids (texts in strings.<lang>.json under noPositions.quiz); `correct` marks the
// right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'nopos', options: [{ id: 'mask', correct: true }, { id: 'nothing', correct: false }, { id: 'both', correct: false }] },
  { id: 'share', options: [{ id: 'quarter', correct: true }, { id: 'eighth', correct: false }, { id: 'third', correct: false }] },
  { id: 'first', options: [{ id: 'bos', correct: true }, { id: 'count', correct: false }, { id: 'mask', correct: false }] },
];
export const QUIZ_PREFIX = 'noPositions.quiz';
