// The lesson's self-check: question and option ids (texts in strings.<lang>.json under w2v.quiz); `correct`
// marks the right option. ui/quiz.js shows the options in a fixed, varied order. `moves` asks the reader to use
// the lab: its right option is the similarity that the page shows changing the most between positions 2–3 and
// 2–200 (self-check.test.mjs holds the two together).
export const QUESTIONS = [
  { id: 'position', options: [{ id: 'fixed', correct: true }, { id: 'trained', correct: false }, { id: 'words', correct: false }] },
  { id: 'pitfall', options: [{ id: 'same', correct: true }, { id: 'equal', correct: false }, { id: 'bug', correct: false }] },
  { id: 'moves', options: [{ id: 'word', correct: false }, { id: 'combined', correct: false }, { id: 'position', correct: true }] },
];
export const QUIZ_PREFIX = 'w2v.quiz';
