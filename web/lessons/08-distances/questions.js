// The lesson's self-check: question and option ids (texts in strings.<lang>.json under distances.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order. `oneHand` asks the reader to use
// the lab: its right option is the pair the page's verdict names closer at d_model = 2 (self-check.test.mjs
// holds the two together).
export const QUESTIONS = [
  { id: 'closer', options: [{ id: 'near', correct: true }, { id: 'far', correct: false }, { id: 'equal', correct: false }] },
  { id: 'oneHand', options: [{ id: 'near', correct: false }, { id: 'far', correct: true }, { id: 'equal', correct: false }] },
  { id: 'diagonal', options: [{ id: 'offset', correct: true }, { id: 'random', correct: false }, { id: 'first', correct: false }] },
  { id: 'far', options: [{ id: 'merge', correct: true }, { id: 'nan', correct: false }, { id: 'repeat', correct: false }] },
];
export const QUIZ_PREFIX = 'distances.quiz';
