// Lesson 14 — train a transformer. Up to three runs of the lab's TinyTransformer, one positional method each,
// train side by side, each in its own Web Worker (kernel.createTransformerRun); four presets set up the
// experiments the text asks the student to predict; the page draws their curves and asks the trained runs about
// the student's own sequence. No maths here: the workers' module computes it all.
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { quizPanel } from '../../src/ui/quiz.js';
import { parseSequence } from '../../src/training/tasks.js';
import { trainingLesson } from '../../src/training/training-lesson.js';
import { LEARNING_RATE, SYMBOLS } from '../../src/training/methods.js';
import { params, trainingParams, presets } from './params.js';
import { inspectView } from './inspect-view.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

// Typed sequences may be longer than the training length (up to this): the answer then shows what a method
// does with lengths it never saw (lesson 15 measures it).
const LONGEST_INPUT = 12;
const EXAMPLE = '314159265358';

export function mount({ initial, save }) {
  const inspect = inspectView({ onValue: (name, value) => lesson.propose(name, value) });
  const check = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  const lesson = trainingLesson({
    initial, save, params, trainingParams, prefix: 'train.fields', presets,
    layout: [['task', 'select'], ['mode', 'select'], ['a', 'select'], ['b', 'select'], ['c', 'select'], ['length', 'slider'], ['shift', 'slider'], ['size', 'select'], ['steps', 'text'], ['seed', 'text']],
    settings: (view, method) => ({
      task: view.task, positional: method, causal: view.mode === 'causal', size: view.size, symbols: SYMBOLS,
      minLength: view.length, maxLength: view.length, testLength: LONGEST_INPUT, shift: view.shift, lr: LEARNING_RATE, seed: view.seed,
    }),
    evalLengths: (view) => [view.length],
    afterTrain: () => askAll(),
    // The student's sequence or the answers shown changed: ask the trained runs again.
    onOther: () => scheduleAsk(),
    extraFields: inspect.fields,
    relabel() {
      inspect.relabel();
      check.relabel();
      scheduleAsk();
    },
  });
  const { view, runs } = lesson;

  let asking = 0;
  /** The student's sequence through every trained run. */
  async function askAll() {
    const mine = ++asking;
    const trained = runs.trained(lesson.active());
    if (!trained.length) {
      inspect.draw(null);
      return;
    }
    const text = view.input || EXAMPLE.slice(0, view.length);
    let xs;
    try {
      xs = parseSequence(text, { symbols: SYMBOLS, maxLength: LONGEST_INPUT });
      inspect.fields.input.showError(null);
    } catch (err) {
      inspect.fields.input.showError(err);
      return;
    }
    const names = runs.runs[trained[0]].info.vocabulary.tokenNames;
    const answers = await Promise.all(trained.map(async (id) => {
      const method = runs.runs[id].method;
      try {
        const p = await runs.ask(id, 'predict', { xs });
        const wrongCount = p.answer.filter((v, i) => v !== p.expected[i]).length;
        return { id, method, ...p, right: wrongCount === 0, wrongCount };
      } catch (err) {
        return { id, method, error: describeError(err) };
      }
    }));
    if (mine !== asking) return;
    const expected = answers.find((a) => a.expected)?.expected ?? [];
    inspect.draw({ names, input: xs, expected, runs: answers, shown: view.show });
  }
  const scheduleAsk = perFrame(() => askAll());
  inspect.draw(null);

  // The setup's fields change what Train draws in the curves; the inspect panel's, what it shows.
  return lesson.lifecycle({ setup: lesson.setup.element, curves: lesson.curves.element, inspect: inspect.element, quiz: check.element }, { setup: ['curves'], inspect: ['inspect'] });
}
