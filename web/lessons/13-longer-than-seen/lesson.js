// Lesson 13 — longer than it has seen. Causal runs train on lengths 2 … trainMax (runSet, one worker each) and
// are then measured on held-out sequences of every length up to 2·trainMax. No maths here.
import { onLanguageChange } from '../../src/i18n.js';
import { perFrame } from '../../src/schedule.js';
import { quiz } from '../../src/ui/quiz.js';
import { el } from '../../src/ui/dom.js';
import { setupView, RUNS } from '../../src/training/setup-view.js';
import { curvesView } from '../../src/training/curves-view.js';
import { runSet } from '../../src/training/run-set.js';
import { LEARNING_RATE, SYMBOLS } from '../12-train-transformer/params.js';
import { params, trainingParams } from './params.js';
import { lengthView } from './length-view.js';

export { params };

/** The training views (web/src/training) speak with lesson 12's strings. */
export const sharedStrings = ['12-train-transformer'];

const QUESTIONS = [
  { id: 'learned', options: [{ id: 'rows', correct: true }, { id: 'zero', correct: false }, { id: 'fine', correct: false }] },
  { id: 'sinusoid', options: [{ id: 'unseen', correct: true }, { id: 'guaranteed', correct: false }, { id: 'broken', correct: false }] },
  { id: 'alibi', options: [{ id: 'distance', correct: true }, { id: 'params', correct: false }, { id: 'luck', correct: false }] },
];

export function mount({ initial, save }) {
  const view = { ...initial };
  let trainedWith = null;

  const setup = setupView({
    params,
    layout: [['task', 'select'], ['a', 'select'], ['b', 'select'], ['c', 'select'], ['trainMax', 'slider'], ['size', 'select'], ['steps', 'text'], ['seed', 'text']],
    prefix: 'longer.fields',
    onValue: propose,
    onTrain: () => go(true),
    onCancel: () => runs.cancel(active()),
    onContinue: () => go(false),
  });
  const curves = curvesView();
  const result = lengthView();
  const check = quiz({ prefix: 'longer.quiz', questions: QUESTIONS });
  const quizPanel = el('section', 'panel longer-quiz');
  quizPanel.append(check.element);

  const methodOf = (id) => view[id];
  const active = () => RUNS.filter((id) => methodOf(id) !== 'off');
  const redraw = perFrame(() => curves.draw(runs.curves(active(), methodOf)));
  const runs = runSet({ setup, onPoint: redraw });
  const trainingKey = () => JSON.stringify(trainingParams.map((name) => view[name]));

  const settings = (id) => ({
    task: view.task, positional: methodOf(id), causal: true, size: view.size, symbols: SYMBOLS, minLength: 2,
    maxLength: view.trainMax, testLength: 2 * view.trainMax, shift: 1, lr: LEARNING_RATE, seed: view.seed,
  });

  async function go(fresh) {
    if (fresh) {
      trainedWith = trainingKey();
      result.draw(null);
    }
    setup.setStale(false);
    const asked = { ...view };
    if (!(await runs.train({ ids: active(), settingsOf: settings, steps: view.steps, evalLengths: [view.trainMax], fresh }))) return;
    const ids = runs.trained(active());
    if (!ids.length) return;
    const lengths = Array.from({ length: 2 * asked.trainMax - 1 }, (_, i) => i + 2);
    const measured = await Promise.all(ids.map(async (id) => ({ method: runs.runs[id].method, evaluations: await runs.ask(id, 'evaluate', { lengths }) })));
    result.draw({ trainMax: asked.trainMax, runs: measured });
  }

  function propose(name, value) {
    view[name] = value;
    save({ ...view });
    if (RUNS.includes(name)) setup.setMethods({ a: view.a, b: view.b, c: view.c });
    setup.setStale(trainedWith !== null && trainingKey() !== trainedWith);
  }

  function apply(values) {
    Object.assign(view, values);
    for (const [name, field] of Object.entries(setup.fields)) field.set(view[name]);
    setup.setMethods({ a: view.a, b: view.b, c: view.c });
    setup.setStale(trainedWith !== null && trainingKey() !== trainedWith);
  }

  for (const [name, field] of Object.entries(setup.fields)) field.set(view[name]);
  setup.setMethods({ a: view.a, b: view.b, c: view.c });

  const offLanguage = onLanguageChange(() => {
    setup.relabel();
    curves.relabel();
    result.relabel();
    check.relabel();
  });
  let lastWidth = 0;
  const resize = new ResizeObserver(() => {
    const width = curves.width();
    if (width === lastWidth) return;
    lastWidth = width;
    redraw();
    result.relabel();
  });

  return {
    widgets: { setup: setup.element, curves: curves.element, result: result.element, quiz: quizPanel },
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
