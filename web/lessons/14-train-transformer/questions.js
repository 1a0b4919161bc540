// The lesson's self-check (the questions the presets set up; "relative" is answered by training preset 2 and
// reading the accuracy table): question and option ids (texts in strings.<lang>.json under train.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'none', options: [{ id: 'multiset', correct: true }, { id: 'slow', correct: false }, { id: 'perfect', correct: false }] },
  { id: 'relative', options: [{ id: 't5', correct: true }, { id: 'rope', correct: false }, { id: 'alibi', correct: false }] },
  { id: 'causal', options: [{ id: 'anchor', correct: true }, { id: 'same', correct: false }, { id: 'worse', correct: false }] },
  { id: 'control', options: [{ id: 'equal', correct: true }, { id: 'fails', correct: false }, { id: 'better', correct: false }] },
];
export const QUIZ_PREFIX = 'train.quiz';
