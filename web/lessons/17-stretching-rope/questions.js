// The lesson's self-check (what stretching gives up; "turned" is answered by pressing a preset and reading the
// wavelength chart's note): question and option ids (texts in strings.<lang>.json under stretch.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'unseen', options: [{ id: 'slow', correct: true }, { id: 'fast', correct: false }, { id: 'all', correct: false }] },
  { id: 'linear', options: [{ id: 'squeeze', correct: true }, { id: 'new', correct: false }, { id: 'free', correct: false }] },
  { id: 'yarn', options: [{ id: 'mix', correct: true }, { id: 'base', correct: false }, { id: 'train', correct: false }] },
  { id: 'turned', options: [{ id: 'p46', correct: true }, { id: 'p64', correct: false }, { id: 'p32', correct: false }] },
];
export const QUIZ_PREFIX = 'stretch.quiz';
