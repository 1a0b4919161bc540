// The lesson's self-check: question and option ids (texts in strings.<lang>.json under peMatrix.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'row', options: [{ id: 'positions', correct: true }, { id: 'dims', correct: false }, { id: 'words', correct: false }] },
  { id: 'loop', options: [{ id: 'faster', correct: true }, { id: 'same', correct: false }, { id: 'random', correct: false }] },
  { id: 'fast', options: [{ id: 'first', correct: true }, { id: 'last', correct: false }, { id: 'same', correct: false }] },
];
export const QUIZ_PREFIX = 'peMatrix.quiz';
