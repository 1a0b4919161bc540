// Lesson 11 — train a transformer. Up to three runs of the lab's TinyTransformer, one positional method each,
// train side by side, each in its own Web Worker (kernel.createTransformerRun); the page draws their curves and
// asks the trained runs about the student's own sequence. No maths here: the workers' module computes it all.
import { onLanguageChange } from '../../src/i18n.js';
import { createTransformerRun, describeError } from '../../src/kernel.js';
import { perFrame } from '../../src/schedule.js';
import { quiz } from '../../src/ui/quiz.js';
import { el } from '../../src/ui/dom.js';
import { parseSequence } from '../../src/training/tasks.js';
import { params, trainingParams, LEARNING_RATE, SYMBOLS } from './params.js';
import { setupView, RUNS } from './setup-view.js';
import { curvesView } from './curves-view.js';
import { inspectView } from './inspect-view.js';
import './train.css';

export { params };

// Typed sequences may be longer than the training length (up to this): the answer then shows what a method
// does with lengths it never saw (lesson 12 measures it).
const LONGEST_INPUT = 12;
const EXAMPLE = '314159265358';

const QUESTIONS = [
  { id: 'none', options: [{ id: 'multiset', correct: true }, { id: 'slow', correct: false }, { id: 'perfect', correct: false }] },
  { id: 'relative', options: [{ id: 'start', correct: true }, { id: 'weak', correct: false }, { id: 'bug', correct: false }] },
  { id: 'control', options: [{ id: 'equal', correct: true }, { id: 'fails', correct: false }, { id: 'better', correct: false }] },
];

export function mount({ initial, save }) {
  const view = { ...initial };
  const runs = Object.fromEntries(RUNS.map((id) => [id, { client: null, method: null, points: [], state: { kind: 'idle' }, info: null }]));
  let trainedWith = null; // the training parameters of the runs on screen
  let ticket = 0;

  const setup = setupView({ onValue: propose, onTrain: train, onCancel: cancel, onContinue: () => go(view.steps, false) });
  const curves = curvesView();
  const inspect = inspectView({ onValue: propose });
  const check = quiz({ prefix: 'train.quiz', questions: QUESTIONS });
  const quizPanel = el('section', 'panel train-quiz');
  quizPanel.append(check.element);
  const fields = { ...setup.fields, ...inspect.fields };

  const methodOf = (id) => view[id];
  const active = () => RUNS.filter((id) => methodOf(id) !== 'off');
  const redraw = perFrame(() => curves.draw(active().map((id) => ({ id, method: runs[id].method ?? methodOf(id), points: runs[id].points }))));

  function settings(id) {
    return {
      task: view.task, positional: methodOf(id), causal: view.mode === 'causal', size: view.size, symbols: SYMBOLS,
      minLength: view.length, maxLength: view.length, testLength: LONGEST_INPUT, shift: view.shift, lr: LEARNING_RATE, seed: view.seed,
    };
  }
  const trainingKey = () => JSON.stringify(trainingParams.map((name) => view[name]));

  function train() {
    go(view.steps, true);
  }

  /** Trains every active run `steps` more steps; fresh: new models from the seed (else they continue). */
  async function go(steps, fresh) {
    const mine = ++ticket;
    if (fresh) trainedWith = trainingKey();
    setup.setStale(false);
    await Promise.all(active().map(async (id) => {
      const run = runs[id];
      run.client ??= createTransformerRun();
      try {
        if (fresh) {
          run.method = methodOf(id);
          run.points = [];
          run.state = { kind: 'starting' };
          setup.setRun(id, run.state);
          run.info = await run.client.start(settings(id));
        }
        const result = await run.client.train(steps, [view.length], (p) => {
          if (mine !== ticket) return;
          const evaluation = p.evaluations?.[0];
          const accuracy = evaluation?.available ? evaluation.tokens.correct / evaluation.tokens.total : null;
          if (evaluation) run.points.push({ step: p.step, loss: p.loss, tokens: accuracy, sequences: evaluation.available ? evaluation.sequences.correct / evaluation.sequences.total : null });
          run.state = { kind: 'running', step: p.step, first: p.first, last: p.last, loss: p.loss, accuracy, speed: p.stepsPerSecond, parameters: run.info.parameterCount };
          setup.setRun(id, run.state);
          redraw();
        });
        if (mine !== ticket && !result.cancelled) return;
        const lastPoint = run.points.at(-1) ?? {};
        run.state = result.cancelled
          ? { kind: 'cancelled', step: result.step }
          : { kind: 'done', step: result.step, loss: lastPoint.loss, accuracy: lastPoint.tokens, speed: run.state.speed, parameters: run.info.parameterCount };
        setup.setRun(id, run.state);
      } catch (err) {
        run.state = { kind: 'error', error: err };
        setup.setRun(id, run.state);
      }
    }));
    if (mine === ticket) askAll();
  }

  function cancel() {
    ticket += 1;
    for (const id of active()) runs[id].client?.cancel();
  }

  let asking = 0;
  /** The student's sequence through every trained run. */
  async function askAll() {
    const mine = ++asking;
    const trained = active().filter((id) => ['done', 'cancelled'].includes(runs[id].state.kind) && runs[id].info);
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
    const names = runs[trained[0]].info.vocabulary.tokenNames;
    const answers = await Promise.all(trained.map(async (id) => {
      try {
        const p = await runs[id].client.ask('predict', { xs });
        const wrongCount = p.answer.filter((v, i) => v !== p.expected[i]).length;
        return { id, method: runs[id].method, ...p, right: wrongCount === 0, wrongCount };
      } catch (err) {
        return { id, method: runs[id].method, error: describeError(err) };
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
    if (['a', 'b', 'c'].includes(name)) setup.setMethods({ a: view.a, b: view.b, c: view.c });
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
      ticket += 1;
      for (const id of RUNS) runs[id].client?.terminate();
    },
  };
}
