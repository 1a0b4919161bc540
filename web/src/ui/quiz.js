// ui/quiz.js — a self-check quiz: each question is a group of radio buttons and a "Check" button; the answer
// gets feedback (right or not, and why) in the reader's language. Nothing is recorded or sent anywhere.
import { t } from '../i18n.js';
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
 * questions: [{id, options: [{id, correct}]}]; texts come from `${prefix}.${question}.prompt`,
 * `${prefix}.${question}.options.${option}` and `${prefix}.${question}.feedback.${option}`;
 * `${prefix}.check`, `${prefix}.right`, `${prefix}.wrong` and `${prefix}.choose` are shared.
 */
export function quiz({ prefix, questions }) {
  const element = document.createElement('div');
  element.className = 'quiz';
  const parts = questions.map((question) => {
    const name = `quiz-${++counter}`;
    const fieldset = document.createElement('fieldset');
    fieldset.className = 'quiz-question';
    fieldset.dataset.question = question.id;
    const legend = document.createElement('legend');
    fieldset.append(legend);
    const options = orderedOptions(question).map((option) => {
      const label = document.createElement('label');
      label.className = 'quiz-option';
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = name;
      radio.value = option.id;
      const text = document.createElement('span');
      label.append(radio, text);
      fieldset.append(label);
      return { option, radio, text };
    });
    const check = document.createElement('button');
    check.type = 'button';
    check.className = 'quiz-check';
    const feedback = document.createElement('p');
    feedback.className = 'quiz-feedback';
    feedback.setAttribute('aria-live', 'polite');
    fieldset.append(check, feedback);
    let answered = null; // the option checked last, so feedback can be re-said in another language
    const say = () => {
      if (!answered) {
        feedback.textContent = answered === null ? '' : t(`${prefix}.choose`);
        feedback.dataset.result = '';
        return;
      }
      const verdict = answered.correct ? t(`${prefix}.right`) : t(`${prefix}.wrong`);
      feedback.textContent = `${verdict} ${t(`${prefix}.${question.id}.feedback.${answered.id}`)}`;
      feedback.dataset.result = answered.correct ? 'right' : 'wrong';
    };
    check.addEventListener('click', () => {
      const picked = options.find((o) => o.radio.checked);
      answered = picked ? picked.option : false;
      say();
    });
    const relabel = () => {
      legend.textContent = t(`${prefix}.${question.id}.prompt`);
      check.textContent = t(`${prefix}.check`);
      for (const { option, text } of options) text.textContent = t(`${prefix}.${question.id}.options.${option.id}`);
      say();
    };
    return { fieldset, relabel };
  });
  element.append(...parts.map((p) => p.fieldset));
  const relabel = () => parts.forEach((p) => p.relabel());
  relabel();
  return { element, relabel };
}
