// The lesson's self-check (ALiBi, T5 and no positions; "heads" is answered by setting 12 heads and reading the
// table of slopes): question and option ids (texts in strings.<lang>.json under biases.quiz); `correct` marks the
// right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'alibi', options: [{ id: 'none', correct: true }, { id: 'table', correct: false }, { id: 'slopes', correct: false }] },
  { id: 't5', options: [{ id: 'far', correct: true }, { id: 'near', correct: false }, { id: 'sign', correct: false }] },
  { id: 'nopos', options: [{ id: 'mask', correct: true }, { id: 'nothing', correct: false }, { id: 'both', correct: false }] },
  { id: 'heads', options: [{ id: 'h9', correct: true }, { id: 'h1', correct: false }, { id: 'h12', correct: false }] },
];
export const QUIZ_PREFIX = 'biases.quiz';
