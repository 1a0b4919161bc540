// The lesson's self-check: question and option ids (texts in strings.<lang>.json under formulaSteps.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'fast', options: [{ id: 'first', correct: true }, { id: 'last', correct: false }, { id: 'equal', correct: false }] },
  { id: 'wavelength', options: [{ id: 'long', correct: true }, { id: 'tenk', correct: false }, { id: 'dmodel', correct: false }] },
  { id: 'rotation', options: [{ id: 'turn', correct: true }, { id: 'table', correct: false }, { id: 'linear', correct: false }] },
];
export const QUIZ_PREFIX = 'formulaSteps.quiz';
