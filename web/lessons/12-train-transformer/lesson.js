// Lesson 12 — train a transformer. Up to three runs of the lab's TinyTransformer, one positional method each,
// train side by side, each in its own Web Worker (kernel.createTransformerRun); the page draws their curves and
// asks the trained runs about the student's own sequence. No maths here: the workers' module computes it all.
import { onLanguageChange } from '../../src/i18n.js';
import { describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { quiz } from '../../src/ui/quiz.js';
import { el } from '../../src/ui/dom.js';
import { parseSequence } from '../../src/training/tasks.js';
import { params, trainingParams, LEARNING_RATE, SYMBOLS } from './params.js';
import { setupView, RUNS } from '../../src/training/setup-view.js';
import { curvesView } from '../../src/training/curves-view.js';
import { runSet } from '../../src/training/run-set.js';
import { inspectView } from './inspect-view.js';

export { params };

// Typed sequences may be longer than the training length (up to this): the answer then shows what a method
// does with lengths it never saw (lesson 13 measures it).
const LONGEST_INPUT = 12;
const EXAMPLE = '314159265358';

const QUESTIONS = [
  { id: 'none', options: [{ id: 'multiset', correct: true }, { id: 'slow', correct: false }, { id: 'perfect', correct: false }] },
  { id: 'relative', options: [{ id: 'start', correct: true }, { id: 'weak', correct: false }, { id: 'bug', correct: false }] },
  { id: 'control', options: [{ id: 'equal', correct: true }, { id: 'fails', correct: false }, { id: 'better', correct: false }] },
];

export function mount({ initial, save }) {
  const view = { ...initial };
  let trainedWith = null; // the training parameters of the runs on screen

  const setup = setupView({
    params,
    layout: [['task', 'select'], ['mode', 'select'], ['a', 'select'], ['b', 'select'], ['c', 'select'], ['length', 'slider'], ['shift', 'slider'], ['size', 'select'], ['steps', 'text'], ['seed', 'text']],
    prefix: 'train.fields',
    onValue: propose,
    onTrain: () => go(true),
    onCancel: () => runs.cancel(active()),
    onContinue: () => go(false),
  });
  const curves = curvesView();
  const inspect = inspectView({ onValue: propose });
  const check = quiz({ prefix: 'train.quiz', questions: QUESTIONS });
  const quizPanel = el('section', 'panel train-quiz');
  quizPanel.append(check.element);
  const fields = { ...setup.fields, ...inspect.fields };

  const methodOf = (id) => view[id];
  const active = () => RUNS.filter((id) => methodOf(id) !== 'off');
  const redraw = perFrame(() => curves.draw(runs.curves(active(), methodOf)));
  const runs = runSet({ setup, onPoint: redraw });

  function settings(id) {
    return {
      task: view.task, positional: methodOf(id), causal: view.mode === 'causal', size: view.size, symbols: SYMBOLS,
      minLength: view.length, maxLength: view.length, testLength: LONGEST_INPUT, shift: view.shift, lr: LEARNING_RATE, seed: view.seed,
    };
  }
  const trainingKey = () => JSON.stringify(trainingParams.map((name) => view[name]));

  /** Trains every active run view.steps steps; fresh: new models from the seed (else they continue). */
  async function go(fresh) {
    if (fresh) trainedWith = trainingKey();
    setup.setStale(false);
    if (await runs.train({ ids: active(), settingsOf: settings, steps: view.steps, evalLengths: [view.length], fresh })) askAll();
  }

  let asking = 0;
  /** The student's sequence through every trained run. */
  async function askAll() {
    const mine = ++asking;
    const trained = runs.trained(active());
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

  function propose(name, value) {
    view[name] = value;
    save({ ...view });
    if (RUNS.includes(name)) setup.setMethods({ a: view.a, b: view.b, c: view.c });
    if (trainingParams.includes(name)) setup.setStale(trainedWith !== null && trainingKey() !== trainedWith);
    else scheduleAsk();
  }

  function apply(values) {
    Object.assign(view, values);
    for (const [name, field] of Object.entries(fields)) field.set(view[name]);
    setup.setMethods({ a: view.a, b: view.b, c: view.c });
    setup.setStale(trainedWith !== null && trainingKey() !== trainedWith);
    scheduleAsk();
  }

  for (const [name, field] of Object.entries(fields)) field.set(view[name]);
  setup.setMethods({ a: view.a, b: view.b, c: view.c });
  inspect.draw(null);

  const offLanguage = onLanguageChange(() => {
    setup.relabel();
    curves.relabel();
    inspect.relabel();
    check.relabel();
    scheduleAsk();
  });
  let lastWidth = 0;
  const resize = new ResizeObserver(() => {
    const width = curves.width();
    if (width === lastWidth) return;
    lastWidth = width;
    redraw();
  });

  return {
    widgets: { setup: setup.element, curves: curves.element, inspect: inspect.element, quiz: quizPanel },
    start() {
      resize.observe(curves.element);
    },
    setParams: apply,
    destroy() {
      offLanguage();
      resize.disconnect();
      runs.terminate();
    },
  };
}
