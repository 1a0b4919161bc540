// The lesson's self-check (RoPE's self-check: the checklist that closes the course notes, and one question the
// student answers by setting the base in the lab): question and option ids (texts in strings.<lang>.json under
// rope.quiz); `correct` marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'why', options: [{ id: 'shuffled', correct: true }, { id: 'crash', correct: false }, { id: 'same', correct: false }] },
  { id: 'sinusoidal', options: [{ id: 'first', correct: true }, { id: 'last', correct: false }, { id: 'equal', correct: false }] },
  { id: 'implement', options: [{ id: 'pairs', correct: true }, { id: 'full', correct: false }, { id: 'vector', correct: false }] },
  { id: 'alternatives', options: [{ id: 'rotate', correct: true }, { id: 'learned', correct: false }, { id: 'multiply', correct: false }] },
  { id: 'base', options: [{ id: 'constant', correct: true }, { id: 'varies', correct: false }, { id: 'flat', correct: false }] },
];
export const QUIZ_PREFIX = 'rope.quiz';
