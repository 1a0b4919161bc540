// The lesson's self-check: question and option ids (texts in strings.<lang>.json under positionalModule.quiz);
// `correct` marks the right option. ui/quiz.js shows the options in a fixed, varied order.
export const QUESTIONS = [
  { id: 'buffer', options: [{ id: 'travels', correct: true }, { id: 'eval', correct: false }, { id: 'trained', correct: false }] },
  { id: 'rows', options: [{ id: 'first', correct: true }, { id: 'all', correct: false }, { id: 'sampled', correct: false }] },
  // Marked against the lab: self-check.test.mjs reads how many values the module panel says dropout zeroed.
  { id: 'dropped', options: [{ id: 'drawn', correct: true }, { id: 'tenth', correct: false }, { id: 'none', correct: false }] },
  { id: 'mode', options: [{ id: 'output', correct: true }, { id: 'buffer', correct: false }, { id: 'batch', correct: false }] },
];
export const QUIZ_PREFIX = 'positionalModule.quiz';
