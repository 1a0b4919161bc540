// Lesson 15 — longer than it has seen. Up to six causal runs, one per positional method, train on lengths
// 2 … trainMax (runSet, one worker each, as many at a time as the machine has cores) and are then measured on
// held-out sequences of every length up to 2·trainMax. No maths here.
import { quizPanel } from '../../src/ui/quiz.js';
import { trainingLesson } from '../../src/training/training-lesson.js';
import { LEARNING_RATE, SYMBOLS } from '../../src/training/methods.js';
import { params, trainingParams, presets, RUN_IDS } from './params.js';
import { lengthView } from './length-view.js';
import { QUESTIONS, QUIZ_PREFIX } from './questions.js';

export { params };

/** The training views (web/src/training) speak with lesson 14's strings. */
export const sharedStrings = ['14-train-transformer'];

export function mount({ initial, save }) {
  const result = lengthView();
  const check = quizPanel({ prefix: QUIZ_PREFIX, questions: QUESTIONS });

  const lesson = trainingLesson({
    initial, save, params, trainingParams, prefix: 'longer.fields', runs: RUN_IDS, presets,
    layout: [['task', 'select'], ...RUN_IDS.map((id) => [id, 'select']), ['trainMax', 'slider'], ['size', 'select'], ['steps', 'text'], ['seed', 'text']],
    settings: (view, method) => ({
      task: view.task, positional: method, causal: true, size: view.size, symbols: SYMBOLS, minLength: 2,
      maxLength: view.trainMax, testLength: 2 * view.trainMax, shift: 1, lr: LEARNING_RATE, seed: view.seed,
    }),
    evalLengths: (view) => [view.trainMax],
    beforeTrain: () => result.draw(null),
    // Every length 2 … 2·trainMax of the view the training started from, measured on held-out sequences.
    async afterTrain(asked) {
      const { runs } = lesson;
      const ids = runs.trained(lesson.active());
      if (!ids.length) return;
      const lengths = Array.from({ length: 2 * asked.trainMax - 1 }, (_, i) => i + 2);
      const measured = await Promise.all(ids.map(async (id) => ({ id, method: runs.runs[id].method, evaluations: await runs.ask(id, 'evaluate', { lengths }) })));
      result.draw({ trainMax: asked.trainMax, runs: measured });
    },
    relabel() {
      result.relabel();
      check.relabel();
    },
    resized: () => result.relabel(),
  });

  // The setup's fields change what Train draws: the curves and the accuracy at every length.
  return lesson.lifecycle({ setup: lesson.setup.element, curves: lesson.curves.element, result: result.element, quiz: check.element }, { setup: ['curves', 'result'] });
}
