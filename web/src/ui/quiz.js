// ui/quiz.js — a self-check quiz: each question is a group of radio buttons and a "Check" button; the answer
// gets feedback (right or not, and why) in the reader's language. The answers stay in this browser; only a
// lesson launched from a course platform's SCORM package also sends them, and its score, to the platform
// (scorm.js).
import { t, has } from '../i18n.js';
import { storage } from '../state.js';
import { recordsAnswers, answersChecked } from '../scorm.js';
import './quiz.css';

let counter = 0;

/**
 * The options in the order shown: the right one moved to a place fixed by the question's id, so it is not
 * always first, and a reader who reloads or switches language finds it where it was.
 */
export function orderedOptions(question) {
  const { options } = question;
  let hash = 0;
  for (const char of String(question.id)) hash = (hash * 31 + char.codePointAt(0)) >>> 0;
  const shift = (hash % options.length) - options.findIndex((o) => o.correct);
  return options.map((_, i) => options[(((i - shift) % options.length) + options.length) % options.length]);
}

/**
 * The answers kept under key: an object of question id → option id. Anything else found there (text that is
 * not JSON, a number, a list: written by hand, by another page or by an older lab) is forgotten, since the
 * answers checked from now on are written into this object.
 */
function savedAnswers(key) {
  let value = null;
  try {
    value = JSON.parse(storage.get(key));
  } catch {
    /* not JSON */
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/**
 * questions: [{id, options: [{id, correct}]}]; texts come from `${prefix}.${question}.prompt`,
 * `${prefix}.${question}.options.${option}` and `${prefix}.${question}.feedback.${option}`;
 * `${prefix}.check`, `${prefix}.right`, `${prefix}.wrong` and `${prefix}.choose` are shared (the catalogue's
 * quiz.* when the lesson has none). The answers checked are kept in local storage under the prefix, so a
 * reader who comes back finds them, with their feedback and the count of right answers.
 */
export function quiz({ prefix, questions }) {
  const element = document.createElement('div');
  element.className = 'quiz';
  const shared = (key) => t(has(`${prefix}.${key}`) ? `${prefix}.${key}` : `quiz.${key}`);
  const storageKey = `quiz:${prefix}`;
  element.dataset.storageKey = storageKey; // "start over" clears the answers of the quizzes on the page
  const recorded = recordsAnswers(storageKey); // before reading: in a platform, stale answers are forgotten
  const saved = savedAnswers(storageKey);
  const progress = document.createElement('p');
  progress.className = 'quiz-progress';
  progress.setAttribute('aria-live', 'polite');
  // The questions whose kept answer is one of their options and passes `test` (any answer, or the right one).
  const keptAnswers = (test = () => true) => questions.filter((q) => q.options.some((o) => o.id === saved[q.id] && test(o))).length;
  const answeredRight = () => keptAnswers((o) => o.correct);
  const sayProgress = () => {
    const right = answeredRight();
    progress.textContent = t(recorded ? 'quiz.progressPlatform' : 'quiz.progress', { right, total: questions.length });
    progress.dataset.right = String(right);
  };
  const parts = questions.map((question) => {
    const name = `quiz-${++counter}`;
    const fieldset = document.createElement('fieldset');
    fieldset.className = 'quiz-question';
    fieldset.dataset.question = question.id;
    const legend = document.createElement('legend');
    // The options and their "Check" button side by side where there is room (quiz.css), so a lesson's
    // self-check takes a line less per question.
    const answer = document.createElement('div');
    answer.className = 'quiz-answer';
    const choices = document.createElement('div');
    choices.className = 'quiz-options';
    answer.append(choices);
    fieldset.append(legend, answer);
    const options = orderedOptions(question).map((option) => {
      const label = document.createElement('label');
      label.className = 'quiz-option';
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = name;
      radio.value = option.id;
      const text = document.createElement('span');
      label.append(radio, text);
      choices.append(label);
      return { option, radio, text };
    });
    const check = document.createElement('button');
    check.type = 'button';
    check.className = 'quiz-check';
    const feedback = document.createElement('p');
    feedback.className = 'quiz-feedback';
    feedback.setAttribute('aria-live', 'polite');
    answer.append(check);
    fieldset.append(feedback);
    let answered = null; // the option checked last, so feedback can be re-said in another language
    const say = () => {
      if (!answered) {
        feedback.textContent = answered === null ? '' : shared('choose');
        feedback.dataset.result = '';
        return;
      }
      const verdict = answered.correct ? shared('right') : shared('wrong');
      feedback.textContent = `${verdict} ${t(`${prefix}.${question.id}.feedback.${answered.id}`)}`;
      feedback.dataset.result = answered.correct ? 'right' : 'wrong';
    };
    check.addEventListener('click', () => {
      const picked = options.find((o) => o.radio.checked);
      answered = picked ? picked.option : false;
      if (picked) {
        saved[question.id] = picked.option.id;
        storage.set(storageKey, JSON.stringify(saved));
        answersChecked(storageKey, { right: answeredRight(), answered: keptAnswers(), total: questions.length });
      }
      say();
      sayProgress();
    });
    // An answer checked on an earlier visit comes back with its feedback.
    const earlier = options.find((o) => o.option.id === saved[question.id]);
    if (earlier) {
      earlier.radio.checked = true;
      answered = earlier.option;
    }
    const relabel = () => {
      legend.textContent = t(`${prefix}.${question.id}.prompt`);
      check.textContent = shared('check');
      for (const { option, text } of options) text.textContent = t(`${prefix}.${question.id}.options.${option.id}`);
      say();
    };
    return { fieldset, relabel };
  });
  // The questions side by side where two fit (quiz.css), so a self-check is half as tall on a wide screen.
  const grid = document.createElement('div');
  grid.className = 'quiz-questions';
  grid.append(...parts.map((p) => p.fieldset));
  element.append(grid, progress);
  const relabel = () => {
    parts.forEach((p) => p.relabel());
    sayProgress();
  };
  relabel();
  return { element, relabel };
}

/** A lesson's self-check as a titled panel ("Check yourself"): { element, relabel }. */
export function quizPanel({ prefix, questions }) {
  const check = quiz({ prefix, questions });
  const element = document.createElement('section');
  element.className = 'panel lesson-quiz';
  const title = document.createElement('h2');
  title.className = 'panel-title';
  element.append(title, check.element);
  const relabel = () => {
    title.textContent = t('quiz.title');
    check.relabel();
  };
  relabel();
  return { element, relabel };
}
