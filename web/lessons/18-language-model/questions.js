// The lesson's self-check: question and option ids (texts in strings.<lang>.json under lm.quiz); `correct` marks
// the right option. ui/quiz.js shows the options in a fixed, varied order. `measure` asks the student to read the
// lab's own figure: its right option is the method the lab measured (checked by the lesson's test).
export const QUESTIONS = [
  { id: 'perplexity', options: [{ id: 'choices', correct: true }, { id: 'errors', correct: false }, { id: 'length', correct: false }] },
  { id: 'sinusoid', options: [{ id: 'unseen', correct: true }, { id: 'formula', correct: false }, { id: 'overfit', correct: false }] },
  { id: 'learned', options: [{ id: 'rows', correct: false }, { id: 'zeros', correct: false }, { id: 'norow', correct: true }] },
  { id: 'measure', options: [{ id: 'alibi', correct: true }, { id: 'sinusoidal', correct: false }, { id: 'rope', correct: false }] },
];
export const QUIZ_PREFIX = 'lm.quiz';
